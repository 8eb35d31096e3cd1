//! The day so far, kept as what cannot be worked out again: the scenario as it stood at dawn and
//! every edit since, with its step, and the town whole every [`SNAPSHOT_EVERY`] steps. The
//! simulation is deterministic, so that is the whole day, which
//! [`seek`](crate::sim::wholesale::seek::seek) shows again at any moment.

use crate::planner::{FactId, Value};
use crate::scenario::Scenario;
use crate::sim::state::goals::Goals;
use crate::sim::state::lines::Lines;
use crate::sim::state::table::DecisionTables;
use crate::sim::state::tally::Tally;
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{
    Activity, AgentFacts, Deliberation, Intent, LastReason, Position, Villager,
};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::ecs::prelude::*;
use std::sync::Arc;

/// One change made to the running day from outside it.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A world fact of a tile set to a value ([`edit_world_fact`](super::edits::edit_world_fact)).
    Fact { tile: usize, fact: FactId, value: Value },
    /// Station `station` moved to `to`, in every tile ([`crate::sim::wholesale::edits::move_station`]).
    Move { station: usize, to: [f32; 2] },
    /// An edit of the scenario that lets the day go on, taken in ([`crate::sim::wholesale::edits::update_scenario`]): a
    /// file saved.
    Scenario(Arc<Scenario>),
    /// The player stopped villager `villager` ([`crate::sim::wholesale::stop::stop`]).
    Stop { villager: usize },
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
    pub(crate) dawn: Option<Arc<Scenario>>,
    /// Every edit since dawn, in the order made, each with the steps since dawn before it.
    pub edits: Vec<(u64, Edit)>,
    /// The town whole at some steps of the day, oldest first, so going back plays at most
    /// [`SNAPSHOT_EVERY`] steps.
    pub(crate) snapshots: Vec<Snapshot>,
}

/// How often the town is kept whole on the way through the day.
pub const SNAPSHOT_EVERY: u64 = 300;

/// The town whole at the end of one step, before any edit made then.
#[derive(Clone, Debug)]
pub(crate) struct Snapshot {
    pub steps: u64,
    pub scenario: Arc<Scenario>,
    /// Every villager in roster order.
    pub villagers: Vec<VillagerState>,
    pub world: WorldFacts,
    pub outlook: Outlook,
    pub lines: Lines,
    pub standing: crate::sim::report::standstill::Standstills,
    pub tables: Option<DecisionTables>,
    /// How many of the day's events had been logged.
    pub logged: usize,
}

pub(crate) type VillagerState =
    (Villager, Position, AgentFacts, Goals, Intent, Activity, LastReason, Tally, Deliberation);

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
