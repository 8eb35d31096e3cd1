//! A villager's components: who it is, what it holds, what it wants and what it is doing.

use super::clock::STEP;
use crate::planner::{Condition, State, Value};
use crate::scenario::{Drift, Scenario};
use bevy::ecs::prelude::*;
use smallvec::SmallVec;
use std::num::NonZeroU64;

/// Which character of the scenario this entity is, which villager of the town (its place in
/// the [`Roster`](super::Roster), the number events name it by), which tile it lives in, where it
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
/// further along ([`position_at`](super::position_at)).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Position(pub [f32; 2]);

/// One goal's live state, in 20 bytes. How loudly it asks is worked out when asked
/// ([`insistence`](super::needs::insistence)); a plan's score and cost are in the decision
/// table where tables are kept, and how often it was met today in the [`Tally`] where days are.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalState {
    /// What its insistence is worked out from.
    pub heard: Heard,
    /// What the last deliberation made of it.
    pub verdict: Verdict,
    /// Whether its conditions held when last looked at (to count each time it is met).
    pub met: bool,
}

/// What a goal's insistence is worked out from, when asked ([`super::needs`]): a value and a
/// step of the day, in eight bytes, read by the goal's kind (which only a new day changes: an
/// edit of a goal's drift restarts the day, see `scenario::diff`).
/// - A need held `value`, and rises once a step from step `step` on.
/// - A quota's unmet fraction was `value` as step `step` began, kept once the villager's own
///   facts changed in that step ([`Heard::quota`]: none kept).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heard {
    pub value: f32,
    pub step: u32,
}

impl Heard {
    /// A need holding `held`, rising from step `rises_from` on.
    pub fn need(held: f32, rises_from: u32) -> Self {
        Heard { value: held, step: rises_from }
    }

    /// A quota with no unmet fraction kept.
    pub fn quota() -> Self {
        Heard { value: 0.0, step: u32::MAX }
    }
}

/// What the last deliberation made of a goal.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Verdict {
    /// Not planned: the villager rested, or the goal was met.
    #[default]
    NotPlanned,
    /// Planned without a plan; `blocked` is a condition nothing it can do brings about, when
    /// the planner found one.
    NoPlan { blocked: Option<Condition> },
    /// Planned, with a plan.
    Planned,
}

/// Inline for up to three goals (a trade and two needs), so most villagers' goals take no
/// allocation of their own.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Goals(pub SmallVec<[GoalState; 3]>);

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
/// runs out at, so nothing counts it down step by step ([`countdown_steps`]).
#[derive(Component, Clone, Debug, PartialEq)]
pub enum Activity {
    /// At a safe point: the next decision runs this step.
    Idle,
    /// On the way to the station of plan step `Intent::step`: set off at step `from` of the day
    /// from its [`Position`], and arrives at step `until` ([`super::walk::set_off`]).
    Walking { from: u32, until: u32 },
    /// Performing plan step `Intent::step`; it is done at step `until` of the day.
    Acting { until: u32 },
    /// In line at the station of plan step `Intent::step`, which is full ([`Lines`](super::Lines));
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

    /// Where [`Tally::steps`] counts it (an idle villager decides within the step: not counted).
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

/// How many steps a timer of `seconds` lasts: counted down by [`STEP`] once a step until at most
/// a ten-thousandth of a second is left, in that very `f32` arithmetic, so that a timer kept as
/// its last step runs out on the step a countdown would.
pub fn countdown_steps(seconds: f32) -> u32 {
    let (mut left, mut steps) = (seconds, 0u32);
    loop {
        left -= STEP;
        steps += 1;
        // (A duration is at most a day, so this ends within 864,000 steps.)
        if left <= 1e-4 || left.is_nan() || steps == u32::MAX {
            return steps;
        }
    }
}

/// Why the villager last changed course, kept as data: words are made where it is shown
/// ([`Town::reason_text`](super::Town::reason_text)), and a town of thousands keeps no text.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub enum LastReason {
    #[default]
    None,
    /// Every insistence was below the rest threshold.
    Resting,
    /// No goal had a viable plan; it waits on its most insistent goal, `goal`, held back by
    /// `blocked` when the planner named what blocks it.
    Waiting { goal: u16, blocked: Option<Condition> },
    /// It made a plan for goal `goal`, the best it could pursue (no other goal was pursued).
    Pursuing { goal: u16 },
    /// Goal `to`, scoring `to_score`, overtook goal `from`, scoring `from_score`.
    Switched { to: u16, to_score: f32, from: u16, from_score: f32 },
    /// Plan step `task` (an index into the character's tasks) was dropped on arrival: its
    /// precondition number `condition` did not hold, its fact being `was`.
    Abandoned { task: u32, condition: u16, was: Value },
}

/// The day so far, for its report: only where days are kept ([`EventLog::keep_days`]) does a
/// villager carry one — a town run only for speed keeps none, and its villagers are smaller.
///
/// [`EventLog::keep_days`]: super::EventLog::keep_days
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Steps spent walking, acting, waiting, resting and in line ([`Activity::counted_as`]),
    /// up to `since`: the activity under way has been counted from that step of the day on.
    /// Counting whole spans when the activity changes, not every step, leaves still villagers
    /// unvisited; [`Tally::seconds`] turns steps into the very sums adding a step at a time gave.
    pub steps: [u32; 5],
    pub since: u32,
    pub replans: u32,
    pub aborts: u32,
    /// How often each goal was met, and when first.
    pub met: SmallVec<[Met; 3]>,
}

/// How often a goal was met today, and when first: eight bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Met {
    pub times: u32,
    /// The fraction of the day when first met; only read once it was met.
    at: f32,
}

impl Met {
    /// Met once more at `progress` of the day.
    pub fn again(&mut self, progress: f32) {
        if self.times == 0 {
            self.at = progress;
        }
        self.times += 1;
    }

    /// The fraction of the day when it was first met, if it was.
    pub fn first(&self) -> Option<f32> {
        (self.times > 0).then_some(self.at)
    }
}

impl Tally {
    /// A day not yet begun, of one playing character `index` of `scenario` (see [`fresh`]).
    pub fn fresh(scenario: &Scenario, index: usize) -> Self {
        let goals = scenario.characters[index].goals.len();
        Tally { met: smallvec::smallvec![Met::default(); goals], ..Tally::default() }
    }

    /// Seconds spent per kind of activity (as [`Tally::steps`] orders them) by the end of step
    /// `through - 1`, `doing` being the activity under way.
    pub fn seconds(&self, doing: &Activity, through: u64) -> [f32; 5] {
        let mut steps = self.steps;
        if let Some(kind) = doing.counted_as() {
            steps[kind] += (through as u32).saturating_sub(self.since);
        }
        steps.map(seconds_in)
    }
}

/// `steps` steps in seconds, summed a step at a time in `f32` as a clock ticking would.
fn seconds_in(steps: u32) -> f32 {
    thread_local! {
        static SUMS: std::cell::RefCell<Vec<f32>> = std::cell::RefCell::new(vec![0.0]);
    }
    SUMS.with_borrow_mut(|sums| {
        while sums.len() <= steps as usize {
            let last = sums[sums.len() - 1];
            sums.push(last + STEP);
        }
        sums[steps as usize]
    })
}

/// Changes what a villager is doing at step `now` of the day, counting the span it leaves
/// where the day is kept.
pub fn switch(activity: &mut Activity, tally: Option<&mut Tally>, to: Activity, now: u64) {
    if let Some(tally) = tally {
        if let Some(kind) = activity.counted_as() {
            tally.steps[kind] += (now as u32).saturating_sub(tally.since);
        }
        tally.since = now as u32;
    }
    *activity = to;
}

/// What a villager's last deliberation concluded about itself (the plans it found are handed
/// to the arbitration in a list of the step's, not kept here: a town of thousands keeps none),
/// and when its goals were last looked at. Sixteen bytes: every villager has one.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Deliberation {
    /// A digest of what the villager could count on the last time every unmet goal had no plan:
    /// from the same view the planner would fail again, so the retry skips the search.
    pub hopeless: Option<NonZeroU64>,
    /// The step of the day its goals were last looked at ([`super::act`]).
    pub looked_at: u32,
    /// Its own facts changed, or a need was just met (and may be met again at once): its goals
    /// need a look though its tile's world did not change.
    pub recheck: bool,
    /// Every unmet goal is below the rest threshold: nothing was planned.
    pub resting: bool,
    /// Waiting on a hopeless view, it is not polled until its tile changes ([`super::calendar`]).
    pub asleep: bool,
}

impl Default for Deliberation {
    /// A villager at dawn: its goals are looked at first thing.
    fn default() -> Self {
        Deliberation { hopeless: None, looked_at: 0, recheck: true, resting: false, asleep: false }
    }
}

/// The components [`fresh`] builds (and a [`Tally`] where days are kept).
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
            GoalState { heard, verdict: Verdict::NotPlanned, met: false }
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
