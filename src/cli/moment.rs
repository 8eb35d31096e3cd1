//! `goap-town run FILE [--replay DAY] --at T --villager ID [--json]`: one villager at one moment
//! of the day, the town played headless from dawn to T seconds — the same day the game shows,
//! moment for moment, or the day a replay file kept, with its edits.

use crate::scenario;
use crate::sim::{self, Activity, AgentFacts, Clock, Intent, LastReason, Replay, Town, Villager, WorldFacts};
use crate::words::Lang;
use bevy::app::App;
use serde_json::{Map, Value, json};
use std::io::Write;
use std::path::PathBuf;

/// What `run --at` asks.
pub struct Request {
    pub file: PathBuf,
    /// Play the day as this replay file of it played it.
    pub replay: Option<PathBuf>,
    /// Seconds from the first dawn.
    pub at: f32,
    /// The character id of the villager (in the first tile).
    pub villager: String,
    pub lang: Lang,
    pub json: bool,
}

pub fn run(request: &Request, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Request { file, replay, at, villager: id, lang, json: as_json } = request;
    let (at, lang) = (*at, *lang);
    let Ok(scenario) = scenario::load_or_report(file, lang, err) else { return 1 };
    // Past the last day a run may play, a moment would take hours to reach.
    let latest = f64::from(scenario.settings.day_length) * f64::from(sim::MOST_DAYS);
    if !(at >= 0.0 && f64::from(at) <= latest) {
        return fail(
            &crate::words::words().say(
                lang,
                "moment-out-of-range",
                &[
                    ("at", at.to_string().into()),
                    ("latest", latest.to_string().into()),
                    ("days", sim::MOST_DAYS.into()),
                    ("day", scenario.settings.day_length.to_string().into()),
                ],
            ),
            err,
        );
    }
    let steps = (f64::from(at) * f64::from(sim::STEPS_PER_SECOND)).round() as u64;
    let mut app = App::new();
    // Decision tables kept, as the game keeps them: every decision is made in full, so why a
    // villager waits is what it was at its last retry, as the inspector says it.
    // Days are kept as the game keeps them: no whole reports, which nothing here reads.
    app.add_plugins(sim::SimPlugin)
        .insert_resource(sim::SimOptions::game())
        .insert_resource(lang)
        .init_resource::<sim::DecisionTables>();
    // The day as the scenario plays it, or as a replay of it played it, edits and all.
    let mut due = None;
    match replay.as_deref().map(|path| (path, Replay::read(path))) {
        None => sim::install(app.world_mut(), scenario),
        Some((_, Err(why))) => return fail(&why.text(lang), err),
        Some((path, Ok(replay))) => {
            // Every fault is found before the town is made; a day whose file changed since
            // plays from the text the replay keeps, and says so.
            let scenario = match replay.scenario_played(scenario) {
                Ok((scenario, played)) => {
                    if let Some(notice) = played.notice(&scenario.file, lang) {
                        let _ = writeln!(err, "{notice}");
                    }
                    scenario
                }
                Err(fault) => return fail(&fault.in_file(path).text(lang), err),
            };
            sim::install_town(app.world_mut(), replay.town(scenario));
            match replay.due(app.world()) {
                Ok(edits) => due = Some(edits),
                Err(fault) => return fail(&fault.in_file(path).text(lang), err),
            }
        }
    }
    let Some(entity) = sim::villager_playing(app.world_mut(), id, 0) else {
        let town = app.world().resource::<Town>();
        let ids: Vec<&str> = town.scenario.characters.iter().map(|c| c.id.as_str()).collect();
        let args = [("id", id.clone().into()), ("ids", ids.join(", ").into())];
        return fail(&crate::words::words().say(lang, "moment-no-villager", &args), err);
    };
    for step in 0..=steps {
        if let Some(due) = &mut due {
            due.make(app.world_mut());
        }
        if step < steps {
            sim::step(&mut app);
        }
    }
    let state = moment(app.world(), entity, lang);
    if *as_json {
        let _ = writeln!(out, "{state}");
    } else {
        let _ = write!(out, "{}", text(&state, lang));
    }
    0
}

fn fail(why: &str, err: &mut dyn Write) -> u8 {
    let _ = writeln!(err, "{why}");
    1
}

/// The villager's state now, as data: the clock, where it is, what it does and why.
fn moment(world: &bevy::prelude::World, entity: bevy::prelude::Entity, lang: Lang) -> Value {
    let town = world.resource::<Town>();
    let clock = world.resource::<Clock>();
    let villager = world.get::<Villager>(entity).expect("a villager");
    let character = &town.scenario.characters[villager.index()];
    let facts = &town.scenario.facts;
    let intent = world.get::<Intent>(entity).expect("an intent");
    let doing = world.get::<Activity>(entity).expect("an activity");
    let left = doing.seconds_left(clock.steps);
    let activity = match doing {
        Activity::Idle => json!({"kind": "idle"}),
        Activity::Walking { .. } => json!({"kind": "walking"}),
        Activity::Acting { .. } => json!({"kind": "acting", "left": short(left)}),
        Activity::Queued { .. } => json!({"kind": "queued", "retry_in": short(left)}),
        // A wait whose retry has passed sleeps until its tile's world changes: no retry is due.
        Activity::Waiting { until } if u64::from(*until) <= clock.steps => {
            json!({"kind": "waiting", "retry_in": null})
        }
        Activity::Waiting { .. } => json!({"kind": "waiting", "retry_in": short(left)}),
        Activity::Resting { .. } => json!({"kind": "resting", "retry_in": short(left)}),
    };
    let own: Map<String, Value> = character
        .facts
        .iter()
        .map(|&(f, _)| {
            (facts.name(f).to_owned(), json!(world.get::<AgentFacts>(entity).expect("facts").0.get(f)))
        })
        .collect();
    let tile_world = world.resource::<WorldFacts>().tile(0);
    let shared: Map<String, Value> = town
        .scenario
        .world_seed
        .iter()
        .map(|&(f, _)| (facts.name(f).to_owned(), json!(tile_world.get(f))))
        .collect();
    let goals: Vec<Value> = (character.goals.iter().zip(sim::insistences(world, entity).expect("goals")))
        .map(|(g, insistence)| json!({"id": g.id, "label": g.label, "insistence": short(insistence)}))
        .collect();
    let cut_off = sim::cut_off_of(world, entity);
    let reason = world
        .get::<LastReason>(entity)
        .map_or_else(String::new, |r| sim::reason_text(town, lang, villager.index(), r, &cut_off));
    json!({
        "day": clock.day,
        "t": short(sim::time_as_written(clock.time)),
        "villager": character.id,
        "name": character.name,
        "position": sim::position_of(world, entity).map(|p| p.map(short)),
        "activity": activity,
        "goal": intent.goal().map(|g| &character.goals[g].id),
        "plan": intent.plan().map(|s| &town.action(villager.index(), s).id).collect::<Vec<_>>(),
        "step": intent.step(),
        "facts": own,
        "world": shared,
        "goals": goals,
        "reason": reason,
    })
}

/// `x` as the f64 its shortest decimal reads as: 0.37, not the 0.3700000047683716 that `f32`
/// widens to.
fn short(x: f32) -> f64 {
    x.to_string().parse().unwrap_or(f64::from(x))
}

/// The same in words, a field a line in the language asked for: `doing: acting (2.2 s left)`,
/// `own facts: water 0, done 1`, `insistence: Work 0.1, Thirst 0.04`.
fn text(state: &Value, lang: Lang) -> String {
    const ORDER: [&str; 13] = [
        "villager", "name", "day", "t", "position", "activity", "goal", "plan", "step", "facts", "world",
        "goals", "reason",
    ];
    let words = crate::words::words();
    let shown = |key: &str, value: &Value| -> String {
        let list = |items: Vec<String>| match items.is_empty() {
            true => "—".to_owned(),
            false => items.join(", "),
        };
        match (key, value) {
            ("activity", _) => doing(value, lang),
            ("position", Value::Array(xy)) => {
                format!(
                    "({})",
                    list(xy.iter().map(|v| format!("{:.1}", v.as_f64().unwrap_or(0.0))).collect())
                )
            }
            ("goals", Value::Array(goals)) => {
                let insistence = |g: &Value| g["insistence"].as_f64().unwrap_or(0.0);
                list(goals.iter().map(|g| format!("{} {:.2}", written(&g["label"]), insistence(g))).collect())
            }
            (_, Value::Object(facts)) => {
                list(facts.iter().map(|(f, v)| format!("{f} {}", written(v))).collect())
            }
            (_, Value::Array(items)) => list(items.iter().map(written).collect()),
            (_, Value::Null) => list(Vec::new()),
            _ => written(value),
        }
    };
    ORDER
        .iter()
        .filter_map(|&key| {
            let label = words.say(lang, "moment-field", &[("field", crate::words::verbatim(key))]);
            state.get(key).map(|value| format!("{label}: {}\n", shown(key, value)))
        })
        .collect()
}

/// What it does in words: `walking`, `acting (2.2 s left)`, `in line (decides again in 0.5 s)`.
fn doing(activity: &Value, lang: Lang) -> String {
    let words = crate::words::words();
    let kind = match activity["kind"].as_str() {
        Some("walking") => "state-walking",
        Some("acting") => "state-acting",
        Some("queued") => "state-in-line",
        Some("waiting") => "state-waiting",
        Some("resting") => "state-resting",
        _ => "state-deciding",
    };
    let seconds = |v: &Value| crate::words::verbatim(written(v));
    let left = match (&activity["left"], &activity["retry_in"]) {
        (left @ Value::Number(_), _) => Some(words.say(lang, "moment-left", &[("seconds", seconds(left))])),
        (_, retry @ Value::Number(_)) => {
            Some(words.say(lang, "moment-retry-in", &[("seconds", seconds(retry))]))
        }
        (_, Value::Null) if activity.get("retry_in").is_some() => {
            Some(words.plain(lang, "moment-asleep").to_owned())
        }
        _ => None,
    };
    let kind = words.plain(lang, kind);
    left.map_or_else(|| kind.to_owned(), |left| format!("{kind} ({left})"))
}

/// A value as written: a string without its quotes, a number as its shortest decimal.
fn written(value: &Value) -> String {
    value.as_str().map_or_else(|| value.to_string(), str::to_owned)
}
