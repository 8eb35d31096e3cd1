//! Putting a scenario into a world: its resources and one entity per villager; and swapping it
//! for another, the day starting over.

use crate::scenario::Scenario;
use crate::sim::state::lines::Lines;
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::roster::Roster;
use crate::sim::state::tiles::Layout;
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Position, Villager};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::ecs::prelude::*;

/// Puts `scenario` into `world`, as written: resources, and one entity per character.
pub fn install(world: &mut World, scenario: Scenario) {
    let layout = Layout::single(&scenario);
    install_tiled(world, scenario, layout);
}

/// Puts `scenario` into `world` repeated as `layout` says: one entity per villager.
pub fn install_tiled(world: &mut World, scenario: Scenario, layout: Layout) {
    install_town(world, Town::tiled(scenario, layout));
}

/// Puts `town` into `world`: its resources, and one entity per villager of its layout.
pub fn install_town(world: &mut World, town: Town) {
    let shortcuts =
        world.get_resource::<crate::sim::options::SimOptions>().map(|o| o.shortcuts).unwrap_or_default();
    let town = town.taking(&shortcuts);
    let (scenario, layout) = (town.scenario.clone(), town.layout.clone());
    let seed = WorldFacts::seed(&scenario, layout.tiles);
    world.insert_resource(Outlook(seed.tiles().clone()));
    world.insert_resource(seed);
    world.insert_resource(Lines::empty(&scenario, layout.tiles));
    world.insert_resource(crate::sim::report::standstill::Standstills::default());
    world.insert_resource(Clock::new(scenario.settings.day_length));
    world.resource_mut::<EventLog>().record(1, 0.0, None, Happening::Dawn);
    // The town first: whatever reacts to a villager appearing (the game's view) can read it.
    world.insert_resource(town);
    crate::sim::wholesale::history::start_over(world);
    // One batch, so that the ECS sizes its tables for exactly this many villagers.
    let villagers = (0..layout.villagers).map(|number| {
        let villager = layout.villager(&scenario, number);
        (
            crate::sim::state::villager::fresh(&scenario, villager.index(), 1),
            Position(villager.start),
            villager,
        )
    });
    let roster = match world.resource::<EventLog>().keep_days {
        true => world
            .spawn_batch(villagers.map(|(fresh, at, v)| {
                (fresh, at, v, crate::sim::state::tally::Tally::fresh(&scenario, v.index()))
            }))
            .collect(),
        false => world.spawn_batch(villagers).collect(),
    };
    world.insert_resource(Roster(roster));
    crate::sim::calendar::rebuild(world);
}

/// The villager who plays the character with id `character` in `tile` (0 in a town of one tile),
/// if the running scenario has one: the same villager again after [`replace_scenario`].
pub fn villager_playing(world: &mut World, character: &str, tile: usize) -> Option<Entity> {
    let index = world.get_resource::<Town>()?.scenario.character_index(character)?;
    let mut villagers = world.query::<(Entity, &Villager)>();
    villagers.iter(world).find(|(_, v)| v.index() == index && v.tile() == tile).map(|(entity, _)| entity)
}

/// Swaps the running scenario for `scenario`: every villager is replaced and the day starts over,
/// in a town of as many villagers as before ([`Layout::for_scenario`]).
pub fn replace_scenario(world: &mut World, scenario: Scenario) {
    let layout = match world.get_resource::<Town>() {
        Some(town) => town.layout.for_scenario(&scenario),
        None => Layout::single(&scenario),
    };
    let mut villagers = world.query_filtered::<Entity, With<Villager>>();
    let old: Vec<Entity> = villagers.iter(world).collect();
    for entity in old {
        world.despawn(entity);
    }
    world.resource_mut::<EventLog>().start_over();
    world.resource_mut::<crate::sim::report::FinishedDays>().0.clear();
    world.resource_mut::<crate::sim::report::PastDays>().0.clear();
    // Tables are by villager number, which a new roster gives to other villagers.
    if let Some(mut tables) = world.get_resource_mut::<crate::sim::state::table::DecisionTables>() {
        tables.0.clear();
    }
    install_tiled(world, scenario, layout);
}
