//! The waiting chain the inspector follows: who in a tile can bring about what a waiting villager
//! waits for, what they are doing now, and — where they wait too — who can bring about theirs,
//! marking those stuck with it in a ring ([`crate::sim::Standstill`]).

use super::villager_state::{StateLine, in_tile, state_line};
use crate::planner::Condition;
use crate::sim::{AgentFacts, LastReason, Town, WorldFacts, action_making};
use crate::words::Lang;
use bevy::ecs::prelude::*;

/// One who can bring about what a waiting villager waits for.
#[derive(Clone, Debug, PartialEq)]
pub struct Maker {
    pub name: String,
    /// The action of theirs that does it.
    pub action: String,
    /// What they are doing now.
    pub state: StateLine,
    /// 0 for who can make what the inspected villager waits for, 1 for who can make what that
    /// one waits for, and so on.
    pub depth: usize,
    /// Whether it stands in the ring of a standstill the inspected villager is in: waiting on
    /// what only the others of the ring make.
    pub in_ring: bool,
}

/// How many links of "waiting for what someone else waits for" the inspector follows.
const CHAIN: usize = 3;

/// Who in `tile` can bring `blocked` about: each villager with an action that moves its
/// fact the way the condition needs from where the world stands now — with that action and what
/// the villager is doing now (making it, or waiting itself). A maker that waits is followed to
/// who can bring about what it waits for, while the chain stays short and does not come back to
/// a condition already on it; the list is depth first.
pub(super) fn makers(
    world: &World,
    lang: Lang,
    tile: usize,
    blocked: &Condition,
    ring: &[u32],
) -> Vec<Maker> {
    let mut found = Vec::new();
    follow(world, lang, (tile, ring), blocked, 0, &mut vec![*blocked], &mut found);
    found
}

fn follow(
    world: &World,
    lang: Lang,
    (tile, ring): (usize, &[u32]),
    blocked: &Condition,
    depth: usize,
    seen: &mut Vec<Condition>,
    found: &mut Vec<Maker>,
) {
    let (Some(town), Some(facts)) = (world.get_resource::<Town>(), world.get_resource::<WorldFacts>()) else {
        return;
    };
    for (entity, villager) in in_tile(world, tile) {
        let character = &town.scenario.characters[villager.index()];
        let Some(own) = world.get::<AgentFacts>(entity) else { continue };
        let making = action_making(town, facts.tile(tile), (villager.index(), &own.0), blocked);
        let (Some(action), Some(state)) = (making, state_line(world, entity, lang)) else {
            continue;
        };
        let action = town.scenario.actions[action].label.clone();
        let in_ring = ring.contains(&(villager.number() as u32));
        found.push(Maker { name: character.name.clone(), action, state, depth, in_ring });
        if let Some(LastReason::Waiting { blocked: Some(next), .. }) = world.get::<LastReason>(entity)
            && matches!(found.last().map(|m| &m.state), Some(StateLine::Waiting(_)))
            && depth + 1 < CHAIN
            && !seen.contains(next)
        {
            seen.push(*next);
            follow(world, lang, (tile, ring), next, depth + 1, seen, found);
        }
    }
}
