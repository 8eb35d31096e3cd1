//! The projected state packed into one machine word, when every slot fits a small bit field.
//!
//! Each slot gets a field of `bits` value bits holding `value − bias`, topped by one guard bit
//! that is 0 in every state. The guards turn whole-state questions into a few word operations
//! (SWAR): `(x | guards) − thresholds` keeps a field's guard exactly where the field is at least
//! its threshold, `x + additions` sets a guard exactly where a field overflows. Preconditions and
//! the goal become masks, effects become `(x & keep | set) + add − sub`, hashing is one multiply.
//!
//! Field ranges come from the constants the problem mentions, plus headroom. A start state or a
//! successor that does not fit is detected, never wrapped: the planner then plans on the general
//! path, so packing changes speed only, never an answer.

use super::applicable::Applicability;
use super::compile::{Compiled, Delta, SlotCondition};
use super::facts::{FactId, State, Value};
use super::heuristic::Heuristic;
use super::model::Compare;
use super::packed_heuristic::PackedHeuristic;
use super::word::Word;

/// Constants and effect sizes beyond this keep a problem on the general path, so that packed
/// values stay far from `i32` saturation and composed effects equal effects applied in turn.
const LIMIT: i64 = 1 << 24;
/// The widest field: wider buys headroom nobody uses.
const MAX_VALUE_BITS: u32 = 16;
/// Headroom bits per slot a problem must have left to be packed into a `u64` rather than `u128`.
const NARROW_HEADROOM: u32 = 2;

#[derive(Clone, Copy, Debug)]
struct Field {
    shift: u32,
    /// The largest value the field holds (`2^bits − 1`).
    max: i64,
    bias: i64,
}

/// Where each slot lives in the word.
#[derive(Clone, Debug)]
pub(crate) struct Layout<W> {
    fields: Vec<Field>,
    /// Every field's guard bit.
    guards: W,
}

impl<W: Word> Layout<W> {
    fn guard(&self, slot: usize) -> W {
        let f = self.fields[slot];
        W::from_u64(1) << (f.shift + f.max.count_ones())
    }

    fn mask(&self, slot: usize) -> W {
        let f = self.fields[slot];
        W::from_u64(f.max as u64) << f.shift
    }

    /// `offset` (a value minus the field's bias) placed in `slot`'s field, if it fits.
    fn place(&self, slot: usize, offset: i64) -> Option<W> {
        let f = self.fields[slot];
        (0..=f.max).contains(&offset).then(|| W::from_u64(offset as u64) << f.shift)
    }

    /// The raw field of `slot` in the packed state `x`: its value minus the bias.
    #[inline]
    pub fn offset(&self, x: W, slot: usize) -> u64 {
        let f = self.fields[slot];
        (x >> f.shift).low() & f.max as u64
    }

    /// The value of `slot` in the packed state `x`.
    #[inline]
    pub fn value(&self, x: W, slot: usize) -> Value {
        (self.offset(x, slot) as i64 + self.fields[slot].bias) as Value
    }

    /// `slot`'s shift and largest offset: its field is `(x >> shift) & max`.
    pub fn field(&self, slot: usize) -> (u32, u64) {
        (self.fields[slot].shift, self.fields[slot].max as u64)
    }

    /// `slot`'s bias and largest offset: it holds values `bias ..= bias + max`.
    pub fn range(&self, slot: usize) -> (i64, i64) {
        (self.fields[slot].bias, self.fields[slot].max)
    }

    /// The packed start state, or `None` when some slot's value does not fit its field.
    pub fn encode(&self, start: &State, slots: &[FactId]) -> Option<W> {
        let mut x = W::ZERO;
        for (slot, &fact) in slots.iter().enumerate() {
            x = x | self.place(slot, i64::from(start.get(fact)) - self.fields[slot].bias)?;
        }
        Some(x)
    }
}

/// A conjunction of conditions as a box: `x` meets it when every field lies between its
/// bounds, which two subtractions check for all fields at once — `(x | guards) − low` keeps a
/// field's guard exactly where the field is at least its low bound, `(high | guards) − x` exactly
/// where it is at most its high bound. Unconditioned fields span their whole range.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Test<W> {
    low: W,
    /// The high bounds with every guard set.
    high: W,
}

impl<W: Word> Test<W> {
    /// The test for all of `conditions`, or `None` when no state that fits the layout meets them.
    fn new(layout: &Layout<W>, conditions: &[SlotCondition]) -> Option<Self> {
        let mut bounds: Vec<(i64, i64)> = layout.fields.iter().map(|f| (0, f.max)).collect();
        for c in conditions {
            let f = layout.fields[c.slot as usize];
            let offset = i64::from(c.value) - f.bias;
            let (low, high) = &mut bounds[c.slot as usize];
            match c.compare {
                Compare::AtLeast => *low = (*low).max(offset),
                Compare::AtMost => *high = (*high).min(offset),
                Compare::Exactly => (*low, *high) = ((*low).max(offset), (*high).min(offset)),
            }
        }
        let mut test = Test { low: W::ZERO, high: layout.guards };
        for (slot, &(low, high)) in bounds.iter().enumerate() {
            if low > high {
                return None;
            }
            // Both are within the field now: `low ≥ 0`, `high ≤ max`.
            test.low = test.low | layout.place(slot, low)?;
            test.high = test.high | layout.place(slot, high)?;
        }
        Some(test)
    }

    /// A test no state meets: the first field would have to be at least 1 and at most 0.
    fn never(layout: &Layout<W>) -> Self {
        Test { low: W::from_u64(1) << layout.fields[0].shift, high: layout.guards }
    }

    /// Whether every condition holds in `x` (whose guards are all 0); `guards` are the layout's.
    #[inline(always)]
    pub fn holds(&self, x: W, guards: W) -> bool {
        (x | guards).wrapping_sub(self.low) & self.high.wrapping_sub(x) & guards == guards
    }
}

/// One action over packed states: `set` fields are replaced, then every `+k` and `−k` is one
/// addition — a subtracted field is flipped (`max − f`), increased, and flipped back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PackedAction<W> {
    /// Index into the caller's action slice.
    pub original: u32,
    pub cost: u64,
    pub needs: Test<W>,
    keep: W,
    set: W,
    flip: W,
    add: W,
    /// Guards of the changed fields: set after the addition when a field left its range.
    check: W,
}

impl<W: Word> PackedAction<W> {
    /// The successor of `x`, or `None` when some field would leave its range.
    #[inline]
    pub fn apply(&self, x: W) -> Option<W> {
        let sum = (((x & self.keep) | self.set) ^ self.flip).wrapping_add(self.add);
        (sum & self.check == W::ZERO).then(|| sum ^ self.flip)
    }
}

/// A compiled problem over packed states.
#[derive(Clone, Debug)]
pub(crate) struct PackedProblem<W> {
    pub layout: Layout<W>,
    /// The actions some packed state can take, in the compiled order.
    pub actions: Vec<PackedAction<W>>,
    pub goal: Test<W>,
    pub heuristic: PackedHeuristic,
    /// Applicable-action sets, for problems with many actions.
    pub applicability: Option<Applicability>,
}

impl<W: Word> PackedProblem<W> {
    #[inline]
    pub fn guards(&self) -> W {
        self.layout.guards
    }
}

/// A problem packed into the narrowest word it fits.
#[derive(Clone, Debug)]
pub(crate) enum Packed {
    Narrow(PackedProblem<u64>),
    Wide(PackedProblem<u128>),
}

/// The packed form of `problem`, or `None` when its slots or constants do not fit a word.
pub(crate) fn pack(problem: &Compiled, heuristic: &Heuristic) -> Option<Packed> {
    pack_with(problem, heuristic, MAX_VALUE_BITS)
}

/// [`pack`] with fields of at most `max_value_bits` (tests use narrow fields to force overflow).
pub(crate) fn pack_with(problem: &Compiled, heuristic: &Heuristic, max_value_bits: u32) -> Option<Packed> {
    let ranges = slot_ranges(problem)?;
    let needed: u32 = ranges.iter().map(|r| r.bits + 1).sum();
    if ranges.is_empty() {
        return None;
    }
    if needed + NARROW_HEADROOM * ranges.len() as u32 <= u64::BITS {
        Some(Packed::Narrow(pack_into(problem, heuristic, &ranges, max_value_bits)))
    } else if needed <= u128::BITS {
        Some(Packed::Wide(pack_into(problem, heuristic, &ranges, max_value_bits)))
    } else {
        None
    }
}

/// The values a slot's constants span, and which ways its effects can move it.
#[derive(Clone, Copy, Debug)]
struct Range {
    lo: i64,
    hi: i64,
    bits: u32,
    rises: bool,
    falls: bool,
}

fn slot_ranges(problem: &Compiled) -> Option<Vec<Range>> {
    let mut ranges = vec![Range { lo: 0, hi: 0, bits: 0, rises: false, falls: false }; problem.slots.len()];
    let mut within_limit = true;
    // Widens `r` to `value`, false when `value` is beyond the limit.
    let mention = |r: &mut Range, value: Value| {
        let value = i64::from(value);
        (r.lo, r.hi) = (r.lo.min(value), r.hi.max(value));
        value.abs() <= LIMIT
    };
    let conditions = problem.goal.iter().chain(problem.actions.iter().flat_map(|a| &a.preconditions));
    for c in conditions {
        within_limit &= mention(&mut ranges[c.slot as usize], c.value);
    }
    for action in &problem.actions {
        let size: i64 = action.effects.iter().map(|&(_, _, v)| i64::from(v).abs()).sum();
        within_limit &= size <= LIMIT;
        for &(slot, delta) in &action.deltas {
            let r = &mut ranges[slot as usize];
            match delta {
                Delta::Set(v) => within_limit &= mention(r, v),
                Delta::Add(k) => (r.rises, r.falls) = (r.rises || k > 0, r.falls || k < 0),
            }
        }
    }
    for r in &mut ranges {
        r.bits = (64 - (r.hi - r.lo).unsigned_abs().leading_zeros()).max(1);
    }
    within_limit.then_some(ranges)
}

fn pack_into<W: Word>(
    problem: &Compiled,
    heuristic: &Heuristic,
    ranges: &[Range],
    max_value_bits: u32,
) -> PackedProblem<W> {
    // Spare bits go round the slots one at a time, as headroom for values the search reaches.
    let mut bits: Vec<u32> = ranges.iter().map(|r| r.bits).collect();
    let mut spare = W::BITS - ranges.iter().map(|r| r.bits + 1).sum::<u32>();
    while spare > 0 && bits.iter().any(|&b| b < max_value_bits) {
        for b in bits.iter_mut().filter(|b| **b < max_value_bits) {
            if spare == 0 {
                break;
            }
            *b += 1;
            spare -= 1;
        }
    }
    let mut fields = Vec::with_capacity(ranges.len());
    let mut shift = 0;
    let mut guards = W::ZERO;
    for (r, &b) in ranges.iter().zip(&bits) {
        let max = (1i64 << b) - 1;
        let headroom = max - (r.hi - r.lo);
        // Room above the constants for every slot: a slot only falls in this problem, but others
        // may have raised it (the bread a villager eats is baked by someone else). Room below only
        // for slots that can fall.
        let bias = match (r.rises, r.falls) {
            (_, true) => r.lo - headroom / 2,
            _ => r.lo,
        };
        fields.push(Field { shift, max, bias });
        guards = guards | W::from_u64(1) << (shift + b);
        shift += b + 1;
    }
    let layout = Layout { fields, guards };

    let goal = Test::new(&layout, &problem.goal).unwrap_or_else(|| Test::never(&layout));
    // An action whose preconditions no packed state meets generates nothing on either path.
    let actions: Vec<PackedAction<W>> = problem
        .actions
        .iter()
        .filter_map(|action| Some((action, Test::new(&layout, &action.preconditions)?)))
        .map(|(action, needs)| {
            let zero = W::ZERO;
            let mut packed = PackedAction {
                original: action.original as u32,
                cost: u64::from(action.cost),
                needs,
                keep: !zero,
                set: zero,
                flip: zero,
                add: zero,
                check: zero,
            };
            for &(slot, delta) in &action.deltas {
                let s = slot as usize;
                let (guard, max, bias) = (layout.guard(s), layout.fields[s].max, layout.fields[s].bias);
                // An effect that can never stay in range adds the guard itself: always caught.
                let add = match delta {
                    Delta::Set(v) => {
                        packed.keep = packed.keep & !layout.mask(s);
                        let placed = layout.place(s, i64::from(v) - bias);
                        packed.set = packed.set | placed.unwrap_or(zero);
                        if placed.is_some() { None } else { Some(guard) }
                    }
                    Delta::Add(k) if k.abs() > max => Some(guard),
                    Delta::Add(k) if k < 0 => {
                        packed.flip = packed.flip | layout.mask(s);
                        layout.place(s, -k)
                    }
                    Delta::Add(k) => layout.place(s, k).filter(|_| k > 0),
                };
                if let Some(add) = add {
                    packed.add = packed.add | add;
                    packed.check = packed.check | guard;
                }
            }
            packed
        })
        .collect();
    let heuristic = PackedHeuristic::new(heuristic, &layout);
    let applicability = Applicability::new(problem, &actions);
    PackedProblem { layout, actions, goal, heuristic, applicability }
}
