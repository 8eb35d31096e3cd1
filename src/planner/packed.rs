//! The projected state packed into one `u64`, when every slot fits a small bit field and every
//! condition is an interval — a [`Space`] where testing, applying, comparing and hashing are a few
//! word operations (SWAR, with a guard bit per field: docs/planner.md). What does not fit is
//! detected, never wrapped, and goes to the [`Slices`](super::slices): packing changes speed only.
//!
//! A slot no action changes and no condition tests, only priced (the line a villager would wait
//! in), holds its start's value in every state of a search: it gets no field, and is read from
//! the start — so a villager's many lines do not keep its problem from fitting a word.

use super::compile::{Compiled, SlotAction, SlotCondition, Span};
use super::facts::Value;
use super::heuristic::Heuristic;
use super::ops::Delta;
use super::search::{DEAD_END, Space, Successor};
use smallvec::SmallVec;

/// Constants and effect sizes beyond this keep a problem unpacked, so that packed values stay
/// far from `i32` saturation and composed effects equal effects applied in turn.
const LIMIT: i64 = 1 << 24;
/// The widest field: wider buys headroom nobody uses.
pub(crate) const MAX_VALUE_BITS: u32 = 16;
/// Headroom bits per slot a problem must have left to be packed.
const HEADROOM: u32 = 2;

#[derive(Clone, Copy, Debug)]
struct Field {
    shift: u32,
    /// The largest value the field holds (`2^bits − 1`).
    max: i64,
    bias: i64,
    /// A slot that holds its start's value in every state: no bits of the word.
    fixed: bool,
}

impl Field {
    /// The value this field holds in `x`.
    #[inline(always)]
    fn value(&self, x: u64) -> Value {
        (((x >> self.shift) & self.max as u64) as i64 + self.bias) as Value
    }
}

/// Where each slot lives in the word.
#[derive(Clone, Debug)]
struct Layout {
    fields: Vec<Field>,
    /// Every field's guard bit.
    guards: u64,
}

impl Layout {
    /// Fields for slots spanning `spans`, each at most `max_value_bits` wide, none (0 bits, no
    /// guard) for the `fixed` ones; `None` when the slots, with their headroom, do not fit a word.
    fn new(spans: &[Span], fixed: &[bool], max_value_bits: u32) -> Option<Layout> {
        let width = |s: &Span| (64 - (s.high - s.low).unsigned_abs().leading_zeros()).max(1);
        let mut bits: Vec<u32> =
            spans.iter().zip(fixed).map(|(s, &fixed)| if fixed { 0 } else { width(s) }).collect();
        let fields = bits.iter().filter(|&&b| b > 0).count() as u32;
        let used = bits.iter().sum::<u32>() + fields; // and a guard bit a field
        if spans.is_empty() || used + fields * HEADROOM > u64::BITS {
            return None;
        }
        // Spare bits go round the slots one at a time, as headroom for values the search reaches.
        let mut spare = u64::BITS - used;
        let widens = |b: &&mut u32| **b > 0 && **b < max_value_bits;
        while spare > 0 && bits.iter_mut().any(|b| widens(&b)) {
            for b in bits.iter_mut().filter(widens) {
                if spare == 0 {
                    break;
                }
                *b += 1;
                spare -= 1;
            }
        }
        let (mut fields, mut shift, mut guards) = (Vec::with_capacity(spans.len()), 0, 0);
        for ((s, &b), &fixed) in spans.iter().zip(&bits).zip(fixed) {
            if fixed {
                fields.push(Field { shift: 0, max: 0, bias: 0, fixed });
                continue;
            }
            let max = (1i64 << b) - 1;
            // Room above the constants for every slot: a slot only falls in this problem, but
            // others may have raised it (the bread a villager eats is baked by someone else).
            // Room below only for slots that can fall.
            let bias = if s.falls { s.low - (max - (s.high - s.low)) / 2 } else { s.low };
            fields.push(Field { shift, max, bias, fixed });
            guards |= 1 << (shift + b);
            shift += b + 1;
        }
        Some(Layout { fields, guards })
    }

    /// Slot `slot`'s value in word `x` of a search from `start`.
    #[inline(always)]
    fn value(&self, slot: usize, x: u64, start: &[Value]) -> Value {
        let f = &self.fields[slot];
        if f.fixed { start[slot] } else { f.value(x) }
    }

    fn guard(&self, slot: usize) -> u64 {
        let f = self.fields[slot];
        1 << (f.shift + f.max.count_ones())
    }

    fn mask(&self, slot: usize) -> u64 {
        let f = self.fields[slot];
        (f.max as u64) << f.shift
    }

    /// `offset` (a value minus the field's bias) placed in `slot`'s field, if it fits.
    fn place(&self, slot: usize, offset: i64) -> Option<u64> {
        let f = self.fields[slot];
        (0..=f.max).contains(&offset).then(|| (offset as u64) << f.shift)
    }
}

/// A conjunction of conditions as a box: `x` meets it when every field lies between its
/// bounds, which two subtractions check for all fields at once — `(x | guards) − low` keeps a
/// field's guard exactly where the field is at least its low bound, `(high | guards) − x` exactly
/// where it is at most its high bound. Unconditioned fields span their whole range.
#[derive(Clone, Copy, Debug)]
struct Test {
    low: u64,
    /// The high bounds with every guard set.
    high: u64,
}

impl Test {
    /// The test for all of `conditions` (each an interval); one no state meets when no state
    /// that fits the layout meets them.
    fn new(layout: &Layout, conditions: &[SlotCondition]) -> Self {
        let mut bounds: Vec<(i64, i64)> = layout.fields.iter().map(|f| (0, f.max)).collect();
        for c in conditions {
            let bias = layout.fields[c.slot as usize].bias;
            let (from, to) = c.compare.interval(c.value).expect("packed problems test intervals");
            let (low, high) = &mut bounds[c.slot as usize];
            (*low, *high) = ((*low).max(from.saturating_sub(bias)), (*high).min(to.saturating_sub(bias)));
        }
        let mut test = Test { low: 0, high: layout.guards };
        for (slot, &(low, high)) in bounds.iter().enumerate() {
            match (low <= high).then(|| layout.place(slot, low).zip(layout.place(slot, high))).flatten() {
                Some((low, high)) => (test.low, test.high) = (test.low | low, test.high | high),
                // The first field with bits, at shift 0, would have to be at least 1 and at most 0
                // (a slot a condition tests has bits).
                None => return Test { low: 1, high: layout.guards },
            }
        }
        test
    }

    /// Whether every condition holds in `x` (whose guards are all 0); `guards` are the layout's.
    #[inline(always)]
    fn holds(&self, x: u64, guards: u64) -> bool {
        (x | guards).wrapping_sub(self.low) & self.high.wrapping_sub(x) & guards == guards
    }
}

/// One action over packed states: `set` fields are replaced, then every `+k` and `−k` is one
/// addition — a subtracted field is flipped (`max − f`), increased, and flipped back.
#[derive(Clone, Copy, Debug)]
struct PackedAction {
    /// Its base cost, and whether an extra may be added to it.
    cost: u64,
    varies: bool,
    needs: Test,
    keep: u64,
    set: u64,
    flip: u64,
    add: u64,
    /// Guards of the changed fields: set after the addition when a field left its range.
    check: u64,
}

impl PackedAction {
    /// The successor of `x`, or `None` when some field would leave its range.
    #[inline]
    fn apply(&self, x: u64) -> Option<u64> {
        let sum = (((x & self.keep) | self.set) ^ self.flip).wrapping_add(self.add);
        (sum & self.check == 0).then_some(sum ^ self.flip)
    }
}

/// A compiled problem over packed states: one packed action per compiled action.
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    layout: Layout,
    actions: Vec<PackedAction>,
    goal: Test,
    /// Per slot, where its field lies in the pattern database's box: `(shift, largest offset,
    /// offset to class (wrapping), last class, stride)` — so a word inside the box finds its
    /// whole estimate in a few instructions a slot.
    boxes: Vec<(u32, u64, u64, u64, usize)>,
}

impl Packed {
    /// How many slots have no field (read from the start).
    #[cfg(test)]
    pub fn fixed_slots(&self) -> usize {
        self.layout.fields.iter().filter(|f| f.fixed).count()
    }

    /// The abstract state of `x` when `x` lies inside the pattern database's box.
    #[inline(always)]
    fn inside(&self, x: u64) -> Option<usize> {
        let (mut index, mut inside) = (0, !self.boxes.is_empty());
        for &(shift, max, to_class, last, stride) in &self.boxes {
            let class = ((x >> shift) & max).wrapping_add(to_class); // below the box wraps high
            inside &= class <= last;
            index = (class as usize).wrapping_mul(stride).wrapping_add(index); // used only inside
        }
        inside.then_some(index)
    }
}

/// The packed form of `problem` with fields of at most `max_value_bits` ([`MAX_VALUE_BITS`];
/// tests use narrow fields to force overflow), or `None` when it tests something other than
/// intervals, or its slots or constants do not fit a word.
pub(crate) fn pack(problem: &Compiled, heuristic: &Heuristic, max_value_bits: u32) -> Option<Packed> {
    if problem.conditions().any(|c| c.compare.interval(c.value).is_none()) {
        return None;
    }
    let spans = problem.spans();
    let size = |a: SlotAction| a.effects.iter().map(|&(_, _, v)| i64::from(v).abs()).sum::<i64>();
    if spans.iter().any(|s| s.low < -LIMIT || s.high > LIMIT) || problem.actions().any(|a| size(a) > LIMIT) {
        return None;
    }
    // Without a pattern database (whose box reads every slot), a slot only priced gets no field.
    let mut fixed = vec![heuristic.pattern.is_none(); spans.len()];
    let slots = problem.actions().flat_map(|a| a.deltas.iter().map(|&(slot, _)| slot));
    for slot in slots.chain(problem.conditions().map(|c| c.slot)) {
        fixed[usize::from(slot)] = false;
    }
    let layout = Layout::new(&spans, &fixed, max_value_bits)?;
    let actions = problem.actions().map(|action| {
        let needs = Test::new(&layout, action.preconditions);
        let mut packed = PackedAction {
            cost: u64::from(action.cost),
            varies: !action.extras.is_empty(),
            needs,
            keep: !0,
            set: 0,
            flip: 0,
            add: 0,
            check: 0,
        };
        for &(slot, delta) in action.deltas {
            let s = slot as usize;
            let (guard, max, bias) = (layout.guard(s), layout.fields[s].max, layout.fields[s].bias);
            // An effect that can never stay in range adds the guard itself: always caught.
            let add = match delta {
                Delta::Set(v) => {
                    packed.keep &= !layout.mask(s);
                    let placed = layout.place(s, i64::from(v) - bias);
                    packed.set |= placed.unwrap_or(0);
                    if placed.is_some() { None } else { Some(guard) }
                }
                Delta::Add(k) if k.abs() > max => Some(guard),
                Delta::Add(k) if k < 0 => {
                    packed.flip |= layout.mask(s);
                    layout.place(s, -k)
                }
                Delta::Add(k) => layout.place(s, k).filter(|_| k > 0),
            };
            if let Some(add) = add {
                packed.add |= add;
                packed.check |= guard;
            }
        }
        packed
    });
    let actions = actions.collect();
    let goal = Test::new(&layout, &problem.goal);
    let boxes = heuristic.pattern.iter().flat_map(|p| p.boxes()).zip(&layout.fields);
    // A field holding offset `o` holds the value `bias + o`, of class `bias + o − low`.
    let boxes =
        boxes.map(|((low, width, stride), f)| (f.shift, f.max as u64, (f.bias - low) as u64, width, stride));
    Some(Packed { boxes: boxes.collect(), layout, actions, goal })
}

impl Words<'_> {
    /// The estimate of `x` where no pattern database's box holds it: with a database, most states
    /// lie inside; without one, the bounds read only the slots they test.
    #[inline(never)]
    fn outside_box(&self, x: u64, start: &[Value]) -> Option<u64> {
        let layout = &self.packed.layout;
        if self.heuristic.pattern.is_none() {
            return self.heuristic.estimate_unpatterned_by(|slot| layout.value(slot, x, start));
        }
        let state: SmallVec<[Value; 16]> =
            (0..layout.fields.len()).map(|slot| layout.value(slot, x, start)).collect();
        self.heuristic.estimate(&state)
    }
}

/// The packed [`Space`].
pub(crate) struct Words<'a> {
    pub problem: &'a Compiled,
    pub packed: &'a Packed,
    pub heuristic: &'a Heuristic,
}

/// A search's packed states, and its start (which the slots without a field hold throughout).
#[derive(Default)]
pub(crate) struct WordStates {
    words: Vec<u64>,
    start: Vec<Value>,
}

impl Space for Words<'_> {
    const FITS_EVERY_STATE: bool = false;
    type States = WordStates;

    fn problem(&self) -> &Compiled {
        self.problem
    }

    fn store_start(&self, states: &mut WordStates, start: &[Value]) -> bool {
        states.words.clear();
        states.start.clear();
        states.start.extend_from_slice(start);
        let layout = &self.packed.layout;
        let placed = (start.iter().zip(&layout.fields).enumerate())
            .filter(|(_, (_, f))| !f.fixed)
            .map(|(s, (&v, f))| layout.place(s, i64::from(v) - f.bias));
        let Some(x) = placed.sum::<Option<u64>>() else { return false };
        states.words.push(x);
        true
    }

    #[inline]
    fn store_successor(&self, states: &mut WordStates, from: u32, a: usize) -> Successor {
        let (x, action) = (states.words[from as usize], &self.packed.actions[a]);
        if !action.needs.holds(x, self.packed.layout.guards) {
            return Successor::Skipped;
        }
        match action.apply(x) {
            None => Successor::Overflow,
            Some(child) if child == x => Successor::Skipped,
            Some(child) => {
                states.words.push(child);
                Successor::Stored
            }
        }
    }

    fn discard_last(&self, states: &mut WordStates) {
        states.words.pop();
    }

    #[inline]
    fn hash(&self, states: &WordStates, i: u32) -> u64 {
        // One multiply, folded: well mixed, high bits included (the table uses them as tags).
        let product = u128::from(states.words[i as usize] ^ 0x243f_6a88_85a3_08d3) * 0x9e37_79b9_7f4a_7c15;
        (product as u64) ^ ((product >> 64) as u64)
    }

    #[inline]
    fn same(&self, states: &WordStates, i: u32, j: u32) -> bool {
        states.words[i as usize] == states.words[j as usize]
    }

    #[inline(always)]
    fn estimate(&self, states: &WordStates, i: u32) -> u64 {
        let x = states.words[i as usize];
        let estimate = match self.packed.inside(x).zip(self.heuristic.pattern.as_ref()) {
            Some((index, pattern)) => pattern.inside(index),
            None => self.outside_box(x, &states.start),
        };
        estimate.unwrap_or(DEAD_END)
    }

    fn keeps_estimate(&self, a: usize) -> bool {
        self.heuristic.keeps[a]
    }

    #[inline]
    fn meets_goal(&self, states: &WordStates, i: u32) -> bool {
        self.packed.goal.holds(states.words[i as usize], self.packed.layout.guards)
    }

    fn value(&self, states: &WordStates, i: u32, slot: usize) -> Value {
        self.packed.layout.value(slot, states.words[i as usize], &states.start)
    }

    fn values(&self, states: &WordStates, i: u32) -> Vec<Value> {
        let (x, layout) = (states.words[i as usize], &self.packed.layout);
        (0..layout.fields.len()).map(|slot| layout.value(slot, x, &states.start)).collect()
    }

    #[inline]
    fn cost(&self, states: &WordStates, i: u32, a: usize) -> u64 {
        let action = &self.packed.actions[a];
        if !action.varies {
            return action.cost;
        }
        let (x, layout) = (states.words[i as usize], &self.packed.layout);
        self.problem.cost_in(a, |slot| layout.value(slot, x, &states.start))
    }
}
