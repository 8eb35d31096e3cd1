//! The search's estimate of the cost still to pay: the goal's deficit bounds ([`Helpers`]), grouped
//! so that they add up, raised to the [`Pattern`] database's cost where there is one — never more
//! than the truth, and consistent (docs/planner.md).

use super::compile::{Compiled, SlotAction, SlotCondition};
use super::facts::Value;
pub(crate) use super::helpers::{Helper, Helpers};
use super::pattern::Pattern;
use smallvec::SmallVec;

#[derive(Clone, Debug)]
pub(crate) struct Heuristic {
    /// Each goal condition's deficit bound with its group, by group: no action helps conditions
    /// in two groups.
    pub bounds: Vec<(usize, Helpers)>,
    /// The cost to the goal in a small abstraction, when there is one.
    pub pattern: Option<Pattern>,
}

impl Heuristic {
    /// The deficit bounds alone: cheap to build, for a planner asked once.
    pub fn plain(problem: &Compiled) -> Self {
        let goal = &problem.goal;
        let helps =
            |a: &SlotAction, c: &SlotCondition| a.delta_on(c.slot).is_some_and(|d| d.can_help(c.compare));

        // Union-find over goal conditions joined by an action that helps both.
        let mut parent: SmallVec<[usize; 8]> = (0..goal.len()).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        for action in problem.actions() {
            let mut helped = (0..goal.len()).filter(|&i| helps(&action, &goal[i]));
            if let Some(first) = helped.next() {
                for other in helped {
                    let (x, y) = (root(&mut parent, first), root(&mut parent, other));
                    parent[x.max(y)] = x.min(y);
                }
            }
        }

        let mut bounds: Vec<(usize, Helpers)> = (goal.iter().enumerate())
            .map(|(i, condition)| {
                // What bringing `p` about costs at least: its cheapest achiever, nothing for a helper of
                // `condition` (the deficit part pays for those).
                let enabling = |p: &SlotCondition| {
                    let achievers = problem.actions().filter(|b| helps(b, p));
                    let cost = |b: SlotAction| if helps(&b, condition) { 0 } else { u64::from(b.cost) };
                    achievers.map(cost).min().unwrap_or(u64::MAX)
                };
                let helpers = problem.actions().filter(|a| helps(a, condition)).map(|a| Helper {
                    cost: u64::from(a.cost),
                    delta: a.delta_on(condition.slot).expect("a helper changes the fact"),
                    enabling: a
                        .preconditions
                        .iter()
                        .map(|p| (*p, enabling(p)))
                        .filter(|&(_, c)| c > 0)
                        .collect(),
                });
                (root(&mut parent, i), Helpers::new(*condition, helpers))
            })
            .collect();
        bounds.sort_by_key(|&(group, _)| group);
        Heuristic { bounds, pattern: None }
    }

    /// The plain bounds raised by the pattern database: dearer to build, for a planner asked
    /// again and again.
    pub fn full(problem: &Compiled, plain: &Heuristic) -> Self {
        let pattern = Pattern::new(problem, |state| plain.estimate_unpatterned(state));
        Heuristic { pattern, ..plain.clone() }
    }

    /// A lower bound on the cost from `state` (the slots' values) to the goal, or `None` when
    /// some unmet condition has no action that could ever move it (a dead end).
    #[inline]
    pub fn estimate(&self, state: &[Value]) -> Option<u64> {
        self.estimate_with(state.iter().copied(), || self.estimate_unpatterned(state))
    }

    /// [`estimate`](Self::estimate) of the state whose slots hold `values`, in order, given
    /// [`estimate_unpatterned`](Self::estimate_unpatterned) of it, which is asked only when the
    /// pattern database does not know the whole estimate.
    #[inline(always)]
    pub fn estimate_with(
        &self,
        values: impl Iterator<Item = Value>,
        unpatterned: impl FnOnce() -> Option<u64>,
    ) -> Option<u64> {
        match &self.pattern {
            Some(pattern) => pattern.estimate(values, unpatterned),
            None => unpatterned(),
        }
    }

    /// The estimate without the [`Pattern`]: the deficit bounds; `None` when one finds a dead
    /// end.
    #[inline]
    pub fn estimate_unpatterned(&self, state: &[Value]) -> Option<u64> {
        let (mut sum, mut group, mut largest) = (0u64, usize::MAX, 0u64);
        for (member_of, bound) in &self.bounds {
            if *member_of != group {
                (sum, group, largest) = (sum.saturating_add(largest), *member_of, 0);
            }
            largest = largest.max(bound.bound(state[bound.condition.slot as usize])?);
        }
        // Enabling costs may be shared between groups, so those bounds do not add up.
        let mut enabled = 0;
        for (_, bound) in self.bounds.iter().filter(|(_, b)| b.gated) {
            enabled = enabled.max(bound.enabled(state)?);
        }
        Some(sum.saturating_add(largest).max(enabled))
    }
}
