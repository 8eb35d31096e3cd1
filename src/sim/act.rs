//! Actions under way: atomic once started, their effects land when they complete; then goals
//! are looked at, so each time one is met is counted and a met need is really spent.
//!
//! A goal can only change from unmet to met when a fact changes, so a villager's goals are
//! looked at only after its own facts or its tile's world changed since it last looked: the
//! same outcome as looking every step, without visiting every villager of a large town.

use super::calendar::{Calendar, Due};
use super::clock::Clock;
use super::log::{EventLog, Happening};
use super::needs::settle;
use super::town::{Lines, Outlook, Roster, Town, WorldFacts};
use super::villager::{Activity, AgentFacts, Deliberation, Goals, Heard, Intent, Tally, Villager, switch};
use super::{SimSet, SimTick};
use crate::planner::{Compare, Effect, FactId, Facts, State, Value};
use crate::scenario::Drift;
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(SimTick, (finish_actions.in_set(SimSet::Act), notice_goals.in_set(SimSet::Goals)));
}

/// Sets world fact `fact` of `tile` to `value` from outside the town (the game's fact editor):
/// what actions under way will add or take keeps its place in the outlook, goals are looked at
/// again, the log says it, and waiting villagers take it into account at their next safe point.
pub fn edit_world_fact(world: &mut World, tile: usize, fact: FactId, value: Value) {
    let was = world.resource::<WorldFacts>().tile(tile).get(fact);
    if was == value {
        return;
    }
    let clock = world.resource::<Clock>();
    let (day, t, at) = (clock.day, clock.time, stamp(clock));
    world.resource_mut::<WorldFacts>().set(tile, at, fact, value);
    let mut outlook = world.resource_mut::<Outlook>();
    let pending = outlook.0.tile(tile).get(fact).saturating_sub(was);
    outlook.0.set(tile, fact, value.saturating_add(pending));
    world.resource_mut::<EventLog>().record(day, t, None, Happening::Edited { fact, was, now: value });
    super::history::record(world, super::history::Edit::Fact { tile, fact, value });
}

/// The day and step, as one ever-growing number.
pub(super) fn stamp(clock: &Clock) -> u64 {
    stamp_of(clock.day, clock.steps)
}

/// The [`stamp`] of step `step` of day `day`.
fn stamp_of(day: u32, step: u64) -> u64 {
    u64::from(day) << 32 | step
}

fn finish_actions(
    clock: Res<Clock>,
    town: Res<Town>,
    mut world: ResMut<WorldFacts>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    mut calendar: ResMut<Calendar>,
    mut lines: ResMut<Lines>,
    mut outlook: ResMut<Outlook>,
    mut villagers: Query<(
        &Villager,
        &mut AgentFacts,
        &mut Goals,
        &mut Intent,
        &mut Activity,
        Option<&mut Tally>,
        &mut Deliberation,
    )>,
) {
    let now = stamp(&clock);
    calendar.begin_step(clock.steps);
    for number in calendar.take_now(Due::Ends) {
        let Ok((villager, mut agent, mut goals, mut intent, mut activity, mut tally, mut watch)) =
            villagers.get_mut(roster.0[number as usize])
        else {
            continue;
        };
        let Activity::Acting { until } = *activity else {
            continue;
        };
        if clock.steps < u64::from(until) {
            continue;
        }
        let Some(step_index) = intent.current() else {
            switch(&mut activity, tally.as_deref_mut(), Activity::Idle, clock.steps);
            calendar.idle(villager.number());
            continue;
        };
        let action = town.action(villager.index(), step_index);
        let at = town.station(villager.index(), step_index);
        if town.scenario.stations[at].capacity.is_some() {
            lines.finished(villager.tile(), at);
            town.post_line((villager.tile(), now), at, &lines, &mut world, &mut outlook);
        }
        settle(&town, &world, &clock, (villager, &agent), &mut goals);
        for effect in &action.planning.effects {
            town.apply(effect, &mut world, villager.tile(), now, &mut agent.0);
        }
        watch.recheck = true;
        calendar.recheck(villager.number());
        let finished = Happening::Finished { task: step_index as u32 };
        log.record(clock.day, clock.time, Some(villager.number()), finished);
        intent.advance();
        switch(&mut activity, tally.as_deref_mut(), Activity::Idle, clock.steps);
        calendar.idle(villager.number());
    }
}

/// What looking at a villager's goals reads and writes.
type Looking = (
    &'static Villager,
    &'static mut AgentFacts,
    &'static mut Goals,
    &'static mut Intent,
    &'static mut Deliberation,
    Option<&'static mut Tally>,
);

fn notice_goals(
    clock: Res<Clock>,
    town: Res<Town>,
    mut world: ResMut<WorldFacts>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    mut calendar: ResMut<Calendar>,
    mut villagers: Query<Looking>,
) {
    let now = stamp(&clock);
    // Whose look may be due: those whose own facts changed, and everyone living where the world
    // changed since the last look (in the step before, or in this one) whose goals read it.
    let mut looking = calendar.take_rechecks();
    let layout = &town.layout;
    // The characters watching their world, once: where none does (village.ron), no tile's
    // villagers are visited at all.
    let watchers: smallvec::SmallVec<[usize; 16]> =
        (0..layout.per_tile).filter(|&c| town.goals_read_world[c]).collect();
    if !watchers.is_empty() {
        for &tile in world.tiles_changed_since(now.saturating_sub(1)) {
            let villagers = layout.villagers_of(tile as usize);
            let watching = watchers.iter().map(|&c| villagers.start + c).filter(|n| villagers.contains(n));
            looking.extend(watching.map(|n| n as u32));
        }
    }
    super::calendar::in_order(&mut looking);
    for number in looking {
        let Ok((villager, mut agent, mut goals, mut intent, mut watch, mut tally)) =
            villagers.get_mut(roster.0[number as usize])
        else {
            continue;
        };
        let looked_at = stamp_of(clock.day, u64::from(watch.looked_at));
        if !watch.recheck && !world.changed_since(villager.tile(), looked_at) {
            continue; // nothing it depends on changed since it last looked
        }
        (watch.recheck, watch.looked_at) = (false, clock.steps as u32);
        let character = &town.scenario.characters[villager.index()];
        let tile = villager.tile();
        for (g, goal) in character.goals.iter().enumerate() {
            if !holds(&town, goal, world.tile(tile), &agent.0) {
                goals.0[g].met = false;
                continue;
            }
            if goals.0[g].met {
                continue;
            }
            if let Some(tally) = tally.as_deref_mut() {
                tally.met[g].again(clock.progress());
            }
            log.record(clock.day, clock.time, Some(villager.number()), Happening::Met { goal: g as u16 });
            if intent.goal() == Some(g) {
                intent.release();
            }
            match goal.drift {
                Drift::Need { initial, .. } => {
                    // The food is eaten: a need's `>=` conditions are spent, and it starts over.
                    settle(&town, &world, &clock, (villager, &agent), &mut goals);
                    let mut spent = false;
                    for c in goal.conditions.iter().filter(|c| c.compare == Compare::AtLeast && c.value > 0) {
                        spent = true;
                        town.apply(&Effect::subtract(c.fact, c.value), &mut world, tile, now, &mut agent.0);
                    }
                    let live = &mut goals.0[g];
                    live.heard = Heard::need(initial, clock.steps as u32 + 1);
                    // What is left may meet it again; a need that spends nothing (it holds by
                    // itself, like `agent.x <= 0`) stays met until it stops holding.
                    live.met = !spent;
                    watch.recheck = spent;
                    if spent {
                        calendar.recheck(villager.number());
                    }
                }
                Drift::Quota { .. } => goals.0[g].met = true,
            }
        }
    }
    if cfg!(debug_assertions) {
        check_unwatched(&town, &world, &villagers);
    }
}

/// Every test run (a debug build) checks that a villager whose goals read only its own facts
/// missed nothing by not looking when its world changed: unless a look is pending, each of its
/// goals counts as met exactly when it holds.
fn check_unwatched(town: &Town, world: &WorldFacts, villagers: &Query<Looking>) {
    for (villager, agent, goals, _, watch, _) in villagers.iter() {
        if watch.recheck || town.goals_read_world[villager.index()] {
            continue;
        }
        let character = &town.scenario.characters[villager.index()];
        for (goal, live) in character.goals.iter().zip(&goals.0) {
            let holds = holds(town, goal, world.tile(villager.tile()), &agent.0);
            assert_eq!(holds, live.met, "villager {} missed a look at goal {}", villager.number(), goal.id);
        }
    }
}

/// Whether every condition of `goal` holds for a villager holding `agent` in a tile of `world`.
fn holds(town: &Town, goal: &crate::scenario::Goal, world: Facts, agent: &State) -> bool {
    goal.conditions.iter().all(|c| c.holds_for(town.value_of(c.fact, world, agent)))
}
