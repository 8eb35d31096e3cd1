//! The day report: per villager, each goal's times met and when first, where the time went,
//! replans and aborted plans; plus every event of the day.

use super::clock::Clock;
use super::log::{EventKind, EventLog};
use super::town::Town;
use super::villager::{Tally, Villager};
use crate::scenario::Drift;
use bevy::ecs::prelude::*;
use serde::Serialize;

#[derive(Resource, Debug, Default)]
pub struct FinishedDays(pub Vec<DayReport>);

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DayReport {
    pub day: u32,
    pub villagers: Vec<VillagerReport>,
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

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventReport {
    pub t: f32,
    pub villager: Option<String>,
    pub kind: EventKind,
    pub text: String,
    /// The station's id, for events at one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub station: Option<String>,
    /// For a wait, what blocks the goal waited on (`world.wheat >= 1`), when the planner named it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub blockers: Vec<String>,
}

/// The report of the day being played, as it stands.
pub fn day_report(world: &mut World) -> DayReport {
    let mut query = world.query::<(&Villager, &Tally)>();
    let mut tallies: Vec<(usize, usize, Tally)> =
        query.iter(world).map(|(v, t)| (v.number, v.index, t.clone())).collect();
    tallies.sort_by_key(|(number, ..)| *number);
    let town = world.resource::<Town>();
    let scenario = &town.scenario;
    let villagers = tallies
        .into_iter()
        .map(|(number, i, tally)| {
            let character = &scenario.characters[i];
            let goals = character
                .goals
                .iter()
                .zip(&tally.met)
                .map(|(g, &(times_met, first_met_at))| GoalReport {
                    id: g.id.clone(),
                    kind: match g.drift {
                        Drift::Need { .. } => "need",
                        Drift::Quota { .. } => "quota",
                    },
                    times_met,
                    first_met_at,
                })
                .collect();
            VillagerReport {
                id: town.villager_id(number),
                goals,
                seconds: Seconds {
                    walking: tally.walking,
                    acting: tally.acting,
                    waiting: tally.waiting,
                    resting: tally.resting,
                    queued: tally.queued,
                },
                replans: tally.replans,
                aborts: tally.aborts,
            }
        })
        .collect();
    let events = world
        .resource::<EventLog>()
        .today
        .iter()
        .map(|e| EventReport {
            t: e.t,
            villager: e.villager.map(|number| town.villager_id(number)),
            station: e.station.map(|s| town.scenario.stations[s].id.clone()),
            blockers: e.blocked.iter().map(|c| town.scenario.facts.condition(c)).collect(),
            kind: e.kind,
            text: e.text.clone(),
        })
        .collect();
    DayReport { day: world.resource::<Clock>().day, villagers, events }
}
