//! The lines at stations that serve a few at a time: who acts at each, who waits, and how long
//! a line looks to the planners (`scenario.lines`' facts).

use super::town::{Outlook, Town, WorldFacts};
use crate::planner::Value;
use crate::scenario::Scenario;
use bevy::ecs::prelude::*;

/// Who acts at each station of each tile, and who waits in line there (first come, first
/// served): a station with a capacity never has more villagers acting than it holds.
///
/// The lines where someone finished acting since the walk phase last looked are kept apart: the
/// only lines with room and someone waiting, so only they are looked at for the first in line to
/// step up (debug builds look at all).
#[derive(Resource, Debug, Default, PartialEq)]
pub struct Lines(pub Vec<Vec<Line>>, Vec<(u32, u32)>);

impl Clone for Lines {
    fn clone(&self) -> Self {
        Lines(self.0.clone(), self.1.clone())
    }

    /// In the room `self` has, as [`WorldFacts`](super::WorldFacts) at a dawn.
    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
        self.1.clone_from(&source.1);
    }
}

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
        let stations = if limited { scenario.stations.len() } else { 0 };
        Lines(vec![vec![Line::default(); stations]; tiles], Vec::new())
    }

    /// One acting at station `at` of `tile` finished: its line may move.
    pub(super) fn finished(&mut self, tile: usize, at: usize) {
        self.0[tile][at].acting -= 1;
        self.1.push((tile as u32, at as u32));
    }

    /// The lines where someone finished since last asked, tile by tile and station by station,
    /// each once (`into` is cleared first).
    pub(super) fn take_freed(&mut self, into: &mut Vec<(u32, u32)>) {
        into.clear();
        std::mem::swap(into, &mut self.1);
        into.sort_unstable();
        into.dedup();
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
