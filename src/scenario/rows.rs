//! Writing a map painted in the game back into a scenario file in place: only the characters of
//! its `rows` strings that changed are written anew; comments, spacing, quotes and every other
//! byte stay as the author wrote them (a byte-order mark and line endings included), as
//! [`with_positions`](super::with_positions) does for moved stations.

use super::phrase::Phrase;
use super::syntax::{self, Node, Value};

/// Why painted rows cannot be written into a text. Rows count from 0.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowsError {
    /// The text does not parse (at this byte, for this reason).
    #[error("byte {at}: {phrase}")]
    NotParsed { at: usize, phrase: Phrase },
    /// The text writes no `map: (rows: [...])` list.
    #[error("no `map: (rows: [...])` in the file")]
    NoRows,
    /// The text writes another number of rows than the map painted has.
    #[error("the file's map has {written} rows, the painted one {given}")]
    RowCount { written: usize, given: usize },
    /// A row of the text is another length than the painted one.
    #[error("row {row} of the file's map is {written} cells long, the painted one {given}")]
    RowLength { row: usize, written: usize, given: usize },
    /// A row is not written as its own characters in one string on one line (escapes, a line
    /// continued, a line break, not a string): rewriting it character by character would
    /// corrupt it.
    #[error("row {row} of the file's map is not written as plain characters on one line")]
    NotPlain { row: usize },
    /// A painted row has a character a string cannot hold as it is (a quote, a backslash, a
    /// line break).
    #[error("row {row} of the painted map has {found:?}, which a string cannot hold as it is")]
    Unwritable { row: usize, found: char },
}

/// `text` with the strings of its `map`'s `rows` rewritten to say `rows`, character for
/// character: only the characters that differ change. A byte-order mark it starts with stays.
/// An error, and nothing written, when the text does not parse, has no map rows, or they are
/// not as many and as long as `rows`, or one is not written plainly.
pub fn with_rows<S: AsRef<str>>(text: &str, rows: &[S]) -> Result<String, RowsError> {
    const BOM: &str = "\u{feff}";
    let (bom, text) = match text.strip_prefix(BOM) {
        Some(rest) => (BOM, rest),
        None => ("", text),
    };
    let document =
        syntax::parse(text).map_err(|e| RowsError::NotParsed { at: e.at + bom.len(), phrase: e.phrase })?;
    let written = map_rows(&document.root).ok_or(RowsError::NoRows)?;
    if written.len() != rows.len() {
        return Err(RowsError::RowCount { written: written.len(), given: rows.len() });
    }
    // (where a character starts, where it ends, what to write there), in file order.
    let mut edits: Vec<(usize, usize, char)> = Vec::new();
    for (row, (node, new)) in written.iter().zip(rows).enumerate() {
        let new = new.as_ref();
        if let Some(found) = new.chars().find(|c| matches!(c, '"' | '\\' | '\n' | '\r')) {
            return Err(RowsError::Unwritable { row, found });
        }
        let (old, start) = match &node.value {
            // Only a string whose text is its own source (no escapes) on one line.
            Value::Str { text, content_at: Some(start) } if !text.contains(['\n', '\r']) => (text, *start),
            _ => return Err(RowsError::NotPlain { row }),
        };
        let (length, given) = (old.chars().count(), new.chars().count());
        if length != given {
            return Err(RowsError::RowLength { row, written: length, given });
        }
        for ((at, was), now) in old.char_indices().zip(new.chars()) {
            if was != now {
                edits.push((start + at, start + at + was.len_utf8(), now));
            }
        }
    }
    let (mut out, mut from) = (String::with_capacity(bom.len() + text.len()), 0);
    out.push_str(bom);
    for (start, end, now) in edits {
        out.push_str(&text[from..start]);
        out.push(now);
        from = end;
    }
    out.push_str(&text[from..]);
    Ok(out)
}

/// The nodes of the strings of `map.rows` in a scenario's root.
fn map_rows<'d>(root: &'d Node) -> Option<&'d [Node]> {
    let field = |node: &'d Node, name: &str| match &node.value {
        Value::Struct { fields, .. } => fields.iter().find(|(n, _)| n.text == name).map(|(_, v)| v),
        _ => None,
    };
    match &field(field(root, "map")?, "rows")?.value {
        Value::List(rows) => Some(rows),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{RowsError, with_rows};

    const MAPPED: &str = r##"// A river town.
Scenario(
    stations: [(id: "well", pos: (10.0, -10.0))],
    map: (
        cell: 20.0,   // wide cells
        rows: [
            "..~~..",   // the ford
            /* the road */ "==~~==",
            r"..~~..",
            r#"..##.."#,
        ],
    ),
)
"##;

    fn painted(rows: [&str; 4]) -> Result<String, RowsError> {
        with_rows(MAPPED, &rows)
    }

    #[test]
    fn only_the_painted_characters_change_in_plain_and_raw_strings() {
        let out = painted(["..~~..", "=====#", r"..~=..", "..#..."]).unwrap();
        let expected = MAPPED
            .replace(r#""==~~==""#, r#""=====#""#)
            .replace(r#"r"..~~..""#, r#"r"..~=..""#)
            .replace(r##"r#"..##.."#"##, r##"r#"..#..."#"##);
        assert_eq!(out, expected);
        assert_eq!(out.len(), MAPPED.len());
        let changed = out.bytes().zip(MAPPED.bytes()).filter(|(a, b)| a != b).count();
        assert_eq!(changed, 5, "one byte for each painted cell");
        assert_eq!(painted(["..~~..", "==~~==", "..~~..", "..##.."]).unwrap(), MAPPED);
    }

    #[test]
    fn a_byte_order_mark_and_crlf_line_endings_stay() {
        let text = format!("\u{feff}{}", MAPPED.replace('\n', "\r\n"));
        let out = with_rows(&text, &["..~~..", "==~~==", "..~~..", ".#.#.#"]).unwrap();
        assert_eq!(out, text.replace(r##"r#"..##.."#"##, r##"r#".#.#.#"#"##));
        assert!(out.starts_with('\u{feff}') && out.matches("\r\n").count() == MAPPED.lines().count());
    }

    #[test]
    fn rows_written_with_escapes_or_over_lines_are_refused_not_corrupted() {
        let escaped = MAPPED.replace(r#""==~~==""#, r#""==\x7E~==""#);
        assert_eq!(
            with_rows(&escaped, &["..~~..", "======", "..~~..", "..##.."]),
            Err(RowsError::NotPlain { row: 1 })
        );
        let continued = MAPPED.replace(r#""==~~==""#, "\"==~\\\n            ~==\"");
        assert_eq!(
            with_rows(&continued, &["..~~..", "======", "..~~..", "..##.."]),
            Err(RowsError::NotPlain { row: 1 })
        );
        let broken_raw = MAPPED.replace(r#"r"..~~..""#, "r\"..~\n~..\"");
        assert_eq!(
            with_rows(&broken_raw, &["..~~..", "==~~==", "......", "..##.."]),
            Err(RowsError::NotPlain { row: 2 })
        );
    }

    #[test]
    fn a_map_of_another_shape_or_none_is_refused() {
        assert_eq!(
            with_rows(MAPPED, &["..~~..", "==~~==", "..~~.."]),
            Err(RowsError::RowCount { written: 4, given: 3 })
        );
        assert_eq!(
            painted(["..~~..", "==~~=", "..~~..", "..##.."]),
            Err(RowsError::RowLength { row: 1, written: 6, given: 5 })
        );
        assert_eq!(
            painted(["..~~..", "==\"~==", "..~~..", "..##.."]),
            Err(RowsError::Unwritable { row: 1, found: '"' })
        );
        assert_eq!(with_rows("Scenario(stations: [])", &["."]), Err(RowsError::NoRows));
        assert!(matches!(with_rows("Scenario(map: (", &["."]), Err(RowsError::NotParsed { .. })));
    }
}
