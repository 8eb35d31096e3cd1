//! Dawn: past the day's end the day's report is filed and the town starts over — the world
//! back to its seed, every villager rebuilt at its start.

use crate::sim::report::{FinishedDays, PastDays};
use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::lines::Lines;
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::roster::Roster;
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Position, Villager};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(SimTick, advance.in_set(SimSet::Clock));
}

/// Moves time on one step; past the day's end, files the day's report and brings dawn.
fn advance(world: &mut World) {
    let mut clock = world.resource_mut::<Clock>();
    let next = clock.steps + 1;
    clock.go_to(next);
    if clock.time < clock.day_length {
        return;
    }
    if world.resource::<EventLog>().keep_days {
        let figures = crate::sim::report::day_figures(world);
        world.resource_mut::<PastDays>().0.push(figures);
        if world.resource::<crate::sim::options::SimOptions>().file_reports {
            let finished = crate::sim::report::day_report(world);
            world.resource_mut::<FinishedDays>().0.push(finished);
        }
    }
    // The new day's first step is played at its dawn, now.
    reset_day(world, 0);
    let mut clock = world.resource_mut::<Clock>();
    clock.day += 1;
    clock.go_to(0);
    let day = clock.day;
    let mut log = world.resource_mut::<EventLog>();
    log.start_day(day);
    log.record(day, 0.0, None, Happening::Dawn);
    crate::sim::wholesale::history::next_day(world);
}

/// Dawn: the world back to its seed and every villager rebuilt at its start, for a day whose
/// first step is `first_step` ([`crate::sim::state::villager::fresh`]).
pub fn reset_day(world: &mut World, first_step: u32) {
    let town = world.resource::<Town>();
    let (scenario, layout) = (town.scenario.clone(), town.layout.clone());
    // Yesterday's shared state is overwritten in its own room: a town never holds two days of it.
    let seed = WorldFacts::seed(&scenario, layout.tiles);
    world.resource_mut::<Outlook>().0.clone_from(seed.tiles());
    world.resource_mut::<WorldFacts>().clone_from(&seed);
    world.resource_mut::<Lines>().clone_from(&Lines::empty(&scenario, layout.tiles));
    if let Some(mut standing) = world.get_resource_mut::<crate::sim::report::standstill::Standstills>() {
        standing.0.clear();
    }
    let keep_days = world.resource::<EventLog>().keep_days;
    for (number, entity) in world.resource::<Roster>().0.clone().into_iter().enumerate() {
        let mut villager = world.entity_mut(entity);
        let start = villager.get::<Villager>().map_or([0.0; 2], |v| v.start);
        let character = layout.character_of(number);
        villager
            .insert((crate::sim::state::villager::fresh(&scenario, character, first_step), Position(start)));
        if keep_days {
            villager.insert(crate::sim::state::tally::Tally::fresh(&scenario, character));
        }
    }
    crate::sim::calendar::rebuild(world);
}
