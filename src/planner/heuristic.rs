//! The search's estimate of the cost still to pay: never more than the truth, aware of numbers.
//!
//! Each unmet goal condition has a deficit bound ([`Helpers`]: `logs >= 8` with `+2` per step
//! needs at least 4 steps, not "1 unmet condition"). Conditions are grouped so that no action
//! helps two groups: each group's bound is paid by its own actions, so the groups' bounds add
//! up, and within a group the largest bound holds. Preconditions are ignored (a relaxation), so
//! the sum never overestimates.
//!
//! Where a helper's own preconditions may still have to be brought about, [`Enabling`] charges
//! for that too, condition by condition; and where the facts that matter take few values, a
//! [`Pattern`] database knows the cost to the goal of a small abstraction of the whole problem.
//! The estimate is the largest of these (the enabling bounds are left out where the database is
//! never below them).

use super::compile::{Compiled, SlotAction, SlotCondition};
use super::enabling::Enabling;
use super::facts::Value;
pub(crate) use super::helpers::Helpers;
use super::pattern::Pattern;

#[derive(Clone, Debug)]
pub(crate) struct Heuristic {
    /// Goal conditions grouped so that no action helps conditions in two groups.
    pub groups: Vec<Vec<Helpers>>,
    /// The stronger bounds of the goal conditions whose helpers may need enabling.
    pub enabling: Vec<Enabling>,
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
        let mut parent: Vec<usize> = (0..goal.len()).collect();
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

        let mut groups: Vec<Vec<Helpers>> = Vec::new();
        let mut roots: Vec<usize> = Vec::with_capacity(goal.len());
        for (i, condition) in goal.iter().enumerate() {
            let helpers = problem.actions().filter(|a| helps(a, condition));
            let entry = Helpers::new(
                *condition,
                helpers.filter_map(|a| Some((u64::from(a.cost), a.delta_on(condition.slot)?))),
            );
            let r = root(&mut parent, i);
            match roots.iter().position(|&g| g == r) {
                Some(g) => groups[g].push(entry),
                None => (roots.push(r), groups.push(vec![entry])).1,
            }
        }
        Heuristic { groups, enabling: Vec::new(), pattern: None }
    }

    /// The deficit bounds raised by the enabling bounds and the pattern database: dearer to
    /// build, for a planner asked again and again.
    pub fn full(problem: &Compiled, plain: &Heuristic) -> Self {
        let (mut enabling, pattern) = (Enabling::for_goal(problem), Pattern::new(problem));
        // The enabling bounds cost time at every state: where the pattern database is never below
        // them in its box, they are left out.
        let on = |values: &[i64]| enabling_bound(&enabling, &|slot: usize| values[slot] as Value);
        if pattern.as_ref().is_some_and(|p| p.dominates(on)) {
            enabling.clear();
        }
        Heuristic { groups: plain.groups.clone(), enabling, pattern }
    }

    /// A lower bound on the cost from `state` to the goal, or `None` when some unmet condition
    /// has no action that could ever move it (a dead end).
    pub fn estimate(&self, state: &[Value]) -> Option<u64> {
        self.estimate_by(|slot| state[slot])
    }

    /// [`estimate`](Self::estimate) for a state given as a slot's value by `value_of(slot)`.
    #[inline]
    pub fn estimate_by(&self, value_of: impl Fn(usize) -> Value) -> Option<u64> {
        let estimate = self.estimate_unpatterned(&value_of)?;
        match &self.pattern {
            Some(pattern) => Some(estimate.max(pattern.estimate(value_of)?)),
            None => Some(estimate),
        }
    }

    /// The estimate without the [`Pattern`]: the deficit bounds, raised to the largest
    /// [`Enabling`] bound; `None` when one finds a dead end.
    #[inline]
    pub fn estimate_unpatterned(&self, value_of: &impl Fn(usize) -> Value) -> Option<u64> {
        let mut estimate = 0u64;
        for group in &self.groups {
            let mut largest = 0u64;
            for member in group {
                largest = largest.max(member.bound(value_of(member.condition.slot as usize))?);
            }
            estimate = estimate.saturating_add(largest);
        }
        Some(estimate.max(enabling_bound(&self.enabling, value_of)?))
    }
}

/// The largest of `enabling`'s bounds on the state given by `value_of(slot)` (0 without any);
/// `None` when one finds a dead end.
#[inline]
fn enabling_bound(enabling: &[Enabling], value_of: &impl Fn(usize) -> Value) -> Option<u64> {
    let mut estimate = 0;
    for e in enabling {
        estimate = estimate.max(e.bound(value_of(e.condition.slot as usize), e.mask(value_of))?);
    }
    Some(estimate)
}
