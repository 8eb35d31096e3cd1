//! Where each value of a scenario was written, by field path, so that validation — which works on
//! plain values — can still point at `line:column`. The reader records every value it reads.
//!
//! Paths look like `characters[2].goals[0].wants[1]`; a map entry is `world.fireLit`.

use super::syntax::LineIndex;
use rustc_hash::FxHashMap;

/// 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// Field path → where the values found there start (several when a map repeats a key).
pub struct Locations<'t> {
    lines: LineIndex<'t>,
    by_path: FxHashMap<String, Vec<usize>>,
    /// Where the text of a string value starts, when it is written out verbatim.
    string_content: FxHashMap<String, usize>,
}

impl<'t> Locations<'t> {
    pub fn new(text: &'t str) -> Self {
        Locations {
            lines: LineIndex::new(text),
            by_path: FxHashMap::default(),
            string_content: FxHashMap::default(),
        }
    }

    pub fn record(&mut self, path: &str, at: usize) {
        self.by_path.entry(path.to_owned()).or_default().push(at);
    }

    pub fn record_string(&mut self, path: &str, at: usize, content_at: Option<usize>) {
        self.record(path, at);
        if let Some(content_at) = content_at {
            self.string_content.insert(path.to_owned(), content_at);
        }
    }

    pub fn position(&self, at: usize) -> Position {
        let (line, column) = self.lines.position(at);
        Position { line, column }
    }

    /// Where the `n`-th value at `path` starts (n > 0 for a repeated map key), or where the
    /// closest enclosing value that was written starts.
    pub fn find_nth(&self, path: &str, n: usize) -> Position {
        let mut path = path;
        loop {
            if let Some(found) = self.by_path.get(path)
                && let Some(&at) = found.get(n).or(found.last())
            {
                return self.position(at);
            }
            match path.rfind(['.', '[']) {
                Some(cut) => path = &path[..cut],
                None if path.is_empty() => return Position { line: 1, column: 1 },
                None => path = "",
            }
        }
    }

    /// Where the `offset`-th character inside the string at `path` is; the string's start when
    /// its text is not written out verbatim (escapes).
    pub fn find_in_string(&self, path: &str, offset: usize) -> Position {
        match self.string_content.get(path) {
            Some(&content) => {
                let text = &self.lines.text()[content..];
                let byte = text.char_indices().nth(offset).map_or(text.len(), |(i, _)| i);
                self.position(content + byte)
            }
            None => self.find_nth(path, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn falls_back_to_the_closest_written_parent() {
        let text = "abc\ndef";
        let mut at = Locations::new(text);
        at.record("", 0);
        at.record("actions[0]", 4);
        assert_eq!(at.find_nth("actions[0].cost", 0), Position { line: 2, column: 1 });
        assert_eq!(at.find_nth("stations[3]", 0), Position { line: 1, column: 1 });
    }

    #[test]
    fn points_inside_verbatim_strings_even_across_lines() {
        let text = "x: r\"ab\ncd\"";
        let mut at = Locations::new(text);
        at.record_string("x", 3, Some(6));
        assert_eq!(at.find_in_string("x", 3), Position { line: 2, column: 2 });
        at.record_string("y", 3, None);
        assert_eq!(at.find_in_string("y", 3), Position { line: 1, column: 4 });
    }
}
