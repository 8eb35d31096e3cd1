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

/// ` (did you mean "tools"?)` when one of `known` is a near miss for `wrong`, else nothing.
pub fn did_you_mean<'a>(wrong: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let best = known
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(&wrong.to_lowercase(), &k.to_lowercase()), k))
        .filter(|&(distance, k)| {
            distance <= (k.chars().count() / 3).max(1) || k.to_lowercase() == wrong.to_lowercase()
        })
        .min_by_key(|&(distance, _)| distance);
    match best {
        Some((_, k)) => format!(" (did you mean \"{k}\"?)"),
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
    }
}
