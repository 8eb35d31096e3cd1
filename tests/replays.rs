//! Days kept as replay files: the file holds the scenario text's hash, the town's size and every
//! edit with its moment, and playing it again gives the same run — every event of every day —
//! in the library and through `goap-town run --replay`; a replay of another text says so.

mod common;

use bevy::prelude::*;
use common::{app_keeping_history, goap_town, now, run_so_far, shipped, steps};
use goap_town::scenario::{self, Scope};
use goap_town::sim::{self, Clock, FinishedDays, Moment, NotKept, Replay, Town, WorldFacts};
use std::path::Path;

/// Village played into its second day, a fact set and a station moved on each day.
fn edited_run() -> App {
    let village = shipped("village.ron");
    let bread = village.facts.get(Scope::World, "bread").unwrap();
    let wheat = village.facts.get(Scope::World, "wheat").unwrap();
    let mut app = app_keeping_history(village);
    steps(&mut app, 100);
    sim::edit_world_fact(app.world_mut(), 0, bread, 40);
    steps(&mut app, 300);
    sim::move_station(app.world_mut(), 0, [-200.0, -100.0]);
    sim::move_station(app.world_mut(), 1, [150.5, 20.25]);
    let day = app.world().resource::<Clock>().day_length as u64 * u64::from(sim::STEPS_PER_SECOND);
    steps(&mut app, day - 400 + 250);
    assert_eq!(app.world().resource::<Clock>().day, 2, "into the second day");
    sim::edit_world_fact(app.world_mut(), 0, wheat, 7);
    steps(&mut app, 30);
    sim::move_station(app.world_mut(), 0, [10.0, 10.0]);
    steps(&mut app, 400);
    app
}

fn replayed(file: &Path, until: Moment) -> App {
    let replay = Replay::read(file).unwrap();
    let scenario = shipped("village.ron");
    replay.check(&scenario).unwrap();
    let mut app = App::new();
    app.add_plugins(sim::SimPlugin);
    sim::install_town(app.world_mut(), replay.town(scenario));
    replay.play(app.world_mut(), until).unwrap();
    app
}

#[test]
fn a_replay_file_plays_the_run_again_event_for_event() {
    let app = edited_run();
    let end = now(&app);
    let replay = Replay::of(app.world(), "scenarios/village.ron", false, end).unwrap();
    assert_eq!(replay.edits.len(), 5, "two facts set, three stations moved: {:#?}", replay.edits);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("village.replay.json");
    std::fs::write(&file, replay.to_json()).unwrap();
    assert_eq!(Replay::read(&file).unwrap(), replay, "the file reads back as written");

    let again = replayed(&file, end);
    assert_eq!(now(&again), end);
    assert_eq!(run_so_far(&again), run_so_far(&app), "every event of both days, as they happened");
    let edited = (again.world().resource::<FinishedDays>().0[0].events.iter())
        .filter(|e| e.kind == sim::EventKind::Edited)
        .count();
    assert_eq!(edited, 1, "the first day's report has its edit");
    assert_eq!(again.world().resource::<Town>().scenario.stations[0].position, [10.0, 10.0]);

    // Without its edits, the same scenario plays another run.
    let mut plain = App::new();
    plain.add_plugins(sim::SimPlugin);
    sim::install_town(plain.world_mut(), replay.town(shipped("village.ron")));
    Replay { edits: Vec::new(), ..replay.clone() }.play(plain.world_mut(), end).unwrap();
    assert_ne!(run_so_far(&plain), run_so_far(&app));

    // A replay of a moment before the end plays up to there (what `run --replay --at` asks).
    let early = replayed(&file, Moment { day: 1, step: 450 });
    let bread = early.world().resource::<Town>().scenario.facts.get(Scope::World, "bread").unwrap();
    assert!(early.world().resource::<WorldFacts>().tile(0).get(bread) > 30, "the bread set at step 100");
}

#[test]
fn a_replay_of_another_text_of_the_scenario_says_so() {
    let app = edited_run();
    let replay = Replay::of(app.world(), "scenarios/village.ron", false, now(&app)).unwrap();
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/village.ron")).unwrap();
    let commented = scenario::parse(&format!("// tweaked\n{text}"), "village.ron").unwrap();
    let refused = replay.check(&commented).unwrap_err().to_string();
    assert!(refused.starts_with("this replay is of another text of the scenario"), "{refused}");
    assert!(refused.contains(&replay.text_hash), "{refused}");
    assert!(replay.check(&shipped("village.ron")).is_ok());
}

#[test]
fn a_run_that_took_in_a_file_edit_cannot_be_kept_as_a_replay() {
    let mut app = app_keeping_history(shipped("cook.ron"));
    steps(&mut app, 50);
    let mut cheaper = (*app.world().resource::<Town>().scenario).clone();
    cheaper.actions[0].planning.cost += 1;
    sim::update_scenario(app.world_mut(), cheaper);
    steps(&mut app, 10);
    let not_kept = Replay::of(app.world(), "scenarios/cook.ron", false, now(&app)).unwrap_err();
    let NotKept::FileEdited { at, changes } = not_kept else { panic!("{not_kept:?}") };
    assert_eq!(at, Moment { day: 1, step: 50 });
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert!(changes[0].ends_with(".cost"), "{changes:?}");
    // Up to a moment before it, the run can be kept.
    assert!(Replay::of(app.world(), "scenarios/cook.ron", false, Moment { day: 1, step: 49 }).is_ok());
}

#[test]
fn run_with_a_replay_shows_a_villager_in_the_day_the_replay_kept() {
    let app = edited_run();
    let replay = Replay::of(app.world(), "scenarios/village.ron", false, now(&app)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("village.replay.json");
    std::fs::write(&file, replay.to_json()).unwrap();
    let file = file.to_str().unwrap();

    let at = ["--at", "45", "--villager", "baker1", "--json"];
    let out = goap_town(&[&["run", "scenarios/village.ron", "--replay", file][..], &at].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let shown: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut there = replayed(Path::new(file), Moment { day: 1, step: 450 });
    let bread = there.world().resource::<Town>().scenario.facts.get(Scope::World, "bread").unwrap();
    assert_eq!(shown["world"]["bread"], there.world().resource::<WorldFacts>().tile(0).get(bread));
    let baker = sim::villager_playing(there.world_mut(), "baker1", 0).unwrap();
    let position = sim::position_of(there.world(), baker).unwrap();
    // Written as the shortest decimal of each f32, which reads back as that very f32.
    let written: Vec<f32> =
        shown["position"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap() as f32).collect();
    assert_eq!(written, position);

    let plain = goap_town(&[&["run", "scenarios/village.ron"][..], &at].concat());
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert_ne!(plain["world"], shown["world"], "without the replay, the day as the scenario plays it");

    // Another text of the scenario: refused, clearly.
    let tweaked = dir.path().join("village.ron");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/village.ron")).unwrap();
    std::fs::write(&tweaked, text.replace("day_length: 300.0", "day_length: 301.0")).unwrap();
    let out = goap_town(&[
        "run",
        tweaked.to_str().unwrap(),
        "--replay",
        file,
        "--at",
        "45",
        "--villager",
        "baker1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.starts_with(&format!("{file}: this replay is of another text of the scenario")), "{said}");

    // Not a replay file at all: where and why.
    let out = goap_town(&[
        "run",
        "scenarios/village.ron",
        "--replay",
        "scenarios/village.ron",
        "--at",
        "1",
        "--villager",
        "baker1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a replay file"));
}

#[test]
fn a_station_dropped_where_it_stands_changes_nothing_as_its_replay_keeps_nothing() {
    // Every station of village.ron dropped where it stands, at moments when villagers walk, wait
    // and rest, against the same day without: the same day, event for event and place for place.
    let village = shipped("village.ron");
    let (mut dropped, mut plain) =
        (app_keeping_history(village.clone()), app_keeping_history(village.clone()));
    for step in 1..=600u64 {
        if step % 37 == 0 {
            for (index, station) in village.stations.iter().enumerate() {
                sim::move_station(dropped.world_mut(), index, station.position);
            }
        }
        sim::step(&mut dropped);
        sim::step(&mut plain);
    }
    assert_eq!(run_so_far(&dropped), run_so_far(&plain));
    let positions = |app: &mut App| {
        let mut villagers = app.world_mut().query::<(Entity, &sim::Villager)>();
        let villagers: Vec<_> = villagers.iter(app.world()).map(|(e, v)| (v.number(), e)).collect();
        let mut all: Vec<_> =
            villagers.into_iter().map(|(n, e)| (n, sim::position_of(app.world(), e))).collect();
        all.sort_by_key(|(number, _)| *number);
        all
    };
    assert_eq!(positions(&mut dropped), positions(&mut plain));
    let end = now(&dropped);
    let kept = Replay::of(dropped.world(), "scenarios/village.ron", false, end).unwrap();
    assert!(kept.edits.is_empty(), "{:?}", kept.edits);
}

/// Stations moved at dawn, after every villager's planners were asked (their tables built for
/// the town as it stood), give the very day the moved scenario plays from its start: a town a
/// move leaves plans as one built afresh. The moves matter: unmoved, the day is another.
#[test]
fn a_day_with_stations_moved_at_dawn_is_the_day_the_moved_scenario_plays() {
    let village = shipped("village.ron");
    let whole_day = (village.settings.day_length as u64 + 1) * u64::from(sim::STEPS_PER_SECOND);
    let mut app = sim::simulation_app(village.clone());
    let town = app.world().resource::<Town>();
    for (c, character) in village.characters.iter().enumerate() {
        let start = village.start_state(c);
        for g in 0..character.goals.len() {
            let _ = town.planners(c, &start).whole(g).least_cost(&start);
        }
    }
    let moves = [("westOven", [-60.0, -200.0]), ("townWell", [200.0, 250.0]), ("eastTable", [0.0, 0.0])];
    let mut moved = village.clone();
    for (id, to) in moves {
        let index = village.stations.iter().position(|s| s.id == id).unwrap();
        sim::move_station(app.world_mut(), index, to);
        moved.stations[index].position = to;
    }
    steps(&mut app, whole_day);
    let mut fresh = sim::simulation_app(moved);
    steps(&mut fresh, whole_day);
    assert_eq!(app.world().resource::<FinishedDays>().0.len(), 1, "a whole day played");
    assert_eq!(run_so_far(&app), run_so_far(&fresh));
    let mut unmoved = sim::simulation_app(village);
    steps(&mut unmoved, whole_day);
    assert_ne!(run_so_far(&unmoved), run_so_far(&fresh));
}
