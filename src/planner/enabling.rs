//! A stronger bound for one goal condition: its helpers' own preconditions must be brought about
//! first, and that costs something too.
//!
//! `logs >= 8` with `chop` (+1) and `chopWithAxe` (+2, needs `hasAxe`) is at least 4 steps by
//! deficit alone, but `chopWithAxe` cannot run before an axe is fetched: the axe route costs at
//! least 4 + 2, the bare-handed one 8, so the plan costs at least 6. A helper `a` of condition
//! `c` is charged `uses(a) + enable(a)`, where `uses` is the deficit bound of
//! [`Helpers`](super::heuristic::Helpers) and `enable(a)` is an h_max relaxation: the dearest of
//! `a`'s unmet preconditions, each costing its cheapest achiever plus, recursively, that
//! achiever's own dearest unmet precondition (to [`DEPTH`] levels; deeper ones count as free).
//!
//! Why this never overestimates: inside the relaxation the helpers of `c` cost nothing — their
//! cost is the deficit part's — so it bounds what a plan pays for its other actions, and the two
//! parts add up. Mixing helpers cannot beat the bound: whatever mix is used, the helper with the
//! best cost per unit among them bounds the gains' cost, and enabling it bounds the rest. And why
//! it is consistent (an action of cost `k` lowers it by at most `k`): the relaxation is h_max,
//! whose values fall by at most the cost of the action taken (nothing, for a helper, whose own
//! use is then the cheaper term), and the deficit part is the one the plain bound uses. Property
//! tests check both on random domains.
//!
//! The relaxation depends on a state only through which of its few conditions hold, so it is
//! worked out once per combination when the planner is built ([`MAX_TESTS`] conditions at most,
//! shallower levels when there are more): at plan time a helper's enabling cost is a table read.

use super::compile::{Compiled, SlotAction, SlotCondition};
use super::facts::Value;
use super::helpers::Helpers;
use super::ops::Delta;

/// Levels of preconditions the relaxation looks through, at most.
const DEPTH: usize = 4;
/// The most conditions the relaxation of one goal condition tests (its tables have `2^n` rows).
pub(crate) const MAX_TESTS: usize = 6;
/// The most nodes the relaxation of one goal condition unrolls into (it is built once per planner).
const MAX_NODES: usize = 256;

/// The stronger bound for one goal condition.
#[derive(Clone, Debug)]
pub(crate) struct Enabling {
    pub condition: SlotCondition,
    /// The helpers that are charged no enabling (they need nothing).
    pub plain: Vec<(u64, Delta)>,
    /// Every helper: what is left after the last `set` is bounded by all of them.
    pub all: Helpers,
    pub gated: Vec<Gated>,
    /// The conditions the relaxation tests; bit `i` of a state's mask is whether `tests[i]` holds.
    pub tests: Vec<SlotCondition>,
}

/// A helper charged for enabling its preconditions.
#[derive(Clone, Debug)]
pub(crate) struct Gated {
    pub cost: u64,
    pub delta: Delta,
    /// The enabling cost for each mask of [`Enabling::tests`]; `None`: it can never be enabled.
    pub enable: Vec<Option<u64>>,
}

/// A condition of the relaxation and the actions that can bring it about.
struct Relaxed {
    condition: SlotCondition,
    achievers: Vec<Achiever>,
}

struct Achiever {
    cost: u64,
    needs: Vec<Relaxed>,
}

impl Enabling {
    /// The stronger bounds of `problem`'s goal conditions, where there is anything to enable.
    pub fn for_goal(problem: &Compiled) -> Vec<Enabling> {
        problem.goal.iter().filter_map(|c| Enabling::new(problem, *c)).collect()
    }

    fn new(problem: &Compiled, condition: SlotCondition) -> Option<Enabling> {
        let helps =
            |a: &SlotAction| a.delta_on(condition.slot).is_some_and(|d| d.can_help(condition.compare));
        let helpers: Vec<usize> = (0..problem.len()).filter(|&a| helps(&problem.action(a))).collect();
        // The deepest relaxation whose tests fit the tables.
        for depth in (1..=DEPTH).rev() {
            let (mut tests, mut nodes) = (Vec::new(), 0);
            let (mut plain, mut trees, mut all) = (Vec::new(), Vec::new(), Vec::new());
            for &h in &helpers {
                let action = problem.action(h);
                let delta = action.delta_on(condition.slot).expect("a helper changes the condition's fact");
                all.push((u64::from(action.cost), delta));
                let needs: Vec<Relaxed> = action
                    .preconditions
                    .iter()
                    .map(|p| relaxed(problem, &helpers, *p, depth, &mut nodes))
                    .collect();
                if needs.is_empty() {
                    plain.push((u64::from(action.cost), delta));
                } else {
                    needs.iter().for_each(|n| n.collect_tests(&mut tests));
                    trees.push((u64::from(action.cost), delta, needs));
                }
            }
            if trees.is_empty() {
                return None;
            }
            if tests.len() > MAX_TESTS || nodes > MAX_NODES {
                continue;
            }
            let masks = 1usize << tests.len();
            let gated = trees
                .into_iter()
                .map(|(cost, delta, needs)| {
                    let enable = (0..masks)
                        .map(|mask| {
                            let holds = |c: &SlotCondition| mask >> position(&tests, c) & 1 == 1;
                            dearest(&needs, &holds)
                        })
                        .collect();
                    Gated { cost, delta, enable }
                })
                .collect();
            let all = Helpers::new(condition, all);
            return Some(Enabling { condition, plain, all, gated, tests });
        }
        None
    }

    /// Which of [`tests`](Self::tests) hold in the state given by `value_of`, as bits.
    #[inline]
    pub fn mask(&self, value_of: &impl Fn(usize) -> Value) -> usize {
        self.tests
            .iter()
            .enumerate()
            .fold(0, |mask, (i, t)| mask | usize::from(t.holds_for(value_of(t.slot as usize))) << i)
    }

    /// A lower bound on the cost of meeting the condition from `actual` (its fact's value) in a
    /// state whose tests give `mask`; `None` when nothing can meet it.
    ///
    /// A plan that sets the fact pays for its last `set`, for enabling it and for what is left
    /// from the value set; a plan that only adds pays, for the adds, at least what its best
    /// helper per unit would, and for enabling that helper. Each term below is one of those.
    #[inline]
    pub fn bound(&self, actual: Value, mask: usize) -> Option<u64> {
        if self.condition.holds_for(actual) {
            return Some(0);
        }
        let plain = self.plain.iter().filter_map(|&(cost, delta)| self.all.bound_using(actual, cost, delta));
        let gated = self.gated.iter().filter_map(|g| {
            Some(self.all.bound_using(actual, g.cost, g.delta)?.saturating_add(g.enable[mask]?))
        });
        plain.chain(gated).min()
    }
}

/// Where `c` is in `tests`.
fn position(tests: &[SlotCondition], c: &SlotCondition) -> usize {
    tests.iter().position(|t| same(t, c)).expect("every condition of the relaxation is a test")
}

fn same(a: &SlotCondition, b: &SlotCondition) -> bool {
    (a.slot, a.compare, a.value) == (b.slot, b.compare, b.value)
}

/// The relaxation of `condition` with `depth` levels, in which the goal condition's `helpers`
/// cost nothing, counting its nodes (it stops unrolling past [`MAX_NODES`]; the caller then goes
/// shallower).
fn relaxed(
    problem: &Compiled,
    helpers: &[usize],
    condition: SlotCondition,
    depth: usize,
    nodes: &mut usize,
) -> Relaxed {
    *nodes += 1;
    let mut achievers = Vec::new();
    for (b, action) in problem.actions().enumerate() {
        if !action.delta_on(condition.slot).is_some_and(|d| d.can_help(condition.compare)) {
            continue;
        }
        // Every achiever is listed at every level (that keeps the bound consistent); only their
        // own preconditions are cut off, at the last level.
        let needs = if depth > 1 && *nodes <= MAX_NODES {
            action.preconditions.iter().map(|p| relaxed(problem, helpers, *p, depth - 1, nodes)).collect()
        } else {
            Vec::new()
        };
        let cost = if helpers.contains(&b) { 0 } else { u64::from(action.cost) };
        achievers.push(Achiever { cost, needs });
    }
    Relaxed { condition, achievers }
}

/// The relaxed cost of the dearest of `needs`: 0 when all hold, `None` when one never can.
fn dearest(needs: &[Relaxed], holds: &impl Fn(&SlotCondition) -> bool) -> Option<u64> {
    let mut dearest = 0;
    for need in needs {
        dearest = dearest.max(need.cost(holds)?);
    }
    Some(dearest)
}

impl Relaxed {
    fn cost(&self, holds: &impl Fn(&SlotCondition) -> bool) -> Option<u64> {
        if holds(&self.condition) {
            return Some(0);
        }
        let each =
            self.achievers.iter().filter_map(|a| Some(a.cost.saturating_add(dearest(&a.needs, holds)?)));
        each.min()
    }

    fn collect_tests(&self, tests: &mut Vec<SlotCondition>) {
        if !tests.iter().any(|t| same(t, &self.condition)) {
            tests.push(self.condition);
        }
        self.achievers.iter().flat_map(|a| &a.needs).for_each(|n| n.collect_tests(tests));
    }
}
