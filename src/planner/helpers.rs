//! The deficit bound of one goal condition: what moving its fact far enough costs at least,
//! preconditions aside — `logs >= 8` with `+2` a step needs at least 4 steps (docs/planner.md).

use super::compile::SlotCondition;
use super::facts::Value;
use super::ops::{Delta, Need};

/// The actions that can help one goal condition.
#[derive(Clone, Debug)]
pub(crate) struct Helpers {
    pub condition: SlotCondition,
    /// `(cost, k)`: helpers adding `k` (never 0) to the fact.
    adds: Vec<(u64, i64)>,
    /// `(cost, value, rest)`: helpers setting the fact to `value`, and the bound from there
    /// (`None`: nothing meets the condition from there).
    sets: Vec<(u64, Value, Option<u64>)>,
}

impl Helpers {
    /// The bound for `condition` given its helpers: (cost, net change on its fact).
    pub fn new(condition: SlotCondition, helpers: impl IntoIterator<Item = (u64, Delta)>) -> Self {
        let (mut adds, mut sets) = (Vec::new(), Vec::new());
        for (cost, delta) in helpers {
            match delta {
                Delta::Add(0) => {}
                Delta::Add(k) => adds.push((cost, k)),
                Delta::Set(value) => sets.push((cost, value, None)),
            }
        }
        let mut helpers = Helpers { condition, adds, sets };
        // What is left after each set: by adds alone, then relaxed through the other sets until
        // nothing improves (a shortest-path fixpoint: updating in place reaches the same one).
        for i in 0..helpers.sets.len() {
            helpers.sets[i].2 = helpers.by_adds(helpers.sets[i].1);
        }
        for _ in 0..helpers.sets.len() {
            let mut changed = false;
            for i in 0..helpers.sets.len() {
                let via_sets = helpers.sets.iter().filter_map(|&(c, _, r)| Some(c.saturating_add(r?)));
                let best = via_sets.chain(helpers.sets[i].2).min();
                if !condition.holds_for(helpers.sets[i].1) && best != helpers.sets[i].2 {
                    (helpers.sets[i].2, changed) = (best, true);
                }
            }
            if !changed {
                break;
            }
        }
        helpers
    }

    /// The least cost of meeting this condition from `actual`, preconditions aside; `None`
    /// when no sequence of helpers meets it.
    #[inline]
    pub fn bound(&self, actual: Value) -> Option<u64> {
        let by_sets = self.sets.iter().filter_map(|&(cost, _, rest)| Some(cost.saturating_add(rest?)));
        by_sets.chain(self.by_adds(actual)).min()
    }

    /// The bound by adding alone (0 when the condition holds).
    #[inline]
    fn by_adds(&self, actual: Value) -> Option<u64> {
        if self.condition.holds_for(actual) {
            return Some(0);
        }
        self.adds.iter().filter_map(|&(cost, k)| add_bound(self.condition, actual, cost, k)).min()
    }
}

/// What adding `k` at `cost` a use costs at least to meet `c` (unmet) from `actual`; `None`
/// when `k` moves the fact the wrong way.
#[inline]
fn add_bound(c: SlotCondition, actual: Value, cost: u64, k: i64) -> Option<u64> {
    let need = c.need(actual);
    if !Delta::Add(k).moves_as(need) {
        return None;
    }
    let (Need::Up(deficit) | Need::Down(deficit) | Need::Away(deficit)) = need else { return Some(0) };
    let gain = k.unsigned_abs();
    Some(if gain >= deficit {
        cost // one use can close the whole deficit
    } else {
        // ⌈deficit × cost / gain⌉, widened only if the product overflows.
        match deficit.checked_mul(cost) {
            Some(product) => product.div_ceil(gain),
            None => u64::try_from((u128::from(deficit) * u128::from(cost)).div_ceil(u128::from(gain)))
                .unwrap_or(u64::MAX),
        }
    })
}
