//! The packed search for the smallest problems, where fixed costs dominate: step for step the
//! A* of [`packed_search`](super::packed_search), on fixed-size arrays.
//!
//! Most questions a villager asks have a handful of actions and reach a few dozen states. Here
//! the nodes live in arrays of [`NODES`] indexed by a `u8`, the closed set is a table of twice
//! that many slots, and an open entry is one `u64` — `f`, the node's label and the node — kept
//! in a sorted array whose smallest key is at the end, where an expanded node's successors
//! usually go. A node's label splits its room by the number of actions, not of successors, so a
//! successor is labelled, stored and opened the moment it is generated. Nothing grows and
//! nothing is freed. A search that would store more nodes or entries, or whose labels run out of
//! room, stops with [`Small::Full`], and the caller runs the general packed search from the start
//! instead — same order, same answer.

use super::heuristic::Heuristic;
use super::packed::PackedProblem;
use super::search::Outcome;
use super::steps::Steps;
use super::word::Word;
use super::{NoPlan, Plan};

/// The most nodes a small search stores (node indices are `u8`).
const NODES: usize = 256;
/// The most entries its open list holds.
const OPEN: usize = 512;
/// The closed set's slots: at most half full, so a probe always meets an empty slot.
const SLOT_BITS: u32 = 9;
const SLOTS: usize = 1 << SLOT_BITS;
/// The multiplier of the closed set's Fibonacci hash.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
/// An open key: `f` in the top [`F_BITS`], the label in the next [`LABEL_BITS`], the node in the
/// low 8.
const F_BITS: u32 = 16;
const LABEL_BITS: u32 = 40;
/// A stored node that is a dead end (it is never opened).
const DEAD_END: u64 = u64::MAX;
/// A node's key once it is expanded (or a dead end) keeps its label but not its node, so that
/// no open entry matches it.
#[inline(always)]
fn closed(key: u64) -> u64 {
    key ^ 0xFF
}

#[inline(always)]
fn is_closed(key: u64, node: usize) -> bool {
    key as u8 != node as u8
}

/// What a stretch of small search came to.
pub(crate) enum Small {
    Done(Outcome),
    /// A successor left its field's range, or an expanded state turned out reachable more cheaply
    /// or by an earlier path: the general path must answer.
    Overflow,
    /// Too many states, entries or levels for the arrays, or a cost too large for the keys: the
    /// general packed search must answer, from the start.
    Full,
}

/// The visited states, one array per field; a node is its index.
struct Nodes<W> {
    state: [W; NODES],
    g: [u64; NODES],
    /// The heuristic estimate of the state ([`DEAD_END`]: a dead end).
    h: [u64; NODES],
    /// The key the node is open under now (an entry with another key is left behind), or
    /// [`closed`] once it is expanded.
    key: [u64; NODES],
    depth: [u8; NODES],
    parent: [u8; NODES],
    /// The position in the packed problem's actions of the action that reached the node.
    action: [u8; NODES],
}

/// The closed set: state → node, by linear probing; a slot is live when it holds the stamp.
struct Table<W> {
    state: [W; SLOTS],
    stamp: [u32; SLOTS],
    node: [u8; SLOTS],
}

/// The small search's reusable working memory.
pub(crate) struct SmallScratch<W> {
    nodes: Box<Nodes<W>>,
    len: usize,
    table: Box<Table<W>>,
    stamp: u32,
    /// Open keys, largest first: the next to expand is the last.
    open: Box<[u64; OPEN]>,
    open_len: usize,
    expanded: usize,
}

impl<W: Word> Default for SmallScratch<W> {
    fn default() -> Self {
        SmallScratch {
            nodes: Box::new(Nodes {
                state: [W::ZERO; NODES],
                g: [0; NODES],
                h: [0; NODES],
                key: [0; NODES],
                depth: [0; NODES],
                parent: [0; NODES],
                action: [0; NODES],
            }),
            len: 0,
            table: Box::new(Table { state: [W::ZERO; SLOTS], stamp: [0; SLOTS], node: [0; SLOTS] }),
            stamp: 0,
            open: Box::new([0; OPEN]),
            open_len: 0,
            expanded: 0,
        }
    }
}

/// Whether `problem` is small enough in actions for [`begin`]: each gets a `u8` position.
pub(crate) fn fits<W: Word>(problem: &PackedProblem<W>) -> bool {
    problem.applicability.is_none() && problem.actions.len() <= usize::from(u8::MAX)
}

/// The key of `node` at `g + h` with label `at`; `None` when `f` is too large for a key.
#[inline(always)]
fn open_key(g: u64, h: u64, at: u64, node: u8) -> Option<u64> {
    let f = g.saturating_add(h);
    (f >> F_BITS == 0).then_some(f << (64 - F_BITS) | at << 8 | u64::from(node))
}

/// The room a node at `depth` owns, when each level splits it `2^step` ways.
#[inline(always)]
fn room(depth: u8, step: u32) -> Option<u32> {
    LABEL_BITS.checked_sub(u32::from(depth) * step)
}

/// The label a key carries.
#[inline(always)]
fn label_of(key: u64) -> u64 {
    (key >> 8) & ((1 << LABEL_BITS) - 1)
}

/// Starts a search from the packed `start`, as [`packed_search::begin`] does; `None` when the
/// root's estimate is too large for the keys.
///
/// [`packed_search::begin`]: super::packed_search::begin
pub(crate) fn begin<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    start: W,
    scratch: &mut SmallScratch<W>,
) -> Option<bool> {
    scratch.stamp = scratch.stamp.wrapping_add(1);
    if scratch.stamp == 0 {
        scratch.table.stamp.fill(0);
        scratch.stamp = 1;
    }
    scratch.expanded = 0;
    scratch.open_len = 0;
    let h0 = problem.heuristic.estimate(heuristic, &problem.layout, start);
    if h0 == u64::MAX {
        scratch.len = 0;
        return Some(false);
    }
    let root = open_key(0, h0, 0, 0)?;
    find_or_insert(&mut scratch.table, scratch.stamp, start, 0);
    let nodes = &mut *scratch.nodes;
    (nodes.state[0], nodes.g[0], nodes.h[0], nodes.key[0], nodes.depth[0]) = (start, 0, h0, root, 0);
    scratch.len = 1;
    scratch.open[0] = root;
    scratch.open_len = 1;
    Some(true)
}

/// Continues the search until `budget` expansions in all, exactly as
/// [`packed_search::advance`](super::packed_search::advance) would.
///
/// The successor with the smallest key is held back from the open list: when it is smaller than
/// every open key — as when the search runs down a line of states — it is expanded next without
/// being pushed and popped.
pub(crate) fn advance<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    budget: usize,
    scratch: &mut SmallScratch<W>,
) -> Small {
    let mut search = Search { len: scratch.len, open_len: scratch.open_len, expanded: scratch.expanded };
    let outcome = search.run(problem, heuristic, budget, scratch);
    (scratch.len, scratch.open_len, scratch.expanded) = (search.len, search.open_len, search.expanded);
    outcome
}

/// The counters of a stretch of search, kept out of the scratch memory while it runs.
struct Search {
    len: usize,
    open_len: usize,
    expanded: usize,
}

impl Search {
    /// Opens `key`: inserted from the end, where the smallest keys are. False when full.
    #[inline(always)]
    fn push(&mut self, open: &mut [u64; OPEN], key: u64) -> bool {
        let len = self.open_len;
        if len == OPEN {
            return false;
        }
        let mut at = len;
        while at > 0 && open[(at - 1) % OPEN] < key {
            open[at % OPEN] = open[(at - 1) % OPEN];
            at -= 1;
        }
        open[at % OPEN] = key;
        self.open_len = len + 1;
        true
    }

    /// The smallest open key, taken off the list.
    #[inline(always)]
    fn pop(&mut self, open: &[u64; OPEN]) -> Option<u64> {
        let len = self.open_len.checked_sub(1)?;
        self.open_len = len;
        Some(open[len % OPEN])
    }

    #[inline(always)]
    fn run<W: Word>(
        &mut self,
        problem: &PackedProblem<W>,
        heuristic: &Heuristic,
        budget: usize,
        scratch: &mut SmallScratch<W>,
    ) -> Small {
        let guards = problem.guards();
        // Each level of the tree takes this many bits of label room: enough for every action.
        let step = usize::BITS - problem.actions.len().leading_zeros();
        let SmallScratch { nodes, table, stamp, open, .. } = scratch;
        let (nodes, open, stamp) = (&mut **nodes, &mut **open, *stamp);
        let mut next = self.pop(open);
        while let Some(key) = next {
            let node = key as u8;
            let at = usize::from(node);
            if nodes.key[at] != key {
                next = self.pop(open);
                continue; // expanded, or left behind when a cheaper or earlier way in re-opened it
            }
            let state = nodes.state[at];
            if nodes.h[at] == 0 && problem.goal.holds(state, guards) {
                return Small::Done(found(problem, nodes, node, self.expanded));
            }
            if self.expanded >= budget {
                // The key goes back where it was, at the end (it may have been held back).
                if self.open_len == OPEN {
                    return Small::Full;
                }
                open[self.open_len % OPEN] = key;
                self.open_len += 1;
                return Small::Done(Err(NoPlan::Budget { expanded: self.expanded }));
            }
            self.expanded += 1;
            nodes.key[at] = closed(key);
            let depth = nodes.depth[at] + 1;
            let Some(room) = room(depth, step) else { return Small::Full };
            let (g, first) = (nodes.g[at], label_of(key) + 1);
            let mut best = u64::MAX;
            for (a, action) in problem.actions.iter().enumerate() {
                if !action.needs.holds(state, guards) {
                    continue;
                }
                let Some(child) = action.apply(state) else { return Small::Overflow };
                if child == state {
                    continue; // it would only lead back here
                }
                let label = first + ((a as u64) << room);
                let child_g = g.saturating_add(action.cost);
                let index = self.len;
                if index == NODES {
                    return Small::Full;
                }
                let target = match find_or_insert(table, stamp, child, index as u8) {
                    Some(seen) => {
                        let s = usize::from(seen);
                        if nodes.h[s] == DEAD_END || (nodes.g[s], label_of(nodes.key[s])) <= (child_g, label)
                        {
                            continue;
                        }
                        if is_closed(nodes.key[s], s) {
                            return Small::Overflow; // only an inconsistent estimate allows this
                        }
                        // A cheaper or earlier way into a state seen before: re-open it.
                        (nodes.g[s], nodes.depth[s], nodes.parent[s], nodes.action[s]) =
                            (child_g, depth, node, a as u8);
                        s
                    }
                    None => {
                        let h = problem.heuristic.estimate(heuristic, &problem.layout, child);
                        self.len += 1;
                        let i = index % NODES;
                        (nodes.state[i], nodes.g[i], nodes.h[i], nodes.depth[i]) = (child, child_g, h, depth);
                        (nodes.parent[i], nodes.action[i]) = (node, a as u8);
                        if h == DEAD_END {
                            nodes.key[i] = closed(label << 8 | index as u64);
                            continue;
                        }
                        i
                    }
                };
                let Some(key) = open_key(child_g, nodes.h[target], label, target as u8) else {
                    return Small::Full;
                };
                nodes.key[target] = key;
                // Successors come in label order: of equal keys' `f`, the first stays held back.
                let (pushed, held) = if key < best { (best, key) } else { (key, best) };
                best = held;
                if pushed != u64::MAX && !self.push(open, pushed) {
                    return Small::Full;
                }
            }
            let top = self.open_len.checked_sub(1).map(|len| open[len % OPEN]);
            next = if best != u64::MAX && top.is_none_or(|top| best < top) {
                Some(best)
            } else {
                if best != u64::MAX && !self.push(open, best) {
                    return Small::Full;
                }
                self.pop(open)
            };
        }
        Small::Done(Err(NoPlan::Exhausted { expanded: self.expanded }))
    }
}

/// The node stored for `state`; or, if there is none, stores `node` for it and gives `None`.
#[inline(always)]
fn find_or_insert<W: Word>(table: &mut Table<W>, stamp: u32, state: W, node: u8) -> Option<u8> {
    // A table this small needs no better hash than one multiply's top bits.
    let mut i = (state.fold().wrapping_mul(GOLDEN) >> (64 - SLOT_BITS)) as usize;
    loop {
        if table.stamp[i] != stamp {
            (table.state[i], table.stamp[i], table.node[i]) = (state, stamp, node);
            return None;
        }
        if table.state[i] == state {
            return Some(table.node[i]);
        }
        i = (i + 1) & (SLOTS - 1);
    }
}

/// The plan reaching `node`, read off the parents in one walk.
#[inline(never)]
fn found<W: Word>(problem: &PackedProblem<W>, nodes: &Nodes<W>, node: u8, expanded: usize) -> Outcome {
    let length = usize::from(nodes.depth[usize::from(node)]);
    let mut at = node;
    let steps = Steps::from_back(length, |slot| {
        *slot = problem.actions[usize::from(nodes.action[usize::from(at)])].original;
        at = nodes.parent[usize::from(at)];
    });
    Ok(Plan { steps, cost: nodes.g[usize::from(node)], expanded })
}
