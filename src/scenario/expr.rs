//! The little language of conditions and effects: `world.tools >= 1`, `agent.wood -= 1`.
//!
//! Grammar: `SCOPE.FACT OP VALUE`, SCOPE is `world` or `agent`; conditions use `>=`, `<=`, `==`,
//! `!=` (and `>` / `<` as integer shorthands: `x > 0` means `x >= 1`); effects use `=`, `+=`, `-=`.
//! VALUE is an integer, or `true` / `false` for 1 / 0.

use super::Scope;
use super::phrase::{Phrase, phrase};
use super::syntax::cut;
use crate::planner::{Change, Compare, Value};

/// A fact reference as written, before it is resolved against the declared facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactRef {
    pub scope: Scope,
    pub name: String,
    /// Character offset of the name inside the expression (for error columns).
    pub offset: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedCondition {
    pub fact: FactRef,
    pub compare: Compare,
    pub value: Value,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedEffect {
    pub fact: FactRef,
    pub change: Change,
    pub value: Value,
}

/// What is wrong with an expression, and at which character of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    pub offset: usize,
    pub phrase: Phrase,
    /// A fact name written without a known scope (`iron >= 1`, `town.iron >= 1`), so that the
    /// checker can say which scope declares it.
    pub unscoped: Option<String>,
}

pub fn parse_condition(text: &str) -> Result<ParsedCondition, ExprError> {
    let (fact, op, op_at, value) = split(text, phrase!("scenario-a-comparison"))?;
    let (compare, value) = match op {
        ">" => (Compare::AtLeast, value.checked_add(1).ok_or_else(|| too_big(op_at))?),
        "<" => (Compare::AtMost, value.checked_sub(1).ok_or_else(|| too_big(op_at))?),
        other => match Compare::from_symbol(other) {
            Some(compare) => (compare, value),
            None => {
                return Err(error(op_at, phrase!("scenario-condition-changes", op = other.to_owned())));
            }
        },
    };
    Ok(ParsedCondition { fact, compare, value })
}

pub fn parse_effect(text: &str) -> Result<ParsedEffect, ExprError> {
    let (fact, op, op_at, value) = split(text, phrase!("scenario-a-change"))?;
    let Some(change) = Change::from_symbol(op) else {
        return Err(error(op_at, phrase!("scenario-effect-compares", op = op.to_owned())));
    };
    Ok(ParsedEffect { fact, change, value })
}

fn error(offset: usize, phrase: Phrase) -> ExprError {
    ExprError { offset, phrase, unscoped: None }
}

fn too_big(offset: usize) -> ExprError {
    error(offset, phrase!("scenario-value-out-of-range"))
}

/// `scope.name OP value` → its parts, with the operator's offset.
fn split(text: &str, expected_op: Phrase) -> Result<(FactRef, &str, usize, Value), ExprError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while *i < chars.len() && chars[*i].1.is_whitespace() {
            *i += 1;
        }
    };
    let word = |i: &mut usize| -> String {
        let mut s = String::new();
        while *i < chars.len() && (chars[*i].1.is_alphanumeric() || chars[*i].1 == '_') {
            s.push(chars[*i].1);
            *i += 1;
        }
        s
    };

    skip_space(&mut i);
    let scope_at = i;
    let first = word(&mut i);
    let scope = match first.as_str() {
        "world" => Scope::World,
        "agent" => Scope::Agent,
        "" => return Err(error(scope_at, phrase!("scenario-expected-scope"))),
        other => {
            // `town.iron`: the fact is what follows the dot; `iron >= 1`: the word itself.
            let fact = if chars.get(i).map(|c| c.1) == Some('.') {
                i += 1;
                word(&mut i)
            } else {
                other.to_owned()
            };
            let phrase = if fact == other {
                phrase!("scenario-no-scope", word = cut(other))
            } else {
                phrase!("scenario-not-a-scope", word = cut(other))
            };
            return Err(ExprError {
                offset: scope_at,
                phrase,
                unscoped: Some(fact).filter(|f| !f.is_empty()),
            });
        }
    };
    if chars.get(i).map(|c| c.1) != Some('.') {
        return Err(error(i, phrase!("scenario-expected-dot")));
    }
    i += 1;
    let name_at = i;
    let name = word(&mut i);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(error(name_at, phrase!("scenario-expected-fact-name")));
    }

    skip_space(&mut i);
    let op_at = i;
    let mut op_end = i;
    while op_end < chars.len() && matches!(chars[op_end].1, '<' | '>' | '=' | '+' | '-' | '!') {
        op_end += 1;
    }
    // A `-` right before digits belongs to the number (`x = -1`), unless it is the only operator.
    if op_end > i + 1 && chars[op_end - 1].1 == '-' {
        op_end -= 1;
    }
    let op = &text[byte(&chars, text, i)..byte(&chars, text, op_end)];
    let known = Compare::from_symbol(op).is_some() || Change::from_symbol(op).is_some();
    if !known && !matches!(op, ">" | "<") {
        let fact = format!("{}.{}", scope.keyword(), cut(&name));
        return Err(error(op_at, phrase!("scenario-expected-operator", expected = expected_op, fact = fact)));
    }
    i = op_end;

    skip_space(&mut i);
    let value_at = i;
    let rest = text[byte(&chars, text, i)..].trim_end();
    let value = match rest {
        "true" => 1,
        "false" => 0,
        "" => {
            return Err(error(value_at, phrase!("scenario-expected-value")));
        }
        digits => digits.parse::<Value>().map_err(|_| {
            let (min, max) = (Value::MIN.to_string(), Value::MAX.to_string());
            error(value_at, phrase!("scenario-not-a-value", text = cut(digits), min = min, max = max))
        })?,
    };
    Ok((FactRef { scope, name, offset: name_at }, op, op_at, value))
}

fn byte(chars: &[(usize, char)], text: &str, index: usize) -> usize {
    chars.get(index).map_or(text.len(), |c| c.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_conditions_like_the_spec_writes_them() {
        let c = parse_condition("world.tools >= 1").unwrap();
        assert_eq!(
            (c.fact.scope, c.fact.name.as_str(), c.compare, c.value),
            (Scope::World, "tools", Compare::AtLeast, 1)
        );
        let c = parse_condition("agent.hasWeapon == false").unwrap();
        assert_eq!((c.compare, c.value), (Compare::Exactly, 0));
        let c = parse_condition("agent.ore<1").unwrap();
        assert_eq!((c.compare, c.value), (Compare::AtMost, 0));
        let c = parse_condition("agent.place != 3").unwrap();
        assert_eq!((c.compare, c.value), (Compare::Differs, 3));
    }

    #[test]
    fn reads_effects_including_negative_values() {
        let e = parse_effect("agent.wood -= 1").unwrap();
        assert_eq!((e.change, e.value), (Change::Subtract, 1));
        let e = parse_effect("world.fireLit = 0").unwrap();
        assert_eq!((e.change, e.value), (Change::Set, 0));
        let e = parse_effect("world.debt = -3").unwrap();
        assert_eq!((e.change, e.value), (Change::Set, -3));
    }

    #[test]
    fn says_what_is_wrong_and_where() {
        assert_eq!(parse_condition("tools >= 1").unwrap_err().offset, 0);
        let e = parse_condition("world.tools += 1").unwrap_err();
        assert_eq!(e.offset, 12);
        assert!(e.phrase.to_string().contains("condition compares"), "{}", e.phrase);
        let e = parse_effect("agent.wood >= 1").unwrap_err();
        assert!(e.phrase.to_string().contains("effect changes"), "{}", e.phrase);
        let e = parse_condition("world.tools >= lots").unwrap_err();
        assert_eq!(e.offset, 15);
        assert!(parse_condition("world.x >= 99999999999").is_err());
    }
}
