//! RON's whole grammar, read by the one parser that also gives every location: nested comments,
//! raw strings and raw names, escapes, extensions and a byte-order mark load; syntax errors are
//! located at the offending token; comments and white space between tokens change nothing.

use goap_town::scenario::fuzz::{Rng, TRIVIA};
use goap_town::scenario::syntax::{LineIndex, token_spans};
use goap_town::scenario::{self, Diagnostic, LoadError, SHIPPED, Scenario};

fn load(text: &str) -> Result<Scenario, Vec<Diagnostic>> {
    scenario::parse(text, "test.ron").map_err(|e| e.diagnostics())
}

fn first_error(text: &str) -> Diagnostic {
    load(text).expect_err("should not load").remove(0)
}

const COOK: &str = include_str!("../scenarios/cook.ron");

#[test]
fn a_commented_out_block_that_holds_a_comment_loads() {
    let text = COOK.replacen(
        "Scenario(",
        "/* disabled for now: stations: [ /* the old mine */ (id: \"mine\") ], */\nScenario(",
        1,
    );
    let s = load(&text).unwrap();
    assert_eq!(s.characters[0].id, "cook");
}

#[test]
fn raw_names_raw_strings_escapes_and_extensions_load() {
    let text = COOK
        .replacen("Scenario(", "#![enable(implicit_some)]\n#![enable(unwrap_newtypes, )]\nScenario(", 1)
        .replacen("    description: ", "    r#description: r#\"Say \"hi\": then go, it's fine\"#, // ", 1)
        .replacen("name: \"Cook\"", "name: \"Co\\u{6F}k \\\"the\\\" \\x41\"", 1);
    let s = load(&text).unwrap();
    assert_eq!(s.description, "Say \"hi\": then go, it's fine");
    assert_eq!(s.name, "Cook \"the\" A");
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let s = scenario::parse_bytes(format!("\u{feff}{COOK}").as_bytes(), "bom.ron").unwrap();
    assert_eq!(s.characters.len(), 1);
}

#[test]
fn errors_after_a_raw_string_with_an_apostrophe_are_located_where_they_are() {
    let text = COOK.replacen("    description: ", "    description: r#\"it's \"odd\"\"#, // ", 1);
    let broken = text.replacen("station: \"hearth\"", "station: \"harth\"", 1);
    let d = first_error(&broken);
    let line = broken.lines().position(|l| l.contains("\"harth\"")).unwrap() + 1;
    let column = broken.lines().nth(line - 1).unwrap().find("\"harth\"").unwrap() + 1;
    assert_eq!((d.line, d.column), (line, column), "{d}");
}

#[test]
fn trailing_garbage_is_located_at_itself() {
    let text = format!("{}\n\n  oops\n", COOK.trim_end());
    let d = first_error(&text);
    let line = text.lines().count();
    assert_eq!((d.line, d.column), (line, 3), "{d}");
    assert!(d.message.contains("`oops` after the end"), "{d}");
}

#[test]
fn unclosed_comments_and_strings_point_at_where_they_open() {
    let d = first_error("Scenario(\n  /* never /* closed */\n)");
    assert_eq!((d.line, d.column), (2, 3), "{d}");
    assert!(d.message.contains("never closed"), "{d}");
    let d = first_error("Scenario(\n  name: \"open\n)");
    assert_eq!((d.line, d.column), (2, 9), "{d}");
    let d = first_error("Scenario(name: r##\"x\"#)");
    assert_eq!((d.line, d.column), (1, 16), "{d}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash_and_comments_may_nest_without_limit() {
    let deep = format!("Scenario(name: {}1{})", "[".repeat(100_000), "]".repeat(100_000));
    let d = first_error(&deep);
    assert!(d.message.contains("nest more than 32 levels"), "{d}");
    let commented = format!("/*{}*/{COOK}", "(/*".repeat(100_000) + &"*/".repeat(100_000));
    assert!(load(&commented).is_ok());
}

#[test]
fn explicit_struct_names_asks_for_names_in_the_scenarios_own_words() {
    let text = format!("#![enable(explicit_struct_names)]\n{COOK}");
    let errors = load(&text).unwrap_err();
    assert!(
        errors[0].message.contains("write `Station(...)`") || errors[0].message.contains("`Settings(...)`"),
        "{errors:?}"
    );
    assert!(errors.iter().all(|d| !d.message.contains("Raw")), "{errors:?}");
}

#[test]
fn an_unknown_extension_is_named() {
    let d = first_error(&format!("#![enable(implicit_sum)]\n{COOK}"));
    assert!(d.message.contains("`implicit_sum` is not an extension"), "{d}");
    assert_eq!((d.line, d.column), (1, 11));
}

#[test]
fn invalid_utf8_is_located() {
    let mut bytes = b"Scenario(\n  name: \"caf".to_vec();
    bytes.push(0xE9);
    bytes.extend_from_slice(b"\")");
    let Err(LoadError::Invalid { diagnostics }) = scenario::parse_bytes(&bytes, "latin1.ron") else {
        panic!()
    };
    assert_eq!((diagnostics[0].line, diagnostics[0].column), (2, 13));
    assert!(diagnostics[0].message.contains("not UTF-8"));
}

/// `text` with trivia inserted before some tokens, and where each insertion went: a byte at
/// or after an insertion's place moves by its length.
fn padded(text: &str, rng: &mut Rng) -> (String, Vec<(usize, usize)>) {
    let mut out = String::new();
    let mut inserted = Vec::new();
    let mut from = 0;
    for span in token_spans(text) {
        out.push_str(&text[from..span.start]);
        if rng.below(3) == 0 {
            let trivia = rng.pick(TRIVIA);
            out.push_str(trivia);
            inserted.push((span.start, trivia.len()));
        }
        from = span.start;
    }
    out.push_str(&text[from..]);
    (out, inserted)
}

fn moved(at: usize, inserted: &[(usize, usize)]) -> usize {
    at + inserted.iter().filter(|(place, _)| *place <= at).map(|(_, length)| length).sum::<usize>()
}

/// Errors of many kinds, made by replacing text in a shipped scenario.
const BREAKAGES: &[(&str, &str)] = &[
    ("station: \"", "station: \"x"),
    ("duration: ", "duration: -"),
    ("cost: 1", "cost: 1.5"),
    (">= 1", ">= lots"),
    ("agent.", "agnt."),
    ("world.", "town."),
    ("speed: ", "sped: "),
    ("Need(", "Nede("),
    ("Quota(", "Quot("),
    ("actions: [", "actions: [\"nothing\", "),
    ("pos: (", "pos: (1, "),
    (" id: \"", " id: 3, x: \""),
    ("),", ")"),
    ("]", "}"),
];

#[test]
fn comments_and_white_space_between_tokens_change_nothing_that_loads_and_move_every_error_with_its_token() {
    let mut rng = Rng(7);
    let mut errors_checked = 0;
    for (name, text) in SHIPPED {
        let mut variants = vec![text.to_string()];
        variants.extend(
            BREAKAGES
                .iter()
                .filter(|(from, _)| text.contains(from))
                .map(|(from, to)| text.replacen(from, to, 1)),
        );
        for variant in &variants {
            let before = load(variant);
            for _ in 0..8 {
                let (padded, inserted) = padded(variant, &mut rng);
                let after = load(&padded);
                match (&before, &after) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(
                            (&a.characters, &a.actions, &a.stations, &a.settings),
                            (&b.characters, &b.actions, &b.stations, &b.settings),
                            "{name}"
                        );
                        assert_eq!(
                            (&a.facts, &a.world_seed, &a.name, &a.description),
                            (&b.facts, &b.world_seed, &b.name, &b.description),
                            "{name}"
                        );
                    }
                    (Err(a), Err(b)) => {
                        let (old_lines, new_lines) = (LineIndex::new(variant), LineIndex::new(&padded));
                        let expected: Vec<_> = a
                            .iter()
                            .map(|d| {
                                let at = old_lines.offset(d.line, d.column).unwrap();
                                (new_lines.position(moved(at, &inserted)), d.field.clone(), d.message.clone())
                            })
                            .collect();
                        let found: Vec<_> = b
                            .iter()
                            .map(|d| ((d.line, d.column), d.field.clone(), d.message.clone()))
                            .collect();
                        assert_eq!(found, expected, "{name}:\n{padded}");
                        errors_checked += a.len();
                    }
                    _ => panic!("{name}: padding changed whether it loads:\n{before:?}\n{after:?}\n{padded}"),
                }
            }
        }
    }
    assert!(errors_checked > 200, "only {errors_checked} errors were compared");
}
