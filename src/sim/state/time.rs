//! Time: the fixed step, the clock of the day, stamps that order steps across days, and
//! countdowns and retries counted in steps — the one place the simulation's time is reckoned.

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

/// A step's time as the tenth of a second it stands for, where it is written out (a report, JSON):
/// step 178's time is 17.800001 in [`Clock::go_to`]'s `f32` arithmetic, and reads 17.8.
pub fn as_written(time: f32) -> f32 {
    (time * STEPS_PER_SECOND as f32).round() / STEPS_PER_SECOND as f32
}

/// The day and step, as one ever-growing number.
pub(crate) fn stamp(clock: &Clock) -> u64 {
    stamp_of(clock.day, clock.steps)
}

/// The [`stamp`] of step `step` of day `day`.
pub(crate) fn stamp_of(day: u32, step: u64) -> u64 {
    u64::from(day) << 32 | step
}

/// How many steps a timer of `seconds` lasts: counted down by [`STEP`] once a step until at most
/// a ten-thousandth of a second is left, in that very `f32` arithmetic, so that a timer kept as
/// its last step runs out on the step a countdown would.
pub fn countdown_steps(seconds: f32) -> u32 {
    let (mut left, mut steps) = (seconds, 0u32);
    loop {
        left -= STEP;
        steps += 1;
        // (A duration is at most a day, so this ends within 864,000 steps.)
        if left <= 1e-4 || left.is_nan() || steps == u32::MAX {
            return steps;
        }
    }
}

/// The first step from `now` on of the retries every `every` steps that fall on step `due`
/// (`due` itself may lie further ahead: a rest worked out to end there).
pub(crate) fn next_retry(due: u64, now: u64, every: u32) -> u64 {
    let every = u64::from(every.max(1));
    match due >= now {
        true => due - (due - now) / every * every,
        false => due + (now - due).div_ceil(every) * every,
    }
}
