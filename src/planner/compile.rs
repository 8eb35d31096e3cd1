//! Turns (actions, goal) into a search problem over only the facts that can matter, its conditions,
//! effects and extra costs each kept in one flat list (docs/planner.md).

use super::facts::{FactId, Value};
use super::model::{Action, Condition, extra_at};
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

/// What the problem says about one slot's values.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    /// The least and the greatest value the problem mentions for it: 0, those its conditions
    /// tell apart ([`Compare::landmarks`]), those effects set it to and costs are looked up by.
    pub low: i64,
    pub high: i64,
    /// Whether some action adds to it or subtracts from it, or looks a cost up by it.
    pub adds: bool,
    pub priced: bool,
}

/// One relevant action: its base cost, and where its parts are in the problem's lists.
#[derive(Clone, Debug, PartialEq)]
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

/// An action's extra costs: each a slot it is looked up by, its `(value, extra)` pairs and its
/// extra from a value on ([`ExtraCost`](super::ExtraCost)), added up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extras<'a> {
    tables: &'a [Table],
    values: &'a [(Value, u32)],
    dense: &'a [u32],
}

/// One extra-cost table: the slot it is looked up by, its `(value, extra)` pairs and extra from a
/// value on, and the extras of the values from `low` on as a run, where the values it names lie
/// close together (a place, a line: every step's cost is looked up by one, so a run is read
/// instead of the pairs scanned); empty where they do not.
#[derive(Clone, Debug, PartialEq)]
struct Table {
    slot: Slot,
    pairs: Range<u32>,
    and_above: Option<(Value, u32)>,
    low: Value,
    dense: Range<u32>,
}

/// The widest a table's values may spread, beyond how many it names, to be kept as a run.
const DENSE_SLACK: usize = 32;

impl<'a> Extras<'a> {
    /// Each table's slot, pairs and extra from a value on.
    pub fn iter(&self) -> impl Iterator<Item = (Slot, &'a [(Value, u32)], Option<(Value, u32)>)> + 'a {
        let values = self.values;
        self.tables.iter().map(move |t| (t.slot, &values[span(&t.pairs)], t.and_above))
    }

    /// What they add up to in the state whose slots hold `value_of(slot)`.
    #[inline]
    pub fn sum(&self, value_of: impl Fn(usize) -> Value) -> u64 {
        (0..self.tables.len()).map(|t| u64::from(self.extra(t, &value_of))).sum()
    }

    /// What table `t` adds in the state whose slots hold `value_of(slot)`.
    #[inline]
    pub fn extra(&self, t: usize, value_of: impl Fn(usize) -> Value) -> u32 {
        let table = &self.tables[t];
        let value = value_of(usize::from(table.slot));
        // A run spans every value named: below it nothing is added, above it the extra from a
        // value on (which is named, so lies below).
        match usize::try_from(i64::from(value) - i64::from(table.low)) {
            _ if table.dense.is_empty() => extra_at(&self.values[span(&table.pairs)], table.and_above, value),
            Err(_) => 0,
            Ok(at) => {
                self.dense[span(&table.dense)].get(at).copied().unwrap_or(table.and_above.map_or(0, |a| a.1))
            }
        }
    }
}

/// The pairs and extra from a value on as a run of extras from their least value on (see
/// [`Table`]), onto `dense`.
fn run_of(
    by_value: &[(Value, u32)],
    and_above: Option<(Value, u32)>,
    dense: &mut Vec<u32>,
) -> (Value, Range<u32>) {
    let values = || by_value.iter().map(|&(v, _)| v).chain(and_above.map(|(v, _)| v));
    let (low, high) = (values().min().unwrap_or(0), values().max().unwrap_or(0));
    let width = (i64::from(high) - i64::from(low)) as usize + 1;
    if by_value.is_empty() || width > by_value.len() + DENSE_SLACK {
        return (0, 0..0);
    }
    let run = added(dense, |dense| dense.extend((low..=high).map(|v| extra_at(by_value, and_above, v))));
    (low, run)
}

/// The projected problem the search runs on.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Compiled {
    /// `slots[i]` is the original fact behind slot `i`.
    pub slots: Vec<FactId>,
    /// Slots `0..moving` may differ between the states of one search, or are tested; the rest
    /// are only priced, and hold their start's values throughout.
    pub moving: usize,
    pub goal: Vec<SlotCondition>,
    entries: Vec<Entry>,
    conditions: Vec<SlotCondition>,
    effects: Vec<(Slot, Change, Value)>,
    deltas: Vec<(Slot, Delta)>,
    tables: Vec<Table>,
    extras: Vec<(Value, u32)>,
    dense: Vec<u32>,
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

    /// The index of the caller's action `original`, when it is relevant.
    pub fn index_of(&self, original: usize) -> Option<usize> {
        self.entries.iter().position(|e| e.original == original)
    }

    pub fn action(&self, a: usize) -> SlotAction<'_> {
        let e = &self.entries[a];
        SlotAction {
            cost: e.cost,
            preconditions: self.preconditions(a),
            effects: self.effects(a),
            deltas: &self.deltas[span(&e.deltas)],
            extras: self.extras_of(e),
        }
    }

    fn extras_of(&self, e: &Entry) -> Extras<'_> {
        Extras { tables: &self.tables[span(&e.extras)], values: &self.extras, dense: &self.dense }
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
    #[inline(always)]
    pub fn cost_in(&self, a: usize, value_of: impl Fn(usize) -> Value) -> u64 {
        let e = &self.entries[a];
        let extras = if e.extras.is_empty() { 0 } else { self.extras_of(e).sum(value_of) };
        u64::from(e.cost) + extras
    }

    pub fn actions(&self) -> impl ExactSizeIterator<Item = SlotAction<'_>> + Clone + '_ {
        (0..self.entries.len()).map(|a| self.action(a))
    }

    /// Whether the goal holds in the state whose slots hold `state`.
    #[inline]
    pub fn meets_goal(&self, state: &[Value]) -> bool {
        self.goal.iter().all(|c| c.holds_for(state[c.slot as usize]))
    }

    /// Every condition the problem tests: the goal's, then the actions' preconditions.
    pub fn conditions(&self) -> impl Iterator<Item = &SlotCondition> + Clone + '_ {
        self.goal.iter().chain(&self.conditions)
    }

    /// Each slot's [`Span`].
    pub fn spans(&self) -> Vec<Span> {
        let none = Span { low: 0, high: 0, adds: false, priced: false };
        let mut spans = vec![none; self.slots.len()];
        let mention = |s: &mut Span, v: i64| (s.low, s.high) = (s.low.min(v), s.high.max(v));
        for c in self.conditions() {
            for v in c.compare.landmarks(c.value) {
                mention(&mut spans[c.slot as usize], v);
            }
        }
        for action in self.actions() {
            for &(slot, delta) in action.deltas {
                let s = &mut spans[slot as usize];
                delta.sets().into_iter().for_each(|v| mention(s, v.into()));
                s.adds |= delta.adds().is_some_and(|k| k != 0);
            }
            // The values an extra cost is priced at are values the search meets (where one starts).
            for (slot, by_value, and_above) in action.extras.iter() {
                let s = &mut spans[usize::from(slot)];
                s.priced = true;
                by_value.iter().chain(&and_above).for_each(|&(v, _)| mention(s, v.into()));
            }
        }
        spans
    }
}

fn span(r: &Range<u32>) -> Range<usize> {
    r.start as usize..r.end as usize
}

pub(crate) fn compile(actions: &[Action], goal: &[Condition]) -> Compiled {
    let facts = actions.iter().flat_map(|a| reads(a).chain(a.effects.iter().map(|e| e.fact)));
    let fact_count = facts.chain(goal.iter().map(|c| c.fact)).map(|f| f.index() + 1).max().unwrap_or(0);
    let relevant = relevant_actions(actions, goal, fact_count);
    let mut slot_of: SmallVec<[Slot; 64]> = smallvec![Slot::MAX; fact_count];
    let mut problem = Compiled::default();
    // Slots for the facts that matter: tested by the goal, or by a relevant precondition or
    // extra cost. A fact only ever written is projected out with the effects on it. The facts a
    // search can change or tests come first; those only priced (a line waited in) last, so that
    // a search stores only the first and reads the rest from its start.
    let mut moves: SmallVec<[bool; 64]> = smallvec![false; fact_count];
    let tested = goal.iter().chain(relevant.iter().flat_map(|&a| &actions[a].preconditions));
    let changed = relevant.iter().flat_map(|&a| &actions[a].effects).map(|e| e.fact);
    tested.map(|c| c.fact).chain(changed).for_each(|f| moves[f.index()] = true);
    let read = || goal.iter().map(|c| c.fact).chain(relevant.iter().flat_map(|&a| reads(&actions[a])));
    for fact in read().filter(|f| moves[f.index()]).chain(read().filter(|f| !moves[f.index()])) {
        if slot_of[fact.index()] == Slot::MAX {
            slot_of[fact.index()] = problem.slots.len() as Slot;
            problem.slots.push(fact);
        }
    }
    problem.moving = problem.slots.iter().filter(|f| moves[f.index()]).count();
    let slot_of = &slot_of;
    let condition =
        |c: &Condition| SlotCondition { slot: slot_of[c.fact.index()], compare: c.compare, value: c.value };
    problem.goal.extend(goal.iter().map(condition));
    for &a in &relevant {
        let action = &actions[a];
        let needs =
            added(&mut problem.conditions, |list| list.extend(action.preconditions.iter().map(condition)));
        let kept = action.effects.iter().filter(|e| slot_of[e.fact.index()] != Slot::MAX);
        let effects = added(&mut problem.effects, |list| {
            list.extend(kept.map(|e| (slot_of[e.fact.index()], e.change, e.value)))
        });
        let deltas = added(&mut problem.deltas, |list| {
            let from = list.len();
            for &(slot, change, value) in &problem.effects[span(&effects)] {
                match list[from..].iter_mut().find(|(s, _)| *s == slot) {
                    Some((_, delta)) => *delta = delta.then(change, value),
                    None => list.push((slot, Delta::NONE.then(change, value))),
                }
            }
        });
        let extras = added(&mut problem.tables, |list| {
            for extra in &action.extra_costs {
                let pairs = added(&mut problem.extras, |values| values.extend(&extra.by_value));
                let (low, dense) = run_of(&extra.by_value, extra.and_above, &mut problem.dense);
                let (slot, and_above) = (slot_of[extra.fact.index()], extra.and_above);
                list.push(Table { slot, pairs, and_above, low, dense });
            }
        });
        problem.entries.push(Entry { original: a, cost: action.cost, needs, effects, deltas, extras });
    }
    problem
}

/// Where in `list` what `add` adds to it lands.
fn added<T>(list: &mut Vec<T>, add: impl FnOnce(&mut Vec<T>)) -> Range<u32> {
    let from = list.len() as u32;
    add(list);
    from..list.len() as u32
}

/// The facts an action reads: its preconditions' and its extra costs'.
fn reads(action: &Action) -> impl Iterator<Item = FactId> + '_ {
    action.preconditions.iter().map(|c| c.fact).chain(action.extra_costs.iter().map(|e| e.fact))
}

/// Indices of the actions that can influence the goal, in their original order, of facts
/// numbered below `fact_count`: all but the [`detours`](super::detours) no cheapest plan takes,
/// and those whose effects nothing reads. (Small problems' working lists stay on the stack: a
/// planner built for one question must be cheap.)
fn relevant_actions(actions: &[Action], goal: &[Condition], fact_count: usize) -> SmallVec<[usize; 32]> {
    let detour = super::detours::detours(actions, goal, fact_count);
    let mut matters: SmallVec<[bool; 64]> = smallvec![false; fact_count];
    goal.iter().for_each(|c| matters[c.fact.index()] = true);
    let mut relevant: SmallVec<[bool; 64]> = smallvec![false; actions.len()];
    loop {
        let mut grew = false;
        for (i, action) in actions.iter().enumerate() {
            if relevant[i] || detour[i] || !action.effects.iter().any(|e| matters[e.fact.index()]) {
                continue;
            }
            (relevant[i], grew) = (true, true);
            reads(action).for_each(|f| matters[f.index()] = true);
        }
        if !grew {
            break;
        }
    }
    (0..actions.len()).filter(|&i| relevant[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value a table is asked at, in and around what it names, gives what its pairs and
    /// its extra from a value on give.
    #[test]
    fn a_run_of_extras_gives_what_its_pairs_give() {
        let close = [(3, 7), (-1, 2), (3, 9), (0, 5)]; // the first given for 3 counts
        let wide = [(0, 1), (1_000, 4)];
        for by_value in [&close[..], &wide[..], &[]] {
            for and_above in [None, Some((2, 11)), Some((6, 13))] {
                let mut dense = Vec::new();
                let (low, run) = run_of(by_value, and_above, &mut dense);
                let pairs = 0..by_value.len() as u32;
                let table = Table { slot: 0, pairs, and_above, low, dense: run.clone() };
                let extras = Extras { tables: std::slice::from_ref(&table), values: by_value, dense: &dense };
                for value in -5..1_005 {
                    let expected = by_value.iter().find(|&&(v, _)| v == value).map(|&(_, e)| e);
                    let above = and_above.filter(|&(from, _)| value >= from).map_or(0, |(_, e)| e);
                    assert_eq!(
                        extras.sum(|_| value),
                        u64::from(expected.unwrap_or(above)),
                        "{by_value:?} at {value}"
                    );
                }
                assert_eq!(run.is_empty(), by_value.len() != close.len(), "kept as a run: {by_value:?}");
            }
        }
    }
}
