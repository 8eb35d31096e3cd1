//! The validator's notebook: reports problems at the right line and column, and resolves the
//! references every part of a scenario makes (facts in conditions and effects, ranges).

use super::diagnostic::{Diagnostic, Severity, did_you_mean};
use super::expr::{self, FactRef};
use super::locate::Locations;
use crate::planner::{Condition, Effect, FactId, FactTable, Scope, Value};
use rustc_hash::FxHashMap;

pub(super) struct Checker<'a> {
    pub file: &'a str,
    pub at: &'a Locations,
    pub problems: Vec<Diagnostic>,
}

impl Checker<'_> {
    pub fn report(
        &mut self,
        severity: Severity,
        field: &str,
        nth: usize,
        extra_columns: usize,
        message: String,
    ) {
        let at = self.at.find_nth(field, nth);
        self.problems.push(Diagnostic {
            severity,
            file: self.file.to_owned(),
            line: at.line,
            column: at.column + extra_columns,
            field: field.to_owned(),
            message,
        });
    }

    pub fn error(&mut self, field: &str, message: impl Into<String>) {
        self.report(Severity::Error, field, 0, 0, message.into());
    }

    pub fn warning(&mut self, field: &str, message: impl Into<String>) {
        self.report(Severity::Warning, field, 0, 0, message.into());
    }

    /// An error inside a string value, `offset` characters after its opening quote.
    pub fn error_in_string(&mut self, field: &str, offset: usize, message: String) {
        self.report(Severity::Error, field, 0, offset + 1, message);
    }

    pub fn finite(&mut self, field: &str, value: f64, min: f64, max: f64, what: &str) -> f32 {
        if !value.is_finite() || value < min || value > max {
            self.error(field, format!("{what} must be a number from {min} to {max}, not {value}"));
        }
        value as f32
    }

    pub fn positive(&mut self, field: &str, value: f64, what: &str) -> f32 {
        if !value.is_finite() || value <= 0.0 {
            self.error(field, format!("{what} must be a positive number, not {value}"));
        }
        value as f32
    }

    /// Reports a repeated or empty id; returns whether the id is usable.
    pub fn unique_id<'s>(
        &mut self,
        field: &str,
        id: &'s str,
        seen: &mut FxHashMap<&'s str, usize>,
        what: &str,
        index: usize,
    ) -> bool {
        if id.trim().is_empty() {
            self.error(field, format!("a {what} needs a non-empty id"));
            return false;
        }
        if let Some(first) = seen.insert(id, index) {
            seen.insert(id, first);
            self.error(field, format!("duplicate {what} id \"{id}\" (first used at index {first})"));
            return false;
        }
        true
    }

    pub fn resolve(&mut self, facts: &FactTable, field: &str, fact: &FactRef) -> Option<FactId> {
        if let Some(id) = facts.get(fact.scope, &fact.name) {
            return Some(id);
        }
        let other = match fact.scope {
            Scope::World => Scope::Agent,
            Scope::Agent => Scope::World,
        };
        let hint = if facts.get(other, &fact.name).is_some() {
            format!(" ({} is {} fact: write {}.{})", fact.name, article(other), other.keyword(), fact.name)
        } else {
            did_you_mean(&fact.name, facts.names_in(fact.scope))
        };
        let declare = fact.scope.keyword();
        self.error_in_string(
            field,
            fact.offset,
            format!(
                "unknown {} fact \"{}\"{hint}; facts are declared in `{declare}: {{...}}`",
                fact.scope.keyword(),
                fact.name
            ),
        );
        None
    }

    pub fn condition(&mut self, facts: &FactTable, field: &str, text: &str) -> Option<Condition> {
        match expr::parse_condition(text) {
            Ok(parsed) => {
                let fact = self.resolve(facts, field, &parsed.fact)?;
                Some(Condition { fact, compare: parsed.compare, value: parsed.value })
            }
            Err(e) => {
                self.error_in_string(field, e.offset, format!("in condition \"{text}\": {}", e.message));
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
                self.error_in_string(field, e.offset, format!("in effect \"{text}\": {}", e.message));
                None
            }
        }
    }

    pub fn fact_value(&mut self, field: &str, value: i64) -> Value {
        Value::try_from(value).unwrap_or_else(|_| {
            self.error(field, format!("{value} does not fit a fact (from {} to {})", Value::MIN, Value::MAX));
            0
        })
    }
}

fn article(scope: Scope) -> &'static str {
    match scope {
        Scope::World => "a world",
        Scope::Agent => "an agent",
    }
}
