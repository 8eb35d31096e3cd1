//! Fuzzing the loader: the shipped scenarios mutated (bytes flipped, tokens deleted, repeated and
//! swapped, comments inserted, numbers made extreme, files cut short) and each mutant checked —
//! it loads or is rejected with every error inside the file, without a panic. The test suite runs
//! it on every `cargo test`; `goap-town fuzz --inputs N` runs it for as long as asked.

use super::syntax::{LineIndex, token_spans};
use super::{Diagnostic, LoadError, SHIPPED, parse_bytes};
use std::time::Instant;

mod tally;
pub use tally::Tally;

/// The fuzzer's generator: the same seed gives the same mutants everywhere.
pub use crate::random::SplitMix64 as Rng;

/// Comments and white space of every kind RON allows between tokens.
pub const TRIVIA: &[&str] = &[
    " ",
    "\t",
    "\r\n",
    "\n\n",
    "\u{2028}",
    "// note\n",
    "/* note */",
    "/* a /* nested */ one */",
    "/**/",
    "//\n",
];

const NUMBERS: &[&str] = &[
    "1e308",
    "-1e308",
    "1e999",
    "1e-300",
    "NaN",
    "inf",
    "-inf",
    "+inf",
    "0",
    "-0",
    "1.5",
    "0.5",
    "99999999999999999999999",
    "-2147483649",
    "2147483648",
    "0x7fffffff",
    "0b101",
    "1_000",
    "1e30",
    "1e9",
    "10000000",
    "340282366920938463463374607431768211456",
    ".5",
    "5.",
    "1u8",
    "2f32",
];

const FRAGMENTS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "'",
    "r#\"",
    "\"#",
    "/*",
    "*/",
    "//",
    "#",
    "!",
    "#![enable(implicit_some)]",
    "#![enable(explicit_struct_names)]",
    "Some(",
    "None",
    "r#name",
    "b\"x\"",
    "br#\"y\"#",
    "'x'",
    "'\\u{1F35E}'",
    "..",
    "1..=2",
    "\u{feff}",
    "é",
    "\\",
    "\\u{D800}",
    "r#\"Say \"hi\": it's\"#",
    "\"\\x41\\n\"",
    "true",
    "Need",
    "Quota(urgency: 1.0)",
    "_",
];

fn number_like(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+' || c == '.')
}

/// One mutant of `base`: one to three mutations.
pub fn mutant(rng: &mut Rng, base: &str) -> Vec<u8> {
    let mut bytes = base.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        if bytes.is_empty() {
            bytes.extend_from_slice(rng.pick(FRAGMENTS).as_bytes());
            continue;
        }
        // Tokens are found in text; bytes that are no longer text are only flipped or cut.
        let Ok(text) = String::from_utf8(bytes.clone()) else {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next_u64() as u8;
            continue;
        };
        let spans = token_spans(&text);
        if spans.is_empty() {
            bytes.extend_from_slice(rng.pick(FRAGMENTS).as_bytes());
            continue;
        }
        let token = rng.pick(&spans).clone();
        let other = rng.pick(&spans).clone();
        let gap = if rng.below(2) == 0 { token.start } else { token.end };
        let splice = |bytes: &mut Vec<u8>, range: std::ops::Range<usize>, with: &[u8]| {
            bytes.splice(range, with.iter().copied());
        };
        match rng.below(10) {
            0 => {
                let at = rng.below(bytes.len());
                bytes[at] =
                    if rng.below(2) == 0 { bytes[at] ^ (1 << rng.below(8)) } else { rng.next_u64() as u8 };
            }
            1 => splice(&mut bytes, token, b""),
            2 => {
                let copy = bytes[token.clone()].to_vec();
                splice(&mut bytes, token.end..token.end, &copy);
            }
            3 if token.end <= other.start => {
                let (first, second) = (bytes[token.clone()].to_vec(), bytes[other.clone()].to_vec());
                splice(&mut bytes, other, &first);
                splice(&mut bytes, token, &second);
            }
            4 => splice(&mut bytes, gap..gap, rng.pick(TRIVIA).as_bytes()),
            5 => {
                let target = spans.iter().filter(|s| number_like(&text[(*s).clone()])).nth(rng.below(64));
                let target = target.cloned().unwrap_or(token);
                splice(&mut bytes, target, rng.pick(NUMBERS).as_bytes());
            }
            6 => splice(&mut bytes, gap..gap, rng.pick(FRAGMENTS).as_bytes()),
            7 => bytes.truncate(rng.below(bytes.len())),
            8 => {
                let (open, close) = *rng.pick(&[("(", ")"), ("[", "]"), ("/*", "*/"), ("Some(", ")")]);
                let depth = 1 + rng.below(200);
                let nested = open.repeat(depth) + &close.repeat(if rng.below(2) == 0 { depth } else { 0 });
                splice(&mut bytes, gap..gap, nested.as_bytes());
            }
            _ => {
                let long = format!("\"{}\"", "x".repeat(1 + rng.below(5000)));
                splice(&mut bytes, token, long.as_bytes());
            }
        }
    }
    bytes
}

/// What loading one mutant showed.
pub enum Outcome {
    Loaded,
    Rejected,
}

/// The rule a mutant broke.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Broken {
    #[error("not a located error: {0}")]
    NotLocated(LoadError),
    #[error("rejected without a reason")]
    NoReason,
    /// A diagnostic placed at a line and column the file does not have.
    #[error("{line}:{column} is outside the file: {0}", line = .0.line, column = .0.column)]
    Outside(Box<Diagnostic>),
    #[error("the loader panicked")]
    Panicked,
}

/// Loads `bytes` and checks that every reported place is inside the file; the error says which
/// place is not.
pub fn check(bytes: &[u8]) -> Result<Outcome, Broken> {
    let diagnostics = match parse_bytes(bytes, "fuzz.ron") {
        Ok(scenario) => {
            inside(bytes, &scenario.warnings)?;
            return Ok(Outcome::Loaded);
        }
        Err(LoadError::Invalid { diagnostics }) => diagnostics,
        Err(other) => return Err(Broken::NotLocated(other)),
    };
    if diagnostics.is_empty() {
        return Err(Broken::NoReason);
    }
    inside(bytes, &diagnostics)?;
    Ok(Outcome::Rejected)
}

fn inside(bytes: &[u8], diagnostics: &[Diagnostic]) -> Result<(), Broken> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lines = LineIndex::new(text);
    match diagnostics.iter().find(|d| lines.offset(d.line, d.column).is_none()) {
        Some(outside) => Err(Broken::Outside(Box::new(outside.clone()))),
        None => Ok(()),
    }
}

/// A run's figures.
#[derive(Debug, Default)]
pub struct Report {
    pub loaded: usize,
    pub rejected: usize,
    pub tally: Tally<Broken>,
}

/// Checks `inputs` mutants of the shipped scenarios made from `seed`.
pub fn run(inputs: usize, seed: u64) -> Report {
    let mut rng = Rng(seed);
    let mut report = Report { tally: Tally::of(inputs), ..Report::default() };
    for _ in 0..inputs {
        let (_, base) = rng.pick(SHIPPED);
        let bytes = mutant(&mut rng, base);
        let started = Instant::now();
        let outcome = std::panic::catch_unwind(|| check(&bytes));
        report.tally.timed(&bytes, started.elapsed());
        match outcome {
            Ok(Ok(Outcome::Loaded)) => report.loaded += 1,
            Ok(Ok(Outcome::Rejected)) => report.rejected += 1,
            Ok(Err(broken)) => report.tally.broke(bytes, broken),
            Err(_) => report.tally.broke(bytes, Broken::Panicked),
        }
    }
    report
}
