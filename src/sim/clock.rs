//! The day: simulated time since dawn, and the reset that every dawn brings.

use super::log::{EventLog, Happening};
use super::report::{self, FinishedDays, PastDays};
use super::town;
use super::{SimSet, SimTick};
use bevy::app::App;
use bevy::ecs::prelude::*;

/// Fixed steps per simulated second.
pub const STEPS_PER_SECOND: u32 = 10;

/// Simulated seconds per fixed step: the simulation's one step length, which the game's frame
/// loop, the headless commands and the tests all count in.
pub const STEP: f32 = 1.0 / STEPS_PER_SECOND as f32;

/// The most days one headless run plays (`run --days`, `run --at`): a bound a user can read in
/// `--help`, where a run of more would take hours and say nothing meanwhile.
pub const MOST_DAYS: u32 = 1000;

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Clock {
    /// The day being played, from 1.
    pub day: u32,
    /// Simulated seconds since dawn.
    pub time: f32,
    pub day_length: f32,
    /// Steps since dawn (time is `steps × STEP`, kept exact).
    pub steps: u64,
}

impl Clock {
    pub fn new(day_length: f32) -> Self {
        Clock { day: 1, time: 0.0, day_length, steps: 0 }
    }

    /// Puts the clock at step `step` of its day (time is `steps × STEP`, kept exact).
    pub fn go_to(&mut self, step: u64) {
        (self.steps, self.time) = (step, step as f32 * STEP);
    }

    /// How many steps a day of `day_length` seconds has: its last step is the last whose time
    /// ([`Clock::go_to`]'s arithmetic) is still before the day's end.
    pub fn steps_in_a_day(day_length: f32) -> u64 {
        let before_end = |step: u64| (step as f32 * STEP) < day_length;
        let mut steps = (f64::from(day_length) * f64::from(STEPS_PER_SECOND)).ceil().max(1.0) as u64;
        while steps > 1 && !before_end(steps - 1) {
            steps -= 1;
        }
        while before_end(steps) {
            steps += 1;
        }
        steps
    }

    /// 0 at dawn, 1 at the end of the day.
    pub fn progress(&self) -> f32 {
        (self.time / self.day_length).clamp(0.0, 1.0)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, advance.in_set(SimSet::Clock));
}

/// Moves time on one step; past the day's end, files the day's report and brings dawn.
fn advance(world: &mut World) {
    let mut clock = world.resource_mut::<Clock>();
    let next = clock.steps + 1;
    clock.go_to(next);
    if clock.time < clock.day_length {
        return;
    }
    if world.resource::<EventLog>().keep_days {
        let figures = report::day_figures(world);
        world.resource_mut::<PastDays>().0.push(figures);
        if world.resource::<super::SimOptions>().file_reports {
            let finished = report::day_report(world);
            world.resource_mut::<FinishedDays>().0.push(finished);
        }
    }
    // The new day's first step is played at its dawn, now.
    town::reset_day(world, 0);
    let mut clock = world.resource_mut::<Clock>();
    clock.day += 1;
    clock.go_to(0);
    let day = clock.day;
    let mut log = world.resource_mut::<EventLog>();
    log.start_day(day);
    log.record(day, 0.0, None, Happening::Dawn);
    super::history::next_day(world);
}
