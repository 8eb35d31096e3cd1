//! The day so far, kept as what cannot be worked out again: the scenario as it stood at dawn and
//! every edit since, with its step. The simulation is deterministic, so that is the whole day —
//! [`seek`] shows any moment of it again by playing the day from its dawn to there.

use super::act::{WorldChanges, edit_world_fact};
use super::clock::Clock;
use super::log::EventLog;
use super::town::{self, Town};
use crate::planner::{FactId, Value};
use crate::scenario::Scenario;
use bevy::ecs::prelude::*;
use std::sync::Arc;

/// One change made to the running day from outside it.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A world fact of a tile set to a value ([`edit_world_fact`]).
    Fact { tile: usize, fact: FactId, value: Value },
    /// An edit of the scenario that lets the day go on, taken in ([`town::update_scenario`]): a
    /// station moved, a file saved.
    Scenario(Arc<Scenario>),
}

/// This day's dawn and its edits. A town that has one records into it; a new scenario or a new
/// day starts it afresh.
#[derive(Resource, Clone, Debug, Default)]
pub struct DayHistory {
    /// The scenario as it stood at dawn, and when each tile's world last changed before it.
    dawn: Option<(Arc<Scenario>, WorldChanges)>,
    /// Every edit since dawn, in the order made, each with the steps since dawn before it.
    pub edits: Vec<(u64, Edit)>,
}

impl DayHistory {
    /// Forgets the edits made after `steps` since dawn: the day took another course from there.
    pub fn forget_after(&mut self, steps: u64) {
        self.edits.retain(|&(at, _)| at <= steps);
    }
}

/// Keeps this world's history from now on, which must be a dawn (just installed, or a new day).
pub fn keep_history(world: &mut World) {
    world.insert_resource(DayHistory::default());
    start_over(world);
}

/// Notes `edit`, made now, in the world's history if it keeps one. Made at a moment gone back
/// to, it sends the day another way: the edits after it are forgotten.
pub(super) fn record(world: &mut World, edit: Edit) {
    let steps = world.resource::<Clock>().steps;
    if let Some(mut history) = world.get_resource_mut::<DayHistory>() {
        history.forget_after(steps);
        history.edits.push((steps, edit));
    }
}

/// A new day (or a new scenario) starts a new history, if the world keeps one.
pub(super) fn start_over(world: &mut World) {
    let dawn = (world.resource::<Town>().scenario.clone(), world.resource::<WorldChanges>().clone());
    if let Some(mut history) = world.get_resource_mut::<DayHistory>() {
        *history = DayHistory { dawn: Some(dawn), edits: Vec::new() };
    }
}

/// Shows the day as it was `steps` steps after dawn: back to this day's dawn, then played
/// forward with every edit at its step. The log forgets what happened after; the history keeps
/// the edits after (call [`DayHistory::forget_after`] when the day goes another way).
pub fn seek(world: &mut World, steps: u64) {
    let Some(history) = world.remove_resource::<DayHistory>() else { return };
    let Some((scenario, changes)) = &history.dawn else { return world.insert_resource(history) };
    // Within the day: its last step comes before the next dawn.
    let day_steps = (world.resource::<Clock>().day_length * super::STEPS_PER_SECOND as f32).ceil() as u64;
    let steps = steps.min(day_steps.saturating_sub(1));
    town::update_scenario(world, (**scenario).clone());
    world.insert_resource(changes.clone());
    town::reset_day(world);
    let day = {
        let mut clock = world.resource_mut::<Clock>();
        (clock.steps, clock.time) = (0, 0.0);
        clock.day
    };
    world.resource_mut::<EventLog>().forget_since_dawn(day);
    if let Some(mut tables) = world.get_resource_mut::<super::DecisionTables>() {
        tables.0.clear();
    }
    let mut edits = history.edits.iter().peekable();
    for step in 0..=steps {
        while let Some((_, edit)) = edits.next_if(|(at, _)| *at == step) {
            match edit {
                Edit::Fact { tile, fact, value } => edit_world_fact(world, *tile, *fact, *value),
                Edit::Scenario(scenario) => town::update_scenario(world, (**scenario).clone()),
            }
        }
        if step < steps {
            world.run_schedule(super::SimTick);
        }
    }
    world.insert_resource(history);
}
