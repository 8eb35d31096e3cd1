//! Actions under way: atomic once started, their effects land when they complete; then every
//! goal is looked at, so each time one is met is counted and a met need is really spent.

use super::clock::Clock;
use super::log::{EventKind, EventLog};
use super::tiles::Placement;
use super::town::{Roster, SimStep, Town, WorldFacts};
use super::villager::{Activity, AgentFacts, Goals, Intent, Tally, Villager};
use super::{SimSet, SimTick};
use crate::planner::{Compare, Effect};
use crate::scenario::Drift;
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, (finish_actions.in_set(SimSet::Act), notice_goals.in_set(SimSet::Goals)));
}

fn finish_actions(
    step: Res<SimStep>,
    clock: Res<Clock>,
    town: Res<Town>,
    mut world: ResMut<WorldFacts>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    mut villagers: Query<(&Villager, &Placement, &mut AgentFacts, &mut Intent, &mut Activity)>,
) {
    for &entity in &roster.0 {
        let Ok((villager, placement, mut agent, mut intent, mut activity)) = villagers.get_mut(entity) else {
            continue;
        };
        let Activity::Acting { left } = *activity else {
            continue;
        };
        let left = left - step.0;
        if left > 1e-4 {
            *activity = Activity::Acting { left };
            continue;
        }
        let Some(step_index) = intent.current() else {
            *activity = Activity::Idle;
            continue;
        };
        let action = town.action(villager.index, step_index);
        for effect in &action.planning.effects {
            town.apply(effect, &mut world.0[placement.tile], &mut agent.0);
        }
        log.record(
            clock.day,
            clock.time,
            Some(villager.number),
            EventKind::ActionFinished,
            format!("Finished {}", action.label),
        );
        intent.step += 1;
        *activity = Activity::Idle;
    }
}

fn notice_goals(
    clock: Res<Clock>,
    town: Res<Town>,
    mut world: ResMut<WorldFacts>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    mut villagers: Query<(&Villager, &Placement, &mut AgentFacts, &mut Goals, &mut Tally)>,
) {
    for &entity in &roster.0 {
        let Ok((villager, placement, mut agent, mut goals, mut tally)) = villagers.get_mut(entity) else {
            continue;
        };
        let character = &town.scenario.characters[villager.index];
        let world = &mut world.0[placement.tile];
        for (g, goal) in character.goals.iter().enumerate() {
            let holds = goal.conditions.iter().all(|c| c.holds_for(town.value_of(c.fact, world, &agent.0)));
            let live = &mut goals.0[g];
            if !holds {
                live.met = false;
                continue;
            }
            if live.met {
                continue;
            }
            let (times, first) = &mut tally.met[g];
            *times += 1;
            first.get_or_insert(clock.progress());
            log.record(
                clock.day,
                clock.time,
                Some(villager.number),
                EventKind::GoalSatisfied,
                format!("{} met", goal.label),
            );
            match goal.drift {
                Drift::Need { initial, .. } => {
                    // The food is eaten: a need's `>=` conditions are spent, and it starts over.
                    for c in goal.conditions.iter().filter(|c| c.compare == Compare::AtLeast) {
                        town.apply(&Effect::subtract(c.fact, c.value), world, &mut agent.0);
                    }
                    live.insistence = initial;
                    live.met = false;
                }
                Drift::Quota { .. } => live.met = true,
            }
        }
    }
}
