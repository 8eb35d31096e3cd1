//! The game window: the simulation of [`crate::sim`] driven from the frame loop, drawn, inspected
//! and hot-reloaded. Only this module touches windows and rendering.

pub mod alerts;
mod current;
pub mod day_text;
pub mod daylight;
mod decision_view;
mod drive;
pub mod editing;
mod figures;
mod file_problems;
mod follow;
mod frame_stats;
mod history;
pub mod hot_reload;
mod i18n;
pub mod inspect;
pub mod lanes;
mod layout;
pub mod map;
mod notices;
mod open;
mod overview;
mod overview_days;
pub mod overview_model;
mod overview_tables;
pub mod paint;
mod panels;
pub mod popups;
pub mod replays;
pub mod save_positions;
mod screenshot;
mod selection;
pub mod sprites;
pub mod station_view;
mod stuck;
mod timeline;
mod timeline_panel;
mod view;
mod villager_panel;
mod villager_state;
mod waiting_chain;
pub mod why;

pub use crate::words::Lang;
pub use current::CurrentScenario;
pub use drive::SimSpeed;
pub use follow::Follow;
pub use i18n::Label;
pub use selection::{SelectedStation, Selection};

use crate::scenario::{SCENARIO_FOLDER, ScenarioChoice, first_choice};
use crate::sim::{Layout, Played, Replay, SimPlugin, Town, villager_playing};
use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;
use std::path::PathBuf;

/// How the game was asked to start.
#[derive(Debug, Clone, Default)]
pub struct GameOptions {
    pub file: Option<PathBuf>,
    /// A replay file to open at its end (instead of `file`).
    pub replay: Option<PathBuf>,
    /// Save a PNG of the window after `after` simulated seconds, then exit.
    pub screenshot: Option<PathBuf>,
    pub after: f32,
    /// A villager id to select at start.
    pub select: Option<String>,
    /// A town of this many villagers, the scenario tiled as `bench` tiles it.
    pub villagers: Option<usize>,
    /// Simulated seconds per second at start.
    pub speed: u32,
    /// Print frame times on leaving.
    pub frame_stats: bool,
    /// Start following the villager `select` names.
    pub follow: bool,
    /// Start with the town overview open on this tab.
    pub overview: Option<crate::cli::OverviewTab>,
    pub lang: Lang,
}

/// Opens the window and plays until it is closed (or the screenshot is taken). Exit code 1 when
/// the starting scenario does not load.
pub fn run(options: GameOptions) -> u8 {
    let replay = match options.replay.as_deref().map(|path| (path, Replay::read(path))) {
        None => None,
        Some((path, Ok(replay))) => match replays::scenario_of(&replay, path) {
            Ok(choice) => Some((replay, choice)),
            Err(why) => return failed(&why.text(options.lang)),
        },
        Some((_, Err(why))) => return failed(&why.text(options.lang)),
    };
    let choice = match &replay {
        Some((_, choice)) => choice.clone(),
        None => first_choice(options.file.as_deref()),
    };
    if replay.is_none() && matches!(choice, ScenarioChoice::BuiltIn(_)) {
        println!("no {SCENARIO_FOLDER}/ folder here: playing the scenarios built into the binary");
    }
    let Ok((scenario, mut text)) = choice.load_with_text_or_report(options.lang, &mut std::io::stderr())
    else {
        return 1;
    };
    // A replay plays the text its day played: the file, or the text it keeps of it (said then).
    // Every fault of it is found before its town is made, and a long opening said first.
    let mut app_notice = None;
    let (scenario, played) = match (&replay, options.replay.as_deref()) {
        (Some((replay, _)), Some(path)) => match replay.scenario_played(scenario) {
            Ok(played) => played,
            Err(fault) => return failed(&fault.in_file(path).text(options.lang)),
        },
        _ => (scenario, Played::File),
    };
    if let (Some((replay, _)), Some(path)) = (&replay, options.replay.as_deref())
        && replay.takes_a_while(&scenario)
    {
        println!("{}", replays::opening_takes_a_while(replay, path, options.lang));
    }
    if played == Played::KeptText
        && let Some(kept) = replay.as_ref().and_then(|(replay, _)| replay.text.clone())
    {
        text = kept;
    }
    if let Some(notice) = played.notice(&scenario.file, options.lang) {
        println!("{notice}");
        app_notice = Some(scenario.file.clone());
    }
    // Ctrl+C in the terminal quits as closing the window does (exit code 130), also where the
    // game was started with the signal ignored, as a script's background job is.
    let _ = ctrlc::set_handler(bevy::app::TerminalCtrlCHandlerPlugin::gracefully_exit);
    let mut app = App::new();
    let window = WindowPlugin {
        primary_window: Some(Window {
            title: format!("goap-town — {}", scenario.name),
            resolution: WindowResolution::new(1280, 800),
            ..default()
        }),
        ..default()
    };
    let (assets, images) = sprites::asset_plugins();
    // Bevy would say at every start that it leaves Ctrl+C to the handler set above.
    let log = bevy::log::LogPlugin {
        filter: format!("{},bevy_app::terminal_ctrl_c_handler=warn", bevy::log::DEFAULT_FILTER),
        ..default()
    };
    let mut plugins = DefaultPlugins.set(window).set(assets).set(images).set(log);
    if options.frame_stats {
        // Drawing after the update, on the main thread, so the update's time is its own.
        plugins = plugins.disable::<bevy::render::pipelined_rendering::PipelinedRenderingPlugin>();
    }
    if let Err(why) = add_window(&mut app, plugins) {
        let why = ("why", why.to_string().into());
        return failed(&crate::words::words().say(options.lang, "no-display", &[why]));
    }
    app.init_resource::<sprites::Art>()
        .add_plugins(EguiPlugin::default())
        .add_plugins(SimPlugin)
        .insert_resource(crate::sim::SimOptions::game())
        .insert_resource(options.lang)
        // The game shows why each villager chose, so it keeps every decision's table.
        .init_resource::<crate::sim::DecisionTables>()
        .add_plugins((
            drive::plugin,
            editing::plugin,
            save_positions::plugin,
            daylight::plugin,
            view::plugin,
            map::plugin,
            figures::plugin,
            selection::plugin,
            history::plugin,
            hot_reload::plugin,
            panels::plugin,
            notices::plugin,
            popups::plugin,
        ))
        .add_plugins((
            why::plugin,
            timeline::plugin,
            timeline_panel::plugin,
            replays::plugin,
            stuck::plugin,
            paint::plugin,
            follow::plugin,
            overview::plugin,
        ));
    let town = match (&replay, options.villagers) {
        (Some((replay, _)), _) => replay.town(scenario),
        (None, villagers) => {
            let layout = match villagers {
                Some(n) => Layout::tiled(&scenario, n, Some(crate::sim::DEFAULT_SEED)),
                None => Layout::single(&scenario),
            };
            Town::tiled(scenario, layout)
        }
    };
    crate::sim::install_town(app.world_mut(), town);
    // The day so far can be gone back through ([`timeline`]), and saved with its text.
    crate::sim::keep_history(app.world_mut());
    day_text::keep(app.world_mut(), &text);
    if let (Some((replay, _)), Some(path)) = (&replay, options.replay.as_deref()) {
        // Opened at its end, paused to be looked at (or played on to a screenshot).
        if let Err(fault) = replay.play(app.world_mut(), replay.end) {
            return failed(&fault.in_file(path).text(options.lang));
        }
        app.world_mut().resource_mut::<SimSpeed>().paused = options.screenshot.is_none();
    }
    app.world_mut().resource_mut::<SimSpeed>().multiplier = options.speed.max(1);
    if options.frame_stats {
        app.add_plugins(frame_stats::plugin);
    }
    if let ScenarioChoice::File(path) = &choice {
        hot_reload::watch(app.world_mut(), path);
    }
    app.insert_resource(CurrentScenario { choice });
    if let Some(file) = app_notice {
        app.insert_resource(replays::PlayedFromKeptText::of(file));
    }
    if let Some(id) = &options.select {
        app.add_systems(PostStartup, select_by_id(id.clone()));
    }
    app.insert_resource(follow::Follow(options.follow));
    if let Some(tab) = options.overview {
        app.world_mut().resource_mut::<overview::Overview>().open_on(tab);
    }
    if let Some(path) = options.screenshot {
        screenshot::plugin(&mut app, path, options.after);
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get(),
    }
}

/// Why no window opened: no display to open it on, said inside the `no-display` message.
#[derive(Debug, thiserror::Error)]
enum NoDisplay {
    #[error("DISPLAY is not set")]
    NotSet,
    /// The display named, which could not be reached.
    #[error("DISPLAY={0}")]
    Unreachable(String),
}

/// Adds Bevy's window, renderer and input plugins; without a display to open a window on (no
/// X server, or one that cannot be reached) says which display instead of panicking as winit
/// does. Any other panic is said and carried on as before.
fn add_window(app: &mut App, plugins: bevy::app::PluginGroupBuilder) -> Result<(), NoDisplay> {
    const NO_EVENT_LOOP: &str = "Failed to build event loop";
    let said = |info: &std::panic::PanicHookInfo| {
        let text = info.payload().downcast_ref::<String>().map(String::as_str);
        let text = text.or_else(|| info.payload().downcast_ref::<&str>().copied()).unwrap_or_default();
        text.starts_with(NO_EVENT_LOOP)
    };
    let before: std::sync::Arc<dyn Fn(&std::panic::PanicHookInfo) + Send + Sync> =
        std::panic::take_hook().into();
    let hook = before.clone();
    std::panic::set_hook(Box::new(move |info| {
        if !said(info) {
            hook(info);
        }
    }));
    let added = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        app.add_plugins(plugins);
    }));
    std::panic::set_hook(Box::new(move |info| before(info)));
    let panic = match added {
        Ok(()) => return Ok(()),
        Err(panic) => panic,
    };
    let text = panic.downcast_ref::<String>().map(String::as_str).unwrap_or_default();
    if !text.starts_with(NO_EVENT_LOOP) {
        std::panic::resume_unwind(panic);
    }
    Err(match std::env::var("DISPLAY").unwrap_or_default() {
        display if display.is_empty() => NoDisplay::NotSet,
        display => NoDisplay::Unreachable(display),
    })
}

fn failed(why: &str) -> u8 {
    eprintln!("{why}");
    1
}

fn select_by_id(id: String) -> impl FnMut(&mut World) {
    move |world| {
        let found = villager_playing(world, &id, 0);
        world.resource_mut::<Selection>().0 = found;
        let station = world.resource::<crate::sim::Town>().scenario.stations.iter().any(|s| s.id == id);
        if found.is_none() && station {
            world.resource_mut::<SelectedStation>().0 = Some((id.clone(), 0));
        } else if found.is_none() {
            eprintln!("--select {id}: no such villager or station");
        }
    }
}
