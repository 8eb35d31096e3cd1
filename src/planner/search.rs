//! Forward A* — the planner's one search — over any [`Space`]: one closed set keyed by the state,
//! one open list, ties broken by the paths' [labels](super::label). Its memory is cleared, not
//! freed, between searches, so a plan allocates nothing once a thread has planned.

use super::compile::Compiled;
use super::facts::Value;
use super::label::Order;
use super::open::OpenList;
use super::trace::{TriedResult, Watch};
use super::{NoPlan, Plan, Steps};
use hashbrown::HashTable;

/// What a search came to: the plan, or why there is none (never [`NoPlan::Unreachable`]: that
/// is the relaxed look-ahead's finding).
pub(crate) type Outcome = Result<Plan, NoPlan>;

/// An estimate standing for "the goal is out of reach from here".
pub(crate) const DEAD_END: u64 = u64::MAX;

/// What storing a successor came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Successor {
    Stored,
    /// The action does not apply, or changes nothing (it would only lead back).
    Skipped,
    /// The successor does not fit this space: another must answer the question.
    Overflow,
}

/// How a search holds its states: state `i` is node `i`'s. Every method but `store_*` reads.
pub(crate) trait Space {
    type States: Default;
    /// Whether every successor fits ([`Successor::Overflow`] never comes).
    const FITS_EVERY_STATE: bool;

    fn problem(&self) -> &Compiled;
    /// Clears `states` and stores the (projected) start as state 0; false when it does not fit.
    fn store_start(&self, states: &mut Self::States, start: &[Value]) -> bool;
    /// Stores, as the next state, where action `a` leads from state `from`.
    fn store_successor(&self, states: &mut Self::States, from: u32, a: usize) -> Successor;
    fn discard_last(&self, states: &mut Self::States);
    fn hash(&self, states: &Self::States, i: u32) -> u64;
    fn same(&self, states: &Self::States, i: u32, j: u32) -> bool;
    /// A lower bound on the cost to the goal, consistent; [`DEAD_END`] when it is out of reach.
    fn estimate(&self, states: &Self::States, i: u32) -> u64;
    /// Whether taking action `a` leaves the estimate as it was ([`Heuristic::keeps`]).
    ///
    /// [`Heuristic::keeps`]: super::heuristic::Heuristic::keeps
    fn keeps_estimate(&self, a: usize) -> bool;
    fn meets_goal(&self, states: &Self::States, i: u32) -> bool;
    /// What action `a` costs taken in state `i`.
    fn cost(&self, states: &Self::States, i: u32, a: usize) -> u64;
    /// State `i`'s value of slot `slot`.
    fn value(&self, states: &Self::States, i: u32, slot: usize) -> Value;
    /// State `i`'s values, slot by slot (for a [`Trace`]).
    fn values(&self, states: &Self::States, i: u32) -> Vec<Value>;
}

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    /// The original index of the action that reached this node.
    action: u32,
    g: u64,
    h: u64,
    /// Expanded, or retired: its state was reached by a better path, which has a node of its own.
    closed: bool,
}

const NO_PARENT: u32 = u32::MAX;

/// The search's reusable working memory.
#[derive(Default)]
pub(crate) struct Search {
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    /// State → its newest node.
    table: HashTable<u32>,
    /// Where each node's path stands among all paths, action by action.
    order: Order,
    open: OpenList,
    expanded: usize,
}

/// Starts a search from `start`: `None` when it does not fit the space, `Some(false)` when it
/// is a dead end.
pub(crate) fn begin<S: Space>(
    space: &S,
    start: &[Value],
    search: &mut Search,
    states: &mut S::States,
) -> Option<bool> {
    search.nodes.clear();
    search.hashes.clear();
    search.table.clear();
    search.open.clear();
    search.order.reset();
    search.expanded = 0;
    if !space.store_start(states, start) {
        return None;
    }
    let h = space.estimate(states, 0);
    let hash = space.hash(states, 0);
    search.nodes.push(Node { parent: NO_PARENT, action: 0, g: 0, h, closed: false });
    search.hashes.push(hash);
    search.table.insert_unique(hash, 0, |_| hash);
    if h == DEAD_END {
        return Some(false);
    }
    search.open.push(h, 0, &search.order);
    Some(true)
}

/// Continues the search [`begin`] started until it has expanded `budget` states in all; it can
/// be called again with a larger budget to go on where it stopped. Of equally cheap states, the
/// one reached by the path first in action order is expanded first, so the plan is the first of
/// the cheapest in action order. `None` when a successor does not fit the space.
pub(crate) fn advance<S: Space, W: Watch>(
    space: &S,
    budget: usize,
    search: &mut Search,
    states: &mut S::States,
    watch: &mut W,
) -> Option<Outcome> {
    while let Some((f, node)) = search.open.pop(&search.order) {
        let Node { g, h, closed, .. } = search.nodes[node as usize];
        if closed {
            continue; // retired when a cheaper or earlier way into this state was found
        }
        if h == 0 && space.meets_goal(states, node) {
            // The actions from the root, node 0, to here.
            let (mut steps, mut at) = (Steps::new(), node);
            while at != 0 {
                steps.push(search.nodes[at as usize].action);
                at = search.nodes[at as usize].parent;
            }
            steps.reverse();
            if W::ON {
                // The goal state ends the list, popped but not expanded.
                watch.expanded(node, space.values(states, node), g, h);
                let parent = |&n: &u32| (n != 0).then(|| search.nodes[n as usize].parent);
                watch.found(std::iter::successors(Some(node), parent).collect());
            }
            return Some(Ok(Plan { steps, cost: g, expanded: search.expanded }));
        }
        if search.expanded >= budget {
            search.open.push(f, node, &search.order);
            return Some(Err(NoPlan::Budget { expanded: search.expanded }));
        }
        search.expanded += 1;
        search.nodes[node as usize].closed = true;
        if W::ON {
            watch.expanded(node, space.values(states, node), g, h);
        }
        if !expand(space, search, states, node, watch) {
            return None;
        }
    }
    Some(Err(NoPlan::Exhausted { expanded: search.expanded }))
}

/// Stores `node`'s new or improved successors in action order, right after it in the order,
/// and opens them. False when one does not fit the space.
fn expand<S: Space, W: Watch>(
    space: &S,
    search: &mut Search,
    states: &mut S::States,
    node: u32,
    watch: &mut W,
) -> bool {
    let Node { g, h: parent_h, .. } = search.nodes[node as usize];
    let first = search.nodes.len() as u32;
    for a in 0..space.problem().len() {
        match space.store_successor(states, node, a) {
            Successor::Stored => {}
            Successor::Skipped => {
                watch.skipped();
                continue;
            }
            Successor::Overflow => return false,
        }
        let child = search.nodes.len() as u32;
        let original = space.problem().original(a);
        let child_g = g.saturating_add(space.cost(states, node, a));
        let hash = space.hash(states, child);
        let h = match search.table.find_mut(hash, |&n| space.same(states, n, child)) {
            Some(seen) => {
                let known = search.nodes[*seen as usize];
                // This path comes right after `node`: earlier than a known one further on (not
                // one stored just now, by an earlier action).
                let earlier = *seen < first && search.order.before(node, *seen);
                if known.h == DEAD_END || known.g < child_g || (known.g == child_g && !earlier) {
                    space.discard_last(states);
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
                let h = match space.keeps_estimate(a) {
                    true => parent_h,
                    false => space.estimate(states, child),
                };
                debug_assert_eq!(h, space.estimate(states, child), "an estimate kept changed");
                let result =
                    if h == DEAD_END { TriedResult::DeadEnd } else { TriedResult::New { g: child_g, h } };
                watch.tried(original, result);
                h
            }
        };
        search.nodes.push(Node { parent: node, action: original, g: child_g, h, closed: false });
        search.hashes.push(hash);
    }
    let count = search.nodes.len() - first as usize;
    if count > 0 {
        search.order.insert_run(node, first, count);
        for index in first..search.nodes.len() as u32 {
            let n = &search.nodes[index as usize];
            if n.h != DEAD_END {
                search.open.push(n.g.saturating_add(n.h), index, &search.order);
            }
        }
    }
    true
}
