//! Fuzzing replay files: replays saved from played towns of the shipped scenarios, with facts set,
//! stations moved and maps painted, mutated (values made extreme, fields and edits deleted, repeated,
//! reordered and retyped, bytes flipped, files cut short) and each mutant checked — it is refused
//! with a located fault before anything plays, or it plays faithfully, without a panic. The test
//! suite runs it on every `cargo test`; `goap-town fuzz --replays --inputs N` runs it at any size.
//!
//! Faithful: the town plays to the replay's end, and the replay kept of that run
//! ([`Replay::of`]) is the input — or the input without edits, or painted cells, that changed
//! nothing (a fact set to its value leaves no trace, nor a cell painted with its own ground), and
//! then playing what was kept gives the very same town.

use super::{Change, Edited, Fault, Moment, NotKept, Replay, Run};
use crate::random::SplitMix64 as Rng;
use crate::scenario::fuzz::Tally;
use crate::sim::{self, Clock, EventLog, FinishedDays, Town, WorldFacts};
use bevy::ecs::prelude::*;
use std::collections::BTreeMap;
use std::time::Instant;

mod bases;
mod mutants;
use bases::town_app;
pub use bases::{Base, bases};
pub use mutants::mutant;

/// The most a mutant that checks out may ask to be played ([`Replay::work`]), so that one plays
/// in milliseconds: a base replay asks at most about 5,000; a valid mutant asking more (a town
/// made larger, an end a day later) is counted (`unplayed`) and not played.
pub const FUZZ_WORK: u64 = 30_000;

/// What checking one mutant showed.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// Refused before anything played, with a fault of this kind.
    Refused(&'static str),
    /// It checks out but asks more than [`FUZZ_WORK`]: not played.
    Unplayed,
    /// Played to its end, faithfully.
    Played,
    /// Played to its end, faithfully, and kept without its edits that changed nothing.
    PlayedKeptWithout,
}

/// The rule a mutant broke.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Broken {
    #[error("checked, then refused to play: {0:?}")]
    RefusedToPlay(Fault),
    #[error("played to {now:?}, not to its end {end:?}")]
    PlayedTo { now: Moment, end: Moment },
    #[error("the run played cannot be kept: {0:?}")]
    NotKept(NotKept),
    /// The replay kept of the run is another: in its edits (`edits_only`) or in more, and how
    /// many edits it kept of how many.
    #[error(
        "kept as another replay: its {} differ ({kept} edits kept of {of})",
        if *edits_only { "edits" } else { "fields besides its edits" }
    )]
    KeptAnother { edits_only: bool, kept: usize, of: usize },
    #[error("the replay kept does not play: {0:?}")]
    KeptDoesNotPlay(Fault),
    #[error("the {0} edits left out of the replay kept changed the town")]
    LeftOutChangedTheTown(usize),
    /// A parse error placed at a line and column the file does not have.
    #[error("{line}:{column} is outside the file: {fault:?}")]
    Outside { line: usize, column: usize, fault: Fault },
    /// A fault said with a message id or an argument left as it is: its words.
    #[error("said with a message missing: {0}")]
    MessageMissing(String),
    #[error("a panic")]
    Panicked,
}

/// Checks one mutant: refused with a located fault, or played faithfully. The error says which
/// rule it broke.
pub fn check(bytes: &[u8], bases: &[Base]) -> Result<Outcome, Broken> {
    let replay = match Replay::from_bytes(bytes) {
        Ok(replay) => replay,
        Err(fault) => return refused(bytes, &fault),
    };
    let found = bases.iter().find(|b| replay.built_in && b.replay.scenario == replay.scenario);
    let Some(base) = found else { return Ok(Outcome::Refused("no such built-in scenario")) };
    let scenario = base.scenario.clone();
    if let Err(fault) = replay.check(&scenario) {
        return refused(bytes, &fault);
    }
    if replay.work(&scenario) > FUZZ_WORK {
        return Ok(Outcome::Unplayed);
    }
    let mut app = town_app(replay.town(scenario.clone()));
    replay.play(app.world_mut(), replay.end).map_err(Broken::RefusedToPlay)?;
    let world = app.world_mut();
    let now = Moment { day: world.resource::<Clock>().day, step: world.resource::<Clock>().steps };
    if now != replay.end {
        return Err(Broken::PlayedTo { now, end: replay.end });
    }
    let kept = Replay::of(world, &replay.scenario, replay.built_in, replay.end).map_err(Broken::NotKept)?;
    let kept = Replay { name: replay.name.clone(), ..kept };
    if kept == replay {
        return Ok(Outcome::Played);
    }
    // Only edits, or painted cells, that changed nothing may be left out...
    let alike =
        (Replay { edits: Vec::new(), ..kept.clone() }) == (Replay { edits: Vec::new(), ..replay.clone() });
    if !alike || !kept_from(&kept.edits, &replay.edits) {
        return Err(Broken::KeptAnother {
            edits_only: alike,
            kept: kept.edits.len(),
            of: replay.edits.len(),
        });
    }
    // ...and the town is the same without them.
    let mut again = town_app(kept.town(scenario));
    kept.play(again.world_mut(), kept.end).map_err(Broken::KeptDoesNotPlay)?;
    if state(again.world_mut()) != state(app.world_mut()) {
        return Err(Broken::LeftOutChangedTheTown(replay.edits.len() - kept.edits.len()));
    }
    Ok(Outcome::PlayedKeptWithout)
}

/// A refusal is located: a parse error's place is inside the file, and the words are whole.
fn refused(bytes: &[u8], fault: &Fault) -> Result<Outcome, Broken> {
    if let Fault::NotJson { line, column, .. } = fault {
        let text = String::from_utf8_lossy(bytes);
        let length = text.split('\n').nth(line.saturating_sub(1)).map(|l| l.len());
        if *line == 0 || length.is_none_or(|length| *column > length + 1) {
            return Err(Broken::Outside { line: *line, column: *column, fault: fault.clone() });
        }
    }
    let said = fault.text(crate::words::Lang::ENGLISH);
    // A missing message is said as its bare id (`replay-end`); what the file itself says (a
    // `format` of "goap-town replay-1") comes quoted.
    let bare_id =
        |word: &str| word.starts_with("replay-") && word.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    if said.split_whitespace().any(bare_id) || said.contains("{$") || said.contains("{ $") {
        return Err(Broken::MessageMissing(said));
    }
    Ok(Outcome::Refused(fault.kind()))
}

/// Whether `kept` is `all` with edits left out, or with cells left out of a paint (which keeps
/// the cells that changed, in reading order: any cells of the paint, in any order).
fn kept_from(kept: &[Edited], all: &[Edited]) -> bool {
    let mut rest = all.iter();
    kept.iter().all(|edit| rest.any(|other| edit == other || some_cells_of(edit, other)))
}

/// Whether `some` paints, at the moment `all` does, some of the cells `all` paints.
fn some_cells_of(some: &Edited, all: &Edited) -> bool {
    let (Change::Paint(some_runs), Change::Paint(all_runs)) = (&some.change, &all.change) else {
        return false;
    };
    let painted: std::collections::HashSet<_> = all_runs.iter().flat_map(Run::cells).collect();
    (some.day, some.step) == (all.day, all.step)
        && some_runs.iter().flat_map(Run::cells).all(|cell| painted.contains(&cell))
}

/// What can be seen of a town now, to compare two: its clock, facts, stations and map, where each
/// villager is, what it does and for how long yet, its plan and facts, and every event. (How a
/// walk is kept may differ: a station dropped where it stands sets its walkers off again from
/// where they are, to the same arrival.)
fn state(world: &mut World) -> impl PartialEq + use<> {
    let steps = world.resource::<Clock>().steps;
    let mut query = world.query::<(Entity, &sim::Villager, &sim::AgentFacts, &sim::Activity, &sim::Intent)>();
    let mut villagers: Vec<_> = (query.iter(world))
        .map(|(entity, v, facts, doing, intent)| {
            let doing = (std::mem::discriminant(doing), doing.seconds_left(steps));
            (v.number(), entity, facts.clone(), doing, intent.clone())
        })
        .collect();
    villagers.sort_by_key(|v| v.0);
    let villagers: Vec<_> = (villagers.into_iter())
        .map(|(number, entity, facts, doing, intent)| {
            (number, sim::position_of(world, entity), facts, doing, intent)
        })
        .collect();
    let stations: Vec<[f32; 2]> =
        world.resource::<Town>().scenario.stations.iter().map(|s| s.position).collect();
    (
        world.resource::<Clock>().clone(),
        world.resource::<WorldFacts>().clone(),
        stations,
        world.resource::<Town>().scenario.map.clone(),
        villagers,
        world.resource::<EventLog>().today.clone(),
        world.resource::<FinishedDays>().0.clone(),
    )
}

/// A run's figures.
#[derive(Debug, Default)]
pub struct Report {
    pub played: usize,
    /// Of those played, how many were kept without edits that changed nothing.
    pub kept_without: usize,
    pub unplayed: usize,
    /// Mutants refused, by the kind of their fault.
    pub refused: BTreeMap<&'static str, usize>,
    pub tally: Tally<Broken>,
}

/// Checks `inputs` mutants of `bases` made from `seed`.
pub fn run(inputs: usize, seed: u64, bases: &[Base]) -> Report {
    let mut rng = Rng(seed);
    let mut report = Report { tally: Tally::of(inputs), ..Report::default() };
    for _ in 0..inputs {
        let base = &bases[rng.below(bases.len())];
        let bytes = mutant(&mut rng, base);
        let started = Instant::now();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&bytes, bases)));
        report.tally.timed(&bytes, started.elapsed());
        match outcome {
            Ok(Ok(Outcome::Played)) => report.played += 1,
            Ok(Ok(Outcome::PlayedKeptWithout)) => {
                (report.played, report.kept_without) = (report.played + 1, report.kept_without + 1)
            }
            Ok(Ok(Outcome::Unplayed)) => report.unplayed += 1,
            Ok(Ok(Outcome::Refused(kind))) => *report.refused.entry(kind).or_default() += 1,
            Ok(Err(broken)) => report.tally.broke(bytes, broken),
            Err(_) => report.tally.broke(bytes, Broken::Panicked),
        }
    }
    report
}
