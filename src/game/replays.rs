//! Days as files: `Save day` writes the run so far as a replay ([`crate::sim::Replay`]) into
//! `replays/`, and `goap-town replay FILE` opens one at its end, its edits made again, its
//! history there to go back through.

use super::CurrentScenario;
use super::timeline::Timeline;
use crate::scenario::{SHIPPED, ScenarioChoice};
use crate::sim::{Clock, Moment, NotKept, Replay, STEP};
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where `Save day` writes, under the working directory.
pub const REPLAY_FOLDER: &str = "replays";

/// What the last `Save day` came to, said for a few seconds.
#[derive(Resource, Default)]
struct SaveNotice(Option<(Result<PathBuf, String>, Instant)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveNotice>().add_systems(EguiPrimaryContextPass, save_notice);
}

/// Where the scenario of `replay` (read from `path`) is: the file it names, looked for from the
/// working directory and then from the folder `replays/` sits in, or the built-in one.
pub fn scenario_of(replay: &Replay, path: &Path) -> Result<ScenarioChoice, String> {
    if replay.built_in {
        let name = SHIPPED.iter().find(|(name, _)| *name == replay.scenario);
        let name = name.ok_or_else(|| {
            format!("{}: no built-in scenario is called {}", path.display(), replay.scenario)
        })?;
        return Ok(ScenarioChoice::BuiltIn(name.0));
    }
    let named = PathBuf::from(&replay.scenario);
    let beside = path.parent().and_then(Path::parent).map(|saved_from| saved_from.join(&named));
    let found = std::iter::once(named.clone()).chain(beside).find(|p| p.is_file());
    found.map(ScenarioChoice::File).ok_or_else(|| {
        format!(
            "{}: its scenario {} is not here (looked from this folder and beside replays/)",
            path.display(),
            named.display()
        )
    })
}

/// Writes the run up to the latest moment played to `replays/<scenario>-day<D>-<T>s.replay.json`.
pub fn save_day(world: &mut World) -> Result<PathBuf, String> {
    let lang = world.get_resource::<Lang>().copied().unwrap_or_default();
    let (scenario, built_in) = match &world.resource::<CurrentScenario>().choice {
        ScenarioChoice::File(path) => (path.display().to_string(), false),
        ScenarioChoice::BuiltIn(name) => (name.to_string(), true),
    };
    let end = Moment { day: world.resource::<Clock>().day, step: world.resource::<Timeline>().latest };
    let replay = Replay::of(world, &scenario, built_in, end).map_err(|why| not_kept(lang, &why))?;
    let stem = Path::new(&scenario).file_stem().map_or("day".into(), |s| s.to_string_lossy().into_owned());
    let name = format!("{stem}-day{}-{:.0}s.replay.json", end.day, end.step as f32 * STEP);
    let path = Path::new(REPLAY_FOLDER).join(name);
    std::fs::create_dir_all(REPLAY_FOLDER)
        .and_then(|()| std::fs::write(&path, replay.to_json()))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// `Save day`, from the interface: the file is written and the player told where, or why not.
pub fn save_day_told(world: &mut World) {
    let saved = save_day(world);
    match &saved {
        Ok(path) => println!("saved the day to {}", path.display()),
        Err(why) => eprintln!("cannot save the day: {why}"),
    }
    world.resource_mut::<SaveNotice>().0 = Some((saved, Instant::now()));
}

fn not_kept(lang: Lang, why: &NotKept) -> String {
    match why {
        NotKept::NoHistory => words().plain(lang, "day-not-kept").to_owned(),
        NotKept::FileEdited { at, changes } => words().say(
            lang,
            "day-file-edited",
            &[
                ("day", at.day.into()),
                ("t", format!("{:.1}", at.step as f32 * STEP).into()),
                ("changes", changes.join(", ").into()),
            ],
        ),
    }
}

/// How long the notice stays up.
const NOTICE_SECONDS: f32 = 8.0;

fn save_notice(mut contexts: EguiContexts, notice: Res<SaveNotice>, lang: Res<Lang>) -> Result {
    let Some((saved, at)) = &notice.0 else { return Ok(()) };
    if at.elapsed().as_secs_f32() > NOTICE_SECONDS {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let text = match saved {
        Ok(path) => words().say(*lang, "day-saved", &[("file", path.display().to_string().into())]),
        Err(why) => words().say(*lang, "day-not-saved", &[("why", why.clone().into())]),
    };
    egui::Window::new("day saved")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -56.0])
        .resizable(false)
        .show(ctx, |ui| ui.label(text));
    Ok(())
}

/// What opening `replay` (read from `path`) says first when playing it to its end takes more
/// than a moment ([`Replay::takes_a_while`]).
pub fn opening_takes_a_while(replay: &Replay, path: &Path, lang: Lang) -> String {
    let count = |n: u64| crate::scenario::count_text(lang, n).into();
    words().say(
        lang,
        "replay-opening",
        &[
            ("file", path.display().to_string().into()),
            ("villagers", count(replay.villagers as u64)),
            ("day", replay.end.day.into()),
            ("t", format!("{:.1}", replay.end.step as f32 * STEP).into()),
        ],
    )
}
