//! The A* of [`search`](super::search) over packed one-word states, step for step the same.
//!
//! Same expansion order, tie-breaks, handling of states reached again and budget as the general
//! search, so both give the same answer; only the state is a word, so applying an action,
//! comparing and hashing a state are a few instructions, and the closed set keys hold the state
//! itself.

use super::applicable::Applicability;
use super::closed::Closed;
use super::heuristic::Heuristic;
use super::label::Order;
use super::open::OpenList;
use super::packed::PackedProblem;
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
    /// Expanded, or retired: its state was reached by a better path, which has a node of its own.
    closed: bool,
}

const NO_PARENT: u32 = u32::MAX;

/// The packed search's reusable working memory.
pub(crate) struct PackedScratch<W> {
    nodes: Vec<Node<W>>,
    /// Each node's applicable actions, when the problem keeps them ([`Applicability`]).
    applicable: Vec<u64>,
    /// State → node index.
    closed: Closed<W>,
    /// Where each node's path stands among all paths, action by action.
    order: Order,
    open: OpenList,
    /// The successors of the node being expanded, and the positions of their actions.
    children: Vec<(W, u32)>,
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
            order: Order::default(),
            open: OpenList::default(),
            children: Vec::new(),
            expanded: 0,
            small: SmallScratch::default(),
        }
    }
}

/// Starts a search from the packed `start`: false when the root is a dead end.
pub(crate) fn begin<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    start: W,
    scratch: &mut PackedScratch<W>,
) -> bool {
    scratch.nodes.clear();
    scratch.applicable.clear();
    scratch.closed.reset();
    scratch.order.reset();
    scratch.expanded = 0;
    let h0 = problem.heuristic.estimate(heuristic, &problem.layout, start);
    scratch.open.clear();
    if h0 == u64::MAX {
        return false; // a dead end (bounds of packed problems never saturate to this)
    }
    scratch.closed.find_or_insert(start.hash(), start, 0);
    let root = Node { state: start, g: 0, h: h0, parent: NO_PARENT, action: 0, closed: false };
    scratch.nodes.push(root);
    if problem.applicability.is_some() {
        scratch.applicable.push(Applicability::all(&problem.actions, start, problem.guards()));
    }
    scratch.open.push(h0, 0, &scratch.order);
    true
}

/// Continues the search until `budget` expansions in all, exactly as
/// [`search::advance`](super::search::advance) would. `None` when a successor left its field's
/// range, or an expanded state turned out reachable more cheaply or by an earlier path (which a
/// consistent heuristic rules out): the question must then be planned on the general path.
pub(crate) fn advance<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    budget: usize,
    scratch: &mut PackedScratch<W>,
) -> Option<Outcome> {
    while let Some((f, node)) = scratch.open.pop(&scratch.order) {
        let n = scratch.nodes[node as usize];
        if n.closed {
            continue; // retired when a cheaper or earlier way into this state was found
        }
        if n.h == 0 && reaches_goal(problem, n.state) {
            return Some(found(scratch, node));
        }
        if scratch.expanded >= budget {
            scratch.open.push(f, node, &scratch.order);
            return Some(Err(NoPlan::Budget { expanded: scratch.expanded }));
        }
        scratch.expanded += 1;
        scratch.nodes[node as usize].closed = true;
        if !expand(problem, heuristic, scratch, node) {
            return None;
        }
    }
    Some(Err(NoPlan::Exhausted { expanded: scratch.expanded }))
}

/// Generates `node`'s successors in action order — through its applicable-action set when the
/// problem keeps them — and stores and opens the new or improved ones, placed in the order
/// after it. False when the search must be handed over.
fn expand<W: Word>(
    problem: &PackedProblem<W>,
    heuristic: &Heuristic,
    scratch: &mut PackedScratch<W>,
    node: u32,
) -> bool {
    let Node { state, g, .. } = scratch.nodes[node as usize];
    let guards = problem.guards();
    scratch.children.clear();
    if problem.applicability.is_some() {
        let mut set = scratch.applicable[node as usize];
        while set != 0 {
            let a = set.trailing_zeros();
            set &= set - 1;
            let Some(child) = problem.actions[a as usize].apply(state) else { return false };
            scratch.children.push((child, a));
        }
    } else {
        for (a, action) in problem.actions.iter().enumerate() {
            if !action.needs.holds(state, guards) {
                continue;
            }
            let Some(child) = action.apply(state) else { return false };
            if child != state {
                scratch.children.push((child, a as u32)); // a no-op would only lead back here
            }
        }
    }
    // The nodes stored now go right after `node`, in action order.
    let first = scratch.nodes.len() as u32;
    for i in 0..scratch.children.len() {
        let (child, a) = scratch.children[i];
        let action = &problem.actions[a as usize];
        let child_g = g.saturating_add(action.cost);
        let index = scratch.nodes.len() as u32;
        let h = match scratch.closed.find_or_insert(child.hash(), child, index) {
            Some(seen) => {
                let known = scratch.nodes[*seen as usize];
                // This path comes right after `node`: earlier than a known one further on (not
                // one stored just now, by an earlier action).
                let earlier = *seen < first && scratch.order.before(node, *seen);
                if known.h == u64::MAX || known.g < child_g || (known.g == child_g && !earlier) {
                    continue;
                }
                if known.closed {
                    return false; // expanded already: only an inconsistent estimate allows this
                }
                // A cheaper or earlier way into a state seen before: a node of its own, here.
                scratch.nodes[*seen as usize].closed = true;
                let set = scratch.applicable.get(*seen as usize).copied();
                *seen = index;
                scratch.applicable.extend(set);
                known.h
            }
            None => {
                if let Some(applicability) = &problem.applicability {
                    let parent_set = scratch.applicable[node as usize];
                    let set = applicability.after(&problem.actions, parent_set, a as usize, child, guards);
                    scratch.applicable.push(set);
                }
                problem.heuristic.estimate(heuristic, &problem.layout, child)
            }
        };
        let (parent, original) = (node, action.original);
        scratch.nodes.push(Node { state: child, g: child_g, h, parent, action: original, closed: false });
    }
    let count = scratch.nodes.len() - first as usize;
    if count > 0 {
        scratch.order.insert_run(node, first, count);
        for index in first..scratch.nodes.len() as u32 {
            let n = &scratch.nodes[index as usize];
            if n.h != u64::MAX {
                scratch.open.push(n.g.saturating_add(n.h), index, &scratch.order);
            }
        }
    }
    true
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
