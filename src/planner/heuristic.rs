//! The search's estimate of the cost still to pay: never more than the truth, aware of numbers.
//!
//! For one unmet condition with deficit `d` (`logs >= 8` at `logs = 2` has `d = 6`), any plan
//! must gain at least `d` on that fact, and an action with net change `+k` gains at most
//! `min(k, d)` per use (a `set` can close the whole deficit at once). So the plan pays at least
//! `d × min(cost / gain)` over the helping actions — `⌈6 × 1/2⌉ = 3` steps of `+2`, not "1 unmet
//! condition". Conditions are then grouped so that no action helps two groups: each group's
//! bound is paid by its own actions, so the groups' bounds add up, and within a group the largest
//! bound holds. Preconditions are ignored (a relaxation), so the sum never overestimates.

use super::compile::{Compiled, Delta, SlotCondition};
use super::facts::Value;
use super::model::Compare;

/// The actions that can help one goal condition: (cost, net change on its fact).
#[derive(Clone, Debug)]
pub(crate) struct Helpers {
    pub condition: SlotCondition,
    helpers: Vec<(u64, Delta)>,
}

#[derive(Clone, Debug)]
pub(crate) struct Heuristic {
    /// Goal conditions grouped so that no action helps conditions in two groups.
    pub groups: Vec<Vec<Helpers>>,
}

impl Heuristic {
    pub fn new(problem: &Compiled) -> Self {
        let goal = &problem.goal;
        let helps = |action: usize, c: &SlotCondition| {
            problem.actions[action].delta_on(c.slot).is_some_and(|d| d.can_help(c.compare))
        };

        // Union-find over goal conditions joined by an action that helps both.
        let mut parent: Vec<usize> = (0..goal.len()).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        for a in 0..problem.actions.len() {
            let helped: Vec<usize> = (0..goal.len()).filter(|&i| helps(a, &goal[i])).collect();
            for pair in helped.windows(2) {
                let (x, y) = (root(&mut parent, pair[0]), root(&mut parent, pair[1]));
                parent[x.max(y)] = x.min(y);
            }
        }

        let mut groups: Vec<(usize, Vec<Helpers>)> = Vec::new();
        for (i, condition) in goal.iter().enumerate() {
            let helpers = problem
                .actions
                .iter()
                .enumerate()
                .filter(|&(a, _)| helps(a, condition))
                .filter_map(|(_, action)| {
                    action.delta_on(condition.slot).map(|d| (u64::from(action.cost), d))
                })
                .collect();
            let entry = Helpers { condition: *condition, helpers };
            let r = root(&mut parent, i);
            match groups.iter_mut().find(|(g, _)| *g == r) {
                Some((_, members)) => members.push(entry),
                None => groups.push((r, vec![entry])),
            }
        }
        Heuristic { groups: groups.into_iter().map(|(_, members)| members).collect() }
    }

    /// A lower bound on the cost from `state` to the goal, or `None` when some unmet condition
    /// has no action that could ever move it (a dead end).
    pub fn estimate(&self, state: &[Value]) -> Option<u64> {
        self.estimate_by(|slot| state[slot])
    }

    /// [`estimate`](Self::estimate) for a state given as a slot's value by `value_of(slot)`.
    #[inline]
    pub fn estimate_by(&self, value_of: impl Fn(usize) -> Value) -> Option<u64> {
        let mut total = 0u64;
        for group in &self.groups {
            let mut largest = 0u64;
            for member in group {
                largest = largest.max(member.bound(value_of(member.condition.slot as usize))?);
            }
            total = total.saturating_add(largest);
        }
        Some(total)
    }
}

impl Helpers {
    /// The least cost of meeting this condition from `actual`, preconditions aside; `None`
    /// when no helper moves the fact the needed way.
    pub fn bound(&self, actual: Value) -> Option<u64> {
        let c = self.condition;
        if c.holds_for(actual) {
            return Some(0);
        }
        let target = i64::from(c.value);
        let actual = i64::from(actual);
        // Which way the fact has to move; `==` moves toward its value from either side.
        let upward = match c.compare {
            Compare::AtLeast => true,
            Compare::AtMost => false,
            Compare::Exactly => actual < target,
        };
        let deficit = (target - actual).unsigned_abs();
        self.helpers
            .iter()
            .filter_map(|&(cost, delta)| {
                let gain = match delta {
                    Delta::Add(k) if upward && k > 0 => (k as u64).min(deficit),
                    Delta::Add(k) if !upward && k < 0 => k.unsigned_abs().min(deficit),
                    Delta::Set(to) if (i64::from(to) > actual) == upward && i64::from(to) != actual => {
                        deficit
                    }
                    _ => return None,
                };
                Some(if gain == deficit {
                    cost // one use can close the whole deficit
                } else {
                    // ⌈deficit × cost / gain⌉, widened only if the product overflows.
                    match deficit.checked_mul(cost) {
                        Some(product) => product.div_ceil(gain),
                        None => {
                            u64::try_from((u128::from(deficit) * u128::from(cost)).div_ceil(u128::from(gain)))
                                .unwrap_or(u64::MAX)
                        }
                    }
                })
            })
            .min()
    }
}
