//! The calendar of due steps: which villagers have something falling due at which step (an
//! action ending, an arrival, a wait, a rest or a line to choose again), which became idle and
//! decide at the next decisions, and whose own facts changed. A step visits only them, in roster
//! order, so its cost follows what happens in the town rather than how many live in it.
//!
//! A villager waiting with nothing to plan for sleeps: it has no entry at all until its tile's
//! world or outlook changes, and is then woken at its next retry (see [`sleepers::wake`]).
//!
//! The calendar is kept beside the villagers, never instead of them: an entry only says "look
//! here", and whoever reads it checks the villager's own activity, so an entry left behind by a
//! plan that changed is harmless. After anything that replaces the town's state wholesale (a
//! dawn, a jump back in time, an edit of the scenario) it is built again from the villagers.

pub mod interrupts;
pub mod sleepers;

use crate::sim::state::goals::Goals;
use crate::sim::state::roster::{Roster, in_order};
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, AgentFacts, Deliberation, Intent, Villager};
use crate::sim::state::wheel::Wheel;
use crate::sim::state::world::WorldFacts;
use bevy::ecs::prelude::*;
use interrupts as interrupt;

#[derive(Resource, Clone, Debug, Default)]
pub struct Calendar {
    /// The villagers (by number) whose timer or walk may end at each step of the day that has
    /// any, each with what falls due ([`entry`]): a few dozen steps ahead, not a whole day of them.
    due: Wheel,
    /// The villagers whose turn it is this step, by what falls due, each in roster order (see
    /// [`Calendar::begin_step`]): each phase visits only its own.
    now: [Vec<u32>; 4],
    /// The step whose entries were taken last ([`Calendar::begin_step`]).
    step: u64,
    /// Villagers that became idle since the last decisions: they decide at the next.
    idle: Vec<u32>,
    /// Villagers whose goals need a look though their tile's world did not change.
    recheck: Vec<u32>,
    /// Per tile, the villagers asleep there ([`Deliberation::asleep`]).
    sleepers: Vec<Vec<u32>>,
}

/// What falls due for a villager: which phase of a step looks at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// An action ends (acting).
    Ends,
    /// A walk ends (walking).
    Arrives,
    /// A wait, a rest or a line is chosen again (deciding).
    Retries,
    /// A goal reaches its `interrupts_at` (deciding: [`crate::sim::phases::interrupt`]).
    Interrupts,
}

/// A calendar entry: villager `number` and what falls due for it, in one number.
fn entry(number: usize, due: Due) -> u32 {
    debug_assert!(number < 1 << 30, "villager {number} does not fit a calendar entry");
    (number as u32) << 2 | due as u32
}

impl Calendar {
    /// Notes that villager `number` has something falling due at step `step` of the day (what
    /// falls due after the day's end never comes: dawn starts everyone afresh).
    pub fn at(&mut self, step: u64, number: usize, due: Due) {
        match step == self.step && due == Due::Interrupts {
            // Found in this step's walking: its decisions, still ahead, take it.
            true => self.now[due as usize].push(number as u32),
            false => self.due.file(step, entry(number, due)),
        }
    }

    /// Villager `number` became idle: it decides at the next decisions.
    pub fn idle(&mut self, number: usize) {
        self.idle.push(number as u32);
    }

    /// Villager `number`, of `tile`, sleeps until its tile changes.
    pub fn sleep(&mut self, tile: usize, number: usize) {
        if let Some(sleepers) = self.sleepers.get_mut(tile) {
            sleepers.push(number as u32);
        }
    }

    /// Villager `number`'s goals need a look at the next goals phase.
    pub fn recheck(&mut self, number: usize) {
        self.recheck.push(number as u32);
    }

    /// Takes step `step`'s entries as this step's villagers, by what falls due, in roster order.
    pub fn begin_step(&mut self, step: u64) {
        self.now.iter_mut().for_each(Vec::clear);
        self.step = step;
        for entry in self.due.take(step) {
            self.now[entry as usize & 3].push(entry >> 2);
        }
        self.now.iter_mut().for_each(in_order);
    }

    /// This step's villagers for whom `due` falls due, in roster order; given up.
    pub fn take_now(&mut self, due: Due) -> Vec<u32> {
        std::mem::take(&mut self.now[due as usize])
    }

    /// This step's villagers whose goal may interrupt them, in roster order; given up.
    pub fn interrupting(&mut self) -> Vec<u32> {
        let mut interrupting = std::mem::take(&mut self.now[Due::Interrupts as usize]);
        in_order(&mut interrupting);
        interrupting
    }

    /// This step's retries and those idle since: who may decide now, in roster order. Both are
    /// given up.
    pub fn deciding(&mut self) -> Vec<u32> {
        let mut deciding = std::mem::take(&mut self.idle);
        deciding.append(&mut self.now[Due::Retries as usize]);
        in_order(&mut deciding);
        deciding
    }

    /// The villagers whose own facts changed since goals were last looked at, in roster order;
    /// given up.
    pub fn take_rechecks(&mut self) -> Vec<u32> {
        let mut recheck = std::mem::take(&mut self.recheck);
        in_order(&mut recheck);
        recheck
    }
}

/// Builds the calendar again from what every villager is doing.
pub fn rebuild(world: &mut World) {
    // Between steps the next to play is the one after (no timer is due at a dawn).
    let next = world.resource::<Clock>().steps + 1;
    let tiles = world.resource::<Town>().layout.tiles;
    world.remove_resource::<Calendar>(); // never two at once
    let step = next - 1;
    let mut calendar = Calendar { sleepers: vec![Vec::new(); tiles], step, ..Calendar::default() };
    let roster = world.resource::<Roster>().0.clone();
    for entity in roster {
        let Some(villager) = world.get::<Villager>(entity) else { continue };
        let number = villager.number();
        let tile = villager.tile();
        // One asleep stays asleep while what it found hopeless stands (an edit of the scenario
        // forgets it, and has brought its wait to its next retry: it plans again then).
        let mut deliberation = world.get_mut::<Deliberation>(entity);
        let (asleep, recheck) = deliberation.as_mut().map_or((false, false), |d| {
            d.asleep &= d.hopeless.is_some();
            (d.asleep, d.recheck)
        });
        let Some(activity) = world.get::<Activity>(entity) else { continue };
        match *activity {
            Activity::Idle => calendar.idle(number),
            Activity::Waiting { .. } if asleep => calendar.sleep(tile, number),
            Activity::Acting { until } => calendar.at(u64::from(until).max(next), number, Due::Ends),
            Activity::Walking { until, .. } => calendar.at(u64::from(until).max(next), number, Due::Arrives),
            Activity::Waiting { until } | Activity::Resting { until } | Activity::Queued { until } => {
                calendar.at(u64::from(until).max(next), number, Due::Retries)
            }
        }
        if recheck {
            calendar.recheck(number);
        }
    }
    file_interruptions(world, &mut calendar, next);
    world.insert_resource(calendar);
}

/// Files every villager's first urgent step from step `from` on ([`interrupt::file`]).
fn file_interruptions(world: &mut World, calendar: &mut Calendar, from: u64) {
    let (town, facts, clock) =
        (world.resource::<Town>(), world.resource::<WorldFacts>(), world.resource::<Clock>());
    if !(0..town.scenario.characters.len()).any(|c| interrupt::may_interrupt(town, c)) {
        return;
    }
    let mut villagers =
        world.try_query::<(&Villager, &AgentFacts, &Goals, &Intent, &Activity)>().expect("villagers");
    for (villager, agent, goals, intent, activity) in villagers.iter(world) {
        interrupt::file(calendar, town, facts, clock, (villager, agent), (goals, intent, activity), from);
    }
}

#[cfg(test)]
mod tests {
    use crate::random::SplitMix64;
    use crate::sim::state::roster::in_order;

    #[test]
    fn numbers_in_order_are_sorted_and_each_once_however_many() {
        let mut random = SplitMix64(19);
        for _ in 0..2_000 {
            let (count, range) = (random.below(600), 1 + random.below(20_000));
            let mut numbers: Vec<u32> = (0..count).map(|_| random.below(range) as u32).collect();
            let mut sorted = numbers.clone();
            sorted.sort_unstable();
            sorted.dedup();
            in_order(&mut numbers);
            assert_eq!(numbers, sorted, "{count} numbers below {range}");
        }
    }
}
