//! Days as files: `Save day` writes the run so far as a replay ([`crate::sim::Replay`]) into
//! `replays/`, and `goap-town replay FILE` opens one at its end, its edits made again, its
//! history there to go back through.

use super::current::CurrentScenario;
use super::file_problems;
use super::layout::PanelLayout;
use super::timeline::Timeline;
use crate::files::{self, FileError};
use crate::scenario::{SHIPPED, ScenarioChoice};
use crate::sim::{Clock, Moment, NotKept, Played, Replay, STEP};
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where `Save day` writes, under the working directory.
pub const REPLAY_FOLDER: &str = "replays";

/// The file the last `Save day` wrote, said for a few seconds.
#[derive(Resource, Default)]
struct SaveNotice(Option<(PathBuf, Instant)>);

/// Why the last `Save day` wrote nothing, said until dismissed or the next `Save day`
/// (`notices` says it).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct SaveDayFailed(pub Option<SaveDayError>);

/// The scenario file a replay was opened from, when its day plays from the text the replay
/// keeps instead (the file changed since): said for a while from the first frame.
#[derive(Resource)]
pub(super) struct PlayedFromKeptText {
    file: String,
    shown_from: Option<Instant>,
}

impl PlayedFromKeptText {
    pub(super) fn of(file: String) -> Self {
        PlayedFromKeptText { file, shown_from: None }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveNotice>()
        .init_resource::<SaveDayFailed>()
        .add_systems(EguiPrimaryContextPass, (save_notice, kept_text_notice));
}

/// Where the scenario of `replay` (read from `path`) is: the file it names, looked for from the
/// working directory and then from the folder `replays/` sits in, or the built-in one.
pub fn scenario_of(replay: &Replay, path: &Path) -> Result<ScenarioChoice, ScenarioNotFound> {
    let file = path.to_path_buf();
    if replay.built_in {
        let name = SHIPPED.iter().find(|(name, _)| *name == replay.scenario);
        let name = name.ok_or_else(|| ScenarioNotFound::NoBuiltIn { file, name: replay.scenario.clone() })?;
        return Ok(ScenarioChoice::BuiltIn(name.0));
    }
    let named = PathBuf::from(&replay.scenario);
    let beside = path.parent().and_then(Path::parent).map(|saved_from| saved_from.join(&named));
    let found = std::iter::once(named.clone()).chain(beside).find(|p| p.is_file());
    found.map(ScenarioChoice::File).ok_or(ScenarioNotFound::NotHere { file, scenario: named })
}

/// Why the scenario a replay file names is not to be had.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", self.text(Lang::ENGLISH))]
pub enum ScenarioNotFound {
    /// A built-in scenario of a name none has.
    NoBuiltIn { file: PathBuf, name: String },
    /// A scenario file found neither from the working directory nor beside `replays/`.
    NotHere { file: PathBuf, scenario: PathBuf },
}

impl ScenarioNotFound {
    /// The replay file, and why, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let (file, why) = match self {
            ScenarioNotFound::NoBuiltIn { file, name } => {
                (file, words().say(lang, "replay-no-built-in", &[("name", name.clone().into())]))
            }
            ScenarioNotFound::NotHere { file, scenario } => {
                let scenario = ("scenario", scenario.display().to_string().into());
                (file, words().say(lang, "replay-scenario-not-here", &[scenario]))
            }
        };
        format!("{}: {why}", file.display())
    }
}

/// Why `Save day` wrote nothing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SaveDayError {
    #[error("{}", not_kept(Lang::ENGLISH, .0))]
    NotKept(NotKept),
    #[error(transparent)]
    File(#[from] FileError),
}

impl SaveDayError {
    /// What went wrong and what to do, in `lang`, a sentence a line: what the window says.
    pub fn text(&self, lang: Lang) -> String {
        let (why, remedy) = match self {
            SaveDayError::NotKept(why) => (not_kept(lang, why), None),
            SaveDayError::File(error) => {
                (file_problems::problem(error, lang), Some(file_problems::remedy(error, lang)))
            }
        };
        let mut text = words().say(lang, "day-not-saved", &[("why", why.into())]);
        if let Some(remedy) = remedy {
            text += "\n";
            text += &words().say(lang, "day-save-again", &[("remedy", remedy.into())]);
        }
        text
    }
}

/// Writes the run up to the latest moment played to a new file,
/// `replays/<scenario>-day<D>-<T>s.replay.json` (`…-2.replay.json`, … when that name is taken:
/// no replay is written over). A scenario file's replay keeps the text the run started from,
/// so that it plays again after the file is saved over.
pub fn save_day(world: &mut World) -> Result<PathBuf, SaveDayError> {
    save_day_in(world, Path::new(REPLAY_FOLDER))
}

/// [`save_day`] into `folder` (made if missing), up to the timeline's latest moment (without a
/// timeline, now).
pub fn save_day_in(world: &mut World, folder: &Path) -> Result<PathBuf, SaveDayError> {
    let (scenario, built_in) = match &world.resource::<CurrentScenario>().choice {
        ScenarioChoice::File(path) => (path.display().to_string(), false),
        ScenarioChoice::BuiltIn(name) => (name.to_string(), true),
    };
    let clock = world.resource::<Clock>();
    let latest = world.get_resource::<Timeline>().map_or(clock.steps, |timeline| timeline.latest);
    let end = Moment { day: clock.day, step: latest };
    let mut replay = Replay::of(world, &scenario, built_in, end).map_err(SaveDayError::NotKept)?;
    if !built_in {
        replay.text = super::day_text::of_the_run(world).map(|text| text.to_string());
    }
    let stem = Path::new(&scenario).file_stem().map_or("day".into(), |s| s.to_string_lossy().into_owned());
    let stem = format!("{stem}-day{}-{:.0}s", end.day, end.step as f32 * STEP);
    std::fs::create_dir_all(folder).map_err(|e| FileError::of(folder, &e))?;
    Ok(files::create_new(folder, &stem, "replay.json", replay.to_json().as_bytes())?)
}

/// `Save day`, from the interface: the file is written and the player told where, or why not.
pub fn save_day_told(world: &mut World) {
    let saved = save_day(world);
    match &saved {
        Ok(path) => println!("saved the day to {}", path.display()),
        Err(why) => eprintln!("cannot save the day: {}", why.text(Lang::ENGLISH).replace('\n', " ")),
    }
    match saved {
        Ok(path) => {
            world.resource_mut::<SaveNotice>().0 = Some((path, Instant::now()));
            world.resource_mut::<SaveDayFailed>().0 = None;
        }
        Err(why) => world.resource_mut::<SaveDayFailed>().0 = Some(why),
    }
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
    let Some((path, at)) = &notice.0 else { return Ok(()) };
    if at.elapsed().as_secs_f32() > NOTICE_SECONDS {
        return Ok(());
    }
    let text = words().say(*lang, "day-saved", &[("file", path.display().to_string().into())]);
    egui::Window::new("day saved")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -56.0])
        .resizable(false)
        .show(contexts.ctx_mut()?, |ui| ui.label(text));
    Ok(())
}

fn kept_text_notice(
    mut contexts: EguiContexts,
    notice: Option<ResMut<PlayedFromKeptText>>,
    lang: Res<Lang>,
    layout: Res<PanelLayout>,
) -> Result {
    let Some(mut notice) = notice else { return Ok(()) };
    let shown_from = *notice.shown_from.get_or_insert_with(Instant::now);
    if shown_from.elapsed().as_secs_f32() > NOTICE_SECONDS {
        return Ok(());
    }
    let text = Played::KeptText.notice(&notice.file, *lang).unwrap_or_default();
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("played from kept text")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_BOTTOM, super::layout::above_timeline(ctx, &layout))
        .resizable(false)
        .max_width(620.0)
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
