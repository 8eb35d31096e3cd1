//! A villager's components: who it is, what it holds, what it wants and what it is doing.

use crate::planner::{Condition, State, Value};
use crate::scenario::{Drift, Scenario};
use crate::sim::state::goals::{GoalState, Goals, Heard, Verdict};
use crate::sim::state::time::STEP;
use bevy::ecs::prelude::*;
use smallvec::SmallVec;
use std::num::NonZeroU64;

/// Which character of the scenario this entity is, which villager of the town (its place in
/// the [`Roster`](crate::sim::state::roster::Roster), the number events name it by), which tile it lives in, where it
/// starts each day and how fast it walks. It is kept from day to day; everything else about a
/// villager is rebuilt at dawn ([`fresh`]).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Villager {
    index: u32,
    number: u32,
    tile: u32,
    pub start: [f32; 2],
    /// World units per simulated second.
    pub speed: f32,
}

impl Villager {
    pub fn new(index: usize, number: usize, tile: usize, start: [f32; 2], speed: f32) -> Self {
        Villager { index: index as u32, number: number as u32, tile: tile as u32, start, speed }
    }

    /// The tile it lives in.
    pub fn tile(&self) -> usize {
        self.tile as usize
    }

    /// Which character of the scenario it is.
    pub fn index(&self) -> usize {
        self.index as usize
    }

    /// Which villager of the town it is: its place in the roster.
    pub fn number(&self) -> usize {
        self.number as usize
    }
}

/// The villager's own facts (only agent-scope entries are meaningful).
#[derive(Component, Clone, Debug, PartialEq)]
pub struct AgentFacts(pub State);

/// Where the villager stood when it last set off or arrived, in world units; on the way, it is
/// further along ([`position_at`](crate::sim::phases::walk::position_at)).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Position(pub [f32; 2]);

/// The goal being pursued and the plan for it, in 32 bytes: a plan of up to eight steps is kept
/// inline (an action's index fits 16 bits: see `scenario::limits::MAX_TASKS`).
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct Intent {
    /// Indices into the character's action list.
    plan: SmallVec<[u16; 8]>,
    /// The step being walked to or performed (`plan.len()` when done).
    step: u32,
    goal: Option<u16>,
}

impl Intent {
    /// Pursuing goal `goal` by the actions `plan`, from its first step.
    pub fn new(goal: usize, plan: &[u32]) -> Self {
        let plan = plan.iter().map(|&task| task as u16).collect();
        Intent { plan, step: 0, goal: Some(goal as u16) }
    }

    pub fn goal(&self) -> Option<usize> {
        self.goal.map(usize::from)
    }

    /// The plan's actions, as indices into the character's action list.
    pub fn plan(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.plan.iter().map(|&task| usize::from(task))
    }

    /// The step being walked to or performed (the plan's length when done).
    pub fn step(&self) -> usize {
        self.step as usize
    }

    /// The action of the step under way, if the plan has one left.
    pub fn current(&self) -> Option<usize> {
        self.plan.get(self.step as usize).map(|&task| usize::from(task))
    }

    /// On to the plan's next step.
    pub fn advance(&mut self) {
        self.step += 1;
    }

    /// The goal was just met: it is no longer pursued, so the next decision weighs every goal
    /// alike (no hysteresis holds the others off for it). What is left of the plan stays, so
    /// an action under way finishes as it began.
    pub fn release(&mut self) {
        self.goal = None;
    }

    /// The plan is dropped; the goal stays pursued, to be planned again.
    pub fn drop_plan(&mut self) {
        self.plan.clear();
        self.step = 0;
    }
}

/// What the villager is doing this step. A timed activity keeps the step of the day its timer
/// runs out at, so nothing counts it down step by step ([`countdown_steps`](super::time::countdown_steps)).
#[derive(Component, Clone, Debug, PartialEq)]
pub enum Activity {
    /// At a safe point: the next decision runs this step.
    Idle,
    /// On the way to the station of plan step `Intent::step`: set off at step `from` of the day
    /// from its [`Position`], and arrives at step `until` ([`crate::sim::phases::walk::set_off`]).
    Walking { from: u32, until: u32 },
    /// Performing plan step `Intent::step`; it is done at step `until` of the day.
    Acting { until: u32 },
    /// In line at the station of plan step `Intent::step`, which is full ([`Lines`](crate::sim::state::lines::Lines));
    /// chooses again at step `until`, and keeps its place if it stays.
    Queued { until: u32 },
    /// No goal has a viable plan; retries at step `until`.
    Waiting { until: u32 },
    /// Nothing is insistent enough; looks again at step `until`.
    Resting { until: u32 },
}

impl Activity {
    /// Whether a villager doing this decides at step `now`: idle, or a wait, a rest or a line
    /// whose retry is due. Never mid-walk or mid-action.
    pub fn at_safe_point(&self, now: u64) -> bool {
        match self {
            Activity::Idle => true,
            Activity::Waiting { until } | Activity::Resting { until } | Activity::Queued { until } => {
                now >= u64::from(*until)
            }
            Activity::Walking { .. } | Activity::Acting { .. } => false,
        }
    }

    /// The step of the day its timer runs out at, if it has one.
    pub fn until(&self) -> Option<u32> {
        match *self {
            Activity::Acting { until }
            | Activity::Queued { until }
            | Activity::Waiting { until }
            | Activity::Resting { until }
            | Activity::Walking { until, .. } => Some(until),
            Activity::Idle => None,
        }
    }

    /// Where [`Tally::steps`](super::tally::Tally::steps) counts it (an idle villager decides within the step: not counted).
    pub fn counted_as(&self) -> Option<usize> {
        match self {
            Activity::Idle => None,
            Activity::Walking { .. } => Some(0),
            Activity::Acting { .. } => Some(1),
            Activity::Waiting { .. } => Some(2),
            Activity::Resting { .. } => Some(3),
            Activity::Queued { .. } => Some(4),
        }
    }

    /// Seconds left on its timer at step `now` of the day (0 without one).
    pub fn seconds_left(&self, now: u64) -> f32 {
        self.until().map_or(0.0, |until| u64::from(until).saturating_sub(now) as f32 * STEP)
    }
}

/// Why the villager last changed course, kept as data: words are made where it is shown
/// ([`reason_text`](crate::sim::reason_text)), and a town of thousands keeps no text.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub enum LastReason {
    #[default]
    None,
    /// Every insistence was below the rest threshold.
    Resting,
    /// No goal had a viable plan; it waits on its most insistent goal, `goal`, held back by
    /// `blocked` when the planner named what blocks it, or by the planner's budget
    /// (`over_budget`: its search gave up).
    Waiting { goal: u16, blocked: Option<Condition>, over_budget: bool },
    /// It made a plan for goal `goal`, the best it could pursue (no other goal was pursued).
    Pursuing { goal: u16 },
    /// Goal `to`, scoring `to_score`, overtook goal `from`, scoring `from_score`.
    Switched { to: u16, to_score: f32, from: u16, from_score: f32 },
    /// Plan step `task` (an index into the character's tasks) was dropped on arrival: its
    /// precondition number `condition` did not hold, its fact being `was`.
    Abandoned { task: u32, condition: u16, was: Value },
    /// Goal `goal`, reaching its `interrupts_at`, broke off what was under way (`was`) and won
    /// with a plan scoring `score`, over goal `from` scoring `from_score` (`from` is
    /// [`NO_GOAL`] when none was pursued or it had no plan).
    Interrupted { goal: u16, from: u16, score: f32, from_score: f32, was: Underway },
    /// The player stopped it during `was`.
    Stopped { was: Underway },
}

/// No goal, where a goal's index is kept in 16 bits.
pub const NO_GOAL: u16 = u16::MAX;

/// What a villager was doing when it was broken off, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Underway {
    /// On the way to the station of plan step `task` (an index into the character's tasks: it
    /// fits 16 bits, see `scenario::limits::MAX_TASKS`).
    Walking {
        task: u16,
    },
    Acting {
        task: u16,
    },
    /// In line at the station of plan step `task`.
    Queued {
        task: u16,
    },
    Waiting,
    Resting,
}

impl Underway {
    /// What `activity`, following `intent`, is; `None` when idle.
    pub fn of(activity: &Activity, intent: &Intent) -> Option<Underway> {
        let task = intent.current().map_or(0, |t| t as u16);
        Some(match activity {
            Activity::Idle => return None,
            Activity::Walking { .. } => Underway::Walking { task },
            Activity::Acting { .. } => Underway::Acting { task },
            Activity::Queued { .. } => Underway::Queued { task },
            Activity::Waiting { .. } => Underway::Waiting,
            Activity::Resting { .. } => Underway::Resting,
        })
    }

    /// The plan step it was at, if any.
    pub fn task(&self) -> Option<usize> {
        match *self {
            Underway::Walking { task } | Underway::Acting { task } | Underway::Queued { task } => {
                Some(usize::from(task))
            }
            Underway::Waiting | Underway::Resting => None,
        }
    }
}

/// What a villager's last deliberation concluded about itself (the plans it found are handed
/// to the arbitration in a list of the step's, not kept here: a town of thousands keeps none),
/// and when its goals were last looked at. Sixteen bytes: every villager has one.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Deliberation {
    /// A digest of what the villager could count on the last time every unmet goal had no plan:
    /// from the same view the planner would fail again, so the retry skips the search.
    pub hopeless: Option<NonZeroU64>,
    /// The step of the day its goals were last looked at ([`crate::sim::phases::goals`]).
    pub looked_at: u32,
    /// Its own facts changed, or a need was just met (and may be met again at once): its goals
    /// need a look though its tile's world did not change.
    pub recheck: bool,
    /// Every unmet goal is below the rest threshold: nothing was planned.
    pub resting: bool,
    /// Waiting on a hopeless view, it is not polled until its tile changes ([`crate::sim::calendar::sleepers`]).
    pub asleep: bool,
}

impl Default for Deliberation {
    /// A villager at dawn: its goals are looked at first thing.
    fn default() -> Self {
        Deliberation { hopeless: None, looked_at: 0, recheck: true, resting: false, asleep: false }
    }
}

/// The components [`fresh`] builds (and a [`Tally`](super::tally::Tally) where days are kept).
pub type Fresh = (AgentFacts, Goals, Intent, Activity, LastReason, Deliberation);

/// Everything a character starts the day with, but who it is and where it stands (see
/// [`Villager`]), for a day whose first step is `first_step` (the first day's is 1, its dawn
/// being the install; a later day's first step is played at its dawn).
pub fn fresh(scenario: &Scenario, index: usize, first_step: u32) -> Fresh {
    let character = &scenario.characters[index];
    // A villager's own facts are the first ids, up to its place (see `scenario::validate`).
    let mut facts = State::zeros(scenario.place.index() + 1);
    for &(fact, value) in &character.facts {
        facts.set(fact, value);
    }
    facts.set(scenario.place, crate::scenario::START);
    let goals = character
        .goals
        .iter()
        .map(|g| {
            let heard = match g.drift {
                Drift::Need { initial, .. } => Heard::need(initial, first_step),
                Drift::Quota { .. } => Heard::quota(),
            };
            GoalState { heard, verdict: Verdict::NotPlanned, met: false, armed: false }
        })
        .collect();
    (
        AgentFacts(facts),
        Goals(goals),
        Intent::default(),
        Activity::Idle,
        LastReason::default(),
        Deliberation::default(),
    )
}

/// A 64-bit digest of what a villager can count on (FxHash: the same in every run, and cheap next
/// to a search), for [`Deliberation::hopeless`]; never 0, so that a villager keeps it in eight
/// bytes.
pub fn digest(view: &State) -> NonZeroU64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = rustc_hash::FxHasher::default();
    view.hash(&mut hasher);
    NonZeroU64::new(hasher.finish()).unwrap_or(NonZeroU64::MIN)
}
