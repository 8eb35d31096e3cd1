//! Needs as the phases meet them: a rise settled before the facts it is read from change, and a
//! rest's end worked out when it begins ([`Shortcuts::rest_ends`](crate::sim::Shortcuts::rest_ends)).

use crate::scenario::Drift;
use crate::sim::state::goals::{Goals, Heard};
use crate::sim::state::needs::{Asked, deficit_as_step_began, insistence, loudness};
use crate::sim::state::time::{Clock, STEP};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{AgentFacts, Villager};
use crate::sim::state::world::WorldFacts;
use bevy::ecs::prelude::*;

/// The step a rest that begins now ends: the first retry from now on (none after the day's
/// end: then the one after it) at which an unmet goal asks at least the rest threshold. Only for
/// a villager whose goals read only its own facts and only grow louder ([`foreseeable`]): while
/// it rests nothing they depend on changes, so how loudly they will ask is worked out now, by
/// the very [`insistence`] a polled retry would ask then, and only rises (so a halving search
/// finds the first).
pub(crate) fn rest_ends(town: &Town, world: &WorldFacts, clock: &Clock, asked: Asked, goals: &Goals) -> u32 {
    let (threshold, goal_defs) =
        (town.scenario.settings.rest_threshold, &town.scenario.characters[asked.0.index()].goals);
    let unmet: smallvec::SmallVec<[usize; 4]> = (0..goal_defs.len())
        .filter(|&g| !goal_defs[g].conditions.iter().all(|c| c.holds_in(&asked.1.0)))
        .collect();
    // A quota's unmet fraction stays as it is now: nothing the goals read changes while it rests.
    let deficits: smallvec::SmallVec<[f32; 4]> = (unmet.iter())
        .map(|&g| deficit_as_step_began(town, world, clock, asked, &goal_defs[g].conditions))
        .collect();
    let loud_at = |step: u64| {
        let mut then = clock.clone();
        then.go_to(step);
        unmet.iter().zip(&deficits).any(|(&g, &deficit)| {
            let loud = loudness(town, &then, asked.0.index(), g, &goals.0[g], || deficit);
            debug_assert_eq!(loud, insistence(town, world, &then, asked, g, &goals.0[g]));
            loud >= threshold
        })
    };
    let every = u64::from(town.retry_steps.max(1));
    let (first, last) = (clock.steps + every, (clock.day_length / STEP).ceil() as u64);
    let (mut quiet, mut loud) = (0, last.saturating_sub(first) / every + 1);
    while quiet < loud {
        let mid = (quiet + loud) / 2;
        match loud_at(first + mid * every) {
            true => loud = mid,
            false => quiet = mid + 1,
        }
    }
    debug_assert!(
        quiet == 0 || !loud_at(first + (quiet - 1) * every),
        "a rest's end is its first loud retry"
    );
    (first + quiet * every) as u32
}

/// Whether the goals of character `c` read only its own facts and only grow louder, so that
/// how loudly they will ask while it rests is known in advance ([`rest_ends`]).
pub(crate) fn foreseeable(town: &Town, c: usize) -> bool {
    town.louder_only[c] && !town.goals_read_world[c]
}

/// Keeps each quota's unmet fraction as this step began, before the villager's own facts change
/// in it (they would no longer say what they were).
pub(crate) fn settle(town: &Town, world: &WorldFacts, clock: &Clock, asked: Asked, goals: &mut Goals) {
    let now = clock.steps as u32;
    let goal_defs = &town.scenario.characters[asked.0.index()].goals;
    for (goal, live) in goal_defs.iter().zip(goals.0.iter_mut()) {
        if let Drift::Quota { .. } = goal.drift
            && live.heard.step != now
        {
            let unmet = deficit_as_step_began(town, world, clock, asked, &goal.conditions);
            live.heard = Heard { value: unmet, step: now };
        }
    }
}

/// Catches every villager's needs up to now: what an edit of the rates changes counts from the
/// next step on, as if they had been counted up step by step.
pub(crate) fn catch_up_everyone(world: &mut World) {
    let mut villagers = world.query::<(Entity, &Villager, &AgentFacts, &Goals)>();
    let (town, facts, clock) =
        (world.resource::<Town>(), world.resource::<WorldFacts>(), world.resource::<Clock>());
    let mut caught_up = Vec::new();
    for (entity, villager, agent, goals) in villagers.iter(world) {
        let mut goals = goals.clone();
        let goal_defs = &town.scenario.characters[villager.index()].goals;
        for (g, (goal, live)) in goal_defs.iter().zip(goals.0.iter_mut()).enumerate() {
            let now = insistence(town, facts, clock, (villager, agent), g, live);
            if let Drift::Need { .. } = goal.drift {
                live.heard = Heard::need(now, clock.steps as u32 + 1);
            }
        }
        caught_up.push((entity, goals));
    }
    for (entity, goals) in caught_up {
        world.entity_mut(entity).insert(goals);
    }
}
