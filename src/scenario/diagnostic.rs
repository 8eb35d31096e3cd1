//! One problem found in a scenario file, said the way compilers say it: `file:line:col: …`.

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
    pub message: String,
}

impl fmt::Display for Diagnostic {
    /// `scenarios/town.ron:14:9: characters[2].goals[0]: unknown fact "tool" (did you mean "tools"?)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        if self.severity == Severity::Warning {
            write!(f, "warning: ")?;
        }
        write!(f, "{}", self.message)
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
pub fn did_you_mean<'a>(wrong: &str, known: impl IntoIterator<Item = &'a str>) -> String {
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
    match best {
        Some((_, k)) => format!(" (did you mean {}?)", quoted(k)),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_only_near_misses() {
        assert_eq!(did_you_mean("tool", ["iron", "tools"]), " (did you mean \"tools\"?)");
        assert_eq!(did_you_mean("ironingot", ["ironIngot"]), " (did you mean \"ironIngot\"?)");
        assert_eq!(did_you_mean("banana", ["iron", "tools"]), "");
        assert_eq!(did_you_mean("oar", ["iron", "ore"]), " (did you mean \"ore\"?)");
        assert_eq!(did_you_mean("ax", ["tools"]), "");
        assert_eq!(did_you_mean(&"x".repeat(200_000), ["tools"]), "");
    }
}
