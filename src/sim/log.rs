//! What happened, in order and in plain words: the record the inspector and reports read.

use crate::planner::Condition;
use bevy::ecs::prelude::*;
use serde::Serialize;
use std::collections::VecDeque;

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
}

#[derive(Clone, Debug, PartialEq)]
pub struct SimEvent {
    pub day: u32,
    /// Simulated seconds since that day's dawn.
    pub t: f32,
    /// The character index, or `None` for town-wide events.
    pub villager: Option<usize>,
    pub kind: EventKind,
    pub text: String,
    /// The station it happened at, for events at one (started, queued).
    pub station: Option<usize>,
    /// For a wait, the condition that blocks the goal waited on, when the planner named one.
    pub blocked: Option<Condition>,
}

#[derive(Resource, Debug)]
pub struct EventLog {
    /// The last [`RECENT_EVENTS`] events, for the game's views.
    pub recent: VecDeque<SimEvent>,
    /// Every event of the day being played, for its report.
    pub today: Vec<SimEvent>,
    /// Whether days are recorded whole for their reports. A town of thousands run only for
    /// speed keeps just the recent events, and files no reports.
    pub keep_days: bool,
}

impl Default for EventLog {
    fn default() -> Self {
        EventLog { recent: VecDeque::new(), today: Vec::new(), keep_days: true }
    }
}

impl EventLog {
    pub fn record(&mut self, day: u32, t: f32, villager: Option<usize>, kind: EventKind, text: String) {
        self.push(SimEvent { day, t, villager, kind, text, station: None, blocked: None });
    }

    /// [`record`](Self::record) of an event at station `station`.
    pub fn record_at(
        &mut self,
        day: u32,
        t: f32,
        villager: usize,
        station: usize,
        kind: EventKind,
        text: String,
    ) {
        self.push(SimEvent {
            day,
            t,
            villager: Some(villager),
            kind,
            text,
            station: Some(station),
            blocked: None,
        });
    }

    /// [`record`](Self::record) of a wait, with what blocks it.
    pub fn record_wait(
        &mut self,
        day: u32,
        t: f32,
        villager: usize,
        text: String,
        blocked: Option<Condition>,
    ) {
        let kind = EventKind::Waiting;
        self.push(SimEvent { day, t, villager: Some(villager), kind, text, station: None, blocked });
    }

    fn push(&mut self, event: SimEvent) {
        if self.recent.len() == RECENT_EVENTS {
            self.recent.pop_front();
        }
        if self.keep_days {
            self.today.push(event.clone());
        }
        self.recent.push_back(event);
    }

    pub fn start_day(&mut self, _day: u32) {
        self.today.clear();
    }
}

/// "1st", "2nd", "3rd", "4th"…
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
