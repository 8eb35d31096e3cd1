//! The day so far of each villager, for its report: goals met, time by activity, replans, aborts —
//! and the one function that changes what a villager is doing, so its time is always counted.

use crate::scenario::Scenario;
use crate::sim::state::time::STEP;
use crate::sim::state::villager::Activity;
use bevy::ecs::prelude::*;
use smallvec::SmallVec;

/// The day so far, for its report: only where days are kept ([`EventLog::keep_days`]) does a
/// villager carry one — a town run only for speed keeps none, and its villagers are smaller.
///
/// [`EventLog::keep_days`]: super::log::EventLog::keep_days
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Steps spent walking, acting, waiting, resting and in line ([`Activity::counted_as`]),
    /// up to `since`: the activity under way has been counted from that step of the day on.
    /// Counting whole spans when the activity changes, not every step, leaves still villagers
    /// unvisited; [`Tally::seconds`] turns steps into the very sums adding a step at a time gave.
    pub steps: [u32; 5],
    pub since: u32,
    pub replans: u32,
    pub aborts: u32,
    /// How often each goal was met, and when first.
    pub met: SmallVec<[Met; 3]>,
    /// What it did when, for the day drawn as lanes: a span begins wherever its activity
    /// changed kind, and lasts until the next begins (or until now).
    pub spans: Vec<Span>,
}

/// From step `from` of the day, activity `kind`: an index of [`Tally::steps`], or [`DECIDING`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub from: u32,
    pub kind: u8,
}

/// A span's kind while the villager has nothing under way (it decides, or the day just began).
pub const DECIDING: u8 = 5;

/// How often a goal was met today, and when first: eight bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Met {
    pub times: u32,
    /// The fraction of the day when first met; only read once it was met.
    at: f32,
}

impl Met {
    /// Met once more at `progress` of the day.
    pub fn again(&mut self, progress: f32) {
        if self.times == 0 {
            self.at = progress;
        }
        self.times += 1;
    }

    /// The fraction of the day when it was first met, if it was.
    pub fn first(&self) -> Option<f32> {
        (self.times > 0).then_some(self.at)
    }
}

impl Tally {
    /// A day not yet begun, of one playing character `index` of `scenario` (see [`fresh`](super::villager::fresh)).
    pub fn fresh(scenario: &Scenario, index: usize) -> Self {
        let goals = scenario.characters[index].goals.len();
        Tally { met: smallvec::smallvec![Met::default(); goals], ..Tally::default() }
    }

    /// Seconds spent per kind of activity (as [`Tally::steps`] orders them) by the end of step
    /// `through - 1`, `doing` being the activity under way.
    pub fn seconds(&self, doing: &Activity, through: u64) -> [f32; 5] {
        let mut steps = self.steps;
        if let Some(kind) = doing.counted_as() {
            steps[kind] += (through as u32).saturating_sub(self.since);
        }
        steps.map(seconds_in)
    }
}

/// A span of `kind` from step `now`, unless one is under way: a span that lasted no step gives
/// way to it, and spans of one kind side by side are one.
fn begin_span(spans: &mut Vec<Span>, kind: u8, now: u32) {
    if spans.last().is_some_and(|last| last.from == now) {
        spans.pop();
    }
    if spans.last().is_none_or(|last| last.kind != kind) {
        spans.push(Span { from: now, kind });
    }
}

/// `steps` steps in seconds, summed a step at a time in `f32` as a clock ticking would.
fn seconds_in(steps: u32) -> f32 {
    thread_local! {
        static SUMS: std::cell::RefCell<Vec<f32>> = std::cell::RefCell::new(vec![0.0]);
    }
    SUMS.with_borrow_mut(|sums| {
        while sums.len() <= steps as usize {
            let last = sums[sums.len() - 1];
            sums.push(last + STEP);
        }
        sums[steps as usize]
    })
}

/// Changes what a villager is doing at step `now` of the day, counting the span it leaves
/// where the day is kept.
pub fn switch(activity: &mut Activity, tally: Option<&mut Tally>, to: Activity, now: u64) {
    if let Some(tally) = tally {
        if let Some(kind) = activity.counted_as() {
            tally.steps[kind] += (now as u32).saturating_sub(tally.since);
        }
        tally.since = now as u32;
        begin_span(&mut tally.spans, to.counted_as().map_or(DECIDING, |k| k as u8), now as u32);
    }
    *activity = to;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_begin_where_the_kind_changes_and_a_span_of_no_step_gives_way() {
        let mut spans = Vec::new();
        begin_span(&mut spans, 0, 0);
        begin_span(&mut spans, 0, 5); // walking on to another station: the same span
        begin_span(&mut spans, DECIDING, 9);
        begin_span(&mut spans, 1, 9); // decided within the step: no deciding span
        begin_span(&mut spans, 1, 12);
        begin_span(&mut spans, 2, 20);
        begin_span(&mut spans, 1, 20); // a wait of no step: gone, and the acting goes on
        assert_eq!(spans, vec![Span { from: 0, kind: 0 }, Span { from: 9, kind: 1 }]);
    }
}
