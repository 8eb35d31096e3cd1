//! What walking costs over a scenario's map: the fields toward its stations ([`Fields`]), laid
//! when the scenario is read and again whenever its map or a station moves, and shared by every
//! copy of the scenario, every tile and every thread. Without a map, everyone walks the straight
//! line, as before maps existed.

use super::{Character, Scenario};
use crate::planner::Value;
use crate::space::{Cell, Fields, Ground, Map, Route};
use std::sync::Arc;

/// The map's fields toward the scenario's stations, in station order.
#[derive(Clone, Debug)]
pub struct Walks(Arc<Fields>);

/// Walks are made from the map and the stations' positions, which a scenario compares itself.
impl PartialEq for Walks {
    fn eq(&self, _: &Walks) -> bool {
        true
    }
}

impl Walks {
    /// The walks over `map` to stations at `stations`.
    pub fn lay(map: &Map, stations: impl IntoIterator<Item = [f32; 2]>) -> Walks {
        let targets: Vec<[f32; 2]> = stations.into_iter().collect();
        Walks(Arc::new(Fields::new(map.clone(), &targets)))
    }

    pub fn fields(&self) -> &Fields {
        &self.0
    }

    /// Paints `cell` with `ground` and repairs the fields built so far in place (those another
    /// copy of the scenario shares are copied first).
    pub fn paint(&mut self, cell: Cell, ground: Ground) {
        Arc::make_mut(&mut self.0).paint(cell, ground);
    }

    /// Reads routes from the ways kept (as every build runs), or straightens each afresh
    /// ([`crate::sim::Shortcuts::kept_ways`]).
    pub fn keep_ways(&mut self, keep: bool) {
        Arc::make_mut(&mut self.0).keep_ways(keep);
    }

    /// The way from `from` (a point of the scenario, a tile's own coordinates) to station
    /// `station`: read once and shared when `from` is station `origin`'s place. `None` when it
    /// cannot be walked.
    pub fn route(&self, origin: Option<usize>, from: [f32; 2], station: usize) -> Option<Arc<Route>> {
        match origin {
            Some(origin) => self.0.between(origin, station),
            None => self.0.route(from, station).map(Arc::new),
        }
    }
}

impl Scenario {
    /// What walking from `from` (a place — [`START`](super::START) or a station — and its point) to station
    /// `to` costs `character` in a plan, in [`COST_SCALE`](super::COST_SCALE)ths: the straight line, or the way
    /// across the map; `None` when the map gives no way there.
    pub fn walk_cost(&self, character: &Character, from: (Value, [f32; 2]), to: usize) -> Option<u32> {
        Some(self.seconds_cost(self.walk_length(from, to)? / character.speed))
    }

    /// What walking from point `from` (of the scenario, a tile's own coordinates), off every
    /// station, to each of `character`'s tasks costs it in a plan, by task (its planning
    /// actions' order): `None` where the map gives no way there. Each station is priced once.
    pub fn first_walks(&self, character: usize, from: [f32; 2]) -> Vec<Option<u32>> {
        let c = &self.characters[character];
        let mut by_station: Vec<Option<Option<u32>>> = vec![None; self.stations.len()];
        let mut walk = |station: usize| {
            *by_station[station].get_or_insert_with(|| self.walk_cost(c, (super::HERE, from), station))
        };
        c.tasks.iter().map(|task| walk(task.station)).collect()
    }

    /// How far walking from `from` (a place and its point) to station `to` is, in units of open
    /// ground (a road counts for less): `None` when the map gives no way there.
    pub fn walk_length(&self, (place, at): (Value, [f32; 2]), to: usize) -> Option<f32> {
        let target = self.stations[to].position;
        match &self.walks {
            None => Some((target[0] - at[0]).hypot(target[1] - at[1])),
            Some(walks) => Some(walks.route(usize::try_from(place).ok(), at, to)?.effort() as f32),
        }
    }

    /// Paints `cell` of the map with `ground`, and brings the ways across it up to date, searching
    /// again only what the cell can change; false when it was of that ground already (or there
    /// is no map).
    pub fn paint(&mut self, cell: Cell, ground: Ground) -> bool {
        let Some(map) = &mut self.map else { return false };
        if !map.paint(cell, ground) {
            return false;
        }
        if let Some(walks) = &mut self.walks {
            walks.paint(cell, ground);
        }
        true
    }

    /// Lays the ways across the map anew (after the map or a station moved).
    pub fn lay_walks(&mut self) {
        self.walks = self.map.as_ref().map(|map| Walks::lay(map, self.stations.iter().map(|s| s.position)));
    }

    /// Lays the ways across the map anew if they were laid for another map or other stations
    /// (a scenario whose fields were changed in place): a town is never built on stale ones.
    pub fn keep_walks_laid(&mut self) {
        let positions = self.stations.iter().map(|s| s.position);
        let laid = match (&self.map, &self.walks) {
            (None, None) => true,
            (Some(map), Some(walks)) => {
                walks.fields().map() == map && walks.fields().targets().iter().copied().eq(positions)
            }
            _ => false,
        };
        if !laid {
            self.lay_walks();
        }
    }
}
