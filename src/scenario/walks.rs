//! What walking costs over a scenario's map: the fields toward its stations ([`Fields`]), laid
//! when the scenario is read and again whenever its map or a station moves, and shared by every
//! copy of the scenario, every tile and every thread. Without a map, everyone walks the straight
//! line, as before maps existed.

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
