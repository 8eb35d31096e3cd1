//! Byte offsets turned into the `line:column` people read, in constant time per lookup, however
//! long the file or its lines (columns count characters, not bytes).

/// Characters are counted from checkpoints this many bytes apart.
const STRIDE: usize = 256;

pub struct LineIndex<'t> {
    text: &'t str,
    /// Byte where each line starts.
    starts: Vec<usize>,
    /// Characters before each checkpoint `k * STRIDE`.
    chars_before: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    pub fn new(text: &'t str) -> Self {
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        let bytes = text.as_bytes();
        let mut chars_before = Vec::with_capacity(bytes.len() / STRIDE + 1);
        let mut count = 0;
        for chunk in bytes.chunks(STRIDE) {
            chars_before.push(count);
            count += chunk.iter().filter(|&&b| !is_continuation(b)).count();
        }
        chars_before.push(count);
        LineIndex { text, starts, chars_before }
    }

    pub fn text(&self) -> &'t str {
        self.text
    }

    /// 1-based line and column (in characters) of byte `at`; past the end is the end.
    pub fn position(&self, at: usize) -> (usize, usize) {
        let at = at.min(self.text.len());
        let line = self.starts.partition_point(|&start| start <= at) - 1;
        (line + 1, self.chars_upto(at) - self.chars_upto(self.starts[line]) + 1)
    }

    /// The byte of 1-based `line` and `column`, if the text has that place.
    pub fn offset(&self, line: usize, column: usize) -> Option<usize> {
        let start = *self.starts.get(line.checked_sub(1)?)?;
        let end = self.starts.get(line).map_or(self.text.len(), |&next| next);
        let mut chars = self.text[start..end].char_indices().map(|(i, _)| start + i).chain([end]);
        chars.nth(column.checked_sub(1)?)
    }

    fn chars_upto(&self, at: usize) -> usize {
        let checkpoint = at / STRIDE;
        let counted =
            self.text.as_bytes()[checkpoint * STRIDE..at].iter().filter(|&&b| !is_continuation(b)).count();
        self.chars_before[checkpoint] + counted
    }
}

fn is_continuation(byte: u8) -> bool {
    byte & 0b1100_0000 == 0b1000_0000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lines_and_characters_not_bytes() {
        let text = "ab\n¿qué?\n\nz";
        let lines = LineIndex::new(text);
        assert_eq!(lines.position(0), (1, 1));
        assert_eq!(lines.position(3), (2, 1));
        let e = text.find('é').unwrap();
        assert_eq!(lines.position(e), (2, 4));
        assert_eq!(lines.position(text.len()), (4, 2));
        assert_eq!(lines.offset(2, 4), Some(e));
        assert_eq!(lines.offset(9, 1), None);
    }

    #[test]
    fn a_long_line_of_wide_characters_is_counted_right_across_checkpoints() {
        let text = "é".repeat(1000) + "x";
        let lines = LineIndex::new(&text);
        assert_eq!(lines.position(text.len() - 1), (1, 1001));
        assert_eq!(lines.offset(1, 1001), Some(text.len() - 1));
    }
}
