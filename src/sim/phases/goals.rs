//! Goals looked at after actions: each time one is met is counted, and a met need is really
//! spent. A goal can only change from unmet to met when a fact changes, so a villager's goals are
//! looked at only after its own facts or its tile's world changed since it last looked: the same
//! outcome as looking every step, without visiting every villager of a large town.

use crate::planner::{Compare, Effect, Facts, State};
use crate::scenario::Drift;
use crate::sim::calendar::Calendar;
use crate::sim::phases::needs::settle;
use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::goals::{Goals, Heard};
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::roster::Roster;
use crate::sim::state::tally::Tally;
use crate::sim::state::time::{Clock, stamp, stamp_of};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{AgentFacts, Deliberation, Intent, Villager};
use crate::sim::state::world::WorldFacts;
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(SimTick, notice_goals.in_set(SimSet::Goals));
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
    crate::sim::state::roster::in_order(&mut looking);
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
