//! Walking in a straight line to the next station, and the re-check on arrival: the plan was
//! made on a snapshot, and others may have changed the world since.
//!
//! A walker is not moved step by step: setting off, it works out the step it arrives at from the
//! very strides a step at a time would make ([`super::stride`]), and where it is on the way is
//! worked out by making them when someone asks ([`position_at`]).

use crate::planner::Value;
use crate::scenario::Scope;
use crate::sim::calendar::{Calendar, Due, interrupts};
use crate::sim::phases::needs::settle;
use crate::sim::phases::stride::{stride, strides};
use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::ahead;
use crate::sim::state::goals::Goals;
use crate::sim::state::lines::{Lines, check_lines, has_room};
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::roster::Roster;
use crate::sim::state::tally::{Tally, switch};
use crate::sim::state::time::{Clock, STEP, stamp};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, AgentFacts, Intent, LastReason, Position, Villager};
use crate::sim::state::world::{Outlook, TileFacts, WorldFacts};
use bevy::app::App;
use bevy::ecs::prelude::*;
use bevy::ecs::query::QueryItem;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(SimTick, walk.in_set(SimSet::Walk));
}

type Walker<'a> = (
    &'a Villager,
    &'a mut AgentFacts,
    &'a mut Position,
    &'a mut Intent,
    &'a mut Activity,
    &'a mut LastReason,
    Option<&'a mut Tally>,
    &'a mut Goals,
);

pub(crate) fn walk(
    clock: Res<Clock>,
    town: Res<Town>,
    mut world: ResMut<WorldFacts>,
    mut outlook: ResMut<Outlook>,
    mut lines: ResMut<Lines>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    mut calendar: ResMut<Calendar>,
    mut freed: Local<Vec<(u32, u32)>>,
    mut villagers: Query<Walker>,
) {
    let now = stamp(&clock);
    let due = calendar.take_now(Due::Arrives);
    let mut here = Here { clock: &clock, town: &town, log: &mut log, calendar: &mut calendar };
    // Lines move first: where someone finished, the first in line steps up (tile by tile, station
    // by station).
    lines.take_freed(&mut freed);
    if cfg!(debug_assertions) {
        check_lines(&town, &lines, &freed);
    }
    for &(tile, at) in freed.iter() {
        let (tile, at) = (tile as usize, at as usize);
        if lines.waiting(tile, at).next().is_none() {
            continue;
        }
        let moved = has_room(&town, &lines, (tile, at));
        while has_room(&town, &lines, (tile, at)) {
            let Some(number) = lines.first_out(tile, at) else { break };
            if let Ok(one) = villagers.get_mut(roster.0[number]) {
                here.step_up(one, at, Some(&mut lines), (&mut world, tile), &mut outlook.0);
            }
        }
        if moved {
            town.post_line((tile, now), at, &lines, &mut world, &mut outlook);
        }
    }
    // Then those arriving now, in roster order.
    for (turn, &number) in due.iter().enumerate() {
        ahead::ask(&villagers, &roster, &due, turn);
        let Ok(mut one) = villagers.get_mut(roster.0[number as usize]) else { continue };
        let Activity::Walking { until, .. } = *one.4 else { continue };
        if clock.steps < u64::from(until) {
            continue;
        }
        let Some(step_index) = one.3.current() else {
            switch(&mut one.4, one.6.as_deref_mut(), Activity::Idle, clock.steps);
            here.calendar.idle(number as usize);
            continue;
        };
        let villager = *one.0;
        let at = town.station(villager.index(), step_index);
        one.2.0 = town.layout.station_position(&town.scenario, at, villager.tile());
        // Where it stands is the planner's business too (walking from here costs less).
        let place = town.scenario.place;
        if one.1.0.get(place) != at as Value {
            settle(&town, &world, &clock, (&villager, &one.1), &mut one.7);
            one.1.0.set(place, at as Value);
        }
        if town.scenario.stations[at].capacity.is_none() {
            here.step_up(one, at, None, (&mut world, villager.tile()), &mut outlook.0);
            continue;
        }
        let tile = villager.tile();
        if lines.waiting(tile, at).next().is_some() || !has_room(&town, &lines, (tile, at)) {
            let (behind, place) = lines.join(tile, at, villager.number());
            town.post_line((tile, now), at, &lines, &mut world, &mut outlook);
            let behind = behind.map(|n| n as u32);
            let queued = Happening::Queued { station: at as u32, behind, place: place as u32 };
            here.log.record(clock.day, clock.time, Some(villager.number()), queued);
            // Its wait is first counted this very step, when the decisions are made.
            let wait = town.retry_steps - 1;
            let until = clock.steps + u64::from(wait);
            switch(&mut one.4, one.6.as_deref_mut(), Activity::Queued { until: until as u32 }, clock.steps);
            match wait {
                0 => here.calendar.idle(villager.number()), // its retry is due now
                _ => here.calendar.at(until, villager.number(), Due::Retries),
            }
            let doing = (&*one.7, &*one.3, &*one.4);
            interrupts::file(here.calendar, &town, &world, &clock, (&villager, &one.1), doing, clock.steps);
            continue;
        }
        here.step_up(one, at, Some(&mut lines), (&mut world, tile), &mut outlook.0);
        town.post_line((tile, now), at, &lines, &mut world, &mut outlook);
    }
}

/// Sets off at step `now` from where it stands toward the station of plan step `intent.step`:
/// walking until the step it arrives at, the moves counted as the walk would make them, one a
/// step from the next. One that would not arrive today (it cannot move) walks on until dawn.
pub(crate) fn set_off(
    town: &Town,
    villager: &Villager,
    from: &Position,
    intent: &Intent,
    now: u64,
    shortcuts: &crate::sim::options::Shortcuts,
) -> Activity {
    if intent.current().is_none() {
        // Nothing to walk to: it finds out at the next step.
        return Activity::Walking { from: now as u32, until: now as u32 + 1 };
    }
    let steps_left = ((town.scenario.settings.day_length / STEP).ceil() as u64 + 1).saturating_sub(now);
    let (reach, most) = (villager.speed * STEP, steps_left.max(1)); // a first stride whatever is left
    let moves = match way(town, villager, from.0, intent) {
        Some(Way::Across(route)) => Some(route_strides(route.effort(), reach)).filter(|&n| n <= most),
        Some(Way::Straight(target)) => strides(from.0, target, reach, most, shortcuts.arrivals_at_once),
        None => None,
    };
    let until = moves.map_or(u32::MAX, |moves| (now + moves) as u32);
    Activity::Walking { from: now as u32, until }
}

/// Which way a walker goes to the station of its plan's current step from `from`.
enum Way {
    /// Straight there (no map).
    Straight([f32; 2]),
    /// Across the map, in the tile's own coordinates.
    Across(std::sync::Arc<crate::space::Route>),
}

/// The way from `from` to the station of `intent`'s current step; `None` when there is no step,
/// or the map gives no way there.
fn way(town: &Town, villager: &Villager, from: [f32; 2], intent: &Intent) -> Option<Way> {
    let station = town.station(villager.index(), intent.current()?);
    let Some(walks) = &town.scenario.walks else {
        return Some(Way::Straight(town.layout.station_position(&town.scenario, station, villager.tile())));
    };
    let origin = town.layout.origin(villager.tile());
    let local = [from[0] - origin[0], from[1] - origin[1]];
    // From a station's very place, the way shared by everyone who walks it.
    let at = town.scenario.stations.iter().position(|s| s.position == local);
    walks.route(at, local, station).map(Way::Across)
}

/// How many strides of `reach` walk `effort` (the last one arriving; a walk of no length takes
/// one, as a walk to where one stands does).
fn route_strides(effort: f64, reach: f32) -> u64 {
    ((effort / f64::from(reach)).ceil() as u64).max(1)
}

/// What says where a villager is.
pub type Whereabouts<'a> = (&'a Villager, &'a Position, &'a Intent, &'a Activity);

/// Where a villager stands at step `now` of the day: on the way, the moves made since it set off,
/// as [`set_off`] counted them.
pub fn position_at(town: &Town, now: u64, (villager, position, intent, activity): Whereabouts) -> [f32; 2] {
    let Activity::Walking { from, until } = *activity else { return position.0 };
    let (mut at, reach) = (position.0, villager.speed * STEP);
    let strides = u64::from(from)..now.min(u64::from(until));
    match way(town, villager, position.0, intent) {
        None => at,
        Some(Way::Straight(target)) => {
            for _ in strides {
                if stride(&mut at, target, reach) {
                    break;
                }
            }
            at
        }
        Some(Way::Across(route)) => {
            let local = route.point_at(strides.count() as f64 * f64::from(reach));
            let origin = town.layout.origin(villager.tile());
            [local[0] + origin[0], local[1] + origin[1]]
        }
    }
}

/// Where villager `entity` stands now, for whoever shows it.
pub fn position_of(world: &World, entity: Entity) -> Option<[f32; 2]> {
    let whereabouts = (
        world.get::<Villager>(entity)?,
        world.get::<Position>(entity)?,
        world.get::<Intent>(entity)?,
        world.get::<Activity>(entity)?,
    );
    Some(position_at(world.get_resource::<Town>()?, world.get_resource::<Clock>()?.steps, whereabouts))
}

/// What a villager stepping up to a station reads and writes.
struct Here<'w> {
    clock: &'w Clock,
    town: &'w Town,
    log: &'w mut EventLog,
    calendar: &'w mut Calendar,
}

impl Here<'_> {
    /// At the station `at` with room for it: the re-check, then the action starts, or the plan
    /// is dropped with the reason.
    fn step_up(
        &mut self,
        one: QueryItem<Walker>,
        at: usize,
        lines: Option<&mut Lines>,
        (world, tile): (&mut WorldFacts, usize),
        outlook: &mut TileFacts,
    ) {
        let (villager, agent, _, mut intent, mut activity, mut reason, mut tally, goals) = one;
        let (town, clock) = (self.town, self.clock);
        let Some(step_index) = intent.current() else {
            switch(&mut activity, tally.as_deref_mut(), Activity::Idle, clock.steps);
            self.calendar.idle(villager.number());
            return;
        };
        let action = town.action(villager.index(), step_index);
        let who = Some(villager.number());
        match town.unmet(&action.planning.preconditions, world.tile(tile), outlook.tile(tile), &agent.0) {
            Some((condition, was)) => {
                *reason = LastReason::Abandoned { task: step_index as u32, condition: condition as u16, was };
                self.log.record(clock.day, clock.time, who, Happening::Changed(*reason));
                if let Some(tally) = tally.as_deref_mut() {
                    tally.aborts += 1;
                }
                intent.drop_plan();
                switch(&mut activity, tally.as_deref_mut(), Activity::Idle, clock.steps);
                self.calendar.idle(villager.number());
            }
            None => {
                let started = Happening::Started { task: step_index as u32, station: at as u32 };
                self.log.record(clock.day, clock.time, who, started);
                let world_effects = action
                    .planning
                    .effects
                    .iter()
                    .filter(|e| town.scenario.facts.scope(e.fact) == Scope::World);
                for effect in world_effects {
                    outlook.apply(tile, effect);
                    // What the tile's villagers can count on changed (see `deliberate`).
                    world.touch(tile, stamp(clock));
                }
                if let Some(lines) = lines {
                    lines.started(tile, at);
                }
                let until = clock.steps + u64::from(town.action_steps(villager.index(), step_index));
                switch(
                    &mut activity,
                    tally.as_deref_mut(),
                    Activity::Acting { until: until as u32 },
                    clock.steps,
                );
                self.calendar.at(until, villager.number(), Due::Ends);
                // Its decisions are still ahead in this step: an urgent goal may break it off now.
                let doing = (&*goals, &*intent, &*activity);
                interrupts::file(self.calendar, town, world, clock, (villager, &agent), doing, clock.steps);
            }
        }
    }
}
