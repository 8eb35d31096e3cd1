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
    helpers: SmallVec<[Helper; 2]>,
    /// The least a plan whose last `set` is one of the helpers pays: that set, and what is still
    /// missing from the value it sets (`None`: no set leads to the condition).
    via_sets: Option<u64>,
    /// Whether some helper has a precondition something else must bring about first.
    pub gated: bool,
}

/// One helper: its cost, its net change on the condition's fact, and its preconditions that
/// some other action must bring about, each with the least that action costs (`u64::MAX`:
/// nothing can) — `chopWithAxe` needs the axe, and fetching it costs 2.
#[derive(Clone, Debug)]
pub(crate) struct Helper {
    pub cost: u64,
    pub delta: Delta,
    pub enabling: SmallVec<[(SlotCondition, u64); 2]>,
}

impl Helpers {
    /// The bound for `condition` given its helpers.
    pub fn new(condition: SlotCondition, helpers: impl IntoIterator<Item = Helper>) -> Self {
        let helpers: SmallVec<[Helper; 2]> = helpers.into_iter().filter(|h| h.delta != Delta::NONE).collect();
        let sets: SmallVec<[(u64, Value); 2]> =
            helpers.iter().filter_map(|h| Some((h.cost, h.delta.sets()?))).collect();
        let gated = helpers.iter().any(|h| !h.enabling.is_empty());
        let mut this = Helpers { condition, helpers, via_sets: None, gated };
        // What is left after each set: by adds alone, then relaxed through the other sets until
        // nothing improves (a shortest-path fixpoint: updating in place reaches the same one).
        let via_sets = |rest: &[Option<u64>]| {
            sets.iter().zip(rest).filter_map(|(&(c, _), r)| Some(c.saturating_add((*r)?))).min()
        };
        let mut rest: SmallVec<[Option<u64>; 2]> =
            sets.iter().map(|&(_, value)| this.bound_of(condition.need(value))).collect();
        for _ in 0..sets.len() {
            let mut changed = false;
            for i in 0..sets.len() {
                let best = via_sets(&rest).into_iter().chain(rest[i]).min();
                if !condition.holds_for(sets[i].1) && best != rest[i] {
                    (rest[i], changed) = (best, true);
                }
            }
            if !changed {
                break;
            }
        }
        this.via_sets = via_sets(&rest);
        this
    }

    /// The slots [`bound`](Self::bound) and [`enabled`](Self::enabled) read.
    pub fn slots_read(&self) -> impl Iterator<Item = usize> + '_ {
        let enabling = self.helpers.iter().flat_map(|h| h.enabling.iter().map(|(p, _)| usize::from(p.slot)));
        std::iter::once(usize::from(self.condition.slot)).chain(enabling.filter(|_| self.gated))
    }

    /// The least cost of meeting this condition from `actual`, preconditions aside; `None`
    /// when no sequence of helpers meets it.
    #[inline]
    pub fn bound(&self, actual: Value) -> Option<u64> {
        self.bound_of(self.condition.need(actual))
    }

    /// [`bound`](Self::bound) where the fact must move as `need` says.
    fn bound_of(&self, need: Need) -> Option<u64> {
        let (Need::Up(deficit) | Need::Down(deficit) | Need::Away(deficit)) = need else { return Some(0) };
        let by_steps = self.helpers.iter().filter_map(|h| Some(uses(deficit, h.cost, h.delta.step(need)?)));
        by_steps.chain(self.via_sets).min()
    }

    /// The bound in `state` when a helper must be enabled before it helps: a plan pays for its
    /// helper of best cost per unit (or its last `set` and what is left after it), and for
    /// bringing that helper's dearest unmet precondition about (docs/planner.md).
    pub fn enabled(&self, state: &[Value]) -> Option<u64> {
        let need = self.condition.need(state[self.condition.slot as usize]);
        let (Need::Up(deficit) | Need::Down(deficit) | Need::Away(deficit)) = need else { return Some(0) };
        let mut best: Option<u64> = None;
        for helper in &self.helpers {
            let uses = match helper.delta.sets() {
                Some(value) => self.bound(value).map(|rest| helper.cost.saturating_add(rest)),
                None => helper.delta.step(need).map(|step| uses(deficit, helper.cost, step)),
            };
            let Some(uses) = uses else { continue };
            let unmet = helper.enabling.iter().filter(|(p, _)| !p.holds_for(state[p.slot as usize]));
            let enable = unmet.map(|&(_, cost)| cost).max().unwrap_or(0);
            if enable != u64::MAX {
                let total = uses.saturating_add(enable);
                best = Some(best.map_or(total, |b| b.min(total)));
            }
        }
        best
    }
}

/// What closing `deficit` by steps of `gain` at `cost` a step costs at least.
#[inline]
pub(crate) fn uses(deficit: u64, cost: u64, gain: u64) -> u64 {
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
