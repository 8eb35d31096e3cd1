//! Detours: actions that only take the villager somewhere else on the way to a goal they do
//! nothing for (a drink on the way to a harvest), left out of a search when no cheapest plan can
//! take one — a walk through the well is never shorter than the walk past it. A planner without
//! them searches fewer states and reads fewer facts, so more of its questions are asked alike.
//!
//! An action `y` is a detour when nothing the goal or a kept action tests depends on it, of the
//! facts a cost is looked up by it changes only the one actions set, `F` (the place), and
//! 1. every effect on `F` sets it, and every action priced by `F` sets it, and
//! 2. for every value `p` of `F` and every action `a` priced by it, `extra_a(p) < cost_y +
//!    extra_y(p) + extra_a(v_y)`, where `v_y` is where `y` leaves `F`.
//!
//! Then every cheapest plan is a plan without detours, and the first of them in action order is
//! the same plan: the proof is in docs/planner.md ("Detours"). Where a condition fails, nothing
//! is left out.

use super::facts::{FactId, Value};
use super::model::{Action, Change, Condition};
use smallvec::{SmallVec, smallvec};

/// Which of `actions` are detours on the way to `goal` (see the module's notes), for facts
/// numbered below `fact_count`.
pub(super) fn detours(actions: &[Action], goal: &[Condition], fact_count: usize) -> SmallVec<[bool; 32]> {
    let none = || smallvec![false; actions.len()];
    // The one fact some action changes and some cost is looked up by: where one stands.
    let priced = |f: FactId| actions.iter().any(|a| priced_by(a, f));
    let mut moved: SmallVec<[FactId; 4]> =
        actions.iter().flat_map(|a| &a.effects).map(|e| e.fact).filter(|&f| priced(f)).collect();
    moved.sort_unstable();
    moved.dedup();
    let [place] = moved[..] else { return none() };
    if !places_alike(actions, place) {
        return none();
    }
    let values = telling_values(actions, place);
    let mut detour: SmallVec<[bool; 32]> = (0..actions.len())
        .map(|y| actions[y].cost > 0 && never_cheaper(actions, y, place, &values))
        .collect();
    // Leave in what a kept action or the goal depends on, until nothing changes.
    loop {
        let mut tested: SmallVec<[bool; 64]> = smallvec![false; fact_count];
        goal.iter().for_each(|c| tested[c.fact.index()] = true);
        let kept = actions.iter().zip(&detour).filter(|(_, d)| !**d);
        kept.flat_map(|(a, _)| &a.preconditions).for_each(|c| tested[c.fact.index()] = true);
        let mut changed = false;
        for (y, action) in actions.iter().enumerate() {
            let depended_on = action.effects.iter().any(|e| tested[e.fact.index()]);
            if detour[y] && depended_on {
                (detour[y], changed) = (false, true);
            }
        }
        if !changed {
            return detour;
        }
    }
}

/// Whether some extra cost of `action` is looked up by `fact`.
fn priced_by(action: &Action, fact: FactId) -> bool {
    action.extra_costs.iter().any(|e| e.fact == fact)
}

/// Condition 1: every effect on `place` sets it, and every action priced by it sets it.
fn places_alike(actions: &[Action], place: FactId) -> bool {
    let sets = |a: &Action| a.effects.iter().any(|e| e.fact == place && e.change == Change::Set);
    let all_set =
        actions.iter().flat_map(|a| &a.effects).filter(|e| e.fact == place).all(|e| e.change == Change::Set);
    all_set && actions.iter().filter(|a| priced_by(a, place)).all(sets)
}

/// Values of `place` standing for every value it may hold. An extra is a step function of the
/// value, changing only at the values tables name: one value on each side of every named value
/// (and of every value an action sets it to) tells every step apart.
fn telling_values(actions: &[Action], place: FactId) -> Vec<Value> {
    let tables = actions.iter().flat_map(|a| &a.extra_costs).filter(|e| e.fact == place);
    let named = tables.flat_map(|e| e.by_value.iter().map(|&(v, _)| v).chain(e.and_above.map(|(v, _)| v)));
    let set = actions.iter().flat_map(|a| &a.effects).filter(|e| e.fact == place).map(|e| e.value);
    let mut values: Vec<Value> =
        named.chain(set).flat_map(|v| [v.saturating_sub(1), v, v.saturating_add(1)]).collect();
    values.sort_unstable();
    values.dedup();
    values
}

/// Condition 2 for detour `y`: before any action priced by `place`, going through `y` first
/// costs strictly more, from each of `values` ([`telling_values`]).
fn never_cheaper(actions: &[Action], y: usize, place: FactId, values: &[Value]) -> bool {
    // One that goes nowhere only costs.
    let Some(to) = actions[y].effects.iter().rev().find(|e| e.fact == place).map(|e| e.value) else {
        return true;
    };
    let extra = |a: &Action, at: Value| -> u64 {
        a.extra_costs.iter().filter(|e| e.fact == place).map(|e| u64::from(e.at(at))).sum()
    };
    let through = u64::from(actions[y].cost);
    let priced = actions.iter().filter(|a| priced_by(a, place));
    values.iter().all(|&p| {
        let first = through + extra(&actions[y], p);
        priced.clone().all(|a| extra(a, p) < first + extra(a, to))
    })
}
