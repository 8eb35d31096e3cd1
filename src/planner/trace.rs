//! What a search did, step by step, for whoever asks why a plan is what it is: every state in the
//! order expanded, with its g, h and f, what each action tried from it led to, and which states
//! lie on the plan found. Kept only when asked for ([`Planner::plan_traced`](super::Planner::plan_traced)).

use super::facts::{FactId, Value};

/// A search, expansion by expansion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// The facts the search ran over (the others cannot matter to the goal), in the order of
    /// each expansion's `values`.
    pub facts: Vec<FactId>,
    pub expansions: Vec<Expansion>,
    /// Successors already reached at least as cheaply (and as early in action order): dropped.
    pub duplicates: usize,
    /// Successors from which the goal is out of reach: never opened.
    pub pruned: usize,
    /// States a first search expanded in action order before this one, which takes the fewest
    /// steps first among equally cheap states, began: free steps without end kept the first
    /// from any goal (0 for a single search).
    pub set_aside: usize,
}

/// One expanded state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    pub values: Vec<Value>,
    /// The cost of the path to it, and the estimate of the rest (`f` is their sum).
    pub g: u64,
    pub h: u64,
    /// Whether the plan found passes through it.
    pub on_plan: bool,
    /// Every action that applies here and changes something, in action order.
    pub tried: Vec<Tried>,
    /// How many actions do not apply here (or would change nothing).
    pub skipped: usize,
    /// The search node, to tell which expansions lie on the plan.
    pub(crate) node: u32,
}

/// An action tried from an expanded state, and what came of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tried {
    /// The index of the action in the list the planner was given.
    pub action: u32,
    pub result: TriedResult,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriedResult {
    /// A state not seen before, opened at `g + h`.
    New { g: u64, h: u64 },
    /// A state seen before, now reached more cheaply or earlier in action order: opened again.
    Better { g: u64, h: u64 },
    /// A state already reached at least as well.
    Duplicate,
    /// A state from which the goal is out of reach.
    DeadEnd,
}

/// Whoever watches a search: told each state expanded, each action tried and the path found.
/// The search is generic over it, so `()` — watching nothing — costs nothing.
pub(crate) trait Watch {
    /// Whether anyone is watching (so that what only a watcher needs is not worked out).
    const ON: bool;
    fn expanded(&mut self, _node: u32, _values: Vec<Value>, _g: u64, _h: u64) {}
    /// An action that does not apply to the state expanded last, or changes nothing.
    fn skipped(&mut self) {}
    fn tried(&mut self, _action: u32, _result: TriedResult) {}
    /// The nodes of the path to the goal.
    fn found(&mut self, _path: Vec<u32>) {}
    /// A second search begins, the first having expanded `expanded` states.
    fn restarted(&mut self, _expanded: usize) {}
}

impl Watch for () {
    const ON: bool = false;
}

impl Watch for Trace {
    const ON: bool = true;

    fn expanded(&mut self, node: u32, values: Vec<Value>, g: u64, h: u64) {
        self.expansions.push(Expansion { values, g, h, on_plan: false, tried: Vec::new(), skipped: 0, node });
    }

    fn skipped(&mut self) {
        if let Some(last) = self.expansions.last_mut() {
            last.skipped += 1;
        }
    }

    fn tried(&mut self, action: u32, result: TriedResult) {
        match result {
            TriedResult::Duplicate => self.duplicates += 1,
            TriedResult::DeadEnd => self.pruned += 1,
            TriedResult::New { .. } | TriedResult::Better { .. } => {}
        }
        if let Some(last) = self.expansions.last_mut() {
            last.tried.push(Tried { action, result });
        }
    }

    fn found(&mut self, path: Vec<u32>) {
        for expansion in &mut self.expansions {
            expansion.on_plan = path.contains(&expansion.node);
        }
    }

    fn restarted(&mut self, expanded: usize) {
        *self = Trace { facts: std::mem::take(&mut self.facts), set_aside: expanded, ..Trace::default() };
    }
}
