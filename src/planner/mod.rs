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
//! a consistent estimate that never overestimates ([`heuristic`]); of the cheapest plans it is the
//! **first in action order** ([`label`]); a search is **bounded** by its budget and
//! [`MAX_BUDGET`]; no plan is **explained** ([`NoPlan`]). One search ([`search`]) runs over value
//! slices ([`slices`]) or one packed word ([`packed`]); the walk ([`dive`]) stands in for it when
//! the estimate is exact. What each comparison and change means is said once, in [`ops`]; an
//! action's cost may add an extra by one fact's value ([`ExtraCost`]), which the estimates leave
//! out, so they stay below the truth.

mod answers;
mod compile;
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
mod packed;
#[cfg(test)]
mod packed_tests;
mod pattern;
mod reach;
mod search;
mod slices;
mod stocks;
mod trace;

pub use facts::{FactId, Facts, State, Value};
pub use model::{Action, Condition, Effect, ExtraCost};
pub(crate) use ops::Delta;
pub use ops::{Change, Compare, Need};
pub use trace::{Expansion, Trace, Tried, TriedResult};

use compile::Compiled;
use heuristic::Heuristic;
use packed::{Packed, Words};
use search::{Outcome, Search, Space};
use slices::Slices;
use smallvec::SmallVec;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use trace::Watch;

thread_local! {
    /// Each thread's search memory, kept between plans so planning does not allocate.
    static MEMORY: RefCell<Memory> = RefCell::default();
    /// Each thread's answers to the questions it was asked ([`answers`]).
    static ANSWERS: RefCell<answers::Answers<Result<Plan, NoPlan>>> = RefCell::default();
}

/// The next planner's [`Planner::id`].
static PLANNERS: AtomicU64 = AtomicU64::new(0);

#[derive(Default)]
struct Memory {
    work: Work,
    /// The states of a search on slices, and of one on words.
    slices: Vec<Value>,
    words: packed::WordStates,
}

/// What every search uses, whatever its space.
#[derive(Default)]
struct Work {
    search: Search,
    reach: reach::ReachScratch,
    /// The start's values of the problem's slots.
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

/// A plan's steps: indices into the action slice the planner was given, in execution order.
/// Kept inline up to ten — most plans are a handful of actions, and a vector allocated and freed
/// for each was a fifth of what a short plan cost.
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
/// Building one is cheap: the first question is answered with the plain deficit bounds. The
/// tables that make later questions fast — the pattern database and the packed form — are built
/// when it is asked again (or for every question: [`prepared`](Self::prepared)). Which
/// tables answered changes how many states a search expands, never the answer: the plan is the
/// first of the cheapest whatever the estimate, and a first search that runs out of budget is
/// asked again with the tables, so "budget" means the same for every call.
#[derive(Clone, Debug)]
pub struct Planner {
    problem: Compiled,
    plain: Heuristic,
    /// What caps the goal's facts where everything moving them draws on stocks ([`stocks`]).
    stocks: stocks::Stocks,
    /// How many states a search can meet before its plans cost more than a price ([`follow`]).
    horizon: follow::Horizon,
    lookahead: follow::Lookahead,
    /// Built when first needed, and shared by its clones.
    tables: Arc<OnceLock<Tables>>,
    /// Set by the first question.
    asked: OnceLock<()>,
    /// Whether every question, the first too, is answered with the tables.
    prepared: bool,
    /// Whether a search first tries to walk straight down ([`dive`]); only tests turn this off,
    /// to check the search the walk stands in for.
    dive: bool,
    /// Names this planner's questions among those a thread remembers ([`answers`]); a clone
    /// answers alike, so it keeps the name.
    id: u64,
}

/// What a planner asked again and again plans with.
#[derive(Clone, Debug)]
struct Tables {
    heuristic: Heuristic,
    packed: Option<Packed>,
}

impl Planner {
    /// Prepares the search for reaching every condition of `goal` with `actions`.
    pub fn new(actions: &[Action], goal: &[Condition]) -> Self {
        let problem = compile::compile(actions, goal);
        let plain = Heuristic::plain(&problem);
        let stocks = stocks::Stocks::new(&problem);
        let (horizon, lookahead) = (follow::Horizon::new(&problem), follow::Lookahead::new(&problem));
        let id = PLANNERS.fetch_add(1, Ordering::Relaxed);
        Planner {
            problem,
            plain,
            stocks,
            horizon,
            lookahead,
            tables: Arc::default(),
            asked: OnceLock::new(),
            prepared: false,
            dive: true,
            id,
        }
    }

    /// Whether `other` answers every question as this one does: the same problem, once the
    /// actions that cannot matter are left out and the names set aside. Such planners can be
    /// one, and their answers remembered once.
    pub fn plans_alike(&self, other: &Planner) -> bool {
        self.problem == other.problem && self.dive == other.dive
    }

    /// The planner answering every question, the first too, with its tables for fast answers,
    /// so that every answer expands the same states. They are built when first needed: one
    /// never asked costs only its compiling (a town whose walks a moved station re-priced
    /// builds again only the tables its villagers ask for).
    pub fn prepared(self) -> Self {
        Planner { prepared: true, ..self }
    }

    /// The tables, if it answers with them now.
    fn built(&self) -> Option<&Tables> {
        if self.prepared { Some(self.tables()) } else { self.tables.get() }
    }

    fn tables(&self) -> &Tables {
        self.tables.get_or_init(|| {
            let heuristic = Heuristic::full(&self.problem, &self.plain);
            let packed = packed::pack(&self.problem, &heuristic, packed::MAX_VALUE_BITS);
            Tables { heuristic, packed }
        })
    }

    /// The cheapest plan from `start`, expanding at most `budget` states (and never more than
    /// [`MAX_BUDGET`]).
    pub fn plan(&self, start: &State, budget: usize) -> Result<Plan, NoPlan> {
        let budget = budget.min(MAX_BUDGET);
        MEMORY.with_borrow_mut(|memory| {
            self.project(start, &mut memory.work);
            // Once it answers with its tables, the answer depends on the question alone (a
            // first question is answered without them, and may expand other states).
            let remembered = self.built().is_some() && self.dive;
            let known =
                |answers: &answers::Answers<_>| answers.get(self.id, budget, &memory.work.projected).cloned();
            if let Some(answer) = remembered.then(|| ANSWERS.with_borrow(known)).flatten() {
                debug_assert_eq!(answer, self.answer(budget, memory), "a remembered answer differs");
                return answer;
            }
            let answer = self.answer(budget, memory);
            if remembered {
                let question = (self.id, budget, &memory.work.projected[..]);
                ANSWERS.with_borrow_mut(|answers| answers.remember(question, &answer));
            }
            if answer.as_ref().map_or_else(NoPlan::expanded, |plan| plan.expanded) > KEPT_EXPANSIONS {
                *memory = Memory::default(); // a rare huge search does not keep its memory
            }
            answer
        })
    }

    /// The search's answer from the start projected into `memory`.
    fn answer(&self, budget: usize, memory: &mut Memory) -> Result<Plan, NoPlan> {
        let first = self.built().is_none() && self.asked.set(()).is_ok();
        let plainly = first.then(|| {
            let space = Slices { problem: &self.problem, heuristic: &self.plain };
            self.search(&space, budget, &mut memory.slices, &mut memory.work, &mut ())
                .expect("slices take all")
        });
        match plainly {
            Some(answer) if !matches!(answer, Err(NoPlan::Budget { .. })) => answer,
            _ => self.plan_with_tables(budget, memory),
        }
    }

    /// A lower bound on what any plan from `start` costs — the estimate a search starts from,
    /// so no plan [`plan`](Self::plan) finds costs less — or `None` when there can be no plan.
    /// It costs a few hundred instructions, a plan often a hundred times that: a caller choosing
    /// among goals can leave out the ones whose plan could not win.
    pub fn least_cost(&self, start: &State) -> Option<u64> {
        MEMORY.with_borrow_mut(|memory| {
            self.project(start, &mut memory.work);
            let heuristic = self.built().map_or(&self.plain, |tables| &tables.heuristic);
            heuristic.estimate(&memory.work.projected)
        })
    }

    /// The start's values of the problem's slots, into `work.projected`.
    fn project(&self, start: &State, work: &mut Work) {
        work.projected.clear();
        work.projected.extend(self.problem.slots.iter().map(|&f| start.get(f)));
    }

    /// The plan on packed states when the problem and the start fit them, else on slices.
    fn plan_with_tables(&self, budget: usize, memory: &mut Memory) -> Outcome {
        let Tables { heuristic, packed } = self.tables();
        if let Some(packed) = packed {
            let space = Words { problem: &self.problem, packed, heuristic };
            if let Some(answer) = self.search(&space, budget, &mut memory.words, &mut memory.work, &mut ()) {
                return answer;
            }
        }
        let space = Slices { problem: &self.problem, heuristic };
        self.search(&space, budget, &mut memory.slices, &mut memory.work, &mut ())
            .expect("slices take every state")
    }

    /// The walk straight down, then the search, unless the goal's stocks run short. Most
    /// questions are answered within a few
    /// expansions, so the relaxed look-ahead runs only when a short search has not found a
    /// plan: then it names what blocks an unreachable goal and spares the rest of the budget;
    /// otherwise the search goes on where it stopped. `None` when a state does not fit `space`.
    fn search<S: Space, W: Watch>(
        &self,
        space: &S,
        budget: usize,
        states: &mut S::States,
        work: &mut Work,
        watch: &mut W,
    ) -> Option<Outcome> {
        let Work { search, reach, projected } = work;
        // Stocks that cannot cover the goal: no order of the actions reaches it, and trying every
        // order would only find that out. (The look-ahead still names a blocking fact first.)
        if self.stocks.run_short(projected) {
            return Some(Err(match reach::blockers(&self.problem, projected, reach) {
                Some(blocked) => NoPlan::Unreachable { blocked },
                None => NoPlan::Exhausted { expanded: 0 },
            }));
        }
        // A trace shows the search itself, so the walk that stands in for it stands aside.
        if self.dive
            && !W::ON
            && let Some(answer) = dive::dive(space, states, projected, budget)
        {
            return Some(answer);
        }
        let short = match search::begin(space, projected, search, states)? {
            true => search::advance(space, budget.min(SHORT_SEARCH), search, states, watch)?,
            false => Err(NoPlan::Exhausted { expanded: 0 }),
        };
        if short.is_ok() {
            return Some(short);
        }
        if let Some(blocked) = reach::blockers(&self.problem, projected, reach) {
            return Some(Err(NoPlan::Unreachable { blocked }));
        }
        match short {
            Err(NoPlan::Budget { .. }) if budget > SHORT_SEARCH => {
                search::advance(space, budget, search, states, watch)
            }
            done => Some(done),
        }
    }

    /// [`plan`](Self::plan), with a [`Trace`] of the search that found the answer: every state
    /// it expanded, in order, on the general (value slice) search with the full estimate. The
    /// answer is the one [`plan`](Self::plan) gives; the states expanded are those the untraced
    /// search expands when it does not walk straight down.
    pub fn plan_traced(&self, start: &State, budget: usize) -> (Result<Plan, NoPlan>, Trace) {
        let budget = budget.min(MAX_BUDGET);
        MEMORY.with_borrow_mut(|memory| {
            self.project(start, &mut memory.work);
            let mut trace = Trace { facts: self.problem.slots.clone(), ..Trace::default() };
            let space = Slices { problem: &self.problem, heuristic: &self.tables().heuristic };
            let answer = self.search(&space, budget, &mut memory.slices, &mut memory.work, &mut trace);
            (answer.expect("slices take all"), trace)
        })
    }

    /// How many of the given actions can influence the goal (the rest are never tried).
    pub fn relevant_actions(&self) -> usize {
        self.problem.len()
    }
}
