//! Actions under way: atomic once started, their effects land when they complete; then goals
//! are looked at, so each time one is met is counted and a met need is really spent.
//!
//! A goal can only change from unmet to met when a fact changes, so a villager's goals are
//! looked at only after its own facts or its tile's world changed since it last looked: the
//! same outcome as looking every step, without visiting every villager of a large town.

use crate::sim::calendar::{Calendar, Due};
use crate::sim::phases::needs::settle;
use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::ahead;
use crate::sim::state::goals::Goals;
use crate::sim::state::lines::Lines;
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::roster::Roster;
use crate::sim::state::tally::{Tally, switch};
use crate::sim::state::time::{Clock, stamp};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, AgentFacts, Deliberation, Intent, Villager};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(SimTick, finish_actions.in_set(SimSet::Act));
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
    let ending = calendar.take_now(Due::Ends);
    for (turn, &number) in ending.iter().enumerate() {
        ahead::ask(&villagers, &roster, &ending, turn);
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
