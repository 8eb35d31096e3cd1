//! Forward A* — the planner's one search — over value slices ([`States`]): one closed set keyed
//! by the state, one open list, ties broken by the paths' [labels](super::label). Its memory is
//! cleared, not freed, between searches, so a plan allocates nothing once a thread has planned.

use super::compile::Compiled;
use super::facts::Value;
use super::heuristic::Heuristic;
use super::label::Order;
use super::open::OpenList;
use super::states::States;
use super::trace::{TriedResult, Watch};
use super::{NoPlan, Plan, Steps};
use hashbrown::HashTable;

/// What a search came to: the plan, or why there is none (never [`NoPlan::Unreachable`]: that
/// is the relaxed look-ahead's finding).
pub(crate) type Outcome = Result<Plan, NoPlan>;

/// An estimate standing for "the goal is out of reach from here".
pub(crate) const DEAD_END: u64 = u64::MAX;

/// What a search runs on: the problem, its estimate, and whether it may take a parent's estimate
/// for a successor the estimate cannot tell apart ([`Heuristic::keeps`]) — a fast path the plain
/// planner leaves out.
#[derive(Clone, Copy)]
pub(crate) struct Question<'a> {
    pub problem: &'a Compiled,
    pub heuristic: &'a Heuristic,
    pub fast: bool,
    /// Of equally cheap states, the one reached in fewest steps first (then in action order):
    /// the second search where free steps leave the action order without a first plan.
    pub fewest_steps: bool,
}

impl Question<'_> {
    /// The estimate of `state`, [`DEAD_END`] where the goal is out of reach.
    #[inline]
    pub fn estimate(&self, state: &[Value]) -> u64 {
        self.heuristic.estimate(state).unwrap_or(DEAD_END)
    }

    /// The estimate after action `a`, taken from `parent` (whose estimate is `parent_h`) to `child`.
    #[inline]
    pub fn estimate_after(&self, a: usize, parent_h: u64, child: &[Value]) -> u64 {
        if self.fast && self.heuristic.keeps[a] { parent_h } else { self.estimate(child) }
    }

    /// How many slots a state of this question's searches stores: those the search can change or
    /// tests, or every slot for an estimate that reads them all (a pattern database's).
    pub fn width(&self) -> usize {
        if self.heuristic.pattern.is_some() { self.problem.slots.len() } else { self.problem.moving }
    }

    /// Where a node of cost `f`, `steps` from the start, stands on the open list: `f`, or with
    /// [`fewest_steps`](Self::fewest_steps) `f` and then its steps (up to [`STEPS_TOLD`]).
    #[inline]
    fn key(&self, f: u64, steps: u32) -> u64 {
        match self.fewest_steps {
            false => f,
            true => f.saturating_mul(STEPS_TOLD + 1) + u64::from(steps).min(STEPS_TOLD),
        }
    }

    /// The `f` of an open-list key.
    #[inline]
    fn f_of(&self, key: u64) -> u64 {
        if self.fewest_steps { key / (STEPS_TOLD + 1) } else { key }
    }
}

/// The longest paths [`Question::fewest_steps`] tells apart by their steps: costs stay below
/// 2^52 (each action's below 2^32, at most [`MAX_BUDGET`](super::MAX_BUDGET) of them), so keys
/// stay below 2^64.
const STEPS_TOLD: u64 = (1 << 12) - 1;

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    /// The original index of the action that reached this node.
    action: u32,
    /// Steps from the start.
    steps: u32,
    g: u64,
    h: u64,
    /// Expanded, or retired: its state was reached by a better path, which has a node of its own.
    closed: bool,
}

const NO_PARENT: u32 = u32::MAX;

/// The search's reusable working memory.
#[derive(Default)]
pub(crate) struct Search {
    /// Node `i`'s state is state `i`.
    pub states: States,
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    /// State → its newest node.
    table: HashTable<u32>,
    /// Where each node's path stands among all paths, action by action.
    order: Order,
    open: OpenList,
    expanded: usize,
    /// The cheapest node generated at a goal state (of equals, the first), and the least `f` on
    /// the open list when the search last stopped at its budget.
    goal_seen: Option<u32>,
    stopped_at: u64,
    /// Whether the state the search last stopped at, at its budget, was reached by a free step
    /// (one that cost nothing): the sign of free steps that may run on without end.
    pub stopped_free: bool,
}

/// Starts a search from `start`: false when it is a dead end.
pub(crate) fn begin(question: Question, start: &[Value], search: &mut Search) -> bool {
    search.nodes.clear();
    search.hashes.clear();
    search.table.clear();
    search.open.clear();
    search.order.reset();
    search.expanded = 0;
    search.goal_seen = None;
    search.states.reset(start, question.width());
    let h = question.estimate(start);
    let hash = search.states.hash(0);
    search.nodes.push(Node { parent: NO_PARENT, action: 0, steps: 0, g: 0, h, closed: false });
    search.hashes.push(hash);
    search.table.insert_unique(hash, 0, |_| hash);
    if h == DEAD_END {
        return false;
    }
    search.open.push(question.key(h, 0), 0, &search.order);
    true
}

/// Continues the search [`begin`] started until it has expanded `budget` states in all; it can
/// be called again with a larger budget to go on where it stopped. Of equally cheap states, the
/// one reached by the path first in action order is expanded first, so the plan is the first of
/// the cheapest in action order.
pub(crate) fn advance<W: Watch>(
    question: Question,
    budget: usize,
    search: &mut Search,
    watch: &mut W,
) -> Outcome {
    while let Some((key, node)) = search.open.pop(&search.order) {
        let Node { g, h, closed, .. } = search.nodes[node as usize];
        if closed {
            continue; // retired when a cheaper or earlier way into this state was found
        }
        if h == 0 && question.problem.meets_goal(search.states.get(node)) {
            if W::ON {
                // The goal state ends the list, popped but not expanded.
                watch.expanded(node, search.states.values(node), g, h);
            }
            return Ok(found(search, node, watch));
        }
        if search.expanded >= budget {
            search.open.push(key, node, &search.order);
            search.stopped_at = question.f_of(key);
            let parent = search.nodes[node as usize].parent;
            search.stopped_free = parent != NO_PARENT && search.nodes[parent as usize].g == g;
            return Err(NoPlan::Budget { expanded: search.expanded });
        }
        search.expanded += 1;
        search.nodes[node as usize].closed = true;
        if W::ON {
            watch.expanded(node, search.states.values(node), g, h);
        }
        expand(question, search, node, watch);
    }
    Err(NoPlan::Exhausted { expanded: search.expanded })
}

/// Where a search stopped at its budget: a cheapest plan it has generated but not reached in
/// its tie order, if it has one — no state on its open list can lead to a cheaper one. Free
/// steps that never repeat a state can make the cheapest plans an endless row with no first in
/// action order (docs/planner.md); the search answers with this one when its budget runs out.
pub(crate) fn cheapest_seen<W: Watch>(search: &Search, watch: &mut W) -> Option<Plan> {
    let node = search.goal_seen.filter(|&n| search.nodes[n as usize].g <= search.stopped_at)?;
    if W::ON {
        // As when the search reaches it: the goal state ends the list, not expanded.
        watch.expanded(node, search.states.values(node), search.nodes[node as usize].g, 0);
    }
    Some(found(search, node, watch))
}

/// The plan of the actions from the root, node 0, to goal `node`.
fn found<W: Watch>(search: &Search, node: u32, watch: &mut W) -> Plan {
    let (mut steps, mut at) = (Steps::new(), node);
    while at != 0 {
        steps.push(search.nodes[at as usize].action);
        at = search.nodes[at as usize].parent;
    }
    steps.reverse();
    if W::ON {
        let parent = |&n: &u32| (n != 0).then(|| search.nodes[n as usize].parent);
        watch.found(std::iter::successors(Some(node), parent).collect());
    }
    Plan { steps, cost: search.nodes[node as usize].g, expanded: search.expanded }
}

/// Stores `node`'s new or improved successors in action order, right after it in the order,
/// and opens them.
fn expand<W: Watch>(question: Question, search: &mut Search, node: u32, watch: &mut W) {
    let Node { g, h: parent_h, steps, .. } = search.nodes[node as usize];
    let (first, problem) = (search.nodes.len() as u32, question.problem);
    for a in 0..problem.len() {
        if !search.states.successor(problem, node, a) {
            watch.skipped();
            continue;
        }
        let (states, child) = (&search.states, search.nodes.len() as u32);
        let original = problem.original(a);
        let child_g = g.saturating_add(states.cost(problem, node, a));
        let hash = states.hash(child);
        let h = match search.table.find_mut(hash, |&n| states.same(n, child)) {
            Some(seen) => {
                let known = search.nodes[*seen as usize];
                // This path comes right after `node`: earlier than a known one further on (not
                // one stored just now, by an earlier action).
                // (Fewest steps first, the one reached first stays: it took no more steps.)
                let earlier = *seen < first && search.order.before(node, *seen) && !question.fewest_steps;
                if known.h == DEAD_END || known.g < child_g || (known.g == child_g && !earlier) {
                    search.states.discard_last();
                    let result =
                        if known.h == DEAD_END { TriedResult::DeadEnd } else { TriedResult::Duplicate };
                    watch.tried(original, result);
                    continue;
                }
                // A cheaper or earlier way into a state seen before: a node of its own, here. (Were
                // the state expanded already, it would be again; a consistent estimate rules that
                // out, and the property tests check it is consistent.)
                search.nodes[*seen as usize].closed = true;
                *seen = child;
                watch.tried(original, TriedResult::Better { g: child_g, h: known.h });
                known.h
            }
            None => {
                let hashes = &search.hashes;
                search.table.insert_unique(hash, child, |&n| hashes[n as usize]);
                let h = question.estimate_after(a, parent_h, states.get(child));
                let result =
                    if h == DEAD_END { TriedResult::DeadEnd } else { TriedResult::New { g: child_g, h } };
                watch.tried(original, result);
                h
            }
        };
        if h == 0
            && search.goal_seen.is_none_or(|seen| child_g < search.nodes[seen as usize].g)
            && problem.meets_goal(search.states.get(child))
        {
            search.goal_seen = Some(child);
        }
        let child_steps = steps.saturating_add(1);
        search.nodes.push(Node {
            parent: node,
            action: original,
            steps: child_steps,
            g: child_g,
            h,
            closed: false,
        });
        search.hashes.push(hash);
    }
    let count = search.nodes.len() - first as usize;
    if count > 0 {
        search.order.insert_run(node, first, count);
        for index in first..search.nodes.len() as u32 {
            let n = &search.nodes[index as usize];
            if n.h != DEAD_END {
                search.open.push(question.key(n.g.saturating_add(n.h), n.steps), index, &search.order);
            }
        }
    }
}
