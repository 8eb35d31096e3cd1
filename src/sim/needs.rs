//! Insistence, worked out when asked: needs rise with time, quotas grow louder as the day goes
//! and they stay unmet. Nothing visits the villagers step by step to keep these numbers: a need
//! keeps the value it held and the step it began rising from, and reads its rise from a curve
//! of the day worked out once by the very steps a countdown would take ([`rises`]); a quota's
//! unmet fraction is read from the facts as the step began. The simulation, the inspector and
//! `run --at` all ask [`insistence`].

use super::act::stamp;
use super::clock::{Clock, STEP};
use super::town::{Town, WorldFacts};
use super::villager::{AgentFacts, GoalState, Goals, Heard, Villager};
use crate::planner::{Condition, FactId, Need, Value};
use crate::scenario::{Drift, Scenario};
use bevy::ecs::prelude::*;
use std::sync::Arc;

/// Who is asked: the villager (and so its tile) and its own facts.
pub type Asked<'a> = (&'a Villager, &'a AgentFacts);

/// How loudly goal `g` of a villager holding `live` asks in the step the clock is at: 0 to 1.
pub fn insistence(
    town: &Town,
    world: &WorldFacts,
    clock: &Clock,
    asked: Asked,
    g: usize,
    live: &GoalState,
) -> f32 {
    let now = clock.steps as u32;
    let quota_deficit = || match live.heard.step == now {
        true => live.heard.value,
        // Nothing of its own changed in this step (that settles it first), so its facts are as
        // the step began.
        false => {
            let goal = &town.scenario.characters[asked.0.index()].goals[g];
            deficit_as_step_began(town, world, clock, asked, &goal.conditions)
        }
    };
    loudness(town, clock, asked.0.index(), g, live, quota_deficit)
}

/// [`insistence`] of goal `g` of character `c`, given how to find a quota's unmet fraction.
fn loudness(
    town: &Town,
    clock: &Clock,
    c: usize,
    g: usize,
    live: &GoalState,
    quota_deficit: impl FnOnce() -> f32,
) -> f32 {
    let now = clock.steps as u32;
    let Heard { value, step } = live.heard;
    match town.scenario.characters[c].goals[g].drift {
        Drift::Need { rate, .. } => {
            let (held, rises_from) = (value, step);
            let curve = &town.rises[c][g];
            let steps = (now + 1).saturating_sub(rises_from) as usize;
            match curve.get(steps) {
                // Risen from its initial value, as every need is but after an edit of its rate.
                Some(&risen) if curve[0].to_bits() == held.to_bits() => risen,
                _ => risen(held, rate, rises_from, now),
            }
        }
        Drift::Quota { urgency } => (urgency * clock.progress() * quota_deficit()).clamp(0.0, 1.0),
    }
}

/// Every goal's insistence in the step the clock is at.
pub fn hear(town: &Town, world: &WorldFacts, clock: &Clock, asked: Asked, goals: &Goals) -> Loudness {
    goals.0.iter().enumerate().map(|(g, live)| insistence(town, world, clock, asked, g, live)).collect()
}

/// The step a rest that begins now ends: the first retry from now on (none after the day's
/// end: then the one after it) at which an unmet goal asks at least the rest threshold. Only for
/// a villager whose goals read only its own facts and only grow louder ([`foreseeable`]): while
/// it rests nothing they depend on changes, so how loudly they will ask is worked out now, by
/// the very [`insistence`] a polled retry would ask then, and only rises (so a halving search
/// finds the first).
pub(super) fn rest_ends(town: &Town, world: &WorldFacts, clock: &Clock, asked: Asked, goals: &Goals) -> u32 {
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
pub(super) fn foreseeable(town: &Town, c: usize) -> bool {
    town.louder_only[c] && !town.goals_read_world[c]
}

/// Each goal's insistence, inline for up to three goals.
pub type Loudness = smallvec::SmallVec<[f32; 3]>;

/// Keeps each quota's unmet fraction as this step began, before the villager's own facts change
/// in it (they would no longer say what they were).
pub(super) fn settle(town: &Town, world: &WorldFacts, clock: &Clock, asked: Asked, goals: &mut Goals) {
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

/// The unmet fraction of `conditions` for a villager whose own facts are as the step began,
/// its tile's world read as the step began.
fn deficit_as_step_began(
    town: &Town,
    world: &WorldFacts,
    clock: &Clock,
    (villager, agent): Asked,
    conditions: &[Condition],
) -> f32 {
    let world = world.at_start(villager.tile(), stamp(clock));
    deficit(conditions, |f| town.value_of(f, world, &agent.0))
}

/// Catches every villager's needs up to now: what an edit of the rates changes counts from the
/// next step on, as if they had been counted up step by step.
pub(super) fn catch_up_everyone(world: &mut World) {
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

/// Per character and goal, a need's insistence after 0, 1, 2… steps of rising from its initial
/// value, for a whole day (a quota's is empty): asking then costs a lookup, not a step each.
pub(super) fn rises(scenario: &Scenario) -> Arc<[Vec<Box<[f32]>>]> {
    let steps = (scenario.settings.day_length / STEP).ceil() as u32 + 2;
    let curve = |goal: &crate::scenario::Goal| match goal.drift {
        Drift::Need { initial, rate } => {
            let rise_once = |&insistence: &f32| Some(risen(insistence, rate, 0, 0));
            std::iter::successors(Some(initial), rise_once).take(steps as usize + 1).collect()
        }
        Drift::Quota { .. } => Box::default(),
    };
    scenario.characters.iter().map(|c| c.goals.iter().map(curve).collect()).collect()
}

/// A need that held `held` before step `rises_from` rose at `rate` a second, at step `now`:
/// the same `min(x + rate × STEP, 1)` once a step.
fn risen(held: f32, rate: f32, rises_from: u32, now: u32) -> f32 {
    let mut insistence = held;
    for _ in rises_from..=now {
        if insistence == 1.0 && rate >= 0.0 {
            break; // full: it stays there
        }
        insistence = (insistence + rate * STEP).min(1.0);
    }
    insistence
}

/// The unmet fraction of a goal: per condition how far the fact is from its threshold
/// (relative to the threshold), averaged; 0 when every condition holds.
pub fn deficit(conditions: &[Condition], value: impl Fn(FactId) -> Value) -> f32 {
    if conditions.is_empty() {
        return 0.0;
    }
    let total: f32 = conditions
        .iter()
        .map(|c| {
            let actual = value(c.fact);
            if c.holds_for(actual) {
                return 0.0;
            }
            let gap = match c.compare.need(actual, c.value) {
                Need::Met => 0,
                Need::Up(gap) | Need::Down(gap) | Need::Away(gap) => gap,
            };
            (gap as f32 / (c.value as f32).abs().max(1.0)).clamp(0.0, 1.0)
        })
        .sum();
    total / conditions.len() as f32
}

/// Every goal's insistence of villager `entity` in the step the clock is at, for whoever shows
/// it (the inspector, its plot, `run --at`).
pub fn insistences(world: &World, entity: Entity) -> Option<Vec<f32>> {
    let (town, facts, clock) =
        (world.get_resource::<Town>()?, world.get_resource::<WorldFacts>()?, world.get_resource::<Clock>()?);
    let asked = (world.get::<Villager>(entity)?, world.get::<AgentFacts>(entity)?);
    Some(hear(town, facts, clock, asked, world.get::<Goals>(entity)?).to_vec())
}
