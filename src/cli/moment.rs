//! `goap-town run FILE --at T --villager ID [--json]`: one villager at one moment of the day, the
//! town played headless from dawn to T seconds (the same day the game shows, moment for moment).

use crate::scenario;
use crate::sim::{
    self, Activity, AgentFacts, Clock, Goals, Intent, LastReason, Position, Town, Villager, WorldFacts,
};
use crate::words::Lang;
use serde_json::{Map, Value, json};
use std::io::Write;
use std::path::Path;

pub fn run(
    file: &Path,
    at: f32,
    id: &str,
    lang: Lang,
    as_json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let Ok(scenario) = scenario::load_or_report(file, lang, err) else { return 1 };
    if !(at >= 0.0 && at.is_finite()) {
        let _ = writeln!(err, "--at {at}: a moment is a number of seconds from dawn, 0 or more");
        return 1;
    }
    let mut app = sim::simulation_app(scenario);
    app.insert_resource(lang);
    let Some(entity) = sim::villager_playing(app.world_mut(), id, 0) else {
        let town = app.world().resource::<Town>();
        let ids: Vec<&str> = town.scenario.characters.iter().map(|c| c.id.as_str()).collect();
        let _ = writeln!(err, "--villager {id}: no such villager; there are {}", ids.join(", "));
        return 1;
    };
    let steps = (f64::from(at) * f64::from(sim::STEPS_PER_SECOND)).round() as u64;
    for _ in 0..steps {
        sim::step(&mut app);
    }
    let state = moment(app.world(), entity, lang);
    if as_json {
        let _ = writeln!(out, "{state}");
    } else {
        let _ = write!(out, "{}", text(&state));
    }
    0
}

/// The villager's state now, as data: the clock, where it is, what it does and why.
fn moment(world: &bevy::prelude::World, entity: bevy::prelude::Entity, lang: Lang) -> Value {
    let town = world.resource::<Town>();
    let clock = world.resource::<Clock>();
    let villager = world.get::<Villager>(entity).expect("a villager");
    let character = &town.scenario.characters[villager.index];
    let facts = &town.scenario.facts;
    let intent = world.get::<Intent>(entity).expect("an intent");
    let activity = match world.get::<Activity>(entity).expect("an activity") {
        Activity::Idle => json!({"kind": "idle"}),
        Activity::Walking => json!({"kind": "walking"}),
        Activity::Acting { left } => json!({"kind": "acting", "left": left}),
        Activity::Queued { retry_in } => json!({"kind": "queued", "retry_in": retry_in}),
        Activity::Waiting { retry_in } => json!({"kind": "waiting", "retry_in": retry_in}),
        Activity::Resting { retry_in } => json!({"kind": "resting", "retry_in": retry_in}),
    };
    let own: Map<String, Value> = character
        .facts
        .iter()
        .map(|&(f, _)| {
            (facts.name(f).to_owned(), json!(world.get::<AgentFacts>(entity).expect("facts").0.get(f)))
        })
        .collect();
    let tile_world = &world.resource::<WorldFacts>().0[0];
    let shared: Map<String, Value> = town
        .scenario
        .world_seed
        .iter()
        .map(|&(f, _)| (facts.name(f).to_owned(), json!(tile_world.get(f))))
        .collect();
    let goals: Vec<Value> = (character.goals.iter().zip(&world.get::<Goals>(entity).expect("goals").0))
        .map(|(g, s)| json!({"id": g.id, "label": g.label, "insistence": s.insistence}))
        .collect();
    let reason = world
        .get::<LastReason>(entity)
        .map_or_else(String::new, |r| sim::reason_text(town, lang, villager.index, r));
    json!({
        "day": clock.day,
        "t": clock.time,
        "villager": character.id,
        "name": character.name,
        "position": world.get::<Position>(entity).expect("a position").0,
        "activity": activity,
        "goal": intent.goal.map(|g| &character.goals[g].id),
        "plan": intent.plan.iter().map(|&s| &town.action(villager.index, s as usize).id).collect::<Vec<_>>(),
        "step": intent.step,
        "facts": own,
        "world": shared,
        "goals": goals,
        "reason": reason,
    })
}

/// The same, a field a line.
fn text(state: &Value) -> String {
    let Value::Object(fields) = state else { return String::new() };
    fields
        .iter()
        .map(|(key, value)| {
            format!("{key}: {}\n", value.as_str().map_or_else(|| value.to_string(), str::to_owned))
        })
        .collect()
}
