//! Turns (actions, goal) into a search problem over only the facts that can matter, kept in a few
//! flat lists so that building a planner costs less than answering it (docs/planner.md).

use super::facts::{FactId, Value};
use super::model::{Action, Condition};
use super::ops::{Change, Compare, Delta, Need};
use smallvec::{SmallVec, smallvec};
use std::ops::Range;

/// A fact's position in the projected (search) state.
pub(crate) type Slot = u16;

/// A condition over a projected slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SlotCondition {
    pub slot: Slot,
    pub compare: Compare,
    pub value: Value,
}

impl SlotCondition {
    #[inline]
    pub fn holds_for(&self, actual: Value) -> bool {
        self.compare.holds(actual, self.value)
    }

    #[inline]
    pub fn need(&self, actual: Value) -> Need {
        self.compare.need(actual, self.value)
    }
}

/// One relevant action: its base cost, and where its parts are in the problem's lists.
#[derive(Clone, Debug)]
struct Entry {
    original: usize,
    cost: u32,
    needs: Range<u32>,
    effects: Range<u32>,
    deltas: Range<u32>,
    /// Its extra costs' tables, in the problem's `tables`.
    extras: Range<u32>,
}

/// A relevant action as the search sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlotAction<'a> {
    /// The least it costs: its base, extras aside.
    pub cost: u32,
    pub preconditions: &'a [SlotCondition],
    /// The effects in order, exactly as [`Action::apply`] runs them.
    pub effects: &'a [(Slot, Change, Value)],
    /// One composed change per touched slot (for the heuristic and reachability).
    pub deltas: &'a [(Slot, Delta)],
    pub extras: Extras<'a>,
}

impl SlotAction<'_> {
    pub fn delta_on(&self, slot: Slot) -> Option<Delta> {
        self.deltas.iter().find(|(s, _)| *s == slot).map(|&(_, d)| d)
    }
}

/// An action's extra costs: each a slot it is looked up by and its `(value, extra)` pairs, added
/// up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extras<'a> {
    tables: &'a [(Slot, Range<u32>)],
    values: &'a [(Value, u32)],
}

impl<'a> Extras<'a> {
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (Slot, &'a [(Value, u32)])> + 'a {
        let values = self.values;
        self.tables.iter().map(move |(slot, r)| (*slot, &values[span(r)]))
    }

    /// What they add up to in the state whose slots hold `value_of(slot)`.
    #[inline]
    pub fn sum(&self, value_of: impl Fn(usize) -> Value) -> u64 {
        let extra = |(slot, by_value): (Slot, &[(Value, u32)])| {
            let value = value_of(usize::from(slot));
            by_value.iter().find(|&&(v, _)| v == value).map_or(0, |&(_, extra)| u64::from(extra))
        };
        self.iter().map(extra).sum()
    }
}

/// The projected problem the search runs on.
#[derive(Clone, Debug, Default)]
pub(crate) struct Compiled {
    /// `slots[i]` is the original fact behind slot `i`.
    pub slots: Vec<FactId>,
    pub goal: Vec<SlotCondition>,
    entries: Vec<Entry>,
    conditions: Vec<SlotCondition>,
    effects: Vec<(Slot, Change, Value)>,
    deltas: Vec<(Slot, Delta)>,
    tables: Vec<(Slot, Range<u32>)>,
    extras: Vec<(Value, u32)>,
}

impl Compiled {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The caller's index of action `a`.
    #[inline]
    pub fn original(&self, a: usize) -> u32 {
        self.entries[a].original as u32
    }

    pub fn action(&self, a: usize) -> SlotAction<'_> {
        let e = &self.entries[a];
        SlotAction {
            cost: e.cost,
            preconditions: self.preconditions(a),
            effects: self.effects(a),
            deltas: &self.deltas[span(&e.deltas)],
            extras: Extras { tables: &self.tables[span(&e.extras)], values: &self.extras },
        }
    }

    /// Action `a`'s preconditions (what the search reads most, without the rest).
    #[inline]
    pub fn preconditions(&self, a: usize) -> &[SlotCondition] {
        &self.conditions[span(&self.entries[a].needs)]
    }

    #[inline]
    pub fn effects(&self, a: usize) -> &[(Slot, Change, Value)] {
        &self.effects[span(&self.entries[a].effects)]
    }

    /// What action `a` costs in the state whose slots hold `value_of(slot)`.
    #[inline]
    pub fn cost_in(&self, a: usize, value_of: impl Fn(usize) -> Value) -> u64 {
        let e = &self.entries[a];
        let extras = Extras { tables: &self.tables[span(&e.extras)], values: &self.extras };
        u64::from(e.cost) + extras.sum(value_of)
    }

    pub fn actions(&self) -> impl ExactSizeIterator<Item = SlotAction<'_>> + Clone + '_ {
        (0..self.entries.len()).map(|a| self.action(a))
    }

    /// Every condition the problem tests: the goal's, then the actions' preconditions.
    pub fn conditions(&self) -> impl Iterator<Item = &SlotCondition> + Clone + '_ {
        self.goal.iter().chain(&self.conditions)
    }
}

fn span(r: &Range<u32>) -> Range<usize> {
    r.start as usize..r.end as usize
}

pub(crate) fn compile(actions: &[Action], goal: &[Condition]) -> Compiled {
    let relevant = relevant_actions(actions, goal);

    // Slots for the facts that matter: tested by the goal, or by a relevant precondition or
    // extra cost. A fact only ever written is projected out with the effects on it.
    let facts = actions.iter().flat_map(facts_of).chain(goal.iter().map(|c| c.fact));
    let mut slot_of: SmallVec<[Slot; 64]> =
        smallvec![Slot::MAX; facts.map(|f| f.index() + 1).max().unwrap_or(0)];
    let count = |of: fn(&Action) -> usize| relevant.iter().map(|&a| of(&actions[a])).sum::<usize>();
    let mut problem = Compiled {
        slots: Vec::with_capacity(slot_of.len().min(goal.len() + count(|a| a.preconditions.len() + 1))),
        goal: Vec::with_capacity(goal.len()),
        entries: Vec::with_capacity(relevant.len()),
        conditions: Vec::with_capacity(count(|a| a.preconditions.len())),
        effects: Vec::with_capacity(count(|a| a.effects.len())),
        deltas: Vec::with_capacity(count(|a| a.effects.len())),
        tables: Vec::new(),
        extras: Vec::new(),
    };
    let mut slot = |fact: FactId, problem: &mut Compiled| {
        if slot_of[fact.index()] == Slot::MAX {
            slot_of[fact.index()] = problem.slots.len() as Slot;
            problem.slots.push(fact);
        }
        slot_of[fact.index()]
    };
    let condition = |c: &Condition, slot: Slot| SlotCondition { slot, compare: c.compare, value: c.value };
    for c in goal {
        let s = slot(c.fact, &mut problem);
        problem.goal.push(condition(c, s));
    }
    for &a in &relevant {
        for c in &actions[a].preconditions {
            let s = slot(c.fact, &mut problem);
            problem.conditions.push(condition(c, s));
        }
        for extra in &actions[a].extra_costs {
            slot(extra.fact, &mut problem);
        }
    }
    let at = |len: usize| len as u32;
    let mut first_condition = 0;
    for &a in &relevant {
        let action = &actions[a];
        let needs = at(first_condition)..at(first_condition + action.preconditions.len());
        first_condition = needs.end as usize;
        let effects_from = at(problem.effects.len());
        for e in &action.effects {
            if slot_of[e.fact.index()] != Slot::MAX {
                problem.effects.push((slot_of[e.fact.index()], e.change, e.value));
            }
        }
        let effects = effects_from..at(problem.effects.len());
        let deltas_from = problem.deltas.len();
        for &(slot, change, value) in &problem.effects[effects.start as usize..] {
            match problem.deltas[deltas_from..].iter_mut().find(|(s, _)| *s == slot) {
                Some((_, delta)) => *delta = delta.then(change, value),
                None => problem.deltas.push((slot, Delta::NONE.then(change, value))),
            }
        }
        let deltas = at(deltas_from)..at(problem.deltas.len());
        let tables_from = at(problem.tables.len());
        for extra in &action.extra_costs {
            let from = at(problem.extras.len());
            problem.extras.extend(&extra.by_value);
            problem.tables.push((slot_of[extra.fact.index()], from..at(problem.extras.len())));
        }
        let extras = tables_from..at(problem.tables.len());
        problem.entries.push(Entry { original: a, cost: action.cost, needs, effects, deltas, extras });
    }
    problem
}

/// The facts an action reads or writes.
fn facts_of(action: &Action) -> impl Iterator<Item = FactId> + '_ {
    let read = action.preconditions.iter().map(|c| c.fact).chain(action.extra_costs.iter().map(|e| e.fact));
    read.chain(action.effects.iter().map(|e| e.fact))
}

/// Indices of the actions that can influence the goal, in their original order. (Small
/// problems' working lists stay on the stack: a planner built for one question must be cheap.)
fn relevant_actions(actions: &[Action], goal: &[Condition]) -> SmallVec<[usize; 32]> {
    let facts = actions.iter().flat_map(facts_of).chain(goal.iter().map(|c| c.fact));
    let mut matters: SmallVec<[bool; 64]> = smallvec![false; facts.map(|f| f.index() + 1).max().unwrap_or(0)];
    goal.iter().for_each(|c| matters[c.fact.index()] = true);
    let mut relevant: SmallVec<[bool; 64]> = smallvec![false; actions.len()];
    loop {
        let mut grew = false;
        for (i, action) in actions.iter().enumerate() {
            if relevant[i] || !action.effects.iter().any(|e| matters[e.fact.index()]) {
                continue;
            }
            (relevant[i], grew) = (true, true);
            let read = action.preconditions.iter().map(|c| c.fact);
            read.chain(action.extra_costs.iter().map(|e| e.fact)).for_each(|f| matters[f.index()] = true);
        }
        if !grew {
            break;
        }
    }
    (0..actions.len()).filter(|&i| relevant[i]).collect()
}
