//! Forward A* over whole projected states, with a closed set keyed by the state itself.
//!
//! All working memory lives in a [`Scratch`] that is cleared, not freed, between searches, so
//! a plan costs no allocation beyond its answer once a thread has planned before.

use super::compile::{Compiled, SlotAction};
use super::facts::Value;
use super::heuristic::Heuristic;
use super::model::Change;
use super::steps::Steps;
use super::{NoPlan, Plan};
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
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
}

const NO_PARENT: u32 = u32::MAX;

/// An open-list entry packed into one integer so that heap moves are single wide copies:
/// f (48 bits, saturated), h (16 bits, saturated; a tie-break only), generation order (32 bits,
/// a tie-break only) and the node index (32 bits). Smallest pops first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry(Reverse<u128>);

impl Entry {
    fn new(f: u64, h: u64, sequence: u64, node: u32) -> Self {
        let f = u128::from(f.min((1 << 48) - 1));
        let h = u128::from(h.min(0xFFFF));
        let sequence = u128::from(sequence as u32);
        Entry(Reverse(f << 80 | h << 64 | sequence << 32 | u128::from(node)))
    }

    fn f(self) -> u64 {
        (self.0.0 >> 80) as u64
    }

    fn node(self) -> u32 {
        self.0.0 as u32
    }
}

/// The search's reusable working memory.
#[derive(Default)]
pub(crate) struct Scratch {
    width: usize,
    values: Vec<Value>,
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    table: HashTable<u32>,
    open: BinaryHeap<Entry>,
    child: Vec<Value>,
    /// States expanded so far, and open-list entries pushed so far (the tie-break order).
    expanded: usize,
    sequence: u64,
}

impl Scratch {
    fn reset(&mut self, width: usize) {
        self.width = width;
        self.values.clear();
        self.nodes.clear();
        self.hashes.clear();
        self.table.clear();
        self.open.clear();
        self.child.clear();
        self.child.resize(width, 0);
        self.expanded = 0;
        self.sequence = 1;
    }

    fn state(&self, node: u32) -> &[Value] {
        let start = node as usize * self.width;
        &self.values[start..start + self.width]
    }

    fn find(&self, hash: u64, state: &[Value]) -> Option<u32> {
        let (values, width) = (&self.values, self.width);
        self.table.find(hash, |&n| &values[n as usize * width..(n as usize + 1) * width] == state).copied()
    }

    /// Stores `self.child` as a new node.
    fn insert_child(&mut self, hash: u64, node: Node) -> u32 {
        let index = self.nodes.len() as u32;
        self.values.extend_from_slice(&self.child);
        self.nodes.push(node);
        self.hashes.push(hash);
        let hashes = &self.hashes;
        self.table.insert_unique(hash, index, |&n| hashes[n as usize]);
        index
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
    let Some(h0) = heuristic.estimate(start) else { return false };
    scratch.child.copy_from_slice(start);
    let root = scratch.insert_child(hash_state(start), Node { parent: NO_PARENT, action: 0, g: 0, h: h0 });
    scratch.open.push(Entry::new(h0, h0, 0, root));
    true
}

/// Continues the search [`begin`] started until it has expanded `budget` states in all; it can be
/// called again with a larger budget to go on where it stopped. Open-list ties go to the lower
/// estimate, then to the earliest generated node — so, among equals, to the action listed first.
pub(crate) fn advance(
    problem: &Compiled,
    heuristic: &Heuristic,
    budget: usize,
    scratch: &mut Scratch,
) -> Outcome {
    while let Some(&entry) = scratch.open.peek() {
        let node = entry.node();
        let g = scratch.nodes[node as usize].g;
        let h = scratch.nodes[node as usize].h;
        if Entry::new(g.saturating_add(h), h, 0, 0).f() != entry.f() {
            scratch.open.pop();
            continue; // left behind when a cheaper way into this state re-opened it
        }
        if h == 0 && problem.goal.iter().all(|c| c.holds_for(scratch.state(node)[c.slot as usize])) {
            let steps = path_to(node, |n| {
                let n = &scratch.nodes[n as usize];
                (n.parent != NO_PARENT).then_some((n.parent, n.action))
            });
            return Ok(Plan { steps, cost: g, expanded: scratch.expanded });
        }
        if scratch.expanded >= budget {
            return Err(NoPlan::Budget { expanded: scratch.expanded });
        }
        scratch.open.pop();
        scratch.expanded += 1;
        for action in &problem.actions {
            let state = scratch.state(node);
            if !action.preconditions.iter().all(|c| c.holds_for(state[c.slot as usize])) {
                continue;
            }
            if is_no_op(action, state) {
                continue; // it would only lead back here
            }
            let start = node as usize * scratch.width;
            scratch.child.copy_from_slice(&scratch.values[start..start + scratch.width]);
            apply(action, &mut scratch.child);
            let child_g = g.saturating_add(u64::from(action.cost));
            let hash = hash_state(&scratch.child);
            let target = match scratch.find(hash, &scratch.child) {
                Some(seen) if scratch.nodes[seen as usize].g <= child_g => continue,
                Some(seen) => {
                    // A cheaper way into a state seen before: re-open it.
                    let known = &mut scratch.nodes[seen as usize];
                    (known.parent, known.action, known.g) = (node, action.original as u32, child_g);
                    seen
                }
                None => {
                    let h = heuristic.estimate(&scratch.child).unwrap_or(u64::MAX);
                    let action = action.original as u32;
                    scratch.insert_child(hash, Node { parent: node, action, g: child_g, h })
                }
            };
            let child_h = scratch.nodes[target as usize].h;
            if child_h != u64::MAX {
                scratch.open.push(Entry::new(
                    child_g.saturating_add(child_h),
                    child_h,
                    scratch.sequence,
                    target,
                ));
                scratch.sequence += 1;
            }
        }
    }
    Err(NoPlan::Exhausted { expanded: scratch.expanded })
}

/// The actions from the root to `node`, given each node's `(parent, action)` (`None`: the root).
pub(crate) fn path_to(node: u32, step: impl Fn(u32) -> Option<(u32, u32)>) -> Steps {
    let (mut length, mut at) = (0, node);
    while let Some((parent, _)) = step(at) {
        (length, at) = (length + 1, parent);
    }
    at = node;
    Steps::from_goal_back(
        length,
        std::iter::from_fn(|| {
            let (parent, action) = step(at)?;
            at = parent;
            Some(action)
        }),
    )
}
