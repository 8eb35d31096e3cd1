//! Arbitration at safe points: every unmet goal is planned from the villager's real state,
//! scored `insistence − weight × cost`, and the best one wins only by more than the hysteresis.

use super::clock::Clock;
use super::log::{EventKind, EventLog};
use super::town::{Outlook, Roster, SimStep, Town, WorldFacts};
use super::villager::{Activity, AgentFacts, Goals, Intent, LastReason, Tally, Villager};
use super::{SimSet, SimTick};
use crate::planner::Plan;
use bevy::app::App;
use bevy::ecs::prelude::*;

/// Shown word for word when no goal has a viable plan.
pub const WAITING_REASON: &str = "No viable plan: waiting for the world to change";

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, decide.in_set(SimSet::Decide));
}

fn decide(
    step: Res<SimStep>,
    clock: Res<Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    outlook: Res<Outlook>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    mut villagers: Query<(
        &Villager,
        &AgentFacts,
        &mut Goals,
        &mut Intent,
        &mut Activity,
        &mut LastReason,
        &mut Tally,
    )>,
) {
    for &entity in &roster.0 {
        let Ok((villager, agent, mut goals, mut intent, mut activity, mut reason, mut tally)) =
            villagers.get_mut(entity)
        else {
            continue;
        };
        // Only at safe points: idle, or a wait / rest whose retry is due. Never mid-walk or mid-action.
        match &mut *activity {
            Activity::Idle => {}
            Activity::Waiting { retry_in } | Activity::Resting { retry_in } => {
                *retry_in -= step.0;
                if *retry_in > 1e-4 {
                    continue;
                }
            }
            Activity::Walking | Activity::Acting { .. } => continue,
        }
        let mut say = |kind: EventKind, text: String| {
            log.record(clock.day, clock.time, Some(villager.index), kind, text)
        };
        let view = town.available(&world, &outlook, &agent.0);
        let c = villager.index;
        let character = &town.scenario.characters[c];
        let settings = &town.scenario.settings;
        let retry_in = settings.retry_interval;

        let unmet: Vec<usize> = (0..character.goals.len())
            .filter(|&g| !character.goals[g].conditions.iter().all(|cond| cond.holds_in(&view)))
            .collect();
        for live in &mut goals.0 {
            (live.planned, live.plan_cost, live.score) = (false, None, None);
        }
        if unmet.iter().all(|&g| goals.0[g].insistence < settings.rest_threshold) {
            if !matches!(*activity, Activity::Resting { .. }) {
                let text = format!("Resting: every insistence is below {}", settings.rest_threshold);
                say(EventKind::Resting, text.clone());
                reason.0 = text;
            }
            *intent = Intent::default();
            *activity = Activity::Resting { retry_in };
            continue;
        }

        let mut viable: Vec<(usize, f32, Plan)> = Vec::new();
        for &g in &unmet {
            goals.0[g].planned = true;
            if let Ok(plan) = town.planners[c][g].plan(&view, settings.planner_budget) {
                let score = goals.0[g].insistence - settings.cost_weight * plan.cost as f32;
                (goals.0[g].plan_cost, goals.0[g].score) = (Some(plan.cost), Some(score));
                viable.push((g, score, plan));
            }
        }
        let Some(best) = viable.iter().fold(None::<&(usize, f32, Plan)>, |best, v| match best {
            Some(b) if b.1 >= v.1 => Some(b),
            _ => Some(v),
        }) else {
            if !matches!(*activity, Activity::Waiting { .. }) {
                say(EventKind::Waiting, WAITING_REASON.to_owned());
                reason.0 = WAITING_REASON.to_owned();
            }
            *intent = Intent::default();
            *activity = Activity::Waiting { retry_in };
            continue;
        };

        let incumbent = intent.goal.and_then(|g| viable.iter().find(|v| v.0 == g));
        let chosen = match incumbent {
            Some(inc) if best.0 != inc.0 && best.1 > inc.1 + settings.hysteresis => {
                let text = format!(
                    "{} ({:.2}) overtook {} ({:.2})",
                    character.goals[best.0].label, best.1, character.goals[inc.0].label, inc.1
                );
                say(EventKind::GoalSwitch, text.clone());
                reason.0 = text;
                best
            }
            Some(inc) => inc,
            None => best,
        };

        let continuing = intent.goal == Some(chosen.0) && intent.step < intent.plan.len();
        if !continuing {
            let names: Vec<&str> = chosen.2.steps.iter().map(|&s| town.action(c, s).id.as_str()).collect();
            say(
                EventKind::PlanMade,
                format!(
                    "Plan for {}: {} (cost {}, {} expanded)",
                    character.goals[chosen.0].label,
                    names.join(", "),
                    chosen.2.cost,
                    chosen.2.expanded
                ),
            );
            tally.replans += 1;
            *intent = Intent {
                goal: Some(chosen.0),
                plan: chosen.2.steps.clone(),
                step: 0,
                cost: chosen.2.cost,
                expanded: chosen.2.expanded,
            };
        }
        *activity = Activity::Walking;
    }
}
