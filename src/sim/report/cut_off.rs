//! Which stations keep a villager from a plan for a goal because the map parts it from them,
//! worked out from the villager as it stands now ([`Scenario::cut_off`](crate::scenario::Scenario::cut_off)):
//! what its reason says in place of "waiting for the world to change".

use crate::planner::State;
use crate::sim::deciding_view;
use crate::sim::state::lines::Lines;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, AgentFacts, Intent, LastReason, Villager};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::ecs::prelude::*;

/// The stations (indices) that goal `goal` of villager `entity` needs and that it cannot walk
/// to from where it stands, with what it can count on now; empty without a map, or when some
/// way is open.
pub fn cut_off_for(world: &World, entity: Entity, goal: usize) -> Vec<usize> {
    let Some(town) = world.get_resource::<Town>() else { return Vec::new() };
    if town.scenario.walks.is_none() {
        return Vec::new();
    }
    let Some(view) = view_of(world, town, entity) else { return Vec::new() };
    let Some(villager) = world.get::<Villager>(entity) else { return Vec::new() };
    let character = villager.index();
    town.scenario.cut_off(character, &town.scenario.characters[character].goals[goal].conditions, &view)
}

/// [`cut_off_for`] the goal a waiting villager waits on; empty unless it waits for want of a plan.
pub fn cut_off_of(world: &World, entity: Entity) -> Vec<usize> {
    match world.get::<LastReason>(entity) {
        Some(&LastReason::Waiting { goal, .. }) => cut_off_for(world, entity, usize::from(goal)),
        _ => Vec::new(),
    }
}

/// What `entity` deciding now would plan from.
fn view_of(world: &World, town: &Town, entity: Entity) -> Option<State> {
    let tile = (
        world.get_resource::<WorldFacts>()?,
        world.get_resource::<Outlook>()?,
        world.get_resource::<Lines>()?,
    );
    let villager = (
        world.get::<Villager>(entity)?,
        world.get::<AgentFacts>(entity)?,
        world.get::<Intent>(entity)?,
        world.get::<Activity>(entity)?,
    );
    let mut view = State::zeros(0);
    deciding_view(town, tile, villager, &mut view);
    Some(view)
}
