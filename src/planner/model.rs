//! What a planning problem is made of: conditions on facts, effects on facts, and actions.

use super::facts::{FactId, FactTable, State, Value};
use std::fmt;

/// How a condition compares a fact with its threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compare {
    /// `fact >= value` — the core of the town.
    AtLeast,
    /// `fact <= value`.
    AtMost,
    /// `fact == value` — "has no weapon" is `hasWeapon == 0`.
    Exactly,
}

impl Compare {
    pub fn symbol(self) -> &'static str {
        match self {
            Compare::AtLeast => ">=",
            Compare::AtMost => "<=",
            Compare::Exactly => "==",
        }
    }
}

/// `fact <compare> value`, e.g. `world.tools >= 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Condition {
    pub fact: FactId,
    pub compare: Compare,
    pub value: Value,
}

impl Condition {
    pub fn at_least(fact: FactId, value: Value) -> Self {
        Condition { fact, compare: Compare::AtLeast, value }
    }

    pub fn at_most(fact: FactId, value: Value) -> Self {
        Condition { fact, compare: Compare::AtMost, value }
    }

    pub fn exactly(fact: FactId, value: Value) -> Self {
        Condition { fact, compare: Compare::Exactly, value }
    }

    /// Whether a fact holding `actual` meets this condition.
    pub fn holds_for(&self, actual: Value) -> bool {
        match self.compare {
            Compare::AtLeast => actual >= self.value,
            Compare::AtMost => actual <= self.value,
            Compare::Exactly => actual == self.value,
        }
    }

    pub fn holds_in(&self, state: &State) -> bool {
        self.holds_for(state.get(self.fact))
    }

    /// `world.tools >= 1`, with the fact's name.
    pub fn describe(&self, facts: &FactTable) -> String {
        format!("{} {} {}", facts.qualified(self.fact), self.compare.symbol(), self.value)
    }
}

/// How an effect changes a fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// `fact = value`.
    Set,
    /// `fact += value`.
    Add,
    /// `fact -= value`.
    Subtract,
}

impl Change {
    pub fn symbol(self) -> &'static str {
        match self {
            Change::Set => "=",
            Change::Add => "+=",
            Change::Subtract => "-=",
        }
    }
}

/// `fact <change> value`, e.g. `agent.wood -= 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    pub fact: FactId,
    pub change: Change,
    pub value: Value,
}

impl Effect {
    pub fn set(fact: FactId, value: Value) -> Self {
        Effect { fact, change: Change::Set, value }
    }

    pub fn add(fact: FactId, value: Value) -> Self {
        Effect { fact, change: Change::Add, value }
    }

    pub fn subtract(fact: FactId, value: Value) -> Self {
        Effect { fact, change: Change::Subtract, value }
    }

    /// The fact's value after this effect (arithmetic saturates instead of overflowing).
    pub fn applied_to(&self, current: Value) -> Value {
        match self.change {
            Change::Set => self.value,
            Change::Add => current.saturating_add(self.value),
            Change::Subtract => current.saturating_sub(self.value),
        }
    }

    pub fn apply(&self, state: &mut State) {
        state.set(self.fact, self.applied_to(state.get(self.fact)));
    }

    pub fn describe(&self, facts: &FactTable) -> String {
        format!("{} {} {}", facts.qualified(self.fact), self.change.symbol(), self.value)
    }
}

/// A step the planner can chain: applicable when every precondition holds, it applies its
/// effects in order and costs `cost`. Where it happens and how long it takes is the scenario's
/// business, not the planner's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// A name for traces and error messages; the planner answers with indices.
    pub name: String,
    pub cost: u32,
    pub preconditions: Vec<Condition>,
    pub effects: Vec<Effect>,
}

impl Action {
    pub fn new(name: impl Into<String>, cost: u32) -> Self {
        Action { name: name.into(), cost, preconditions: Vec::new(), effects: Vec::new() }
    }

    pub fn needs(mut self, condition: Condition) -> Self {
        self.preconditions.push(condition);
        self
    }

    pub fn does(mut self, effect: Effect) -> Self {
        self.effects.push(effect);
        self
    }

    pub fn is_applicable(&self, state: &State) -> bool {
        self.preconditions.iter().all(|c| c.holds_in(state))
    }

    pub fn apply(&self, state: &mut State) {
        for effect in &self.effects {
            effect.apply(state);
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.fact, self.compare.symbol(), self.value)
    }
}
