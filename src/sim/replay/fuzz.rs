//! Fuzzing replay files: replays saved from played towns of the shipped scenarios, with facts set
//! and stations moved, mutated (values made extreme, fields and edits deleted, repeated,
//! reordered and retyped, bytes flipped, files cut short) and each mutant checked — it is refused
//! with a located fault before anything plays, or it plays faithfully, without a panic. The test
//! suite runs it on every `cargo test`; `goap-town fuzz --replays --inputs N` runs it at any size.
//!
//! Faithful: the town plays to the replay's end, and the replay kept of that run
//! ([`Replay::of`]) is the input — or the input without edits that changed nothing (a fact set
//! to its value leaves no trace), and then playing what was kept gives the very same town.

use super::{Change, Fault, Moment, Replay};
use crate::random::SplitMix64 as Rng;
use crate::scenario::{SHIPPED, Scenario};
use crate::sim::{self, Clock, EventLog, FinishedDays, Town, WorldFacts};
use bevy::app::App;
use bevy::ecs::prelude::*;
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

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

/// Numbers a mutant may put anywhere a number is.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "7",
    "29",
    "120",
    "2999",
    "3000",
    "3001",
    "99999",
    "65536",
    "2147483647",
    "-2147483648",
    "2147483648",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "9007199254740993",
    "3000000",
    "30000000",
    "10000000",
    "10000001",
    "1000000",
    "-1000000",
    "1000000.1",
    "1e7",
    "-1e7",
    "1e39",
    "-1e39",
    "1e300",
    "1e-50",
    "0.5",
    "-0.0",
    "1e9",
];

/// Bytes a mutant may insert anywhere, and numbers only text can hold.
const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\",
    "null",
    "true",
    "1e400",
    "-",
    "NaN",
    "Infinity",
    "0x10",
    "01",
    "\"\\ud800\"",
    "\"\\u0000\"",
    "\u{feff}",
    "é",
    "//",
    "/*",
    " ",
    "\n",
];

/// Names a mutant may put where a name is, besides the scenario's own.
const NAMES: &[&str] = &["", "goap-town replay 2", "village.ron", "nowhere.ron", "x", "0000000000000000"];

/// One mutant of `base`: one to three mutations, of the file's values or of its bytes.
pub fn mutant(rng: &mut Rng, base: &Base) -> Vec<u8> {
    let mut json: Json = serde_json::from_str(&base.json).expect("a base is JSON");
    let mutations = 1 + rng.below(3);
    let mut bytes = None;
    for _ in 0..mutations {
        match bytes.as_mut() {
            None if rng.below(10) > 0 => mutate_value(rng, &mut json, base),
            None => {
                let mut text = serde_json::to_vec_pretty(&json).expect("JSON");
                mutate_bytes(rng, &mut text);
                bytes = Some(text);
            }
            Some(text) => mutate_bytes(rng, text),
        }
    }
    bytes.unwrap_or_else(|| serde_json::to_vec_pretty(&json).expect("JSON"))
}

/// Every place in `json`, as a JSON pointer.
fn places(json: &Json, at: String, out: &mut Vec<String>) {
    match json {
        Json::Object(fields) => {
            for (key, value) in fields {
                places(value, format!("{at}/{key}"), out);
            }
        }
        Json::Array(items) => {
            for (i, value) in items.iter().enumerate() {
                places(value, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

fn mutate_value(rng: &mut Rng, json: &mut Json, base: &Base) {
    let mut all = Vec::new();
    places(json, String::new(), &mut all);
    let place = rng.pick(&all).clone();
    let number = |rng: &mut Rng| -> Json {
        let number: &&str = rng.pick(NUMBERS);
        serde_json::from_str(number).expect("a JSON number")
    };
    let name = |rng: &mut Rng| -> Json {
        let scenario = &base.scenario;
        let facts: Vec<String> =
            scenario.world_seed.iter().map(|&(f, _)| scenario.facts.name(f).to_owned()).collect();
        let names: Vec<String> = (scenario.stations.iter().map(|s| s.id.clone()))
            .chain(facts)
            .chain(NAMES.iter().map(|s| s.to_string()))
            .chain(SHIPPED.iter().map(|(name, _)| name.to_string()))
            .collect();
        Json::String(rng.pick(&names).clone())
    };
    let (parent, key) = place.rsplit_once('/').unwrap_or(("", ""));
    match rng.below(16) {
        // A value made extreme, or another of its kind.
        0..=4 => {
            if let Some(value) = json.pointer_mut(&place) {
                *value = match value {
                    Json::String(_) if rng.below(3) == 0 => Json::String("é".repeat(rng.below(300))),
                    Json::String(_) => name(rng),
                    Json::Bool(b) => Json::Bool(!*b),
                    Json::Number(n) if rng.below(2) == 0 => {
                        let n = n.as_i64().unwrap_or(0).saturating_add(rng.below(7) as i64 - 3);
                        Json::from(n)
                    }
                    _ => number(rng),
                };
            }
        }
        // An item deleted, or now and then a field.
        5 => match json.pointer_mut(parent) {
            Some(Json::Object(fields)) if rng.below(3) == 0 => drop(fields.remove(key)),
            Some(Json::Array(items)) if !items.is_empty() => drop(items.remove(rng.below(items.len()))),
            _ => {}
        },
        // An item repeated (now and then, the whole list many times over), or two swapped.
        6 | 7 => match json.pointer_mut("/edits") {
            Some(Json::Array(items)) if !items.is_empty() => {
                let (a, b) = (rng.below(items.len()), rng.below(items.len()));
                match rng.below(8) {
                    0 => {
                        let times = [2, 50, 10_001 / items.len() + 1][rng.below(3)];
                        *items = items.iter().cycle().take(items.len() * times).cloned().collect();
                    }
                    1..=3 => items.swap(a, b),
                    _ => {
                        // Right after itself (an edit that changes nothing), or anywhere.
                        let copy = items[a].clone();
                        items.insert(if rng.below(2) == 0 { a + 1 } else { b }, copy);
                    }
                }
            }
            _ => {}
        },
        // A value of another type, or a field no replay has.
        8 => {
            if let Some(value) = json.pointer_mut(&place) {
                match (rng.below(5), value) {
                    (0, Json::Object(fields)) => drop(fields.insert("extra".into(), Json::from(1))),
                    (1, value) => *value = Json::Null,
                    (2, value) => *value = Json::Array(vec![number(rng)]),
                    (3, value) => *value = name(rng),
                    (_, value) => *value = Json::Object(Default::default()),
                }
            }
        }
        // A new edit, or an edit of the other kind.
        9..=11 => {
            let edit = new_edit(rng, base);
            if let Some(Json::Array(edits)) = json.pointer_mut("/edits") {
                // Half the time where its moment puts it, as a run would have made it.
                let moment = |e: &Json| (e["day"].as_u64(), e["step"].as_u64());
                let at = match rng.below(2) {
                    0 => edits.iter().take_while(|e| moment(e) <= moment(&edit)).count(),
                    _ => rng.below(edits.len() + 1),
                };
                if rng.below(2) == 0 || edits.is_empty() {
                    edits.insert(at, edit);
                } else {
                    let at = at.min(edits.len() - 1);
                    edits[at] = edit;
                }
            }
        }
        // The end moved to another moment near it.
        12 | 13 => {
            if let Some(end) = json.pointer_mut("/end") {
                let steps = Clock::steps_in_a_day(base.scenario.settings.day_length);
                let step = [0, 1, steps - 1, steps, rng.below(200) as u64][rng.below(5)];
                *end = serde_json::json!({ "day": 1 + rng.below(3), "step": step });
            }
        }
        // The town's size or seed.
        _ => {
            let villagers = [0, 1, 5, 1_000, sim::MOST_VILLAGERS, sim::MOST_VILLAGERS + 1][rng.below(6)];
            let field = if rng.below(3) == 0 { "seed" } else { "villagers" };
            if let Some(Json::Object(fields)) = json.pointer_mut("") {
                fields.insert(field.into(), Json::from(villagers));
            }
        }
    }
}

/// A plausible edit of `base`'s scenario: a moment near the base's, a name it has.
fn new_edit(rng: &mut Rng, base: &Base) -> Json {
    let day = 1 + u32::from(rng.below(8) == 0);
    let step = rng.below(base.replay.end.step as usize + 10) as u64;
    let scenario = &base.scenario;
    let change = if rng.below(2) == 0 && !scenario.world_seed.is_empty() {
        let (fact, _) = *rng.pick(&scenario.world_seed);
        let tile = rng.below(4);
        Change::Set { tile, fact: scenario.facts.name(fact).to_owned(), value: rng.below(30) as i32 - 5 }
    } else if !scenario.stations.is_empty() {
        let station = rng.pick(&scenario.stations).id.clone();
        let to = [rng.below(2000) as f32 - 1000.0, rng.below(2000) as f32 / 4.0];
        Change::Move { station, to }
    } else {
        Change::Move { station: "none".into(), to: [0.0, 0.0] }
    };
    serde_json::to_value(super::Edited { day, step, change }).expect("an edit is JSON")
}

fn mutate_bytes(rng: &mut Rng, bytes: &mut Vec<u8>) {
    if bytes.is_empty() {
        bytes.extend_from_slice(rng.pick(FRAGMENTS).as_bytes());
        return;
    }
    let at = rng.below(bytes.len());
    match rng.below(6) {
        0 => bytes[at] ^= 1 << rng.below(8),
        1 => bytes.truncate(at),
        2 => drop(bytes.splice(at..at, rng.pick(FRAGMENTS).bytes())),
        3 => drop(bytes.drain(at..(at + 1 + rng.below(20)).min(bytes.len()))),
        // A number only text can hold, where a number starts.
        4 => {
            let digit = bytes[at..].iter().position(u8::is_ascii_digit).map(|d| at + d);
            if let Some(start) = digit {
                let end = (start..bytes.len()).find(|&i| !bytes[i].is_ascii_digit()).unwrap_or(bytes.len());
                let with = ["1e400", "1e39", "-1", "18446744073709551616", "1.5", "0.0"][rng.below(6)];
                bytes.splice(start..end, with.bytes());
            }
        }
        // Now and then, a file past the cap.
        _ if rng.below(200) == 0 => bytes.resize(super::MAX_FILE_BYTES + 1, b' '),
        _ => bytes[at] = rng.next_u64() as u8,
    }
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
    if said.contains("replay-") || said.contains("{$") || said.contains("{ $") {
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
