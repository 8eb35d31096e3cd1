//! The living town as Bevy ECS plugins that run without a window, one fixed step at a time.
//!
//! Every simulated step runs the [`SimTick`] schedule once, in a fixed order: clock → actions →
//! goals → walking → decisions → what is kept. A step visits only the villagers something falls
//! due for (an action ending, an arrival, a retry, a change where they live), as a calendar of
//! due steps says; insistence, walkers' positions and time spent are worked out when asked, in
//! the very arithmetic a step at a time would do. Nothing reads the wall clock, and villagers
//! are always visited in roster order wherever one's doing can change another's world; only
//! planning, which changes nothing shared, is spread over the cores. So the same scenario gives
//! the same event log every time, on any number of threads. A tiled town can also run as
//! shards of whole tiles, each its own world stepping on the compute task pool ([`shard_worlds`],
//! [`run_shards`]): tiles share nothing, so each villager lives the same day. The game runs
//! [`SimTick`] from its frame loop at the chosen speed; the headless `run` and `bench` commands
//! and the tests step it directly.

mod act;
mod calendar;
mod clock;
mod decide;
mod deliberate;
mod due;
mod history;
mod lines;
mod log;
mod needs;
mod options;
mod phrase;
mod planners;
pub mod replay;
mod report;
mod shards;
mod standstill;
mod stride;
mod table;
mod tiles;
mod timing;
mod town;
mod villager;
mod walk;
mod weigh;
mod wheel;
mod world;

pub use act::edit_world_fact;
pub use clock::{Clock, MOST_DAYS, STEP, STEPS_PER_SECOND};
pub use deliberate::deciding_view;
pub use history::{DayHistory, Edit, SNAPSHOT_EVERY, keep_history, seek};
pub use log::{EventKind, EventLog, Happening, SimEvent};
pub use needs::{Asked, Loudness, hear, insistence, insistences};
pub use options::{Shortcuts, SimOptions};
pub use phrase::{event_text, outcome_text, reason_text, row_text, standstill_text};
pub use planners::CharacterPlanners;
pub use replay::{Fault, Moment, NotKept, Played, Problem, Replay, ReplayError};
pub use report::{
    DayFigures, DayReport, EventReport, FinishedDays, GoalReport, PastDays, Seconds, VillagerReport,
    day_figures,
};
pub use shards::{run_shards, shard_worlds};
pub use standstill::{Link, Stands, Standstill, Standstills, action_making, standstill_of};
pub use table::{DecisionTable, DecisionTables, GoalRow, Outcome, RowResult};
pub use tiles::{DEFAULT_SEED, Layout, MOST_VILLAGERS, MOST_VILLAGERS_SHOWN, VARIATION};
pub use timing::PlanTimes;
pub use town::{
    Lines, Outlook, Roster, TileFacts, Town, WorldFacts, install, install_tiled, install_town, move_station,
    replace_scenario, take_in_edit, update_scenario, villager_playing,
};
pub use villager::{
    Activity, AgentFacts, Deliberation, GoalState, Goals, Intent, LastReason, Met, Position, Tally, Verdict,
    Villager,
};
pub use walk::{Whereabouts, position_at, position_of};

use crate::scenario::Scenario;
use bevy::app::{App, Plugin};
use bevy::ecs::schedule::{IntoScheduleConfigs, Schedule, ScheduleLabel, SingleThreadedExecutor, SystemSet};
use bevy::tasks::{ComputeTaskPool, TaskPool};

/// One fixed simulation step.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SimTick;

/// The phases of a step, in the order they run. A new system goes in the phase whose data it
/// reads after the phase before has written it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum SimSet {
    /// Advance the clock; at dawn, reset the town.
    Clock,
    /// Action timers; effects apply when an action completes.
    Act,
    /// Goals newly met are counted; needs are spent.
    Goals,
    /// Walking to stations; preconditions re-checked on arrival.
    Walk,
    /// Arbitration and planning at safe points.
    Decide,
    /// What is kept of the step: samples, snapshots.
    Keep,
}

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
            .init_resource::<calendar::Calendar>()
            .init_resource::<FinishedDays>()
            .init_resource::<PastDays>()
            .add_plugins((
                clock::plugin,
                act::plugin,
                walk::plugin,
                decide::plugin,
                history::plugin,
                standstill::plugin,
            ));
    }
}

/// An App running `scenario` with nothing but the simulation: no window, no renderer.
pub fn simulation_app(scenario: Scenario) -> App {
    let mut app = App::new();
    app.add_plugins(SimPlugin);
    town::install(app.world_mut(), scenario);
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
    town::install_town(app.world_mut(), town);
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
