//! Finds where each value of a RON document starts, by field path, so that validation errors
//! can point at `line:column` — serde forgets positions once a value is deserialized.
//!
//! Paths look like `characters[2].goals[0].wants[1]`; a map entry is `world.fireLit`. The
//! scanner is only run on text that `ron` has already parsed, so it can be forgiving.

use rustc_hash::FxHashMap;

/// 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// Field path → positions of the values found there (several when a map repeats a key).
#[derive(Debug, Default)]
pub struct Locations {
    by_path: FxHashMap<String, Vec<Position>>,
}

impl Locations {
    pub fn index(text: &str) -> Self {
        let mut scanner = Scanner { chars: text.chars().collect(), at: 0, line: 1, column: 1 };
        let mut locations = Locations::default();
        scanner.skip_trivia();
        // An optional `#![enable(...)]` attribute comes before the value.
        while scanner.peek() == Some('#') {
            while !matches!(scanner.peek(), Some(']') | None) {
                scanner.bump();
            }
            scanner.bump();
            scanner.skip_trivia();
        }
        scanner.value(String::new(), &mut locations);
        locations
    }

    /// Where the `n`-th value at `path` starts (n > 0 for a repeated map key), or where the
    /// closest enclosing value that was written starts.
    pub fn find_nth(&self, path: &str, n: usize) -> Position {
        let mut path = path;
        loop {
            if let Some(found) = self.by_path.get(path) {
                return found.get(n).or(found.last()).copied().unwrap_or(Position { line: 1, column: 1 });
            }
            match path.rfind(['.', '[']) {
                Some(cut) => path = &path[..cut],
                None => {
                    return self
                        .by_path
                        .get("")
                        .and_then(|p| p.first().copied())
                        .unwrap_or(Position { line: 1, column: 1 });
                }
            }
        }
    }

    fn record(&mut self, path: &str, at: Position) {
        self.by_path.entry(path.to_owned()).or_default().push(at);
    }
}

struct Scanner {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

fn join(path: &str, field: &str) -> String {
    if path.is_empty() { field.to_owned() } else { format!("{path}.{field}") }
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.at + offset).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn position(&self) -> Position {
        Position { line: self.line, column: self.column }
    }

    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while !matches!(self.peek(), Some('\n') | None) {
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    while !matches!((self.peek(), self.peek_at(1)), (Some('*'), Some('/')) | (None, _)) {
                        self.bump();
                    }
                    self.bump();
                    self.bump();
                }
                _ => return,
            }
        }
    }

    fn identifier(&mut self) -> String {
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        name
    }

    /// A string literal's contents (escapes kept raw; only used for map keys).
    fn string(&mut self) -> String {
        let mut text = String::new();
        self.bump(); // opening quote
        while let Some(c) = self.bump() {
            match c {
                '"' => break,
                '\\' => {
                    self.bump();
                }
                _ => text.push(c),
            }
        }
        text
    }

    /// Scans one value at `path`, recording where it and everything inside it starts.
    fn value(&mut self, path: String, out: &mut Locations) {
        self.skip_trivia();
        out.record(&path, self.position());
        match self.peek() {
            Some('(') => self.parenthesised(path, out),
            Some('[') => self.sequence(path, out),
            Some('{') => self.map(path, out),
            Some('"') => {
                self.string();
            }
            Some('\'') => {
                self.bump();
                while let Some(c) = self.bump() {
                    if c == '\\' {
                        self.bump();
                    } else if c == '\'' {
                        break;
                    }
                }
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                let name = self.identifier();
                self.skip_trivia();
                if self.peek() == Some('(') {
                    // `Some(x)` is transparent; a named struct or enum variant keeps the path.
                    let _ = name;
                    self.parenthesised(path, out);
                }
            }
            Some(_) => {
                while let Some(c) = self.peek() {
                    if c.is_whitespace() || matches!(c, ',' | ')' | ']' | '}' | ':') {
                        break;
                    }
                    self.bump();
                }
            }
            None => {}
        }
    }

    /// `( ... )`: a struct when it starts with `name:`, otherwise a tuple.
    fn parenthesised(&mut self, path: String, out: &mut Locations) {
        self.bump();
        let mut index = 0;
        loop {
            self.skip_trivia();
            match self.peek() {
                Some(')') | None => {
                    self.bump();
                    return;
                }
                Some(',') => {
                    self.bump();
                    continue;
                }
                _ => {}
            }
            let save = (self.at, self.line, self.column);
            let name = self.identifier();
            self.skip_trivia();
            if !name.is_empty() && self.peek() == Some(':') {
                self.bump();
                self.value(join(&path, &name), out);
            } else {
                (self.at, self.line, self.column) = save;
                self.value(join(&path, &index.to_string()), out);
                index += 1;
            }
        }
    }

    fn sequence(&mut self, path: String, out: &mut Locations) {
        self.bump();
        let mut index = 0;
        loop {
            self.skip_trivia();
            match self.peek() {
                Some(']') | None => {
                    self.bump();
                    return;
                }
                Some(',') => {
                    self.bump();
                }
                _ => {
                    self.value(format!("{path}[{index}]"), out);
                    index += 1;
                }
            }
        }
    }

    fn map(&mut self, path: String, out: &mut Locations) {
        self.bump();
        loop {
            self.skip_trivia();
            match self.peek() {
                Some('}') | None => {
                    self.bump();
                    return;
                }
                Some(',') => {
                    self.bump();
                }
                _ => {
                    let key_at = self.position();
                    let key = if self.peek() == Some('"') { self.string() } else { self.identifier() };
                    let entry = join(&path, &key);
                    out.record(&entry, key_at);
                    self.skip_trivia();
                    if self.peek() == Some(':') {
                        self.bump();
                    }
                    // The entry's value is recorded under `entry` too, after its key.
                    let mut ignored = Locations::default();
                    self.value(entry, &mut ignored);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_fields_list_items_and_map_keys() {
        let text = "Scenario(\n  world: {\"bread\": 2},\n  actions: [\n    (id: \"a\", needs: [\"x\", \"y\"]),\n  ],\n)";
        let at = Locations::index(text);
        assert_eq!(at.find_nth("world.bread", 0), Position { line: 2, column: 11 });
        assert_eq!(at.find_nth("actions[0]", 0), Position { line: 4, column: 5 });
        assert_eq!(at.find_nth("actions[0].needs[1]", 0), Position { line: 4, column: 28 });
        // A path that was never written falls back to its closest written parent.
        assert_eq!(at.find_nth("actions[0].cost", 0), Position { line: 4, column: 5 });
    }

    #[test]
    fn skips_comments_and_reads_tuples_and_variants() {
        let text = "( // c\n /* block */ pos: (1.0, 2.5), drift: Need(rate: 0.1) )";
        let at = Locations::index(text);
        assert_eq!(at.find_nth("pos.1", 0), Position { line: 2, column: 25 });
        assert_eq!(at.find_nth("drift.rate", 0), Position { line: 2, column: 49 });
    }
}
