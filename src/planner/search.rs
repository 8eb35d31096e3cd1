//! Forward A* over whole projected states, with a closed set keyed by the state itself.

use super::compile::{Compiled, SlotAction};
use super::facts::Value;
use super::heuristic::Heuristic;
use super::model::Change;
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hasher;

/// What the search found: the action indices (into the compiled list) and the bookkeeping.
pub(crate) enum Outcome {
    Found {
        steps: Vec<usize>,
        cost: u64,
        expanded: usize,
    },
    Exhausted {
        expanded: usize,
    },
    Budget {
        expanded: usize,
    },
}

/// One visited state. Its values live in [`Arena::values`] at `index × width`.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    action: u32,
    g: u64,
}

const NO_PARENT: u32 = u32::MAX;

/// Every state seen so far, stored flat, with a hash table from state to node index.
struct Arena {
    width: usize,
    values: Vec<Value>,
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    table: HashTable<u32>,
}

impl Arena {
    fn new(width: usize) -> Self {
        Arena {
            width,
            values: Vec::new(),
            nodes: Vec::new(),
            hashes: Vec::new(),
            table: HashTable::new(),
        }
    }

    fn state(&self, node: u32) -> &[Value] {
        let start = node as usize * self.width;
        &self.values[start..start + self.width]
    }

    fn find(&self, hash: u64, state: &[Value]) -> Option<u32> {
        self.table.find(hash, |&n| self.state(n) == state).copied()
    }

    fn insert(&mut self, hash: u64, state: &[Value], node: Node) -> u32 {
        let index = self.nodes.len() as u32;
        self.values.extend_from_slice(state);
        self.nodes.push(node);
        self.hashes.push(hash);
        let hashes = &self.hashes;
        self.table
            .insert_unique(hash, index, |&n| hashes[n as usize]);
        index
    }
}

fn hash_state(state: &[Value]) -> u64 {
    let mut hasher = FxHasher::default();
    for &v in state {
        hasher.write_i32(v);
    }
    hasher.finish()
}

fn apply(action: &SlotAction, state: &mut [Value]) {
    for &(slot, change, value) in &action.effects {
        let v = &mut state[slot as usize];
        *v = match change {
            Change::Set => value,
            Change::Add => v.saturating_add(value),
            Change::Subtract => v.saturating_sub(value),
        };
    }
}

/// A* from `start` (already projected). Open-list ties go to the lower estimate, then to the
/// earliest generated node — so, among equals, to the action listed first.
pub(crate) fn astar(
    problem: &Compiled,
    heuristic: &Heuristic,
    start: &[Value],
    budget: usize,
) -> Outcome {
    let width = start.len();
    let mut arena = Arena::new(width);
    let Some(h0) = heuristic.estimate(start) else {
        return Outcome::Exhausted { expanded: 0 };
    };
    let root = arena.insert(
        hash_state(start),
        start,
        Node {
            parent: NO_PARENT,
            action: 0,
            g: 0,
        },
    );
    // (f, h, sequence, node): the smallest pops first.
    let mut open: BinaryHeap<Reverse<(u64, u64, u64, u32)>> = BinaryHeap::new();
    open.push(Reverse((h0, h0, 0, root)));
    let mut sequence = 1u64;
    let mut expanded = 0usize;
    let mut child = vec![0; width];

    while let Some(Reverse((f, h, _, node))) = open.pop() {
        let g = arena.nodes[node as usize].g;
        if g.saturating_add(h) != f {
            continue; // left behind when a cheaper way into this state re-opened it
        }
        if h == 0
            && problem
                .goal
                .iter()
                .all(|c| c.holds_for(arena.state(node)[c.slot as usize]))
        {
            return Outcome::Found {
                steps: path_to(&arena, node),
                cost: g,
                expanded,
            };
        }
        if expanded >= budget {
            return Outcome::Budget { expanded };
        }
        expanded += 1;
        for (a, action) in problem.actions.iter().enumerate() {
            let state = arena.state(node);
            if !action
                .preconditions
                .iter()
                .all(|c| c.holds_for(state[c.slot as usize]))
            {
                continue;
            }
            child.copy_from_slice(state);
            apply(action, &mut child);
            let child_g = g.saturating_add(u64::from(action.cost));
            let hash = hash_state(&child);
            let link = Node {
                parent: node,
                action: a as u32,
                g: child_g,
            };
            let target = match arena.find(hash, &child) {
                Some(seen) if arena.nodes[seen as usize].g <= child_g => continue,
                Some(seen) => {
                    // A cheaper way into a state seen before: re-open it.
                    arena.nodes[seen as usize] = link;
                    seen
                }
                None => arena.insert(hash, &child, link),
            };
            if let Some(child_h) = heuristic.estimate(&child) {
                open.push(Reverse((
                    child_g.saturating_add(child_h),
                    child_h,
                    sequence,
                    target,
                )));
                sequence += 1;
            }
        }
    }
    Outcome::Exhausted { expanded }
}

fn path_to(arena: &Arena, mut node: u32) -> Vec<usize> {
    let mut steps = Vec::new();
    while arena.nodes[node as usize].parent != NO_PARENT {
        steps.push(arena.nodes[node as usize].action as usize);
        node = arena.nodes[node as usize].parent;
    }
    steps.reverse();
    steps
}
