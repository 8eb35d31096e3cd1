//! The simulation as a Bevy app: its plugin, the phases wired in order, and the ways to build,
//! step and play a headless town.

use crate::scenario::Scenario;
use crate::sim::calendar::Calendar;
use crate::sim::options::SimOptions;
use crate::sim::phases::{act, decide, goals, walk};
use crate::sim::report::{DayReport, FinishedDays, PastDays, standstill};
use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::log::EventLog;
use crate::sim::state::tiles::Layout;
use crate::sim::state::time::STEP;
use crate::sim::state::timing::PlanTimes;
use crate::sim::state::town::Town;
use crate::sim::wholesale::{dawn, install, seek};
use bevy::app::{App, Plugin};
use bevy::ecs::schedule::{IntoScheduleConfigs, Schedule, SingleThreadedExecutor};
use bevy::tasks::{ComputeTaskPool, TaskPool};

/// The whole headless simulation.
pub struct SimPlugin;

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        // The game's TaskPoolPlugin has made the pool already; a bare headless App has not.
        ComputeTaskPool::get_or_init(TaskPool::default);
        let mut schedule = Schedule::new(SimTick);
        schedule.set_executor(SingleThreadedExecutor::new());
        app.add_schedule(schedule)
            .configure_sets(
                SimTick,
                (SimSet::Clock, SimSet::Act, SimSet::Goals, SimSet::Walk, SimSet::Decide, SimSet::Keep)
                    .chain(),
            )
            .init_resource::<SimOptions>()
            .init_resource::<PlanTimes>()
            .init_resource::<EventLog>()
            .init_resource::<Calendar>()
            .init_resource::<FinishedDays>()
            .init_resource::<PastDays>()
            .add_plugins((
                dawn::plugin,
                act::plugin,
                goals::plugin,
                walk::plugin,
                decide::plugin,
                seek::plugin,
                standstill::plugin,
            ));
    }
}

/// An App running `scenario` with nothing but the simulation: no window, no renderer.
pub fn simulation_app(scenario: Scenario) -> App {
    let mut app = App::new();
    app.add_plugins(SimPlugin);
    install::install(app.world_mut(), scenario);
    app
}

/// An App running `scenario` repeated as `layout` says, headless.
pub fn tiled_app(scenario: Scenario, layout: Layout, options: SimOptions) -> App {
    town_app(Town::tiled(scenario, layout), options)
}

/// A headless app running `town`.
pub fn town_app(town: Town, options: SimOptions) -> App {
    // No main schedules, exit messages or registry of reflected types (most of an empty app's
    // memory, and one per shard of a big town): nothing headless runs or reads them.
    let mut app = App::empty();
    app.add_plugins(SimPlugin);
    app.world_mut().resource_mut::<EventLog>().keep_days = options.keep_days;
    app.insert_resource(options);
    install::install_town(app.world_mut(), town);
    app
}

/// Advances the simulation by one fixed step.
pub fn step(app: &mut App) {
    app.world_mut().run_schedule(SimTick);
}

/// Runs until `done` holds (checked after each step) or `max_steps` pass; returns whether it
/// held. Tests use it instead of loops that could spin forever.
pub fn run_until(app: &mut App, max_steps: usize, mut done: impl FnMut(&App) -> bool) -> bool {
    for _ in 0..max_steps {
        step(app);
        if done(app) {
            return true;
        }
    }
    false
}

/// Plays `days` whole days of `scenario` headless and returns their reports, in English.
pub fn play(scenario: Scenario, days: u32) -> Vec<DayReport> {
    play_in(scenario, days, crate::words::Lang::ENGLISH)
}

/// [`play`], the reports in words of `lang`.
pub fn play_in(scenario: Scenario, days: u32, lang: crate::words::Lang) -> Vec<DayReport> {
    let mut reports = Vec::new();
    play_each(scenario, days, lang, |report| {
        reports.push(report);
        true
    });
    reports
}

/// Plays `days` whole days of `scenario` headless, handing each day's report, in words of
/// `lang`, to `each` as the day ends, until `each` says to stop (returns false): however many
/// days, one report is held at a time.
pub fn play_each(
    scenario: Scenario,
    days: u32,
    lang: crate::words::Lang,
    mut each: impl FnMut(DayReport) -> bool,
) {
    let steps_per_day = (scenario.settings.day_length / STEP).ceil() as usize + 1;
    let mut app = simulation_app(scenario);
    app.insert_resource(lang);
    for _ in 0..days {
        run_until(&mut app, steps_per_day + 1, |app| !app.world().resource::<FinishedDays>().0.is_empty());
        let finished = std::mem::take(&mut app.world_mut().resource_mut::<FinishedDays>().0);
        if !finished.into_iter().all(&mut each) {
            return;
        }
    }
}
