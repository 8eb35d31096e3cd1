//! Helpers shared by the integration tests: loading shipped scenarios and replaying plans.

#![allow(dead_code)]

use goap_town::planner::Plan;
use goap_town::scenario::{self, Diagnostic, LoadError, Scenario};
use std::path::Path;

/// A shipped scenario, loaded from `scenarios/` exactly as the game loads it.
pub fn shipped(file_name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(file_name);
    scenario::load(&path).unwrap_or_else(|e| panic!("{file_name} should load:\n{e}"))
}

/// The action ids of `plan` for character `character` of `scenario`.
pub fn ids(scenario: &Scenario, character: usize, plan: &Plan) -> Vec<String> {
    let who = &scenario.characters[character];
    plan.steps.iter().map(|&s| scenario.actions[who.tasks[s as usize].action].id.clone()).collect()
}

/// What the actions of `plan` cost, in the scenario's units, walking aside.
pub fn action_cost(scenario: &Scenario, character: usize, plan: &Plan) -> u32 {
    let who = &scenario.characters[character];
    plan.steps.iter().map(|&s| scenario.actions[who.tasks[s as usize].action].planning.cost).sum()
}

/// The `goap-town` binary run with `args` from the project folder (where `scenarios/` is).
pub fn goap_town(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_goap-town"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// A command's output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[allow(unused_imports)]
pub use goap_town::testing::reference::{all_hold, replay};

/// A fuzz run's failures, each what broke and the mutant that broke it: nothing when none did.
pub fn fuzz_failures<B: std::fmt::Display>(failures: &[(Vec<u8>, B)]) -> String {
    let said = failures
        .iter()
        .map(|(bytes, problem)| format!("{problem}\n---\n{}\n---", String::from_utf8_lossy(bytes)));
    said.collect::<Vec<_>>().join("\n")
}

/// The problems of a scenario text expected not to load.
pub fn errors(text: &str) -> Vec<Diagnostic> {
    match scenario::parse(text, "test.ron") {
        Err(LoadError::Invalid { diagnostics }) => diagnostics,
        other => panic!("expected errors, got {other:?}"),
    }
}

/// A valid little scenario for the loader's tests to break.
pub const BASE: &str = r#"Scenario(
    world: {"tools": 0, "iron": 1},
    agent: {"wood": 0},
    stations: [(id: "anvil", label: "Anvil", pos: (0.0, 0.0))],
    actions: [
        (id: "forge", label: "Forge", station: "anvil", duration: 2.0, cost: 1,
         needs: ["world.iron >= 1"], effects: ["world.iron -= 1", "world.tools += 1"]),
    ],
    characters: [
        (id: "smith", name: "Smith", start: (1.0, 2.0), speed: 50.0, actions: ["forge"],
         goals: [(id: "tools", label: "Tools", wants: ["world.tools >= 1"], drift: Quota(urgency: 1.0))]),
    ],
)"#;

/// The simulation's helpers, for the tests built with it.
#[cfg(feature = "sim")]
#[allow(unused_imports)]
pub use with_sim::*;

#[cfg(feature = "sim")]
mod with_sim {
    use super::shipped;
    use bevy::prelude::App;
    use goap_town::scenario::Scenario;
    use goap_town::sim::{self, Clock, EventLog, FinishedDays, Moment};
    use serde_json::{Value, json};

    /// A town of `scenario` that keeps its day's history (for going back and for replays).
    pub fn app_keeping_history(scenario: Scenario) -> App {
        let mut app = sim::simulation_app(scenario);
        sim::keep_history(app.world_mut());
        app
    }

    /// Plays `n` steps.
    pub fn steps(app: &mut App, n: u64) {
        for _ in 0..n {
            sim::step(app);
        }
    }

    /// The town's moment.
    pub fn now(app: &App) -> Moment {
        let clock = app.world().resource::<Clock>();
        Moment { day: clock.day, step: clock.steps }
    }

    /// The run so far as text to compare: every finished day's report (its events included), and
    /// this day's events.
    pub fn run_so_far(app: &App) -> String {
        let world = app.world();
        format!("{:?}\n{:?}", world.resource::<FinishedDays>().0, world.resource::<EventLog>().today)
    }

    /// A replay file of village.ron (20 villagers, to step 200 of day 1) as the game writes one,
    /// its edits given.
    pub fn village_replay(edits: Value) -> Value {
        let village = shipped("village.ron");
        json!({
            "format": sim::replay::FORMAT,
            "scenario": "scenarios/village.ron",
            "name": village.name,
            "text_hash": format!("{:016x}", village.text_hash),
            "villagers": 20,
            "seed": null,
            "end": {"day": 1, "step": 200},
            "edits": edits,
        })
    }
}
