//! Detours: actions that only take the villager somewhere else on the way to a goal they do
//! nothing for (a drink on the way to a harvest), left out of a search when no cheapest plan can
//! take one — a walk through the well is never shorter than the walk past it. A planner without
//! them searches fewer states and reads fewer facts, so more of its questions are asked alike.
//!
//! An action `y` is a detour when nothing the goal or any other action tests depends on it: its
//! effects touch no fact tested by the goal or by the precondition of an action that is not a
//! detour, and of the facts any action's extra cost is looked up by it only *sets* one, `F` (the
//! place). Then a plan without its detours is still a plan. It costs strictly less when
//! 1. every effect any action has on `F` sets it, and every action whose cost is looked up by `F`
//!    sets it (so the place it is looked up at is where the last such action left it), and
//! 2. for every value `p` of `F` and every action `a` priced by `F`: `extra_a(p) < cost_y +
//!    extra_y(p) + extra_a(v_y)`, where `v_y` is where `y` leaves `F` — going there first never
//!    makes `a` cheaper by as much as `y` costs (the triangle inequality of walks, with room).
//!
//! By (2) along a run of detours `y1…yk` before `a`, by induction from its end, `cost(y1…yk) +
//! extra_a(v_yk) > extra_a(p)`; a run at the end only adds its cost; the actions between the run
//! and the next one priced by `F` cost alike in both plans, and that one sets `F`, so everything
//! after it does too. So every cheapest plan is a plan without detours, and of those the search
//! without them returns the first in action order, as it would with them. Where the conditions do
//! not hold, nothing is left out.

use super::facts::{FactId, Value};
use super::model::{Action, Change, extra_at};
use smallvec::{SmallVec, smallvec};

/// Which of `actions` are detours on the way to `goal_facts` (see the module's notes), for
/// facts numbered below `fact_count`.
pub(super) fn detours(actions: &[Action], goal_facts: &[FactId], fact_count: usize) -> SmallVec<[bool; 32]> {
    let none = || smallvec![false; actions.len()];
    // The one fact some action changes and some cost is looked up by: where one stands.
    let priced = |f: FactId| actions.iter().any(|a| a.extra_costs.iter().any(|e| e.fact == f));
    let mut moved: SmallVec<[FactId; 4]> =
        actions.iter().flat_map(|a| &a.effects).map(|e| e.fact).filter(|&f| priced(f)).collect();
    moved.sort_unstable();
    moved.dedup();
    let [place] = moved[..] else { return none() };
    if !places_alike(actions, place) {
        return none();
    }
    let mut detour: SmallVec<[bool; 32]> =
        (0..actions.len()).map(|y| actions[y].cost > 0 && never_cheaper(actions, y, place)).collect();
    // Leave in what a kept action or the goal depends on, until nothing changes.
    loop {
        let mut tested: SmallVec<[bool; 64]> = smallvec![false; fact_count];
        goal_facts.iter().for_each(|f| tested[f.index()] = true);
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

/// Condition 1: every effect on `place` sets it, and every action priced by it sets it.
fn places_alike(actions: &[Action], place: FactId) -> bool {
    let sets = |a: &Action| a.effects.iter().any(|e| e.fact == place && e.change == Change::Set);
    let all_set =
        actions.iter().flat_map(|a| &a.effects).filter(|e| e.fact == place).all(|e| e.change == Change::Set);
    all_set && actions.iter().filter(|a| a.extra_costs.iter().any(|e| e.fact == place)).all(sets)
}

/// Condition 2 for detour `y`: before any action priced by `place`, going through `y` first
/// costs strictly more, from every value `place` may hold.
fn never_cheaper(actions: &[Action], y: usize, place: FactId) -> bool {
    // One that goes nowhere only costs.
    let Some(to) = actions[y].effects.iter().rev().find(|e| e.fact == place).map(|e| e.value) else {
        return true;
    };
    let extra = |a: &Action, at: Value| -> u64 {
        let tables = a.extra_costs.iter().filter(|e| e.fact == place);
        tables.map(|e| u64::from(extra_at(&e.by_value, e.and_above, at))).sum()
    };
    // An extra is a step function of the value, changing only at the values tables name: one
    // value on each side of every named value stands for every value `place` may hold.
    let named = actions.iter().flat_map(|a| {
        let tables = a.extra_costs.iter().filter(|e| e.fact == place);
        let values =
            tables.flat_map(|e| e.by_value.iter().map(|&(v, _)| v).chain(e.and_above.map(|(v, _)| v)));
        values.chain(a.effects.iter().filter(|e| e.fact == place).map(|e| e.value)).collect::<Vec<_>>()
    });
    let mut values: Vec<Value> = named.flat_map(|v| [v.saturating_sub(1), v, v.saturating_add(1)]).collect();
    values.sort_unstable();
    values.dedup();
    let through = u64::from(actions[y].cost);
    let priced = actions.iter().filter(|a| a.extra_costs.iter().any(|e| e.fact == place));
    values.iter().all(|&p| {
        let first = through + extra(&actions[y], p);
        priced.clone().all(|a| extra(a, p) < first + extra(a, to))
    })
}
