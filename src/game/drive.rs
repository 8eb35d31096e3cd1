//! Runs the simulation from the frame loop: one fixed step per step length of real time at 1×
//! (so a simulated second lasts a second), more at higher speeds, none while paused (but one on
//! "step").

use crate::sim::{STEPS_PER_SECOND, SimTick};
use bevy::prelude::*;

/// Simulated steps per step length of real time, and whether time runs at all.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct SimSpeed {
    pub paused: bool,
    pub multiplier: u32,
    /// Steps asked for while paused ("single step").
    pub pending_steps: u32,
    /// Steps run since the game started (for `--after`).
    pub steps_run: u64,
}

impl Default for SimSpeed {
    fn default() -> Self {
        SimSpeed { paused: false, multiplier: 1, pending_steps: 0, steps_run: 0 }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SimSpeed>()
        .insert_resource(Time::<Fixed>::from_hz(f64::from(STEPS_PER_SECOND)))
        .add_systems(FixedUpdate, drive.in_set(DriveSet));
}

/// The fixed-update phase in which the simulation steps; what reads its results runs after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct DriveSet;

fn drive(world: &mut World) {
    let mut speed = world.resource_mut::<SimSpeed>();
    let steps = if speed.paused { std::mem::take(&mut speed.pending_steps) } else { speed.multiplier };
    speed.steps_run += u64::from(steps);
    for _ in 0..steps {
        world.run_schedule(SimTick);
    }
}
