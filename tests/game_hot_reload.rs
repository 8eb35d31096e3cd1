//! Hot reload against real files in a temporary folder, with the real file watcher: a good edit
//! reloads, a bad one keeps the old scenario running and shows its errors, a fix clears them.

use bevy::app::App;
use goap_town::game::hot_reload::{self, ReloadStatus};
use goap_town::scenario;
use goap_town::sim::{self, Clock, SimPlugin, Town};
use std::path::Path;
use std::time::{Duration, Instant};

fn game_without_window(path: &Path) -> App {
    let mut app = App::new();
    app.add_plugins(SimPlugin);
    hot_reload::plugin(&mut app);
    sim::install(app.world_mut(), scenario::load(path).unwrap());
    hot_reload::watch(app.world_mut(), path);
    app
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
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cook.ron");
    let original = scenario::shipped("cook.ron").unwrap();
    std::fs::write(&path, original).unwrap();
    let mut app = game_without_window(&path);
    assert_eq!(cook_name(&app), "Cook");

    std::fs::write(&path, original.replace(r#"name: "Cook", start"#, r#"name: "Chef", start"#)).unwrap();
    wait_for(&mut app, "the good edit to load", |app| cook_name(app) == "Chef");
    assert_eq!(app.world().resource::<ReloadStatus>().reloads, 1);
    assert!(app.world().resource::<ReloadStatus>().errors.is_empty());
    // A reload restarts the day.
    assert!(app.world().resource::<Clock>().time < 1.0);

    let broken = original
        .replace(r#"name: "Cook", start"#, r#"name: "Chef", start"#)
        .replace(r#"station: "hearth""#, r#"station: "harth""#);
    std::fs::write(&path, &broken).unwrap();
    wait_for(&mut app, "the bad edit to be reported", |app| {
        !app.world().resource::<ReloadStatus>().errors.is_empty()
    });
    let errors = app.world().resource::<ReloadStatus>().errors.clone();
    assert_eq!(errors.len(), 2, "{errors:?}");
    let expected = format!("{}:", path.display());
    assert!(
        errors[0].starts_with(&expected)
            && errors[0].contains("unknown station \"harth\" (did you mean \"hearth\"?)"),
        "{errors:?}"
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
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cook.ron");
    let original = scenario::shipped("cook.ron").unwrap();
    std::fs::write(&path, original).unwrap();
    let mut app = game_without_window(&path);

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
        app.world().resource::<ReloadStatus>().errors.iter().any(|e| e.contains("never closed"))
    });
    let errors = app.world().resource::<ReloadStatus>().errors.clone();
    assert!(errors[0].starts_with(&format!("{}:1:1:", path.display())), "{errors:?}");

    std::fs::write(&path, &renamed).unwrap();
    wait_for(&mut app, "the finished file to load", |app| cook_name(app) == "Baker");
    assert!(app.world().resource::<ReloadStatus>().errors.is_empty());
}
