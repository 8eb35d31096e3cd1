//! The planning half of a decision: at a safe point every unmet goal is planned from what the
//! villager can count on, for every villager the calendar says is due, across the cores of
//! Bevy's compute task pool in a large town. A wait that found no plan is not searched again
//! while what the villager can count on stands (and sleeps, see [`super::calendar`]). What it
//! finds — the plans that can win, and each goal's row of the decision table where tables are
//! kept — is handed to [`decide`](super::decide) in roster order ([`super::due`]).

use super::SimOptions;
use super::due::{DueNow, Found, Wait};
use super::table::DecisionTables;
use super::timing::PlanTimes;
use super::town::{Lines, Outlook, Town, WorldFacts};
use super::villager::{Activity, AgentFacts, Deliberation, Goals, Intent, Verdict, Villager};
use crate::planner::State;
use crate::scenario;
use bevy::ecs::prelude::*;
use bevy::ecs::query::QueryItem;
use std::cell::RefCell;

pub(super) type Deliberating<'a> =
    (&'a Villager, &'a AgentFacts, &'a Intent, &'a mut Goals, &'a Activity, &'a mut Deliberation);

/// Plans every unmet goal of each villager at a safe point, in parallel unless told otherwise.
pub(super) fn deliberate(
    clock: Res<super::Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    outlook: Res<Outlook>,
    lines: Res<Lines>,
    options: Res<SimOptions>,
    mut due: ResMut<DueNow>,
    mut times: ResMut<PlanTimes>,
    tables: Option<Res<DecisionTables>>,
    roster: Res<super::Roster>,
    mut calendar: ResMut<super::calendar::Calendar>,
    mut villagers: Query<Deliberating>,
) {
    let (found, keep_tables) = (due.threads(), tables.is_some());
    let (town, world, outlook, lines, options) = (&*town, &*world, &*outlook, &*lines, &*options);
    let (clock, now) = (&*clock, clock.steps);
    let think = |one: QueryItem<Deliberating>| {
        if !one.4.at_safe_point(now) || one.5.asleep {
            return;
        }
        let number = one.0.number();
        let mut found = found.borrow_local_mut();
        found.keep_tables = keep_tables;
        deliberate_one((town, world, clock), outlook, lines, options, &mut found, one);
        found.numbers.push(number);
    };
    let deciding = calendar.deciding();
    if cfg!(debug_assertions) {
        super::calendar::check(&villagers, &deciding, (town, world, outlook), now);
    }
    if options.spread(villagers.iter().len()) {
        // Visiting every villager on every thread costs less than a set of them the threads
        // could share.
        villagers.par_iter_mut().for_each(think);
    } else {
        let mut them = villagers.iter_many_mut(deciding.iter().map(|&n| roster.0[n as usize]));
        while let Some(one) = them.fetch_next() {
            think(one);
        }
    }
    due.gather(&mut times);
}

/// Plans for one villager at a safe point.
fn deliberate_one(
    (town, world, clock): (&Town, &WorldFacts, &super::Clock),
    outlook: &Outlook,
    lines: &Lines,
    options: &SimOptions,
    found: &mut Found,
    (villager, agent, intent, mut goals, activity, mut deliberation): QueryItem<Deliberating>,
) {
    let deliberation = &mut *deliberation;
    let loudness = super::needs::hear(town, world, clock, (villager, agent), &goals);
    VIEW.with_borrow_mut(|view| {
        deciding_view(town, (world, outlook, lines), (villager, agent, intent, activity), view);
        // Mid-plan, free to go on or in line (which it keeps only if the new plan begins there).
        let in_line = matches!(*activity, Activity::Queued { .. });
        let free = in_line || matches!(*activity, Activity::Idle);
        let following = free.then_some(intent).filter(|i| i.current().is_some()).map(|i| (i, in_line));
        let asked = (villager, intent.goal(), following, &loudness[..]);
        super::weigh::weigh(town, options, found, asked, view, &mut goals, deliberation);
    });
    let planned = found.choices.last().is_some_and(|c| c.number == villager.number());
    if !deliberation.resting && !planned {
        found.waits.push((villager.number(), waiting_on(&goals, &loudness)));
    }
    // A rest whose end is known is not polled.
    if deliberation.resting
        && options.shortcuts.rest_ends
        && super::needs::foreseeable(town, villager.index())
    {
        let ends = super::needs::rest_ends(town, world, clock, (villager, agent), &goals);
        found.rests.push((villager.number(), ends));
    }
}

/// What a villager with no viable plan waits on: its most insistent goal without a plan (the
/// first of equals), and what blocks it.
fn waiting_on(goals: &Goals, loudness: &[f32]) -> Wait {
    let mut waiting = (0, None);
    let mut loudest = f32::NEG_INFINITY;
    for (g, (live, &insistence)) in goals.0.iter().zip(loudness).enumerate() {
        if let Verdict::NoPlan { blocked } = live.verdict
            && insistence > loudest
        {
            (waiting, loudest) = ((g as u16, blocked), insistence);
        }
    }
    waiting
}

/// What a villager deciding now can count on, into `view`: its own facts, its tile's world and
/// outlook, and in line the line it stands in as seen from its own place. The game's search
/// window searches from it too.
pub fn deciding_view(
    town: &Town,
    (world, outlook, lines): (&WorldFacts, &Outlook, &Lines),
    (villager, agent, intent, activity): (&Villager, &AgentFacts, &Intent, &Activity),
    view: &mut State,
) {
    town.available(world, outlook, villager.tile(), &agent.0, view);
    if matches!(*activity, Activity::Queued { .. }) {
        see_own_place(town, lines, villager, intent, view);
    }
}

/// One in line sees the line it stands in from its own place: only those ahead of it count,
/// so the same line does not look longer to it than to a newcomer and send it away.
fn see_own_place(town: &Town, lines: &Lines, villager: &Villager, intent: &Intent, view: &mut State) {
    let Some(at) = intent.current().map(|t| town.station(villager.index(), t)) else { return };
    let Some(fact) = town.scenario.lines[at] else { return };
    let tile = villager.tile();
    let place =
        lines.place_of(tile, at, villager.number()).unwrap_or_else(|| lines.waiting(tile, at).count());
    let full = lines.full(tile, at, town.scenario.stations[at].capacity);
    view.set(fact, (place + usize::from(full)).min(scenario::MAX_AHEAD as usize) as crate::planner::Value);
}

thread_local! {
    /// Each planning thread's copy of what the villager it serves can count on.
    static VIEW: RefCell<State> = RefCell::new(State::zeros(0));
}
