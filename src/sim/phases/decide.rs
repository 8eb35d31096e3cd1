//! Arbitration at safe points: every unmet goal is planned from the villager's real state,
//! scored `insistence − weight × cost`, and the best one wins only by more than the hysteresis.
//!
//! It runs in two systems. [`deliberate`] plans, for every villager at once, across the cores
//! of Bevy's compute task pool; [`decide`] then chooses and logs in roster order. Deciding
//! changes neither the world nor anyone's outlook (that happens when an action starts, in the
//! walk phase), so every plan of a step is made against the same world whichever thread makes
//! it, and a parallel run logs exactly what a single-threaded one does.

use crate::sim::calendar::interrupts;
use crate::sim::calendar::sleepers::sleeps;
use crate::sim::calendar::{Calendar, Due};
use crate::sim::options::Shortcuts;
use crate::sim::phases::deliberate::deliberate;
use crate::sim::phases::due::{Choice, DueNow, Findings};
use crate::sim::phases::interrupt::{Shared, break_off};
use crate::sim::phases::walk::set_off;
use crate::sim::phases::weigh::overtakes;
use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::goals::Goals;
use crate::sim::state::lines::Lines;
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::roster::Roster;
use crate::sim::state::table::{DecisionTable, DecisionTables, GoalRow, Outcome};
use crate::sim::state::tally::{Tally, switch};
use crate::sim::state::time::{Clock, stamp};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{
    Activity, AgentFacts, Deliberation, Intent, LastReason, NO_GOAL, Position, Underway, Villager,
};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::app::App;
use bevy::ecs::prelude::*;
use bevy::ecs::query::QueryItem;
use std::sync::Arc;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<DueNow>().add_systems(
        SimTick,
        (crate::sim::calendar::sleepers::wake, deliberate, decide).chain().in_set(SimSet::Decide),
    );
}

/// What deciding reads of a villager, and changes.
type Decider = (
    &'static Villager,
    &'static mut Position,
    &'static mut Deliberation,
    &'static mut Intent,
    &'static mut Activity,
    &'static mut LastReason,
    Option<&'static mut Tally>,
    &'static mut AgentFacts,
    &'static Goals,
);

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
    mut villagers: Query<Decider>,
) {
    let mut deciding = Deciding {
        clock: &clock,
        town: &town,
        shortcuts: options.shortcuts,
        log: &mut log,
        lines: &mut lines,
        world: &mut world,
        outlook: &mut outlook,
        tables: tables.as_deref_mut(),
        calendar: &mut calendar,
    };
    for findings in due.findings() {
        let Some(&entity) = roster.0.get(findings.number) else { continue };
        let Ok(one) = villagers.get_mut(entity) else { continue };
        match findings.urgent {
            Some(goal) => deciding.interrupt_one(one, findings, goal),
            None => deciding.decide_one(one, findings),
        }
        // What it does now may be broken off in turn.
        if let Ok((villager, _, _, intent, activity, _, _, agent, goals)) = villagers.get(entity) {
            let (town, world, clock) = (deciding.town, &*deciding.world, deciding.clock);
            let doing = (goals, intent, activity);
            interrupts::file(
                deciding.calendar,
                town,
                world,
                clock,
                (villager, agent),
                doing,
                clock.steps + 1,
            );
        }
    }
}

/// What deciding reads and writes of the town, for one step.
struct Deciding<'w> {
    clock: &'w Clock,
    town: &'w Town,
    shortcuts: Shortcuts,
    log: &'w mut EventLog,
    lines: &'w mut Lines,
    world: &'w mut WorldFacts,
    outlook: &'w mut Outlook,
    tables: Option<&'w mut DecisionTables>,
    calendar: &'w mut Calendar,
}

impl Deciding<'_> {
    /// One villager's decision from what its deliberation found: rest, wait, or pursue a plan
    /// (a new one, or the one it follows, or its place in line kept).
    fn decide_one(&mut self, one: QueryItem<Decider>, findings: Findings) {
        let (villager, position, mut deliberation, mut intent, mut activity, mut reason, mut tally, ..) = one;
        let Findings { viable, mut rows, waiting_on, rests_until, .. } = findings;
        let clock = self.clock;
        // One in line chooses again too; it keeps its place only if it would come here anyway.
        let in_line = matches!(*activity, Activity::Queued { .. }).then(|| intent.current()).flatten();
        if deliberation.resting || viable.is_empty() {
            self.leave_line(villager, in_line, None);
        }
        // A wait, a rest or a line is first counted at the next step's decisions.
        let retry_in = (clock.steps + u64::from(self.town.retry_steps)) as u32;
        let number = villager.number();
        if deliberation.resting {
            let until = rests_until.unwrap_or(retry_in);
            self.calendar.at(u64::from(until), number, Due::Retries);
            let threshold = self.town.scenario.settings.rest_threshold;
            let table = self.keep(number, &mut rows, Outcome::Rested { threshold });
            if !matches!(*activity, Activity::Resting { .. }) {
                *reason = LastReason::Resting;
                self.say(number, Happening::Changed(*reason), table);
            }
            *intent = Intent::default();
            return switch(&mut activity, tally.as_deref_mut(), Activity::Resting { until }, clock.steps);
        }
        let Some(best) = viable.first() else {
            // The reason follows what it waits on at every retry; the log says it once.
            let (goal, blocked, over_budget) = waiting_on.unwrap_or_default();
            *reason = LastReason::Waiting { goal, blocked, over_budget };
            let table = self.keep(number, &mut rows, Outcome::Waited { goal });
            if !matches!(*activity, Activity::Waiting { .. }) {
                self.say(number, Happening::Changed(*reason), table);
            }
            *intent = Intent::default();
            switch(&mut activity, tally.as_deref_mut(), Activity::Waiting { until: retry_in }, clock.steps);
            deliberation.asleep = sleeps(&self.shortcuts, self.town, villager, &deliberation);
            match deliberation.asleep {
                true => self.calendar.sleep(villager.tile(), number),
                false => self.calendar.at(u64::from(retry_in), number, Due::Retries),
            }
            return;
        };
        let (chosen, table) = self.choose(villager, viable, best, &intent, &mut reason, &mut rows);
        if let Some(task) = in_line {
            let first = chosen.plan.first().map(|&t| t as usize);
            if intent.goal() == Some(chosen.goal) && first == Some(task) {
                let queued = Activity::Queued { until: retry_in };
                switch(&mut activity, tally.as_deref_mut(), queued, clock.steps);
                return self.calendar.at(u64::from(retry_in), number, Due::Retries);
            }
            self.leave_line(villager, in_line, first.map(|t| self.town.station(villager.index(), t)));
        }
        let continuing =
            intent.goal() == Some(chosen.goal) && intent.current().is_some() && in_line.is_none();
        if !continuing {
            self.plan_made(number, chosen, table, &mut reason, tally.as_deref_mut());
            *intent = Intent::new(chosen.goal, &chosen.plan);
        }
        let walking = set_off(self.town, villager, &position, &intent, clock.steps, &self.shortcuts);
        self.calendar.at(walking.until().map_or(u64::MAX, u64::from), number, Due::Arrives);
        switch(&mut activity, tally.as_deref_mut(), walking, clock.steps);
    }

    /// One villager's decision when goal `urgent` reached its `interrupts_at` while it did
    /// something that may be broken off: if `urgent` wins the vote as at any safe point (the
    /// best plan, leading the goal pursued by more than the hysteresis), what was under way is
    /// broken off and its plan begins; otherwise it goes on as it was, and its decision table
    /// says why.
    fn interrupt_one(&mut self, one: QueryItem<Decider>, findings: Findings, urgent: u16) {
        let (
            villager,
            mut position,
            mut deliberation,
            mut intent,
            mut activity,
            mut reason,
            mut tally,
            mut agent,
            _,
        ) = one;
        let Findings { viable, mut rows, .. } = findings;
        let (clock, number) = (self.clock, villager.number());
        let Some(was) = Underway::of(&activity, &intent) else { return };
        let hysteresis = self.town.scenario.settings.hysteresis;
        let best = viable.first().filter(|_| !deliberation.resting);
        let incumbent = intent.goal().and_then(|g| viable.iter().find(|v| v.goal == g));
        let (from, from_score) = incumbent.map_or((NO_GOAL, f32::NEG_INFINITY), |i| (i.goal as u16, i.score));
        let wins = best.filter(|b| {
            b.goal == urgent as usize && incumbent.is_none_or(|i| overtakes(b.score, i.score, hysteresis))
        });
        let Some(chosen) = wins else {
            // It goes on: nothing it does changes, and it still does it (not resting).
            deliberation.resting = matches!(*activity, Activity::Resting { .. });
            let best_goal = best.map_or(NO_GOAL, |b| b.goal as u16);
            let urgent_score = viable.iter().find(|v| v.goal == urgent as usize).map(|v| v.score);
            let lead = urgent_score.map_or(f32::NEG_INFINITY, |s| s - from_score);
            let went_on = Outcome::WentOn { goal: urgent, best: best_goal, from, lead, hysteresis, was };
            let table = self.keep(number, &mut rows, went_on);
            self.say(number, Happening::WentOn { goal: urgent, was }, table);
            return;
        };
        let lead = chosen.score - from_score;
        let outcome = Outcome::Interrupted { goal: urgent, from, lead, hysteresis, was };
        let table = self.keep(number, &mut rows, outcome);
        // Said first: what broke in, then what it gave up (its place in a line).
        *reason = LastReason::Interrupted { goal: urgent, from, score: chosen.score, from_score, was };
        self.say(number, Happening::Changed(*reason), table.clone());
        let to = chosen.plan.first().map(|&t| self.town.station(villager.index(), t as usize));
        let shared = Shared { world: self.world, outlook: self.outlook, lines: self.lines, log: self.log };
        let whereabouts = (villager, &mut *agent, &mut *position, &*intent, &*activity);
        break_off(self.town, clock, shared, whereabouts, tally.as_deref_mut(), to);
        self.plan_made(number, chosen, table, &mut reason, tally.as_deref_mut());
        *intent = Intent::new(chosen.goal, &chosen.plan);
        let walking = set_off(self.town, villager, &position, &intent, clock.steps, &self.shortcuts);
        self.calendar.at(walking.until().map_or(u64::MAX, u64::from), number, Due::Arrives);
        switch(&mut activity, tally.as_deref_mut(), walking, clock.steps);
    }

    /// Of the viable plans, the one pursued: the best, unless the goal pursued already has a
    /// plan that `best` does not lead by more than the hysteresis. A switch is said.
    fn choose<'c>(
        &mut self,
        villager: &Villager,
        viable: &'c [Choice],
        best: &'c Choice,
        intent: &Intent,
        reason: &mut LastReason,
        rows: &mut Option<Vec<GoalRow>>,
    ) -> (&'c Choice, Option<Arc<DecisionTable>>) {
        let number = villager.number();
        let incumbent = intent.goal().and_then(|g| viable.iter().find(|v| v.goal == g));
        let hysteresis = self.town.scenario.settings.hysteresis;
        match incumbent {
            Some(inc) if best.goal != inc.goal && overtakes(best.score, inc.score, hysteresis) => {
                let (to, from, lead) = (best.goal as u16, inc.goal as u16, best.score - inc.score);
                let table = self.keep(number, rows, Outcome::Overtook { goal: to, from, lead, hysteresis });
                *reason = LastReason::Switched { to, to_score: best.score, from, from_score: inc.score };
                self.say(number, Happening::Changed(*reason), table.clone());
                (best, table)
            }
            Some(inc) if best.goal != inc.goal => {
                let (goal, lead) = (inc.goal as u16, best.score - inc.score);
                (
                    inc,
                    self.keep(number, rows, Outcome::Kept { goal, best: best.goal as u16, lead, hysteresis }),
                )
            }
            _ if best.followed => {
                (best, self.keep(number, rows, Outcome::Followed { goal: best.goal as u16 }))
            }
            _ => (best, self.keep(number, rows, Outcome::Best { goal: best.goal as u16 })),
        }
    }

    /// Logs a new plan for `chosen`, with the decision's table; what the villager last said of
    /// itself now says what it pursues (not a rest or a wait it left, nor a switch to another
    /// goal).
    fn plan_made(
        &mut self,
        number: usize,
        chosen: &Choice,
        table: Option<Arc<DecisionTable>>,
        reason: &mut LastReason,
        tally: Option<&mut Tally>,
    ) {
        let made = Happening::PlanMade {
            goal: chosen.goal as u16,
            plan: chosen.plan.clone(),
            cost: chosen.cost,
            expanded: u32::try_from(chosen.expanded).unwrap_or(u32::MAX),
            part: chosen.part,
        };
        self.say(number, made, table);
        let goal = chosen.goal as u16;
        match *reason {
            LastReason::Switched { to, .. } | LastReason::Interrupted { goal: to, .. } if to == goal => {}
            LastReason::Abandoned { .. } => {}
            _ => *reason = LastReason::Pursuing { goal },
        }
        if let Some(tally) = tally {
            tally.replans += 1;
        }
    }

    /// One in line at the station of plan step `in_line` leaves it (for station `to`, if it goes
    /// elsewhere); the line's fact says so.
    fn leave_line(&mut self, villager: &Villager, in_line: Option<usize>, to: Option<usize>) {
        let Some(task) = in_line else { return };
        let (town, clock) = (self.town, self.clock);
        let at = town.station(villager.index(), task);
        self.lines.leave(villager.tile(), at, villager.number());
        town.post_line((villager.tile(), stamp(clock)), at, self.lines, self.world, self.outlook);
        let left = Happening::LeftQueue { station: at as u32, to: to.map(|s| s as u32) };
        self.log.record(clock.day, clock.time, Some(villager.number()), left);
    }

    /// The decision's table, where tables are kept: its villager's last, and handed to the event
    /// it logs.
    fn keep(
        &mut self,
        number: usize,
        rows: &mut Option<Vec<GoalRow>>,
        outcome: Outcome,
    ) -> Option<Arc<DecisionTable>> {
        let table = Arc::new(DecisionTable { rows: rows.take()?, outcome });
        self.tables.as_mut()?.0.insert(number, table.clone());
        Some(table)
    }

    fn say(&mut self, number: usize, what: Happening, table: Option<Arc<DecisionTable>>) {
        self.log.record_with(self.clock.day, self.clock.time, Some(number), what, table);
    }
}
