//! Walking straight down to the goal when the estimate is exact along the way: the very states the
//! search would expand, in the same order, with the same answer, without an open list or a closed
//! set (why: docs/planner.md). Runs on any [`Space`].

use super::Plan;
use super::Steps;
use super::facts::Value;
use super::search::{DEAD_END, Outcome, Space, Successor};

/// The longest walk tried (longer plans are left to the search).
const STEPS: usize = 64;

/// The search's answer, when walking down from `start` finds it within `budget` expansions.
/// The walk keeps its states in `states`, the one it stands on last.
pub(crate) fn dive<S: Space>(
    space: &S,
    states: &mut S::States,
    start: &[Value],
    budget: usize,
) -> Option<Outcome> {
    if !space.store_start(states, start) {
        return None;
    }
    let (mut g, mut h) = (0u64, space.estimate(states, 0));
    if h == DEAD_END {
        return None;
    }
    let mut steps = Steps::default();
    let last = STEPS.min(budget);
    for expanded in 0..=last {
        let at = expanded as u32;
        if h == 0 && space.meets_goal(states, at) {
            return Some(Ok(Plan { steps, cost: g, expanded }));
        }
        if expanded == last {
            return None;
        }
        let mut next = None;
        for a in 0..space.problem().len() {
            // A step dearer than all the estimate leaves cannot keep `f`, and what it costs is
            // known before it is taken; where a successor could overflow, that ends the walk
            // first, so it is taken anyway.
            let known = S::FITS_EVERY_STATE.then(|| space.cost(states, at, a));
            if known.is_some_and(|cost| cost > h) {
                continue;
            }
            match space.store_successor(states, at, a) {
                Successor::Stored => {}
                Successor::Skipped => continue,
                Successor::Overflow => return None,
            }
            let cost = known.unwrap_or_else(|| space.cost(states, at, a));
            if cost == 0 {
                return None;
            }
            // `f` is unchanged when the child's estimate is what is left (never when it is the
            // parent's: the step costs something).
            if cost <= h && !space.keeps_estimate(a) && space.estimate(states, at + 1) == h - cost {
                next = Some((a, cost));
                break;
            }
            space.discard_last(states);
        }
        let (a, cost) = next?;
        steps.push(space.problem().original(a));
        (g, h) = (g + cost, h - cost);
    }
    None
}
