//! The A* of [`search`](super::search) over packed one-word states, step for step the same.
//!
//! Same expansion order, tie-breaks, re-opening and budget as the general search, so both give
//! the same answer; only the state is a word, so applying an action, comparing and hashing a
//! state are a few instructions, and the closed set keys hold the state itself.

use super::applicable::Applicability;
use super::closed::Closed;
use super::heuristic::Heuristic;
use super::open::OpenList;
use super::packed::{PackedAction, PackedProblem};
use super::packed_small::SmallScratch;
use super::search::{Outcome, path_to};
use super::word::Word;
use super::{NoPlan, Plan};

#[derive(Clone, Copy)]
struct Node<W> {
    state: W,
    g: u64,
    /// The heuristic estimate of this state (`u64::MAX`: a dead end).
    h: u64,
    parent: u32,
    /// The original index of the action that reached this node.
    action: u32,
}

const NO_PARENT: u32 = u32::MAX;

/// The packed search's reusable working memory.
pub(crate) struct PackedScratch<W> {
    nodes: Vec<Node<W>>,
    /// Each node's applicable actions, when the problem keeps them ([`Applicability`]).
    applicable: Vec<u64>,
    /// State → node index.
    closed: Closed<W>,
    open: OpenList,
    expanded: usize,
    /// The search of small problems ([`packed_small`](super::packed_small)).
    pub small: SmallScratch<W>,
}

impl<W: Word> Default for PackedScratch<W> {
    fn default() -> Self {
        PackedScratch {
            nodes: Vec::new(),
            applicable: Vec::new(),
            closed: Closed::default(),
            open: OpenList::default(),
            expanded: 0,
            small: SmallScratch::default(),
        }
    }
}

/// Starts a search from the packed `start`: false when the root is a dead end, `None` when its
/// estimate is too large for the open list's keys.
pub(crate) fn begin<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    start: W,
    scratch: &mut PackedScratch<W>,
) -> Option<bool> {
    scratch.nodes.clear();
    scratch.applicable.clear();
    scratch.closed.reset();
    scratch.expanded = 0;
    let h0 = problem.heuristic.estimate(heuristic, &problem.layout, start);
    scratch.open.clear();
    if h0 == u64::MAX {
        return Some(false); // a dead end (bounds of packed problems never saturate to this)
    }
    scratch.closed.find_or_insert(start.hash(), start, 0);
    scratch.nodes.push(Node { state: start, g: 0, h: h0, parent: NO_PARENT, action: 0 });
    if problem.applicability.is_some() {
        scratch.applicable.push(Applicability::all(&problem.actions, start, problem.guards()));
    }
    scratch.open.push(h0, h0, 0).then_some(true)
}

/// Continues the search until `budget` expansions in all, exactly as
/// [`search::advance`](super::search::advance) would. `None` when a successor left its field's
/// range or the search's numbers outgrew the open list's keys: the question must then be
/// planned on the general path.
pub(crate) fn advance<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    budget: usize,
    scratch: &mut PackedScratch<W>,
) -> Option<Outcome> {
    let guards = problem.guards();
    while let Some((key, node)) = scratch.open.pop() {
        let Node { state, g, h, .. } = scratch.nodes[node as usize];
        if g.saturating_add(h) != OpenList::f(key) {
            continue; // left behind when a cheaper way into this state re-opened it
        }
        if h == 0 && reaches_goal(problem, state) {
            return Some(found(scratch, node));
        }
        if scratch.expanded >= budget {
            scratch.open.restore(key);
            return Some(Err(NoPlan::Budget { expanded: scratch.expanded }));
        }
        scratch.expanded += 1;
        if let Some(applicability) = &problem.applicability {
            if !expand_with_sets(problem, heuristic, applicability, scratch, node, g, state) {
                return None;
            }
        } else {
            for action in &problem.actions {
                if !action.needs.holds(state, guards) {
                    continue;
                }
                let child = action.apply(state)?;
                if child == state {
                    continue; // it would only lead back here
                }
                let child_g = g.saturating_add(action.cost);
                let index = scratch.nodes.len() as u32;
                let (target, child_h) = match scratch.closed.find_or_insert(child.hash(), child, index) {
                    Some(seen) => {
                        let known = &mut scratch.nodes[seen as usize];
                        if known.g <= child_g {
                            continue;
                        }
                        // A cheaper way into a state seen before: re-open it.
                        (known.parent, known.action, known.g) = (node, action.original, child_g);
                        (seen, known.h)
                    }
                    None => {
                        let h = problem.heuristic.estimate(heuristic, &problem.layout, child);
                        let (parent, action) = (node, action.original);
                        scratch.nodes.push(Node { state: child, g: child_g, h, parent, action });
                        (index, h)
                    }
                };
                if child_h != u64::MAX && !scratch.open.push(child_g.saturating_add(child_h), child_h, target)
                {
                    return None;
                }
            }
        }
    }
    Some(Err(NoPlan::Exhausted { expanded: scratch.expanded }))
}

/// Expands `node` through the actions useful in its state ([`Applicability`]), in order. False
/// when a successor or its numbers do not fit.
#[inline(never)]
fn expand_with_sets<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    applicability: &Applicability,
    scratch: &mut PackedScratch<W>,
    node: u32,
    g: u64,
    state: W,
) -> bool {
    let guards = problem.guards();
    let parent = scratch.applicable[node as usize];
    let mut set = parent;
    while set != 0 {
        let a = set.trailing_zeros() as usize;
        set &= set - 1;
        let action = &problem.actions[a];
        let Some(child) = action.apply(state) else { return false };
        let sets = &mut scratch.applicable;
        let applies = || sets.push(applicability.after(&problem.actions, parent, a, child, guards));
        let (nodes, closed, open) = (&mut scratch.nodes, &mut scratch.closed, &mut scratch.open);
        if !step(problem, heuristic, nodes, closed, open, node, g, action, state, child, applies) {
            return false;
        }
    }
    true
}

/// The successor `child` of `node` by `action`: skipped when it only leads back here or is known
/// as cheaply, re-opened when now cheaper, else stored (`stored` runs then) — and opened. False
/// when its numbers do not fit the open list.
#[inline(always)]
fn step<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    nodes: &mut Vec<Node<W>>,
    closed: &mut Closed<W>,
    open: &mut OpenList,
    node: u32,
    g: u64,
    action: &PackedAction<W>,
    state: W,
    child: W,
    stored: impl FnOnce(),
) -> bool {
    if child == state {
        return true; // it would only lead back here
    }
    let child_g = g.saturating_add(action.cost);
    let index = nodes.len() as u32;
    let (target, child_h) = match closed.find_or_insert(child.hash(), child, index) {
        Some(seen) => {
            let known = &mut nodes[seen as usize];
            if known.g <= child_g {
                return true;
            }
            // A cheaper way into a state seen before: re-open it.
            (known.parent, known.action, known.g) = (node, action.original, child_g);
            (seen, known.h)
        }
        None => {
            let h = problem.heuristic.estimate(heuristic, &problem.layout, child);
            nodes.push(Node { state: child, g: child_g, h, parent: node, action: action.original });
            stored();
            (index, h)
        }
    };
    child_h == u64::MAX || open.push(child_g.saturating_add(child_h), child_h, target)
}

#[inline(never)]
fn reaches_goal<W: Word>(problem: &PackedProblem<W>, state: W) -> bool {
    problem.goal.holds(state, problem.guards())
}

#[inline(never)]
fn found<W: Word>(scratch: &PackedScratch<W>, node: u32) -> Outcome {
    let nodes = &scratch.nodes;
    let steps = path_to(node, |n| {
        let n = &nodes[n as usize];
        (n.parent != NO_PARENT).then_some((n.parent, n.action))
    });
    Ok(Plan { steps, cost: nodes[node as usize].g, expanded: scratch.expanded })
}
