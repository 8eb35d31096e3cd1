//! Hot reload against real files in a temporary folder, with the real file watcher: a good edit
//! reloads and is named, the day goes on or starts again as the edit allows, the selection and
//! speed stay; a bad one keeps the old scenario running and shows its errors, a fix clears them.

use bevy::app::App;
use bevy::ecs::entity::Entity;
use goap_town::game::hot_reload::{self, ReloadStatus};
use goap_town::game::{Selection, SimSpeed};
use goap_town::scenario;
use goap_town::sim::{self, Activity, Clock, Position, Roster, SimPlugin, Town, Villager};
use goap_town::words::Lang;
use std::path::Path;
use std::time::{Duration, Instant};

fn game_without_window(path: &Path) -> App {
    let mut app = App::new();
    app.add_plugins(SimPlugin).init_resource::<Selection>().init_resource::<SimSpeed>();
    hot_reload::plugin(&mut app);
    sim::install(app.world_mut(), scenario::load(path).unwrap());
    hot_reload::watch(app.world_mut(), path);
    app
}

/// The shipped cook scenario as a file in a folder of its own, and the game playing it; the
/// folder lives as long as the first value is kept.
fn cook_in_a_folder() -> (tempfile::TempDir, std::path::PathBuf, &'static str, App) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cook.ron");
    let original = scenario::shipped("cook.ron").unwrap();
    std::fs::write(&path, original).unwrap();
    let app = game_without_window(&path);
    (dir, path, original, app)
}

/// Runs frames (and simulation steps) until `done`, for at most five seconds of wall time.
fn wait_for(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let started = Instant::now();
    while !done(app) {
        assert!(started.elapsed() < Duration::from_secs(5), "timed out waiting for {what}");
        app.update();
        sim::step(app);
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn cook_name(app: &App) -> String {
    app.world().resource::<Town>().scenario.characters[0].name.clone()
}

#[test]
fn saving_reloads_a_good_edit_keeps_the_last_good_on_a_bad_one_and_clears_on_the_fix() {
    let (_dir, path, original, mut app) = cook_in_a_folder();
    assert_eq!(cook_name(&app), "Cook");

    std::fs::write(&path, original.replace(r#"name: "Cook", start"#, r#"name: "Chef", start"#)).unwrap();
    wait_for(&mut app, "the good edit to load", |app| cook_name(app) == "Chef");
    assert_eq!(app.world().resource::<ReloadStatus>().reloads, 1);
    assert!(app.world().resource::<ReloadStatus>().errors.is_empty());

    let broken = original
        .replace(r#"name: "Cook", start"#, r#"name: "Chef", start"#)
        .replace(r#"station: "hearth""#, r#"station: "harth""#);
    std::fs::write(&path, &broken).unwrap();
    wait_for(&mut app, "the bad edit to be reported", |app| {
        !app.world().resource::<ReloadStatus>().errors.is_empty()
    });
    let errors: Vec<String> =
        app.world().resource::<ReloadStatus>().errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    let expected = format!("{}:", path.display());
    assert!(
        errors[0].starts_with(&expected)
            && errors[0].contains("unknown station or kind of station \"harth\" (did you mean \"hearth\"?)"),
        "{errors:?}"
    );
    // Kept as diagnostics, so the banner says them in whichever language the game speaks.
    let kept = app.world().resource::<ReloadStatus>().errors[0].text(Lang::SPANISH);
    assert!(
        kept.contains("no existe la estación ni el tipo de estación \"harth\" (¿quisiste decir"),
        "{kept}"
    );
    // The last good scenario keeps running.
    assert_eq!(cook_name(&app), "Chef");
    let before = app.world().resource::<Clock>().steps;
    for _ in 0..10 {
        sim::step(&mut app);
    }
    assert_eq!(app.world().resource::<Clock>().steps, before + 10);

    std::fs::write(&path, original.replace(r#"name: "Cook", start"#, r#"name: "Cocinero", start"#)).unwrap();
    wait_for(&mut app, "the fix to load", |app| cook_name(app) == "Cocinero");
    assert!(app.world().resource::<ReloadStatus>().errors.is_empty());
    assert_eq!(app.world().resource::<ReloadStatus>().reloads, 2);
}

/// Whatever is saved, the game goes on: a commented-out block holding a comment reloads, a file
/// saved half-written (or with a comment never closed) shows its error while the last good
/// scenario keeps running, and finishing the write reloads it.
#[test]
fn a_nested_comment_reloads_and_a_half_written_save_never_stops_the_town() {
    let (_dir, path, original, mut app) = cook_in_a_folder();

    let commented = original
        .replacen("Scenario(", "/* old: stations: [ /* the mine */ (id: \"mine\") ], */\nScenario(", 1)
        .replace(r#"name: "Cook", start"#, r#"name: "Chef", start"#);
    std::fs::write(&path, &commented).unwrap();
    wait_for(&mut app, "the commented file to load", |app| cook_name(app) == "Chef");

    let renamed = commented.replace(r#"name: "Chef", start"#, r#"name: "Baker", start"#);
    std::fs::write(&path, &renamed[..renamed.len() / 2]).unwrap();
    wait_for(&mut app, "the half-written file to be reported", |app| {
        !app.world().resource::<ReloadStatus>().errors.is_empty()
    });
    assert_eq!(cook_name(&app), "Chef", "the last good scenario keeps running");
    let before = app.world().resource::<Clock>().steps;
    sim::step(&mut app);
    assert_eq!(app.world().resource::<Clock>().steps, before + 1);

    std::fs::write(&path, format!("/* never /* closed */\n{renamed}")).unwrap();
    wait_for(&mut app, "the unclosed comment to be reported", |app| {
        app.world().resource::<ReloadStatus>().errors.iter().any(|e| e.message.contains("never closed"))
    });
    let errors: Vec<String> =
        app.world().resource::<ReloadStatus>().errors.iter().map(ToString::to_string).collect();
    assert!(errors[0].starts_with(&format!("{}:1:1:", path.display())), "{errors:?}");

    std::fs::write(&path, &renamed).unwrap();
    wait_for(&mut app, "the finished file to load", |app| cook_name(app) == "Baker");
    assert!(app.world().resource::<ReloadStatus>().errors.is_empty());
}

fn last_reload(app: &App) -> hot_reload::Reloaded {
    app.world().resource::<ReloadStatus>().last.clone().expect("a reload")
}

fn named(app: &App) -> Vec<String> {
    last_reload(app).changes.iter().map(|c| c.to_string()).collect()
}

fn play(app: &mut App, steps: usize) {
    for _ in 0..steps {
        sim::step(app);
    }
}

/// Runs frames, but no simulation step, until the first reload (for at most five seconds), so
/// that what the reload kept can be compared exactly.
fn reload_without_steps(app: &mut App, what: &str) {
    let started = Instant::now();
    while app.world().resource::<ReloadStatus>().reloads == 0 {
        assert!(started.elapsed() < Duration::from_secs(5), "timed out waiting for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn cook_entity(app: &App) -> Entity {
    app.world().resource::<Roster>().0[0]
}

/// Saving a new duration keeps the clock, the villager's work under way, the selection and the
/// speed; the new duration counts from the next time the action starts.
#[test]
fn a_duration_edit_keeps_the_clock_the_selection_and_the_speed() {
    let (_dir, path, original, mut app) = cook_in_a_folder();
    let cook = cook_entity(&app);
    app.world_mut().resource_mut::<Selection>().0 = Some(cook);
    app.world_mut().resource_mut::<SimSpeed>().multiplier = 4;
    // Into the middle of an action.
    assert!(sim::run_until(&mut app, 2000, |app| matches!(
        app.world().get::<Activity>(cook),
        Some(Activity::Acting { .. })
    )));
    sim::step(&mut app);
    let (clock, working) =
        (app.world().resource::<Clock>().clone(), app.world().get::<Activity>(cook).cloned());

    let edited = original.replace("duration: 4.0", "duration: 5.5");
    std::fs::write(&path, &edited).unwrap();
    reload_without_steps(&mut app, "the duration edit");
    assert_eq!(named(&app), ["cookMeal.duration 4 → 5.5"]);
    assert!(!last_reload(&app).restarted);
    assert_eq!(*app.world().resource::<Clock>(), clock, "the day goes on where it was");
    assert_eq!(app.world().get::<Activity>(cook).cloned(), working, "the work under way keeps its timer");
    assert_eq!(app.world().resource::<Selection>().0, Some(cook), "the same villager stays selected");
    assert_eq!(app.world().resource::<SimSpeed>().multiplier, 4);
    assert_eq!(app.world().resource::<Town>().scenario.actions[2].duration, 5.5);
    play(&mut app, 10);
    assert_eq!(app.world().resource::<Clock>().steps, clock.steps + 10);
}

/// Adding a character changes the roster: the day starts again, and the selected villager is
/// selected again (a new entity, the same villager).
#[test]
fn adding_a_character_restarts_the_day_and_keeps_the_selection() {
    let (_dir, path, original, mut app) = cook_in_a_folder();
    let cook = cook_entity(&app);
    app.world_mut().resource_mut::<Selection>().0 = Some(cook);
    play(&mut app, 100);

    let characters = original.find("characters: [").unwrap() + "characters: [".len();
    let helper = r#"
        (id: "helper", name: "Helper", start: (0.0, 0.0), speed: 60.0, actions: ["chopWood"],
         goals: [(id: "wood", wants: ["agent.wood >= 1"], drift: Quota(urgency: 1.0))]),"#;
    let grown = format!("{}{}{}", &original[..characters], helper, &original[characters..]);
    std::fs::write(&path, &grown).unwrap();
    wait_for(&mut app, "the new character to load", |app| {
        app.world().resource::<Town>().scenario.characters.len() == 2
    });
    let last = last_reload(&app);
    assert!(last.restarted);
    let names = named(&app);
    assert!(names.contains(&"+ character helper".to_owned()), "{names:?}");
    assert!(app.world().resource::<Clock>().time < 1.0, "the day started again");
    // The cook is now the second villager: the selection follows the character, not the slot.
    let selected = app.world().resource::<Selection>().0.expect("still selected");
    assert_ne!(selected, cook, "a new entity");
    let villager = app.world().get::<Villager>(selected).unwrap();
    assert_eq!(app.world().resource::<Town>().scenario.characters[villager.index()].id, "cook");
}

/// A save that changes nothing says so, and changes nothing.
#[test]
fn a_save_with_no_change_says_so() {
    let (_dir, path, original, mut app) = cook_in_a_folder();
    play(&mut app, 50);
    let before = app.world().resource::<Clock>().steps;
    std::fs::write(&path, format!("{original}\n// a comment changes nothing\n")).unwrap();
    wait_for(&mut app, "the save to be read", |app| app.world().resource::<ReloadStatus>().reloads == 1);
    let last = last_reload(&app);
    assert!(last.changes.is_empty() && !last.restarted);
    assert_eq!(last.summary(), "no change");
    assert!(app.world().resource::<Clock>().steps > before);
}

/// A station moved while a villager walks to it is walked to where it now stands.
#[test]
fn a_moved_station_is_walked_to_where_it_now_stands() {
    let (_dir, path, original, mut app) = cook_in_a_folder();
    let cook = cook_entity(&app);
    let walking = |app: &App| matches!(app.world().get::<Activity>(cook), Some(Activity::Walking { .. }));
    assert!(sim::run_until(&mut app, 100, walking));
    let moved = original.replace("pos: (-220.0, 90.0)", "pos: (-100.0, -150.0)");
    std::fs::write(&path, &moved).unwrap();
    reload_without_steps(&mut app, "the move");
    assert_eq!(named(&app), ["woodpile.pos (-220, 90) → (-100, -150)"]);
    let acting = |app: &App| matches!(app.world().get::<Activity>(cook), Some(Activity::Acting { .. }));
    assert!(sim::run_until(&mut app, 200, acting));
    assert_eq!(app.world().get::<Position>(cook).unwrap().0, [-100.0, -150.0]);
}

/// A station dragged in the game moves in the running town without restarting the day, and
/// `Save` writes only its `pos` numbers into the commented file.
#[test]
fn a_moved_station_is_saved_in_place_and_the_day_goes_on() {
    use goap_town::game::editing::{Unsaved, move_station};
    use goap_town::game::save_positions::save;
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("town.ron");
    let text = goap_town::scenario::shipped("town.ron").unwrap();
    std::fs::write(&path, text).unwrap();
    let scenario = goap_town::scenario::parse(text, "town.ron").unwrap();
    let mut app = goap_town::sim::simulation_app(scenario);
    app.insert_resource(goap_town::game::CurrentScenario {
        choice: goap_town::scenario::ScenarioChoice::File(path.clone()),
    });
    app.init_resource::<Unsaved>();
    app.init_resource::<goap_town::game::hot_reload::ReloadStatus>();
    for _ in 0..100 {
        goap_town::sim::step(&mut app);
    }
    let oven = app
        .world()
        .resource::<goap_town::sim::Town>()
        .scenario
        .stations
        .iter()
        .position(|s| s.id == "oven")
        .unwrap();
    move_station(app.world_mut(), oven, [150.5, -20.0]);
    let town = app.world().resource::<goap_town::sim::Town>();
    assert_eq!(town.scenario.stations[oven].position, [150.5, -20.0]);
    assert!(app.world().resource::<goap_town::sim::Clock>().time > 9.0, "the day goes on");
    assert_eq!(app.world().resource::<Unsaved>().0, [("oven".to_owned(), [150.5, -20.0])]);
    save(app.world_mut()).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    let changed: Vec<_> = text.lines().zip(saved.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].1.contains("150.5") && changed[0].1.contains("-20.0"));
    assert!(app.world().resource::<Unsaved>().0.is_empty());
    let reread = goap_town::scenario::parse(&saved, "town.ron").unwrap();
    assert_eq!(reread.stations[oven].position, [150.5, -20.0]);
    // The notice says what was written, not "no change".
    let status = app.world().resource::<goap_town::game::hot_reload::ReloadStatus>();
    let told = status.saved.as_ref().expect("the save is told");
    assert_eq!((told.stations.clone(), told.file.clone()), (vec![("Oven".to_owned(), [150.5, -20.0])], path));
    assert!(status.last.is_none());
}

/// Stations dragged and not saved yet stay where they were dropped when the file is reloaded,
/// so the Save offered still has something to save: on an edit the day goes on with (the
/// reload does not say they went back), and on one that starts the day again (the moves made
/// again at its dawn, so a replay of the day has them); a station the edit removes has its
/// move forgotten.
#[test]
fn a_reload_keeps_unsaved_drags_and_forgets_those_of_removed_stations() {
    use goap_town::game::editing::{Unsaved, move_station};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cook.ron");
    let table = r#"(id: "table",    label: "Table",    pos: (200.0, -80.0)),"#;
    let bench = r#"(id: "bench", label: "Bench", pos: (0.0, 0.0)),"#;
    let original =
        scenario::shipped("cook.ron").unwrap().replace(table, &format!("{table}\n        {bench}"));
    std::fs::write(&path, &original).unwrap();
    let mut app = game_without_window(&path);
    app.init_resource::<Unsaved>();
    sim::keep_history(app.world_mut());
    play(&mut app, 20);
    let (woodpile, bench_at) = (0, 3);
    assert_eq!(app.world().resource::<Town>().scenario.stations[bench_at].id, "bench");
    move_station(app.world_mut(), woodpile, [-100.0, -150.0]);
    move_station(app.world_mut(), bench_at, [50.0, 50.0]);
    let position =
        |app: &App, station: usize| app.world().resource::<Town>().scenario.stations[station].position;

    // An edit the day goes on with: the drags stay, and the reload names only the edit.
    let renamed = original.replace(r#"name: "Cook", start"#, r#"name: "Chef", start"#);
    std::fs::write(&path, &renamed).unwrap();
    wait_for(&mut app, "the rename to load", |app| cook_name(app) == "Chef");
    assert!(!last_reload(&app).restarted);
    assert_eq!(named(&app).len(), 1, "{:?}", named(&app));
    assert!(!named(&app)[0].contains("pos"), "{:?}", named(&app));
    assert_eq!(position(&app, woodpile), [-100.0, -150.0]);
    assert_eq!(position(&app, bench_at), [50.0, 50.0]);
    assert_eq!(app.world().resource::<Unsaved>().0.len(), 2);

    // An edit that starts the day again and removes the bench: the woodpile's drag stays.
    std::fs::write(&path, renamed.replace(&format!("\n        {bench}"), "")).unwrap();
    wait_for(&mut app, "the removal to load", |app| {
        app.world().resource::<Town>().scenario.stations.len() == 3
    });
    assert!(last_reload(&app).restarted);
    assert_eq!(position(&app, woodpile), [-100.0, -150.0]);
    assert_eq!(app.world().resource::<Unsaved>().0, [("woodpile".to_owned(), [-100.0, -150.0])]);
    let clock = app.world().resource::<Clock>();
    let now = sim::Moment { day: clock.day, step: clock.steps };
    let replay = sim::Replay::of(app.world(), "cook.ron", false, now).unwrap();
    let first = serde_json::to_value(&replay.edits[0]).unwrap();
    let moved =
        serde_json::json!({"day": 1, "step": 0, "move": {"station": "woodpile", "to": [-100.0, -150.0]}});
    assert_eq!(first, moved, "the drag made again at the new dawn: {:?}", replay.edits);
}
