//! Insistence, worked out when asked: needs rise with time, quotas grow louder as the day goes
//! and they stay unmet. Nothing visits the villagers step by step to keep these numbers: a need
//! keeps the value it held and the step it began rising from, and reads its rise from a curve
//! of the day worked out once ([`rises`](super::curves::rises)); a quota's
//! unmet fraction is read from the facts as the step began. The simulation, the inspector and
//! `run --at` all ask [`insistence`].

use crate::planner::{Condition, FactId, Need, Value};
use crate::scenario::Drift;
use crate::sim::state::curves::risen;
use crate::sim::state::goals::{GoalState, Goals, Heard};
use crate::sim::state::time::{Clock, stamp};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{AgentFacts, Villager};
use crate::sim::state::world::WorldFacts;
use bevy::ecs::prelude::*;

/// Who is asked: the villager (and so its tile) and its own facts.
pub type Asked<'a> = (&'a Villager, &'a AgentFacts);

/// How loudly goal `g` of a villager holding `live` asks in the step the clock is at: 0 to 1.
pub fn insistence(
    town: &Town,
    world: &WorldFacts,
    clock: &Clock,
    asked: Asked,
    g: usize,
    live: &GoalState,
) -> f32 {
    let now = clock.steps as u32;
    let quota_deficit = || match live.heard.step == now {
        true => live.heard.value,
        // Nothing of its own changed in this step (that settles it first), so its facts are as
        // the step began.
        false => {
            let goal = &town.scenario.characters[asked.0.index()].goals[g];
            deficit_as_step_began(town, world, clock, asked, &goal.conditions)
        }
    };
    loudness(town, clock, asked.0.index(), g, live, quota_deficit)
}

/// [`insistence`] of goal `g` of character `c`, given how to find a quota's unmet fraction.
pub(crate) fn loudness(
    town: &Town,
    clock: &Clock,
    c: usize,
    g: usize,
    live: &GoalState,
    quota_deficit: impl FnOnce() -> f32,
) -> f32 {
    let now = clock.steps as u32;
    let Heard { value, step } = live.heard;
    match town.scenario.characters[c].goals[g].drift {
        Drift::Need { rate, .. } => need_at(&town.rises[c][g], rate, (value, step), now),
        Drift::Quota { urgency } => (urgency * clock.progress() * quota_deficit()).clamp(0.0, 1.0),
    }
}

/// A need on `curve` ([`rises`](super::curves::rises)) at `rate` that held `held` before step `rises_from`, at step
/// `now`: read from the curve when it rose from the curve's start (as every need does but after
/// an edit of its rate), else risen step by step.
fn need_at(curve: &[f32], rate: f32, (held, rises_from): (f32, u32), now: u32) -> f32 {
    let steps = (now + 1).saturating_sub(rises_from) as usize;
    let on_curve = curve.first().is_some_and(|start| start.to_bits() == held.to_bits());
    match curve.get(steps) {
        Some(&risen) if on_curve => risen,
        // The curve ends where the need is full, and a need that rises stays full.
        None if on_curve && rate >= 0.0 && curve.last() == Some(&1.0) => 1.0,
        _ => risen(held, rate, rises_from, now),
    }
}

/// Every goal's insistence in the step the clock is at.
pub fn hear(town: &Town, world: &WorldFacts, clock: &Clock, asked: Asked, goals: &Goals) -> Loudness {
    goals.0.iter().enumerate().map(|(g, live)| insistence(town, world, clock, asked, g, live)).collect()
}

/// Each goal's insistence, inline for up to three goals.
pub type Loudness = smallvec::SmallVec<[f32; 3]>;

/// The unmet fraction of a goal: per condition how far the fact is from its threshold
/// (relative to the threshold), averaged; 0 when every condition holds.
pub fn deficit(conditions: &[Condition], value: impl Fn(FactId) -> Value) -> f32 {
    if conditions.is_empty() {
        return 0.0;
    }
    let total: f32 = conditions
        .iter()
        .map(|c| {
            let actual = value(c.fact);
            if c.holds_for(actual) {
                return 0.0;
            }
            let gap = match c.compare.need(actual, c.value) {
                Need::Met => 0,
                Need::Up(gap) | Need::Down(gap) | Need::Away(gap) => gap,
            };
            (gap as f32 / (c.value as f32).abs().max(1.0)).clamp(0.0, 1.0)
        })
        .sum();
    total / conditions.len() as f32
}

/// Every goal's insistence of villager `entity` in the step the clock is at, for whoever shows
/// it (the inspector, its plot, `run --at`).
pub fn insistences(world: &World, entity: Entity) -> Option<Vec<f32>> {
    let (town, facts, clock) =
        (world.get_resource::<Town>()?, world.get_resource::<WorldFacts>()?, world.get_resource::<Clock>()?);
    let asked = (world.get::<Villager>(entity)?, world.get::<AgentFacts>(entity)?);
    Some(hear(town, facts, clock, asked, world.get::<Goals>(entity)?).to_vec())
}

/// The unmet fraction of `conditions` for a villager whose own facts are as the step began,
/// its tile's world read as the step began.
pub(crate) fn deficit_as_step_began(
    town: &Town,
    world: &WorldFacts,
    clock: &Clock,
    (villager, agent): Asked,
    conditions: &[Condition],
) -> f32 {
    let world = world.at_start(villager.tile(), stamp(clock));
    deficit(conditions, |f| town.value_of(f, world, &agent.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::state::curves::{rise_curve, rises};
    use std::sync::Arc;

    /// Read from a curve, a need is what rising it in one go gives: on the curve and off it,
    /// before it is full and long after, within the day and past it, rising and falling.
    #[test]
    fn a_need_read_from_its_curve_is_the_need_risen_in_one_go() {
        let steps = 3_000;
        for rate in [0.0035, 0.0085, 0.5, 0.0, -0.004] {
            for initial in [0.0, 0.25, 1.0] {
                let curve = rise_curve(initial, rate, steps);
                for held in [initial, 0.5, 0.999] {
                    for rises_from in [0u32, 1, 7, 1_500, 2_999, 3_100] {
                        for now in (rises_from.saturating_sub(2)..rises_from + 3_200).step_by(13) {
                            let read = need_at(&curve, rate, (held, rises_from), now);
                            let stepped = risen(held, rate, rises_from, now);
                            assert_eq!(
                                read.to_bits(),
                                stepped.to_bits(),
                                "{rate} {initial} {held} {rises_from} {now}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// A need reaches a threshold at the step its rate says: 0.05 a second from 0 asks 0.3 after
    /// 6 s (60 steps: the step 59 counts), not a step later, whatever the rate and threshold.
    #[test]
    fn a_need_reaches_a_threshold_at_the_step_its_rate_says() {
        assert_eq!(risen(0.0, 0.05, 0, 59), 0.3);
        let curve = rise_curve(0.0, 0.05, 100);
        assert_eq!((curve[60], curve.partition_point(|&x| x < 0.3)), (0.3, 60));
        for rate in [0.01f32, 0.02, 0.03, 0.05, 0.07, 0.1, 0.125, 0.2, 0.3, 0.7] {
            for tenths in 1..=10u32 {
                let threshold = tenths as f32 / 10.0;
                // The exact crossing, in steps of 0.1 s: threshold / (rate × 0.1).
                let exact = (f64::from(tenths) / 10.0) / (f64::from(rate) * 0.1);
                let steps = exact.round() as u32;
                if (exact - f64::from(steps)).abs() > 1e-6 || steps == 0 {
                    continue; // it crosses between two steps
                }
                let at = |n: u32| risen(0.0, rate, 0, n - 1);
                assert!(at(steps) >= threshold, "{rate} {threshold}: {} after {steps} steps", at(steps));
                assert!(steps == 1 || at(steps - 1) < threshold, "{rate} {threshold} early");
            }
        }
    }

    /// Needs that start and rise alike share one curve (village.ron: one for each of its few
    /// rates), which ends where the need is full.
    #[test]
    fn needs_alike_share_a_curve_that_ends_full() {
        let text = crate::scenario::shipped("village.ron").unwrap();
        let scenario = crate::scenario::parse(text, "village.ron").unwrap();
        let needs = scenario.characters.iter().flat_map(|c| &c.goals).filter_map(|g| match g.drift {
            Drift::Need { initial, rate } => Some((initial.to_bits(), rate.to_bits())),
            Drift::Quota { .. } => None,
        });
        let alike: std::collections::HashSet<(u32, u32)> = needs.collect();
        let rises = rises(&scenario);
        let curves: Vec<&Arc<[f32]>> = rises.iter().flatten().filter(|c| !c.is_empty()).collect();
        let shared: std::collections::HashSet<*const f32> = curves.iter().map(|c| c.as_ptr()).collect();
        assert_eq!(shared.len(), alike.len());
        assert!(alike.len() < curves.len(), "{} curves", curves.len());
        assert!(curves.iter().all(|c| c.last() == Some(&1.0) && c.len() < 3_000));
    }
}
