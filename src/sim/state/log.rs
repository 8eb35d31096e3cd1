//! What happened, in order, as data: the record the inspector and reports read.

use crate::planner::Condition;
use crate::sim::state::table::DecisionTable;
use crate::sim::state::villager::LastReason;
use bevy::ecs::prelude::*;
use serde::Serialize;
use smallvec::SmallVec;
use std::collections::VecDeque;
use std::sync::Arc;

/// How many recent events the game keeps for its views.
pub const RECENT_EVENTS: usize = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    PlanMade,
    ActionStarted,
    ActionFinished,
    Abandoned,
    Queued,
    LeftQueue,
    Waiting,
    GoalSwitch,
    GoalSatisfied,
    Resting,
    Dawn,
    Edited,
    Standstill,
    Interrupted,
    Stopped,
    WentOn,
}

/// One thing that happened, as data: who, when, and [`what`](Happening). Words are made where it
/// is shown ([`crate::sim::report::phrase`]), in the language of whoever reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct SimEvent {
    pub day: u32,
    /// Simulated seconds since that day's dawn.
    pub t: f32,
    /// The villager's number, or `None` for town-wide events.
    pub villager: Option<usize>,
    pub what: Happening,
    /// The table of the decision that logged it, where tables are kept ([`crate::sim::state::table::DecisionTables`]).
    pub table: Option<Arc<DecisionTable>>,
}

/// What happened. Goals and tasks are indices into the villager's character's lists, stations
/// into the scenario's, villagers are numbers.
#[derive(Clone, Debug, PartialEq)]
pub enum Happening {
    Dawn,
    /// It adopted plan `plan` (tasks) for goal `goal`, of cost `cost` (the planner's hundredths),
    /// found expanding `expanded` states; for a quota whose whole was out of reach, a plan for
    /// the part of it that could be reached (`fact >= part`).
    PlanMade {
        goal: u16,
        plan: SmallVec<[u32; 6]>,
        cost: u64,
        expanded: u32,
        part: Option<crate::planner::Value>,
    },
    Started {
        task: u32,
        station: u32,
    },
    Finished {
        task: u32,
    },
    /// It joined the line at `station`, behind villager `behind`, `place`th in line.
    Queued {
        station: u32,
        behind: Option<u32>,
        place: u32,
    },
    /// It left the line at `station`, for station `to` when it goes to another.
    LeftQueue {
        station: u32,
        to: Option<u32>,
    },
    Met {
        goal: u16,
    },
    /// Someone outside the town (the game's fact editor) set world fact `fact` from `was` to `now`.
    Edited {
        fact: crate::planner::FactId,
        was: crate::planner::Value,
        now: crate::planner::Value,
    },
    /// It changed course: rested, waited, switched goals or dropped its plan.
    Changed(LastReason),
    /// A tile stands still: its villagers wait on each other (told of the first of them).
    Standstill(Standstill),
    /// Urgent goal `goal` reached its `interrupts_at` but lost the vote: it went on with what
    /// was under way. (Why is the decision table's, [`Outcome::WentOn`](crate::sim::state::table::Outcome::WentOn):
    /// which goals were planned to tell depends on the shortcuts, and a day must not.)
    WentOn {
        goal: u16,
        was: crate::sim::state::villager::Underway,
    },
}

impl SimEvent {
    pub fn kind(&self) -> EventKind {
        match &self.what {
            Happening::Dawn => EventKind::Dawn,
            Happening::PlanMade { .. } => EventKind::PlanMade,
            Happening::Started { .. } => EventKind::ActionStarted,
            Happening::Finished { .. } => EventKind::ActionFinished,
            Happening::Queued { .. } => EventKind::Queued,
            Happening::LeftQueue { .. } => EventKind::LeftQueue,
            Happening::Met { .. } => EventKind::GoalSatisfied,
            Happening::Edited { .. } => EventKind::Edited,
            Happening::Standstill(_) => EventKind::Standstill,
            Happening::WentOn { .. } => EventKind::WentOn,
            Happening::Changed(LastReason::Resting | LastReason::None) => EventKind::Resting,
            // Never logged on its own: the plan made says it.
            Happening::Changed(LastReason::Pursuing { .. }) => EventKind::PlanMade,
            Happening::Changed(LastReason::Waiting { .. }) => EventKind::Waiting,
            Happening::Changed(LastReason::Switched { .. }) => EventKind::GoalSwitch,
            Happening::Changed(LastReason::Abandoned { .. }) => EventKind::Abandoned,
            Happening::Changed(LastReason::Interrupted { .. }) => EventKind::Interrupted,
            Happening::Changed(LastReason::Stopped { .. }) => EventKind::Stopped,
        }
    }

    /// The station it happened at, for events at one.
    pub fn station(&self) -> Option<usize> {
        match self.what {
            Happening::Started { station, .. }
            | Happening::Queued { station, .. }
            | Happening::LeftQueue { station, .. } => Some(station as usize),
            _ => None,
        }
    }
}

#[derive(Resource, Debug)]
pub struct EventLog {
    /// The last [`RECENT_EVENTS`] events, for the game's views.
    pub recent: VecDeque<SimEvent>,
    /// Every event of the day being played, for its report.
    pub today: Vec<SimEvent>,
    /// Whether days are recorded whole for their reports, and the recent events for the game's
    /// views. A town of thousands run only for speed keeps neither (only the count), and files
    /// no reports; its villagers carry no [`Tally`](crate::sim::state::tally::Tally). Set from
    /// [`SimOptions::keep_days`](crate::sim::SimOptions::keep_days) before the villagers are installed.
    pub keep_days: bool,
    /// How many events were ever recorded, so a view can tell which of the recent ones are new.
    pub recorded: u64,
    /// How often `today` lost events (a new day, the day gone back, the town installed again),
    /// so a reader of it can tell what it read is gone ([`EventLog::unread`]).
    pub cuts: u64,
}

/// How far a reader of the day's events got ([`EventLog::unread`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    cuts: u64,
    read: usize,
}

impl Default for EventLog {
    fn default() -> Self {
        EventLog { recent: VecDeque::new(), today: Vec::new(), keep_days: true, recorded: 0, cuts: 0 }
    }
}

impl EventLog {
    pub fn record(&mut self, day: u32, t: f32, villager: Option<usize>, what: Happening) {
        self.record_with(day, t, villager, what, None);
    }

    /// [`record`](Self::record) of what a decision logged, with its table.
    pub fn record_with(
        &mut self,
        day: u32,
        t: f32,
        villager: Option<usize>,
        what: Happening,
        table: Option<Arc<DecisionTable>>,
    ) {
        self.recorded += 1;
        // A town run only for speed keeps nothing of what happened but the count: no one looks.
        if !self.keep_days {
            return;
        }
        let event = SimEvent { day, t, villager, what, table };
        if self.recent.len() == RECENT_EVENTS {
            self.recent.pop_front();
        }
        self.today.push(event.clone());
        self.recent.push_back(event);
    }

    pub fn start_day(&mut self, _day: u32) {
        self.today.clear();
        self.cuts += 1;
    }

    /// The events of `today` the reader at `cursor` has not read, as a range of it, and whether
    /// what it read before is gone (the day was cut since: it reads the day again from dawn);
    /// the cursor moves on past them. Readers that keep figures taken in event by event (the
    /// overview's) follow the day with it.
    pub fn unread(&self, cursor: &mut Cursor) -> (bool, std::ops::Range<usize>) {
        let gone = cursor.cuts != self.cuts || cursor.read > self.today.len();
        let from = if gone { 0 } else { cursor.read };
        *cursor = Cursor { cuts: self.cuts, read: self.today.len() };
        (gone, from..self.today.len())
    }

    /// Forgets what was logged on `day` after its first `kept` events: the day goes back to then.
    /// Needs the whole day kept ([`keep_days`](Self::keep_days)).
    pub fn back_to(&mut self, day: u32, kept: usize) {
        self.today.truncate(kept);
        self.cuts += 1;
        self.recent.retain(|e| e.day != day);
        self.recent.extend(self.today[self.today.len().saturating_sub(RECENT_EVENTS)..].iter().cloned());
        while self.recent.len() > RECENT_EVENTS {
            self.recent.pop_front();
        }
    }

    /// Forgets what happened on `day` after its dawn: the day is played again from there.
    pub fn forget_since_dawn(&mut self, day: u32) {
        let after_dawn = |e: &SimEvent| e.day == day && !matches!(e.what, Happening::Dawn);
        self.recent.retain(|e| !after_dawn(e));
        self.today.retain(|e| !after_dawn(e));
        self.cuts += 1;
    }

    /// A log for a town installed afresh: nothing of the last one, and every reader's place in
    /// it gone.
    pub fn start_over(&mut self) {
        *self = EventLog { cuts: self.cuts + 1, ..EventLog::default() };
    }
}

/// One link of a standstill: villager `villager` waits for `waits_for`, which only the villagers
/// `makers` (all waiting too) could bring about — none when nobody in its tile can.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub villager: u32,
    pub waits_for: Condition,
    pub makers: smallvec::SmallVec<[u32; 2]>,
}

/// A tile standing still: the links of its ring in order, each maker of one link's fact waiting
/// in the next (`ring`), or the waits of a tile where everyone waits on what nobody can make.
#[derive(Clone, Debug, PartialEq)]
pub struct Standstill {
    pub tile: u32,
    pub links: Arc<[Link]>,
    /// Whether the links close in a ring; else every villager of the tile waits.
    pub ring: bool,
}

#[cfg(test)]
mod reading_tests {
    use super::*;

    #[test]
    fn a_reader_reads_each_event_once_and_the_whole_day_again_once_it_was_cut() {
        let mut log = EventLog::default();
        let mut cursor = Cursor::default();
        for t in 0..3 {
            log.record(1, t as f32, Some(0), Happening::Dawn);
        }
        assert_eq!(log.unread(&mut cursor), (false, 0..3));
        log.record(1, 3.0, Some(0), Happening::Dawn);
        assert_eq!(log.unread(&mut cursor), (false, 3..4));
        assert_eq!(log.unread(&mut cursor), (false, 4..4));
        // Gone back to its second event, then played on past where the reader was: the length
        // alone would not tell it that what it read is gone.
        log.back_to(1, 2);
        for t in 2..6 {
            log.record(1, t as f32, Some(1), Happening::Dawn);
        }
        assert_eq!(log.unread(&mut cursor), (true, 0..6));
        log.start_day(2);
        assert_eq!(log.unread(&mut cursor), (true, 0..0));
        log.start_over();
        assert!(log.unread(&mut cursor).0);
    }
}
