//! The game's own saves never lose a file: a station Save or a Save day that fails (a full disk —
//! a real one, a small tmpfs —, a read-only, deleted or hand-broken file) leaves every file as it
//! was, keeps the unsaved moves and says what to do in the player's language; a Save keeps every
//! byte but the moved numbers (byte-order mark and CRLF included); Save day never writes over a
//! replay; and a day saved after a station Save opens and plays the same day again.

mod common;

use bevy::prelude::*;
use goap_town::files::FileError;
use goap_town::game::editing::{Unsaved, move_station};
use goap_town::game::hot_reload::ReloadStatus;
use goap_town::game::replays::{SaveDayError, save_day_in, scenario_of};
use goap_town::game::save_positions::{SaveError, SaveFailed, save, save_told};
use goap_town::game::{CurrentScenario, Lang, day_text};
use goap_town::scenario::{self, ScenarioChoice};
use goap_town::sim::{self, Clock, EventLog, FinishedDays, Moment, Played, Replay, Town};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The game's resources around a town playing the scenario file at `path`, without a window:
/// what `editing::save` and `replays::save_day` work on.
fn game_on(path: &Path) -> App {
    let (scenario, text) = scenario::load_with_text(path).unwrap();
    let mut app = sim::simulation_app(scenario);
    sim::keep_history(app.world_mut());
    day_text::keep(app.world_mut(), &text);
    app.insert_resource(CurrentScenario { choice: ScenarioChoice::File(path.to_path_buf()) })
        .init_resource::<Unsaved>()
        .init_resource::<ReloadStatus>()
        .init_resource::<SaveFailed>();
    app
}

fn steps(app: &mut App, n: u64) {
    for _ in 0..n {
        sim::step(app);
    }
}

fn station(app: &App, id: &str) -> usize {
    app.world().resource::<Town>().scenario.stations.iter().position(|s| s.id == id).unwrap()
}

/// The shipped town as a file of a temporary folder, the oven dragged to (150.5, -20) in a game
/// playing it.
fn town_with_a_moved_oven(text: &str) -> (tempfile::TempDir, PathBuf, App) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("town.ron");
    std::fs::write(&path, text).unwrap();
    let mut app = game_on(&path);
    steps(&mut app, 100);
    let oven = station(&app, "oven");
    move_station(app.world_mut(), oven, [150.5, -20.0]);
    (folder, path, app)
}

fn unsaved(app: &App) -> Vec<(String, [f32; 2])> {
    app.world().resource::<Unsaved>().0.clone()
}

fn oven_moved() -> Vec<(String, [f32; 2])> {
    vec![("oven".to_owned(), [150.5, -20.0])]
}

/// What the window says of the last failed Save, in English and in Spanish.
fn said(app: &App) -> [String; 2] {
    let failed = app.world().resource::<SaveFailed>().0.clone().expect("a failure to say");
    [failed.text(Lang::ENGLISH), failed.text(Lang::SPANISH)]
}

fn names_in(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A real small disk: a tmpfs of 64 KiB mounted in a temporary folder, unmounted when dropped.
struct SmallDisk {
    folder: tempfile::TempDir,
}

impl SmallDisk {
    /// Needs root (CI runs as root); elsewhere the test says it skips (the write failure is
    /// also tested through `files`' own seam, in its unit tests).
    fn mount() -> Option<SmallDisk> {
        let folder = tempfile::tempdir().unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(folder.path())
            .output()
            .is_ok_and(|out| out.status.success());
        if !mounted {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI runs as root: the full-disk test must mount a tmpfs"
            );
            eprintln!("cannot mount a tmpfs (not root?): skipping the real full-disk test");
            return None;
        }
        Some(SmallDisk { folder })
    }

    fn path(&self) -> &Path {
        self.folder.path()
    }

    /// Fills what is left of it with `filler`, up to the error a full disk gives.
    fn fill(&self, filler: &Path) {
        use std::io::Write;
        let mut file = std::fs::File::create(filler).unwrap();
        let chunk = [b'x'; 1024];
        let full = loop {
            if let Err(e) = file.write_all(&chunk).and_then(|()| file.sync_all()) {
                break e;
            }
        };
        assert_eq!(full.kind(), std::io::ErrorKind::StorageFull, "{full}");
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.folder.path()).status();
    }
}

#[test]
fn a_save_on_a_full_disk_leaves_the_file_whole_keeps_the_moves_and_says_what_to_do() {
    let Some(disk) = SmallDisk::mount() else { return };
    let path = disk.path().join("town.ron");
    let text = scenario::shipped("town.ron").unwrap();
    std::fs::write(&path, text).unwrap();
    let mut app = game_on(&path);
    steps(&mut app, 100);
    let oven = station(&app, "oven");
    move_station(app.world_mut(), oven, [150.5, -20.0]);
    let filler = disk.path().join("filler");
    disk.fill(&filler);

    save_told(app.world_mut());
    let failed = app.world().resource::<SaveFailed>().0.clone();
    assert_eq!(failed, Some(SaveError::File(FileError::NoSpace { path: path.clone() })));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "the file is whole, byte for byte");
    assert_eq!(names_in(disk.path()), ["filler", "town.ron"], "no half-written file left behind");
    assert_eq!(unsaved(&app), oven_moved(), "the move is kept, to be saved again");
    let [en, es] = said(&app);
    assert!(en.starts_with("Not saved: no space is left on the disk for "), "{en}");
    assert!(
        en.contains("Free some space on the disk and press Save again — your moved stations are kept."),
        "{en}"
    );
    assert!(es.starts_with("No se ha guardado: no queda espacio en el disco para "), "{es}");
    assert!(es.contains("vuelve a pulsar Guardar: las estaciones que moviste se conservan."), "{es}");

    // Space freed, Save again: the move is written, and the notice of the failure goes.
    std::fs::remove_file(&filler).unwrap();
    save_told(app.world_mut());
    assert_eq!(app.world().resource::<SaveFailed>().0, None);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(saved, text.replace("pos: (80.0, -190.0)", "pos: (150.5, -20.0)"));
    assert!(unsaved(&app).is_empty());
}

#[test]
fn a_save_day_on_a_full_disk_writes_no_file_and_says_what_to_do() {
    let Some(disk) = SmallDisk::mount() else { return };
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("cook.ron");
    std::fs::write(&path, scenario::shipped("cook.ron").unwrap()).unwrap();
    let mut app = game_on(&path);
    steps(&mut app, 100);
    let replays = disk.path().join("replays");
    std::fs::create_dir(&replays).unwrap();
    disk.fill(&disk.path().join("filler"));

    let failed = save_day_in(app.world_mut(), &replays).unwrap_err();
    let written = replays.join("cook-day1-10s.replay.json");
    assert_eq!(failed, SaveDayError::File(FileError::NoSpace { path: written }));
    assert!(names_in(&replays).is_empty(), "no half-written replay, no temporary file");
    let (en, es) = (failed.text(Lang::ENGLISH), failed.text(Lang::SPANISH));
    assert!(en.starts_with("Cannot save the day: no space is left on the disk for "), "{en}");
    assert!(en.ends_with("Free some space on the disk and press Save day again."), "{en}");
    assert!(es.ends_with("Libera espacio en el disco y vuelve a pulsar Guardar el día."), "{es}");
}

/// A file with a byte-order mark, with Windows line endings, or both: saved byte for byte,
/// but for the moved numbers.
#[test]
fn bom_and_crlf_files_are_saved_byte_for_byte_but_the_moved_numbers() {
    let text = scenario::shipped("town.ron").unwrap();
    let crlf = text.replace('\n', "\r\n");
    for original in [format!("\u{feff}{text}"), crlf.clone(), format!("\u{feff}{crlf}")] {
        let (_folder, path, mut app) = town_with_a_moved_oven(&original);
        save(app.world_mut()).unwrap();
        let expected = original.replace("pos: (80.0, -190.0)", "pos: (150.5, -20.0)");
        assert_ne!(expected, original);
        assert_eq!(std::fs::read(&path).unwrap(), expected.as_bytes());
        assert!(unsaved(&app).is_empty());
    }
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_and_left_untouched() {
    use std::os::unix::fs::PermissionsExt;
    let text = scenario::shipped("town.ron").unwrap();
    let (folder, path, mut app) = town_with_a_moved_oven(text);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    save_told(app.world_mut());
    let failed = app.world().resource::<SaveFailed>().0.clone();
    assert_eq!(failed, Some(SaveError::File(FileError::ReadOnly { path: path.clone() })));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o444);
    assert_eq!(names_in(folder.path()), ["town.ron"]);
    assert_eq!(unsaved(&app), oven_moved());
    let [en, es] = said(&app);
    assert!(en.contains("town.ron is read-only.\nMake it writable and press Save again"), "{en}");
    assert!(
        es.contains("town.ron es de solo lectura.\nPermite que se escriba en él y vuelve a pulsar"),
        "{es}"
    );
}

#[test]
fn a_deleted_or_hand_broken_file_is_a_clear_failure_and_the_moves_are_kept() {
    let text = scenario::shipped("town.ron").unwrap();
    let (folder, path, mut app) = town_with_a_moved_oven(text);

    std::fs::remove_file(&path).unwrap();
    save_told(app.world_mut());
    let failed = app.world().resource::<SaveFailed>().0.clone();
    assert_eq!(failed, Some(SaveError::File(FileError::Missing { path: path.clone() })));
    assert!(names_in(folder.path()).is_empty(), "no file made in its place");
    assert_eq!(unsaved(&app), oven_moved());
    let [en, es] = said(&app);
    assert!(
        en.contains("is not there: it or its folder was deleted or moved.\nPut it back and press Save"),
        "{en}"
    );
    assert!(es.contains("no está: se borró o se movió"), "{es}");

    // Broken by hand: cut short, it does not load.
    let broken = &text[..text.len() / 2];
    std::fs::write(&path, broken).unwrap();
    save_told(app.world_mut());
    let Some(SaveError::Broken(diagnostic)) = app.world().resource::<SaveFailed>().0.clone() else {
        panic!("{:?}", app.world().resource::<SaveFailed>().0)
    };
    assert_eq!(diagnostic.file, path.display().to_string());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken, "left as the hand left it");
    assert_eq!(unsaved(&app), oven_moved());
    let [en, es] = said(&app);
    assert!(en.contains("no longer loads as it now is on the disk: "), "{en}");
    assert!(en.contains("Fix the file and press Save again — your moved stations are kept."), "{en}");
    assert!(es.contains("ya no se carga tal como está ahora en el disco: "), "{es}");

    // Edited by hand so that the oven is gone: nothing to write its position into.
    let no_oven = text.replace(r#"(id: "oven",     label: "Oven",     pos: (80.0, -190.0)),"#, "");
    std::fs::write(&path, &no_oven).unwrap();
    let failed = save(app.world_mut()).unwrap_err();
    assert!(matches!(&failed, SaveError::Broken(_) | SaveError::NoPosition { .. }), "{failed:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), no_oven);

    // Put back, it saves.
    std::fs::write(&path, text).unwrap();
    save_told(app.world_mut());
    assert_eq!(app.world().resource::<SaveFailed>().0, None);
    assert!(std::fs::read_to_string(&path).unwrap().contains("pos: (150.5, -20.0)"));
}

#[test]
fn save_day_twice_at_the_same_second_writes_two_files() {
    let text = scenario::shipped("town.ron").unwrap();
    let (folder, _path, mut app) = town_with_a_moved_oven(text);
    let replays = folder.path().join("replays");
    let first = save_day_in(app.world_mut(), &replays).unwrap();
    let second = save_day_in(app.world_mut(), &replays).unwrap();
    assert_eq!(first, replays.join("town-day1-10s.replay.json"));
    assert_eq!(second, replays.join("town-day1-10s-2.replay.json"));
    assert_eq!(Replay::read(&first).unwrap(), Replay::read(&second).unwrap());
    assert_eq!(names_in(&replays).len(), 2);
}

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
    assert_eq!(shown["position"], serde_json::json!(sim::position_of(there.world(), miner).unwrap()));

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
