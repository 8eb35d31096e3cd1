//! The GOAP planner: pure Rust, no Bevy types — a function of (start, actions, goal, budget).
//!
//! ```
//! use goap_town::planner::{Action, Condition, Effect, FactId, Planner, State};
//!
//! let (wood, fire) = (FactId(0), FactId(1));
//! let actions = [
//!     Action::new("chopWood", 1).does(Effect::add(wood, 1)),
//!     Action::new("lightFire", 1)
//!         .needs(Condition::at_least(wood, 1))
//!         .does(Effect::subtract(wood, 1))
//!         .does(Effect::set(fire, 1)),
//! ];
//! let goal = [Condition::at_least(fire, 1)];
//! let plan = Planner::new(&actions, &goal).plan(&State::zeros(2), 5000).unwrap();
//! assert_eq!(plan.steps[..], [0, 1]); // chopWood, then lightFire
//! assert_eq!(plan.cost, 2);
//! ```
//!
//! Guarantees (each part's reasons: docs/planner.md): the plan is **optimal** — forward A* with
//! a consistent estimate that never overestimates (`heuristic.rs`); of the cheapest plans it is the
//! **first in action order** (`label.rs`); a search is **bounded** by its budget and
//! [`MAX_BUDGET`]; no plan is **explained** ([`NoPlan`]). One search (`search.rs`) runs over value
//! slices (`states.rs`). What each comparison and change means is said once, in `ops.rs`; an
//! action's cost may add an extra by one fact's value ([`ExtraCost`]), which the estimates leave
//! out, so they stay below the truth. Two fast paths stand in for the search where they give its
//! very answer — a thread's remembered answers (`answers.rs`) and the walk straight down
//! (`dive.rs`) — and a [`plain`](Planner::plain) planner takes neither.

mod afar;
mod answers;
mod arrivals;
mod compile;
mod detours;
mod dive;
mod facts;
mod follow;
mod helpers;
mod heuristic;
#[cfg(test)]
mod heuristic_tests;
mod label;
mod model;
mod open;
mod ops;
mod pattern;
mod reach;
mod search;
mod states;
mod stocks;
mod tour;
mod trace;

pub use facts::{FactId, Facts, State, Value};
pub use model::{Action, Condition, Effect, ExtraCost};
pub(crate) use ops::Delta;
pub use ops::{Change, Compare, Need};
pub use trace::{Expansion, Trace, Tried, TriedResult};

use answers::{Answer, Asking};
use compile::Compiled;
use heuristic::Heuristic;
use search::{Outcome, Question, Search};
use smallvec::SmallVec;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use trace::Watch;

thread_local! {
    /// Each thread's search memory, kept between plans so planning does not allocate.
    static MEMORY: RefCell<Memory> = RefCell::default();
    /// Each thread's answers to the questions it was asked (`answers.rs`).
    static ANSWERS: RefCell<answers::Answers> = RefCell::default();
}

/// The next planner's [`Planner::plans_alike`] name for its answers.
static PLANNERS: AtomicU64 = AtomicU64::new(0);

/// What every question uses.
#[derive(Default)]
struct Memory {
    search: Search,
    reach: reach::ReachScratch,
    /// The start's values of the problem's slots.
    projected: Vec<Value>,
}

impl Memory {
    /// Gives back the memory a rare huge search took; keeps that of the others, for the next.
    fn keep_or_free(&mut self, answer: &Result<Plan, NoPlan>) {
        if answer.as_ref().map_or_else(NoPlan::expanded, |plan| plan.expanded) > KEPT_EXPANSIONS {
            *self = Memory::default();
        }
    }
}

/// The planner's default expansion budget.
pub const DEFAULT_BUDGET: usize = 5000;

/// The most expansions one plan may take, whatever budget it is given: it bounds one search's
/// memory and time, so no villager's search can stall a town.
pub const MAX_BUDGET: usize = 100_000;

/// A thread keeps the memory of searches up to this many expansions for the next plan; a
/// larger one gives its memory back when it is done.
const KEPT_EXPANSIONS: usize = 50_000;

/// Expansions tried before the relaxed look-ahead is consulted.
const SHORT_SEARCH: usize = 64;

/// A plan's steps: indices into the action slice the planner was given, in execution order.
/// Kept inline up to ten: most plans are a handful of actions, and a plan allocates nothing.
pub type Steps = SmallVec<[u32; 10]>;

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

    pub fn expanded(&self) -> usize {
        match self {
            NoPlan::Unreachable { .. } => 0,
            NoPlan::Exhausted { expanded } | NoPlan::Budget { expanded } => *expanded,
        }
    }
}

/// A goal compiled against an action list, reusable for any number of start states.
///
/// Building one is cheap; the tables of its estimate (the pattern database) are built when its
/// first question needs them, and shared by its clones.
#[derive(Clone, Debug)]
pub struct Planner {
    problem: Compiled,
    /// The estimate, built when first needed.
    heuristic: Arc<OnceLock<Heuristic>>,
    /// What caps the goal's facts where everything moving them draws on stocks ([`stocks`]).
    stocks: stocks::Stocks,
    /// How many states a search can meet before its plans cost more than a price ([`follow`]).
    horizon: follow::Horizon,
    lookahead: follow::Lookahead,
    /// Whether it takes the fast paths: remembered answers, the walk straight down, estimates
    /// kept from a parent. They give the plain A*'s very answers, as the differential test
    /// checks (`tests/planner_differential.rs`).
    fast: bool,
    /// Names this planner's questions among those a thread remembers (`answers.rs`); a clone
    /// answers alike, so it keeps the name.
    id: u64,
}

impl Planner {
    /// Prepares the search for reaching every condition of `goal` with `actions`.
    pub fn new(actions: &[Action], goal: &[Condition]) -> Self {
        let problem = compile::compile(actions, goal);
        let stocks = stocks::Stocks::new(&problem);
        let (horizon, lookahead) = (follow::Horizon::new(&problem), follow::Lookahead::new(&problem));
        let id = PLANNERS.fetch_add(1, Ordering::Relaxed);
        Planner { problem, heuristic: Arc::default(), stocks, horizon, lookahead, fast: true, id }
    }

    /// The planner answering every question by the plain A* alone: no remembered answers, no walk
    /// straight down, every estimate worked out. Its answers are the fast planner's; it is there
    /// to prove that they are (tests, and a simulation run without shortcuts).
    pub fn plain(self) -> Self {
        Planner { fast: false, ..self }
    }

    /// Whether `other` answers every question as this one does: the same problem, once the
    /// actions that cannot matter are left out and the names set aside, and the same paths. Such
    /// planners can be one, and their answers remembered once.
    pub fn plans_alike(&self, other: &Planner) -> bool {
        self.problem == other.problem && self.fast == other.fast
    }

    /// The estimate, built now if it was not.
    fn heuristic(&self) -> &Heuristic {
        self.heuristic.get_or_init(|| Heuristic::deficits(&self.problem).with_pattern(&self.problem))
    }

    /// The cheapest plan from `start`, expanding at most `budget` states (and never more than
    /// [`MAX_BUDGET`]).
    pub fn plan(&self, start: &State, budget: usize) -> Result<Plan, NoPlan> {
        let budget = budget.min(MAX_BUDGET);
        MEMORY.with_borrow_mut(|memory| {
            self.project(start, &mut memory.projected);
            // The answer depends on the question alone: the projected start and the budget.
            let asking = Asking::Plan { budget };
            if let Some(Answer::Plan(answer)) = self.recalled(asking, &memory.projected) {
                return answer;
            }
            let answer = self.answer(budget, memory, &mut ());
            self.keep(asking, &memory.projected, || Answer::Plan(answer.clone()));
            memory.keep_or_free(&answer);
            answer
        })
    }

    /// [`plan`](Self::plan) worked out afresh: no answer this thread remembers is looked up or
    /// kept (what the planner benchmark measures as the search).
    pub fn search(&self, start: &State, budget: usize) -> Result<Plan, NoPlan> {
        MEMORY.with_borrow_mut(|memory| {
            self.project(start, &mut memory.projected);
            let answer = self.answer(budget.min(MAX_BUDGET), memory, &mut ());
            memory.keep_or_free(&answer);
            answer
        })
    }

    /// A lower bound on what any plan from `start` costs — the estimate a search starts from,
    /// so no plan [`plan`](Self::plan) finds costs less — or `None` when there can be no plan.
    /// It is far cheaper than a plan: a caller choosing among goals can leave out the ones whose
    /// plan could not win.
    pub fn least_cost(&self, start: &State) -> Option<u64> {
        // Not remembered: looking it up costs as much as working it out.
        MEMORY.with_borrow_mut(|memory| {
            self.project(start, &mut memory.projected);
            self.heuristic().estimate(&memory.projected)
        })
    }

    /// The answer this thread remembers to `asking` from `key` (the projected start, and what
    /// else the question carries) — where the planner takes its fast paths.
    fn recalled(&self, asking: Asking, key: &[Value]) -> Option<Answer> {
        let question = (self.id, asking, key);
        self.fast.then(|| ANSWERS.with_borrow(|answers| answers.get(question).cloned())).flatten()
    }

    /// Remembers `answer` to `asking` from `key`, where the planner takes its fast paths.
    fn keep(&self, asking: Asking, key: &[Value], answer: impl FnOnce() -> Answer) {
        if self.fast {
            ANSWERS.with_borrow_mut(|answers| answers.remember((self.id, asking, key), answer()));
        }
    }

    /// The answer remembered to `asking` from `key`, or else `work`'s, remembered.
    fn recall(&self, asking: Asking, key: &[Value], work: impl FnOnce() -> Answer) -> Answer {
        if let Some(answer) = self.recalled(asking, key) {
            return answer;
        }
        let answer = work();
        self.keep(asking, key, || answer.clone());
        answer
    }

    /// The start's values of the problem's slots, into `projected`.
    fn project(&self, start: &State, projected: &mut Vec<Value>) {
        projected.clear();
        projected.extend(self.problem.slots.iter().map(|&f| start.get(f)));
    }

    /// The answer from the start projected into `memory`: none where the goal's stocks run short;
    /// else the walk straight down, or the search. Most questions are answered within a few
    /// expansions, so the relaxed look-ahead runs only when a short search has not found a plan:
    /// then it names what blocks an unreachable goal and spares the rest of the budget; otherwise
    /// the search goes on where it stopped.
    fn answer<W: Watch>(&self, budget: usize, memory: &mut Memory, watch: &mut W) -> Outcome {
        let Memory { search, reach, projected } = memory;
        // A trace shows the search itself, so the walk that stands in for it stands aside.
        let fast = self.fast && !W::ON;
        let question =
            Question { problem: &self.problem, heuristic: self.heuristic(), fast, fewest_steps: false };
        // Stocks that cannot cover the goal: no order of the actions reaches it, and trying every
        // order would only find that out. (The look-ahead still names a blocking fact first.)
        if self.stocks.run_short(projected) {
            return Err(match reach::blockers(&self.problem, projected, reach) {
                Some(blocked) => NoPlan::Unreachable { blocked },
                None => NoPlan::Exhausted { expanded: 0 },
            });
        }
        if fast && let Some(answer) = dive::dive(question, &mut search.states, projected, budget) {
            return answer;
        }
        let short = match search::begin(question, projected, search) {
            true => search::advance(question, budget.min(SHORT_SEARCH), search, watch),
            false => Err(NoPlan::Exhausted { expanded: 0 }),
        };
        if short.is_ok() {
            return short;
        }
        if let Some(blocked) = reach::blockers(&self.problem, projected, reach) {
            return Err(NoPlan::Unreachable { blocked });
        }
        let answer = match short {
            Err(NoPlan::Budget { .. }) if budget > SHORT_SEARCH => {
                search::advance(question, budget, search, watch)
            }
            done => done,
        };
        let Err(NoPlan::Budget { expanded: first }) = answer else { return answer };
        if let Some(plan) = search::cheapest_seen(search, watch) {
            return Ok(plan);
        }
        if !search.stopped_free {
            return answer;
        }
        // Free steps without end can keep the search in action order down an endless row of
        // equally cheap states that never reaches a goal (docs/planner.md, "Ties"): where it
        // stopped on a free step, a second search takes the fewest steps first among equals, and
        // a plan it finds is a cheapest.
        let fewest = Question { fewest_steps: true, ..question };
        watch.restarted(first);
        let second = match search::begin(fewest, projected, search) {
            true => search::advance(fewest, budget, search, watch),
            false => Err(NoPlan::Exhausted { expanded: 0 }),
        };
        let second = match second {
            Err(why @ NoPlan::Budget { .. }) => search::cheapest_seen(search, watch).ok_or(why),
            done => done,
        };
        // What both searches expanded is what the question took.
        match second {
            Ok(plan) => Ok(Plan { expanded: first + plan.expanded, ..plan }),
            Err(NoPlan::Budget { expanded }) => Err(NoPlan::Budget { expanded: first + expanded }),
            Err(_) => answer,
        }
    }

    /// [`plan`](Self::plan), with a [`Trace`] of the search that found the answer: every state
    /// it expanded, in order. The answer is the one [`plan`](Self::plan) gives; the states
    /// expanded are those of the plain A* (the walk straight down stands aside).
    pub fn plan_traced(&self, start: &State, budget: usize) -> (Result<Plan, NoPlan>, Trace) {
        let budget = budget.min(MAX_BUDGET);
        MEMORY.with_borrow_mut(|memory| {
            self.project(start, &mut memory.projected);
            let mut trace = Trace { facts: self.problem.slots.clone(), ..Trace::default() };
            let answer = self.answer(budget, memory, &mut trace);
            (answer, trace)
        })
    }

    /// How many of the given actions can influence the goal (the rest are never tried).
    pub fn relevant_actions(&self) -> usize {
        self.problem.len()
    }
}
