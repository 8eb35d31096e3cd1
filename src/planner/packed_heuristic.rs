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
use super::packed::Layout;
use super::word::Word;

/// How far from a goal threshold, in either direction, values are tabulated.
const REACH: i64 = 16;

/// A tabulated bound standing for "no helper can ever move this fact as needed".
const DEAD_END: u64 = u64::MAX;

/// The tests on one field, as a table: the mask bits they set for each value of the field. The
/// tests' outcomes change only at their bounds, so values below the lowest bound read the first
/// entry and values above the highest read the last.
#[derive(Clone, Debug)]
struct FieldMasks {
    shift: u32,
    max: u64,
    /// The field offset of the first entry.
    low: u64,
    /// The last entry's index.
    last: u64,
    masks: [u16; MASK_ENTRIES],
}

/// The most values a field's mask table tells apart.
const MASK_ENTRIES: usize = 64;

impl FieldMasks {
    /// One table per field that `tests` test, for mask bit `i` standing for `tests[i]`; `None`
    /// when the bounds on a field are too far apart for a table.
    fn for_tests<W: Word>(layout: &Layout<W>, tests: &[SlotCondition]) -> Option<Vec<FieldMasks>> {
        let mut slots: Vec<usize> = tests.iter().map(|t| t.slot as usize).collect();
        slots.sort_unstable();
        slots.dedup();
        slots
            .into_iter()
            .map(|slot| {
                let (shift, max) = layout.field(slot);
                let (bias, top) = layout.range(slot);
                let on_slot = || tests.iter().enumerate().filter(move |(_, t)| t.slot as usize == slot);
                // Outcomes can change at a threshold and just past it.
                let bounds =
                    on_slot().flat_map(|(_, t)| [i64::from(t.value) - bias, i64::from(t.value) - bias + 1]);
                let (low, high) = bounds.fold((top, 0), |(l, h), b| (l.min(b - 1), h.max(b)));
                let (low, high) = (low.clamp(0, top), high.clamp(0, top).max(low.clamp(0, top)));
                if high - low >= MASK_ENTRIES as i64 {
                    return None;
                }
                let mut masks = [0u16; MASK_ENTRIES];
                for (entry, offset) in masks.iter_mut().zip(low..=high) {
                    let value = (bias + offset) as i32;
                    *entry = on_slot().fold(0u16, |m, (i, t)| m | u16::from(t.holds_for(value)) << i);
                }
                Some(FieldMasks { shift, max, low: low as u64, last: (high - low) as u64, masks })
            })
            .collect()
    }

    #[inline(always)]
    fn mask<W: Word>(&self, x: W) -> usize {
        let offset = (x >> self.shift).low() & self.max;
        let entry = offset.saturating_sub(self.low).min(self.last) as usize;
        usize::from(self.masks[entry % MASK_ENTRIES])
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
    /// How many tests there are (mask bits).
    tests: u32,
    fields: Vec<FieldMasks>,
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
    ) -> Option<Self> {
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
        let fields = FieldMasks::for_tests(layout, tests)?;
        let (rows, tests) = ((last - first + 1) as u64, tests.len() as u32);
        Some(Tabled { shift, max, first: first as u64, rows, tests, fields, table, enabling })
    }

    /// The bound of `x`, or `None` when its value is outside the table.
    #[inline(always)]
    fn lookup<W: Word>(&self, x: W) -> Option<u64> {
        let row = ((x >> self.shift).low() & self.max).wrapping_sub(self.first);
        if row >= self.rows {
            return None;
        }
        let mask = self.fields.iter().fold(0, |mask, f| mask | f.mask(x));
        Some(self.table[((row as usize) << self.tests) | mask])
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

/// The [`Pattern`](super::pattern::Pattern) database read straight off the word: each field's
/// value, clamped to its box, scaled into the index.
#[derive(Clone, Debug)]
struct PackedPattern {
    axes: Vec<PackedAxis>,
    costs: Vec<u32>,
}

/// One field's class, without a branch: `min(offset − skip (at least 0) + add, top)`.
#[derive(Clone, Copy, Debug)]
struct PackedAxis {
    shift: u32,
    max: u64,
    /// Offsets below the box: all in its first class.
    skip: u64,
    /// The classes below the field's lowest value.
    add: u64,
    top: u64,
    stride: usize,
}

impl PackedPattern {
    fn new<W: Word>(heuristic: &Heuristic, layout: &Layout<W>) -> Option<Self> {
        let pattern = heuristic.pattern.as_ref()?;
        let axes = pattern
            .axes()
            .enumerate()
            .map(|(slot, (low, high, stride))| {
                let (shift, max) = layout.field(slot);
                let (bias, _) = layout.range(slot);
                let (skip, add) = ((low - bias).max(0) as u64, (bias - low).max(0) as u64);
                PackedAxis { shift, max, skip, add, top: (high - low) as u64, stride }
            })
            .collect();
        Some(PackedPattern { axes, costs: pattern.costs().to_vec() })
    }

    /// The cost to the goal, [`DEAD_END`] when it is out of reach.
    #[inline(always)]
    fn estimate<W: Word>(&self, x: W) -> u64 {
        let mut index = 0;
        for a in &self.axes {
            let offset = (x >> a.shift).low() & a.max;
            index += (offset.saturating_sub(a.skip) + a.add).min(a.top) as usize * a.stride;
        }
        match self.costs.get(index) {
            Some(&cost) if cost != u32::MAX => u64::from(cost),
            _ => DEAD_END,
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct PackedHeuristic {
    members: Vec<Member>,
    tables: Vec<u64>,
    /// A goal of one condition, the common case: its whole estimate read straight off the word.
    single: Option<Tabled>,
    /// Otherwise, the [`Enabling`] bounds that raise the plain one.
    enabling: Vec<Tabled>,
    pattern: Option<PackedPattern>,
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
            ([group], [only]) if group.len() == 1 => enabling((0, only)),
            ([group], []) if group.len() == 1 => {
                let plain: &Helpers = &group[0];
                Tabled::new(layout, &plain.condition, &[], None, |value, _| plain.bound(value))
            }
            _ => None,
        };
        // Otherwise each enabling bound is read from its own table, or worked out when it has none.
        let enabling = match single {
            Some(_) => Vec::new(),
            None => heuristic.enabling.iter().enumerate().filter_map(enabling).collect(),
        };
        let pattern = PackedPattern::new(heuristic, layout);
        PackedHeuristic { members, tables, single, enabling, pattern }
    }

    /// [`Heuristic::estimate`] of the packed state `x`; `u64::MAX` for a dead end.
    #[inline(always)]
    pub fn estimate<W: Word>(&self, heuristic: &Heuristic, layout: &Layout<W>, x: W) -> u64 {
        let patterned = self.patterned(x);
        if patterned == DEAD_END {
            return DEAD_END;
        }
        patterned.max(self.unpatterned(heuristic, layout, x))
    }

    /// The [`Pattern`](super::pattern::Pattern) database's part of the estimate (0 without one).
    #[inline(always)]
    pub fn patterned<W: Word>(&self, x: W) -> u64 {
        self.pattern.as_ref().map_or(0, |p| p.estimate(x))
    }

    /// The rest of the estimate: [`Heuristic::estimate_unpatterned`].
    #[inline(always)]
    pub fn unpatterned<W: Word>(&self, heuristic: &Heuristic, layout: &Layout<W>, x: W) -> u64 {
        let bound = self.single.as_ref().and_then(|single| single.lookup(x));
        bound.unwrap_or_else(|| self.estimate_slowly(heuristic, layout, x))
    }

    #[inline(never)]
    fn estimate_slowly<W: Word>(&self, heuristic: &Heuristic, layout: &Layout<W>, x: W) -> u64 {
        let value_of = |slot| layout.value(x, slot);
        if self.single.is_some() || self.enabling.len() != heuristic.enabling.len() {
            return heuristic.estimate_unpatterned(&value_of).unwrap_or(DEAD_END);
        }
        let Some(mut estimate) = self.estimate_members(heuristic, layout, x) else { return DEAD_END };
        for tabled in &self.enabling {
            let bound = tabled.lookup(x).or_else(|| {
                let e = &heuristic.enabling[tabled.enabling.expect("an enabling bound")];
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
