//! Painting the map in the game, without a window: a drag paints every cell the pointer crossed
//! (none under a station or a start that the ground would block), the town takes the stroke in
//! as one live edit when the button is let go, time travel keeps it at its step; Save writes
//! only the painted characters into the file and refuses a row it cannot rewrite; a reload keeps
//! the paint not saved yet; the palette speaks English and Spanish.

mod saving;

use bevy::prelude::*;
use goap_town::game::Lang;
use goap_town::game::hot_reload::{self, ReloadStatus};
use goap_town::game::paint::palette::ground_name;
use goap_town::game::paint::{PaintMode, PaintPointer, Stroke, UnsavedPaint, paint, stroke};
use goap_town::game::save_positions::{SaveError, save};
use goap_town::scenario;
use goap_town::sim::{self, Clock, DayHistory, Edit, Town};
use goap_town::space::{Cell, Ground, Map};
use goap_town::words::words;
use saving::{game_on, steps};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The cook by a river, a road across it, a walled garden (`tests/maps/river.ron`): cells are
/// 20 units, column c spanning x from −300 + 20c, row r spanning y from 180 − 20r down.
const RIVER: &str = include_str!("maps/river.ron");

/// The middle of cell (`col`, `row`) of the river map, in world units.
fn middle(col: u32, row: u32) -> Vec2 {
    Vec2::new(-290.0 + 20.0 * col as f32, 170.0 - 20.0 * row as f32)
}

fn cell(col: u32, row: u32) -> Cell {
    Cell { col, row }
}

fn map(app: &App) -> Map {
    app.world().resource::<Town>().scenario.map.clone().expect("the river scenario has a map")
}

/// The river scenario as a file in a folder of its own, played without a window, painting on.
fn river_game() -> (tempfile::TempDir, PathBuf, App) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("river.ron");
    std::fs::write(&path, RIVER).unwrap();
    let mut app = game_on(&path);
    app.init_resource::<PaintPointer>().init_resource::<Stroke>().init_resource::<UnsavedPaint>();
    app.insert_resource(PaintMode { on: true, ground: Ground::Wall });
    (folder, path, app)
}

/// One frame of the pointer: where it is, and whether the left button holds it down.
fn pointer(app: &mut App, at: Vec2, held: bool) {
    app.insert_resource(PaintPointer { at: Some(at), held });
    stroke::follow(app.world_mut());
}

#[test]
fn a_fast_drag_paints_every_cell_it_crossed_and_the_town_takes_the_stroke_when_let_go() {
    let (_folder, _path, mut app) = river_game();
    steps(&mut app, 300);
    let before = map(&app);
    // Two samples eight cells apart along row 12, then one three rows down: a fast drag.
    pointer(&mut app, middle(12, 12), true);
    pointer(&mut app, middle(20, 12), true);
    pointer(&mut app, middle(20, 15), true);
    let stroke = app.world().resource::<Stroke>().cells.clone();
    let mut crossed: Vec<Cell> = (12..=20).map(|c| cell(c, 12)).collect();
    crossed.extend((13..=15).map(|r| cell(20, r)));
    assert_eq!(stroke, crossed.iter().map(|&c| (c, Ground::Wall)).collect::<Vec<_>>());
    assert_eq!(map(&app), before, "the town has not taken it in while the button is down");
    assert_eq!(app.world().resource::<Stroke>().ground(&before, cell(16, 12)), Some(Ground::Wall));

    let at = app.world().resource::<Clock>().steps;
    pointer(&mut app, middle(20, 15), false);
    let after = map(&app);
    for c in &crossed {
        assert_eq!(after.ground(*c), Some(Ground::Wall), "{c:?}");
    }
    let mut unpainted = after.clone();
    for (c, _) in &stroke {
        unpainted.paint(*c, before.ground(*c).unwrap());
    }
    assert_eq!(unpainted, before, "nothing else changed");
    assert_eq!(app.world().resource::<UnsavedPaint>().0.len(), crossed.len());
    assert_eq!(app.world().resource::<Stroke>(), &Stroke::default());
    let history = app.world().resource::<DayHistory>();
    let edits: Vec<u64> = history.edits.iter().map(|(step, _)| *step).collect();
    assert_eq!(edits, [at], "one stroke, one edit, at the step it was let go");
    assert!(matches!(&history.edits[0].1, Edit::Scenario(s) if s.map.as_ref() == Some(&after)));
}

#[test]
fn no_wall_is_painted_under_a_station_or_a_start_nor_off_the_map() {
    let (_folder, _path, mut app) = river_game();
    // Along row 4 from beyond the map's west edge, over the woodpile (column 4).
    pointer(&mut app, middle(7, 4) - Vec2::X * 300.0, true);
    pointer(&mut app, middle(7, 4), true);
    pointer(&mut app, middle(7, 4), false);
    let painted = &app.world().resource::<UnsavedPaint>().0;
    let cells: Vec<Cell> = painted.iter().map(|(c, _)| *c).collect();
    assert_eq!(cells, [cell(0, 4), cell(1, 4), cell(2, 4), cell(3, 4), cell(5, 4), cell(6, 4), cell(7, 4)]);
    assert_eq!(map(&app).ground(cell(4, 4)), Some(Ground::Road), "the woodpile stands on its road");
    // The cook starts at (0, −40): column 15, row 11. Road may go there; a wall may not.
    assert!(paint(app.world_mut(), &[(cell(15, 11), Ground::Water)]).is_empty());
    assert_eq!(paint(app.world_mut(), &[(cell(15, 11), Ground::Grass)]), [(cell(15, 11), Ground::Grass)]);
}

#[test]
fn time_travel_keeps_the_stroke_at_its_step() {
    let (_folder, _path, mut app) = river_game();
    steps(&mut app, 400);
    let before = map(&app);
    pointer(&mut app, middle(12, 13), true);
    pointer(&mut app, middle(14, 13), false);
    let painted = map(&app);
    assert_ne!(painted, before);
    steps(&mut app, 200);
    sim::seek(app.world_mut(), 390);
    assert_eq!(map(&app), before, "before the stroke, the map as it was");
    sim::seek(app.world_mut(), 450);
    assert_eq!(map(&app), painted, "after it, painted");
    assert_eq!(app.world().resource::<Clock>().steps, 450);
}

/// The bytes of `path`, and how many of them differ from `text`'s (as long as it).
fn changed_bytes(path: &Path, text: &str) -> (String, usize) {
    let now = std::fs::read_to_string(path).unwrap();
    assert_eq!(now.len(), text.len());
    let changed = now.bytes().zip(text.bytes()).filter(|(a, b)| a != b).count();
    (now, changed)
}

#[test]
fn save_writes_only_the_painted_characters_into_the_commented_file() {
    let (_folder, path, mut app) = river_game();
    steps(&mut app, 100);
    let cells = [(cell(12, 12), Ground::Wall), (cell(13, 12), Ground::Road), (cell(9, 3), Ground::Grass)];
    assert_eq!(paint(app.world_mut(), &cells).len(), 3);
    save(app.world_mut()).unwrap();
    let (now, changed) = changed_bytes(&path, RIVER);
    assert_eq!(changed, 3, "a byte for each painted cell");
    let expected = RIVER
        .replacen(r#"".........~~......=............""#, r#""..........~......=............""#, 1)
        .replacen(r#"".........~~...........#.....#.""#, r#"".........~~.#=........#.....#.""#, 1);
    assert_eq!(now, expected, "rows 3 and 12 painted, every comment and space as it was");
    let saved = scenario::parse(&now, "river.ron").unwrap();
    assert_eq!(saved.map, Some(map(&app)), "the file says the map the town plays on");
    assert!(app.world().resource::<UnsavedPaint>().0.is_empty());
}

#[test]
fn save_refuses_a_row_written_with_escapes_and_keeps_the_paint() {
    let escaped =
        RIVER.replacen(r#""....=....~~......=............","#, r#""....=....\x7e~......=............","#, 1);
    assert_ne!(escaped, RIVER);
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("river.ron");
    std::fs::write(&path, &escaped).unwrap();
    let mut app = game_on(&path);
    paint(app.world_mut(), &[(cell(0, 4), Ground::Water)]);
    let refused = save(app.world_mut()).unwrap_err();
    let file = path.display().to_string();
    assert_eq!(refused, SaveError::RowNotPlain { file: file.clone(), row: 4 });
    assert_eq!(
        refused.text(Lang::ENGLISH),
        format!(
            "Not saved: {file} writes the row `map.rows[4]` with escapes or over several lines, which the game does not rewrite.\nWrite that row as its plain characters in one string and press Save again — your unsaved edits are kept."
        )
    );
    assert_eq!(
        refused.text(Lang::SPANISH),
        format!(
            "No se ha guardado: {file} escribe la fila `map.rows[4]` con secuencias de escape o en varias líneas, y el juego no la reescribe.\nEscribe esa fila con sus caracteres tal cual, en una sola cadena y vuelve a pulsar Guardar: los cambios sin guardar se conservan."
        )
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), escaped, "the file is as it was");
    assert_eq!(app.world().resource::<UnsavedPaint>().0, [(cell(0, 4), Ground::Water)]);
}

/// Runs frames until `done`, for at most five seconds of wall time (the file watcher's pace).
fn wait_for(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let started = Instant::now();
    while !done(app) {
        assert!(started.elapsed() < Duration::from_secs(5), "timed out waiting for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_reload_of_the_rows_goes_on_and_keeps_the_paint_not_saved() {
    let (_folder, path, mut app) = river_game();
    hot_reload::plugin(&mut app);
    hot_reload::watch(app.world_mut(), &path);
    steps(&mut app, 200);
    paint(app.world_mut(), &[(cell(12, 12), Ground::Wall)]);
    let day = app.world().resource::<Clock>().day;
    // By hand, in the file: a wall at the top of the river's east bank.
    let edited = RIVER.replacen(".........~~...................", ".........~~#..................", 1);
    std::fs::write(&path, &edited).unwrap();
    wait_for(&mut app, "the reload", |app| app.world().resource::<ReloadStatus>().reloads == 1);
    let status = app.world().resource::<ReloadStatus>();
    let last = status.last.as_ref().unwrap();
    assert!(!last.restarted, "the day goes on");
    let changed: Vec<String> = last.changes.iter().map(|c| c.to_string()).collect();
    assert_eq!(
        changed,
        [r#"map.rows[0] ".........~~..................." → ".........~~#..................""#]
    );
    let now = map(&app);
    assert_eq!(now.ground(cell(11, 0)), Some(Ground::Wall), "the file's edit");
    assert_eq!(now.ground(cell(12, 12)), Some(Ground::Wall), "the paint not saved yet");
    assert_eq!(app.world().resource::<UnsavedPaint>().0, [(cell(12, 12), Ground::Wall)]);
    assert_eq!(app.world().resource::<Clock>().day, day);
}

#[test]
fn the_palette_names_each_ground_in_english_and_in_spanish() {
    let names = |lang| Ground::ALL.map(|g| ground_name(lang, g));
    assert_eq!(names(Lang::ENGLISH), ["Grass", "Road", "Wall", "Water"]);
    assert_eq!(names(Lang::SPANISH), ["Hierba", "Camino", "Muro", "Agua"]);
    assert_eq!(words().plain(Lang::ENGLISH, "paint"), "Paint");
    assert_eq!(words().plain(Lang::SPANISH, "paint"), "Pintar");
    let cells = |lang| words().say(lang, "painted-cells", &[("n", 3.into())]);
    assert_eq!(
        (cells(Lang::ENGLISH), cells(Lang::SPANISH)),
        ("3 cells painted".into(), "3 casillas pintadas".into())
    );
}
