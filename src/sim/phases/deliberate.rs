//! The planning half of a decision: at a safe point every unmet goal is planned from what the
//! villager can count on, for every villager the calendar says is due, across the cores of
//! Bevy's compute task pool in a large town. A wait that found no plan is not searched again
//! while what the villager can count on stands (and sleeps, see [`crate::sim::calendar::sleepers`]). What it
//! finds — the plans that can win, and each goal's row of the decision table where tables are
//! kept — is handed to [`decide`](super::decide) in roster order ([`super::due`]).

use crate::planner::State;
use crate::sim::calendar::interrupts;
use crate::sim::options::SimOptions;
use crate::sim::phases::due::{DueNow, Found, Wait};
use crate::sim::state::ahead;
use crate::sim::state::goals::{Goals, Verdict};
use crate::sim::state::lines::{Lines, see_own_place, see_own_turn};
use crate::sim::state::table::DecisionTables;
use crate::sim::state::timing::PlanTimes;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, AgentFacts, Deliberation, Intent, Position, Villager, digest};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::ecs::prelude::*;
use bevy::ecs::query::QueryItem;
use std::cell::RefCell;

pub(crate) type Deliberating<'a> =
    (&'a Villager, &'a AgentFacts, &'a Intent, &'a mut Goals, &'a Activity, &'a mut Deliberation);

/// Plans every unmet goal of each villager at a safe point, in parallel unless told otherwise.
pub(crate) fn deliberate(
    clock: Res<crate::sim::state::time::Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    outlook: Res<Outlook>,
    lines: Res<Lines>,
    options: Res<SimOptions>,
    mut due: ResMut<DueNow>,
    mut times: ResMut<PlanTimes>,
    tables: Option<Res<DecisionTables>>,
    roster: Res<crate::sim::state::roster::Roster>,
    mut calendar: ResMut<crate::sim::calendar::Calendar>,
    mut villagers: Query<Deliberating>,
    positions: Query<&Position>,
) {
    let (found, keep_tables) = (due.threads(), tables.is_some());
    let (town, world, outlook, lines, options) = (&*town, &*world, &*outlook, &*lines, &*options);
    let (clock, now) = (&*clock, clock.steps);
    let interrupting = interrupting(&mut calendar, (town, world, clock), &roster, &villagers);
    let interrupted = |number: usize| interrupting.binary_search_by_key(&number, |i| i.0).is_ok();
    let think = |one: QueryItem<Deliberating>| {
        let safe = one.4.at_safe_point(now) && !one.5.asleep;
        if !safe && !interrupted(one.0.number()) {
            return;
        }
        let number = one.0.number();
        let mut found = found.borrow_local_mut();
        found.keep_tables = keep_tables;
        let afar = stands_afar(town, clock, (&*roster, &positions), &one);
        deliberate_one((town, world, clock), outlook, lines, options, &mut found, one, afar.as_deref());
        found.numbers.push(number);
    };
    let mut deciding = calendar.deciding();
    if cfg!(debug_assertions) {
        check_calendar(&villagers, &deciding, (town, world, outlook), now);
    }
    if options.spread(villagers.iter().len()) {
        // Visiting every villager on every thread costs less than a set of them the threads
        // could share.
        villagers.par_iter_mut().for_each(think);
    } else {
        if !interrupting.is_empty() {
            deciding.extend(interrupting.iter().map(|i| i.0 as u32));
            crate::sim::state::roster::in_order(&mut deciding);
        }
        for (turn, &number) in deciding.iter().enumerate() {
            ahead::ask(&villagers, &roster, &deciding, turn);
            if let Ok(one) = villagers.get_mut(roster.0[number as usize]) {
                think(one);
            }
        }
    }
    due.gather(&mut times);
    due.interrupting = interrupting;
}

/// This step's villagers whose goal reached its `interrupts_at` while they do something that
/// may be broken off, each with that goal, in roster order. An entry whose villager has since
/// come to a decision, or begun what cannot be broken off, is left; one whose goal was quieted
/// (a quota partly met by others) is filed again for when it will be loud.
fn interrupting(
    calendar: &mut crate::sim::calendar::Calendar,
    (town, world, clock): (&Town, &WorldFacts, &crate::sim::state::time::Clock),
    roster: &crate::sim::state::roster::Roster,
    villagers: &Query<Deliberating>,
) -> Vec<(usize, u16)> {
    let mut interrupting = Vec::new();
    let now = clock.steps;
    for number in calendar.interrupting() {
        let Ok((villager, agent, intent, goals, activity, deliberation)) =
            villagers.get(roster.0[number as usize])
        else {
            continue;
        };
        if activity.at_safe_point(now)
            || deliberation.asleep
            || !interrupts::breakable(town, villager, intent, activity)
        {
            continue;
        }
        match interrupts::urgent(town, world, clock, (villager, agent), goals, intent) {
            Some((goal, _)) => interrupting.push((number as usize, goal as u16)),
            None => interrupts::file(
                calendar,
                town,
                world,
                clock,
                (villager, agent),
                (goals, intent, activity),
                now + 1,
            ),
        }
    }
    interrupting
}

/// What walking to each of a villager's tasks costs from where it stands, when that is no
/// station nor its start: where it stopped on the way, or on the way as an urgent goal breaks
/// in. `None` for the others, whose walks the planners' tables price.
fn stands_afar(
    town: &Town,
    clock: &crate::sim::state::time::Clock,
    (roster, positions): (&crate::sim::state::roster::Roster, &Query<&Position>),
    (villager, agent, intent, _, activity, _): &QueryItem<Deliberating>,
) -> Option<Vec<Option<u32>>> {
    let walking = matches!(**activity, Activity::Walking { .. });
    if !walking && agent.0.get(town.scenario.place) != crate::scenario::HERE {
        return None;
    }
    let position = positions.get(roster.0[villager.number()]).ok()?;
    let whereabouts = (&**villager, position, &**intent, &**activity);
    Some(town.first_walks(villager, crate::sim::phases::walk::position_at(town, clock.steps, whereabouts)))
}

/// Plans for one villager at a safe point; `afar`, what walking to each of its tasks costs from
/// where it stands when the planners' tables do not say ([`stands_afar`]).
fn deliberate_one(
    (town, world, clock): (&Town, &WorldFacts, &crate::sim::state::time::Clock),
    outlook: &Outlook,
    lines: &Lines,
    options: &SimOptions,
    found: &mut Found,
    (villager, agent, intent, mut goals, activity, mut deliberation): QueryItem<Deliberating>,
    afar: Option<&[Option<u32>]>,
) {
    let deliberation = &mut *deliberation;
    let loudness = crate::sim::state::needs::hear(town, world, clock, (villager, agent), &goals);
    if interrupts::may_interrupt(town, villager.index()) {
        interrupts::arm(town, villager.index(), &loudness, &mut goals);
    }
    VIEW.with_borrow_mut(|view| {
        deciding_view(town, (world, outlook, lines), (villager, agent, intent, activity), view);
        if afar.is_some() {
            view.set(town.scenario.place, crate::scenario::HERE);
        }
        // Mid-plan — idle between its steps, in line (which it keeps only if the new plan begins
        // there), or walking or acting as an urgent goal breaks in — it may go on with its plan.
        // (A wait or a rest has none.)
        let in_line = matches!(*activity, Activity::Queued { .. });
        let following = intent.current().is_some().then_some((intent, in_line));
        let asked = (villager, intent.goal(), following, &loudness[..]);
        let standing = (&*view, afar);
        crate::sim::phases::weigh::weigh(town, options, found, asked, standing, &mut goals, deliberation);
    });
    let planned = found.choices.last().is_some_and(|c| c.number == villager.number());
    if !deliberation.resting && !planned {
        found.waits.push((villager.number(), waiting_on(&goals, &loudness)));
    }
    // A rest whose end is known is not polled.
    if deliberation.resting
        && options.shortcuts.rest_ends
        && crate::sim::phases::needs::foreseeable(town, villager.index())
    {
        let ends = crate::sim::phases::needs::rest_ends(town, world, clock, (villager, agent), &goals);
        found.rests.push((villager.number(), ends));
    }
}

/// What a villager with no viable plan waits on: its most insistent goal without a plan (the
/// first of equals), what blocks it, and whether its search gave up at the budget.
fn waiting_on(goals: &Goals, loudness: &[f32]) -> Wait {
    let mut waiting = (0, None, false);
    let mut loudest = f32::NEG_INFINITY;
    for (g, (live, &insistence)) in goals.0.iter().zip(loudness).enumerate() {
        let no_plan = match live.verdict {
            Verdict::NoPlan { blocked } => Some((blocked, false)),
            Verdict::OverBudget => Some((None, true)),
            Verdict::NotPlanned | Verdict::Planned => None,
        };
        if let Some((blocked, over_budget)) = no_plan
            && insistence > loudest
        {
            (waiting, loudest) = ((g as u16, blocked, over_budget), insistence);
        }
    }
    waiting
}

/// What a villager deciding now can count on, into `view`: its own facts, its tile's world and
/// outlook, in line the line it stands in as seen from its own place, and mid-action what the
/// action promised to take as there again. The game's search window searches from it too.
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
    // Mid-action (an urgent goal weighing whether to break it off): as if it were broken off,
    // its turn at the station is free and what the action promised to take is there again, for
    // its goal's plans as for the others'.
    if let (Activity::Acting { .. }, Some(task)) = (activity, intent.current()) {
        see_own_turn(town, lines, villager, town.station(villager.index(), task), view);
        let (world, outlook) = (world.tile(villager.tile()), outlook.0.tile(villager.tile()));
        for effect in &town.action(villager.index(), task).planning.effects {
            use crate::planner::Change;
            let promised = outlook.get(effect.fact);
            let back = match effect.change {
                Change::Add => promised.saturating_sub(effect.value),
                Change::Subtract => promised.saturating_add(effect.value),
                Change::Set => continue, // never interruptible (validation)
            };
            if effect.fact.index() >= town.own_facts {
                view.set(effect.fact, world.get(effect.fact).min(back));
            }
        }
    }
}

thread_local! {
    /// Each planning thread's copy of what the villager it serves can count on.
    static VIEW: RefCell<State> = RefCell::new(State::zeros(0));
}

/// Every test run (a debug build) checks at every step's decisions that the calendar missed no
/// one: no action or walk overdue, everyone at a safe point deciding, unless asleep on the very
/// view that failed.
fn check_calendar(
    villagers: &Query<Deliberating>,
    deciding: &[u32],
    (town, world, outlook): (&Town, &WorldFacts, &Outlook),
    now: u64,
) {
    for (villager, agent, _, _, activity, deliberation) in villagers.iter() {
        let number = villager.number();
        let overdue = matches!(*activity, Activity::Acting { until } | Activity::Walking { until, .. } if now >= u64::from(until));
        assert!(!overdue, "villager {number} should have finished by step {now}: {activity:?}");
        let due = activity.at_safe_point(now);
        let missed = due && !deliberation.asleep && deciding.binary_search(&(number as u32)).is_err();
        assert!(!missed, "villager {number} should decide at step {now}: {activity:?}");
        let woke_late = due
            && deliberation.asleep
            && !sees_what_failed(town, world, outlook, (villager, agent), deliberation);
        assert!(!woke_late, "villager {number} slept through a change at step {now}");
    }
}

/// Whether what a villager can count on now is the view every goal of it last failed from.
fn sees_what_failed(
    town: &Town,
    world: &WorldFacts,
    outlook: &Outlook,
    (villager, agent): (&Villager, &AgentFacts),
    deliberation: &Deliberation,
) -> bool {
    let mut view = State::zeros(0);
    town.available(world, outlook, villager.tile(), &agent.0, &mut view);
    deliberation.hopeless == Some(digest(&view))
}
