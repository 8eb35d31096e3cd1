//! The living town as Bevy ECS plugins that run without a window, one fixed step at a time.
//!
//! Every simulated step runs the [`SimTick`] schedule once, single-threaded and in a fixed
//! order: clock → needs → actions → goals → walking → decisions → tally. Nothing reads the wall
//! clock, and villagers are always visited in scenario order, so the same scenario gives the
//! same event log every time. The game runs [`SimTick`] from its frame loop at the chosen speed;
//! the headless `run` command and the tests call [`step`] directly.

mod act;
mod clock;
mod decide;
mod log;
mod needs;
mod report;
mod town;
mod villager;
mod walk;

pub use clock::Clock;
pub use log::{EventKind, EventLog, SimEvent};
pub use report::{DayReport, FinishedDays, GoalReport, Seconds, VillagerReport};
pub use town::{Outlook, Roster, SimStep, Town, WorldFacts, install, replace_scenario};
pub use villager::{Activity, AgentFacts, GoalState, Goals, Intent, LastReason, Position, Tally, Villager};

use crate::scenario::Scenario;
use bevy::app::{App, Plugin};
use bevy::ecs::schedule::{IntoScheduleConfigs, Schedule, ScheduleLabel, SingleThreadedExecutor, SystemSet};

/// One fixed simulation step.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SimTick;

/// The phases of a step, in the order they run. A new system goes in the phase whose data it
/// reads after the phase before has written it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum SimSet {
    /// Advance the clock; at dawn, reset the town.
    Clock,
    /// Insistence drift.
    Needs,
    /// Action timers; effects apply when an action completes.
    Act,
    /// Goals newly met are counted; needs are spent.
    Goals,
    /// Walking to stations; preconditions re-checked on arrival.
    Walk,
    /// Arbitration and planning at safe points.
    Decide,
    /// Time spent walking, acting, waiting and resting.
    Tally,
}

/// The whole headless simulation.
pub struct SimPlugin;

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        let mut schedule = Schedule::new(SimTick);
        schedule.set_executor(SingleThreadedExecutor::new());
        app.add_schedule(schedule)
            .configure_sets(
                SimTick,
                (
                    SimSet::Clock,
                    SimSet::Needs,
                    SimSet::Act,
                    SimSet::Goals,
                    SimSet::Walk,
                    SimSet::Decide,
                    SimSet::Tally,
                )
                    .chain(),
            )
            .init_resource::<SimStep>()
            .init_resource::<EventLog>()
            .init_resource::<FinishedDays>()
            .add_plugins((
                clock::plugin,
                needs::plugin,
                act::plugin,
                walk::plugin,
                decide::plugin,
                villager::plugin,
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

/// Plays `days` whole days of `scenario` headless and returns their reports.
pub fn play(scenario: Scenario, days: u32) -> Vec<DayReport> {
    let step_length = SimStep::default().0;
    let steps_per_day = (scenario.settings.day_length / step_length).ceil() as usize + 1;
    let mut app = simulation_app(scenario);
    run_until(&mut app, steps_per_day * days as usize + 1, |app| {
        app.world().resource::<FinishedDays>().0.len() >= days as usize
    });
    std::mem::take(&mut app.world_mut().resource_mut::<FinishedDays>().0)
}
