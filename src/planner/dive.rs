//! Walking straight down to the goal when the estimate is exact along the way.
//!
//! The search expands states by `f = g + h`, ties by their paths in action order, and the
//! estimate is consistent, so no successor's `f` is below its parent's. From the start, at
//! `f = h(start)`, the search therefore next expands the first successor in action order that
//! keeps `f` unchanged — if there is one — and so on down. When such a walk reaches the goal,
//! it is exactly what the search would have expanded, in that order, and the plan it would have
//! returned: the walk answers for it, with the same plan, cost and count of expansions, without
//! an open list or a closed set. (A step of cost 0 could lead back to a state already walked
//! through, which the search would skip: the walk gives up instead.) When the walk cannot go on,
//! the search runs from the start as usual. With a [`Pattern`](super::pattern) database the
//! estimate is often exact: of the 1,037 questions with a plan in the shipped scenarios' golden
//! dump (`bench/examples/golden`), 1,032 expand exactly as many states as their plan has steps.
//! The walk runs on any [`Space`].

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
    S::clear(states);
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
            match space.store_successor(states, at, a) {
                Successor::Stored => {}
                Successor::Skipped => continue,
                Successor::Overflow => return None,
            }
            let cost = space.cost(states, at, a);
            if cost == 0 {
                return None;
            }
            // `f` is unchanged when the child's estimate is what is left.
            if cost <= h && space.estimate_is(states, at + 1, h - cost) {
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
