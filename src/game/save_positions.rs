//! `Save`: the positions of the stations moved in the game and the cells painted on its map
//! written back into the scenario file in place ([`with_positions`], [`with_rows`]), without
//! restarting the day; a failed Save is kept to be said in the window, and leaves the file, the
//! moves and the painted cells as they were.

use super::current::CurrentScenario;
use super::editing::Unsaved;
use super::file_problems;
use super::hot_reload::{ReloadStatus, Saved};
use super::paint::UnsavedPaint;
use crate::files::{self, FileError, ReadError};
use crate::scenario::limits::MAX_FILE_BYTES;
use crate::scenario::{
    self, Diagnostic, LoadError, PositionsError, RowsError, ScenarioChoice, Severity, with_positions,
    with_rows,
};
use crate::sim::Town;
use crate::space::{Cell, Ground};
use crate::words::{Lang, words};
use bevy::prelude::*;
use std::path::Path;
use std::time::Instant;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveFailed>();
}

/// Why a Save of moved stations wrote nothing. The file is as it was, and the moves stay
/// unsaved, to be saved again once it is put right.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SaveError {
    #[error("a built-in scenario has no file to save to")]
    BuiltIn,
    /// The file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// The file, as it now is on the disk (edited by hand since it loaded), does not load, or
    /// would not with the new positions: its first problem.
    #[error("{0}")]
    Broken(Box<Diagnostic>),
    /// The file no longer writes a position for a moved station.
    #[error("{file}: no `pos: (x, y)` for station \"{station}\"")]
    NoPosition { file: String, station: String },
    /// The file no longer has a map with the painted cells on it.
    #[error("{file}: no map with the painted cells on it")]
    NoMap { file: String },
    /// The file writes a row of its map in a way that cannot be rewritten character by
    /// character (escapes, a line continued).
    #[error("{file}: map.rows[{row}] is not written as plain characters on one line")]
    RowNotPlain { file: String, row: usize },
}

impl SaveError {
    /// What went wrong and what to do, in `lang`, a sentence a line: what the window says.
    pub fn text(&self, lang: Lang) -> String {
        let (problem, remedy) = match self {
            SaveError::BuiltIn => (words().plain(lang, "save-built-in").to_owned(), None),
            SaveError::File(error) => {
                (file_problems::problem(error, lang), Some(file_problems::remedy(error, lang)))
            }
            SaveError::Broken(diagnostic) => {
                let (file, why) = (diagnostic.file.clone(), diagnostic.text(lang));
                let problem =
                    words().say(lang, "save-file-broken", &[("file", file.into()), ("why", why.into())]);
                (problem, Some(words().plain(lang, "save-file-broken-remedy")))
            }
            SaveError::NoPosition { file, station } => {
                let args = [("file", file.clone().into()), ("station", station.clone().into())];
                (
                    words().say(lang, "save-no-position", &args),
                    Some(words().plain(lang, "save-no-position-remedy")),
                )
            }
            SaveError::NoMap { file } => (
                words().say(lang, "save-no-map", &[("file", file.clone().into())]),
                Some(words().plain(lang, "save-no-map-remedy")),
            ),
            SaveError::RowNotPlain { file, row } => {
                let args = [("file", file.clone().into()), ("row", row.to_string().into())];
                (
                    words().say(lang, "save-row-not-plain", &args),
                    Some(words().plain(lang, "save-row-not-plain-remedy")),
                )
            }
        };
        let mut text = words().say(lang, "save-failed", &[("problem", problem.into())]);
        if let Some(remedy) = remedy {
            text += "\n";
            text += &words().say(lang, "save-again", &[("remedy", remedy.into())]);
        }
        text
    }
}

/// The last Save's failure, shown until the next Save or until the player dismisses it.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct SaveFailed(pub Option<SaveError>);

/// Writes the moved stations' positions and the painted cells into the scenario file, touching
/// nothing else, in one step ([`files::replace`]); the reload that follows finds nothing to
/// change. On failure the file is as it was and the edits stay unsaved. Built-in scenarios have
/// no file to write.
pub fn save(world: &mut World) -> Result<(), SaveError> {
    let ScenarioChoice::File(path) = &world.resource::<CurrentScenario>().choice else {
        return Err(SaveError::BuiltIn);
    };
    let path = path.clone();
    let moves = world.resource::<Unsaved>().0.clone();
    let moves: Vec<(&str, [f32; 2])> = moves.iter().map(|(id, at)| (id.as_str(), *at)).collect();
    let painted = world.get_resource::<UnsavedPaint>().map(|p| p.0.clone()).unwrap_or_default();
    files::replace(&path, with_edits(&path, &moves, &painted)?.as_bytes())?;
    let scenario = &world.resource::<Town>().scenario;
    let label = |id: &str| scenario.stations.iter().find(|s| s.id == id).map_or(id, |s| &s.label).to_owned();
    let stations = moves.iter().map(|&(id, at)| (label(id), at)).collect();
    world.resource_mut::<Unsaved>().0.clear();
    if let Some(mut unsaved) = world.get_resource_mut::<UnsavedPaint>() {
        unsaved.0.clear();
    }
    let saved = Saved { stations, cells: painted.len(), file: path, at: Instant::now() };
    if let Some(mut status) = world.get_resource_mut::<ReloadStatus>() {
        (status.saved, status.last) = (Some(saved), None);
    }
    Ok(())
}

/// The text of the scenario file at `path` as it now is, with `moves` and the `painted` cells
/// written in; an error when it cannot be read, does not load, or would not load with them.
fn with_edits(
    path: &Path,
    moves: &[(&str, [f32; 2])],
    painted: &[(Cell, Ground)],
) -> Result<String, SaveError> {
    let file = path.display().to_string();
    let broken = |e: LoadError| SaveError::Broken(Box::new(e.diagnostics().swap_remove(0)));
    let bytes = files::read_capped(path, MAX_FILE_BYTES).map_err(|e| match e {
        ReadError::TooLarge => broken(scenario::too_large(&file)),
        ReadError::Io(e) => FileError::of(path, &e).into(),
        e @ ReadError::NotAFile(_) => {
            FileError::Other { path: path.to_path_buf(), message: e.to_string() }.into()
        }
    })?;
    let on_disk = scenario::parse_bytes(&bytes, &file).map_err(broken)?;
    let text = String::from_utf8(bytes).expect("a scenario that loads is UTF-8");
    let not_parsed = |at, phrase| {
        let place = scenario::syntax::LineIndex::new(&text).position(at);
        SaveError::Broken(Box::new(Diagnostic::new(Severity::Error, &file, place, "", phrase)))
    };
    let mut moved = with_positions(&text, moves).map_err(|e| match e {
        PositionsError::NoPosition { station } => SaveError::NoPosition { file: file.clone(), station },
        PositionsError::NotParsed { at, phrase } => not_parsed(at, phrase),
    })?;
    if !painted.is_empty() {
        // The file's own rows (edited by hand since, maybe), with the painted cells on them.
        let no_map = || SaveError::NoMap { file: file.clone() };
        let mut map = on_disk.map.ok_or_else(no_map)?;
        for &(cell, ground) in painted {
            map.ground(cell).ok_or_else(no_map)?;
            map.paint(cell, ground);
        }
        moved = with_rows(&moved, &map.rows()).map_err(|e| match e {
            RowsError::NotParsed { at, phrase } => not_parsed(at, phrase),
            RowsError::NotPlain { row } => SaveError::RowNotPlain { file: file.clone(), row },
            RowsError::NoRows
            | RowsError::RowCount { .. }
            | RowsError::RowLength { .. }
            | RowsError::Unwritable { .. } => no_map(),
        })?;
    }
    // A position beyond the file limits, say, is refused here rather than written.
    scenario::parse(&moved, &file).map_err(broken)?;
    Ok(moved)
}

/// `Save`, from the interface: a failure is said in the window (and on the console) until the
/// next Save, or until it is dismissed.
pub fn save_told(world: &mut World) {
    let failed = save(world).err();
    if let Some(why) = &failed {
        eprintln!("cannot save: {why}");
    }
    world.get_resource_or_init::<SaveFailed>().0 = failed;
}
