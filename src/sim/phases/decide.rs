//! Arbitration at safe points: every unmet goal is planned from the villager's real state,
//! scored `insistence − weight × cost`, and the best one wins only by more than the hysteresis.
//!
//! It runs in two systems. [`deliberate`] plans, for every villager at once, across the cores
//! of Bevy's compute task pool; [`decide`] then chooses and logs in roster order. Deciding
//! changes neither the world nor anyone's outlook (that happens when an action starts, in the
//! walk phase), so every plan of a step is made against the same world whichever thread makes
//! it, and a parallel run logs exactly what a single-threaded one does.

use crate::sim::calendar::{Calendar, Due};
use crate::sim::phases::deliberate::deliberate;
use crate::sim::phases::due::DueNow;
use crate::sim::phases::walk::set_off;
use crate::sim::phases::weigh::overtakes;
use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::lines::Lines;
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::roster::Roster;
use crate::sim::state::table::{DecisionTable, DecisionTables, Outcome};
use crate::sim::state::tally::{Tally, switch};
use crate::sim::state::time::{Clock, stamp};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, Deliberation, Intent, LastReason, Position, Villager};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::app::App;
use bevy::ecs::prelude::*;
use std::sync::Arc;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<DueNow>().add_systems(
        SimTick,
        (crate::sim::calendar::sleepers::wake, deliberate, decide).chain().in_set(SimSet::Decide),
    );
}

/// Chooses among the plans [`deliberate`] left, villager by villager in roster order.
pub(crate) fn decide(
    clock: Res<Clock>,
    town: Res<Town>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    due: Res<DueNow>,
    mut lines: ResMut<Lines>,
    mut world: ResMut<WorldFacts>,
    mut outlook: ResMut<Outlook>,
    mut tables: Option<ResMut<DecisionTables>>,
    mut calendar: ResMut<Calendar>,
    options: Res<crate::sim::options::SimOptions>,
    mut villagers: Query<(
        &Villager,
        &Position,
        &mut Deliberation,
        &mut Intent,
        &mut Activity,
        &mut LastReason,
        Option<&mut Tally>,
    )>,
) {
    let (mut choices, mut rows, mut waits, mut rests) =
        (due.choices.as_slice(), due.rows.as_slice(), due.waits.as_slice(), due.rests.as_slice());
    for &number in &due.numbers {
        // This villager's plans: the choices are in roster order too, and so are the rows.
        let mine = choices.iter().take_while(|c| c.number == number).count();
        let viable;
        (viable, choices) = choices.split_at(mine);
        let mut my_rows = rows.first().filter(|r| r.0 == number).map(|r| r.1.clone());
        rows = &rows[usize::from(my_rows.is_some())..];
        let waiting_on = waits.first().filter(|w| w.0 == number).map(|w| w.1);
        waits = &waits[usize::from(waiting_on.is_some())..];
        let rests_until = rests.first().filter(|r| r.0 == number).map(|r| r.1);
        rests = &rests[usize::from(rests_until.is_some())..];
        // The decision's table, kept as its villager's last and handed to the event it logs.
        let mut keep = |outcome: Outcome| -> Option<Arc<DecisionTable>> {
            let table = Arc::new(DecisionTable { rows: my_rows.take()?, outcome });
            tables.as_mut()?.0.insert(number, table.clone());
            Some(table)
        };
        let Some(&entity) = roster.0.get(number) else { continue };
        let Ok((villager, position, mut deliberation, mut intent, mut activity, mut reason, mut tally)) =
            villagers.get_mut(entity)
        else {
            continue;
        };
        // One in line chooses again too; it keeps its place only if it would come here anyway.
        let in_line = matches!(*activity, Activity::Queued { .. }).then(|| intent.current()).flatten();
        let mut leave_line = |log: &mut EventLog, to: Option<usize>| {
            let Some(task) = in_line else { return };
            let at = town.station(villager.index(), task);
            lines.leave(villager.tile(), at, villager.number());
            town.post_line((villager.tile(), stamp(&clock)), at, &lines, &mut world, &mut outlook);
            let left = Happening::LeftQueue { station: at as u32, to: to.map(|s| s as u32) };
            log.record(clock.day, clock.time, Some(villager.number()), left);
        };
        if deliberation.resting || viable.is_empty() {
            leave_line(&mut log, None);
        }
        let mut say = |what: Happening, table: Option<Arc<DecisionTable>>| {
            log.record_with(clock.day, clock.time, Some(villager.number()), what, table)
        };
        let c = villager.index();
        let settings = &town.scenario.settings;
        // A wait, a rest or a line is first counted at the next step's decisions.
        let retry_in = (clock.steps + u64::from(town.retry_steps)) as u32;

        if deliberation.resting {
            let until = rests_until.unwrap_or(retry_in);
            calendar.at(u64::from(until), villager.number(), Due::Retries);
            let table = keep(Outcome::Rested { threshold: settings.rest_threshold });
            if !matches!(*activity, Activity::Resting { .. }) {
                *reason = LastReason::Resting;
                say(Happening::Changed(*reason), table);
            }
            *intent = Intent::default();
            switch(&mut activity, tally.as_deref_mut(), Activity::Resting { until }, clock.steps);
            continue;
        }

        let Some(best) = viable.first() else {
            // The reason follows what it waits on at every retry; the log says it once.
            let (goal, blocked) = waiting_on.unwrap_or_default();
            *reason = LastReason::Waiting { goal, blocked };
            let table = keep(Outcome::Waited { goal });
            if !matches!(*activity, Activity::Waiting { .. }) {
                say(Happening::Changed(*reason), table);
            }
            *intent = Intent::default();
            switch(&mut activity, tally.as_deref_mut(), Activity::Waiting { until: retry_in }, clock.steps);
            // Nothing to plan for until its tile changes, when goals only grow louder.
            deliberation.asleep =
                options.shortcuts.sleepers && town.louder_only[c] && deliberation.hopeless.is_some();
            match deliberation.asleep {
                true => calendar.sleep(villager.tile(), villager.number()),
                false => calendar.at(u64::from(retry_in), villager.number(), Due::Retries),
            }
            continue;
        };

        let incumbent = intent.goal().and_then(|g| viable.iter().find(|v| v.goal == g));
        let hysteresis = settings.hysteresis;
        let (chosen, table) = match incumbent {
            Some(inc) if best.goal != inc.goal && overtakes(best.score, inc.score, hysteresis) => {
                let (to, from, lead) = (best.goal as u16, inc.goal as u16, best.score - inc.score);
                let table = keep(Outcome::Overtook { goal: to, from, lead, hysteresis });
                *reason = LastReason::Switched { to, to_score: best.score, from, from_score: inc.score };
                say(Happening::Changed(*reason), table.clone());
                (best, table)
            }
            Some(inc) if best.goal != inc.goal => {
                let (goal, lead) = (inc.goal as u16, best.score - inc.score);
                (inc, keep(Outcome::Kept { goal, best: best.goal as u16, lead, hysteresis }))
            }
            _ if best.followed => (best, keep(Outcome::Followed { goal: best.goal as u16 })),
            _ => (best, keep(Outcome::Best { goal: best.goal as u16 })),
        };

        if let Some(task) = in_line {
            let first = chosen.plan.first().map(|&t| t as usize);
            if intent.goal() == Some(chosen.goal) && first == Some(task) {
                switch(
                    &mut activity,
                    tally.as_deref_mut(),
                    Activity::Queued { until: retry_in },
                    clock.steps,
                );
                calendar.at(u64::from(retry_in), villager.number(), Due::Retries);
                continue;
            }
            leave_line(&mut log, first.map(|t| town.station(c, t)));
        }
        let continuing =
            intent.goal() == Some(chosen.goal) && intent.current().is_some() && in_line.is_none();
        if !continuing {
            let made = Happening::PlanMade {
                goal: chosen.goal as u16,
                plan: chosen.plan.clone(),
                cost: chosen.cost,
                expanded: u32::try_from(chosen.expanded).unwrap_or(u32::MAX),
                part: chosen.part,
            };
            log.record_with(clock.day, clock.time, Some(villager.number()), made, table);
            // What it last said of itself now says what it pursues: not a rest or a wait it
            // left, nor a switch to another goal.
            let goal = chosen.goal as u16;
            match *reason {
                LastReason::Switched { to, .. } if to == goal => {}
                LastReason::Abandoned { .. } => {}
                _ => *reason = LastReason::Pursuing { goal },
            }
            if let Some(tally) = tally.as_deref_mut() {
                tally.replans += 1;
            }
            *intent = Intent::new(chosen.goal, &chosen.plan);
        }
        let walking = set_off(&town, villager, position, &intent, clock.steps, &options.shortcuts);
        calendar.at(walking.until().map_or(u64::MAX, u64::from), villager.number(), Due::Arrives);
        switch(&mut activity, tally.as_deref_mut(), walking, clock.steps);
    }
}
