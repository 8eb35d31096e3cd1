//! Edits of the running town from outside it — a scenario edited on disk, a station dragged, the
//! map painted, a fact set by hand: the day goes on where the edit allows, every villager's state
//! brought to it.

use crate::planner::{FactId, Value};
use crate::scenario::Scenario;
use crate::scenario::diff::{Change, diff};
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::time::{Clock, stamp};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Position, Villager};
use crate::sim::state::world::{Outlook, WorldFacts};
use crate::sim::wholesale::install::replace_scenario;
use crate::space::{Cell, Ground};
use bevy::ecs::prelude::*;

/// Takes in `scenario`, an edit of the running one that changes only what the day can go on with
/// ([`crate::scenario::diff`]: labels, durations, costs, speeds, positions, rates, settings):
/// villagers keep what they are doing, a timer under way keeps running, new costs and settings
/// count from each villager's next decision, and a moved station is walked to where it now is.
pub fn update_scenario(world: &mut World, scenario: Scenario) {
    go_on_with(world, scenario);
    let scenario = world.resource::<Town>().scenario.clone();
    crate::sim::wholesale::history::record(world, crate::sim::wholesale::history::Edit::Scenario(scenario));
}

/// [`update_scenario`], the edit left for the caller to note in the history.
fn go_on_with(world: &mut World, scenario: Scenario) {
    world.resource_mut::<Clock>().day_length = scenario.settings.day_length;
    // Needs count their rise under the old rates up to now.
    crate::sim::phases::needs::catch_up_everyone(world);
    let shortcuts = world.resource::<crate::sim::options::SimOptions>().shortcuts;
    let town = world.resource::<Town>().edited(scenario).taking(&shortcuts);
    let now = world.resource::<Clock>().steps;
    let old = world.remove_resource::<Town>().expect("a town is installed");
    let mut villagers = world.query::<(
        &mut Villager,
        &mut Position,
        &crate::sim::state::villager::Intent,
        &mut crate::sim::state::villager::Activity,
        &mut crate::sim::state::villager::Deliberation,
    )>();
    for (mut villager, mut position, intent, mut activity, mut deliberation) in villagers.iter_mut(world) {
        // A walker sets off again from where it is, toward where its station now stands.
        if let crate::sim::state::villager::Activity::Walking { .. } = *activity {
            position.0 =
                crate::sim::phases::walk::position_at(&old, now, (&villager, &position, intent, &activity));
            // Where the map was painted under it, it steps out first.
            if let Some(map) = &town.scenario.map {
                let origin = town.layout.origin(villager.tile());
                let local = [position.0[0] - origin[0], position.0[1] - origin[1]];
                if let Some(open) = map.nearest_open(local).filter(|&open| open != local) {
                    position.0 = [open[0] + origin[0], open[1] + origin[1]];
                }
            }
        }
        let fresh = town.layout.villager(&town.scenario, villager.number());
        (villager.start, villager.speed) = (fresh.start, fresh.speed);
        match &mut *activity {
            crate::sim::state::villager::Activity::Walking { .. } => {
                *activity =
                    crate::sim::phases::walk::set_off(&town, &villager, &position, intent, now, &shortcuts);
            }
            // One at work or in line at a station that moved moves with it.
            crate::sim::state::villager::Activity::Acting { .. }
            | crate::sim::state::villager::Activity::Queued { .. } => {
                if let Some(step) = intent.current() {
                    let at = town.station(villager.index(), step);
                    position.0 = town.layout.station_position(&town.scenario, at, villager.tile());
                }
            }
            // One asleep in a wait, or resting to an end worked out under the old rates, looks
            // again at the retry a polled one would come to next: the timer under way keeps
            // running at the old interval.
            crate::sim::state::villager::Activity::Waiting { until }
            | crate::sim::state::villager::Activity::Resting { until } => {
                *until =
                    crate::sim::state::time::next_retry(u64::from(*until), now + 1, old.retry_steps) as u32;
            }
            _ => {}
        }
        // A search that failed under the old costs or budget is asked again.
        deliberation.hopeless = None;
    }
    world.insert_resource(town);
    crate::sim::calendar::rebuild(world);
}

/// Moves station `index` of the running town to `at`, in every tile: the day goes on, and
/// villagers walk to where it now stands. The history notes the move, not the whole scenario.
pub fn move_station(world: &mut World, index: usize, at: [f32; 2]) {
    let mut scenario = (*world.resource::<Town>().scenario).clone();
    let Some(station) = scenario.stations.get_mut(index) else { return };
    // Dropped where it stands, it has not moved: nothing to take in, nothing to keep.
    if station.position == at {
        return;
    }
    station.position = at;
    scenario.lay_walks();
    go_on_with(world, scenario);
    crate::sim::wholesale::history::record(
        world,
        crate::sim::wholesale::history::Edit::Move { station: index, to: at },
    );
}

/// Paints `cells` of the running town's map, in order, in every tile: one live edit of its
/// scenario, taken in as the game takes a paint stroke ([`update_scenario`]: walkers take their
/// new ways, and the history keeps the edit). Cells already of their ground are left as they
/// are; whether any changed. The caller keeps walls and water from under stations and starts.
pub fn paint_map(world: &mut World, cells: &[(Cell, Ground)]) -> bool {
    let mut scenario = (*world.resource::<Town>().scenario).clone();
    let mut changed = false;
    for &(cell, ground) in cells {
        changed |= scenario.paint(cell, ground);
    }
    if changed {
        update_scenario(world, scenario);
    }
    changed
}

/// Takes in `fresh`, an edit of the running scenario, as little disturbed as it allows: the day
/// goes on ([`update_scenario`]) when only what it can go on with changed, and starts again
/// ([`replace_scenario`]) when a change [`restarts`](crate::scenario::diff::Change::restarts) it.
/// Returns what changed, in the scenario's words.
pub fn take_in_edit(world: &mut World, fresh: Scenario) -> Vec<Change> {
    let changes = diff(&world.resource::<Town>().scenario, &fresh);
    if changes.iter().any(|c| c.restarts) {
        replace_scenario(world, fresh);
    } else if !changes.is_empty() {
        update_scenario(world, fresh);
    }
    changes
}

/// Sets world fact `fact` of `tile` to `value` from outside the town (the game's fact editor):
/// what actions under way will add or take keeps its place in the outlook, goals are looked at
/// again, the log says it, and waiting villagers take it into account at their next safe point.
pub fn edit_world_fact(world: &mut World, tile: usize, fact: FactId, value: Value) {
    let was = world.resource::<WorldFacts>().tile(tile).get(fact);
    if was == value {
        return;
    }
    let clock = world.resource::<Clock>();
    let (day, t, at) = (clock.day, clock.time, stamp(clock));
    world.resource_mut::<WorldFacts>().set(tile, at, fact, value);
    let mut outlook = world.resource_mut::<Outlook>();
    let pending = outlook.0.tile(tile).get(fact).saturating_sub(was);
    outlook.0.set(tile, fact, value.saturating_add(pending));
    world.resource_mut::<EventLog>().record(day, t, None, Happening::Edited { fact, was, now: value });
    crate::sim::wholesale::history::record(
        world,
        crate::sim::wholesale::history::Edit::Fact { tile, fact, value },
    );
}
