//! Writing moved stations back into a scenario file in place: only the numbers of each moved
//! station's `pos` change; comments, spacing, order and every other byte stay as the author wrote
//! them (a byte-order mark and line endings included), so saving from the game is an edit a
//! person could have made.

use super::phrase::Phrase;
use super::syntax::{self, Node, Value};

/// Why moved stations cannot be written into a text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionsError {
    /// The text does not parse (at this byte, for this reason).
    #[error("byte {at}: {phrase}")]
    NotParsed { at: usize, phrase: Phrase },
    /// The text has no station `station`, or no `pos: (x, y)` pair of numbers written for it.
    #[error("no `pos: (x, y)` for station \"{station}\"")]
    NoPosition { station: String },
}

/// `text` with the `pos` of each station named in `moves` (`(station id, new position)`)
/// written anew, to a tenth; a byte-order mark it starts with stays. An error when the text does
/// not parse, or a moved station or its `pos` pair is not written in it.
pub fn with_positions(text: &str, moves: &[(&str, [f32; 2])]) -> Result<String, PositionsError> {
    const BOM: &str = "\u{feff}";
    let (bom, text) = match text.strip_prefix(BOM) {
        Some(rest) => (BOM, rest),
        None => ("", text),
    };
    let document = syntax::parse(text)
        .map_err(|e| PositionsError::NotParsed { at: e.at + bom.len(), phrase: e.phrase })?;
    let spans = syntax::token_spans(text);
    // (where a number starts, where it ends, what to write there), in file order.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for &(id, pos) in moves {
        let no_position = || PositionsError::NoPosition { station: id.to_owned() };
        let numbers = pos_numbers(&document.root, id).ok_or_else(no_position)?;
        for (node, value) in numbers.iter().zip(pos) {
            // A number node is one token, so its span is always found.
            let end = spans.iter().find(|s| s.start == node.at).map(|s| s.end).ok_or_else(no_position)?;
            edits.push((node.at, end, format!("{value:.1}")));
        }
    }
    edits.sort_by_key(|e| e.0);
    let (mut out, mut from) = (String::with_capacity(bom.len() + text.len()), 0);
    out.push_str(bom);
    for (start, end, number) in edits {
        out.push_str(&text[from..start]);
        out.push_str(&number);
        from = end;
    }
    out.push_str(&text[from..]);
    Ok(out)
}

/// The two number nodes of the `pos` of station `id` in a scenario's root.
fn pos_numbers<'d>(root: &'d Node, id: &str) -> Option<[&'d Node; 2]> {
    let field = |node: &'d Node, name: &str| match &node.value {
        Value::Struct { fields, .. } => fields.iter().find(|(n, _)| n.text == name).map(|(_, v)| v),
        _ => None,
    };
    let Value::List(stations) = &field(root, "stations")?.value else { return None };
    let station = stations.iter().find(|s| {
        field(s, "id").is_some_and(|v| matches!(&v.value, Value::Str { text, .. } if text == id))
    })?;
    match &field(station, "pos")?.value {
        Value::Tuple { items, .. }
            if items.len() == 2 && items.iter().all(|i| matches!(i.value, Value::Number(_))) =>
        {
            Some([&items[0], &items[1]])
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{PositionsError, with_positions};

    /// A byte-order mark and Windows line endings stay: only the moved numbers change.
    #[test]
    fn a_byte_order_mark_and_crlf_line_endings_stay() {
        let text = "\u{feff}// A town.\r\nScenario(\r\n    stations: [(id: \"well\", pos: (-220.0, 90.0))],\r\n)\r\n";
        let moved = with_positions(text, &[("well", [1.0, 2.5])]).unwrap();
        assert_eq!(moved, text.replace("(-220.0, 90.0)", "(1.0, 2.5)"));
        let broken = with_positions("\u{feff}Scenario(", &[("well", [1.0, 2.5])]);
        assert!(matches!(broken, Err(PositionsError::NotParsed { .. })), "{broken:?}");
    }

    #[test]
    fn only_the_moved_stations_numbers_change() {
        let text = "// A town.\nScenario(\n    stations: [\n        (id: \"well\", pos: ( -220.0 , 90 )), // by the road\n        (id: \"oven\", pos: (40.0, 110.0)),\n    ],\n)\n";
        let moved = with_positions(text, &[("well", [12.34, -5.0])]).unwrap();
        assert_eq!(moved, text.replace("-220.0 , 90 ", "12.3 , -5.0 "));
        let missing = with_positions(text, &[("mill", [0.0, 0.0])]);
        assert_eq!(missing, Err(PositionsError::NoPosition { station: "mill".into() }));
        assert_eq!(with_positions(text, &[]).unwrap(), text);
    }

    /// On the shipped town, commented as it is: one line changes, and the scenario it describes
    /// differs only in where the oven stands.
    #[test]
    fn a_commented_shipped_file_keeps_every_other_byte() {
        let text = crate::scenario::shipped("town.ron").unwrap();
        let moved = with_positions(text, &[("oven", [123.0, -45.5])]).unwrap();
        let changed: Vec<(&str, &str)> = text.lines().zip(moved.lines()).filter(|(a, b)| a != b).collect();
        assert_eq!(changed.len(), 1, "{changed:?}");
        assert!(changed[0].1.contains("123.0") && changed[0].1.contains("-45.5"), "{changed:?}");
        assert_eq!(text.lines().count(), moved.lines().count());
        let (before, after) = (
            crate::scenario::parse(text, "town.ron").unwrap(),
            crate::scenario::parse(&moved, "town.ron").unwrap(),
        );
        let oven = before.stations.iter().position(|s| s.id == "oven").unwrap();
        assert_eq!(after.stations[oven].position, [123.0, -45.5]);
        let mut put_back = after.clone();
        put_back.stations[oven].position = before.stations[oven].position;
        put_back.text_hash = before.text_hash;
        assert_eq!(before, put_back, "nothing else changed");
    }
}
