//! The fixed step's schedule and its phases, in the order they run.

use bevy::ecs::schedule::{ScheduleLabel, SystemSet};

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
