//! Each villager's insistences sampled once per simulated second, for the inspector's plot.

use super::drive::DriveSet;
use crate::sim::{Clock, Goals, STEPS_PER_SECOND};
use bevy::prelude::*;

/// Per goal, (seconds since dawn, insistence) samples of the day so far.
#[derive(Component, Debug, Default, Clone)]
pub struct InsistenceHistory(pub Vec<Vec<[f64; 2]>>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(FixedUpdate, sample.after(DriveSet));
}

fn sample(
    clock: Res<Clock>,
    mut commands: Commands,
    mut villagers: Query<(Entity, &Goals, Option<&mut InsistenceHistory>)>,
) {
    if !clock.steps.is_multiple_of(u64::from(STEPS_PER_SECOND)) {
        return;
    }
    for (entity, goals, history) in &mut villagers {
        let Some(mut history) = history else {
            commands.entity(entity).insert(InsistenceHistory(vec![Vec::new(); goals.0.len()]));
            continue;
        };
        for (samples, goal) in history.0.iter_mut().zip(&goals.0) {
            // A new day starts a new plot.
            if samples.last().is_some_and(|last| last[0] > f64::from(clock.time)) {
                samples.clear();
            }
            samples.push([f64::from(clock.time), f64::from(goal.insistence)]);
        }
    }
}
