//! What a planning problem is made of: conditions on facts, effects on facts, and actions.

use super::facts::{FactId, State, Value};
pub use super::ops::{Change, Compare};

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

    pub fn differs(fact: FactId, value: Value) -> Self {
        Condition { fact, compare: Compare::Differs, value }
    }

    /// Whether a fact holding `actual` meets this condition.
    pub fn holds_for(&self, actual: Value) -> bool {
        self.compare.holds(actual, self.value)
    }

    pub fn holds_in(&self, state: &State) -> bool {
        self.holds_for(state.get(self.fact))
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

    /// Applies this effect to `state` (arithmetic saturates instead of overflowing).
    pub fn apply(&self, state: &mut State) {
        state.set(self.fact, self.change.apply(state.get(self.fact), self.value));
    }
}

/// A step the planner can chain: applicable when every precondition holds, it applies its
/// effects in order and costs `cost`, plus extras that may depend on the state ([`ExtraCost`]).
/// Where it happens and how long it takes is the scenario's business, not the planner's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// A name for traces and error messages; the planner answers with indices.
    pub name: String,
    pub cost: u32,
    /// Extras by the values of facts, added up: by where one stands, by how long the line is.
    pub extra_costs: Vec<ExtraCost>,
    pub preconditions: Vec<Condition>,
    pub effects: Vec<Effect>,
}

/// An action's cost on top of its base, looked up by the value one fact holds where it is
/// taken — walking to the well costs more from far away, and so does a long line. Values not
/// listed add nothing, unless they are at or above `and_above`'s; an extra is never negative, so
/// the base is the least the action can cost, which is what keeps the estimates below the truth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraCost {
    pub fact: FactId,
    /// `(value, extra)`: taken where the fact holds `value`, the action costs `extra` more.
    pub by_value: Vec<(Value, u32)>,
    /// `(value, extra)`: taken where the fact holds `value` or more, and `by_value` does not list
    /// it, the action costs `extra` more — a line longer than any listed costs as the longest.
    pub and_above: Option<(Value, u32)>,
}

impl ExtraCost {
    /// The extra where the fact holds `value`.
    #[inline]
    pub fn at(&self, value: Value) -> u32 {
        extra_at(&self.by_value, self.and_above, value)
    }
}

/// The extra that `(value, extra)` pairs, the first given for a value counting, and an extra for
/// every value from some value on, set for `value`.
#[inline]
pub(crate) fn extra_at(by_value: &[(Value, u32)], and_above: Option<(Value, u32)>, value: Value) -> u32 {
    match by_value.iter().find(|&&(v, _)| v == value) {
        Some(&(_, extra)) => extra,
        None => and_above.filter(|&(from, _)| value >= from).map_or(0, |(_, extra)| extra),
    }
}

impl Action {
    pub fn new(name: impl Into<String>, cost: u32) -> Self {
        Action {
            name: name.into(),
            cost,
            extra_costs: Vec::new(),
            preconditions: Vec::new(),
            effects: Vec::new(),
        }
    }

    pub fn needs(mut self, condition: Condition) -> Self {
        self.preconditions.push(condition);
        self
    }

    pub fn does(mut self, effect: Effect) -> Self {
        self.effects.push(effect);
        self
    }

    /// Costs `extra` more where `fact` holds `value` (on top of what other facts' values add).
    pub fn costs_more_where(mut self, fact: FactId, value: Value, extra: u32) -> Self {
        let table = self.extra_cost(fact);
        table.by_value.retain(|&(v, _)| v != value);
        table.by_value.push((value, extra));
        self
    }

    /// Costs `extra` more where `fact` holds `value` or more, at a value not listed by
    /// [`costs_more_where`](Self::costs_more_where).
    pub fn costs_more_from(mut self, fact: FactId, value: Value, extra: u32) -> Self {
        self.extra_cost(fact).and_above = Some((value, extra));
        self
    }

    /// The extra-cost table by `fact`, made empty if there was none.
    fn extra_cost(&mut self, fact: FactId) -> &mut ExtraCost {
        match self.extra_costs.iter().position(|e| e.fact == fact) {
            Some(i) => &mut self.extra_costs[i],
            None => {
                self.extra_costs.push(ExtraCost { fact, by_value: Vec::new(), and_above: None });
                self.extra_costs.last_mut().expect("just pushed")
            }
        }
    }

    /// What taking this action in `state` costs.
    pub fn cost_in(&self, state: &State) -> u64 {
        let extras = self.extra_costs.iter().map(|e| u64::from(e.at(state.get(e.fact))));
        u64::from(self.cost) + extras.sum::<u64>()
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
