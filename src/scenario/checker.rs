//! The validator's notebook: reports problems at the right line and column, and resolves the
//! references every part of a scenario makes (facts in conditions and effects, ranges).

use super::diagnostic::{Diagnostic, Severity, did_you_mean, number, quoted};
use super::expr::{self, ExprError, FactRef};
use super::limits::Range;
use super::locate::{Locations, Position};
use super::phrase::{Phrase, phrase};
use super::raw::Gaps;
use super::syntax::cut;
use super::{FactTable, Scope};
use crate::planner::{Condition, Effect, FactId, Value};
use rustc_hash::FxHashMap;

pub(super) struct Checker<'a> {
    pub file: &'a str,
    pub at: &'a Locations<'a>,
    /// What the reader could not read: nothing there is checked again.
    pub gaps: &'a Gaps,
    pub problems: Vec<Diagnostic>,
    /// Names still to be compared for "did you mean" suggestions: a file with thousands of
    /// misspellings among thousands of names gets its first suggestions, not a quadratic wait.
    pub suggestions_left: usize,
}

/// How many names one load compares in all for its suggestions.
pub(super) const SUGGESTION_BUDGET: usize = 200_000;

impl Checker<'_> {
    /// ` (did you mean "tools"?)`, while the load's suggestion budget lasts.
    pub fn suggest<'k>(&mut self, wrong: &str, known: impl IntoIterator<Item = &'k str>) -> Option<Phrase> {
        let known: Vec<&str> = known.into_iter().collect();
        if known.len() > self.suggestions_left {
            return None;
        }
        self.suggestions_left -= known.len();
        did_you_mean(wrong, known)
    }

    fn push(&mut self, severity: Severity, field: &str, at: Position, phrase: Phrase) {
        if self.gaps.covers(field) {
            // A placeholder's problem: the reader has said what is wrong there.
            return;
        }
        self.problems.push(Diagnostic::new(severity, self.file, (at.line, at.column), field, phrase));
    }

    /// A problem with the `nth` value written at `field` (n > 0 for a repeated map key).
    pub fn report(&mut self, severity: Severity, field: &str, nth: usize, phrase: Phrase) {
        let at = self.at.find_nth(field, nth);
        self.push(severity, field, at, phrase);
    }

    pub fn error(&mut self, field: &str, phrase: Phrase) {
        self.report(Severity::Error, field, 0, phrase);
    }

    pub fn warning(&mut self, field: &str, phrase: Phrase) {
        self.report(Severity::Warning, field, 0, phrase);
    }

    /// An error inside a string value, at its `offset`-th character.
    pub fn error_in_string(&mut self, field: &str, offset: usize, phrase: Phrase) {
        let at = self.at.find_in_string(field, offset);
        self.push(Severity::Error, field, at, phrase);
    }

    /// `value`, which must lie in `range`.
    pub fn within(&mut self, field: &str, value: f64, (min, max, what): Range) -> f32 {
        if !value.is_finite() || value < min || value > max {
            let (least, most, value) = (min.to_string(), max.to_string(), number(value));
            self.error(
                field,
                phrase!("scenario-out-of-range", what = what(), min = least, max = most, value = value),
            );
            return min.max(0.0) as f32;
        }
        value as f32
    }

    /// Reports a repeated or empty id; returns whether the id is usable.
    pub fn unique_id<'s>(
        &mut self,
        field: &str,
        id: &'s str,
        seen: &mut FxHashMap<&'s str, usize>,
        what: &'static str,
        index: usize,
    ) -> bool {
        if id.trim().is_empty() {
            self.error(field, phrase!("scenario-empty-id", what = what));
            return false;
        }
        if let Some(first) = seen.insert(id, index) {
            seen.insert(id, first);
            let duplicate =
                phrase!("scenario-duplicate-id", what = what, name = quoted(id), first = first as i64);
            self.error(field, duplicate);
            return false;
        }
        true
    }

    pub fn resolve(&mut self, facts: &FactTable, field: &str, fact: &FactRef) -> Option<FactId> {
        if let Some(id) = facts.get(fact.scope, &fact.name) {
            return Some(id);
        }
        if self.gaps.facts {
            // It may be one of the facts whose names could not be read.
            return None;
        }
        let (scope, name) = (fact.scope.keyword(), quoted(&fact.name));
        let problem = match declared_in(facts, &fact.name) {
            Some(other) => {
                let hint = scope_hint(&fact.name, other);
                phrase!("scenario-unknown-fact-elsewhere", scope = scope, name = name, hint = hint)
            }
            None => {
                let hint = self.suggest(&fact.name, facts.names_in(fact.scope));
                let declaration = format!("{scope}: {{...}}");
                phrase!(
                    "scenario-unknown-fact",
                    scope = scope,
                    name = name,
                    hint = hint,
                    declaration = declaration
                )
            }
        };
        self.error_in_string(field, fact.offset, problem);
        None
    }

    pub fn condition(&mut self, facts: &FactTable, field: &str, text: &str) -> Option<Condition> {
        match expr::parse_condition(text) {
            Ok(parsed) => {
                let fact = self.resolve(facts, field, &parsed.fact)?;
                Some(Condition { fact, compare: parsed.compare, value: parsed.value })
            }
            Err(e) => {
                self.expression_error(facts, field, "condition", text, e);
                None
            }
        }
    }

    pub fn effect(&mut self, facts: &FactTable, field: &str, text: &str) -> Option<Effect> {
        match expr::parse_effect(text) {
            Ok(parsed) => {
                let fact = self.resolve(facts, field, &parsed.fact)?;
                Some(Effect { fact, change: parsed.change, value: parsed.value })
            }
            Err(e) => {
                self.expression_error(facts, field, "effect", text, e);
                None
            }
        }
    }

    fn expression_error(
        &mut self,
        facts: &FactTable,
        field: &str,
        what: &'static str,
        text: &str,
        e: ExprError,
    ) {
        let hint = match e.unscoped.as_deref().map(|name| (name, declared_in(facts, name))) {
            Some((name, Some(scope))) => Some(scope_hint(name, scope)),
            _ => None,
        };
        let problem = phrase!(
            "scenario-in-expression",
            what = what,
            text = quoted(text),
            problem = e.phrase,
            hint = hint
        );
        self.error_in_string(field, e.offset, problem);
    }

    pub fn fact_value(&mut self, field: &str, value: i64) -> Value {
        Value::try_from(value).unwrap_or_else(|_| {
            self.error(field, does_not_fit(value.into()));
            0
        })
    }
}

/// `99999999999 does not fit a fact (from -2147483648 to 2147483647)`.
pub(crate) fn does_not_fit(value: i128) -> Phrase {
    let (value, min, max) = (value.to_string(), Value::MIN.to_string(), Value::MAX.to_string());
    phrase!("scenario-fact-value", value = value, min = min, max = max)
}

/// The scope `name` is declared in, if any.
pub(crate) fn declared_in(facts: &FactTable, name: &str) -> Option<Scope> {
    [Scope::World, Scope::Agent].into_iter().find(|&scope| facts.get(scope, name).is_some())
}

/// ` (iron is a world fact: write world.iron)`.
pub(crate) fn scope_hint(name: &str, scope: Scope) -> Phrase {
    phrase!("scenario-scope-hint", name = cut(name), scope = scope.keyword())
}
