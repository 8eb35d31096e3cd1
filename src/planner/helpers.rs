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
    /// The bound of each deficit up to [`TABULATED`], each way (up, down, away): the
    /// estimate asks for it at every state a search meets, and deficits are mostly small.
    tabulated: [[Option<u64>; TABULATED]; 3],
}

/// The deficits whose bounds are worked out ahead.
const TABULATED: usize = 16;

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
        let sets: SmallVec<[(u64, Value); 2]> = (helpers.iter())
            .filter_map(|h| if let Delta::Set(v) = h.delta { Some((h.cost, v)) } else { None })
            .collect();
        let gated = helpers.iter().any(|h| !h.enabling.is_empty());
        let mut this =
            Helpers { condition, helpers, via_sets: None, gated, tabulated: [[None; TABULATED]; 3] };
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
        let ways: [fn(u64) -> Need; 3] = [Need::Up, Need::Down, Need::Away];
        let tabulated = ways.map(|way| std::array::from_fn(|d| this.bound_of(way(d as u64 + 1))));
        this.tabulated = tabulated;
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
        let need = self.condition.need(actual);
        let (way, deficit) = match need {
            Need::Met => return Some(0),
            Need::Up(d) => (0, d),
            Need::Down(d) => (1, d),
            Need::Away(d) => (2, d),
        };
        match self.tabulated[way].get((deficit as usize).wrapping_sub(1)) {
            Some(&bound) => {
                debug_assert_eq!(bound, self.bound_of(need), "a tabulated bound differs");
                bound
            }
            None => self.bound_of(need),
        }
    }

    /// [`bound`](Self::bound) worked out for `need`.
    fn bound_of(&self, need: Need) -> Option<u64> {
        let (Need::Up(deficit) | Need::Down(deficit) | Need::Away(deficit)) = need else { return Some(0) };
        let mut best = self.via_sets;
        for helper in &self.helpers {
            if let Delta::Add(k) = helper.delta
                && helper.delta.moves_as(need)
            {
                let by_this = uses(deficit, helper.cost, k.unsigned_abs());
                best = Some(best.map_or(by_this, |b| b.min(by_this)));
            }
        }
        best
    }

    /// The bound in `state` when a helper must be enabled before it helps: a plan pays for its
    /// helper of best cost per unit (or its last `set` and what is left after it), and for
    /// bringing that helper's dearest unmet precondition about (docs/planner.md).
    pub fn enabled(&self, value: impl Fn(usize) -> Value) -> Option<u64> {
        let need = self.condition.need(value(self.condition.slot as usize));
        let (Need::Up(deficit) | Need::Down(deficit) | Need::Away(deficit)) = need else { return Some(0) };
        let mut best: Option<u64> = None;
        for helper in &self.helpers {
            let uses = match helper.delta {
                Delta::Set(value) => match self.bound(value) {
                    Some(rest) => helper.cost.saturating_add(rest),
                    None => continue,
                },
                Delta::Add(k) if helper.delta.moves_as(need) => uses(deficit, helper.cost, k.unsigned_abs()),
                Delta::Add(_) => continue,
            };
            let unmet = helper.enabling.iter().filter(|(p, _)| !p.holds_for(value(p.slot as usize)));
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
