//! A quick relaxed look-ahead: can the goal be reached at all, and if not, which facts no action
//! can move (docs/planner.md)?

use super::compile::{Compiled, SlotAction, SlotCondition};
use super::facts::Value;
use super::model::Condition;
use super::ops::Delta;

/// Whether some value in its slot's `(low, high)` meets `c`.
fn admits(range: &[(i64, i64)], c: &SlotCondition) -> bool {
    let (low, high) = range[c.slot as usize];
    c.compare.holds_within(low, high, c.value)
}

/// The look-ahead's reusable working memory.
#[derive(Default)]
pub(crate) struct ReachScratch {
    range: Vec<(i64, i64)>,
    fired: Vec<bool>,
}

/// `None` when the goal may be reachable; otherwise the conditions that block it, as the facts
/// no available action can move toward what is needed.
pub(crate) fn blockers(
    problem: &Compiled,
    start: &[Value],
    scratch: &mut ReachScratch,
) -> Option<Vec<Condition>> {
    let ReachScratch { range, fired } = scratch;
    range.clear();
    range.extend(start.iter().map(|&v| (i64::from(v), i64::from(v))));
    fired.clear();
    fired.resize(problem.len(), false);
    loop {
        if problem.goal.iter().all(|c| admits(range, c)) {
            return None;
        }
        let mut changed = false;
        for (a, action) in problem.actions().enumerate() {
            if fired[a] || !action.preconditions.iter().all(|c| admits(range, c)) {
                continue;
            }
            fired[a] = true;
            changed = true;
            for &(slot, delta) in action.deltas {
                let (low, high) = range[slot as usize];
                range[slot as usize] = delta.widened(low, high);
            }
        }
        if !changed {
            break;
        }
    }

    // Walk back from each unmet goal condition through the actions that would have met it.
    let unmet = || problem.goal.iter().filter(|c| !admits(range, c));
    let (mut roots, mut seen, mut pending) = (Vec::new(), Vec::new(), Vec::from_iter(unmet().copied()));
    while let Some(c) = pending.pop() {
        if seen.contains(&c) {
            continue;
        }
        seen.push(c);
        // Which way the fact must move from the values it can reach (the nearest of them).
        let (low, high) = range[c.slot as usize];
        let nearest = if i64::from(c.value) > high { high } else { low };
        let need = c.need(nearest.clamp(Value::MIN.into(), Value::MAX.into()) as Value);
        let meets = |a: &SlotAction| {
            let moves = |delta: Delta| delta.moves_as(need) && delta != Delta::NONE;
            a.delta_on(c.slot).is_some_and(|delta| delta.sets().map_or(moves(delta), |to| c.holds_for(to)))
        };
        let mut any = false;
        for action in problem.actions().filter(meets) {
            any = true;
            for p in action.preconditions {
                if !admits(range, p) {
                    pending.push(*p);
                }
            }
        }
        if !any {
            roots.push(c);
        }
    }
    if roots.is_empty() {
        roots.extend(unmet()); // every one leads somewhere: name the goal's unmet conditions
    }
    let mut conditions: Vec<Condition> = roots
        .iter()
        .map(|c| Condition { fact: problem.slots[c.slot as usize], compare: c.compare, value: c.value })
        .collect();
    conditions.sort_by_key(|c| (c.fact, c.value));
    conditions.dedup();
    Some(conditions)
}
