//! Saving the open scenario file reloads it: a real file watcher on its folder, a short debounce,
//! and on success the change named in the scenario's words — the day goes on when only labels,
//! durations, costs, speeds, positions, rates or settings changed, and starts again (with the
//! same villager selected) otherwise; on failure the errors are shown and the last good scenario
//! keeps running until the file is fixed.

use crate::scenario::diff::{Change, diff};
use crate::scenario::{self, Diagnostic};
use crate::sim::{Town, move_station, replace_scenario, take_in_edit};
use crate::words::Lang;
use bevy::prelude::*;
use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// Quiet time after the last change before reloading (editors write files in several steps).
const DEBOUNCE: Duration = Duration::from_millis(150);

/// Watches one scenario file.
#[derive(Resource)]
pub struct ScenarioWatcher {
    pub path: PathBuf,
    changes: Mutex<Receiver<notify::Result<notify::Event>>>,
    _watcher: Mutex<RecommendedWatcher>,
    changed_at: Option<Instant>,
}

/// What the last reload said: no errors when the file on disk is the one running.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct ReloadStatus {
    /// Kept as diagnostics, not text, so the banner says them in whatever language is chosen.
    pub errors: Vec<Diagnostic>,
    /// Successful reloads so far.
    pub reloads: u32,
    /// What the last successful reload changed.
    pub last: Option<Reloaded>,
    /// What the game's own Save last wrote (the reload it sets off finds nothing to change, and
    /// is not told: the save is).
    pub saved: Option<Saved>,
}

/// A Save of the game's edits: which stations, where they now stand, how many cells of the map
/// were painted, into which file.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved {
    /// Each moved station's label and position, in the order moved.
    pub stations: Vec<(String, [f32; 2])>,
    /// The cells painted since the last Save.
    pub cells: usize,
    pub file: std::path::PathBuf,
    pub at: Instant,
}

/// One successful reload: what it changed, and whether the day started again for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Reloaded {
    pub changes: Vec<Change>,
    pub restarted: bool,
    pub at: Instant,
}

impl Reloaded {
    /// `forgeTools.duration 6 → 4 (the day goes on)`, in English, for the console.
    pub fn summary(&self) -> String {
        if self.changes.is_empty() {
            return "no change".to_owned();
        }
        let named: Vec<String> = self.changes.iter().map(|c| c.to_string()).collect();
        let outcome = if self.restarted {
            "the day starts again: facts, conditions, effects, goals or the roster changed"
        } else {
            "the day goes on"
        };
        format!("{} ({outcome})", named.join(", "))
    }
}

impl ScenarioWatcher {
    /// Starts watching `path` (its folder, so that editors that replace the file are seen too).
    pub fn new(path: &Path) -> notify::Result<Self> {
        let (send, changes) = channel();
        let mut watcher = notify::recommended_watcher(move |event| {
            let _ = send.send(event);
        })?;
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        watcher.watch(folder, RecursiveMode::NonRecursive)?;
        Ok(ScenarioWatcher {
            path: path.to_path_buf(),
            changes: Mutex::new(changes),
            _watcher: Mutex::new(watcher),
            changed_at: None,
        })
    }

    /// Whether any change seen since the last call touched the watched file.
    fn touched(&self) -> bool {
        let name = self.path.file_name();
        let changes = self.changes.lock().expect("watcher channel");
        let mut touched = false;
        while let Ok(event) = changes.try_recv() {
            if let Ok(event) = event
                && !event.kind.is_access()
                && event.paths.iter().any(|p| p.file_name() == name)
            {
                touched = true;
            }
        }
        touched
    }
}

/// Reloads the watched scenario when it changes (needs no window: the tests run it headless).
pub fn plugin(app: &mut App) {
    app.init_resource::<ReloadStatus>().add_systems(Update, reload_on_change);
}

/// Watches `path` from now on, replacing any earlier watch. A folder that cannot be watched is
/// reported on the console; the game goes on without hot reload.
pub fn watch(world: &mut World, path: &Path) {
    match ScenarioWatcher::new(path) {
        Ok(watcher) => {
            world.insert_resource(watcher);
        }
        Err(e) => {
            world.remove_resource::<ScenarioWatcher>();
            eprintln!("cannot watch {}: {e}; saving it will not reload it", path.display());
        }
    }
}

fn reload_on_change(world: &mut World) {
    let Some(mut watcher) = world.get_resource_mut::<ScenarioWatcher>() else { return };
    if watcher.touched() {
        watcher.changed_at = Some(Instant::now());
    }
    if watcher.changed_at.is_none_or(|at| at.elapsed() < DEBOUNCE) {
        return;
    }
    watcher.changed_at = None;
    let path = watcher.path.clone();
    let lang = world.get_resource::<Lang>().copied().unwrap_or_default();
    let choice = scenario::ScenarioChoice::File(path.clone());
    match choice.load_with_text_or_report(lang, &mut std::io::stderr()) {
        Ok((fresh, text)) => {
            let reloaded = take_in(world, fresh);
            super::day_text::keep(world, &text);
            println!("reloaded {}: {}", path.display(), reloaded.summary());
            let mut status = world.resource_mut::<ReloadStatus>();
            status.errors.clear();
            status.reloads += 1;
            // The game's own Save is told as a save, not as a reload that changed nothing.
            let own_save = status.saved.as_ref().is_some_and(|s| s.at.elapsed() < 4 * DEBOUNCE);
            if own_save && reloaded.changes.is_empty() {
                status.last = None;
            } else {
                (status.last, status.saved) = (Some(reloaded), None);
            }
        }
        Err(errors) => world.resource_mut::<ReloadStatus>().errors = errors,
    }
}

/// Puts a freshly loaded edit of the running scenario in place, with the same villager selected,
/// the stations moved in the game and not saved yet where they were dropped and the cells painted
/// and not saved yet as painted: the moves of stations the edit removed, and the cells its map no
/// longer has, are forgotten; the others stay unsaved.
fn take_in(world: &mut World, fresh: scenario::Scenario) -> Reloaded {
    let unsaved = super::editing::unsaved_in(world, &fresh);
    let mut moved = fresh.clone();
    for &(station, at) in &unsaved {
        moved.stations[station].position = at;
    }
    let painted = super::paint::unsaved_in(world, &mut moved);
    moved.lay_walks();
    // What changed, the stations still moved (so a reload does not say they went back).
    let changes = diff(&world.resource::<Town>().scenario, &moved);
    let restarted = changes.iter().any(|c| c.restarts);
    super::selection::keeping_selection(world, |world| {
        if restarted {
            // A new day from the file as it is, the moves made again at its dawn: so the run
            // (and a replay of it) starts from the file's own text.
            replace_scenario(world, fresh);
            for (station, at) in unsaved {
                move_station(world, station, at);
            }
            super::paint::paint(world, &painted);
        } else {
            take_in_edit(world, moved);
        }
    });
    Reloaded { changes, restarted, at: Instant::now() }
}
