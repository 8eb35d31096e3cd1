//! One problem found in a scenario file, said the way compilers say it — `file:line:col: …` — in
//! any language of the language files.

use super::phrase::{Phrase, phrase};
use crate::words::Lang;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The scenario cannot be used.
    Error,
    /// The scenario loads, but something in it is probably not what the author meant.
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Where in the document: `characters[2].goals[0].wants[0]`.
    pub field: String,
    /// What is wrong, as data: say it in any language with [`text`](Self::text).
    pub phrase: Phrase,
    /// The phrase in English, as [`Display`](fmt::Display) shows it (what logs and tests match).
    pub message: String,
}

impl Diagnostic {
    pub fn new(
        severity: Severity,
        file: &str,
        (line, column): (usize, usize),
        field: &str,
        phrase: Phrase,
    ) -> Self {
        let message = phrase.text(Lang::ENGLISH);
        Diagnostic { severity, file: file.to_owned(), line, column, field: field.to_owned(), phrase, message }
    }

    /// An error at the start of `file`, about the whole of it.
    pub fn at_start(file: &str, phrase: Phrase) -> Self {
        Diagnostic::new(Severity::Error, file, (1, 1), "", phrase)
    }

    /// The whole line in `lang`: `scenarios/town.ron:14:9: characters[2].goals[0]: unknown fact
    /// "tool" (did you mean "tools"?)`; file, place and field stay as they are in every language.
    pub fn text(&self, lang: Lang) -> String {
        let mut line = format!("{}:{}:{}: ", self.file, self.line, self.column);
        if !self.field.is_empty() {
            line += &format!("{}: ", self.field);
        }
        line += &match self.severity {
            Severity::Error => self.phrase.text(lang),
            Severity::Warning => phrase!("scenario-warning", message = self.phrase.text(lang)).text(lang),
        };
        line
    }
}

impl fmt::Display for Diagnostic {
    /// [`text`](Diagnostic::text) in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::ENGLISH))
    }
}

/// A number for a message: `1e300` rather than three hundred digits.
pub fn number(value: f64) -> String {
    if value != 0.0 && value.is_finite() && !(1e-4..1e9).contains(&value.abs()) {
        format!("{value:e}")
    } else {
        format!("{value}")
    }
}

/// `name` in quotes for a message, cut when it is long.
pub fn quoted(name: &str) -> String {
    format!("\"{}\"", super::syntax::cut(name))
}

/// ` (did you mean "tools"?)` when one of `known` is a near miss for `wrong`, else nothing.
///
/// A near miss is at most a third of the name's letters away (one for short names), or, for
/// names of up to four letters, two letters away with the same first letter (`oar` → `ore`).
pub fn did_you_mean<'a>(wrong: &str, known: impl IntoIterator<Item = &'a str>) -> Option<Phrase> {
    near_miss(wrong, known).map(|k| phrase!("scenario-did-you-mean", name = quoted(k)))
}

/// The one of `known` that [`did_you_mean`] would suggest for `wrong`.
pub fn near_miss<'a>(wrong: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wrong_lower = wrong.to_lowercase();
    let wrong_length = wrong_lower.chars().count();
    let best = known
        .into_iter()
        .filter_map(|k| {
            let lower = k.to_lowercase();
            let length = lower.chars().count();
            let short = length <= 4 && lower.chars().next() == wrong_lower.chars().next();
            let allowed = if short { 2 } else { (length / 3).max(1) };
            // Names whose lengths differ by more than allowed cannot be near misses.
            if length.abs_diff(wrong_length) > allowed {
                return None;
            }
            let distance = strsim::osa_distance(&wrong_lower, &lower);
            (distance <= allowed).then_some((distance, k))
        })
        .min_by_key(|&(distance, _)| distance);
    best.map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hint in English, or nothing.
    fn hint<'a>(wrong: &str, known: impl IntoIterator<Item = &'a str>) -> String {
        did_you_mean(wrong, known).map(|hint| hint.to_string()).unwrap_or_default()
    }

    #[test]
    fn suggests_only_near_misses() {
        assert_eq!(hint("tool", ["iron", "tools"]), " (did you mean \"tools\"?)");
        assert_eq!(hint("ironingot", ["ironIngot"]), " (did you mean \"ironIngot\"?)");
        assert_eq!(hint("banana", ["iron", "tools"]), "");
        assert_eq!(hint("oar", ["iron", "ore"]), " (did you mean \"ore\"?)");
        assert_eq!(hint("ax", ["tools"]), "");
        assert_eq!(hint(&"x".repeat(200_000), ["tools"]), "");
    }
}
