//! Going back in the day: the town seen at a moment by playing its day again from dawn
//! (`sim::seek`) is the town that played forward to that moment — every villager, the world,
//! the lines and the day's log — with and without edits, and it goes on from there as it did.

mod common;

use bevy::prelude::*;
use common::{app_keeping_history, goap_town, shipped, steps};
use goap_town::scenario;
use goap_town::sim::{self, Activity, AgentFacts, Clock, Deliberation, EventLog, Goals, Intent, LastReason};
use goap_town::sim::{Lines, Outlook, Position, Tally, Villager, WorldFacts};

/// Everything the day is made of at this moment, as text to compare.
fn snapshot(app: &mut App) -> String {
    let world = app.world_mut();
    let mut villagers = world.query::<(
        &Villager,
        &Position,
        &Activity,
        &Intent,
        &AgentFacts,
        &Goals,
        &LastReason,
        &Tally,
        &Deliberation,
    )>();
    let mut rows: Vec<String> = villagers.iter(world).map(|v| format!("{v:?}")).collect();
    rows.sort();
    let log = world.resource::<EventLog>();
    format!(
        "{rows:#?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        world.resource::<Clock>(),
        world.resource::<WorldFacts>(),
        world.resource::<Outlook>(),
        world.resource::<Lines>(),
        log.today,
        world.resource::<sim::Town>().scenario.stations,
    )
}

#[test]
fn going_back_to_a_moment_shows_the_town_as_it_was_then_and_it_goes_on_the_same() {
    let mut app = app_keeping_history(shipped("town.ron"));
    let moments = [0, 1, 37, 400, 1_200, 2_000];
    let mut seen = Vec::new();
    let mut at = 0;
    for &m in &moments {
        steps(&mut app, m - at);
        at = m;
        seen.push(snapshot(&mut app));
    }
    steps(&mut app, 500);
    let kept: Vec<u64> = app.world().resource::<sim::DayHistory>().snapshot_steps().collect();
    assert_eq!(kept, (1..=8).map(|n| n * sim::SNAPSHOT_EVERY).collect::<Vec<_>>(), "kept whole on the way");
    // Back, in any order, and each moment is as it was: from dawn (before the first snapshot)
    // and from the snapshot before it.
    for (i, &m) in moments.iter().enumerate().rev() {
        sim::seek(app.world_mut(), m);
        assert_eq!(snapshot(&mut app), seen[i], "the town at step {m}");
    }
    // And from a moment gone back to, the day goes on as it went on the first time.
    sim::seek(app.world_mut(), 400);
    steps(&mut app, 800);
    assert_eq!(snapshot(&mut app), seen[4], "400 steps played on from step 400 reach step 1,200 as before");
}

#[test]
fn a_later_day_is_gone_back_through_as_exactly_as_the_first() {
    let village = shipped("village.ron");
    let day = (village.settings.day_length * sim::STEPS_PER_SECOND as f32) as u64;
    let mut app = app_keeping_history(village);
    // Into the second day; its dawn step was played with the first step of its day.
    steps(&mut app, day);
    assert_eq!(app.world().resource::<Clock>().day, 2);
    let mut seen = Vec::new();
    for m in [0, 5, 120, 299, 301, 650] {
        let at = app.world().resource::<Clock>().steps;
        steps(&mut app, m - at);
        seen.push((m, snapshot(&mut app)));
    }
    for (m, then) in seen.iter().rev() {
        sim::seek(app.world_mut(), *m);
        assert_eq!(&snapshot(&mut app), then, "day 2, step {m}");
    }
}

#[test]
fn edits_are_part_of_the_day_and_replay_at_their_moment() {
    let village = shipped("village.ron");
    let bread = village.facts.get(scenario::Scope::World, "bread").unwrap();
    let mut app = app_keeping_history(village);
    steps(&mut app, 99);
    let before_edits = snapshot(&mut app);
    steps(&mut app, 1);
    // An edit at a moment is part of that moment: going back to it shows the edit made.
    sim::edit_world_fact(app.world_mut(), 0, bread, 40);
    let edited = snapshot(&mut app);
    steps(&mut app, 299);
    let after_the_fact = snapshot(&mut app);
    steps(&mut app, 1);
    // A station moved, as the game's drag does.
    let mut moved = (*app.world().resource::<sim::Town>().scenario).clone();
    moved.stations[0].position = [-200.0, -100.0];
    sim::update_scenario(app.world_mut(), moved);
    steps(&mut app, 500);
    let after_the_move = snapshot(&mut app);
    assert_eq!(app.world().resource::<sim::DayHistory>().edits.len(), 2);

    sim::seek(app.world_mut(), 99);
    assert_eq!(snapshot(&mut app), before_edits, "before the edits, nothing of them");
    sim::seek(app.world_mut(), 100);
    assert_eq!(snapshot(&mut app), edited, "the moment of the edit, with it");
    sim::seek(app.world_mut(), 399);
    assert_eq!(snapshot(&mut app), after_the_fact, "the fact set at step 100, the station not yet moved");
    sim::seek(app.world_mut(), 900);
    assert_eq!(snapshot(&mut app), after_the_move, "and the station moved at step 400");
    let edited = app
        .world()
        .resource::<EventLog>()
        .today
        .iter()
        .filter(|e| e.kind() == sim::EventKind::Edited)
        .count();
    assert_eq!(edited, 1, "the edit is in the day's log once");

    // Going another way from a moment forgets the edits after it.
    sim::seek(app.world_mut(), 250);
    app.world_mut().resource_mut::<sim::DayHistory>().forget_after(250);
    assert_eq!(app.world().resource::<sim::DayHistory>().edits.len(), 1);
    steps(&mut app, 650);
    assert_ne!(snapshot(&mut app), after_the_move, "without the move, another day");
}

/// `run FILE --at T --villager ID --json` is the villager the day shows at T: as played forward
/// here, and as gone back to.
#[test]
fn run_at_a_moment_shows_the_villager_the_day_has_then() {
    let out = goap_town(&["run", "scenarios/village.ron", "--at", "80", "--villager", "baker1", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let shown: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();

    let mut app = app_keeping_history(shipped("village.ron"));
    steps(&mut app, 1_500);
    sim::seek(app.world_mut(), 800);
    let baker = sim::villager_playing(app.world_mut(), "baker1", 0).unwrap();
    let world = app.world();
    assert_eq!(shown["t"], 80.0);
    assert_eq!(shown["villager"], "baker1");
    let position = goap_town::sim::position_of(world, baker).unwrap();
    // Written as the shortest decimal of each f32, which reads back as that very f32.
    let written: Vec<f32> =
        shown["position"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap() as f32).collect();
    assert_eq!(written, position);
    let intent = world.get::<Intent>(baker).unwrap();
    assert_eq!(shown["step"], intent.step());
    assert_eq!(shown["plan"].as_array().unwrap().len(), intent.plan().len());
    let kind = match world.get::<Activity>(baker).unwrap() {
        Activity::Idle => "idle",
        Activity::Walking { .. } => "walking",
        Activity::Acting { .. } => "acting",
        Activity::Queued { .. } => "queued",
        Activity::Waiting { .. } => "waiting",
        Activity::Resting { .. } => "resting",
    };
    assert_eq!(shown["activity"]["kind"], kind);
    let bread = world.resource::<sim::Town>().scenario.facts.get(scenario::Scope::World, "bread").unwrap();
    assert_eq!(shown["world"]["bread"], world.resource::<WorldFacts>().tile(0).get(bread));

    let out = goap_town(&["run", "scenarios/village.ron", "--at", "80", "--villager", "nobody"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("--villager nobody: no such villager; there are farmer1,")
    );
}

/// A station moved as the game's drag moves it is kept in the day's history as a move (its
/// station and where to), not as a copy of the whole scenario, and going back plays it again at
/// its moment, between the moments before and after it.
#[test]
fn a_moved_station_is_kept_as_a_move_and_gone_back_through() {
    let mut app = app_keeping_history(shipped("village.ron"));
    steps(&mut app, 150);
    let before_the_moves = snapshot(&mut app);
    steps(&mut app, 1);
    sim::move_station(app.world_mut(), 3, [-100.0, 40.0]);
    sim::move_station(app.world_mut(), 7, [55.5, -12.0]);
    let moved = snapshot(&mut app);
    steps(&mut app, 300);
    sim::move_station(app.world_mut(), 3, [0.0, 0.0]);
    steps(&mut app, 200);
    let later = snapshot(&mut app);
    let edits = &app.world().resource::<sim::DayHistory>().edits;
    let kept = [(151, 3, [-100.0, 40.0]), (151, 7, [55.5, -12.0]), (451, 3, [0.0, 0.0])];
    let kept = kept.map(|(at, station, to)| (at, sim::Edit::Move { station, to }));
    assert_eq!(edits[..], kept[..]);

    sim::seek(app.world_mut(), 150);
    assert_eq!(snapshot(&mut app), before_the_moves, "before the moves, nothing of them");
    sim::seek(app.world_mut(), 151);
    assert_eq!(snapshot(&mut app), moved, "the moment of the moves, with both");
    sim::seek(app.world_mut(), 651);
    assert_eq!(snapshot(&mut app), later, "and the third, later");
}
