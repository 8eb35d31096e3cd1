//! What a villager is doing now, as the inspector says it in one line ([`StateLine`]) — for the
//! inspected villager, and for each one the waiting chain follows — and which villagers share a
//! tile, in roster order.

use super::i18n::Label;
use crate::planner::{Condition, Value};
use crate::scenario::Scope;
use crate::sim::{Activity, AgentFacts, Intent, LastReason, Town, Villager, WorldFacts};
use crate::words::{Lang, Whose, condition_words};
use bevy::prelude::*;

/// `condition` in words (`tools`), and how it stands when `now` is known (`tools: none in the
/// town`); the scenario's own `world.tools >= 1` is kept for the details.
pub fn condition_text(town: &Town, lang: Lang, condition: &Condition, now: Option<Value>) -> String {
    let facts = &town.scenario.facts;
    let whose = match facts.scope(condition.fact) {
        Scope::World => Whose::Town,
        Scope::Agent => Whose::Own,
    };
    condition_words(lang, facts.name(condition.fact), whose, condition.compare, condition.value, now)
}

#[derive(Clone, Debug, PartialEq)]
pub enum StateLine {
    Deciding,
    WalkingTo(String),
    /// In line at a station, and where in line (1: next).
    Queued(String, usize),
    Acting {
        label: String,
        done: f32,
        duration: f32,
    },
    /// Waiting, and for what, when the planner named it, in words with how it stands now
    /// (`wheat: none in the town`).
    Waiting(Option<String>),
    Resting,
}

/// What `entity` is doing, as the inspector's state line says it.
pub fn state_line(world: &World, entity: Entity, lang: Lang) -> Option<StateLine> {
    let (villager, intent, activity) =
        (world.get::<Villager>(entity)?, world.get::<Intent>(entity)?, world.get::<Activity>(entity)?);
    let town = world.get_resource::<Town>()?;
    let scenario = &town.scenario;
    let current_action = intent.current().map(|s| town.action(villager.index(), s));
    let state = match activity {
        Activity::Idle => StateLine::Deciding,
        Activity::Walking { .. } => StateLine::WalkingTo(
            (intent.current().map(|s| scenario.stations[town.station(villager.index(), s)].label.clone()))
                .unwrap_or_default(),
        ),
        Activity::Acting { .. } => {
            let action = current_action?;
            let left = activity.seconds_left(world.get_resource::<crate::sim::Clock>()?.steps);
            StateLine::Acting {
                label: action.label.clone(),
                done: (action.duration - left).max(0.0),
                duration: action.duration,
            }
        }
        Activity::Queued { .. } => {
            let at = town.station(villager.index(), intent.current()?);
            let lines = world.get_resource::<crate::sim::Lines>()?;
            let tile = world.get::<Villager>(entity)?.tile();
            let place = lines.place_of(tile, at, villager.number())? + 1;
            StateLine::Queued(scenario.stations[at].label.clone(), place)
        }
        Activity::Waiting { .. } => StateLine::Waiting(match world.get::<LastReason>(entity) {
            Some(LastReason::Waiting { blocked: Some(c), .. }) => {
                let now = match scenario.facts.scope(c.fact) {
                    Scope::World => world.get_resource::<WorldFacts>()?.tile(villager.tile()).get(c.fact),
                    Scope::Agent => world.get::<AgentFacts>(entity)?.0.facts().get(c.fact),
                };
                Some(condition_text(town, lang, c, Some(now)))
            }
            _ => None,
        }),
        Activity::Resting { .. } => StateLine::Resting,
    };
    Some(state)
}

/// The villagers of `tile`, in roster order.
pub fn in_tile(world: &World, tile: usize) -> impl Iterator<Item = (Entity, &Villager)> {
    let roster = world.get_resource::<crate::sim::Roster>().map(|r| r.0.as_slice()).unwrap_or_default();
    roster.iter().filter_map(move |&entity| {
        let villager = world.get::<Villager>(entity)?;
        (villager.tile() == tile).then_some((entity, villager))
    })
}

impl StateLine {
    /// "walking to Oven", "queued at Oven 2 (2nd)", "acting: Bake bread 2.5 / 6.0 s", "waiting for
    /// wheat: none in the town", "resting".
    pub fn describe(&self, lang: Lang) -> String {
        match self {
            StateLine::Deciding => lang.text(Label::Idle).to_owned(),
            StateLine::WalkingTo(station) => format!("{} {station}", lang.text(Label::Walking)),
            StateLine::Queued(station, place) => {
                format!("{} {station} ({})", lang.text(Label::Queued), lang.ordinal(*place))
            }
            StateLine::Acting { label, done, duration } => {
                format!("{}: {label} {done:.1} / {duration:.1} s", lang.text(Label::Acting))
            }
            StateLine::Waiting(None) => format!("{}…", lang.text(Label::Waiting)),
            StateLine::Waiting(Some(blocker)) => format!("{} {blocker}", lang.text(Label::WaitingFor)),
            StateLine::Resting => lang.text(Label::Resting).to_owned(),
        }
    }
}
