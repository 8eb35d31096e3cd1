//! A run kept as a small file: which scenario text it played, the town's size, and every edit
//! made to it from outside, each with its moment. The simulation is deterministic, so that is
//! the whole run: [`Replay::play`] plays it again exactly. The game's `Save day` writes one;
//! `goap-town replay FILE` opens one and `goap-town run SCENARIO --replay FILE --at T` asks one.

use crate::files::read_capped;
use crate::planner::{FactId, Value};
use crate::scenario::diff::diff;
use crate::scenario::{Scenario, Scope};
use crate::sim::schedule::SimTick;
use crate::sim::state::tiles::Layout;
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::wholesale::edits::edit_world_fact;
use crate::sim::wholesale::history::DayHistory;
use crate::sim::wholesale::history::Edit;
use crate::space::{Cell, Ground};
use crate::words::{Lang, words};
use bevy::ecs::prelude::*;
use std::path::Path;
use std::sync::Arc;

mod bounds;
mod fault;
mod format;
pub mod fuzz;
mod kept;
mod limits;
mod paint;

pub use fault::{Fault, NotAFile, Problem, ReplayError};
pub use format::{Change, Edited, FORMAT, Moment, Replay, Run};
pub use limits::{LATEST_DAY, MAX_FILE_BYTES, MOST_EDITS, MOST_PAINTED_CELLS, MOST_WORK};

/// Which text of its scenario a replay plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// The file as it now is.
    File,
    /// The text the replay keeps, the file having changed since.
    KeptText,
}

impl Played {
    /// What the player is told of it, in `lang`, about scenario `file`: nothing when the file
    /// is the text played.
    pub fn notice(self, file: &str, lang: Lang) -> Option<String> {
        let args = [("file", file.to_owned().into())];
        (self == Played::KeptText).then(|| words().say(lang, "replay-from-kept-text", &args))
    }
}

/// Why a run cannot be kept as a replay.
#[derive(Debug, Clone, PartialEq)]
pub enum NotKept {
    /// The town keeps no history ([`crate::sim::wholesale::history::keep_history`]).
    NoHistory,
    /// It took in an edit of the scenario file other than stations moved and cells of the map
    /// painted, whose text no replay keeps: when, and what changed.
    FileEdited { at: Moment, changes: Vec<String> },
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
                    let moved = Arc::make_mut(&mut before);
                    moved.stations[*station].position = *to;
                    moved.lay_walks();
                }
                Edit::Stop { villager } => {
                    kept.push(Edited { day, step, change: Change::Stop { villager: *villager } });
                }
                Edit::Scenario(after) => {
                    let changes = kept::kept_changes(&before, after).ok_or_else(|| NotKept::FileEdited {
                        at: Moment { day, step },
                        changes: diff(&before, after).into_iter().map(|c| c.what).collect(),
                    })?;
                    kept.extend(changes.into_iter().map(|change| Edited { day, step, change }));
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
            text: None,
        })
    }

    /// Reads a replay file, bounded and checked as far as it can be without its scenario
    /// (`bounds::check_without_scenario`); a file that is not one, or asks too much, says where and why.
    pub fn read(path: &Path) -> Result<Replay, ReplayError> {
        let bytes = read_capped(path, MAX_FILE_BYTES).map_err(Fault::from);
        bytes.and_then(|bytes| Replay::from_bytes(&bytes)).map_err(|fault| fault.in_file(path))
    }

    /// A replay file's bytes read as one, with the checks of [`Replay::read`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Replay, Fault> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(Fault::TooLarge);
        }
        let replay: Replay = serde_json::from_slice(bytes).map_err(|e| {
            let (line, column) = (e.line(), e.column());
            let why = e.to_string();
            let why = why.trim_end_matches(&format!(" at line {line} column {column}")).to_owned();
            Fault::NotJson { line, column, why }
        })?;
        if replay.format != FORMAT {
            return Err(Fault::OtherKind { format: replay.format });
        }
        bounds::check_without_scenario(&replay)?;
        Ok(replay)
    }

    /// The file's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a replay is plain data") + "\n"
    }

    /// Whether this run can be played from `scenario`: read from the very text it played, every
    /// edit in its terms and at a moment of its days, and the end within reach
    /// (`bounds::check_with_scenario`). Asked before the town is made; [`Replay::play`] asks it too.
    pub fn check(&self, scenario: &Scenario) -> Result<(), Fault> {
        let now = format!("{:016x}", scenario.text_hash);
        if now != self.text_hash {
            let (name, played, file) = (self.name.clone(), self.text_hash.clone(), scenario.file.clone());
            return Err(Fault::OtherText { name, played, file, now });
        }
        let tiles = Layout::tiled(scenario, self.villagers, self.seed).tiles;
        self.resolve(scenario, tiles).map(drop)
    }

    /// What opening this replay costs, in villager-steps (`bounds::work`).
    pub fn work(&self, scenario: &Scenario) -> u64 {
        bounds::work(self, scenario)
    }

    /// Whether opening it takes more than a moment, and should be said first.
    pub fn takes_a_while(&self, scenario: &Scenario) -> bool {
        self.work(scenario) > limits::A_MOMENT
    }

    /// The scenario this run played: `on_disk` (its file as it now is) when that is the very
    /// text played, else the text the replay keeps, read as that file (within the loader's size
    /// limit) and checked to be the text played.
    pub fn scenario_played(&self, on_disk: Scenario) -> Result<(Scenario, Played), Fault> {
        let changed = match self.check(&on_disk) {
            Ok(()) => return Ok((on_disk, Played::File)),
            Err(changed @ Fault::OtherText { .. }) => changed,
            Err(fault) => return Err(fault),
        };
        let Some(text) = &self.text else { return Err(changed) };
        let kept = crate::scenario::parse_bytes(text.as_bytes(), &on_disk.file)
            .map_err(|e| Fault::KeptText { why: e.to_string() })?;
        let hash = format!("{:016x}", kept.text_hash);
        if hash != self.text_hash {
            return Err(Fault::KeptText {
                why: format!("it hashes to {hash}, not to the {} played", self.text_hash),
            });
        }
        self.check(&kept)?;
        Ok((kept, Played::KeptText))
    }

    /// The town it plays: `scenario` at the size it was.
    pub fn town(&self, scenario: Scenario) -> Town {
        let layout = Layout::tiled(&scenario, self.villagers, self.seed);
        Town::tiled(scenario, layout)
    }
}

impl Replay {
    /// Plays this run in `world`, whose town was just installed from its scenario
    /// ([`Replay::town`]), up to `until`: every edit at its moment, as the game made it.
    pub fn play(&self, world: &mut World, until: Moment) -> Result<(), Fault> {
        let mut due = self.due(world)?;
        loop {
            due.make(world);
            if now(world) >= until {
                return Ok(());
            }
            world.run_schedule(SimTick);
        }
    }

    /// Its edits, read into the terms of the town `world` runs (its scenario), each checked.
    pub fn due(&self, world: &World) -> Result<DueEdits, Fault> {
        let town = world.resource::<Town>();
        Ok(DueEdits(self.resolve(&town.scenario, town.layout.tiles)?.into_iter().peekable()))
    }

    /// Its edits in the terms of `scenario` tiled `tiles` times, once the replay fits it.
    fn resolve(&self, scenario: &Scenario, tiles: usize) -> Result<Vec<(Moment, Due)>, Fault> {
        bounds::check_with_scenario(self, scenario)?;
        let mut due = Vec::with_capacity(self.edits.len());
        // Where the stations stand when each edit is made: no wall is painted under one.
        let mut stations: Vec<[f32; 2]> = scenario.stations.iter().map(|s| s.position).collect();
        for (n, edited) in self.edits.iter().enumerate() {
            let at = Moment { day: edited.day, step: edited.step };
            let fault = |problem| Fault::Edit { number: n + 1, at, problem };
            let change = match &edited.change {
                Change::Set { tile, fact, value } => {
                    let id = scenario.facts.get(Scope::World, fact);
                    let id = id.ok_or_else(|| fault(Problem::NoFact { fact: fact.clone() }))?;
                    if *tile >= tiles {
                        return Err(fault(Problem::NoTile { tile: *tile, tiles }));
                    }
                    Due::Set(*tile, id, *value)
                }
                Change::Move { station, to } => {
                    let index = scenario.stations.iter().position(|s| s.id == *station);
                    let index =
                        index.ok_or_else(|| fault(Problem::NoStation { station: station.clone() }))?;
                    stations[index] = *to;
                    Due::Move(index, *to)
                }
                Change::Paint(runs) => Due::Paint(paint::cells_on(scenario, &stations, runs).map_err(fault)?),
                Change::Stop { villager } => Due::Stop(*villager),
            };
            due.push((at, change));
        }
        Ok(due)
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
    Paint(Vec<(Cell, Ground)>),
    Stop(usize),
}

impl DueEdits {
    /// Makes every edit due by now, before the town plays its next step (as the game does).
    pub fn make(&mut self, world: &mut World) {
        let now = now(world);
        while let Some((_, change)) = self.0.next_if(|(at, _)| *at <= now) {
            match change {
                Due::Set(tile, fact, value) => edit_world_fact(world, tile, fact, value),
                Due::Move(index, to) => crate::sim::wholesale::edits::move_station(world, index, to),
                Due::Paint(cells) => {
                    crate::sim::wholesale::edits::paint_map(world, &cells);
                }
                Due::Stop(villager) => {
                    crate::sim::wholesale::stop::stop(world, villager);
                }
            }
        }
    }
}
