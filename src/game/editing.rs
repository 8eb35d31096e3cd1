//! Editing the town while it runs: drag a station to move it — the day goes on and villagers
//! walk to where it now stands — and `Save` writes the new positions back into the scenario file
//! in place ([`with_positions`]), without restarting the day; a failed Save is kept to be said
//! in the window, and leaves the file and the moves as they were.

use super::CurrentScenario;
use crate::files::{self, FileError};
use crate::scenario::limits::MAX_FILE_BYTES;
use crate::scenario::{
    self, Diagnostic, LoadError, PositionsError, Scenario, ScenarioChoice, Severity, with_positions,
};
use crate::sim::Town;
use crate::words::{Lang, words};
use bevy::prelude::*;
use std::io::Read;
use std::path::Path;
use std::time::Instant;

/// Stations moved since the file was last saved: `(station id, position)`, in the order moved.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Unsaved(pub Vec<(String, [f32; 2])>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Unsaved>().init_resource::<SaveFailed>();
}

/// Follows the pointer while a station's sprite is dragged with the primary button.
pub(super) fn drag_station(
    drag: On<Pointer<Drag>>,
    mut sprites: Query<&mut Transform>,
    projection: Query<&Projection>,
) {
    if drag.button != PointerButton::Primary {
        return;
    }
    let scale = match projection.iter().next() {
        Some(Projection::Orthographic(ortho)) => ortho.scale,
        _ => 1.0,
    };
    if let Ok(mut transform) = sprites.get_mut(drag.entity) {
        // Screen pixels run down, the world's y up.
        transform.translation += Vec3::new(drag.delta.x, -drag.delta.y, 0.0) * scale;
    }
}

/// The grid a dropped station snaps to while Shift is held, in world units.
pub const GRID: f32 = 20.0;

/// Where a station dropped at `at` stands: on the [`GRID`] when `snap`, else to a tenth of a
/// unit (as a file would say it).
pub fn dropped_at(at: [f32; 2], snap: bool) -> [f32; 2] {
    match snap {
        true => at.map(|x| (x / GRID).round() * GRID),
        false => at.map(|x| (x * 10.0).round() / 10.0),
    }
}

/// Where station `index`, drawn in the tile moved by `origin`, was dropped: the running town
/// takes it in (in every tile). Held Shift snaps it to the grid.
pub(super) fn drop_station(
    index: usize,
    origin: [f32; 2],
) -> impl FnMut(On<Pointer<DragEnd>>, Query<&Transform>, Res<ButtonInput<KeyCode>>, Commands) {
    move |end, sprites, keys, mut commands| {
        if end.button != PointerButton::Primary {
            return;
        }
        let Ok(transform) = sprites.get(end.entity) else { return };
        let snap = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        let at = dropped_at([transform.translation.x - origin[0], transform.translation.y - origin[1]], snap);
        commands.queue(move |world: &mut World| move_station(world, index, at));
    }
}

/// Moves station `index` of the running town to `at`: the day goes on, and the move waits to
/// be saved.
pub fn move_station(world: &mut World, index: usize, at: [f32; 2]) {
    let Some(station) = world.resource::<Town>().scenario.stations.get(index) else { return };
    let id = station.id.clone();
    crate::sim::move_station(world, index, at);
    let mut unsaved = world.resource_mut::<Unsaved>();
    unsaved.0.retain(|(moved, _)| *moved != id);
    unsaved.0.push((id, at));
}

/// The unsaved moves of stations `fresh` (a reload of the scenario file) still has, as
/// `(station index in it, position)`; the moves of the others are forgotten.
pub(super) fn unsaved_in(world: &mut World, fresh: &Scenario) -> Vec<(usize, [f32; 2])> {
    let Some(mut unsaved) = world.get_resource_mut::<Unsaved>() else { return Vec::new() };
    let index = |id: &str| fresh.stations.iter().position(|s| s.id == id);
    unsaved.0.retain(|(id, _)| index(id).is_some());
    unsaved.0.iter().filter_map(|(id, at)| Some((index(id)?, *at))).collect()
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
}

impl SaveError {
    /// What went wrong and what to do, in `lang`, a sentence a line: what the window says.
    pub fn text(&self, lang: Lang) -> String {
        let (problem, remedy) = match self {
            SaveError::BuiltIn => (words().plain(lang, "save-built-in").to_owned(), None),
            SaveError::File(error) => (error.problem(lang), Some(error.remedy(lang))),
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

/// Writes the moved stations' positions into the scenario file, touching nothing else, in one
/// step ([`files::replace`]); the reload that follows finds nothing to change. On failure the
/// file is as it was and the moves stay unsaved. Built-in scenarios have no file to write.
pub fn save(world: &mut World) -> Result<(), SaveError> {
    let ScenarioChoice::File(path) = &world.resource::<CurrentScenario>().choice else {
        return Err(SaveError::BuiltIn);
    };
    let path = path.clone();
    let moves = world.resource::<Unsaved>().0.clone();
    let moves: Vec<(&str, [f32; 2])> = moves.iter().map(|(id, at)| (id.as_str(), *at)).collect();
    files::replace(&path, with_moves(&path, &moves)?.as_bytes())?;
    let scenario = &world.resource::<Town>().scenario;
    let label = |id: &str| scenario.stations.iter().find(|s| s.id == id).map_or(id, |s| &s.label).to_owned();
    let stations = moves.iter().map(|&(id, at)| (label(id), at)).collect();
    world.resource_mut::<Unsaved>().0.clear();
    let saved = super::hot_reload::Saved { stations, file: path, at: Instant::now() };
    if let Some(mut status) = world.get_resource_mut::<super::hot_reload::ReloadStatus>() {
        (status.saved, status.last) = (Some(saved), None);
    }
    Ok(())
}

/// The text of the scenario file at `path` as it now is, with `moves` written in; an error when
/// it cannot be read, does not load, or would not load with them.
fn with_moves(path: &Path, moves: &[(&str, [f32; 2])]) -> Result<String, SaveError> {
    let file = path.display().to_string();
    let broken = |e: LoadError| SaveError::Broken(Box::new(e.diagnostics().swap_remove(0)));
    let mut bytes = Vec::new();
    // One byte more than a scenario may have is enough to refuse a longer file.
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| FileError::of(path, &e))?;
    scenario::parse_bytes(&bytes, &file).map_err(broken)?;
    let text = String::from_utf8(bytes).expect("a scenario that loads is UTF-8");
    let moved = with_positions(&text, moves).map_err(|e| match e {
        PositionsError::NoPosition { station } => SaveError::NoPosition { file: file.clone(), station },
        PositionsError::NotParsed { at, phrase } => {
            let place = scenario::syntax::LineIndex::new(&text).position(at);
            SaveError::Broken(Box::new(Diagnostic::new(Severity::Error, &file, place, "", phrase)))
        }
    })?;
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

#[cfg(test)]
mod tests {
    use super::{GRID, dropped_at};

    #[test]
    fn a_dropped_station_lands_on_a_tenth_or_on_the_grid() {
        assert_eq!(dropped_at([12.34, -7.06], false), [12.3, -7.1]);
        assert_eq!(dropped_at([12.34, -7.06], true), [20.0, 0.0]);
        assert_eq!(dropped_at([-31.0, 49.0], true), [-40.0, 40.0]);
        assert_eq!(dropped_at([-29.0, 51.0], true).map(|x| x / GRID), [-1.0, 3.0]);
    }
}
