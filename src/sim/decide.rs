//! Arbitration at safe points: every unmet goal is planned from the villager's real state,
//! scored `insistence − weight × cost`, and the best one wins only by more than the hysteresis.
//!
//! It runs in two systems. [`deliberate`] plans, for every villager at once, across the cores
//! of Bevy's compute task pool; [`decide`] then chooses and logs in roster order. Deciding
//! changes neither the world nor anyone's outlook (that happens when an action starts, in the
//! walk phase), so every plan of a step is made against the same world whichever thread makes
//! it, and a parallel run logs exactly what a single-threaded one does.

use super::clock::{Clock, STEP};
use super::log::{EventLog, Happening};
use super::table::{DecisionTable, DecisionTables, GoalRow, Outcome, RowResult};
use super::tiles::Placement;
use super::timing::PlanTimes;
use super::town::{Lines, Outlook, Roster, Town, WorldFacts};
use super::villager::{
    Activity, AgentFacts, Deliberation, Goals, Intent, LastReason, Tally, Verdict, Villager,
};
use super::{SimOptions, SimSet, SimTick};
use crate::planner::{Condition, NoPlan, State};
use crate::scenario;
use bevy::app::App;
use bevy::ecs::prelude::*;
use bevy::ecs::query::QueryItem;
use bevy::utils::Parallel;
use std::cell::RefCell;
use std::sync::Arc;
use std::time::Instant;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DueNow>().add_systems(SimTick, (deliberate, decide).chain().in_set(SimSet::Decide));
}

type Deliberating<'a> = (
    &'a Villager,
    &'a Placement,
    &'a AgentFacts,
    &'a Intent,
    &'a mut Goals,
    &'a mut Activity,
    &'a mut Deliberation,
);

/// Plans every unmet goal of each villager at a safe point, in parallel unless told otherwise.
fn deliberate(
    town: Res<Town>,
    world: Res<WorldFacts>,
    outlook: Res<Outlook>,
    lines: Res<Lines>,
    options: Res<SimOptions>,
    mut due: ResMut<DueNow>,
    mut times: ResMut<PlanTimes>,
    tables: Option<Res<DecisionTables>>,
    mut villagers: Query<Deliberating>,
) {
    let (found, keep_tables) = (&due.found, tables.is_some());
    let (town, world, outlook, lines, options) = (&*town, &*world, &*outlook, &*lines, &*options);
    let think = |one: QueryItem<Deliberating>| {
        let number = one.0.number;
        let mut found = found.borrow_local_mut();
        found.keep_tables = keep_tables;
        if deliberate_one(town, world, outlook, lines, options, &mut found, one) {
            found.numbers.push(number);
        }
    };
    if options.spread(villagers.iter().len()) {
        villagers.par_iter_mut().for_each(think);
    } else {
        villagers.iter_mut().for_each(think);
    }
    let DueNow { found, numbers, choices, rows } = &mut *due;
    numbers.clear();
    choices.clear();
    choices.shrink_to(KEPT_CHOICES);
    rows.clear();
    for thread in found.iter_mut() {
        times.absorb(&mut thread.times);
        numbers.append(&mut thread.numbers);
        choices.append(&mut thread.choices);
        thread.choices.shrink_to(KEPT_CHOICES); // a whole town deliberating at dawn is rare
        rows.append(&mut thread.rows);
    }
    numbers.sort_unstable();
    // Stable: a villager's best plan stays before the one for the goal it pursues.
    choices.sort_by_key(|c| c.number);
    rows.sort_by_key(|r| r.0);
}

/// The villagers (by number, so in roster order) whose deliberation is due this step, so that
/// `decide` visits only them, and the plans it found for them.
#[derive(Resource, Default)]
pub(super) struct DueNow {
    found: Parallel<Found>,
    numbers: Vec<usize>,
    choices: Vec<Choice>,
    /// Each deliberating villager's goals as its decision table shows them (only when tables are kept).
    rows: Vec<(usize, Vec<GoalRow>)>,
}

/// What one planning thread found this step, and how long its plans took.
#[derive(Default)]
struct Found {
    numbers: Vec<usize>,
    choices: Vec<Choice>,
    times: PlanTimes,
    /// Whether decision tables are kept ([`DecisionTables`]), and this step's rows if so.
    keep_tables: bool,
    rows: Vec<(usize, Vec<GoalRow>)>,
}

/// The most plans a thread keeps room for between steps.
const KEPT_CHOICES: usize = 64;

/// A plan deliberation found for a villager's goal. Only the two that can win are handed on:
/// the best (the first of the highest score) and the one for the goal it pursues.
#[derive(Clone, Debug)]
struct Choice {
    number: usize,
    goal: usize,
    score: f32,
    plan: smallvec::SmallVec<[u32; 6]>,
    cost: u64,
    expanded: usize,
}

/// Plans for one villager if it stands at a safe point; returns whether a decision is due.
fn deliberate_one(
    town: &Town,
    world: &WorldFacts,
    outlook: &Outlook,
    lines: &Lines,
    options: &SimOptions,
    found: &mut Found,
    (villager, placement, agent, intent, mut goals, mut activity, mut deliberation): QueryItem<Deliberating>,
) -> bool {
    // Only at safe points: idle, or a wait / rest whose retry is due. Never mid-walk or mid-action.
    match &mut *activity {
        Activity::Idle => {}
        Activity::Waiting { retry_in } | Activity::Resting { retry_in } | Activity::Queued { retry_in } => {
            *retry_in -= STEP;
            if *retry_in > 1e-4 {
                return false;
            }
        }
        Activity::Walking | Activity::Acting { .. } => return false,
    }
    let deliberation = &mut *deliberation;
    VIEW.with_borrow_mut(|view| {
        town.available(world, outlook, placement.tile, &agent.0, view);
        if matches!(*activity, Activity::Queued { .. }) {
            see_own_place(town, lines, villager, placement.tile, intent, view);
        }
        plan_goals(town, options, found, (villager, intent.goal), view, &mut goals, deliberation);
    });
    true
}

/// One in line sees the line it stands in from its own place: only those ahead of it count,
/// so the same line does not look longer to it than to a newcomer and send it away.
fn see_own_place(
    town: &Town,
    lines: &Lines,
    villager: &Villager,
    tile: usize,
    intent: &Intent,
    view: &mut State,
) {
    let Some(at) = intent.current().map(|t| town.station(villager.index, t)) else { return };
    let Some(fact) = town.scenario.lines[at] else { return };
    let line = &lines.0[tile][at];
    let place = line.waiting.iter().position(|&n| n == villager.number).unwrap_or(line.waiting.len());
    let full = town.scenario.stations[at].capacity.is_some_and(|c| line.acting >= c);
    view.set(fact, (place + usize::from(full)).min(scenario::MAX_AHEAD as usize) as crate::planner::Value);
}

thread_local! {
    /// Each planning thread's copy of what the villager it serves can count on.
    static VIEW: RefCell<State> = RefCell::new(State::zeros(0));
}

/// Plans every unmet goal from `view`, unless every one of them is too quiet to bother.
fn plan_goals(
    town: &Town,
    options: &SimOptions,
    found: &mut Found,
    (villager, pursued): (&Villager, Option<usize>),
    view: &State,
    goals: &mut Goals,
    deliberation: &mut Deliberation,
) {
    let c = villager.index;
    let character = &town.scenario.characters[c];
    let settings = &town.scenario.settings;
    let unmet = |g: &usize| !character.goals[*g].conditions.iter().all(|cond| cond.holds_in(view));
    deliberation.resting =
        (0..character.goals.len()).filter(unmet).all(|g| goals.0[g].insistence < settings.rest_threshold);
    // Nothing changed since every goal failed: the searches would fail the same way, so a town
    // of blocked villagers does not spend its steps searching again, and their verdicts stand
    // (debug builds search anyway and check that they do fail).
    let digest = digest(view);
    let hopeless = deliberation.hopeless == Some(digest);
    if !deliberation.resting && hopeless && !cfg!(debug_assertions) && !found.keep_tables {
        return;
    }
    for live in &mut goals.0 {
        live.verdict = Verdict::NotPlanned;
    }
    let mut rows: Vec<GoalRow> = Vec::new();
    if found.keep_tables {
        let row = |g: usize| {
            let result = if !unmet(&g) { RowResult::Met } else { RowResult::Quiet };
            GoalRow { goal: g as u16, insistence: goals.0[g].insistence, result }
        };
        rows.extend((0..character.goals.len()).map(row));
    }
    if deliberation.resting {
        if found.keep_tables {
            found.rows.push((villager.number, rows));
        }
        return;
    }
    let (mut best, mut incumbent) = (None::<Choice>, None::<Choice>);
    for g in (0..character.goals.len()).filter(unmet) {
        let started = options.time_plans.then(Instant::now);
        let result = town.planners[c][g].plan(view, settings.planner_budget);
        if let Some(started) = started {
            found.times.record(started.elapsed().as_nanos() as u64);
        }
        match result {
            Ok(plan) => {
                let (plan_cost, expanded) = (plan.cost, plan.expanded);
                let score =
                    goals.0[g].insistence - settings.cost_weight * scenario::cost_value(plan.cost) as f32;
                goals.0[g].verdict =
                    Verdict::Plan { cost: u32::try_from(plan.cost).unwrap_or(u32::MAX), score };
                let plan: smallvec::SmallVec<[u32; 6]> = plan.steps.iter().copied().collect();
                if let Some(row) = rows.get_mut(g) {
                    row.result = RowResult::Plan { steps: plan.clone(), cost: plan_cost, score };
                }
                let choice =
                    Choice { number: villager.number, goal: g, score, plan, cost: plan_cost, expanded };
                if pursued == Some(g) {
                    incumbent = Some(choice.clone());
                }
                if best.as_ref().is_none_or(|b| score > b.score) {
                    best = Some(choice);
                }
            }
            Err(why) => {
                let blocked = match &why {
                    NoPlan::Unreachable { blocked } => blocked.first().copied(),
                    _ => None,
                };
                goals.0[g].verdict = Verdict::NoPlan { blocked };
                if let Some(row) = rows.get_mut(g) {
                    row.result = RowResult::NoPlan { why: why.kind(), blocked };
                }
            }
        }
    }
    if found.keep_tables {
        found.rows.push((villager.number, rows));
    }
    debug_assert!(!hopeless || best.is_none(), "a hopeless view found a plan");
    deliberation.hopeless = best.is_none().then_some(digest);
    let incumbent = incumbent.filter(|i| best.as_ref().is_some_and(|b| b.goal != i.goal));
    found.choices.extend(best.into_iter().chain(incumbent));
}

/// What a villager with no viable plan waits on: its most insistent goal without a plan (the
/// first of equals), and what blocks it.
fn waiting_on(goals: &Goals) -> (u16, Option<Condition>) {
    let mut waiting = (0, None);
    let mut loudest = f32::NEG_INFINITY;
    for (g, live) in goals.0.iter().enumerate() {
        if let Verdict::NoPlan { blocked } = live.verdict
            && live.insistence > loudest
        {
            (waiting, loudest) = ((g as u16, blocked), live.insistence);
        }
    }
    waiting
}

/// A 64-bit digest of a state (SipHash with fixed keys: the same in every run).
fn digest(view: &State) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    view.hash(&mut hasher);
    hasher.finish()
}

/// Chooses among the plans [`deliberate`] left, villager by villager in roster order.
fn decide(
    clock: Res<Clock>,
    town: Res<Town>,
    mut log: ResMut<EventLog>,
    roster: Res<Roster>,
    due: Res<DueNow>,
    mut lines: ResMut<Lines>,
    mut world: ResMut<WorldFacts>,
    mut outlook: ResMut<Outlook>,
    mut tables: Option<ResMut<DecisionTables>>,
    mut villagers: Query<(
        &Villager,
        &Placement,
        &Goals,
        &Deliberation,
        &mut Intent,
        &mut Activity,
        &mut LastReason,
        &mut Tally,
    )>,
) {
    let (mut choices, mut rows) = (due.choices.as_slice(), due.rows.as_slice());
    for &number in &due.numbers {
        // This villager's plans: the choices are in roster order too, and so are the rows.
        let mine = choices.iter().take_while(|c| c.number == number).count();
        let viable;
        (viable, choices) = choices.split_at(mine);
        let mut my_rows = rows.first().filter(|r| r.0 == number).map(|r| r.1.clone());
        rows = &rows[usize::from(my_rows.is_some())..];
        // The decision's table, kept as its villager's last and handed to the event it logs.
        let mut keep = |outcome: Outcome| -> Option<Arc<DecisionTable>> {
            let table = Arc::new(DecisionTable { rows: my_rows.take()?, outcome });
            tables.as_mut()?.0.insert(number, table.clone());
            Some(table)
        };
        let Some(&entity) = roster.0.get(number) else { continue };
        let Ok((villager, placement, goals, deliberation, mut intent, mut activity, mut reason, mut tally)) =
            villagers.get_mut(entity)
        else {
            continue;
        };
        // One in line chooses again too; it keeps its place only if it would come here anyway.
        let in_line = matches!(*activity, Activity::Queued { .. }).then(|| intent.current()).flatten();
        let mut leave_line = |log: &mut EventLog, to: Option<usize>| {
            let Some(task) = in_line else { return };
            let at = town.station(villager.index, task);
            let line = &mut lines.0[placement.tile][at];
            line.waiting.retain(|&n| n != villager.number);
            town.post_line(placement.tile, at, line, &mut world, &mut outlook);
            let left = Happening::LeftQueue { station: at as u32, to: to.map(|s| s as u32) };
            log.record(clock.day, clock.time, Some(villager.number), left);
        };
        if deliberation.resting || viable.is_empty() {
            leave_line(&mut log, None);
        }
        let mut say = |what: Happening, table: Option<Arc<DecisionTable>>| {
            log.record_with(clock.day, clock.time, Some(villager.number), what, table)
        };
        let c = villager.index;
        let settings = &town.scenario.settings;
        let retry_in = settings.retry_interval;

        if deliberation.resting {
            let table = keep(Outcome::Rested { threshold: settings.rest_threshold });
            if !matches!(*activity, Activity::Resting { .. }) {
                *reason = LastReason::Resting;
                say(Happening::Changed(*reason), table);
            }
            *intent = Intent::default();
            *activity = Activity::Resting { retry_in };
            continue;
        }

        let Some(best) = viable.first() else {
            // The reason follows what it waits on at every retry; the log says it once.
            let (goal, blocked) = waiting_on(goals);
            *reason = LastReason::Waiting { goal, blocked };
            let table = keep(Outcome::Waited { goal });
            if !matches!(*activity, Activity::Waiting { .. }) {
                say(Happening::Changed(*reason), table);
            }
            *intent = Intent::default();
            *activity = Activity::Waiting { retry_in };
            continue;
        };

        let incumbent = intent.goal.and_then(|g| viable.iter().find(|v| v.goal == g));
        let hysteresis = settings.hysteresis;
        let (chosen, table) = match incumbent {
            Some(inc) if best.goal != inc.goal && best.score > inc.score + hysteresis => {
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
            _ => (best, keep(Outcome::Best { goal: best.goal as u16 })),
        };

        if let Some(task) = in_line {
            let first = chosen.plan.first().map(|&t| t as usize);
            if intent.goal == Some(chosen.goal) && first == Some(task) {
                *activity = Activity::Queued { retry_in };
                continue;
            }
            leave_line(&mut log, first.map(|t| town.station(c, t)));
        }
        let continuing =
            intent.goal == Some(chosen.goal) && intent.step < intent.plan.len() && in_line.is_none();
        if !continuing {
            let made = Happening::PlanMade {
                goal: chosen.goal as u16,
                plan: chosen.plan.clone(),
                cost: chosen.cost,
                expanded: u32::try_from(chosen.expanded).unwrap_or(u32::MAX),
            };
            log.record_with(clock.day, clock.time, Some(villager.number), made, table);
            tally.replans += 1;
            *intent = Intent { goal: Some(chosen.goal), plan: chosen.plan.clone(), step: 0 };
        }
        *activity = Activity::Walking;
    }
}
