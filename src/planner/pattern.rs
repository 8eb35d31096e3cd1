//! A pattern database: the exact cost to the goal from every state of a small abstraction of the
//! problem (each fact's values cut to a box around the constants it mentions), worked out backwards
//! once, with each class's whole estimate beside it (why it is admissible and consistent:
//! docs/planner.md).

use super::compile::{Compiled, Slot, SlotAction, SlotCondition};
use super::facts::Value;
use super::model::extra_at;
use super::ops::Delta;
use super::search::DEAD_END;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The largest abstraction worked out (states); larger problems go without.
const MAX_STATES: usize = 1 << 14;
/// The stored cost of an abstract state from which the goal is out of reach. Costs that would
/// reach it are stored one below: a smaller bound is still a bound, and `min(h, c)` of a
/// consistent `h` is consistent.
const UNREACHABLE: u32 = u32::MAX;

/// The values of one fact the abstraction tells apart.
#[derive(Clone, Copy, Debug)]
struct Axis {
    low: i64,
    high: i64,
    /// `high − low`.
    width: u64,
    stride: usize,
}

impl Axis {
    /// The values the class of `value` (a value within the box) stands for: a boundary class
    /// stands for every value beyond it too.
    fn class_of(&self, value: i64) -> (i64, i64) {
        let low = if value == self.low { i64::MIN } else { value };
        (low, if value == self.high { i64::MAX } else { value })
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    /// One axis per slot of the compiled problem.
    axes: Vec<Axis>,
    /// The cost to the goal from each abstract state ([`UNREACHABLE`]: none).
    costs: Vec<u32>,
    /// The whole estimate of each abstract state's representative ([`DEAD_END`]: none).
    whole: Vec<u64>,
}

impl Pattern {
    /// The database for `problem`, with the whole estimate of each class's representative given
    /// the other bounds' `rest`; `None` when its abstraction is too large.
    pub fn new(problem: &Compiled, rest: impl Fn(&[Value]) -> Option<u64>) -> Option<Pattern> {
        let mut axes = Vec::with_capacity(problem.slots.len());
        let mut size = 1usize;
        for span in problem.spans() {
            // A slot that drifts, or that costs are looked up by, gets a class past each end, so
            // that every value it is set to or priced at is a class of its own.
            let margin = i64::from(span.adds || span.priced);
            let (low, high) = (span.low - margin, span.high + margin);
            let values = usize::try_from(high - low + 1).ok()?;
            axes.push(Axis { low, high, width: (high - low) as u64, stride: size });
            size = size.checked_mul(values).filter(|&s| s <= MAX_STATES)?;
        }
        let mut pattern = Pattern { axes, costs: vec![UNREACHABLE; size], whole: Vec::with_capacity(size) };
        pattern.solve(problem, size, rest);
        Some(pattern)
    }

    /// Backward Dijkstra from the abstract goal states over the abstract steps; then each
    /// representative's whole estimate, the larger of its cost and `rest`.
    fn solve(&mut self, problem: &Compiled, size: usize, rest: impl Fn(&[Value]) -> Option<u64>) {
        // Every abstract step as (to, from, cost).
        let mut steps: Vec<(u32, u32, u32)> = Vec::with_capacity(size * problem.len());
        let mut open = BinaryHeap::new();
        // Each action, and its net change per slot, looked up directly.
        let actions: Vec<SlotAction> = problem.actions().collect();
        let deltas: Vec<Vec<Option<Delta>>> = actions
            .iter()
            .map(|a| (0..self.axes.len()).map(|slot| a.delta_on(slot as u16)).collect())
            .collect();
        let mut values: Vec<i64> = self.axes.iter().map(|a| a.low).collect();
        let (mut ranges, mut representative) = (Vec::new(), vec![0; values.len()]);
        for state in 0..size {
            // (A box edge beyond what a value can hold stands for no state inside the box.)
            for (r, &v) in representative.iter_mut().zip(&values) {
                *r = v.clamp(Value::MIN.into(), Value::MAX.into()) as Value;
            }
            self.whole.push(rest(&representative).unwrap_or(DEAD_END));
            let holds = |c: &SlotCondition| {
                let (low, high) = self.axes[c.slot as usize].class_of(values[c.slot as usize]);
                c.compare.holds_within(low, high, c.value)
            };
            if problem.goal.iter().all(holds) {
                self.costs[state] = 0;
                open.push(Reverse((0u32, state as u32)));
            }
            for (action, deltas) in actions.iter().zip(&deltas) {
                if action.preconditions.iter().all(holds) {
                    let cost = self.step_cost(action, &values);
                    self.successors(&values, deltas, &mut ranges, |next| {
                        steps.push((next as u32, state as u32, cost))
                    });
                }
            }
            self.next_values(&mut values);
        }
        // Grouped by where they lead (a counting sort): `incoming[first[s]..first[s + 1]]`.
        let mut first = vec![0usize; size + 1];
        for &(to, _, _) in &steps {
            first[to as usize + 1] += 1;
        }
        for i in 0..size {
            first[i + 1] += first[i];
        }
        let mut fill = first.clone();
        let mut incoming = vec![(0u32, 0u32); steps.len()];
        for &(to, from, cost) in &steps {
            incoming[fill[to as usize]] = (from, cost);
            fill[to as usize] += 1;
        }
        // `costs` holds the cheapest way found so far: a state is queued only when that improves,
        // and an entry left behind by a cheaper one is passed over.
        while let Some(Reverse((cost, state))) = open.pop() {
            if cost > self.costs[state as usize] {
                continue;
            }
            for &(from, step) in &incoming[first[state as usize]..first[state as usize + 1]] {
                let through = cost.saturating_add(step).min(UNREACHABLE - 1);
                if through < self.costs[from as usize] {
                    self.costs[from as usize] = through;
                    open.push(Reverse((through, from)));
                }
            }
        }
        for (whole, &cost) in self.whole.iter_mut().zip(&self.costs) {
            *whole =
                if cost == UNREACHABLE || *whole == DEAD_END { DEAD_END } else { (*whole).max(cost.into()) };
        }
    }

    /// What `action` costs at least from the abstract state whose representative values are
    /// `values`: its base, and its extra where the value it is priced by is a class of its own
    /// (a boundary class stands for values whose extras may be less).
    fn step_cost(&self, action: &SlotAction, values: &[i64]) -> u32 {
        let extra = |(slot, by_value, and_above): (Slot, &[(Value, u32)], Option<(Value, u32)>)| {
            let (value, axis) = (values[usize::from(slot)], &self.axes[usize::from(slot)]);
            let inner = axis.low < value && value < axis.high;
            if inner { extra_at(by_value, and_above, value as Value) } else { 0 }
        };
        action.extras.iter().map(extra).fold(action.cost, u32::saturating_add)
    }

    /// Calls `each` with every abstract state an action with `deltas` (its net change per slot)
    /// can lead to from the abstract state whose slot values are `values` (`ranges` is working
    /// memory).
    fn successors(
        &self,
        values: &[i64],
        deltas: &[Option<Delta>],
        ranges: &mut Vec<(usize, usize, usize, usize)>,
        mut each: impl FnMut(usize),
    ) {
        // The range of classes each changed slot can land in, and where in it the count is.
        ranges.clear();
        let mut base = 0;
        for ((&value, axis), &delta) in values.iter().zip(&self.axes).zip(deltas) {
            let class = |v: i64| (v.clamp(axis.low, axis.high) - axis.low) as usize;
            // A change may take the values a class stands for to any class between where they land.
            let (low, high) = axis.class_of(value);
            let (low, high) = delta.map_or((value, value), |delta| delta.image(low, high));
            let (from, to) = (class(low), class(high));
            if from == to {
                base += from * axis.stride;
            } else {
                ranges.push((from, to, axis.stride, 0));
            }
        }
        loop {
            each(base + ranges.iter().map(|&(from, _, stride, i)| (from + i) * stride).sum::<usize>());
            // The next combination, odometer style.
            let mut digit = 0;
            loop {
                let Some((from, to, _, i)) = ranges.get_mut(digit) else { return };
                *i += 1;
                if *from + *i <= *to {
                    break;
                }
                *i = 0;
                digit += 1;
            }
        }
    }

    /// From the representative values of one abstract state to the next one's, odometer style
    /// (slot 0 has stride 1).
    fn next_values(&self, values: &mut [i64]) {
        for (value, axis) in values.iter_mut().zip(&self.axes) {
            if *value < axis.high {
                *value += 1;
                return;
            }
            *value = axis.low;
        }
    }

    /// The estimate of `state` (the slots' values), `rest` being the other bounds' (of which the
    /// whole estimate is the largest); `None` when the goal is out of reach. A state inside the
    /// box is its class's representative, whose whole estimate was worked out beforehand: then
    /// it is one load.
    #[inline(always)]
    pub fn estimate(&self, state: &[Value], rest: impl FnOnce() -> Option<u64>) -> Option<u64> {
        let (index, inside) = self.class(state);
        if inside {
            return self.inside(index);
        }
        self.outside(index, rest)
    }

    /// The estimate of a state outside the box, in abstract state `index`.
    #[cold]
    fn outside(&self, index: usize, rest: impl FnOnce() -> Option<u64>) -> Option<u64> {
        let cost = self.costs[index];
        (cost != UNREACHABLE).then_some(u64::from(cost).max(rest()?))
    }

    /// The whole estimate of the state in abstract state `index`, when it lies inside the box.
    #[inline(always)]
    fn inside(&self, index: usize) -> Option<u64> {
        (self.whole[index] != DEAD_END).then_some(self.whole[index])
    }

    /// The database's own part of the estimate.
    #[cfg(test)]
    pub fn part(&self, state: &[Value]) -> Option<u64> {
        let cost = self.costs[self.class(state).0];
        (cost != UNREACHABLE).then_some(u64::from(cost))
    }

    /// The abstract state holding `state` (the slots' values), and whether `state` lies inside
    /// the box.
    #[inline(always)]
    fn class(&self, state: &[Value]) -> (usize, bool) {
        let (mut index, mut inside) = (0, true);
        for (axis, &value) in self.axes.iter().zip(state) {
            let offset = i64::from(value) - axis.low;
            inside &= offset as u64 <= axis.width;
            index += offset.clamp(0, axis.width as i64) as usize * axis.stride;
        }
        (index, inside)
    }
}
