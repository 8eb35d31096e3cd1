//! A run kept as a small file: which scenario text it played, the town's size, and every edit
//! made to it from outside, each with its moment. The simulation is deterministic, so that is
//! the whole run: [`Replay::play`] plays it again exactly. The game's `Save day` writes one;
//! `goap-town replay FILE` opens one and `goap-town run SCENARIO --replay FILE --at T` asks one.

use super::history::{DayHistory, Edit};
use super::tiles::Layout;
use super::town::{self, Town};
use super::{Clock, SimTick, edit_world_fact};
use crate::planner::{FactId, Value};
use crate::scenario::diff::diff;
use crate::scenario::{Scenario, Scope};
use bevy::ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// What the first field of every replay file says, so another kind of file is told apart.
pub const FORMAT: &str = "goap-town replay 1";

/// A run as a replay file holds it.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    pub format: String,
    /// The scenario file as the game was given it, or a built-in scenario's name.
    pub scenario: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub built_in: bool,
    /// The scenario's own name, for messages.
    pub name: String,
    /// [`crate::scenario::text_hash`] of the text played, in hex.
    pub text_hash: String,
    /// The town's size, and the seed of its variations (none: every tile as written).
    pub villagers: usize,
    pub seed: Option<u64>,
    /// The last moment played.
    pub end: Moment,
    /// Every edit, in the order made.
    pub edits: Vec<Edited>,
}

/// Why a run cannot be kept as a replay.
#[derive(Debug, Clone, PartialEq)]
pub enum NotKept {
    /// The town keeps no history ([`super::keep_history`]).
    NoHistory,
    /// It took in an edit of the scenario file other than stations moved, whose text no replay
    /// keeps: when, and what changed.
    FileEdited { at: Moment, changes: Vec<String> },
}

/// A moment of the run: a day, and steps since its dawn.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Moment {
    pub day: u32,
    pub step: u64,
}

/// One edit and its moment (made before that step was played).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Edited {
    pub day: u32,
    pub step: u64,
    #[serde(flatten)]
    pub change: Change,
}

/// An edit in the scenario's words.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// A world fact of a tile set to a value.
    Set { tile: usize, fact: String, value: Value },
    /// A station moved, in every tile.
    Move { station: String, to: [f32; 2] },
}

impl Replay {
    /// The run `world` has played up to `end`, from its history; `scenario` and `built_in` say
    /// where its scenario came from.
    pub fn of(world: &World, scenario: &str, built_in: bool, end: Moment) -> Result<Replay, NotKept> {
        let history = world.get_resource::<DayHistory>().ok_or(NotKept::NoHistory)?;
        let (installed, edits) = history.run().ok_or(NotKept::NoHistory)?;
        let mut before = installed.clone();
        let mut kept = Vec::new();
        for (day, step, edit) in edits.filter(|&(day, step, _)| Moment { day, step } <= end) {
            match edit {
                Edit::Fact { tile, fact, value } => {
                    let (tile, value, fact) = (*tile, *value, before.facts.name(*fact).to_owned());
                    kept.push(Edited { day, step, change: Change::Set { tile, fact, value } });
                }
                Edit::Move { station, to } => {
                    let id = before.stations[*station].id.clone();
                    kept.push(Edited { day, step, change: Change::Move { station: id, to: *to } });
                    Arc::make_mut(&mut before).stations[*station].position = *to;
                }
                Edit::Scenario(after) => {
                    let moved = moved_stations(&before, after).ok_or_else(|| NotKept::FileEdited {
                        at: Moment { day, step },
                        changes: diff(&before, after).into_iter().map(|c| c.what).collect(),
                    })?;
                    kept.extend(moved.into_iter().map(|change| Edited { day, step, change }));
                    before = after.clone();
                }
            }
        }
        let layout = &world.resource::<Town>().layout;
        Ok(Replay {
            format: FORMAT.to_owned(),
            scenario: scenario.to_owned(),
            built_in,
            name: installed.name.clone(),
            text_hash: format!("{:016x}", installed.text_hash),
            villagers: layout.villagers,
            seed: layout.seed(),
            end,
            edits: kept,
        })
    }

    /// Reads a replay file; a file that is not one says where and why.
    pub fn read(path: &Path) -> Result<Replay, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let replay: Replay = serde_json::from_str(&text).map_err(|e| {
            let (line, column) = (e.line(), e.column());
            let why = e.to_string();
            let why = why.trim_end_matches(&format!(" at line {line} column {column}"));
            format!("{}:{line}:{column}: not a replay file: {why}", path.display())
        })?;
        if replay.format != FORMAT {
            return Err(format!(
                "{}: a replay file of another kind ({:?}, not {FORMAT:?})",
                path.display(),
                replay.format
            ));
        }
        Ok(replay)
    }

    /// The file's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a replay is plain data") + "\n"
    }

    /// Whether `scenario` was read from the very text this run played; if not, says so.
    pub fn check(&self, scenario: &Scenario) -> Result<(), String> {
        let hash = format!("{:016x}", scenario.text_hash);
        if hash == self.text_hash {
            return Ok(());
        }
        Err(format!(
            "this replay is of another text of the scenario: it played \"{}\" from a text whose hash is {}, \
             and {} now hashes to {hash} (edited since?); its day would not play again as it was",
            self.name, self.text_hash, scenario.file
        ))
    }

    /// The town it plays: `scenario` at the size it was.
    pub fn town(&self, scenario: Scenario) -> Town {
        let layout = Layout::tiled(&scenario, self.villagers, self.seed);
        Town::tiled(scenario, layout)
    }
}

/// The stations `after` moved from where `before` had them, if that is all that changed.
fn moved_stations(before: &Scenario, after: &Scenario) -> Option<Vec<Change>> {
    let mut unmoved = after.clone();
    for (station, was) in unmoved.stations.iter_mut().zip(&before.stations) {
        station.position = was.position;
    }
    unmoved.text_hash = before.text_hash;
    (unmoved == *before).then(|| {
        (after.stations.iter().zip(&before.stations))
            .filter(|(now, was)| now.position != was.position)
            .map(|(now, _)| Change::Move { station: now.id.clone(), to: now.position })
            .collect()
    })
}

impl Replay {
    /// Plays this run in `world`, whose town was just installed from its scenario
    /// ([`Replay::town`]), up to `until`: every edit at its moment, as the game made it.
    pub fn play(&self, world: &mut World, until: Moment) -> Result<(), String> {
        let mut due = self.due(world)?;
        loop {
            due.make(world);
            if now(world) >= until {
                return Ok(());
            }
            world.run_schedule(SimTick);
        }
    }

    /// Its edits, read into the terms of the town `world` runs (its scenario).
    pub fn due(&self, world: &World) -> Result<DueEdits, String> {
        let town = world.resource::<Town>();
        let mut due = Vec::new();
        for (n, edited) in self.edits.iter().enumerate() {
            let unknown = |what: String| format!("edit {}: the scenario has no {what}", n + 1);
            let change = match &edited.change {
                Change::Set { tile, fact, value } => {
                    let id = town.scenario.facts.get(Scope::World, fact);
                    let id = id.ok_or_else(|| unknown(format!("world fact `{fact}`")))?;
                    if *tile >= town.layout.tiles {
                        return Err(unknown(format!("tile {tile}")));
                    }
                    Due::Set(*tile, id, *value)
                }
                Change::Move { station, to } => {
                    let index = town.scenario.stations.iter().position(|s| s.id == *station);
                    Due::Move(index.ok_or_else(|| unknown(format!("station `{station}`")))?, *to)
                }
            };
            due.push((Moment { day: edited.day, step: edited.step }, change));
        }
        Ok(DueEdits(due.into_iter().peekable()))
    }
}

/// The moment the town of `world` is at.
fn now(world: &World) -> Moment {
    let clock = world.resource::<Clock>();
    Moment { day: clock.day, step: clock.steps }
}

/// The edits of a replay not made yet, in the running town's terms, in order.
pub struct DueEdits(std::iter::Peekable<std::vec::IntoIter<(Moment, Due)>>);

enum Due {
    Set(usize, FactId, Value),
    Move(usize, [f32; 2]),
}

impl DueEdits {
    /// Makes every edit due by now, before the town plays its next step (as the game does).
    pub fn make(&mut self, world: &mut World) {
        let now = now(world);
        while let Some((_, change)) = self.0.next_if(|(at, _)| *at <= now) {
            match change {
                Due::Set(tile, fact, value) => edit_world_fact(world, tile, fact, value),
                Due::Move(index, to) => town::move_station(world, index, to),
            }
        }
    }
}
