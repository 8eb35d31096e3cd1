//! A day saved from the game opens again: after a station Save it plays the same day from the text
//! it kept, and one whose scenario is missing says which file and why, in the player's language.

mod common;
mod saving;

use bevy::prelude::*;
use goap_town::game::Lang;
use goap_town::game::replays::{save_day_in, scenario_of};
use goap_town::game::save_positions::save;
use goap_town::scenario::{self, ScenarioChoice};
use goap_town::sim::{self, Clock, EventLog, FinishedDays, Moment, Played, Replay, Town};
use saving::{station, steps, town_with_a_moved_oven};
use std::process::Command;

/// The run so far: every finished day's report and this day's events.
fn run_so_far(app: &App) -> String {
    let world = app.world();
    format!("{:?}\n{:?}", world.resource::<FinishedDays>().0, world.resource::<EventLog>().today)
}

/// A replay whose scenario is not to be had says which file and why, in the player's language:
/// a built-in scenario of another name, or a file neither here nor beside `replays/`.
#[test]
fn a_replay_whose_scenario_is_missing_says_so_in_either_language() {
    use goap_town::game::replays::ScenarioNotFound;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("replays").join("gone.replay.json");
    let replay = |built_in: bool, scenario: &str| Replay {
        format: sim::replay::FORMAT.to_owned(),
        scenario: scenario.to_owned(),
        built_in,
        name: "Gone".to_owned(),
        text_hash: "0".repeat(16),
        villagers: 1,
        seed: None,
        end: Moment { day: 1, step: 0 },
        edits: Vec::new(),
        text: None,
    };
    let no_built_in = scenario_of(&replay(true, "atlantis.ron"), &file).unwrap_err();
    assert_eq!(no_built_in, ScenarioNotFound::NoBuiltIn { file: file.clone(), name: "atlantis.ron".into() });
    let at = file.display();
    assert_eq!(no_built_in.text(Lang::ENGLISH), format!("{at}: no built-in scenario is called atlantis.ron"));
    assert_eq!(
        no_built_in.text(Lang::SPANISH),
        format!("{at}: ningún escenario integrado se llama atlantis.ron")
    );
    let not_here = scenario_of(&replay(false, "nowhere/gone.ron"), &file).unwrap_err();
    assert_eq!(
        not_here.to_string(),
        format!(
            "{at}: its scenario nowhere/gone.ron is not here (looked from this folder and beside replays/)"
        )
    );
    assert!(not_here.text(Lang::SPANISH).ends_with(
        "su escenario nowhere/gone.ron no está aquí (se buscó desde esta carpeta y junto a replays/)"
    ));
    assert_eq!(scenario_of(&replay(true, "town.ron"), &file), Ok(ScenarioChoice::BuiltIn("town.ron")));
}

/// A day with the oven moved and saved into the file, then Save day: the replay opens as the
/// game opens it (the scenario looked for, the file now another text, the text it keeps played)
/// and plays the same day event for event; `run --replay` shows the same moment, and says so;
/// the game opens it.
#[test]
fn a_day_saved_after_a_station_save_opens_and_plays_the_same_day() {
    let text = scenario::shipped("town.ron").unwrap();
    let (folder, path, mut app) = town_with_a_moved_oven(text);
    steps(&mut app, 50);
    save(app.world_mut()).unwrap();
    assert_ne!(std::fs::read_to_string(&path).unwrap(), text, "the file is saved over");
    steps(&mut app, 250);
    let replays = folder.path().join("replays");
    let file = save_day_in(app.world_mut(), &replays).unwrap();
    let replay = Replay::read(&file).unwrap();
    assert_eq!(replay.text.as_deref(), Some(text), "it keeps the text its day started from");

    // As `goap-town replay FILE` opens it.
    let choice = scenario_of(&replay, &file).unwrap();
    assert_eq!(choice, ScenarioChoice::File(path.clone()));
    let on_disk = choice.load().unwrap();
    assert!(replay.check(&on_disk).is_err(), "the file alone would not play it");
    let (scenario, played) = replay.scenario_played(on_disk).unwrap();
    assert_eq!(played, Played::KeptText);
    let mut again = App::new();
    again.add_plugins(sim::SimPlugin);
    sim::install_town(again.world_mut(), replay.town(scenario));
    replay.play(again.world_mut(), replay.end).unwrap();
    let clock = app.world().resource::<Clock>();
    assert_eq!(replay.end, Moment { day: clock.day, step: clock.steps });
    assert_eq!(run_so_far(&again), run_so_far(&app), "the same day, event for event");
    let oven = station(&again, "oven");
    assert_eq!(again.world().resource::<Town>().scenario.stations[oven].position, [150.5, -20.0]);

    // A kept text that is not the one played is refused.
    let tampered = Replay { text: Some(format!("// edited\n{text}")), ..replay.clone() };
    let refused = tampered.scenario_played(choice.load().unwrap()).unwrap_err();
    assert!(refused.to_string().contains("hashes to"), "{refused}");

    // `run --replay`: the same moment, and one line that says which text plays.
    let (path_arg, file_arg) = (path.to_str().unwrap(), file.to_str().unwrap());
    let at = ["--at", "20", "--villager", "miner", "--json"];
    let out = common::goap_town(&[&["run", path_arg, "--replay", file_arg][..], &at].concat());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stderr.trim(),
        format!(
            "{path_arg} has changed since this day was played: the day plays from the scenario's text the replay keeps."
        )
    );
    let shown: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut there = App::new();
    there.add_plugins(sim::SimPlugin);
    let (scenario, _) = replay.scenario_played(choice.load().unwrap()).unwrap();
    sim::install_town(there.world_mut(), replay.town(scenario));
    replay.play(there.world_mut(), Moment { day: 1, step: 20 * u64::from(sim::STEPS_PER_SECOND) }).unwrap();
    let miner = sim::villager_playing(there.world_mut(), "miner", 0).unwrap();
    // Written as the shortest decimal of each f32, which reads back as that very f32.
    let shown: Vec<f32> =
        shown["position"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap() as f32).collect();
    assert_eq!(shown, sim::position_of(there.world(), miner).unwrap());

    // The game itself opens it (where there is a display to open it on).
    if std::env::var_os("DISPLAY").is_some() {
        let shot = folder.path().join("shot.png");
        let out = Command::new(env!("CARGO_BIN_EXE_goap-town"))
            .args(["replay", file_arg, "--after", "0", "--screenshot", shot.to_str().unwrap()])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stdout).contains("has changed since this day was played"));
        assert!(shot.is_file());
    }
}
