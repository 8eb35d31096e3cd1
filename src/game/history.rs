//! Each villager's insistences sampled once per simulated second, for the inspector's plot. The
//! sampler is a step of the simulation, so a day played again by going to a moment of it
//! ([`crate::sim::seek`]) draws the same plot as the day played.

use crate::sim::{Asked, Clock, Goals, STEPS_PER_SECOND, SimSet, SimTick, Town, WorldFacts};
use bevy::prelude::*;

/// Per goal, (seconds since dawn, insistence) samples of the day so far.
#[derive(Component, Debug, Default, Clone)]
pub struct InsistenceHistory(pub Vec<Vec<[f64; 2]>>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, sample.after(SimSet::Keep));
}

fn sample(
    clock: Res<Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    mut commands: Commands,
    mut villagers: Query<(Entity, Asked, &Goals, Option<&mut InsistenceHistory>)>,
) {
    if !clock.steps.is_multiple_of(u64::from(STEPS_PER_SECOND)) {
        return;
    }
    let now = f64::from(clock.time);
    for (entity, asked, goals, history) in &mut villagers {
        let Some(mut history) = history else {
            commands.entity(entity).insert(InsistenceHistory(vec![Vec::new(); goals.0.len()]));
            continue;
        };
        let loudness = crate::sim::hear(&town, &world, &clock, asked, goals);
        for (samples, insistence) in history.0.iter_mut().zip(loudness) {
            // Samples from this moment on belong to a day now played another way (or to the
            // day before, at dawn).
            while samples.last().is_some_and(|last| last[0] >= now) {
                samples.pop();
            }
            samples.push([now, f64::from(insistence)]);
        }
    }
}
