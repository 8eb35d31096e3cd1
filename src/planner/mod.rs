//! The GOAP planner: pure Rust, no Bevy types — a function of (start, actions, goal, budget).
//!
//! ```
//! use goap_town::planner::{Action, Condition, Effect, FactTable, Planner, Scope, State};
//!
//! let mut facts = FactTable::default();
//! let wood = facts.intern(Scope::Agent, "wood");
//! let fire = facts.intern(Scope::World, "fireLit");
//! let actions = [
//!     Action::new("chopWood", 1).does(Effect::add(wood, 1)),
//!     Action::new("lightFire", 1)
//!         .needs(Condition::at_least(wood, 1))
//!         .does(Effect::subtract(wood, 1))
//!         .does(Effect::set(fire, 1)),
//! ];
//! let goal = [Condition::at_least(fire, 1)];
//! let plan = Planner::new(&actions, &goal).plan(&State::zeros(facts.len()), 5000).unwrap();
//! assert_eq!(plan.steps, vec![0, 1]); // chopWood, then lightFire
//! assert_eq!(plan.cost, 2);
//! ```
//!
//! Guarantees:
//! - **Optimal.** Forward A* with a heuristic that never overestimates and is consistent
//!   ([`heuristic`]), so a returned plan has the least total cost.
//! - **Deterministic, ties in action order.** Of the cheapest plans, the one returned is the first
//!   in the order the actions were given, step by step — whatever the heuristic — because states
//!   of equal `f` are expanded in the order of their paths ([`label`]). With actions of cost 0,
//!   plans can visit a state twice, or take a step that cannot influence the goal, at no cost;
//!   the one returned is then the first of the cheapest plans that visit no state twice and take
//!   only actions that can influence the goal ([`compile`]).
//! - **Bounded.** At most `budget` expansions (and at most [`MAX_BUDGET`]), then
//!   [`NoPlan::Budget`]; never hangs or panics, and a search's memory is bounded whatever it is asked.
//! - **Explained.** No plan is [`NoPlan::Unreachable`] (naming what nothing can move),
//!   [`NoPlan::Exhausted`] or [`NoPlan::Budget`].
//! - **Focused.** Actions that cannot influence the goal are dropped and the facts only they touch
//!   are projected out, so distractors do not multiply the search ([`compile`]).
//! - **Packed when small.** When the remaining facts fit bit fields of one machine word, the
//!   search runs on words ([`packed`]); any state that does not fit sends the question to the
//!   general search, which gives the same answer.
//! - **Straight down when it can.** Where the facts take few values, the heuristic's
//!   [`pattern`] database is often exact, and then a walk that keeps `f` unchanged ([`dive`])
//!   finds the very plan the search would, without an open list or a closed set.

mod applicable;
mod closed;
mod compile;
mod dive;
mod enabling;
mod facts;
mod helpers;
mod heuristic;
#[cfg(test)]
mod heuristic_tests;
mod label;
mod model;
mod open;
mod packed;
mod packed_heuristic;
mod packed_search;
mod packed_small;
#[cfg(test)]
mod packed_tests;
mod pattern;
mod reach;
mod search;
mod steps;
#[cfg(test)]
mod test_domains;
mod word;

pub use facts::{FactId, FactTable, Scope, State, Value};
pub use model::{Action, Change, Compare, Condition, Effect};
pub use steps::Steps;

use compile::Compiled;
use heuristic::Heuristic;
use packed::{Packed, PackedProblem};
use packed_search::PackedScratch;
use packed_small::Small;
use search::{Outcome, Scratch};
use std::cell::RefCell;
use word::Word;

thread_local! {
    /// Each thread's search memory, kept between plans so planning does not allocate.
    static MEMORY: RefCell<Memory> = RefCell::default();
}

#[derive(Default)]
struct Memory {
    search: Scratch,
    narrow: PackedScratch<u64>,
    wide: PackedScratch<u128>,
    reach: reach::ReachScratch,
    projected: Vec<Value>,
}

/// The planner's default expansion budget.
pub const DEFAULT_BUDGET: usize = 5000;

/// The most expansions one plan may take, whatever budget it is given: it bounds one search's
/// memory (about 15 MB) and time (a few hundredths of a second), so no villager's search can
/// stall a town.
pub const MAX_BUDGET: usize = 100_000;

/// A thread keeps the memory of searches up to this many expansions for the next plan; a
/// larger one gives its memory back when it is done.
const KEPT_EXPANSIONS: usize = 50_000;

/// Expansions tried before the relaxed look-ahead is consulted.
const SHORT_SEARCH: usize = 64;

/// A plan that reaches the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Indices into the action slice the planner was given, in execution order.
    pub steps: Steps,
    /// The summed cost of the steps (the least possible).
    pub cost: u64,
    /// How many states the search expanded to find it.
    pub expanded: usize,
}

/// Why there is no plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoPlan {
    /// No sequence of the given actions can ever meet these conditions: nothing available moves
    /// their facts toward what is needed (from this start).
    Unreachable { blocked: Vec<Condition> },
    /// Every reachable state was tried.
    Exhausted { expanded: usize },
    /// The search stopped after expanding `expanded` states, the budget.
    Budget { expanded: usize },
}

impl NoPlan {
    /// `unreachable`, `exhausted` or `budget`.
    pub fn kind(&self) -> &'static str {
        match self {
            NoPlan::Unreachable { .. } => "unreachable",
            NoPlan::Exhausted { .. } => "exhausted",
            NoPlan::Budget { .. } => "budget",
        }
    }

    /// One sentence for people, with fact names from `facts`.
    pub fn explain(&self, facts: &FactTable) -> String {
        match self {
            NoPlan::Unreachable { blocked } => {
                let what: Vec<String> = blocked.iter().map(|c| c.describe(facts)).collect();
                format!("unreachable: no available action can bring about {}", what.join(", "))
            }
            NoPlan::Exhausted { expanded } => {
                format!("exhausted: no reachable state meets the goal ({expanded} expanded)")
            }
            NoPlan::Budget { expanded } => {
                format!("budget: gave up after expanding {expanded} states")
            }
        }
    }

    pub fn expanded(&self) -> usize {
        match self {
            NoPlan::Unreachable { .. } => 0,
            NoPlan::Exhausted { expanded } | NoPlan::Budget { expanded } => *expanded,
        }
    }
}

/// A goal compiled against an action list, reusable for any number of start states.
#[derive(Clone, Debug)]
pub struct Planner {
    problem: Compiled,
    heuristic: Heuristic,
    packed: Option<Packed>,
    /// Whether a packed search first tries to walk straight down ([`dive`]); only tests turn
    /// this off, to check the searches the walk stands in for.
    dive: bool,
}

impl Planner {
    /// Prepares the search for reaching every condition of `goal` with `actions`.
    pub fn new(actions: &[Action], goal: &[Condition]) -> Self {
        let problem = compile::compile(actions, goal);
        let heuristic = Heuristic::new(&problem);
        let packed = packed::pack(&problem, &heuristic);
        Planner { problem, heuristic, packed, dive: true }
    }

    /// The cheapest plan from `start`, expanding at most `budget` states (and never more than
    /// [`MAX_BUDGET`]).
    pub fn plan(&self, start: &State, budget: usize) -> Result<Plan, NoPlan> {
        let budget = budget.min(MAX_BUDGET);
        MEMORY.with_borrow_mut(|memory| {
            let Memory { narrow, wide, reach, projected, .. } = memory;
            let answer = match &self.packed {
                Some(Packed::Narrow(p)) => self.plan_packed(p, start, budget, narrow, reach, projected),
                Some(Packed::Wide(p)) => self.plan_packed(p, start, budget, wide, reach, projected),
                None => None,
            };
            let answer = answer.unwrap_or_else(|| self.plan_general(start, budget, memory));
            let expanded = match &answer {
                Ok(plan) => plan.expanded,
                Err(NoPlan::Exhausted { expanded } | NoPlan::Budget { expanded }) => *expanded,
                Err(NoPlan::Unreachable { .. }) => 0,
            };
            if expanded > KEPT_EXPANSIONS {
                *memory = Memory::default(); // a rare huge search does not keep its memory
            }
            answer
        })
    }

    /// The plan on packed states, or `None` when `start` or a state the search reaches does not
    /// fit the packing (then the general search answers).
    fn plan_packed<W: Word>(
        &self,
        problem: &PackedProblem<W>,
        start: &State,
        budget: usize,
        scratch: &mut PackedScratch<W>,
        reach: &mut reach::ReachScratch,
        projected: &mut Vec<Value>,
    ) -> Option<Result<Plan, NoPlan>> {
        let packed_start = problem.layout.encode(start, &self.problem.slots)?;
        if let Some(answer) =
            self.dive.then(|| dive::dive(problem, &self.heuristic, packed_start, budget)).flatten()
        {
            return Some(answer);
        }
        if packed_small::fits(problem) {
            return self.plan_small(problem, packed_start, start, budget, scratch, reach, projected);
        }
        let started = packed_search::begin(problem, &self.heuristic, packed_start, scratch);
        self.drive(start, budget, started, reach, projected, |budget| {
            packed_search::advance(problem, &self.heuristic, budget, scratch)
        })
    }

    /// [`plan_packed`](Self::plan_packed) on the small search's arrays; when they fill up or
    /// costs outgrow their keys, the general packed search starts over and answers.
    fn plan_small<W: Word>(
        &self,
        problem: &PackedProblem<W>,
        packed_start: W,
        start: &State,
        budget: usize,
        scratch: &mut PackedScratch<W>,
        reach: &mut reach::ReachScratch,
        projected: &mut Vec<Value>,
    ) -> Option<Result<Plan, NoPlan>> {
        let small_start = packed_small::begin(problem, &self.heuristic, packed_start, &mut scratch.small);
        let mut small = small_start.is_some();
        let started = small_start
            .unwrap_or_else(|| packed_search::begin(problem, &self.heuristic, packed_start, scratch));
        self.drive(start, budget, started, reach, projected, |budget| {
            if small {
                match packed_small::advance(problem, &self.heuristic, budget, &mut scratch.small) {
                    Small::Done(outcome) => return Some(outcome),
                    Small::Overflow => return None,
                    Small::Full => small = false,
                }
                packed_search::begin(problem, &self.heuristic, packed_start, scratch);
            }
            packed_search::advance(problem, &self.heuristic, budget, scratch)
        })
    }

    fn plan_general(&self, start: &State, budget: usize, memory: &mut Memory) -> Result<Plan, NoPlan> {
        let Memory { search, reach, projected, .. } = memory;
        project(&self.problem, start, projected);
        let started = search::begin(&self.heuristic, projected, search);
        let answer = self.drive(start, budget, started, reach, projected, |budget| {
            Some(search::advance(&self.problem, &self.heuristic, budget, search))
        });
        answer.unwrap_or(Err(NoPlan::Exhausted { expanded: 0 })) // the general search always answers
    }

    /// Most questions are answered within a few expansions, so the relaxed look-ahead runs only
    /// when a short search has not found a plan. Then it names what blocks an unreachable goal,
    /// and spares the rest of the budget; otherwise the search goes on where it stopped.
    /// `search(budget)` continues the begun search to `budget` expansions in all (`None`: it
    /// cannot, and neither can this).
    fn drive(
        &self,
        start: &State,
        budget: usize,
        started: bool,
        reach: &mut reach::ReachScratch,
        projected: &mut Vec<Value>,
        mut search: impl FnMut(usize) -> Option<Outcome>,
    ) -> Option<Result<Plan, NoPlan>> {
        let short =
            if started { search(budget.min(SHORT_SEARCH))? } else { Err(NoPlan::Exhausted { expanded: 0 }) };
        if short.is_ok() {
            return Some(short);
        }
        project(&self.problem, start, projected);
        if let Some(blocked) = reach::blockers(&self.problem, projected, reach) {
            return Some(Err(NoPlan::Unreachable { blocked }));
        }
        match short {
            Err(NoPlan::Budget { .. }) if budget > SHORT_SEARCH => search(budget),
            done => Some(done),
        }
    }

    /// How many of the given actions can influence the goal (the rest are never tried).
    pub fn relevant_actions(&self) -> usize {
        self.problem.actions.len()
    }
}

/// `start`'s values of the problem's slots, into `projected`.
fn project(problem: &Compiled, start: &State, projected: &mut Vec<Value>) {
    projected.clear();
    projected.extend(problem.slots.iter().map(|&f| start.get(f)));
}

/// Plans once: [`Planner::new`] then [`Planner::plan`].
pub fn plan(start: &State, actions: &[Action], goal: &[Condition], budget: usize) -> Result<Plan, NoPlan> {
    Planner::new(actions, goal).plan(start, budget)
}
