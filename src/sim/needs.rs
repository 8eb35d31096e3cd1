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
        Drift::Need { rate, .. } => need_at(&town.rises[c][g], rate, (value, step), now),
        Drift::Quota { urgency } => (urgency * clock.progress() * quota_deficit()).clamp(0.0, 1.0),
    }
}

/// A need on `curve` ([`rises`]) at `rate` that held `held` before step `rises_from`, at step
/// `now`: read from the curve when it rose from the curve's start (as every need does but after
/// an edit of its rate), else risen step by step.
fn need_at(curve: &[f32], rate: f32, (held, rises_from): (f32, u32), now: u32) -> f32 {
    let steps = (now + 1).saturating_sub(rises_from) as usize;
    let on_curve = curve.first().is_some_and(|start| start.to_bits() == held.to_bits());
    match curve.get(steps) {
        Some(&risen) if on_curve => risen,
        // The curve ends where the need is full, and a need that rises stays full.
        None if on_curve && rate >= 0.0 && curve.last() == Some(&1.0) => 1.0,
        _ => risen(held, rate, rises_from, now),
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
/// value, for a whole day or until it is full (a quota's is empty): asking then costs a lookup,
/// not a step each. Needs that start and rise alike share one curve, so that the few a town
/// has stay in the cache while thousands of villagers read them.
pub(super) fn rises(scenario: &Scenario) -> Arc<[Vec<Arc<[f32]>>]> {
    let steps = (scenario.settings.day_length / STEP).ceil() as usize + 2;
    let mut curves = std::collections::HashMap::<(u32, u32), Arc<[f32]>>::new();
    let mut curve = |goal: &crate::scenario::Goal| match goal.drift {
        Drift::Need { initial, rate } => {
            let shared = curves.entry((initial.to_bits(), rate.to_bits()));
            shared.or_insert_with(|| rise_curve(initial, rate, steps)).clone()
        }
        Drift::Quota { .. } => Arc::default(),
    };
    scenario.characters.iter().map(|c| c.goals.iter().map(&mut curve).collect()).collect()
}

/// Whether [`rises`] of `a` and of `b` are the same: their days as long, their characters' goals
/// drifting alike.
pub(super) fn rise_alike(a: &Scenario, b: &Scenario) -> bool {
    use crate::scenario::Character;
    let alike = |(a, b): (&Character, &Character)| {
        a.goals.iter().map(|g| g.drift).eq(b.goals.iter().map(|g| g.drift))
    };
    a.settings.day_length == b.settings.day_length
        && a.characters.len() == b.characters.len()
        && a.characters.iter().zip(&b.characters).all(alike)
}

/// A need's insistence after 0, 1, 2… up to `steps` steps of rising at `rate` from `initial`,
/// until it is full.
fn rise_curve(initial: f32, rate: f32, steps: usize) -> Arc<[f32]> {
    let rise_once = |&insistence: &f32| Some(risen(insistence, rate, 0, 0));
    let mut curve: Vec<f32> = std::iter::successors(Some(initial), rise_once).take(steps + 1).collect();
    if let Some(full) = curve.iter().position(|&x| x == 1.0).filter(|_| rate >= 0.0) {
        curve.truncate(full + 1);
    }
    curve.into()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Read from a curve, a need is what rising it step by step gives: on the curve and off it,
    /// before it is full and long after, within the day and past it, rising and falling.
    #[test]
    fn a_need_read_from_its_curve_is_the_need_risen_step_by_step() {
        let steps = 3_000;
        for rate in [0.0035, 0.0085, 0.5, 0.0, -0.004] {
            for initial in [0.0, 0.25, 1.0] {
                let curve = rise_curve(initial, rate, steps);
                for held in [initial, 0.5, 0.999] {
                    for rises_from in [0u32, 1, 7, 1_500, 2_999, 3_100] {
                        for now in (rises_from.saturating_sub(2)..rises_from + 3_200).step_by(13) {
                            let read = need_at(&curve, rate, (held, rises_from), now);
                            let stepped = risen(held, rate, rises_from, now);
                            assert_eq!(
                                read.to_bits(),
                                stepped.to_bits(),
                                "{rate} {initial} {held} {rises_from} {now}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Needs that start and rise alike share one curve (village.ron: one for each of its few
    /// rates), which ends where the need is full.
    #[test]
    fn needs_alike_share_a_curve_that_ends_full() {
        let text = crate::scenario::shipped("village.ron").unwrap();
        let scenario = crate::scenario::parse(text, "village.ron").unwrap();
        let needs = scenario.characters.iter().flat_map(|c| &c.goals).filter_map(|g| match g.drift {
            Drift::Need { initial, rate } => Some((initial.to_bits(), rate.to_bits())),
            Drift::Quota { .. } => None,
        });
        let alike: std::collections::HashSet<(u32, u32)> = needs.collect();
        let rises = rises(&scenario);
        let curves: Vec<&Arc<[f32]>> = rises.iter().flatten().filter(|c| !c.is_empty()).collect();
        let shared: std::collections::HashSet<*const f32> = curves.iter().map(|c| c.as_ptr()).collect();
        assert_eq!(shared.len(), alike.len());
        assert!(alike.len() < curves.len(), "{} curves", curves.len());
        assert!(curves.iter().all(|c| c.last() == Some(&1.0) && c.len() < 3_000));
    }
}
