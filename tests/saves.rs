//! The game's own saves never lose a file: a station Save or a Save day that fails (a full disk —
//! a real one, a small tmpfs —, a read-only, deleted or hand-broken file) leaves every file as it
//! was, keeps the unsaved moves and says what to do in the player's language; a Save keeps every
//! byte but the moved numbers (byte-order mark and CRLF included); Save day never writes over a
//! replay; and a day saved after a station Save opens and plays the same day again.

mod common;
mod saving;

use bevy::prelude::*;
use goap_town::files::FileError;
use goap_town::game::Lang;
use goap_town::game::editing::{Unsaved, move_station};
use goap_town::game::replays::{SaveDayError, save_day_in};
use goap_town::game::save_positions::{SaveError, SaveFailed, save, save_told};
use goap_town::scenario::{self};
use goap_town::sim::Replay;
use saving::{game_on, station, steps, town_with_a_moved_oven};
use std::path::Path;
use std::process::Command;

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
        en.contains("Free some space on the disk and press Save again — your unsaved edits are kept."),
        "{en}"
    );
    assert!(es.starts_with("No se ha guardado: no queda espacio en el disco para "), "{es}");
    assert!(es.contains("vuelve a pulsar Guardar: los cambios sin guardar se conservan."), "{es}");

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
    assert!(en.contains("Fix the file and press Save again — your unsaved edits are kept."), "{en}");
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
