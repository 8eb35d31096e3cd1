//! Need curves: a need's insistence after each step of a day from its initial value until full,
//! worked out once per scenario and shared by every villager of the need (and every tile).

use crate::scenario::{Drift, Scenario};
use crate::sim::state::time::STEP;
use std::sync::Arc;

/// Per character and goal, a need's insistence after 0, 1, 2… steps of rising from its initial
/// value, for a whole day or until it is full (a quota's is empty): asking then costs a lookup,
/// not a step each. Needs that start and rise alike share one curve, so that the few a town
/// has stay in the cache while thousands of villagers read them.
pub(crate) fn rises(scenario: &Scenario) -> Arc<[Vec<Arc<[f32]>>]> {
    let steps = (scenario.settings.day_length / STEP).ceil() as usize + 2;
    let mut curves = std::collections::HashMap::<(u32, u32), Arc<[f32]>>::new();
    let mut curve = |goal: &crate::scenario::Goal| match goal.drift {
        Drift::Need { initial, rate } => {
            let shared = curves.entry((initial.to_bits(), rate.to_bits()));
            shared.or_insert_with(|| rise_curve(initial, rate, steps)).clone()
        }
        Drift::Quota { .. } => Arc::default(),
    };
    scenario.characters.iter().map(|c| c.goals.iter().map(&mut curve).collect()).collect()
}

/// Per character and goal, the first point of its [`rises`] curve at or above its
/// `interrupts_at` (the curve's length when none is): a need rising from the curve's start asks
/// that loudly from then on. A goal without a threshold, or a quota, has 0.
pub(crate) fn loud_from(scenario: &Scenario, rises: &[Vec<Arc<[f32]>>]) -> Vec<Vec<usize>> {
    let loud = |(goal, curve): (&crate::scenario::Goal, &Arc<[f32]>)| {
        goal.interrupts_at.map_or(0, |at| curve.partition_point(|&x| x < at))
    };
    let character = |(c, curves): (&crate::scenario::Character, &Vec<Arc<[f32]>>)| {
        c.goals.iter().zip(curves).map(loud).collect()
    };
    scenario.characters.iter().zip(rises).map(character).collect()
}

/// Whether [`rises`] of `a` and of `b` are the same: their days as long, their characters' goals
/// drifting alike.
pub(crate) fn rise_alike(a: &Scenario, b: &Scenario) -> bool {
    use crate::scenario::Character;
    let alike = |(a, b): (&Character, &Character)| {
        a.goals.iter().map(|g| g.drift).eq(b.goals.iter().map(|g| g.drift))
    };
    a.settings.day_length == b.settings.day_length
        && a.characters.len() == b.characters.len()
        && a.characters.iter().zip(&b.characters).all(alike)
}

/// A need's insistence after 0, 1, 2… up to `steps` steps of rising at `rate` from `initial`,
/// until it is full.
pub(crate) fn rise_curve(initial: f32, rate: f32, steps: usize) -> Arc<[f32]> {
    let after = |n: usize| if n == 0 { initial } else { risen(initial, rate, 0, n as u32 - 1) };
    let mut curve: Vec<f32> = (0..=steps).map(after).collect();
    if let Some(full) = curve.iter().position(|&x| x == 1.0).filter(|_| rate >= 0.0) {
        curve.truncate(full + 1);
    }
    curve.into()
}

/// A need that held `held` before step `rises_from` rose at `rate` a second, at step `now`:
/// `min(held + rate × t, 1)` after the time `t` it has risen (a step's [`STEP`] each, the step
/// `now` too), worked out in one go — so that it reaches a threshold at the very step its rate
/// says, where adding a step's rise at a time in `f32` could fall a hair short (0.05 a second
/// read 0.29999986 after 6 s).
pub(crate) fn risen(held: f32, rate: f32, rises_from: u32, now: u32) -> f32 {
    let steps = (u64::from(now) + 1).saturating_sub(u64::from(rises_from));
    if steps == 0 || (held == 1.0 && rate >= 0.0) {
        return held; // not risen yet, or full: it stays there
    }
    let risen = f64::from(held) + f64::from(rate) * f64::from(STEP) * steps as f64;
    (risen as f32).min(1.0)
}
