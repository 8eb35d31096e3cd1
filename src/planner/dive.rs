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
//! dump (`bench/examples/golden`), the walk answers 1,036.

use super::Plan;
use super::heuristic::Heuristic;
use super::packed::PackedProblem;
use super::search::Outcome;
use super::steps::Steps;
use super::word::Word;

/// The longest walk tried (longer plans are left to the search).
const STEPS: usize = 64;

/// The search's answer, when walking down from `start` finds it within `budget` expansions.
pub(crate) fn dive<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    start: W,
    budget: usize,
) -> Option<Outcome> {
    let guards = problem.guards();
    let estimate = |x: W| problem.heuristic.estimate(heuristic, &problem.layout, x);
    let f = estimate(start);
    if f == u64::MAX {
        return None;
    }
    let (mut state, mut g, mut h) = (start, 0u64, f);
    let mut steps = [0u32; STEPS];
    for expanded in 0..=STEPS.min(budget) {
        if h == 0 && problem.goal.holds(state, guards) {
            let mut at = expanded;
            let plan = Steps::from_back(expanded, |slot| {
                at -= 1;
                *slot = steps[at];
            });
            return Some(Ok(Plan { steps: plan, cost: g, expanded }));
        }
        if expanded == STEPS.min(budget) {
            return None;
        }
        let mut next = None;
        for action in &problem.actions {
            if !action.needs.holds(state, guards) {
                continue;
            }
            let child = action.apply(state)?;
            if child == state || action.cost > h {
                continue;
            }
            if action.cost == 0 {
                return None;
            }
            // `f` is unchanged when the estimate is `rest`: the pattern's part at most that, and
            // the rest (worked out only then) too, one of them exactly.
            let rest = h - action.cost;
            let patterned = problem.heuristic.patterned(child);
            if patterned > rest {
                continue;
            }
            if patterned.max(problem.heuristic.unpatterned(heuristic, &problem.layout, child)) == rest {
                next = Some((child, action));
                break;
            }
        }
        let (child, action) = next?;
        steps[expanded] = action.original;
        (state, g, h) = (child, g + action.cost, h - action.cost);
    }
    None
}
