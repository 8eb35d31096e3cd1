//! Fuzzing replay files: replays saved from played towns of the shipped scenarios, with facts set
//! and stations moved, mutated (values made extreme, fields and edits deleted, repeated,
//! reordered and retyped, bytes flipped, files cut short) and each mutant checked — it is refused
//! with a located fault before anything plays, or it plays faithfully, without a panic. The test
//! suite runs it on every `cargo test`; `goap-town fuzz --replays --inputs N` runs it at any size.
//!
//! Faithful: the town plays to the replay's end, and the replay kept of that run
//! ([`Replay::of`]) is the input — or the input without edits that changed nothing (a fact set
//! to its value leaves no trace), and then playing what was kept gives the very same town.

use super::{Fault, Moment, Replay};
use crate::random::SplitMix64 as Rng;
use crate::scenario::{SHIPPED, Scenario};
use crate::sim::{self, Clock, EventLog, FinishedDays, Town, WorldFacts};
use bevy::app::App;
use bevy::ecs::prelude::*;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

mod mutants;
pub use mutants::mutant;

/// The most a mutant that checks out may ask to be played ([`Replay::work`]), so that one plays
/// in milliseconds: a base replay asks at most about 5,000; a valid mutant asking more (a town
/// made larger, an end a day later) is counted (`unplayed`) and not played.
pub const FUZZ_WORK: u64 = 30_000;

/// A replay saved from a played town, and the scenario it played.
pub struct Base {
    pub scenario: Scenario,
    pub replay: Replay,
    pub json: String,
}

/// Replays to mutate: each shipped scenario played as written and tiled three times with
/// variations, for 60 to 100 steps, with world facts set and stations moved on the way.
pub fn bases() -> Vec<Base> {
    let mut rng = Rng(41);
    let mut bases = Vec::new();
    for (name, text) in SHIPPED {
        let scenario = crate::scenario::parse(text, name).expect("a shipped scenario loads");
        let per_tile = scenario.characters.len();
        for (villagers, seed) in [(per_tile, None), (2 * per_tile + 1, Some(7))] {
            let replay = played(&scenario, name, villagers, seed, &mut rng);
            let json = replay.to_json();
            bases.push(Base { scenario: scenario.clone(), replay, json });
        }
    }
    bases
}

/// `scenario` played with a few edits, kept as a replay.
fn played(scenario: &Scenario, name: &str, villagers: usize, seed: Option<u64>, rng: &mut Rng) -> Replay {
    let layout = sim::Layout::tiled(scenario, villagers, seed);
    let (tiles, stations) = (layout.tiles, scenario.stations.len());
    let facts: Vec<_> = scenario.world_seed.iter().map(|&(fact, _)| fact).collect();
    let mut app = town_app(Town::tiled(scenario.clone(), layout));
    let end = 60 + rng.below(40) as u64;
    for step in 0..end {
        if step % 40 == 5 && !facts.is_empty() {
            let fact = *rng.pick(&facts);
            sim::edit_world_fact(app.world_mut(), rng.below(tiles), fact, rng.below(20) as i32);
        }
        if step % 40 == 25 && stations > 0 {
            let to = [rng.below(400) as f32 - 200.0, rng.below(4000) as f32 / 10.0 - 200.0];
            sim::move_station(app.world_mut(), rng.below(stations), to);
        }
        sim::step(&mut app);
    }
    let end = Moment { day: 1, step: end };
    Replay::of(app.world(), name, true, end).expect("a town keeping its history")
}

/// An app of the simulation playing `town`, keeping its history (as the game does).
fn town_app(town: Town) -> App {
    let mut app = App::new();
    app.add_plugins(sim::SimPlugin);
    sim::install_town(app.world_mut(), town);
    sim::keep_history(app.world_mut());
    app
}

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

/// Checks one mutant: refused with a located fault, or played faithfully. The error says which
/// rule it broke.
pub fn check(bytes: &[u8], bases: &[Base]) -> Result<Outcome, String> {
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
    replay.play(app.world_mut(), replay.end).map_err(|f| format!("checked, then refused to play: {f:?}"))?;
    let world = app.world_mut();
    let now = Moment { day: world.resource::<Clock>().day, step: world.resource::<Clock>().steps };
    if now != replay.end {
        return Err(format!("played to {now:?}, not to its end {:?}", replay.end));
    }
    let kept = Replay::of(world, &replay.scenario, replay.built_in, replay.end)
        .map_err(|why| format!("the run played cannot be kept: {why:?}"))?;
    let kept = Replay { name: replay.name.clone(), ..kept };
    if kept == replay {
        return Ok(Outcome::Played);
    }
    // Only edits that changed nothing may be left out...
    let alike =
        (Replay { edits: Vec::new(), ..kept.clone() }) == (Replay { edits: Vec::new(), ..replay.clone() });
    if !alike || !subsequence(&kept.edits, &replay.edits) {
        let (of, from) = (kept.edits.len(), replay.edits.len());
        let edits = if alike { "edits" } else { "fields besides its edits" };
        return Err(format!("kept as another replay: its {edits} differ ({of} edits kept of {from})"));
    }
    // ...and the town is the same without them.
    let mut again = town_app(kept.town(scenario));
    kept.play(again.world_mut(), kept.end).map_err(|f| format!("the replay kept does not play: {f:?}"))?;
    if state(again.world_mut()) != state(app.world_mut()) {
        let left_out = replay.edits.len() - kept.edits.len();
        return Err(format!("the {left_out} edits left out of the replay kept changed the town"));
    }
    Ok(Outcome::PlayedKeptWithout)
}

/// A refusal is located: a parse error's place is inside the file, and the words are whole.
fn refused(bytes: &[u8], fault: &Fault) -> Result<Outcome, String> {
    if let Fault::NotJson { line, column, .. } = fault {
        let text = String::from_utf8_lossy(bytes);
        let length = text.split('\n').nth(line.saturating_sub(1)).map(|l| l.len());
        if *line == 0 || length.is_none_or(|length| *column > length + 1) {
            return Err(format!("{line}:{column} is outside the file: {fault:?}"));
        }
    }
    let said = fault.text(crate::words::Lang::ENGLISH);
    // A missing message is said as its bare id (`replay-end`); what the file itself says (a
    // `format` of "goap-town replay-1") comes quoted.
    let bare_id =
        |word: &str| word.starts_with("replay-") && word.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    if said.split_whitespace().any(bare_id) || said.contains("{$") || said.contains("{ $") {
        return Err(format!("said with a message missing: {said}"));
    }
    Ok(Outcome::Refused(fault.kind()))
}

/// Whether `some` is `all` with items left out.
fn subsequence<T: PartialEq>(some: &[T], all: &[T]) -> bool {
    let mut rest = all.iter();
    some.iter().all(|item| rest.any(|other| other == item))
}

/// What can be seen of a town now, to compare two: its clock, facts and stations, where each
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
        villagers,
        world.resource::<EventLog>().today.clone(),
        world.resource::<FinishedDays>().0.clone(),
    )
}

/// A run's figures.
#[derive(Debug, Default)]
pub struct Report {
    pub inputs: usize,
    pub played: usize,
    /// Of those played, how many were kept without edits that changed nothing.
    pub kept_without: usize,
    pub unplayed: usize,
    /// Mutants refused, by the kind of their fault.
    pub refused: BTreeMap<&'static str, usize>,
    pub total: Duration,
    pub slowest: Duration,
    /// The mutant that took longest.
    pub slowest_input: Vec<u8>,
    /// Mutants that broke a rule, with what broke; the run stops collecting after ten.
    pub failures: Vec<(Vec<u8>, String)>,
}

/// Checks `inputs` mutants of `bases` made from `seed`.
pub fn run(inputs: usize, seed: u64, bases: &[Base]) -> Report {
    let mut rng = Rng(seed);
    let mut report = Report { inputs, ..Report::default() };
    for _ in 0..inputs {
        let base = &bases[rng.below(bases.len())];
        let bytes = mutant(&mut rng, base);
        let started = Instant::now();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&bytes, bases)));
        let took = started.elapsed();
        report.total += took;
        if took > report.slowest {
            (report.slowest, report.slowest_input) = (took, bytes.clone());
        }
        match outcome {
            Ok(Ok(Outcome::Played)) => report.played += 1,
            Ok(Ok(Outcome::PlayedKeptWithout)) => {
                (report.played, report.kept_without) = (report.played + 1, report.kept_without + 1)
            }
            Ok(Ok(Outcome::Unplayed)) => report.unplayed += 1,
            Ok(Ok(Outcome::Refused(kind))) => *report.refused.entry(kind).or_default() += 1,
            Ok(Err(problem)) if report.failures.len() < 10 => report.failures.push((bytes, problem)),
            Err(_) if report.failures.len() < 10 => report.failures.push((bytes, "a panic".into())),
            _ => {}
        }
    }
    report
}
