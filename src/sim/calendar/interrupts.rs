//! Interruptions: a goal that says `interrupts_at` breaks off a walk, a line, a rest or an
//! interruptible action once it asks that loudly, and its villager decides as at a safe point.
//!
//! Nothing is polled. While a villager does something it may break off, its goals read only what
//! cannot change under it (its own facts; a quota's unmet fraction as it began), and each only
//! grows louder, so the first step one of them reaches its threshold is worked out when the
//! activity begins, by the very [`insistence`](crate::sim::state::needs::insistence) a step would ask then, and filed in the calendar
//! like any due step ([`Due::Interrupts`]). A polled check at every step would fire at that very
//! step (`tests/interruptions.rs` checks it). A goal *armed* — below its threshold when last
//! weighed — may interrupt; any decision weighs it again, so a lost vote does not interrupt again
//! until the goal has fallen below its threshold and risen back.

use super::{Calendar, Due};
use crate::scenario::Drift;
use crate::sim::state::goals::{GoalState, Goals, Heard};
use crate::sim::state::needs::{Asked, deficit_as_step_began, loudness};
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, Intent, Villager};
use crate::sim::state::world::WorldFacts;

/// Whether what a villager is doing may be broken off by an urgent goal: a walk, a line, a rest,
/// or an action that says `interruptible`. (A wait has no plan to break off: it decides again at
/// every retry.)
pub(crate) fn breakable(town: &Town, villager: &Villager, intent: &Intent, activity: &Activity) -> bool {
    match activity {
        Activity::Walking { .. } | Activity::Queued { .. } | Activity::Resting { .. } => true,
        Activity::Acting { .. } => {
            intent.current().is_some_and(|task| town.action(villager.index(), task).interruptible)
        }
        Activity::Idle | Activity::Waiting { .. } => false,
    }
}

/// Whether some goal of character `c` says `interrupts_at`.
pub(crate) fn may_interrupt(town: &Town, c: usize) -> bool {
    town.scenario.characters[c].goals.iter().any(|g| g.interrupts_at.is_some())
}

/// Each goal armed or not after a decision that heard `loudness`: armed where it asked less than
/// its threshold.
pub(crate) fn arm(town: &Town, c: usize, loudness: &[f32], goals: &mut Goals) {
    let defs = &town.scenario.characters[c].goals;
    for ((def, live), &loud) in defs.iter().zip(goals.0.iter_mut()).zip(loudness) {
        live.armed = def.interrupts_at.is_some_and(|at| loud < at);
    }
}

/// The goals that may interrupt a villager pursuing `intent`: armed, with a threshold, not the
/// goal pursued.
fn candidates<'a>(
    town: &'a Town,
    c: usize,
    goals: &'a Goals,
    intent: &Intent,
) -> impl Iterator<Item = (usize, f32)> + 'a {
    let pursued = intent.goal();
    let defs = &town.scenario.characters[c].goals;
    let armed = move |g: usize| goals.0[g].armed && Some(g) != pursued;
    (0..defs.len()).filter_map(move |g| defs[g].interrupts_at.filter(|_| armed(g)).map(|at| (g, at)))
}

/// The urgent goal at the step `clock` is at: of the armed goals at or above their threshold,
/// the loudest (the first of equals), with how loudly it asks.
pub(crate) fn urgent(
    town: &Town,
    world: &WorldFacts,
    clock: &Clock,
    asked: Asked,
    goals: &Goals,
    intent: &Intent,
) -> Option<(usize, f32)> {
    let c = asked.0.index();
    let mut loudest: Option<(usize, f32)> = None;
    for (g, at) in candidates(town, c, goals, intent) {
        let loud = crate::sim::state::needs::insistence(town, world, clock, asked, g, &goals.0[g]);
        if loud >= at && loudest.is_none_or(|(_, l)| loud > l) {
            loudest = Some((g, loud));
        }
    }
    loudest
}

/// The first step from `from` on, before `activity` ends, at which one of the villager's armed
/// goals reaches its threshold; `None` if none does (or what it does cannot be broken off).
pub(crate) fn first_urgent_step(
    town: &Town,
    world: &WorldFacts,
    clock: &Clock,
    asked: Asked,
    (goals, intent, activity): (&Goals, &Intent, &Activity),
    from: u64,
) -> Option<u64> {
    let c = asked.0.index();
    if !may_interrupt(town, c) || !breakable(town, asked.0, intent, activity) {
        return None;
    }
    // At its end the activity comes to a decision anyway (or an arrival: the action it begins
    // files its own); nothing falls due after the day's end.
    let day_end = town.day_steps + 1;
    let end = u64::from(activity.until()?).min(day_end);
    let defs = &town.scenario.characters[c].goals;
    let mut first: Option<u64> = None;
    for (g, at) in candidates(town, c, goals, intent) {
        let before = first.unwrap_or(end).min(end);
        if from >= before {
            break;
        }
        let live = &goals.0[g];
        // A quota's unmet fraction stays as it is now: nothing it reads of the villager's own
        // changes before the activity ends.
        let deficit = || deficit_as_step_began(town, world, clock, asked, &defs[g].conditions);
        let loud_at = |step: u64| {
            let mut then = clock.clone();
            then.go_to(step);
            loudness(town, &then, c, g, live, deficit) >= at
        };
        if let Some(step) = need_crossing(&defs[g].drift, &town.rises[c][g], town.loud_from[c][g], live) {
            // Read off the need's curve (as every need is but after an edit of its rate).
            let step = step.max(from);
            if step < before {
                debug_assert!(
                    loud_at(step) && (step == from || !loud_at(step - 1)),
                    "the curve's first loud step"
                );
                first = Some(step);
            }
            continue;
        }
        // Louder step by step (a need rising, a quota as the day goes): the first loud step by
        // halving.
        let (mut quiet, mut loud) = (from, before);
        while quiet < loud {
            let mid = quiet + (loud - quiet) / 2;
            match loud_at(mid) {
                true => loud = mid,
                false => quiet = mid + 1,
            }
        }
        if quiet < before {
            debug_assert!(loud_at(quiet) && (quiet == from || !loud_at(quiet - 1)));
            first = Some(quiet);
        }
    }
    first
}

/// The first step a need (`drift`) on `curve` (`rises`: its insistence after 0, 1, 2… steps
/// from its start) asks at least its threshold, first reached at `curve[loud_from]`
/// ([`loud_from`](crate::sim::state::curves::loud_from)), when `live` rose from the curve's start
/// (`None` for a quota or off the curve, `Some(u64::MAX)` when it never does): the step at which
/// [`loudness`] reads `curve[i]` is `i - 1` after the step it began rising from.
fn need_crossing(drift: &Drift, curve: &[f32], loud_from: usize, live: &GoalState) -> Option<u64> {
    let Drift::Need { rate, .. } = *drift else { return None };
    let Heard { value, step } = live.heard;
    let on_curve = curve.first().is_some_and(|start| start.to_bits() == value.to_bits());
    if !on_curve {
        return None;
    }
    // Falling, it never comes back up to what it was below when last weighed.
    if rate < 0.0 {
        return Some(u64::MAX);
    }
    // Past its end the curve is full (1.0, reached) or the day is over.
    if loud_from >= curve.len() {
        return Some(u64::MAX);
    }
    Some((u64::from(step) + loud_from as u64).saturating_sub(1))
}

/// Files villager `number`'s first urgent step from `from` on ([`first_urgent_step`]), if any.
pub(crate) fn file(
    calendar: &mut Calendar,
    town: &Town,
    world: &WorldFacts,
    clock: &Clock,
    asked: Asked,
    doing: (&Goals, &Intent, &Activity),
    from: u64,
) {
    if let Some(step) = first_urgent_step(town, world, clock, asked, doing, from) {
        calendar.at(step, asked.0.number(), Due::Interrupts);
    }
}
