//! The packed search for the smallest problems, where fixed costs dominate: step for step the
//! A* of [`packed_search`](super::packed_search), on fixed-size arrays.
//!
//! Most questions a villager asks have a handful of actions and reach a few dozen states. Here
//! the nodes live in arrays of [`NODES`] indexed by a `u8`, and the closed set is a table of
//! twice that many slots, so no push checks a capacity, no index checks a bound and nothing ever
//! grows. A search that would store more nodes stops with [`Small::Full`], and the caller runs
//! the general packed search from the start instead — same order, same answer.

use super::heuristic::Heuristic;
use super::open::OpenList;
use super::open_sorted::SortedOpen;
use super::packed::PackedProblem;
use super::search::Outcome;
use super::steps::Steps;
use super::word::Word;
use super::{NoPlan, Plan};

/// The most nodes a small search stores (node indices are `u8`).
const NODES: usize = 256;
/// The closed set's slots: at most half full, so a probe always meets an empty slot.
const SLOT_BITS: u32 = 9;
const SLOTS: usize = 1 << SLOT_BITS;
/// The multiplier of the closed set's Fibonacci hash.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// What a stretch of small search came to.
pub(crate) enum Small {
    Done(Outcome),
    /// A successor left its field's range, or a number outgrew the open list's keys: the
    /// question must be planned on the general path.
    Overflow,
    /// More than [`NODES`] states: the general packed search must answer, from the start.
    Full,
}

/// The visited states, one array per field; a node is its index.
struct Nodes<W> {
    state: [W; NODES],
    g: [u64; NODES],
    /// The heuristic estimate of the state (`u64::MAX`: a dead end).
    h: [u64; NODES],
    parent: [u8; NODES],
    /// The position in the packed problem's actions of the action that reached the node.
    action: [u8; NODES],
    /// The answer's actions, goal first, while it is read off the parents (a path is shorter
    /// than the nodes stored).
    path: [u8; NODES],
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
    open: SortedOpen,
    expanded: usize,
}

impl<W: Word> Default for SmallScratch<W> {
    fn default() -> Self {
        SmallScratch {
            nodes: Box::new(Nodes {
                state: [W::ZERO; NODES],
                g: [0; NODES],
                h: [0; NODES],
                parent: [0; NODES],
                action: [0; NODES],
                path: [0; NODES],
            }),
            len: 0,
            table: Box::new(Table { state: [W::ZERO; SLOTS], stamp: [0; SLOTS], node: [0; SLOTS] }),
            stamp: 0,
            open: SortedOpen::default(),
            expanded: 0,
        }
    }
}

/// Whether `problem` is small enough in actions for [`begin`]: each gets a `u8` position.
pub(crate) fn fits<W: Word>(problem: &PackedProblem<W>) -> bool {
    problem.applicability.is_none() && problem.actions.len() <= usize::from(u8::MAX)
}

impl<W: Word> SmallScratch<W> {
    /// The node stored for `state`; or, if there is none, stores `node` for it and gives `None`.
    #[inline(always)]
    fn find_or_insert(&mut self, state: W, node: u8) -> Option<u8> {
        let table = &mut *self.table;
        // A table this small needs no better hash than one multiply's top bits.
        let mut i = (state.fold().wrapping_mul(GOLDEN) >> (64 - SLOT_BITS)) as usize;
        loop {
            if table.stamp[i] != self.stamp {
                (table.state[i], table.stamp[i], table.node[i]) = (state, self.stamp, node);
                return None;
            }
            if table.state[i] == state {
                return Some(table.node[i]);
            }
            i = (i + 1) & (SLOTS - 1);
        }
    }
}

/// Starts a search from the packed `start`, as [`packed_search::begin`] does.
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
    scratch.open.clear();
    let h0 = problem.heuristic.estimate(heuristic, &problem.layout, start);
    if h0 == u64::MAX {
        scratch.len = 0;
        return Some(false);
    }
    scratch.find_or_insert(start, 0);
    let nodes = &mut *scratch.nodes;
    (nodes.state[0], nodes.g[0], nodes.h[0]) = (start, 0, h0);
    scratch.len = 1;
    scratch.open.push(h0, h0, 0).then_some(true)
}

/// Continues the search until `budget` expansions in all, exactly as
/// [`packed_search::advance`](super::packed_search::advance) would.
pub(crate) fn advance<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    budget: usize,
    scratch: &mut SmallScratch<W>,
) -> Small {
    let guards = problem.guards();
    while let Some((key, node)) = scratch.open.pop() {
        let node = node as u8;
        let at = usize::from(node);
        let (state, g, h) = (scratch.nodes.state[at], scratch.nodes.g[at], scratch.nodes.h[at]);
        if g.saturating_add(h) != OpenList::f(key) {
            continue; // left behind when a cheaper way into this state re-opened it
        }
        if h == 0 && problem.goal.holds(state, guards) {
            return Small::Done(found(problem, scratch, node));
        }
        if scratch.expanded >= budget {
            scratch.open.restore(key);
            return Small::Done(Err(NoPlan::Budget { expanded: scratch.expanded }));
        }
        scratch.expanded += 1;
        for (a, action) in problem.actions.iter().enumerate() {
            if !action.needs.holds(state, guards) {
                continue;
            }
            let Some(child) = action.apply(state) else { return Small::Overflow };
            if child == state {
                continue; // it would only lead back here
            }
            let child_g = g.saturating_add(action.cost);
            let index = scratch.len;
            if index == NODES {
                return Small::Full;
            }
            let (target, child_h) = match scratch.find_or_insert(child, index as u8) {
                Some(seen) => {
                    let nodes = &mut *scratch.nodes;
                    let seen_at = usize::from(seen);
                    if nodes.g[seen_at] <= child_g {
                        continue;
                    }
                    // A cheaper way into a state seen before: re-open it.
                    (nodes.parent[seen_at], nodes.action[seen_at], nodes.g[seen_at]) =
                        (node, a as u8, child_g);
                    (seen, nodes.h[seen_at])
                }
                None => {
                    let h = problem.heuristic.estimate(heuristic, &problem.layout, child);
                    let nodes = &mut *scratch.nodes;
                    let i = usize::from(index as u8);
                    (nodes.state[i], nodes.g[i], nodes.h[i]) = (child, child_g, h);
                    (nodes.parent[i], nodes.action[i]) = (node, a as u8);
                    scratch.len += 1;
                    (index as u8, h)
                }
            };
            if child_h != u64::MAX
                && !scratch.open.push(child_g.saturating_add(child_h), child_h, u32::from(target))
            {
                return Small::Overflow;
            }
        }
    }
    Small::Done(Err(NoPlan::Exhausted { expanded: scratch.expanded }))
}

/// The plan reaching `node`, read off the parents in one walk.
#[inline(never)]
fn found<W: Word>(problem: &PackedProblem<W>, scratch: &mut SmallScratch<W>, node: u8) -> Outcome {
    let nodes = &mut *scratch.nodes;
    // One walk up the parents (a chain of dependent loads), noting each action.
    let (mut length, mut at) = (0, node);
    while at != 0 {
        nodes.path[length] = nodes.action[usize::from(at)];
        (length, at) = (length + 1, nodes.parent[usize::from(at)]);
    }
    let back = nodes.path[..length].iter();
    let steps = Steps::from_goal_back(length, back.map(|&a| problem.actions[usize::from(a)].original));
    Ok(Plan { steps, cost: nodes.g[usize::from(node)], expanded: scratch.expanded })
}
