//! Forward A* over whole projected states, with a closed set keyed by the state itself, and
//! ties between equally cheap states broken by their paths' [labels](super::label).
//!
//! All working memory lives in a [`Scratch`] that is cleared, not freed, between searches, so
//! a plan costs no allocation beyond its answer once a thread has planned before.

use super::compile::{Compiled, SlotAction};
use super::facts::Value;
use super::heuristic::Heuristic;
use super::label::Order;
use super::model::Change;
use super::open::OpenList;
use super::steps::Steps;
use super::{NoPlan, Plan};
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// What a search came to: the plan, or why there is none (never [`NoPlan::Unreachable`]: that
/// is the relaxed look-ahead's finding). The very type the planner answers with, so that the
/// answer is never rebuilt on its way out.
pub(crate) type Outcome = Result<Plan, NoPlan>;

/// One visited state. Its values live in [`Scratch::values`] at `index × width`.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    /// The original index of the action that reached this node.
    action: u32,
    g: u64,
    /// The heuristic estimate of this state (`u64::MAX`: a dead end).
    h: u64,
    /// Expanded, or retired: its state was reached by a better path, which has a node of its own.
    closed: bool,
}

const NO_PARENT: u32 = u32::MAX;

/// The search's reusable working memory.
#[derive(Default)]
pub(crate) struct Scratch {
    width: usize,
    values: Vec<Value>,
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    table: HashTable<u32>,
    /// Where each node's path stands among all paths, action by action.
    order: Order,
    open: OpenList,
    /// The successors of the node being expanded: their values, one after another, and actions.
    children: Vec<Value>,
    child_actions: Vec<usize>,
    /// States expanded so far, by this search and by any it restarted from.
    expanded: usize,
    /// Whether estimates come from the heuristic (otherwise every estimate is 0).
    estimating: bool,
}

impl Scratch {
    fn reset(&mut self, width: usize) {
        self.width = width;
        self.values.clear();
        self.nodes.clear();
        self.hashes.clear();
        self.table.clear();
        self.open.clear();
        self.expanded = 0;
    }

    fn state(&self, node: u32) -> &[Value] {
        let start = node as usize * self.width;
        &self.values[start..start + self.width]
    }

    /// Stores `children[state]` as a new node (not yet placed in the order or opened).
    fn insert(&mut self, hash: u64, state: std::ops::Range<usize>, node: Node) -> u32 {
        let index = self.nodes.len() as u32;
        self.values.extend_from_slice(&self.children[state]);
        self.nodes.push(node);
        self.hashes.push(hash);
        index
    }

    /// Opens the nodes from `first` on, unless they are dead ends.
    fn open_from(&mut self, first: u32) {
        for node in first..self.nodes.len() as u32 {
            let n = &self.nodes[node as usize];
            if n.h != u64::MAX {
                self.open.push(n.g.saturating_add(n.h), node, &self.order);
            }
        }
    }
}

fn hash_state(state: &[Value]) -> u64 {
    let mut hasher = FxHasher::default();
    for &v in state {
        hasher.write_u32(v as u32);
    }
    hasher.finish()
}

fn changed(change: Change, current: Value, value: Value) -> Value {
    match change {
        Change::Set => value,
        Change::Add => current.saturating_add(value),
        Change::Subtract => current.saturating_sub(value),
    }
}

/// Whether every effect leaves its fact as it is (then the whole sequence does).
fn is_no_op(action: &SlotAction, state: &[Value]) -> bool {
    action
        .effects
        .iter()
        .all(|&(slot, change, value)| changed(change, state[slot as usize], value) == state[slot as usize])
}

fn apply(action: &SlotAction, state: &mut [Value]) {
    for &(slot, change, value) in &action.effects {
        state[slot as usize] = changed(change, state[slot as usize], value);
    }
}

/// Starts an A* search from `start` (already projected): the root goes on the open list. False
/// when the root is a dead end (some unmet goal condition can never be moved).
pub(crate) fn begin(heuristic: &Heuristic, start: &[Value], scratch: &mut Scratch) -> bool {
    scratch.reset(start.len());
    scratch.estimating = true;
    root(heuristic, start, scratch)
}

fn root(heuristic: &Heuristic, start: &[Value], scratch: &mut Scratch) -> bool {
    let h0 = if scratch.estimating { heuristic.estimate(start) } else { Some(0) };
    let Some(h0) = h0 else { return false };
    scratch.children.clear();
    scratch.children.extend_from_slice(start);
    scratch.order.reset();
    let hash = hash_state(start);
    let root = scratch.insert(
        hash,
        0..start.len(),
        Node { parent: NO_PARENT, action: 0, g: 0, h: h0, closed: false },
    );
    let hashes = &scratch.hashes;
    scratch.table.insert_unique(hash, root, |&n| hashes[n as usize]);
    scratch.open_from(root);
    true
}

/// Starts the search over without the heuristic — every estimate 0, so each state is settled
/// the first time it is expanded — keeping the count of expansions. Only a heuristic that is
/// not consistent somewhere could make this necessary; the property tests find none.
#[cold]
fn restart_without_estimates(heuristic: &Heuristic, scratch: &mut Scratch) {
    let start = scratch.state(0).to_vec();
    let expanded = scratch.expanded;
    scratch.reset(start.len());
    (scratch.estimating, scratch.expanded) = (false, expanded);
    root(heuristic, &start, scratch);
}

/// Continues the search [`begin`] started until it has expanded `budget` states in all; it can be
/// called again with a larger budget to go on where it stopped. Of equally cheap states, the one
/// reached by the path first in action order is expanded first; so the plan is the first of the
/// cheapest in action order.
pub(crate) fn advance(
    problem: &Compiled,
    heuristic: &Heuristic,
    budget: usize,
    scratch: &mut Scratch,
) -> Outcome {
    while let Some((f, node)) = scratch.open.pop(&scratch.order) {
        let Node { g, h, closed, .. } = scratch.nodes[node as usize];
        if closed {
            continue; // retired when a cheaper or earlier way into this state was found
        }
        if h == 0 && problem.goal.iter().all(|c| c.holds_for(scratch.state(node)[c.slot as usize])) {
            let steps = path_to(node, |n| {
                let n = &scratch.nodes[n as usize];
                (n.parent != NO_PARENT).then_some((n.parent, n.action))
            });
            return Ok(Plan { steps, cost: g, expanded: scratch.expanded });
        }
        if scratch.expanded >= budget {
            scratch.open.push(f, node, &scratch.order);
            return Err(NoPlan::Budget { expanded: scratch.expanded });
        }
        scratch.expanded += 1;
        scratch.nodes[node as usize].closed = true;
        if !expand(problem, heuristic, scratch, node) {
            restart_without_estimates(heuristic, scratch);
        }
    }
    Err(NoPlan::Exhausted { expanded: scratch.expanded })
}

/// Generates `node`'s successors, places them in the order after it, in action order, and
/// opens the new or improved ones. False when an expanded state turns out reachable more
/// cheaply, or as cheaply by an earlier path — which a consistent heuristic rules out.
fn expand(problem: &Compiled, heuristic: &Heuristic, scratch: &mut Scratch, node: u32) -> bool {
    let width = scratch.width;
    scratch.children.clear();
    scratch.child_actions.clear();
    for (a, action) in problem.actions.iter().enumerate() {
        let state = scratch.state(node);
        if !action.preconditions.iter().all(|c| c.holds_for(state[c.slot as usize]))
            || is_no_op(action, state)
        {
            continue; // a no-op would only lead back here
        }
        let start = scratch.children.len();
        let from = node as usize * width;
        scratch.children.extend_from_slice(&scratch.values[from..from + width]);
        apply(action, &mut scratch.children[start..]);
        scratch.child_actions.push(a);
    }
    let g = scratch.nodes[node as usize].g;
    // The nodes stored now go right after `node`, in action order.
    let first = scratch.nodes.len() as u32;
    for i in 0..scratch.child_actions.len() {
        let action = &problem.actions[scratch.child_actions[i]];
        let range = i * width..(i + 1) * width;
        let g = g.saturating_add(u64::from(action.cost));
        let hash = hash_state(&scratch.children[range.clone()]);
        let original = action.original as u32;
        let (values, width) = (&scratch.values, scratch.width);
        let child = &scratch.children[range.clone()];
        let seen =
            scratch.table.find_mut(hash, |&n| &values[n as usize * width..(n as usize + 1) * width] == child);
        let h = match seen {
            Some(seen) => {
                let known = scratch.nodes[*seen as usize];
                // This path comes right after `node`: earlier than a known one further on (not
                // one stored just now, by an earlier action).
                let earlier = *seen < first && scratch.order.before(node, *seen);
                if known.h == u64::MAX || known.g < g || (known.g == g && !earlier) {
                    continue;
                }
                if known.closed {
                    return false; // expanded already: only an inconsistent estimate allows this
                }
                // A cheaper or earlier way into a state seen before: a node of its own, here.
                scratch.nodes[*seen as usize].closed = true;
                *seen = scratch.nodes.len() as u32;
                known.h
            }
            None => {
                let h = if scratch.estimating {
                    heuristic.estimate(&scratch.children[range.clone()]).unwrap_or(u64::MAX)
                } else {
                    0
                };
                let hashes = &scratch.hashes;
                scratch.table.insert_unique(hash, scratch.nodes.len() as u32, |&n| hashes[n as usize]);
                h
            }
        };
        scratch.insert(hash, range, Node { parent: node, action: original, g, h, closed: false });
    }
    let count = scratch.nodes.len() - first as usize;
    if count > 0 {
        scratch.order.insert_run(node, first, count);
        scratch.open_from(first);
    }
    true
}

/// The actions from the root to `node`, given each node's `(parent, action)` (`None`: the root).
pub(crate) fn path_to(node: u32, step: impl Fn(u32) -> Option<(u32, u32)>) -> Steps {
    let (mut length, mut at) = (0, node);
    while let Some((parent, _)) = step(at) {
        (length, at) = (length + 1, parent);
    }
    at = node;
    Steps::from_back(length, |slot| {
        if let Some((parent, action)) = step(at) {
            (*slot, at) = (action, parent);
        }
    })
}
