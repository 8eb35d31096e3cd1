//! Going back in time: the town kept whole every [`SNAPSHOT_EVERY`] steps of a day, and any
//! moment of the day shown again by playing it to there from its dawn or the nearest snapshot,
//! every edit at its step.

use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::goals::Goals;
use crate::sim::state::lines::Lines;
use crate::sim::state::log::EventLog;
use crate::sim::state::roster::Roster;
use crate::sim::state::table::DecisionTables;
use crate::sim::state::tally::Tally;
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{
    Activity, AgentFacts, Deliberation, Intent, LastReason, Position, Villager,
};
use crate::sim::state::world::{Outlook, WorldFacts};
use crate::sim::wholesale::edits::edit_world_fact;
use crate::sim::wholesale::history::{DayHistory, Edit, SNAPSHOT_EVERY, Snapshot, VillagerState};
use bevy::app::App;
use bevy::ecs::prelude::*;
use std::sync::Arc;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(SimTick, keep_snapshot.after(SimSet::Keep));
}

/// Keeps the town whole every [`SNAPSHOT_EVERY`] steps of a day with a history (and a whole log),
/// from its dawn.
fn keep_snapshot(world: &mut World) {
    let steps = world.resource::<Clock>().steps;
    // Step 0 too: a day after the first begins with a step played at its dawn (the first day's
    // first step is step 1), which going back from the dawn alone would leave out.
    let due = steps.is_multiple_of(SNAPSHOT_EVERY) && world.resource::<EventLog>().keep_days;
    let fresh = world
        .get_resource::<DayHistory>()
        .is_some_and(|h| h.snapshots.last().is_none_or(|s| s.steps < steps));
    if !due || !fresh {
        return;
    }
    let villagers = world.resource::<Roster>().0.iter().map(|&e| {
        let v = world.entity(e);
        let part = |_: ()| -> Option<VillagerState> {
            Some((
                *v.get::<Villager>()?,
                *v.get::<Position>()?,
                v.get::<AgentFacts>()?.clone(),
                v.get::<Goals>()?.clone(),
                v.get::<Intent>()?.clone(),
                v.get::<Activity>()?.clone(),
                *v.get::<LastReason>()?,
                v.get::<Tally>()?.clone(),
                v.get::<Deliberation>()?.clone(),
            ))
        };
        part(())
    });
    let Some(villagers) = villagers.collect::<Option<Vec<_>>>() else { return };
    let snapshot = Snapshot {
        steps,
        scenario: world.resource::<Town>().scenario.clone(),
        villagers,
        world: world.resource::<WorldFacts>().clone(),
        outlook: world.resource::<Outlook>().clone(),
        lines: world.resource::<Lines>().clone(),
        standing: world.resource::<crate::sim::report::standstill::Standstills>().clone(),
        tables: world.get_resource::<DecisionTables>().cloned(),
        logged: world.resource::<EventLog>().today.len(),
    };
    world.resource_mut::<DayHistory>().snapshots.push(snapshot);
}

/// Puts the town back as `snapshot` kept it.
fn restore(world: &mut World, snapshot: &Snapshot) {
    if !Arc::ptr_eq(&world.resource::<Town>().scenario, &snapshot.scenario) {
        crate::sim::wholesale::edits::update_scenario(world, (*snapshot.scenario).clone());
    }
    let roster = world.resource::<Roster>().0.clone();
    for (&entity, state) in roster.iter().zip(&snapshot.villagers) {
        world.entity_mut(entity).insert(state.clone());
    }
    world.insert_resource(snapshot.world.clone());
    world.insert_resource(snapshot.outlook.clone());
    world.insert_resource(snapshot.lines.clone());
    world.insert_resource(snapshot.standing.clone());
    if let Some(tables) = &snapshot.tables {
        world.insert_resource(tables.clone());
    }
    let mut clock = world.resource_mut::<Clock>();
    clock.go_to(snapshot.steps);
    let day = clock.day;
    world.resource_mut::<EventLog>().back_to(day, snapshot.logged);
    crate::sim::calendar::rebuild(world);
}

/// Shows the day as it was `steps` steps after dawn: back to this day's dawn, then played
/// forward with every edit at its step. The log forgets what happened after; the history keeps
/// the edits after (call [`DayHistory::forget_after`] when the day goes another way).
pub fn seek(world: &mut World, steps: u64) {
    let Some(history) = world.remove_resource::<DayHistory>() else { return };
    let Some(scenario) = &history.dawn else { return world.insert_resource(history) };
    // Within the day: its last step comes before the next dawn.
    let day_steps = (world.resource::<Clock>().day_length * crate::sim::state::time::STEPS_PER_SECOND as f32)
        .ceil() as u64;
    let steps = steps.min(day_steps.saturating_sub(1));
    // A snapshot serves while the log still holds the events it counted (going back further
    // cut them; playing forward again brings them back).
    let logged = world.resource::<EventLog>().today.len();
    let from = match history.snapshots.iter().rev().find(|s| s.steps <= steps && s.logged <= logged) {
        Some(snapshot) => {
            restore(world, snapshot);
            snapshot.steps
        }
        None => {
            crate::sim::wholesale::edits::update_scenario(world, (**scenario).clone());
            // The day is played from here a step at a time: its first step is step 1.
            crate::sim::wholesale::dawn::reset_day(world, 1);
            let day = {
                let mut clock = world.resource_mut::<Clock>();
                (clock.steps, clock.time) = (0, 0.0);
                clock.day
            };
            world.resource_mut::<EventLog>().forget_since_dawn(day);
            if let Some(mut tables) = world.get_resource_mut::<DecisionTables>() {
                tables.0.clear();
            }
            0
        }
    };
    let mut edits = history.edits.iter().skip_while(|(at, _)| *at < from).peekable();
    for step in from..=steps {
        while let Some((_, edit)) = edits.next_if(|(at, _)| *at == step) {
            match edit {
                Edit::Fact { tile, fact, value } => edit_world_fact(world, *tile, *fact, *value),
                Edit::Move { station, to } => {
                    crate::sim::wholesale::edits::move_station(world, *station, *to)
                }
                Edit::Scenario(scenario) => {
                    crate::sim::wholesale::edits::update_scenario(world, (**scenario).clone())
                }
                Edit::Stop { villager } => {
                    crate::sim::wholesale::stop::stop(world, *villager);
                }
            }
        }
        if step < steps {
            world.run_schedule(crate::sim::schedule::SimTick);
        }
    }
    world.insert_resource(history);
}
