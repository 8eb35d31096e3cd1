//! Insistence drift: needs rise with time, quotas grow louder as the day goes and they stay unmet.
//!
//! A quota's unmet fraction changes only with the facts it reads, so it is worked out again only
//! after the villager's own facts changed (their change tick) or its tile's world did (its
//! stamp): the same numbers as every step, without reading every villager's facts every step.

use super::act::{WorldChanges, stamp};
use super::clock::{Clock, STEP};
use super::tiles::Placement;
use super::town::{Town, WorldFacts};
use super::villager::{AgentFacts, Goals, Villager};
use super::{SimOptions, SimSet, SimTick};
use crate::planner::{Condition, FactId, Need, Value};
use crate::scenario::Drift;
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, drift.in_set(SimSet::Needs));
}

fn drift(
    clock: Res<Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    changes: Res<WorldChanges>,
    options: Res<SimOptions>,
    mut villagers: Query<(&Villager, &Placement, Ref<AgentFacts>, &mut Goals)>,
) {
    // Each villager's insistence depends on nothing another changes here, so any order will do.
    let (progress, town, world) = (clock.progress(), &*town, &*world);
    // Goals start afresh at dawn, so a deficit's step is one of today's.
    let today = |step: u32| stamp(&Clock { steps: u64::from(step), ..*clock });
    let rise =
        |(villager, placement, agent, mut goals): (&Villager, &Placement, Ref<AgentFacts>, Mut<Goals>)| {
            let world = &world.0[placement.tile];
            let character = &town.scenario.characters[villager.index];
            for (goal, live) in character.goals.iter().zip(goals.0.iter_mut()) {
                live.insistence = match goal.drift {
                    Drift::Need { rate, .. } => (live.insistence + rate * STEP).min(1.0),
                    Drift::Quota { urgency } => {
                        let unmet = || deficit(&goal.conditions, |f| town.value_of(f, world, &agent.0));
                        let deficit = match live.deficit {
                            Some(known)
                                if !agent.is_changed()
                                    && !changes.since(placement.tile, today(live.deficit_at)) =>
                            {
                                // Every test run (a debug build) checks that the cache is never stale.
                                debug_assert_eq!(known.to_bits(), unmet().to_bits(), "a stale quota deficit");
                                known
                            }
                            _ => {
                                let fresh = unmet();
                                (live.deficit, live.deficit_at) = (Some(fresh), clock.steps as u32);
                                fresh
                            }
                        };
                        (urgency * progress * deficit).clamp(0.0, 1.0)
                    }
                };
            }
        };
    if options.spread(villagers.iter().len()) {
        villagers.par_iter_mut().for_each(rise);
    } else {
        villagers.iter_mut().for_each(rise);
    }
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
