//! Paint strokes kept at their step: going back before a stroke and forward again shows the town
//! as the uninterrupted run had it; a day with strokes is kept as a replay file (each stroke's
//! cells as runs along the map's rows), written, read back and played to the very same day, by
//! the library and by the game's Save day; a painted cell that could not have been painted is
//! refused with a located fault before anything plays.

mod common;
mod saving;

use bevy::prelude::*;
use common::{app_keeping_history, now, run_so_far, shipped, steps, village_replay};
use goap_town::game::paint::paint;
use goap_town::game::replays::save_day_in;
use goap_town::scenario::{Scenario, Scope};
use goap_town::sim::replay::{Change, FORMAT, MOST_PAINTED_CELLS, Run, fuzz};
use goap_town::sim::{self, Clock, Edit, Moment, NotKept, Replay, Town};
use goap_town::sim::{Activity, Fault, Intent, Position, Problem, Villager};
use goap_town::space::{Cell, Ground, Map};
use serde_json::{Value, json};
use std::path::Path;

fn map(app: &App) -> Map {
    app.world().resource::<Town>().scenario.map.clone().expect("a scenario with a map")
}

/// Cells `cols` of `row`, all of `ground`: a stroke along a row.
fn along(row: u32, cols: std::ops::RangeInclusive<u32>, ground: Ground) -> Vec<(Cell, Ground)> {
    cols.map(|col| (Cell { col, row }, ground)).collect()
}

/// Where every villager is and what it does, in roster order, with the map: the town to compare.
fn town_now(app: &mut App) -> String {
    let world = app.world_mut();
    let mut villagers = world.query::<(&Villager, &Position, &Activity, &Intent)>();
    let mut rows: Vec<String> = villagers.iter(world).map(|v| format!("{v:?}")).collect();
    rows.sort();
    format!("{rows:#?}\n{:?}\n{:?}", world.resource::<Clock>(), world.resource::<Town>().scenario.map)
}

/// The west bridge of village.ron (columns 15–16 across the river's rows 10–11) washed away at
/// step 200, a new bridge of road cut across at columns 24–25 at step 650, a wall across the
/// road along row 21 in the second day, a fact set and a station moved between: painted
/// through the game's own call ([`paint`]).
fn painted_village() -> App {
    let village = shipped("village.ron");
    let bread = village.facts.get(Scope::World, "bread").unwrap();
    let day = (village.settings.day_length * sim::STEPS_PER_SECOND as f32) as u64;
    let mut app = app_keeping_history(village);
    steps(&mut app, 200);
    let washed = [along(10, 15..=16, Ground::Water), along(11, 15..=16, Ground::Water)].concat();
    assert_eq!(paint(app.world_mut(), &washed).len(), 4);
    steps(&mut app, 150);
    sim::edit_world_fact(app.world_mut(), 0, bread, 30);
    steps(&mut app, 300);
    let bridge = [along(10, 24..=25, Ground::Road), along(11, 24..=25, Ground::Road)].concat();
    assert_eq!(paint(app.world_mut(), &bridge).len(), 4);
    sim::move_station(app.world_mut(), 0, [-120.0, -160.0]);
    steps(&mut app, day - 650 + 120);
    assert_eq!(app.world().resource::<Clock>().day, 2, "into the second day");
    assert_eq!(paint(app.world_mut(), &along(21, 20..=22, Ground::Wall)).len(), 3);
    steps(&mut app, 300);
    app
}

/// `replay` written to a file, read back and played in a town of its own, up to its end.
fn written_and_played(replay: &Replay, scenario: Scenario) -> App {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("painted.replay.json");
    std::fs::write(&file, replay.to_json()).unwrap();
    let read = Replay::read(&file).unwrap();
    assert_eq!(&read, replay, "the file reads back as written");
    played(&read, scenario)
}

fn played(replay: &Replay, scenario: Scenario) -> App {
    replay.check(&scenario).unwrap();
    let mut app = App::new();
    app.add_plugins(sim::SimPlugin);
    sim::install_town(app.world_mut(), replay.town(scenario));
    replay.play(app.world_mut(), replay.end).unwrap();
    app
}

#[test]
fn going_back_before_a_stroke_and_forward_again_shows_the_town_with_the_stroke_at_its_step() {
    // Strokes between snapshots and on one (the town is kept whole every 300 steps).
    let strokes = [(437, along(10, 15..=16, Ground::Water)), (600, along(21, 10..=14, Ground::Wall))];
    let mut app = app_keeping_history(shipped("village.ron"));
    let mut seen = Vec::new();
    let mut maps = vec![map(&app)];
    for (at, stroke) in &strokes {
        let was = app.world().resource::<Clock>().steps;
        steps(&mut app, at - 1 - was);
        seen.push((*at - 1, town_now(&mut app)));
        steps(&mut app, 1);
        assert_eq!(paint(app.world_mut(), stroke).len(), stroke.len());
        seen.push((*at, town_now(&mut app)));
        maps.push(map(&app));
        steps(&mut app, 40);
        seen.push((*at + 40, town_now(&mut app)));
    }
    steps(&mut app, 1_000 - 640);
    seen.push((1_000, town_now(&mut app)));
    // Back before both strokes, then forward past each, then back between them, in any order.
    for &i in &[0, 6, 1, 4, 2, 3, 5] {
        let (at, then) = &seen[i];
        sim::seek(app.world_mut(), *at);
        assert_eq!(&town_now(&mut app), then, "the town at step {at}");
    }
    assert_eq!(app.world().resource::<sim::DayHistory>().edits.len(), 2, "both strokes kept");
    sim::seek(app.world_mut(), 599);
    assert_eq!(map(&app), maps[1], "between the strokes, the first alone");
    sim::seek(app.world_mut(), 436);
    assert_eq!(map(&app), maps[0], "before both, neither");
}

#[test]
fn a_day_with_strokes_kept_as_a_replay_file_plays_again_event_for_event() {
    let app = painted_village();
    let end = now(&app);
    let replay = Replay::of(app.world(), "scenarios/village.ron", false, end).unwrap();
    let kinds: Vec<&str> = (replay.edits.iter())
        .map(|e| match e.change {
            Change::Set { .. } => "set",
            Change::Move { .. } => "move",
            Change::Paint(_) => "paint",
            Change::Stop { .. } => "stop",
        })
        .collect();
    assert_eq!(kinds, ["paint", "set", "paint", "move", "paint"], "each stroke one edit, at its step");
    let Change::Paint(washed) = &replay.edits[0].change else { unreachable!() };
    let run = |row, col, ground: &str| Run { row, col, ground: ground.into() };
    assert_eq!(washed, &[run(10, 15, "~~"), run(11, 15, "~~")], "the cells, a run along each row");
    assert_eq!((replay.edits[0].day, replay.edits[0].step), (1, 200));
    assert_eq!((replay.edits[4].day, replay.edits[4].step), (2, 120));
    let json: Value = serde_json::from_str(&replay.to_json()).unwrap();
    assert_eq!(
        json["edits"][4],
        json!({"day": 2, "step": 120, "paint": [{"row": 21, "col": 20, "ground": "###"}]}),
        "as the file writes it"
    );

    let mut again = written_and_played(&replay, shipped("village.ron"));
    let mut app = app;
    assert_eq!(now(&again), end);
    assert_eq!(run_so_far(&again), run_so_far(&app), "every event of both days, as they happened");
    assert_eq!(town_now(&mut again), town_now(&mut app), "every villager where it was, the map as painted");

    // The strokes matter: without them, the same replay plays another day.
    let unpainted = Replay {
        edits: replay.edits.iter().filter(|e| !matches!(e.change, Change::Paint(_))).cloned().collect(),
        ..replay.clone()
    };
    let mut plain = played(&unpainted, shipped("village.ron"));
    assert_ne!(run_so_far(&plain), run_so_far(&app));
    assert_ne!(town_now(&mut plain), town_now(&mut app));
}

#[test]
fn a_file_edit_that_moved_stations_and_repainted_rows_is_kept_and_anything_more_is_not() {
    let walls = shipped("walls.ron");
    let mut app = app_keeping_history(walls.clone());
    steps(&mut app, 60);
    // As a hot reload takes in a file whose rows and a station's position changed: one edit.
    let mut edited = walls.clone();
    edited.stations[0].position = [-170.0, -70.0];
    for col in 4..=8 {
        edited.map.as_mut().unwrap().paint(Cell { col, row: 9 }, Ground::Grass);
    }
    edited.map.as_mut().unwrap().paint(Cell { col: 2, row: 2 }, Ground::Water);
    edited.lay_walks();
    sim::update_scenario(app.world_mut(), edited);
    steps(&mut app, 400);
    let replay = Replay::of(app.world(), "scenarios/walls.ron", false, now(&app)).unwrap();
    let changes: Vec<&Change> = replay.edits.iter().map(|e| &e.change).collect();
    let id = walls.stations[0].id.clone();
    let runs =
        vec![Run { row: 2, col: 2, ground: "~".into() }, Run { row: 9, col: 4, ground: ".....".into() }];
    assert_eq!(changes, [&Change::Move { station: id, to: [-170.0, -70.0] }, &Change::Paint(runs)]);
    let mut again = written_and_played(&replay, walls.clone());
    assert_eq!(run_so_far(&again), run_so_far(&app));
    assert_eq!(town_now(&mut again), town_now(&mut app));

    // Rows of another length, or the rows and a cost: a file's text, which no replay keeps.
    let mut app = app_keeping_history(walls.clone());
    steps(&mut app, 60);
    let mut edited = walls.clone();
    edited.map.as_mut().unwrap().paint(Cell { col: 2, row: 2 }, Ground::Water);
    edited.actions[0].planning.cost += 1;
    edited.lay_walks();
    sim::update_scenario(app.world_mut(), edited);
    let not_kept = Replay::of(app.world(), "scenarios/walls.ron", false, now(&app)).unwrap_err();
    let NotKept::FileEdited { at, changes } = not_kept else { panic!("{not_kept:?}") };
    assert_eq!(at, Moment { day: 1, step: 60 });
    assert_eq!(changes.len(), 2, "the cost and the row: {changes:?}");
    let mut wider = walls.clone();
    let rows: Vec<String> = walls.map.as_ref().unwrap().rows().iter().map(|r| format!("{r}.")).collect();
    wider.map = Some(Map::parse(20.0, [-300.0, 200.0], &rows, 1 << 16).unwrap());
    wider.lay_walks();
    let mut app = app_keeping_history(walls);
    sim::update_scenario(app.world_mut(), wider);
    let not_kept = Replay::of(app.world(), "scenarios/walls.ron", false, now(&app));
    assert!(matches!(not_kept, Err(NotKept::FileEdited { .. })), "{not_kept:?}");
}

/// What reading, then checking against village.ron, says of `replay`, in English.
fn refusal(replay: &Value) -> (String, Fault) {
    let fault = match Replay::from_bytes(replay.to_string().as_bytes()) {
        Ok(replay) => replay.check(&shipped("village.ron")).unwrap_err(),
        Err(fault) => fault,
    };
    (fault.to_string(), fault)
}

#[test]
fn a_painted_cell_that_could_not_have_been_painted_is_refused_where_it_is() {
    let village = shipped("village.ron");
    let paint = |step: u64, row: u32, col: u32, ground: &str| json!({"day": 1, "step": step, "paint": [{"row": row, "col": col, "ground": ground}]});
    let good = village_replay(json!([paint(10, 10, 15, "~~")]));
    Replay::from_bytes(good.to_string().as_bytes()).unwrap().check(&village).unwrap();

    let (said, fault) = refusal(&village_replay(json!([paint(10, 10, 15, "~~"), paint(20, 3, 2, "#x")])));
    assert!(matches!(fault, Fault::Edit { number: 2, problem: Problem::Ground { found: 'x' }, .. }));
    assert!(said.starts_with("edit 2 (day 1, step 20): 'x' is no kind of ground"), "{said}");
    assert!(said.ends_with("`.` grass, `=` road, `#` wall, `~` water"), "{said}");

    let (_, fault) = refusal(&village_replay(json!([paint(10, 42, 48, "..=")])));
    let off = Problem::OffMap { col: 50, row: 42, width: 50, height: 43 };
    assert_eq!(fault, Fault::Edit { number: 1, at: Moment { day: 1, step: 10 }, problem: off });
    let (_, fault) = refusal(&village_replay(json!([paint(10, 0, u32::MAX, "=")])));
    assert!(matches!(fault, Fault::Edit { problem: Problem::OffMap { col: 4_294_967_295, .. }, .. }));
    let (_, fault) = refusal(&village_replay(json!([paint(10, 43, 0, "=")])));
    assert!(matches!(fault, Fault::Edit { problem: Problem::OffMap { row: 43, .. }, .. }), "{fault:?}");

    // No wall under a station where it stands by then, nor under a start.
    let map = village.map.clone().unwrap();
    let well = map.cell_of(village.stations[0].position).unwrap();
    let (said, fault) = refusal(&village_replay(json!([paint(10, well.row, well.col, "#")])));
    let under = Problem::UnderStation { station: village.stations[0].id.clone(), ground: Ground::Wall };
    assert_eq!(fault, Fault::Edit { number: 1, at: Moment { day: 1, step: 10 }, problem: under });
    let name = &village.stations[0].id;
    assert_eq!(
        said,
        format!(
            "edit 1 (day 1, step 10): station \"{name}\" stands on a wall: a station stands on grass or road"
        )
    );
    let grass = village_replay(json!([paint(10, well.row, well.col, ".")]));
    assert!(refusal_of(&grass).is_none(), "grass may go under a station");
    let moved_away = json!({"day": 1, "step": 5, "move": {"station": name, "to": [-120.0, -160.0]}});
    assert!(refusal_of(&village_replay(json!([moved_away, paint(10, well.row, well.col, "#")]))).is_none());
    let there = map.cell_of([-120.0, -160.0]).unwrap();
    let (_, fault) = refusal(&village_replay(json!([moved_away, paint(10, there.row, there.col, "~")])));
    assert!(
        matches!(fault, Fault::Edit { number: 2, problem: Problem::UnderStation { .. }, .. }),
        "{fault:?}"
    );
    let start = map.cell_of(village.characters[3].start).unwrap();
    let (said, _) = refusal(&village_replay(json!([paint(10, start.row, start.col, "~")])));
    assert!(said.contains("starts in the water: a character starts on grass or road"), "{said}");

    // More cells than a replay holds, over all its edits.
    let half = ".".repeat(MOST_PAINTED_CELLS / 2);
    let (said, fault) = refusal(&village_replay(json!([
        paint(10, 0, 0, &half),
        paint(11, 0, 0, &half),
        paint(12, 0, 0, ".")
    ])));
    assert_eq!(fault, Fault::TooManyCells { count: MOST_PAINTED_CELLS + 1 });
    assert!(said.starts_with("painted cells: 20,001 cells, more than the 20,000"), "{said}");

    // A scenario without a map has no cell to paint.
    let cook = shipped("cook.ron");
    let on_cook = json!({
        "format": FORMAT, "scenario": "cook.ron", "built_in": true, "name": cook.name,
        "text_hash": format!("{:016x}", cook.text_hash), "villagers": 1, "seed": null,
        "end": {"day": 1, "step": 20}, "edits": [paint(10, 0, 0, "#")],
    });
    let fault = Replay::from_bytes(on_cook.to_string().as_bytes()).unwrap().check(&cook).unwrap_err();
    assert!(matches!(fault, Fault::Edit { problem: Problem::NoMap, .. }), "{fault:?}");
}

/// Why `replay` is refused against village.ron, if it is.
fn refusal_of(replay: &Value) -> Option<Fault> {
    Replay::from_bytes(replay.to_string().as_bytes()).and_then(|r| r.check(&shipped("village.ron"))).err()
}

#[test]
fn a_replay_file_of_an_older_build_without_painted_cells_still_reads_and_plays() {
    let village = shipped("village.ron");
    let old = village_replay(json!([
        {"day": 1, "step": 10, "set": {"tile": 0, "fact": "bread", "value": 4}},
        {"day": 1, "step": 50, "move": {"station": village.stations[0].id, "to": [10.0, -20.5]}},
    ]));
    let replay = Replay::from_bytes(serde_json::to_string_pretty(&old).unwrap().as_bytes()).unwrap();
    assert_eq!(replay.format, "goap-town replay 1");
    let app = played(&replay, village);
    assert_eq!(now(&app), Moment { day: 1, step: 200 });
}

#[test]
fn save_day_after_a_stroke_writes_a_replay_that_plays_the_day_again() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("walls.ron");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/walls.ron"));
    std::fs::write(&path, text.unwrap()).unwrap();
    let mut app = saving::game_on(&path);
    saving::steps(&mut app, 150);
    // The gap in the wall's west side closed, and a wall across the cook's way to the table.
    let stroke = [along(10, 4..=4, Ground::Wall), along(13, 4..=7, Ground::Wall)].concat();
    assert!(!paint(app.world_mut(), &stroke).is_empty());
    saving::steps(&mut app, 250);
    let saved = save_day_in(app.world_mut(), &folder.path().join("replays")).unwrap();
    let replay = Replay::read(&saved).unwrap();
    assert!(replay.edits.iter().any(|e| matches!(e.change, Change::Paint(_))), "{:?}", replay.edits);
    let history = app.world().resource::<sim::DayHistory>();
    assert!(matches!(history.edits[..], [(150, Edit::Scenario(_))]), "the stroke, one edit");
    let (scenario, _) = replay.scenario_played(goap_town::scenario::load(&path).unwrap()).unwrap();
    let mut again = played(&replay, scenario);
    assert_eq!(run_so_far(&again), run_so_far(&app));
    assert_eq!(town_now(&mut again), town_now(&mut app));
}

#[test]
fn mutated_replays_of_painted_days_are_refused_where_they_are_wrong_or_play_faithfully() {
    let bases: Vec<fuzz::Base> = fuzz::bases().into_iter().filter(|b| b.scenario.map.is_some()).collect();
    assert!(!bases.is_empty());
    let painted = |b: &fuzz::Base| b.replay.edits.iter().any(|e| matches!(e.change, Change::Paint(_)));
    assert!(bases.iter().all(painted), "every base with a map has strokes to mutate");
    let report = fuzz::run(1_500, 43, &bases);
    assert!(report.tally.failures.is_empty(), "{}", common::fuzz_failures(&report.tally.failures));
    assert!(report.played > 100, "{report:?}");
    for kind in [
        "edit: no kind of ground",
        "edit: cell off the map",
        "edit: a wall or water under a station or a start",
        "not JSON of a replay",
    ] {
        assert!(report.refused.contains_key(kind), "no mutant was refused as {kind:?}: {report:?}");
    }
}
