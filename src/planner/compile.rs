//! Turns (actions, goal) into a search problem over only the facts that can matter.
//!
//! Backward relevance: a fact matters if the goal tests it or a relevant action's precondition
//! does; an action is relevant if it changes a fact that matters. Every other action only touches
//! facts nothing depends on, so dropping it — and projecting out of the state every fact that
//! does not matter, with the effects on it — keeps every plan valid and every optimum intact,
//! while distractor actions stop multiplying states.

use super::facts::{FactId, Value};
use super::model::{Action, Change, Compare, Condition};

/// A fact's position in the projected (search) state.
pub(crate) type Slot = u16;

/// A condition over a projected slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlotCondition {
    pub slot: Slot,
    pub compare: Compare,
    pub value: Value,
}

impl SlotCondition {
    pub fn holds_for(&self, actual: Value) -> bool {
        match self.compare {
            Compare::AtLeast => actual >= self.value,
            Compare::AtMost => actual <= self.value,
            Compare::Exactly => actual == self.value,
        }
    }
}

/// The net change one action makes to one fact, all its effects on that fact composed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Delta {
    Add(i64),
    Set(Value),
}

impl Delta {
    /// Whether, from some value, this change can move a fact toward `compare`'s side.
    pub fn can_help(self, compare: Compare) -> bool {
        match (self, compare) {
            (Delta::Set(_), _) => true,
            (Delta::Add(k), Compare::AtLeast) => k > 0,
            (Delta::Add(k), Compare::AtMost) => k < 0,
            (Delta::Add(k), Compare::Exactly) => k != 0,
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct SlotAction {
    /// Index into the caller's action slice.
    pub original: usize,
    pub cost: u32,
    pub preconditions: Vec<SlotCondition>,
    /// The effects in order, exactly as [`Action::apply`] runs them.
    pub effects: Vec<(Slot, Change, Value)>,
    /// One composed change per touched slot (for the heuristic and reachability).
    pub deltas: Vec<(Slot, Delta)>,
}

impl SlotAction {
    pub fn delta_on(&self, slot: Slot) -> Option<Delta> {
        self.deltas.iter().find(|(s, _)| *s == slot).map(|&(_, d)| d)
    }
}

/// The projected problem the search runs on.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    /// `slots[i]` is the original fact behind slot `i`.
    pub slots: Vec<FactId>,
    pub actions: Vec<SlotAction>,
    pub goal: Vec<SlotCondition>,
}

pub(crate) fn compile(actions: &[Action], goal: &[Condition]) -> Compiled {
    let relevant_actions = relevant_actions(actions, goal);

    // Slots for the facts that matter: tested by the goal or by a relevant precondition. A fact
    // only ever written is projected out with the effects on it — nothing reads it.
    let mut slots: Vec<FactId> = Vec::new();
    let tested = goal.iter().chain(relevant_actions.iter().flat_map(|&a| &actions[a].preconditions));
    for c in tested {
        slot_of(c.fact, &mut slots);
    }
    let slot = |fact: FactId| slots.iter().position(|&f| f == fact).map(|i| i as Slot);
    let condition =
        |c: &Condition| SlotCondition { slot: slot(c.fact).unwrap_or(0), compare: c.compare, value: c.value };

    let goal = goal.iter().map(condition).collect();
    let actions = relevant_actions
        .into_iter()
        .map(|original| {
            let action = &actions[original];
            let preconditions = action.preconditions.iter().map(condition).collect();
            let effects: Vec<(Slot, Change, Value)> =
                action.effects.iter().filter_map(|e| Some((slot(e.fact)?, e.change, e.value))).collect();
            let deltas = compose(&effects);
            SlotAction { original, cost: action.cost, preconditions, effects, deltas }
        })
        .collect();
    Compiled { slots, actions, goal }
}

/// The slot of `fact`, giving it the next one if it has none yet.
fn slot_of(fact: FactId, slots: &mut Vec<FactId>) -> Slot {
    match slots.iter().position(|&f| f == fact) {
        Some(i) => i as Slot,
        None => {
            slots.push(fact);
            (slots.len() - 1) as Slot
        }
    }
}

/// Indices of the actions that can influence the goal, in their original order.
fn relevant_actions(actions: &[Action], goal: &[Condition]) -> Vec<usize> {
    let mut relevant_fact: Vec<FactId> = goal.iter().map(|c| c.fact).collect();
    let mut relevant = vec![false; actions.len()];
    loop {
        let mut grew = false;
        for (i, action) in actions.iter().enumerate() {
            if relevant[i] || !action.effects.iter().any(|e| relevant_fact.contains(&e.fact)) {
                continue;
            }
            relevant[i] = true;
            grew = true;
            for c in &action.preconditions {
                if !relevant_fact.contains(&c.fact) {
                    relevant_fact.push(c.fact);
                }
            }
        }
        if !grew {
            break;
        }
    }
    (0..actions.len()).filter(|&i| relevant[i]).collect()
}

/// One net change per slot, in the order slots are first touched.
fn compose(effects: &[(Slot, Change, Value)]) -> Vec<(Slot, Delta)> {
    let mut deltas: Vec<(Slot, Delta)> = Vec::new();
    for &(slot, change, value) in effects {
        let index = match deltas.iter().position(|(s, _)| *s == slot) {
            Some(i) => i,
            None => {
                deltas.push((slot, Delta::Add(0)));
                deltas.len() - 1
            }
        };
        let current = deltas[index].1;
        deltas[index].1 = match (change, current) {
            (Change::Set, _) => Delta::Set(value),
            (Change::Add, Delta::Add(k)) => Delta::Add(k + i64::from(value)),
            (Change::Subtract, Delta::Add(k)) => Delta::Add(k - i64::from(value)),
            (Change::Add, Delta::Set(c)) => Delta::Set(c.saturating_add(value)),
            (Change::Subtract, Delta::Set(c)) => Delta::Set(c.saturating_sub(value)),
        };
    }
    deltas
}
