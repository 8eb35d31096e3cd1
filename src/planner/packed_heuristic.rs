//! [`Heuristic`] for packed states: the same function, tabulated near each goal threshold.
//!
//! A goal condition's bound depends only on its fact's value. Values within [`REACH`] of the
//! threshold — where the search spends its time — read the bound from a table built when the
//! planner is; values further out compute it as [`Heuristic`] does. So a state's estimate is a
//! few shifts and loads instead of a division per helping action.

use super::heuristic::Heuristic;
use super::packed::Layout;
use super::word::Word;

/// How far from a goal threshold, in either direction, values are tabulated.
const REACH: i64 = 16;

/// A tabulated bound standing for "no helper can ever move this fact as needed".
const DEAD_END: u64 = u64::MAX;

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

/// A goal of one condition, the common case, read straight off the word.
#[derive(Clone, Debug)]
struct Single {
    shift: u32,
    max: u64,
    first: u64,
    table: Vec<u64>,
}

#[derive(Clone, Debug)]
pub(crate) struct PackedHeuristic {
    members: Vec<Member>,
    tables: Vec<u64>,
    single: Option<Single>,
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
        let single = match members.as_slice() {
            [m] => {
                let (shift, max) = layout.field(m.slot);
                Some(Single { shift, max, first: m.first, table: tables.clone() })
            }
            _ => None,
        };
        PackedHeuristic { members, tables, single }
    }

    /// [`Heuristic::estimate`] of the packed state `x`; `u64::MAX` for a dead end.
    #[inline(always)]
    pub fn estimate<W: Word>(&self, heuristic: &Heuristic, layout: &Layout<W>, x: W) -> u64 {
        if let Some(single) = &self.single {
            let row = ((x >> single.shift).low() & single.max).wrapping_sub(single.first);
            if let Some(&bound) = single.table.get(row as usize) {
                return bound;
            }
        }
        self.estimate_members(heuristic, layout, x).unwrap_or(DEAD_END)
    }

    #[inline(never)]
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
