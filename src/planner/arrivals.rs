//! The walking still ahead: a goal condition that only actions done at one place can meet means
//! arriving at that place, and an arrival costs at least the least extra any arrival there does —
//! so the estimate adds that least, once for each such place not yet stood at (docs/planner.md).

use super::compile::{Compiled, Slot, SlotAction, SlotCondition};
use super::facts::Value;
use super::model::extra_at;
use super::ops::Delta;
use smallvec::SmallVec;

/// A place slot may tell this many values apart (a town's stations and a start) to be read here.
const MAX_PLACES: i64 = 4096;

/// A place every plan must still arrive at while one of `conditions` is unmet: every action that
/// can help each of them sets `slot` to `at`.
#[derive(Clone, Debug)]
struct Landmark {
    conditions: SmallVec<[SlotCondition; 1]>,
    slot: Slot,
    at: Value,
    /// The least the arrival still costs when the place holds `low + i` (nothing at `at` itself),
    /// below that run, and above it.
    low: Value,
    from: Vec<u64>,
    below: u64,
    above: u64,
}

impl Landmark {
    #[inline]
    fn cost_from(&self, place: Value) -> u64 {
        match usize::try_from(i64::from(place) - i64::from(self.low)) {
            Err(_) => self.below,
            Ok(i) => self.from.get(i).copied().unwrap_or(self.above),
        }
    }
}

/// The places the goal still needs arrivals at, with what each arrival costs at least.
#[derive(Clone, Debug, Default)]
pub(crate) struct Arrivals {
    landmarks: Vec<Landmark>,
}

/// An arrival that no action can make: the condition behind it can never be met from there.
const NEVER: u64 = u64::MAX;

impl Arrivals {
    /// The landmarks of `problem`'s goal, where `helps(a, c)` says action `a` can move condition
    /// `c`'s fact toward meeting it (the deficit bounds' sense).
    pub fn new(problem: &Compiled, helps: impl Fn(&SlotAction, &SlotCondition) -> bool) -> Self {
        let spans = problem.spans();
        let actions: Vec<SlotAction> = problem.actions().collect();
        // A place: costs are looked up by it, and every action leaves it alone or sets it.
        let is_place = |slot: usize| {
            let s = &spans[slot];
            s.priced && !s.adds && s.high - s.low < MAX_PLACES
        };
        let mut landmarks: Vec<Landmark> = Vec::new();
        for condition in &problem.goal {
            let helpers: Vec<&SlotAction> = actions.iter().filter(|a| helps(a, condition)).collect();
            for slot in (0..problem.slots.len()).filter(|&s| is_place(s)) {
                let sets = |a: &&SlotAction| a.delta_on(slot as Slot).and_then(Delta::sets);
                let Some(at) = helpers.first().and_then(sets) else { continue };
                if !helpers.iter().all(|a| sets(a) == Some(at)) {
                    continue;
                }
                match landmarks.iter_mut().find(|l| usize::from(l.slot) == slot && l.at == at) {
                    Some(landmark) => landmark.conditions.push(*condition),
                    None => landmarks.push(Landmark::new(&actions, *condition, slot, at, &spans[slot])),
                }
            }
        }
        // A place every arrival reaches for nothing adds nothing.
        landmarks.retain(|l| l.from.iter().chain([&l.below, &l.above]).any(|&c| c > 0));
        Arrivals { landmarks }
    }

    /// The place slots and condition slots [`ahead`](Self::ahead) reads.
    pub fn slots_read<'a>(&'a self) -> impl Iterator<Item = usize> + 'a {
        let read =
            |l: &'a Landmark| l.conditions.iter().map(|c| usize::from(c.slot)).chain([usize::from(l.slot)]);
        self.landmarks.iter().flat_map(read)
    }

    /// The least the arrivals still ahead of `state` cost, or `None` where one can never be made.
    #[inline]
    pub fn ahead(&self, state: &[Value]) -> Option<u64> {
        let mut sum = 0u64;
        for landmark in &self.landmarks {
            if landmark.conditions.iter().all(|c| c.holds_for(state[usize::from(c.slot)])) {
                continue;
            }
            match landmark.cost_from(state[usize::from(landmark.slot)]) {
                NEVER => return None,
                cost => sum = sum.saturating_add(cost),
            }
        }
        Some(sum)
    }
}

impl Landmark {
    /// The landmark at value `at` of place `slot` (whose values the problem names span `span`), for
    /// `condition`: what arriving there costs at least from each value the place can hold.
    fn new(
        actions: &[SlotAction],
        condition: SlotCondition,
        slot: usize,
        at: Value,
        span: &super::compile::Span,
    ) -> Self {
        let place = slot as Slot;
        let arrivals: Vec<&SlotAction> =
            actions.iter().filter(|a| a.delta_on(place).and_then(Delta::sets) == Some(at)).collect();
        // The least an arrival taken where the place holds `from` costs, beyond its base: its
        // extras by the place (those by other facts add, so leaving them out keeps a lower bound).
        let arrive_from = |from: Value| {
            let can = |a: &&&SlotAction| a.preconditions.iter().all(|p| p.slot != place || p.holds_for(from));
            let extra = |a: &&SlotAction| -> u64 {
                let tables = a.extras.iter().filter(|&(s, _, _)| s == place);
                tables.map(|(_, pairs, and_above)| u64::from(extra_at(pairs, and_above, from))).sum()
            };
            arrivals.iter().filter(can).map(extra).min().unwrap_or(NEVER)
        };
        // After its first move a place holds a value some action sets; only before it does it
        // hold another (where the plan starts).
        let set_values = actions.iter().filter_map(|a| a.delta_on(place).and_then(Delta::sets));
        let later = set_values.filter(|&v| v != at).map(arrive_from).min().unwrap_or(NEVER);
        let cost = |from: i64| match Value::try_from(from) {
            Ok(from) if from == at => 0,
            Ok(from) => later.min(arrive_from(from)),
            Err(_) => later,
        };
        Landmark {
            conditions: SmallVec::from_elem(condition, 1),
            slot: place,
            at,
            low: span.low as Value,
            from: (span.low..=span.high).map(cost).collect(),
            below: cost(span.low - 1),
            above: cost(span.high + 1),
        }
    }
}
