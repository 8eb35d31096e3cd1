//! The search's estimate of the cost still to pay: the goal's deficit bounds ([`Helpers`]), grouped
//! so that they add up, plus the walking still ahead ([`Arrivals`]), raised to the [`Pattern`]
//! database's cost where there is one — never more than the truth, and consistent
//! (docs/planner.md).

use super::arrivals::Arrivals;
use super::compile::{Compiled, SlotAction, SlotCondition};
use super::facts::Value;
use super::helpers::{Helper, Helpers};
use super::pattern::Pattern;
use smallvec::SmallVec;

#[derive(Clone, Debug)]
pub(crate) struct Heuristic {
    /// Each goal condition's deficit bound with its group, by group: no action helps conditions
    /// in two groups.
    pub bounds: Vec<(usize, Helpers)>,
    /// The least the arrivals the goal still needs cost: extras, which the bounds leave out.
    pub arrivals: Arrivals,
    /// The cost to the goal in a small abstraction, when there is one.
    pub pattern: Option<Pattern>,
    /// Per action, whether taking it leaves the estimate as it was: it changes no slot the
    /// bounds read (none, where a pattern database reads every slot).
    pub keeps: Vec<bool>,
}

impl Heuristic {
    /// The deficit bounds (and the enabling bounds) alone.
    pub fn deficits(problem: &Compiled) -> Self {
        let goal = &problem.goal;
        let helps =
            |a: &SlotAction, c: &SlotCondition| a.delta_on(c.slot).is_some_and(|d| d.can_help(c.compare));

        // Goal conditions joined by an action that helps both are in one group, named by the
        // first of them.
        let mut group: SmallVec<[usize; 8]> = (0..goal.len()).collect();
        for action in problem.actions() {
            let helped = (0..goal.len()).filter(|&i| helps(&action, &goal[i]));
            let joined: SmallVec<[usize; 8]> = helped.map(|i| group[i]).collect();
            if let Some(&first) = joined.iter().min() {
                group.iter_mut().filter(|g| joined.contains(g)).for_each(|g| *g = first);
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
                (group[i], Helpers::new(*condition, helpers))
            })
            .collect();
        bounds.sort_by_key(|&(group, _)| group);
        let mut read = vec![false; problem.slots.len()];
        let arrivals = Arrivals::new(problem, helps);
        let bounds_read = bounds.iter().flat_map(|(_, b)| b.slots_read());
        bounds_read.chain(arrivals.slots_read()).for_each(|slot| read[slot] = true);
        let keeps = problem.actions().map(|a| a.deltas.iter().all(|&(slot, _)| !read[usize::from(slot)]));
        Heuristic { bounds, arrivals, pattern: None, keeps: keeps.collect() }
    }

    /// These bounds raised by the pattern database, where the problem is small enough for one.
    pub fn with_pattern(mut self, problem: &Compiled) -> Self {
        let pattern = Pattern::new(problem, |state| self.estimate_unpatterned(state));
        if pattern.is_some() {
            self.keeps.fill(false); // the database reads every slot
        }
        Heuristic { pattern, ..self }
    }

    /// A lower bound on the cost from `state` (the slots' values) to the goal, or `None` when
    /// some unmet condition has no action that could ever move it (a dead end).
    #[inline]
    pub fn estimate(&self, state: &[Value]) -> Option<u64> {
        match &self.pattern {
            Some(pattern) => pattern.estimate(state, || self.estimate_unpatterned(state)),
            None => self.estimate_unpatterned(state),
        }
    }

    /// The estimate without the [`Pattern`]: the deficit bounds (base costs) and the arrivals
    /// still ahead (extras), added; `None` when one finds a dead end.
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
        Some(sum.saturating_add(largest).max(enabled).saturating_add(self.arrivals.ahead(state)?))
    }
}
