//! Insistence drift: needs rise with time, quotas grow louder as the day goes and they stay unmet.

use super::clock::Clock;
use super::tiles::Placement;
use super::town::{SimStep, Town, WorldFacts};
use super::villager::{AgentFacts, Goals, Villager};
use super::{SimOptions, SimSet, SimTick};
use crate::planner::{Compare, Condition, FactId, Value};
use crate::scenario::Drift;
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, drift.in_set(SimSet::Needs));
}

fn drift(
    step: Res<SimStep>,
    clock: Res<Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    options: Res<SimOptions>,
    mut villagers: Query<(&Villager, &Placement, &AgentFacts, &mut Goals)>,
) {
    // Each villager's insistence depends on nothing another changes here, so any order will do.
    let (step, progress, town, world) = (step.0, clock.progress(), &*town, &*world);
    let rise = |(villager, placement, agent, mut goals): (&Villager, &Placement, &AgentFacts, Mut<Goals>)| {
        let world = &world.0[placement.tile];
        let character = &town.scenario.characters[villager.index];
        for (goal, live) in character.goals.iter().zip(goals.0.iter_mut()) {
            live.insistence = match goal.drift {
                Drift::Need { rate, .. } => (live.insistence + rate * step).min(1.0),
                Drift::Quota { urgency } => {
                    (urgency * progress * deficit(&goal.conditions, |f| town.value_of(f, world, &agent.0)))
                        .clamp(0.0, 1.0)
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
            let (actual, target) = (actual as f32, c.value as f32);
            let gap = match c.compare {
                Compare::AtLeast => target - actual,
                Compare::AtMost => actual - target,
                Compare::Exactly => (target - actual).abs(),
            };
            (gap / target.abs().max(1.0)).clamp(0.0, 1.0)
        })
        .sum();
    total / conditions.len() as f32
}
