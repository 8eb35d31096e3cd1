//! Walking in a straight line to the next station, and the re-check on arrival: the plan was
//! made on a snapshot, and others may have changed the world since.

use super::clock::{Clock, STEP};
use super::log::{EventKind, EventLog};
use super::tiles::Placement;
use super::town::{Outlook, Roster, Town, WorldFacts};
use super::villager::{Activity, AgentFacts, Intent, LastReason, Position, Tally, Villager};
use super::{SimSet, SimTick};
use crate::planner::{Scope, State, Value};
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, walk.in_set(SimSet::Walk));
}

fn walk(
    clock: Res<Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    mut outlook: ResMut<Outlook>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    mut view: Local<State>,
    mut villagers: Query<(
        &Villager,
        &Placement,
        &mut AgentFacts,
        &mut Position,
        &mut Intent,
        &mut Activity,
        &mut LastReason,
        &mut Tally,
    )>,
) {
    for &entity in &roster.0 {
        let Ok((
            villager,
            placement,
            mut agent,
            mut position,
            mut intent,
            mut activity,
            mut reason,
            mut tally,
        )) = villagers.get_mut(entity)
        else {
            continue;
        };
        if *activity != Activity::Walking {
            continue;
        }
        let Some(step_index) = intent.current() else {
            *activity = Activity::Idle;
            continue;
        };
        let action = town.action(villager.index, step_index);
        let at = town.station(villager.index, step_index);
        let station = &town.scenario.stations[at];
        let target = town.layout.station_position(&town.scenario, at, placement.tile);
        if !move_toward(&mut position.0, target, placement.speed * STEP) {
            continue;
        }
        // Where it stands is the planner's business too (walking from here costs less).
        let place = town.scenario.place;
        if agent.0.get(place) != at as Value {
            agent.0.set(place, at as Value);
        }
        town.available(&world, &outlook, placement.tile, &agent.0, &mut view);
        let who = Some(villager.number);
        match town.unmet(&action.planning.preconditions, &view) {
            Some(why) => {
                let text = format!("Abandoned {}: {why}", action.label);
                log.record(clock.day, clock.time, who, EventKind::Abandoned, text.clone());
                reason.0 = text;
                tally.aborts += 1;
                intent.plan.clear();
                intent.step = 0;
                *activity = Activity::Idle;
            }
            None => {
                log.record(
                    clock.day,
                    clock.time,
                    who,
                    EventKind::ActionStarted,
                    format!("Started {} at {}", action.label, station.label),
                );
                for effect in action
                    .planning
                    .effects
                    .iter()
                    .filter(|e| town.scenario.facts.scope(e.fact) == Scope::World)
                {
                    effect.apply(&mut outlook.0[placement.tile]);
                }
                *activity = Activity::Acting { left: action.duration };
            }
        }
    }
}

/// Moves `from` up to `reach` toward `to`; true once there.
fn move_toward(from: &mut [f32; 2], to: [f32; 2], reach: f32) -> bool {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let distance = (dx * dx + dy * dy).sqrt();
    if distance <= reach {
        *from = to;
        return true;
    }
    from[0] += dx / distance * reach;
    from[1] += dy / distance * reach;
    false
}
