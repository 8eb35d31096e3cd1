//! The walking still ahead: a goal condition that only actions done at one place can meet means
//! arriving at that place, and an arrival costs at least the least extra any arrival there does —
//! so the estimate adds that least, once for each such place not yet stood at; where those places
//! stay done once done, a tour through them counts more ([`Tour`], docs/planner.md).

use super::compile::{Compiled, Slot, SlotAction, SlotCondition};
use super::facts::Value;
use super::model::extra_at;
use super::ops::{Compare, Delta};
use super::tour::Tour;
use smallvec::SmallVec;

/// A place slot may tell this many values apart (a town's stations and a start) to be read here.
const MAX_PLACES: i64 = 4096;

/// An arrival that no action can make: the condition behind it can never be met from there.
pub(super) const NEVER: u64 = u64::MAX;

/// One place: a slot costs are looked up by, which every action leaves alone or sets.
#[derive(Clone, Debug)]
pub(super) struct Place {
    pub slot: Slot,
    /// The least and greatest value the problem names for it.
    low: i64,
    high: i64,
    /// The values actions set it to: after its first move it holds one of them.
    pub sets: Vec<Value>,
    /// `arrive[row * sets.len() + x]`: the least place-extra of an action setting `sets[x]`, taken
    /// where the place holds the row's value ([`Place::row`]); [`NEVER`] where none can be.
    arrive: Vec<u64>,
}

impl Place {
    fn new(actions: &[SlotAction], slot: usize, low: i64, high: i64) -> Self {
        let place = slot as Slot;
        let set = |a: &SlotAction| a.delta_on(place).and_then(Delta::sets);
        let mut sets: Vec<Value> = actions.iter().filter_map(set).collect();
        sets.sort_unstable();
        sets.dedup();
        // The extras by the place of an action taken where it holds `from`, if it can be (those by
        // other facts add, so leaving them out keeps a lower bound).
        let extra = |a: &SlotAction, from: Value| -> Option<u64> {
            a.preconditions.iter().all(|p| p.slot != place || p.holds_for(from)).then(|| {
                let tables = a.extras.iter().filter(|&(s, _, _)| s == place);
                tables.map(|(_, pairs, and_above)| u64::from(extra_at(pairs, and_above, from))).sum()
            })
        };
        // Rows: below the named values (one stands for all), each named value, above them.
        let rows = (low - 1..=high + 1).map(|v| v.clamp(Value::MIN.into(), Value::MAX.into()) as Value);
        let mut arrive = Vec::with_capacity((high - low + 3) as usize * sets.len());
        for from in rows {
            for &to in &sets {
                let setting = actions.iter().filter(|a| set(a) == Some(to));
                arrive.push(setting.filter_map(|a| extra(a, from)).min().unwrap_or(NEVER));
            }
        }
        Place { slot: place, low, high, sets, arrive }
    }

    /// The row of `arrive` for a place holding `value`.
    #[inline]
    pub fn row(&self, value: Value) -> usize {
        (i64::from(value).clamp(self.low - 1, self.high + 1) - (self.low - 1)) as usize
    }

    /// How many rows there are.
    pub fn rows(&self) -> usize {
        (self.high - self.low + 3) as usize
    }

    /// The least place-extra of arriving at `sets[to]` from the row's value.
    #[inline]
    pub fn arrive(&self, row: usize, to: usize) -> u64 {
        self.arrive[row * self.sets.len() + to]
    }
}

/// A place every plan must still arrive at while one of `conditions` is unmet: every action that
/// can help each of them sets place `place` to `sets[at]`.
#[derive(Clone, Debug)]
pub(super) struct Landmark {
    pub conditions: SmallVec<[SlotCondition; 1]>,
    pub place: usize,
    pub at: usize,
    /// Whether no action can undo any of its conditions: once met, met for good.
    pub lasting: bool,
    /// By row: the least the arrival still costs (nothing at the landmark itself).
    last_step: Vec<u64>,
}

impl Landmark {
    fn new(place: &Place, index: usize, at: usize, condition: SlotCondition, lasting: bool) -> Self {
        // Before the arrival the place holds what it holds now, or a value some action sets.
        let later =
            (0..place.sets.len()).filter(|&v| v != at).map(|v| place.arrive(place.row(place.sets[v]), at));
        let later = later.min().unwrap_or(NEVER);
        let own = place.row(place.sets[at]);
        let last_step = (0..place.rows())
            .map(|row| if row == own { 0 } else { later.min(place.arrive(row, at)) })
            .collect();
        Landmark { conditions: SmallVec::from_elem(condition, 1), place: index, at, lasting, last_step }
    }

    /// Whether one of its conditions is unmet in `state`.
    #[inline]
    pub fn unmet(&self, state: &[Value]) -> bool {
        !self.conditions.iter().all(|c| c.holds_for(state[usize::from(c.slot)]))
    }
}

/// The places the goal still needs arrivals at, with what the arrivals cost at least.
#[derive(Clone, Debug, Default)]
pub(crate) struct Arrivals {
    places: Vec<Place>,
    landmarks: Vec<Landmark>,
    /// Per place with two lasting landmarks or more, the tour through them.
    tours: Vec<Tour>,
}

impl Arrivals {
    /// The landmarks of `problem`'s goal, where `helps(a, c)` says action `a` can move condition
    /// `c`'s fact toward meeting it (the deficit bounds' sense).
    pub fn new(problem: &Compiled, helps: impl Fn(&SlotAction, &SlotCondition) -> bool) -> Self {
        let spans = problem.spans();
        let actions: Vec<SlotAction> = problem.actions().collect();
        let is_place = |s: &super::compile::Span| s.priced && !s.adds && s.high - s.low < MAX_PLACES;
        let mut places: Vec<Place> = Vec::new();
        let mut landmarks: Vec<Landmark> = Vec::new();
        for condition in &problem.goal {
            let helpers: Vec<&SlotAction> = actions.iter().filter(|a| helps(a, condition)).collect();
            let lasting =
                actions.iter().all(|a| a.delta_on(condition.slot).is_none_or(|d| keeps_met(d, condition)));
            for slot in (0..problem.slots.len()).filter(|&s| is_place(&spans[s])) {
                let sets = |a: &&SlotAction| a.delta_on(slot as Slot).and_then(Delta::sets);
                let Some(value) = helpers.first().and_then(sets) else { continue };
                if !helpers.iter().all(|a| sets(a) == Some(value)) {
                    continue;
                }
                let index = match places.iter().position(|p| usize::from(p.slot) == slot) {
                    Some(index) => index,
                    None => {
                        places.push(Place::new(&actions, slot, spans[slot].low, spans[slot].high));
                        places.len() - 1
                    }
                };
                let at = places[index].sets.binary_search(&value).expect("a value the helpers set");
                match landmarks.iter_mut().find(|l| l.place == index && l.at == at) {
                    Some(landmark) => {
                        landmark.conditions.push(*condition);
                        landmark.lasting &= lasting;
                    }
                    None => landmarks.push(Landmark::new(&places[index], index, at, *condition, lasting)),
                }
            }
        }
        // A place every arrival reaches for nothing adds nothing.
        landmarks.retain(|l| l.last_step.iter().any(|&c| c > 0));
        let tours = (0..places.len()).filter_map(|p| Tour::new(&places[p], p, &landmarks)).collect();
        Arrivals { places, landmarks, tours }
    }

    /// These arrivals without their tours: each landmark's last step alone.
    #[cfg(test)]
    pub fn without_tours(&self) -> Self {
        Arrivals { tours: Vec::new(), ..self.clone() }
    }

    /// The place slots and condition slots [`ahead`](Self::ahead) reads.
    pub fn slots_read<'a>(&'a self) -> impl Iterator<Item = usize> + 'a {
        let conditions = self.landmarks.iter().flat_map(|l| l.conditions.iter().map(|c| usize::from(c.slot)));
        let places = self.landmarks.iter().map(|l| usize::from(self.places[l.place].slot));
        conditions.chain(places)
    }

    /// The least the arrivals still ahead of `state` cost, or `None` where one can never be made:
    /// each landmark's last step, added, or the tours where they count more.
    #[inline]
    pub fn ahead(&self, state: &[Value]) -> Option<u64> {
        let mut sum = 0u64;
        for landmark in self.landmarks.iter().filter(|l| l.unmet(state)) {
            let place = &self.places[landmark.place];
            match landmark.last_step[place.row(state[usize::from(place.slot)])] {
                NEVER => return None,
                cost => sum = sum.saturating_add(cost),
            }
        }
        let mut tours = 0u64;
        for tour in &self.tours {
            let place = &self.places[tour.place];
            tours = tours.saturating_add(tour.cost(
                &self.landmarks,
                state,
                place.row(state[usize::from(place.slot)]),
            )?);
        }
        Some(sum.max(tours))
    }
}

/// Whether a change of `delta` leaves `condition` met wherever it was.
fn keeps_met(delta: Delta, condition: &SlotCondition) -> bool {
    match (delta, condition.compare) {
        (Delta::Set(v), _) => condition.holds_for(v),
        (Delta::Add(k), Compare::AtLeast) => k >= 0,
        (Delta::Add(k), Compare::AtMost) => k <= 0,
        (Delta::Add(k), Compare::Exactly | Compare::Differs) => k == 0,
    }
}
