//! The [`Pattern`] database read straight off a packed word: each field's value, clamped to its
//! box, scaled into the index. Where no value is clamped the state is its class's representative,
//! so its whole estimate — the database's and the other bounds' — was worked out beforehand: one
//! load.

use super::facts::Value;
use super::heuristic::Heuristic;
use super::pattern::Pattern;
use super::search::DEAD_END;

#[derive(Clone, Debug)]
pub(crate) struct WordPattern {
    /// Per slot: shift, largest offset, what turns an offset into its class (wrapping: the
    /// classes below the field's lowest value, less the offsets below the box), the last class,
    /// the stride.
    axes: Vec<(u32, u64, u64, u64, usize)>,
    costs: Vec<u32>,
    /// The whole estimate of each class's representative ([`u32::MAX`]: a dead end).
    whole: Vec<u32>,
}

impl WordPattern {
    /// `pattern` over fields given as `(shift, largest offset, bias)` per slot; `None` when an
    /// estimate is too large for the table.
    pub fn new(
        pattern: &Pattern,
        heuristic: &Heuristic,
        fields: impl Iterator<Item = (u32, u64, i64)>,
    ) -> Option<WordPattern> {
        let axes = pattern.axes().zip(fields).map(|((low, high, stride), (shift, max, bias))| {
            // A field holding offset `o` holds the value `bias + o`, of class `bias + o − low`.
            (shift, max, (bias - low) as u64, (high - low) as u64, stride)
        });
        let (mut whole, mut fits) = (Vec::with_capacity(pattern.costs().len()), true);
        pattern.each_state(|values, cost| {
            let rest = heuristic.estimate_unpatterned(&|slot| values[slot] as Value);
            let estimate = cost.zip(rest).map_or(DEAD_END, |(cost, rest)| cost.max(rest));
            // An estimate too large for the table (not a dead end) leaves the problem without one.
            fits &= estimate == DEAD_END || estimate < u64::from(u32::MAX);
            whole.push(u32::try_from(estimate).unwrap_or(u32::MAX));
        });
        fits.then(|| WordPattern { axes: axes.collect(), costs: pattern.costs().to_vec(), whole })
    }

    /// The whole estimate of `x` when `x` is its class's representative (`Ok`), else the
    /// database's part of it (`Err`).
    #[inline(always)]
    pub fn estimate(&self, x: u64) -> Result<u64, u64> {
        let widen = |cost: u32| if cost == u32::MAX { DEAD_END } else { u64::from(cost) };
        match self.class(x) {
            (index, true) => Ok(widen(self.whole[index])),
            (index, false) => Err(widen(self.costs[index])),
        }
    }

    /// The abstract state of `x`, and whether `x` is its representative (no value clamped).
    #[inline(always)]
    fn class(&self, x: u64) -> (usize, bool) {
        let (mut index, mut clamped) = (0, false);
        for &(shift, max, to_class, top, stride) in &self.axes {
            let class = ((x >> shift) & max).wrapping_add(to_class);
            clamped |= class > top; // below the box wraps around to beyond its top
            index += class.min(top) as usize * stride;
        }
        // A value below the box was counted at `top`; it belongs in the first class.
        if clamped {
            index = 0;
            for &(shift, max, to_class, top, stride) in &self.axes {
                let class = ((x >> shift) & max).wrapping_add(to_class);
                let class = if class > top && (class as i64) < 0 { 0 } else { class.min(top) };
                index += class as usize * stride;
            }
        }
        (index, !clamped)
    }
}
