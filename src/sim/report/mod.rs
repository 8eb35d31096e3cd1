//! The day report: per villager, each goal's times met and when first, where the time went,
//! replans and aborted plans; each station's busy share and lines, and what the town waited on
//! ([`glance`]); plus every event of the day. And what a finished day leaves for
//! good however long the town plays: a few figures ([`DayFigures`]), not the report.

pub mod cut_off;
pub mod glance;
pub mod phrase;
pub mod standstill;

use crate::planner::Value;
use crate::scenario;
use crate::scenario::Drift;
use crate::sim::state::log::{EventKind, EventLog, Happening, SimEvent};
use crate::sim::state::tally::Tally;
use crate::sim::state::time::{Clock, as_written};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, LastReason, Underway, Villager};
use crate::words::Lang;
use bevy::ecs::prelude::*;
use serde::Serialize;

/// Finished days' whole reports, filed at each dawn where [`SimOptions::file_reports`] asks,
/// until whoever asked takes them: they hold every event, megabytes a day in a big town.
///
/// [`SimOptions::file_reports`]: super::SimOptions::file_reports
#[derive(Resource, Debug, Default)]
pub struct FinishedDays(pub Vec<DayReport>);

/// Every finished day's figures, oldest first: a few numbers a day, kept for good (a chart of the
/// days reads them), wherever days are kept ([`EventLog::keep_days`]).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct PastDays(pub Vec<DayFigures>);

/// A finished day in figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DayFigures {
    pub day: u32,
    /// Goals met by the villagers playing each character (a trade), in the scenario's order.
    pub goals_met: Vec<u32>,
    /// Villager-seconds spent in each activity, summed over the town.
    pub seconds: Seconds,
    /// The share of the day each kind of station was busy, kinds in the scenario's order.
    pub busy: Vec<glance::KindBusy>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DayReport {
    pub day: u32,
    pub villagers: Vec<VillagerReport>,
    /// Each station of the scenario, summed over the town's tiles.
    pub stations: Vec<glance::StationReport>,
    /// The facts the town waited on with no plan, most villager-seconds first.
    pub waited_on: Vec<glance::WaitedOn>,
    pub events: Vec<EventReport>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VillagerReport {
    pub id: String,
    pub goals: Vec<GoalReport>,
    pub seconds: Seconds,
    pub replans: u32,
    pub aborts: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GoalReport {
    pub id: String,
    pub kind: &'static str,
    pub times_met: u32,
    /// Day fraction (0–1) when first met, if it was.
    pub first_met_at: Option<f32>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Seconds {
    pub walking: f32,
    pub acting: f32,
    pub waiting: f32,
    pub resting: f32,
    pub queued: f32,
}

/// One event of the day: who, when, its kind and its words, and what it is about, by id.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventReport {
    pub t: f32,
    pub villager: Option<String>,
    pub kind: EventKind,
    /// The event in words, in the report's language.
    pub text: String,
    /// The goal planned for, met, waited on, or switched to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The action started, finished or abandoned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// The station's id, for events at one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub station: Option<String>,
    /// A plan made: its actions, cost and how many states the search expanded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub plan: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expanded: Option<u32>,
    /// A plan for part of a quota whose whole was out of reach: the count it reaches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<Value>,
    /// Joining a line: who it stands behind and its place (1 is first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub behind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<u32>,
    /// Leaving a line for another station: that station's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub for_station: Option<String>,
    /// A switch: the goal's score, and the goal it overtook with its score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over_score: Option<f32>,
    /// An abandoned plan: the precondition that failed, and its fact's value then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub was: Option<Was>,
    /// A fact set from outside the town: which, and its new value (`was` the old).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub now: Option<Value>,
    /// For a wait, what blocks the goal waited on (`world.wheat >= 1`), when the planner named it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub blockers: Vec<String>,
    /// A standstill: who waits for what, and who alone could make it (waiting too), in order
    /// round the ring (`ring`), or every villager of a tile where all wait.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stuck: Vec<StuckReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ring: Option<bool>,
}

/// An event's `was`: a fact's value then (an abandoned plan, an edit), or what was under way when
/// it was broken off (an interruption, a stop).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Was {
    Value(Value),
    Doing(Doing),
}

/// What was under way: `{"doing": "walking", "action": "saw_planks", "station": "west_sawmill"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Doing {
    /// `walking`, `acting`, `queued`, `waiting` or `resting`.
    pub doing: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub station: Option<String>,
}

impl Doing {
    fn new(town: &Town, character: Option<&scenario::Character>, was: &Underway) -> Self {
        let doing = match was {
            Underway::Walking { .. } => "walking",
            Underway::Acting { .. } => "acting",
            Underway::Queued { .. } => "queued",
            Underway::Waiting => "waiting",
            Underway::Resting => "resting",
        };
        let task = was.task().and_then(|t| character.map(|c| c.tasks[t]));
        let action = task.map(|t| town.scenario.actions[t.action].id.clone());
        let station = task.map(|t| town.scenario.stations[t.station].id.clone());
        Doing { doing, action, station }
    }
}

/// One link of a standstill in a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StuckReport {
    pub villager: String,
    /// The condition it waits for (`world.wheat >= 1`).
    pub waits_for: String,
    /// The villagers who alone could bring it about.
    pub makers: Vec<String>,
}

impl EventReport {
    /// `event` of `town`, its words in `lang`.
    pub fn new(town: &Town, lang: Lang, event: &SimEvent) -> Self {
        let scenario = &town.scenario;
        let character = event.villager.map(|n| &scenario.characters[town.layout.character_of(n)]);
        let goal = |g: u16| character.map(|c| c.goals[g as usize].id.clone());
        let task = |t: u32| character.map(|c| scenario.actions[c.tasks[t as usize].action].id.clone());
        let station = |s: u32| scenario.stations[s as usize].id.clone();
        let mut report = EventReport {
            t: as_written(event.t),
            villager: event.villager.map(|number| town.villager_id(number)),
            kind: event.kind(),
            text: crate::sim::report::phrase::event_text(town, lang, event),
            goal: None,
            action: None,
            station: event.station().map(|s| station(s as u32)),
            plan: Vec::new(),
            cost: None,
            expanded: None,
            part: None,
            behind: None,
            place: None,
            for_station: None,
            score: None,
            over: None,
            over_score: None,
            condition: None,
            was: None,
            fact: None,
            now: None,
            blockers: Vec::new(),
            stuck: Vec::new(),
            ring: None,
        };
        match &event.what {
            Happening::Dawn => {}
            Happening::PlanMade { goal: g, plan, cost, expanded, part } => {
                report.goal = goal(*g);
                report.plan = plan.iter().filter_map(|&t| task(t)).collect();
                report.cost = Some(scenario::cost_value(*cost));
                report.expanded = Some(*expanded);
                report.part = *part;
            }
            Happening::Started { task: t, .. } | Happening::Finished { task: t } => report.action = task(*t),
            Happening::Queued { behind, place, .. } => {
                report.behind = behind.map(|n| town.villager_id(n as usize));
                report.place = Some(*place);
            }
            Happening::LeftQueue { to, .. } => report.for_station = to.map(station),
            Happening::Met { goal: g } => report.goal = goal(*g),
            Happening::Edited { fact, was, now } => {
                report.fact = Some(scenario.facts.qualified(*fact));
                (report.was, report.now) = (Some(Was::Value(*was)), Some(*now));
            }
            Happening::Standstill(standstill) => {
                let link = |l: &crate::sim::state::log::Link| StuckReport {
                    villager: town.villager_id(l.villager as usize),
                    waits_for: scenario.facts.condition(&l.waits_for),
                    makers: l.makers.iter().map(|&m| town.villager_id(m as usize)).collect(),
                };
                report.stuck = standstill.links.iter().map(link).collect();
                report.ring = Some(standstill.ring);
            }
            Happening::WentOn { goal: g, was } => {
                report.goal = goal(*g);
                report.was = Some(Was::Doing(Doing::new(town, character, was)));
            }
            Happening::Changed(reason) => match *reason {
                LastReason::None | LastReason::Resting => {}
                LastReason::Pursuing { goal: g } => report.goal = goal(g),
                LastReason::Waiting { goal: g, blocked, .. } => {
                    report.goal = goal(g);
                    report.blockers = blocked.iter().map(|c| scenario.facts.condition(c)).collect();
                }
                LastReason::Switched { to, to_score, from, from_score } => {
                    (report.goal, report.score) = (goal(to), Some(to_score));
                    (report.over, report.over_score) = (goal(from), Some(from_score));
                }
                LastReason::Abandoned { task: t, condition, was } => {
                    report.action = task(t);
                    let c = character.map(|c| {
                        scenario.actions[c.tasks[t as usize].action].planning.preconditions
                            [condition as usize]
                    });
                    report.condition = c.map(|c| scenario.facts.condition(&c));
                    report.was = Some(Was::Value(was));
                }
                LastReason::Interrupted { goal: g, from, score, from_score, was } => {
                    (report.goal, report.score) = (goal(g), Some(score));
                    if from != crate::sim::state::villager::NO_GOAL {
                        (report.over, report.over_score) = (goal(from), Some(from_score));
                    }
                    report.was = Some(Was::Doing(Doing::new(town, character, &was)));
                }
                LastReason::Stopped { was } => {
                    report.was = Some(Was::Doing(Doing::new(town, character, &was)))
                }
            },
        }
        report
    }
}

/// Each villager's number, character index, tally and seconds per activity, in roster order.
fn tallies(world: &mut World) -> Vec<(usize, usize, Tally, [f32; 5])> {
    // Called as the day ends: the step past its last has begun, and counts for nothing.
    let through = world.resource::<Clock>().steps;
    let mut query = world.query::<(&Villager, &Tally, &Activity)>();
    let mut tallies: Vec<(usize, usize, Tally, [f32; 5])> = query
        .iter(world)
        .map(|(v, t, a)| (v.number(), v.index(), t.clone(), t.seconds(a, through)))
        .collect();
    tallies.sort_by_key(|(number, ..)| *number);
    tallies
}

/// The figures of the day being played, as it stands.
pub fn day_figures(world: &mut World) -> DayFigures {
    let tallies = tallies(world);
    let mut goals_met = vec![0; world.resource::<Town>().scenario.characters.len()];
    let mut sum = [0.0f32; 5];
    for (_, character, tally, seconds) in &tallies {
        goals_met[*character] += tally.met.iter().map(|met| met.times).sum::<u32>();
        sum.iter_mut().zip(seconds).for_each(|(total, s)| *total += s);
    }
    let [walking, acting, waiting, resting, queued] = sum;
    let (town, clock) = (world.resource::<Town>(), world.resource::<Clock>());
    // Called as the day ends, the clock a step past its last: the figures are the whole day's.
    let now = clock.time.min(clock.day_length);
    let busy = glance::Glance::of(town, &world.resource::<EventLog>().today).busy_by_kind(town, now);
    let seconds = Seconds { walking, acting, waiting, resting, queued };
    DayFigures { day: clock.day, goals_met, seconds, busy }
}

/// The report of the day being played, as it stands.
pub fn day_report(world: &mut World) -> DayReport {
    let tallies = tallies(world);
    let town = world.resource::<Town>();
    let scenario = &town.scenario;
    let villagers = tallies
        .into_iter()
        .map(|(number, i, tally, [walking, acting, waiting, resting, queued])| {
            let character = &scenario.characters[i];
            let goals = character
                .goals
                .iter()
                .zip(&tally.met)
                .map(|(g, met)| GoalReport {
                    id: g.id.clone(),
                    kind: match g.drift {
                        Drift::Need { .. } => "need",
                        Drift::Quota { .. } => "quota",
                    },
                    times_met: met.times,
                    first_met_at: met.first(),
                })
                .collect();
            VillagerReport {
                id: town.villager_id(number),
                goals,
                seconds: Seconds { walking, acting, waiting, resting, queued },
                replans: tally.replans,
                aborts: tally.aborts,
            }
        })
        .collect();
    let lang = world.get_resource::<Lang>().copied().unwrap_or_default();
    let log = world.resource::<EventLog>();
    let events = log.today.iter().map(|e| EventReport::new(town, lang, e)).collect();
    let clock = world.resource::<Clock>();
    // Called as the day ends, the clock a step past its last: the figures are the whole day's.
    let now = clock.time.min(clock.day_length);
    let glance = glance::Glance::of(town, &log.today);
    let (stations, waited_on) = (glance.stations(town, now), glance.waited_on(town, now));
    DayReport { day: clock.day, villagers, stations, waited_on, events }
}
