//! The lines at stations that serve a few at a time: who acts at each, who waits, and how long
//! a line looks to the planners (`scenario.lines`' facts).

use super::town::{Outlook, Town, WorldFacts};
use crate::planner::Value;
use crate::scenario::Scenario;
use bevy::ecs::prelude::*;

/// Who acts at each station of each tile, and who waits in line there (first come, first
/// served): a station with a capacity never has more villagers acting than it holds.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Lines(pub Vec<Vec<Line>>);

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Line {
    pub acting: u32,
    /// Villager numbers, first in line first.
    pub waiting: std::collections::VecDeque<usize>,
}

impl Lines {
    /// Every station of every tile empty (a town whose stations take any number keeps none).
    pub fn empty(scenario: &Scenario, tiles: usize) -> Self {
        let limited = scenario.stations.iter().any(|s| s.capacity.is_some());
        Lines(vec![vec![Line::default(); if limited { scenario.stations.len() } else { 0 }]; tiles])
    }
}

impl Line {
    /// How many are ahead of one arriving now at a station of `capacity`: the one to wait for
    /// if it is full, and those in line.
    pub fn ahead(&self, capacity: Option<u32>) -> usize {
        self.waiting.len() + usize::from(capacity.is_some_and(|c| self.acting >= c))
    }
}

impl Town {
    /// Tells the planners of `tile` how long the line at station `at` is now: its fact in the
    /// world and in the outlook, so that every view reads it.
    pub fn post_line(
        &self,
        (tile, step): (usize, u64),
        at: usize,
        line: &Line,
        world: &mut WorldFacts,
        outlook: &mut Outlook,
    ) {
        let Some(fact) = self.scenario.lines[at] else { return };
        let ahead =
            line.ahead(self.scenario.stations[at].capacity).min(crate::scenario::MAX_AHEAD as usize) as Value;
        if world.tile(tile).get(fact) != ahead {
            world.set(tile, step, fact, ahead);
        }
        outlook.0.set(tile, fact, ahead);
    }
}
