//! The lines at stations that serve a few at a time: who acts at each, who waits, and how long
//! a line looks to the planners (`scenario.lines`' facts).

use crate::planner::{State, Value};
use crate::scenario::{self, Scenario};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Intent, Villager};
use crate::sim::state::world::{Outlook, WorldFacts};
use bevy::ecs::prelude::*;

/// Who acts at each station of each tile, and who waits in line there (first come, first
/// served): a station with a capacity never has more villagers acting than it holds.
///
/// A tile keeps one list of who waits, at whichever station, in the order they came: a tile has
/// a few in line at a time, and a town of a million keeps no list for each of its stations.
///
/// The lines where someone finished acting since the walk phase last looked are kept apart: the
/// only lines with room and someone waiting, so only they are looked at for the first in line to
/// step up (debug builds look at all).
#[derive(Resource, Debug, Default, PartialEq)]
pub struct Lines {
    /// Stations a tile has lines at: all of the scenario's, or none where every station takes
    /// any number.
    stations: usize,
    /// How many act at each station, tile by tile.
    acting: Vec<u32>,
    /// Per tile, who waits: (station, villager number), first come first.
    waiting: Vec<Vec<(u32, u32)>>,
    /// (tile, station) where someone finished since the walk phase last looked.
    freed: Vec<(u32, u32)>,
}

impl Clone for Lines {
    fn clone(&self) -> Self {
        let (acting, waiting, freed) = (self.acting.clone(), self.waiting.clone(), self.freed.clone());
        Lines { stations: self.stations, acting, waiting, freed }
    }

    /// In the room `self` has, as [`WorldFacts`] at a dawn.
    fn clone_from(&mut self, source: &Self) {
        self.stations = source.stations;
        self.acting.clone_from(&source.acting);
        self.waiting.clone_from(&source.waiting);
        self.freed.clone_from(&source.freed);
    }
}

impl Lines {
    /// Every station of every tile empty (a town whose stations take any number keeps none).
    pub fn empty(scenario: &Scenario, tiles: usize) -> Self {
        let limited = scenario.stations.iter().any(|s| s.capacity.is_some());
        let stations = if limited { scenario.stations.len() } else { 0 };
        let waiting = if limited { vec![Vec::new(); tiles] } else { Vec::new() };
        Lines { stations, acting: vec![0; stations * tiles], waiting, freed: Vec::new() }
    }

    /// How many act at station `at` of `tile`.
    pub fn acting(&self, tile: usize, at: usize) -> u32 {
        self.acting.get(tile * self.stations + at).copied().unwrap_or(0)
    }

    /// Who waits at station `at` of `tile`, by villager number, first in line first.
    pub fn waiting(&self, tile: usize, at: usize) -> impl Iterator<Item = usize> + '_ {
        let here = self.waiting.get(tile).map_or(&[][..], Vec::as_slice);
        here.iter().filter(move |w| w.0 as usize == at).map(|w| w.1 as usize)
    }

    /// Villager `number`'s place in line at station `at` of `tile` (0 first), if it waits there.
    pub fn place_of(&self, tile: usize, at: usize, number: usize) -> Option<usize> {
        self.waiting(tile, at).position(|n| n == number)
    }

    /// Whether station `at` of `tile`, of `capacity`, has as many acting as it holds.
    pub fn full(&self, tile: usize, at: usize, capacity: Option<u32>) -> bool {
        capacity.is_some_and(|c| self.acting(tile, at) >= c)
    }

    /// How many are ahead of one arriving now at station `at` of `tile`, of `capacity`: the one
    /// to wait for if it is full, and those in line.
    pub fn ahead(&self, tile: usize, at: usize, capacity: Option<u32>) -> usize {
        self.waiting(tile, at).count() + usize::from(self.full(tile, at, capacity))
    }

    /// Villager `number` joins the line at station `at` of `tile`: who it stands behind, if
    /// anyone, and its place (1 first).
    pub(crate) fn join(&mut self, tile: usize, at: usize, number: usize) -> (Option<usize>, usize) {
        let (behind, ahead) = self.waiting(tile, at).fold((None, 0), |(_, n), w| (Some(w), n + 1));
        self.waiting[tile].push((at as u32, number as u32));
        (behind, ahead + 1)
    }

    /// Villager `number` leaves the line at station `at` of `tile`.
    pub(crate) fn leave(&mut self, tile: usize, at: usize, number: usize) {
        self.waiting[tile].retain(|&w| w != (at as u32, number as u32));
    }

    /// The first in line at station `at` of `tile` steps out of it.
    pub(crate) fn first_out(&mut self, tile: usize, at: usize) -> Option<usize> {
        let here = &mut self.waiting[tile];
        let first = here.iter().position(|w| w.0 as usize == at)?;
        Some(here.remove(first).1 as usize)
    }

    /// One more acts at station `at` of `tile`.
    pub(crate) fn started(&mut self, tile: usize, at: usize) {
        self.acting[tile * self.stations + at] += 1;
    }

    /// One acting at station `at` of `tile` finished: its line may move.
    pub(crate) fn finished(&mut self, tile: usize, at: usize) {
        self.acting[tile * self.stations + at] -= 1;
        self.freed.push((tile as u32, at as u32));
    }

    /// The lines where someone finished since last asked, tile by tile and station by station,
    /// each once (`into` is cleared first).
    pub(crate) fn take_freed(&mut self, into: &mut Vec<(u32, u32)>) {
        into.clear();
        std::mem::swap(into, &mut self.freed);
        into.sort_unstable();
        into.dedup();
    }

    /// Every line: (tile, station).
    pub(crate) fn all(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.waiting.len()).flat_map(move |tile| (0..self.stations).map(move |at| (tile, at)))
    }
}

impl Town {
    /// Tells the planners of `tile` how long the line at station `at` is now: its fact in the
    /// world and in the outlook, so that every view reads it.
    pub fn post_line(
        &self,
        (tile, step): (usize, u64),
        at: usize,
        lines: &Lines,
        world: &mut WorldFacts,
        outlook: &mut Outlook,
    ) {
        let Some(fact) = self.scenario.lines[at] else { return };
        let ahead = lines.ahead(tile, at, self.scenario.stations[at].capacity);
        let ahead = ahead.min(crate::scenario::MAX_AHEAD as usize) as Value;
        if world.tile(tile).get(fact) != ahead {
            world.set(tile, step, fact, ahead);
        }
        outlook.0.set(tile, fact, ahead);
    }
}

/// Debug builds: no line but those `freed` this step has room and someone waiting.
pub(crate) fn check_lines(town: &Town, lines: &Lines, freed: &[(u32, u32)]) {
    for (tile, at) in lines.all() {
        let waits = lines.waiting(tile, at).next().is_some() && has_room(town, lines, (tile, at));
        assert!(!waits || freed.contains(&(tile as u32, at as u32)), "line {at} of tile {tile} can move");
    }
}

/// Whether station `at` of `tile` has room for one more villager to act.
pub(crate) fn has_room(town: &Town, lines: &Lines, (tile, at): (usize, usize)) -> bool {
    !lines.full(tile, at, town.scenario.stations[at].capacity)
}

/// One in line sees the line it stands in from its own place: only those ahead of it count,
/// so the same line does not look longer to it than to a newcomer and send it away.
pub(crate) fn see_own_place(
    town: &Town,
    lines: &Lines,
    villager: &Villager,
    intent: &Intent,
    view: &mut State,
) {
    let Some(at) = intent.current().map(|t| town.station(villager.index(), t)) else { return };
    let Some(fact) = town.scenario.lines[at] else { return };
    let tile = villager.tile();
    let place =
        lines.place_of(tile, at, villager.number()).unwrap_or_else(|| lines.waiting(tile, at).count());
    let full = lines.full(tile, at, town.scenario.stations[at].capacity);
    view.set(fact, (place + usize::from(full)).min(scenario::MAX_AHEAD as usize) as crate::planner::Value);
}

/// One acting at a station, weighing whether to break off, sees the station as it would be once
/// it left: its own turn there is no one's to wait for, only the others acting and in line.
pub(crate) fn see_own_turn(town: &Town, lines: &Lines, villager: &Villager, at: usize, view: &mut State) {
    let Some(fact) = town.scenario.lines[at] else { return };
    let tile = villager.tile();
    let others = lines.acting(tile, at).saturating_sub(1);
    let full = town.scenario.stations[at].capacity.is_some_and(|c| others >= c);
    let ahead = lines.waiting(tile, at).count() + usize::from(full);
    view.set(fact, ahead.min(scenario::MAX_AHEAD as usize) as crate::planner::Value);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines at two stations of one tile, waited in turn: each is first come, first served on
    /// its own, and one in line knows its place and who it stands behind.
    #[test]
    fn each_station_keeps_its_own_line_in_a_tile_list() {
        let text = crate::scenario::shipped("village.ron").unwrap();
        let scenario = crate::scenario::parse(text, "village.ron").unwrap();
        let mut lines = Lines::empty(&scenario, 3);
        let (well, oven) = (6, 4);
        assert_eq!(lines.join(1, well, 10), (None, 1));
        assert_eq!(lines.join(1, oven, 11), (None, 1));
        assert_eq!(lines.join(1, well, 12), (Some(10), 2));
        assert_eq!(lines.join(1, oven, 13), (Some(11), 2));
        assert_eq!(lines.join(1, well, 14), (Some(12), 3));
        assert_eq!(lines.waiting(1, well).collect::<Vec<_>>(), [10, 12, 14]);
        assert_eq!(lines.waiting(1, oven).collect::<Vec<_>>(), [11, 13]);
        assert_eq!((lines.waiting(0, well).count(), lines.waiting(2, oven).count()), (0, 0));
        assert_eq!((lines.place_of(1, well, 14), lines.place_of(1, oven, 14)), (Some(2), None));
        lines.leave(1, well, 12);
        assert_eq!(lines.first_out(1, oven), Some(11));
        assert_eq!(lines.first_out(1, well), Some(10));
        assert_eq!(lines.place_of(1, well, 14), Some(0));
        lines.started(1, well);
        assert_eq!(lines.ahead(1, well, Some(1)), 2, "one in line and the one acting");
        assert_eq!(lines.ahead(1, well, Some(2)), 1);
        lines.finished(1, well);
        assert_eq!(lines.acting(1, well), 0);
        let mut freed = Vec::new();
        lines.take_freed(&mut freed);
        assert_eq!(freed, [(1, well as u32)]);
    }
}
