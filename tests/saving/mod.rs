//! A game's saving resources around a town playing a scenario file, without a window: shared by
//! the tests of saves and of the days saved after them.

#![allow(dead_code)]

use bevy::prelude::*;
use goap_town::game::editing::{Unsaved, move_station};
use goap_town::game::hot_reload::ReloadStatus;
use goap_town::game::save_positions::SaveFailed;
use goap_town::game::{CurrentScenario, day_text};
use goap_town::scenario::{self, ScenarioChoice};
use goap_town::sim::{self, Town};
use std::path::{Path, PathBuf};

/// The game's resources around a town playing the scenario file at `path`, without a window:
/// what `editing::save` and `replays::save_day` work on.
pub fn game_on(path: &Path) -> App {
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

pub fn steps(app: &mut App, n: u64) {
    for _ in 0..n {
        sim::step(app);
    }
}

pub fn station(app: &App, id: &str) -> usize {
    app.world().resource::<Town>().scenario.stations.iter().position(|s| s.id == id).unwrap()
}

/// The shipped town as a file of a temporary folder, the oven dragged to (150.5, -20) in a game
/// playing it.
pub fn town_with_a_moved_oven(text: &str) -> (tempfile::TempDir, PathBuf, App) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("town.ron");
    std::fs::write(&path, text).unwrap();
    let mut app = game_on(&path);
    steps(&mut app, 100);
    let oven = station(&app, "oven");
    move_station(app.world_mut(), oven, [150.5, -20.0]);
    (folder, path, app)
}
