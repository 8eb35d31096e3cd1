//! The day so far, kept as what cannot be worked out again: the scenario as it stood at dawn and
//! every edit since, with its step. The simulation is deterministic, so that is the whole day —
//! [`seek`] shows any moment of it again by playing the day to there, from its dawn or from the
//! nearest of the snapshots kept every [`SNAPSHOT_EVERY`] steps on the way.

use crate::planner::{FactId, Value};
use crate::scenario::Scenario;
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
use bevy::app::App;
use bevy::ecs::prelude::*;
use std::sync::Arc;

/// One change made to the running day from outside it.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A world fact of a tile set to a value ([`edit_world_fact`]).
    Fact { tile: usize, fact: FactId, value: Value },
    /// Station `station` moved to `to`, in every tile ([`crate::sim::wholesale::edits::move_station`]).
    Move { station: usize, to: [f32; 2] },
    /// An edit of the scenario that lets the day go on, taken in ([`crate::sim::wholesale::edits::update_scenario`]): a
    /// file saved.
    Scenario(Arc<Scenario>),
}

/// This day's dawn and its edits. A town that has one records into it; a new scenario or a new
/// day starts it afresh.
#[derive(Resource, Clone, Debug, Default)]
pub struct DayHistory {
    /// The scenario the town was installed with, and the edits of the days before this one with
    /// their day: with this day's, the whole run ([`DayHistory::run`]), which a replay keeps.
    installed: Option<Arc<Scenario>>,
    earlier: Vec<(u32, u64, Edit)>,
    /// This day's number.
    day: u32,
    /// The scenario as it stood at dawn.
    dawn: Option<Arc<Scenario>>,
    /// Every edit since dawn, in the order made, each with the steps since dawn before it.
    pub edits: Vec<(u64, Edit)>,
    /// The town whole at some steps of the day, oldest first, so going back plays at most
    /// [`SNAPSHOT_EVERY`] steps.
    snapshots: Vec<Snapshot>,
}

/// How often the town is kept whole on the way through the day.
pub const SNAPSHOT_EVERY: u64 = 300;

/// The town whole at the end of one step, before any edit made then.
#[derive(Clone, Debug)]
struct Snapshot {
    steps: u64,
    scenario: Arc<Scenario>,
    /// Every villager in roster order.
    villagers: Vec<VillagerState>,
    world: WorldFacts,
    outlook: Outlook,
    lines: Lines,
    standing: crate::sim::report::standstill::Standstills,
    tables: Option<DecisionTables>,
    /// How many of the day's events had been logged.
    logged: usize,
}

type VillagerState =
    (Villager, Position, AgentFacts, Goals, Intent, Activity, LastReason, Tally, Deliberation);

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

impl DayHistory {
    /// The steps at which the town was kept whole, oldest first.
    pub fn snapshot_steps(&self) -> impl Iterator<Item = u64> + '_ {
        self.snapshots.iter().map(|s| s.steps)
    }

    /// The scenario the town was installed with, and every edit since with its day and step, in
    /// order: what the run can be played again from.
    pub fn run(&self) -> Option<(&Arc<Scenario>, impl Iterator<Item = (u32, u64, &Edit)>)> {
        let earlier = self.earlier.iter().map(|(day, at, edit)| (*day, *at, edit));
        let today = self.edits.iter().map(|(at, edit)| (self.day, *at, edit));
        Some((self.installed.as_ref()?, earlier.chain(today)))
    }

    /// Forgets the edits made after `steps` since dawn, and the snapshots taken after it: the day
    /// took another course from there.
    pub fn forget_after(&mut self, steps: u64) {
        self.edits.retain(|&(at, _)| at <= steps);
        self.snapshots.retain(|s| s.steps <= steps);
    }
}

/// Keeps this world's history from now on, which must be a dawn (just installed, or a new day).
pub fn keep_history(world: &mut World) {
    world.insert_resource(DayHistory::default());
    start_over(world);
}

/// Notes `edit`, made now, in the world's history if it keeps one. Made at a moment gone back
/// to, it sends the day another way: the edits after it are forgotten.
pub(crate) fn record(world: &mut World, edit: Edit) {
    let steps = world.resource::<Clock>().steps;
    if let Some(mut history) = world.get_resource_mut::<DayHistory>() {
        history.forget_after(steps);
        history.edits.push((steps, edit));
    }
}

/// A new town (a scenario installed) starts a new history, if the world keeps one.
pub(crate) fn start_over(world: &mut World) {
    let scenario = world.resource::<Town>().scenario.clone();
    if let Some(mut history) = world.get_resource_mut::<DayHistory>() {
        *history = DayHistory { installed: Some(scenario), ..DayHistory::default() };
    }
    next_day(world);
}

/// A new day starts a new day's history; the run keeps the edits of the day before.
pub(crate) fn next_day(world: &mut World) {
    let dawn = world.resource::<Town>().scenario.clone();
    let day = world.resource::<Clock>().day;
    if let Some(mut history) = world.get_resource_mut::<DayHistory>() {
        let before = history.day;
        let edits = std::mem::take(&mut history.edits);
        history.earlier.extend(edits.into_iter().map(|(at, edit)| (before, at, edit)));
        (history.dawn, history.day, history.snapshots) = (Some(dawn), day, Vec::new());
    }
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
            }
        }
        if step < steps {
            world.run_schedule(crate::sim::schedule::SimTick);
        }
    }
    world.insert_resource(history);
}
