//! The planning half of a decision: at a safe point every unmet goal is planned from what the
//! villager can count on, for every villager the calendar says is due, across the cores of
//! Bevy's compute task pool in a large town. A wait that found no plan is not searched again
//! while what the villager can count on stands (and sleeps, see [`super::calendar`]). What it
//! finds — the plans that can win, and each goal's row of the decision table where tables are
//! kept — is handed to [`decide`](super::decide) in roster order ([`super::due`]).

use super::SimOptions;
use super::decide::overtakes;
use super::due::{Choice, DueNow, Found, Wait};
use super::planners::{CharacterPlanners, partial_target};
use super::table::{DecisionTables, GoalRow, RowResult};
use super::timing::PlanTimes;
use super::town::{Lines, Outlook, Town, WorldFacts};
use super::villager::{Activity, AgentFacts, Deliberation, Goals, Intent, Verdict, Villager};
use crate::planner::{NoPlan, Plan, Planner, State, Value};
use crate::scenario;
use bevy::ecs::prelude::*;
use bevy::ecs::query::QueryItem;
use std::cell::RefCell;
use std::num::NonZeroU64;
use std::time::Instant;

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
        if !at_safe_point(one.4, now) || one.5.asleep {
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

/// Whether a villager doing `activity` decides at step `now`: idle, or a wait, a rest or a line
/// whose retry is due. Never mid-walk or mid-action.
pub(super) fn at_safe_point(activity: &Activity, now: u64) -> bool {
    match activity {
        Activity::Idle => true,
        Activity::Waiting { until } | Activity::Resting { until } | Activity::Queued { until } => {
            now >= u64::from(*until)
        }
        Activity::Walking { .. } | Activity::Acting { .. } => false,
    }
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
        plan_goals(town, options, found, asked, view, &mut goals, deliberation);
    });
    let planned = found.choices.last().is_some_and(|c| c.number == villager.number());
    if !deliberation.resting && !planned {
        found.waits.push((villager.number(), waiting_on(&goals, &loudness)));
    }
    // A rest whose end is known is not polled (where every decision's table is kept, it is).
    if deliberation.resting && !found.keep_tables && super::needs::foreseeable(town, villager.index()) {
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

/// Plans every unmet goal from `view`, unless every one of them is too quiet to bother.
fn plan_goals(
    town: &Town,
    options: &SimOptions,
    found: &mut Found,
    (villager, pursued, following, loudness): (&Villager, Option<usize>, Option<(&Intent, bool)>, &[f32]),
    view: &State,
    goals: &mut Goals,
    deliberation: &mut Deliberation,
) {
    let c = villager.index();
    let (character, planners) = (&town.scenario.characters[c], town.planners(c, view));
    let settings = &town.scenario.settings;
    let met = |g: &usize| character.goals[*g].conditions.iter().all(|cond| cond.holds_in(view));
    // It rests when every unmet goal is quieter than the rest threshold. Otherwise every unmet
    // goal is planned but a need that quiet: nobody eats before they are hungry (a quota's
    // work is there to do, however softly it asks).
    let loud = |g: &usize| loudness[*g] >= settings.rest_threshold;
    let need = |g: &usize| matches!(character.goals[*g].drift, scenario::Drift::Need { .. });
    deliberation.resting = !(0..character.goals.len()).any(|g| !met(&g) && loud(&g));
    let unmet = |g: &usize| !met(g) && (loud(g) || !need(g));
    // Whether a need was left out as too quiet: it may grow loud while the view stands.
    let quiet = (0..character.goals.len()).any(|g| !met(&g) && !loud(&g) && need(&g));
    // Nothing changed since every goal failed: the searches would fail the same way, so a town
    // of blocked villagers does not spend its steps searching again, and their verdicts stand
    // (debug builds search anyway and check that they do fail).
    let hopeless = deliberation.hopeless.is_some_and(|failed| failed == digest(view));
    if !deliberation.resting && hopeless && !cfg!(debug_assertions) && !found.keep_tables {
        return;
    }
    for live in &mut goals.0 {
        live.verdict = Verdict::NotPlanned;
    }
    let mut rows: Vec<GoalRow> = Vec::new();
    if found.keep_tables {
        let row = |g: usize| {
            let result = if met(&g) { RowResult::Met } else { RowResult::Quiet };
            GoalRow { goal: g as u16, insistence: loudness[g], result }
        };
        rows.extend((0..character.goals.len()).map(row));
    }
    if deliberation.resting {
        if found.keep_tables {
            found.rows.push((villager.number(), rows));
        }
        return;
    }
    let (mut best, mut incumbent) = (None::<Choice>, None::<Choice>);
    let cost_score = |cost: u64| settings.cost_weight * scenario::cost_value(cost) as f32;
    // The best score each goal's plan could reach: its insistence less what its cheapest
    // possible plan would cost. The pursued goal comes first (its plan is wanted whatever it
    // scores, for the hysteresis), then the others by that ceiling, so that once a plan is
    // found the goals whose plan could not beat it are left unplanned — unless every decision's
    // table is kept, where each goal's plan is shown.
    let ceiling = |g: usize| {
        if pursued == Some(g) && !cfg!(debug_assertions) {
            return f32::INFINITY; // planned whatever it could score (debug builds check the bound)
        }
        let least = easiest(planners, g, &character.goals[g], view).least_cost(view);
        least.map_or(f32::NEG_INFINITY, |cost| loudness[g] - cost_score(cost))
    };
    let unmet_goals: smallvec::SmallVec<[usize; 8]> = (0..character.goals.len()).filter(unmet).collect();
    // The plan being followed prices its goal from above, where its search would surely find a
    // plan: when no other goal could beat even that price by the hysteresis, `decide` keeps the
    // goal whatever the searches found — and the plan, mid-plan, or the place in line, where
    // the new plan would surely begin there — so they are not made (debug builds make them,
    // check, and then go on as the shortcut does).
    let hysteresis = settings.hysteresis;
    let mut carried = following.filter(|_| !found.keep_tables).and_then(|(intent, in_line)| {
        let g = intent.goal().filter(|g| unmet_goals.contains(g))?;
        let steps: smallvec::SmallVec<[usize; 8]> = intent.plan().skip(intent.step()).collect();
        let cost = planners.whole(g).follow(view, &steps, settings.planner_budget)?;
        let score = loudness[g] - cost_score(cost);
        // A goal whose quick ceiling would lead is looked at more closely. No ceiling is above
        // how loudly its goal asks (costs weigh nothing or more), so a goal too quiet to lead
        // is not priced at all.
        let closer = |o: usize| {
            let least = easiest(planners, o, &character.goals[o], view).least_cost_ahead(view);
            least.map_or(f32::NEG_INFINITY, |cost| loudness[o] - cost_score(cost))
        };
        let could_lead = |o: usize| o != g && overtakes(loudness[o], score, hysteresis);
        let mut rivals = (unmet_goals.iter().copied())
            .filter(|&o| could_lead(o) && overtakes(ceiling(o), score, hysteresis));
        if rivals.any(|o| overtakes(closer(o), score, hysteresis)) {
            return None;
        }
        // In line, the new plan must begin where it stands: looked at last, as the dearest.
        if in_line && !planners.whole(g).begins_with(view, steps[0], cost) {
            return None;
        }
        let plan = steps.iter().map(|&t| t as u32).collect();
        Some(Choice { number: villager.number(), goal: g, score, plan, cost, expanded: 0, part: None })
    });
    let carry_on = |goals: &mut Goals, deliberation: &mut Deliberation, found: &mut Found, kept: Choice| {
        for (g, live) in goals.0.iter_mut().enumerate() {
            live.verdict = if g == kept.goal { Verdict::Planned } else { Verdict::NotPlanned };
        }
        deliberation.hopeless = None;
        found.choices.push(kept);
    };
    if !cfg!(debug_assertions)
        && let Some(kept) = carried.take()
    {
        return carry_on(goals, deliberation, found, kept);
    }
    let mut order: smallvec::SmallVec<[(usize, f32); 8]> =
        unmet_goals.iter().map(|&g| (g, ceiling(g))).collect();
    order.sort_by(|a, b| (pursued != Some(a.0)).cmp(&(pursued != Some(b.0))).then(b.1.total_cmp(&a.1)));
    // Of equal scores the first goal wins, as the goals are written.
    let beats = |(score, g): (f32, usize), best: &Choice| {
        score > best.score || (score == best.score && g < best.goal)
    };
    for (g, ceiling) in order {
        // Left out: a goal whose plan could not be the best, or could not lead the pursued
        // goal's by the hysteresis (`decide` keeps the pursued plan then, whichever is best).
        let outbid = !found.keep_tables
            && pursued != Some(g)
            && (best.as_ref().is_some_and(|b| !beats((ceiling, g), b))
                || incumbent.as_ref().is_some_and(|i| !overtakes(ceiling, i.score, hysteresis)));
        if outbid && !cfg!(debug_assertions) {
            continue;
        }
        let started = (options.time_plans && found.times.count_one()).then(Instant::now);
        let (result, part) = plan_goal(planners, g, &character.goals[g], view, settings.planner_budget);
        if let Some(started) = started {
            found.times.record(started.elapsed().as_nanos() as u64);
        }
        match result {
            Ok(plan) => {
                let (plan_cost, expanded) = (plan.cost, plan.expanded);
                let score = loudness[g] - cost_score(plan.cost);
                debug_assert!(score <= ceiling, "a plan scored {score} above its ceiling {ceiling}");
                if outbid {
                    continue; // debug builds check that the plan left out could not have won
                }
                goals.0[g].verdict = Verdict::Planned;
                let plan: smallvec::SmallVec<[u32; 6]> = plan.steps.iter().copied().collect();
                if let Some(row) = rows.get_mut(g) {
                    row.result = RowResult::Plan { steps: plan.clone(), cost: plan_cost, score, part };
                }
                let number = villager.number();
                let choice = Choice { number, goal: g, score, plan, cost: plan_cost, expanded, part };
                if pursued == Some(g) {
                    incumbent = Some(choice.clone());
                }
                if best.as_ref().is_none_or(|b| beats((score, g), b)) {
                    best = Some(choice);
                }
            }
            Err(_) if outbid => {}
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
        found.rows.push((villager.number(), rows));
    }
    debug_assert!(!hopeless || best.is_none(), "a hopeless view found a plan");
    if let Some(kept) = carried {
        let planned = incumbent.as_ref().expect("a plan being followed has a plan");
        let leader = best.as_ref().expect("the plan being followed is viable");
        let overtaken = leader.goal != planned.goal && overtakes(leader.score, planned.score, hysteresis);
        assert!(!overtaken && planned.score >= kept.score, "a kept plan would be overtaken: {leader:?}");
        let moved =
            following.is_some_and(|(_, in_line)| in_line) && planned.plan.first() != kept.plan.first();
        assert!(!moved, "one kept in line would go elsewhere: {planned:?}");
        return carry_on(goals, deliberation, found, kept);
    }
    // A failure that a goal growing loud may end is not one to sleep on or skip searches for.
    deliberation.hopeless = (best.is_none() && !quiet).then(|| digest(view));
    let incumbent = incumbent.filter(|i| best.as_ref().is_some_and(|b| b.goal != i.goal));
    found.choices.extend(best.into_iter().chain(incumbent));
}

/// The planner that answers most cheaply for a lower bound on `goal`'s plans from `view`: for a
/// quota that may be met in part, the one for the least part still unmet (no plan for the
/// whole, nor for more of it, costs less).
fn easiest<'a>(
    planners: CharacterPlanners<'a>,
    g: usize,
    goal: &scenario::Goal,
    view: &State,
) -> &'a Planner {
    let next = partial_target(goal).map(|c| view.get(c.fact).saturating_add(1));
    next.and_then(|m| planners.part(g, m)).unwrap_or_else(|| planners.whole(g))
}

/// Plans for `goal` from `view`; when the whole of a quota that may be met in part is out of
/// reach (the search tried every state), for as much of it as can be reached now: the part
/// planned for (`fact >= part`) comes with the plan.
fn plan_goal(
    planners: CharacterPlanners,
    g: usize,
    goal: &scenario::Goal,
    view: &State,
    budget: usize,
) -> (Result<Plan, NoPlan>, Option<Value>) {
    let whole = planners.whole(g).plan(view, budget);
    let (Err(NoPlan::Exhausted { .. }), Some(target)) = (&whole, partial_target(goal)) else {
        return (whole, None);
    };
    let mut most = None;
    for part in view.get(target.fact).saturating_add(1).max(1)..target.value {
        match planners.part(g, part).map(|planner| planner.plan(view, budget)) {
            Some(Ok(plan)) => most = Some((plan, part)),
            _ => break,
        }
    }
    match most {
        Some((plan, part)) => (Ok(plan), Some(part)),
        None => (whole, None),
    }
}

/// A 64-bit digest of a state (FxHash: the same in every run, and cheap next to a search); never
/// 0, so that a villager keeps it in eight bytes.
pub(super) fn digest(view: &State) -> NonZeroU64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = rustc_hash::FxHasher::default();
    view.hash(&mut hasher);
    NonZeroU64::new(hasher.finish()).unwrap_or(NonZeroU64::MIN)
}
