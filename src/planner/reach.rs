//! A quick relaxed look-ahead: can the goal be reached at all, and if not, which facts no action
//! can move (docs/planner.md)?

use super::compile::{Compiled, SlotAction, SlotCondition};
use super::facts::Value;
use super::model::{Compare, Condition};
use super::ops::Delta;

#[derive(Clone, Copy, Debug)]
struct Interval {
    lo: i64,
    hi: i64,
}

impl Interval {
    fn admits(self, c: &SlotCondition) -> bool {
        c.compare.holds_within(self.lo, self.hi, c.value)
    }
}

/// The look-ahead's reusable working memory.
#[derive(Default)]
pub(crate) struct ReachScratch {
    range: Vec<Interval>,
    fired: Vec<bool>,
    /// The walk back from unmet goal conditions (a villager waiting for the world to change asks
    /// this every retry, so it reuses its memory too).
    unmet: Vec<SlotCondition>,
    roots: Vec<SlotCondition>,
    seen: Vec<(u16, Compare, Value)>,
    pending: Vec<SlotCondition>,
}

/// `None` when the goal may be reachable; otherwise the conditions that block it, as the facts
/// no available action can move toward what is needed.
pub(crate) fn blockers(
    problem: &Compiled,
    start: &[Value],
    scratch: &mut ReachScratch,
) -> Option<Vec<Condition>> {
    let ReachScratch { range, fired, unmet, roots, seen, pending } = scratch;
    range.clear();
    range.extend(start.iter().map(|&v| Interval { lo: i64::from(v), hi: i64::from(v) }));
    fired.clear();
    fired.resize(problem.len(), false);
    loop {
        if problem.goal.iter().all(|c| range[c.slot as usize].admits(c)) {
            return None;
        }
        let mut changed = false;
        for (a, action) in problem.actions().enumerate() {
            if fired[a] || !action.preconditions.iter().all(|c| range[c.slot as usize].admits(c)) {
                continue;
            }
            fired[a] = true;
            changed = true;
            for &(slot, delta) in action.deltas {
                let r = &mut range[slot as usize];
                match delta {
                    Delta::Add(k) if k > 0 => r.hi = i64::MAX,
                    Delta::Add(k) if k < 0 => r.lo = i64::MIN,
                    Delta::Add(_) => {}
                    Delta::Set(c) => {
                        r.lo = r.lo.min(i64::from(c));
                        r.hi = r.hi.max(i64::from(c));
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }

    unmet.clear();
    unmet.extend(problem.goal.iter().filter(|c| !range[c.slot as usize].admits(c)).copied());
    if unmet.is_empty() {
        return None;
    }

    // Walk back from each unmet goal condition through the actions that would have met it.
    roots.clear();
    seen.clear();
    pending.clear();
    pending.extend_from_slice(unmet);
    while let Some(c) = pending.pop() {
        if seen.contains(&(c.slot, c.compare, c.value)) {
            continue;
        }
        seen.push((c.slot, c.compare, c.value));
        // Which way the fact must move from the values it can reach (the nearest of them).
        let r = range[c.slot as usize];
        let need =
            c.need(
                if i64::from(c.value) > r.hi { r.hi } else { r.lo }.clamp(-1 << 31, (1 << 31) - 1) as Value
            );
        let meets = |a: &SlotAction| match a.delta_on(c.slot) {
            Some(Delta::Set(to)) => c.holds_for(to),
            Some(delta) => delta.moves_as(need) && delta != Delta::NONE,
            None => false,
        };
        let mut any = false;
        for action in problem.actions().filter(meets) {
            any = true;
            for p in action.preconditions {
                if !range[p.slot as usize].admits(p) {
                    pending.push(*p);
                }
            }
        }
        if !any {
            roots.push(c);
        }
    }
    let named = if roots.is_empty() { &*unmet } else { &*roots };
    let mut conditions: Vec<Condition> = named
        .iter()
        .map(|c| Condition { fact: problem.slots[c.slot as usize], compare: c.compare, value: c.value })
        .collect();
    conditions.sort_by_key(|c| (c.fact, c.value));
    conditions.dedup();
    Some(conditions)
}
