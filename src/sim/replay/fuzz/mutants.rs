//! The mutations of the replay fuzz: a replay's values made extreme or swapped for others of
//! their kind, fields and edits deleted, repeated, reordered and retyped, new edits (painted cells
//! among them, on and off the map, under stations, of grounds there are and are not) and ends
//! near the base's, and bytes flipped, cut or inserted.

use super::bases::Base;
use crate::random::SplitMix64 as Rng;
use crate::scenario::SHIPPED;
use crate::sim::replay::{Change, Edited, MAX_FILE_BYTES, Run};
use crate::sim::{self, Clock};
use serde_json::Value as Json;

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
            let villagers =
                [0, 1, 5, 1_000, sim::MOST_VILLAGERS_SHOWN, sim::MOST_VILLAGERS_SHOWN + 1][rng.below(6)];
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
    let change = if rng.below(3) == 0 {
        Change::Paint(vec![new_run(rng, base)])
    } else if rng.below(4) == 0 {
        // A villager of the town stopped, or now and then one it does not have.
        Change::Stop { villager: rng.below(base.replay.villagers + 2) }
    } else if rng.below(2) == 0 && !scenario.world_seed.is_empty() {
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
    serde_json::to_value(Edited { day, step, change }).expect("an edit is JSON")
}

/// Cells painted along a row of `base`'s map or just past it (of a map of 4 × 4 cells when it
/// has none), with characters of grounds and now and then of none; now and then a wall where a
/// station stands.
fn new_run(rng: &mut Rng, base: &Base) -> Run {
    let map = base.scenario.map.as_ref();
    let (width, height) = map.map_or((4, 4), |map| (map.width(), map.height()));
    let stations = &base.scenario.stations;
    let station = (!stations.is_empty() && rng.below(4) == 0).then(|| rng.pick(stations).position);
    if let Some(cell) = map.zip(station).and_then(|(map, at)| map.cell_of(at)) {
        return Run { row: cell.row, col: cell.col, ground: "#".into() };
    }
    let (row, col) = (rng.below(height as usize + 2) as u32, rng.below(width as usize + 2) as u32);
    let ground = (0..1 + rng.below(6)).map(|_| *rng.pick(&['.', '=', '#', '~', '.', '=', 'x'])).collect();
    Run { row, col, ground }
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
        _ if rng.below(200) == 0 => bytes.resize(MAX_FILE_BYTES + 1, b' '),
        _ => bytes[at] = rng.next_u64() as u8,
    }
}
