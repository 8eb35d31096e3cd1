//! The deficit bound of one goal condition: what moving its fact far enough costs at least,
//! preconditions aside — `logs >= 8` with `+2` a step needs at least 4 steps (docs/planner.md).

use super::compile::SlotCondition;
use super::facts::Value;
use super::ops::{Delta, Need};
use smallvec::SmallVec;

/// The actions that can help one goal condition.
#[derive(Clone, Debug)]
pub(crate) struct Helpers {
    pub condition: SlotCondition,
    /// `(cost, k)`: helpers adding `k` (never 0) to the fact.
    adds: SmallVec<[(u64, i64); 2]>,
    /// The least a plan whose last `set` is one of the helpers pays: that set, and what is still
    /// missing from the value it sets (`None`: no set leads to the condition).
    via_sets: Option<u64>,
}

impl Helpers {
    /// The bound for `condition` given its helpers: (cost, net change on its fact).
    pub fn new(condition: SlotCondition, helpers: impl IntoIterator<Item = (u64, Delta)>) -> Self {
        let (mut adds, mut sets) = (SmallVec::new(), SmallVec::<[(u64, Value); 2]>::new());
        for (cost, delta) in helpers {
            match delta {
                Delta::Add(0) => {}
                Delta::Add(k) => adds.push((cost, k)),
                Delta::Set(value) => sets.push((cost, value)),
            }
        }
        let mut helpers = Helpers { condition, adds, via_sets: None };
        // What is left after each set: by adds alone, then relaxed through the other sets until
        // nothing improves (a shortest-path fixpoint: updating in place reaches the same one).
        let mut rest: SmallVec<[Option<u64>; 2]> =
            sets.iter().map(|&(_, value)| helpers.bound(value)).collect();
        for _ in 0..sets.len() {
            let mut changed = false;
            for i in 0..sets.len() {
                let via_sets =
                    sets.iter().zip(&rest).filter_map(|(&(c, _), r)| Some(c.saturating_add((*r)?)));
                let best = via_sets.chain(rest[i]).min();
                if !condition.holds_for(sets[i].1) && best != rest[i] {
                    (rest[i], changed) = (best, true);
                }
            }
            if !changed {
                break;
            }
        }
        helpers.via_sets =
            sets.iter().zip(&rest).filter_map(|(&(c, _), r)| Some(c.saturating_add((*r)?))).min();
        helpers
    }

    /// The least cost of meeting this condition from `actual`, preconditions aside; `None`
    /// when no sequence of helpers meets it.
    #[inline]
    pub fn bound(&self, actual: Value) -> Option<u64> {
        let need = self.condition.need(actual);
        let (Need::Up(deficit) | Need::Down(deficit) | Need::Away(deficit)) = need else { return Some(0) };
        let mut best = self.via_sets;
        for &(cost, k) in &self.adds {
            if Delta::Add(k).moves_as(need) {
                let by_this = uses(deficit, cost, k.unsigned_abs());
                best = Some(best.map_or(by_this, |b| b.min(by_this)));
            }
        }
        best
    }
}

/// What closing `deficit` by steps of `gain` at `cost` a step costs at least.
#[inline]
fn uses(deficit: u64, cost: u64, gain: u64) -> u64 {
    if gain >= deficit {
        return cost; // one use can close the whole deficit
    }
    // ⌈deficit × cost / gain⌉, widened only if the product overflows.
    match deficit.checked_mul(cost) {
        Some(product) => product.div_ceil(gain),
        None => u64::try_from((u128::from(deficit) * u128::from(cost)).div_ceil(u128::from(gain)))
            .unwrap_or(u64::MAX),
    }
}
