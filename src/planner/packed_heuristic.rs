//! [`Heuristic`] for packed states: the same function, tabulated near each goal threshold.
//!
//! A goal condition's bound depends only on its fact's value and, where its helpers need
//! enabling ([`Enabling`]), on which of a few conditions hold. Values within [`REACH`] of the
//! threshold — where the search spends its time — read the bound from a table built when the
//! planner is, one row per value and one column per combination of those conditions; values
//! further out compute it as [`Heuristic`] does. So a state's estimate is a few shifts, compares
//! and loads instead of a division per helping action.

use super::compile::SlotCondition;
use super::enabling::Enabling;
use super::heuristic::{Helpers, Heuristic};
use super::model::Compare;
use super::packed::Layout;
use super::word::Word;

/// How far from a goal threshold, in either direction, values are tabulated.
const REACH: i64 = 16;

/// A tabulated bound standing for "no helper can ever move this fact as needed".
const DEAD_END: u64 = u64::MAX;

/// One condition on one field, tested on the field's raw offset: it holds when
/// `offset − low ≤ span` (unsigned).
#[derive(Clone, Copy, Debug)]
struct FieldTest {
    shift: u32,
    max: u64,
    low: u64,
    span: u64,
}

impl FieldTest {
    fn new<W: Word>(layout: &Layout<W>, c: &SlotCondition) -> Self {
        let (shift, max) = layout.field(c.slot as usize);
        let (bias, top) = layout.range(c.slot as usize);
        let at = i64::from(c.value) - bias;
        let (low, high) = match c.compare {
            Compare::AtLeast => (at, top),
            Compare::AtMost => (0, at),
            Compare::Exactly => (at, at),
        };
        let (low, high) = (low.max(0), high.min(top));
        if low > high {
            // Never holds: no offset minus `u64::MAX` is 0.
            return FieldTest { shift, max, low: u64::MAX, span: 0 };
        }
        FieldTest { shift, max, low: low as u64, span: (high - low) as u64 }
    }

    #[inline(always)]
    fn holds<W: Word>(&self, x: W) -> bool {
        ((x >> self.shift).low() & self.max).wrapping_sub(self.low) <= self.span
    }
}

/// A bound read off one field's value (its row) and the mask of some tests (its column).
#[derive(Clone, Debug)]
struct Tabled {
    shift: u32,
    max: u64,
    /// The field offset of the first row.
    first: u64,
    rows: u64,
    tests: Vec<FieldTest>,
    /// `rows × 2^tests` bounds, row-major.
    table: Vec<u64>,
    /// Which bound of [`Heuristic::enabling`] this is (`None`: the plain bound of a one-condition
    /// goal).
    enabling: Option<usize>,
}

impl Tabled {
    /// The table for `condition` on `layout`, of `bound(value, mask)` over `tests`.
    fn new<W: Word>(
        layout: &Layout<W>,
        condition: &SlotCondition,
        tests: &[SlotCondition],
        enabling: Option<usize>,
        bound: impl Fn(i32, usize) -> Option<u64>,
    ) -> Self {
        let slot = condition.slot as usize;
        let (shift, max) = layout.field(slot);
        let (bias, top) = layout.range(slot);
        let threshold = i64::from(condition.value) - bias;
        let first = (threshold - REACH).clamp(0, top);
        let last = (threshold + REACH).clamp(0, top);
        let masks = 1usize << tests.len();
        let table = (first..=last)
            .flat_map(|offset| (0..masks).map(move |mask| (offset, mask)))
            .map(|(offset, mask)| bound((bias + offset) as i32, mask).unwrap_or(DEAD_END))
            .collect();
        let tests = tests.iter().map(|t| FieldTest::new(layout, t)).collect();
        Tabled { shift, max, first: first as u64, rows: (last - first + 1) as u64, tests, table, enabling }
    }

    /// The bound of `x`, or `None` when its value is outside the table.
    #[inline(always)]
    fn lookup<W: Word>(&self, x: W) -> Option<u64> {
        let row = ((x >> self.shift).low() & self.max).wrapping_sub(self.first);
        if row >= self.rows {
            return None;
        }
        let mask = self.mask(x);
        Some(self.table[((row as usize) << self.tests.len()) | mask])
    }

    #[inline(always)]
    fn mask<W: Word>(&self, x: W) -> usize {
        let mut mask = 0;
        for (i, t) in self.tests.iter().enumerate() {
            mask |= usize::from(t.holds(x)) << i;
        }
        mask
    }
}

#[derive(Clone, Copy, Debug)]
struct Member {
    slot: usize,
    /// Field offsets `first ..` read `tables[start .. start + len]`.
    first: u64,
    start: u32,
    len: u32,
    /// Where the member sits in [`Heuristic::groups`], for values outside the table.
    group: u32,
    index: u32,
    /// Whether this member closes its group (the group's largest bound is then added).
    closes_group: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct PackedHeuristic {
    members: Vec<Member>,
    tables: Vec<u64>,
    /// A goal of one condition, the common case: its whole estimate read straight off the word.
    single: Option<Tabled>,
    /// Otherwise, the [`Enabling`] bounds that raise the plain one.
    enabling: Vec<Tabled>,
}

impl PackedHeuristic {
    pub fn new<W: Word>(heuristic: &Heuristic, layout: &Layout<W>) -> Self {
        let (mut members, mut tables) = (Vec::new(), Vec::new());
        for (g, group) in heuristic.groups.iter().enumerate() {
            for (i, helpers) in group.iter().enumerate() {
                let slot = helpers.condition.slot as usize;
                let (bias, max) = layout.range(slot);
                let threshold = i64::from(helpers.condition.value) - bias;
                let first = (threshold - REACH).clamp(0, max);
                let last = (threshold + REACH).clamp(0, max);
                let start = tables.len() as u32;
                tables.extend(
                    (first..=last).map(|offset| helpers.bound((bias + offset) as i32).unwrap_or(DEAD_END)),
                );
                members.push(Member {
                    slot,
                    first: first as u64,
                    start,
                    len: tables.len() as u32 - start,
                    group: g as u32,
                    index: i as u32,
                    closes_group: i + 1 == group.len(),
                });
            }
        }
        let enabling = |(e, en): (usize, &Enabling)| {
            Tabled::new(layout, &en.condition, &en.tests, Some(e), |value, mask| en.bound(value, mask))
        };
        let single = match (heuristic.groups.as_slice(), heuristic.enabling.as_slice()) {
            // One condition: its enabling bound, when it has one, is the whole estimate.
            ([group], [only]) if group.len() == 1 => Some(enabling((0, only))),
            ([group], []) if group.len() == 1 => {
                let plain: &Helpers = &group[0];
                Some(Tabled::new(layout, &plain.condition, &[], None, |value, _| plain.bound(value)))
            }
            _ => None,
        };
        let enabling = match single {
            Some(_) => Vec::new(),
            None => heuristic.enabling.iter().enumerate().map(enabling).collect(),
        };
        PackedHeuristic { members, tables, single, enabling }
    }

    /// [`Heuristic::estimate`] of the packed state `x`; `u64::MAX` for a dead end.
    #[inline(always)]
    pub fn estimate<W: Word>(&self, heuristic: &Heuristic, layout: &Layout<W>, x: W) -> u64 {
        if let Some(single) = &self.single {
            if let Some(bound) = single.lookup(x) {
                return bound;
            }
        }
        self.estimate_slowly(heuristic, layout, x)
    }

    #[inline(never)]
    fn estimate_slowly<W: Word>(&self, heuristic: &Heuristic, layout: &Layout<W>, x: W) -> u64 {
        if self.single.is_some() {
            return heuristic.estimate_by(|slot| layout.value(x, slot)).unwrap_or(DEAD_END);
        }
        let Some(mut estimate) = self.estimate_members(heuristic, layout, x) else { return DEAD_END };
        for tabled in &self.enabling {
            let bound = tabled.lookup(x).or_else(|| {
                let e = &heuristic.enabling[tabled.enabling.expect("an enabling bound")];
                let value_of = |slot| layout.value(x, slot);
                e.bound(value_of(e.condition.slot as usize), e.mask(&value_of))
            });
            match bound {
                Some(bound) if bound != DEAD_END => estimate = estimate.max(bound),
                _ => return DEAD_END,
            }
        }
        estimate
    }

    fn estimate_members<W: Word>(&self, heuristic: &Heuristic, layout: &Layout<W>, x: W) -> Option<u64> {
        let (mut total, mut largest) = (0u64, 0u64);
        for m in &self.members {
            let bound = self.bound(m, heuristic, layout, x);
            if bound == DEAD_END {
                return None;
            }
            largest = largest.max(bound);
            if m.closes_group {
                total = total.saturating_add(largest);
                largest = 0;
            }
        }
        Some(total)
    }

    #[inline]
    fn bound<W: Word>(&self, m: &Member, heuristic: &Heuristic, layout: &Layout<W>, x: W) -> u64 {
        let row = layout.offset(x, m.slot).wrapping_sub(m.first);
        let tabulated =
            (row < u64::from(m.len)).then(|| self.tables.get(m.start as usize + row as usize)).flatten();
        match tabulated {
            Some(&bound) => bound,
            None => {
                let helpers = &heuristic.groups[m.group as usize][m.index as usize];
                helpers.bound(layout.value(x, m.slot)).unwrap_or(DEAD_END)
            }
        }
    }
}
