//! Walking straight down to the goal when the estimate is exact along the way: the very states the
//! search would expand, in the same order, with the same answer, without an open list or a closed
//! set (why: docs/planner.md). A fast path: the plain planner leaves it out.

use super::Plan;
use super::Steps;
use super::facts::Value;
use super::search::{DEAD_END, Outcome, Question};
use super::states::States;

/// The longest walk tried (longer plans are left to the search).
const STEPS: usize = 64;

/// The search's answer, when walking down from `start` finds it within `budget` expansions.
/// The walk keeps its states in `states`, the one it stands on last.
pub(crate) fn dive(
    question: Question,
    states: &mut States,
    start: &[Value],
    budget: usize,
) -> Option<Outcome> {
    states.reset(start, question.width());
    let (mut g, mut h) = (0u64, question.estimate(start));
    if h == DEAD_END {
        return None;
    }
    let (mut steps, problem) = (Steps::default(), question.problem);
    let last = STEPS.min(budget);
    for expanded in 0..=last {
        let at = expanded as u32;
        if h == 0 && problem.meets_goal(states.get(at)) {
            return Some(Ok(Plan { steps, cost: g, expanded }));
        }
        if expanded == last {
            return None;
        }
        let mut next = None;
        for a in 0..problem.len() {
            // A step dearer than all the estimate leaves cannot keep `f`.
            let cost = states.cost(problem, at, a);
            if cost > h || !states.successor(problem, at, a) {
                continue;
            }
            if cost == 0 {
                return None; // it could lead back to a state walked through, which the search skips
            }
            // `f` is unchanged when the child's estimate is what is left.
            if question.estimate_after(a, h, states.get(at + 1)) == h - cost {
                next = Some((a, cost));
                break;
            }
            states.discard_last();
        }
        let (a, cost) = next?;
        steps.push(problem.original(a));
        (g, h) = (g + cost, h - cost);
    }
    None
}
