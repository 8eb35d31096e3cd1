//! The game window: the simulation of [`crate::sim`] driven from the frame loop, drawn, inspected
//! and hot-reloaded. Only this module touches windows and rendering.

mod drive;
mod history;
pub mod hot_reload;
mod i18n;
pub mod inspect;
mod panels;
mod screenshot;
mod view;

pub use drive::SimSpeed;
pub use i18n::{Label, Lang};
pub use view::Selection;

use crate::scenario::{self, SHIPPED, Scenario};
use crate::sim::{SimPlugin, Villager, replace_scenario};
use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;
use std::path::{Path, PathBuf};

/// Where shipped scenarios live next to the working directory.
const SCENARIO_FOLDER: &str = "scenarios";

/// How the game was asked to start.
#[derive(Debug, Clone, Default)]
pub struct GameOptions {
    pub file: Option<PathBuf>,
    /// Save a PNG of the window after `after` simulated seconds, then exit.
    pub screenshot: Option<PathBuf>,
    pub after: f32,
    /// A villager id to select at start.
    pub select: Option<String>,
    pub lang: Lang,
}

/// Which scenario is playing: a file (watched for changes) or one built into the binary.
#[derive(Debug, Clone, PartialEq)]
pub enum ScenarioChoice {
    File(PathBuf),
    BuiltIn(&'static str),
}

impl ScenarioChoice {
    pub fn name(&self) -> String {
        match self {
            ScenarioChoice::File(path) => path.display().to_string(),
            ScenarioChoice::BuiltIn(name) => format!("{name} (built-in)"),
        }
    }

    pub(crate) fn load(&self) -> Result<Scenario, scenario::LoadError> {
        match self {
            ScenarioChoice::File(path) => scenario::load(path),
            ScenarioChoice::BuiltIn(name) => {
                scenario::parse(scenario::shipped(name).unwrap_or_default(), name)
            }
        }
    }
}

#[derive(Resource, Debug, Clone, PartialEq)]
pub struct CurrentScenario {
    pub choice: ScenarioChoice,
}

/// The scenario files in `scenarios/`, or the built-in ones when there is no such folder.
pub fn available_scenarios() -> Vec<ScenarioChoice> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(SCENARIO_FOLDER)
        .map(|dir| {
            dir.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    if files.is_empty() {
        SHIPPED.iter().map(|(name, _)| ScenarioChoice::BuiltIn(name)).collect()
    } else {
        files.into_iter().map(ScenarioChoice::File).collect()
    }
}

/// The scenario to start with: FILE, else `scenarios/town.ron`, else the built-in town.
pub(crate) fn first_choice(file: Option<&Path>) -> ScenarioChoice {
    match file {
        Some(path) => ScenarioChoice::File(path.to_path_buf()),
        None if Path::new(SCENARIO_FOLDER).join("town.ron").is_file() => {
            ScenarioChoice::File(Path::new(SCENARIO_FOLDER).join("town.ron"))
        }
        None => {
            println!("no {SCENARIO_FOLDER}/ folder here: playing the scenarios built into the binary");
            ScenarioChoice::BuiltIn("town.ron")
        }
    }
}

/// Switches to `choice` (from the picker); a scenario that does not load is reported and the
/// current one keeps running.
pub fn open(world: &mut World, choice: ScenarioChoice) {
    match choice.load() {
        Ok(fresh) => {
            replace_scenario(world, fresh);
            world.resource_mut::<Selection>().0 = None;
            if let ScenarioChoice::File(path) = &choice {
                hot_reload::watch(world, path);
            } else {
                world.remove_resource::<hot_reload::ScenarioWatcher>();
            }
            let mut status = world.resource_mut::<hot_reload::ReloadStatus>();
            (status.errors, status.last) = (Vec::new(), None);
            world.insert_resource(CurrentScenario { choice });
        }
        Err(e) => {
            let errors: Vec<String> = e.diagnostics().iter().map(|d| d.to_string()).collect();
            for line in &errors {
                eprintln!("{line}");
            }
            world.resource_mut::<hot_reload::ReloadStatus>().errors = errors;
        }
    }
}

/// Opens the window and plays until it is closed (or the screenshot is taken). Exit code 1 when
/// the starting scenario does not load.
pub fn run(options: GameOptions) -> u8 {
    let choice = first_choice(options.file.as_deref());
    let scenario = match choice.load() {
        Ok(s) => s,
        Err(e) => {
            for d in e.diagnostics() {
                eprintln!("{d}");
            }
            return 1;
        }
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: format!("goap-town — {}", scenario.name),
            resolution: WindowResolution::new(1280, 800),
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .add_plugins(SimPlugin)
    .insert_resource(options.lang)
    .add_plugins((drive::plugin, view::plugin, history::plugin, hot_reload::plugin, panels::plugin));
    crate::sim::install(app.world_mut(), scenario);
    if let ScenarioChoice::File(path) = &choice {
        hot_reload::watch(app.world_mut(), path);
    }
    app.insert_resource(CurrentScenario { choice });
    if let Some(id) = &options.select {
        app.add_systems(PostStartup, select_by_id(id.clone()));
    }
    if let Some(path) = options.screenshot {
        screenshot::plugin(&mut app, path, options.after);
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get(),
    }
}

fn select_by_id(
    id: String,
) -> impl FnMut(Res<crate::sim::Town>, Query<(Entity, &Villager)>, ResMut<Selection>) {
    move |town, villagers, mut selection| {
        selection.0 =
            villagers.iter().find(|(_, v)| town.scenario.characters[v.index].id == id).map(|(e, _)| e);
        if selection.0.is_none() {
            eprintln!("--select {id}: no such villager");
        }
    }
}
