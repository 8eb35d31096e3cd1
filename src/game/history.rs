//! Each villager's insistences sampled once per simulated second, for the inspector's plot, and
//! when its decisions were made. Both are steps of the simulation, so a day played again by going
//! to a moment of it ([`crate::sim::seek`]) draws the same plot as the day played.

use crate::sim::{
    Asked, Clock, DecisionTable, DecisionTables, Goals, STEPS_PER_SECOND, SimSet, SimTick, Town, WorldFacts,
};
use bevy::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Weak};

/// Per goal, (seconds since dawn, insistence) samples of the day so far.
#[derive(Component, Debug, Default, Clone)]
pub struct InsistenceHistory(pub Vec<Vec<[f64; 2]>>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, sample.after(SimSet::Keep));
    note_decision_times(app);
}

/// Notes when each decision is made ([`DecisionTimes`]).
pub(super) fn note_decision_times(app: &mut App) {
    app.init_resource::<DecisionTimes>().add_systems(SimTick, note_decisions.after(SimSet::Decide));
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

/// When each villager's decisions were made, for the inspector's "at the last decision (t = …)":
/// a decision's table does not say when it was made. Noted as a step of the simulation, so a day
/// played again by going to a moment of it notes the same times; a table restored from a
/// snapshot is found again by its pointer while anything (a snapshot, the log) still holds it.
#[derive(Resource, Debug, Default)]
pub struct DecisionTimes(HashMap<usize, Vec<(Weak<DecisionTable>, u32, f32)>>);

impl DecisionTimes {
    /// The day and the moment `table`, a decision of villager `number`, was made.
    pub fn of(&self, number: usize, table: &Arc<DecisionTable>) -> Option<(u32, f32)> {
        let noted = self.0.get(&number)?;
        noted.iter().find(|(t, ..)| std::ptr::eq(t.as_ptr(), Arc::as_ptr(table))).map(|&(_, day, t)| (day, t))
    }
}

fn note_decisions(clock: Res<Clock>, tables: Option<Res<DecisionTables>>, mut times: ResMut<DecisionTimes>) {
    let Some(tables) = tables.filter(|t| t.is_changed()) else { return };
    for (&number, table) in &tables.0 {
        let noted = times.0.entry(number).or_default();
        if noted.iter().any(|(t, ..)| std::ptr::eq(t.as_ptr(), Arc::as_ptr(table))) {
            continue;
        }
        // Tables nothing holds any more are gone for good.
        noted.retain(|(t, ..)| t.strong_count() > 0);
        noted.push((Arc::downgrade(table), clock.day, clock.time));
    }
}
