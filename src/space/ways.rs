//! The straightened ways toward one target from the middle of every cell, each worked out when
//! first walked and shared from then on (by every walker, tile and thread): a route from any
//! point is one straight stretch to a point of its descent, then the way on from there as it was
//! already worked out — the same route [`route`](super::route()) straightens afresh, at the cost of
//! one stretch instead of the whole way.

use super::field::Field;
use super::map::Map;
use super::route::{Piece, Route, price_segment, shortcut};
use super::segment::segment_effort;
use std::sync::OnceLock;

/// The ways from each cell's middle to one target point.
#[derive(Debug)]
pub(super) struct Ways {
    to: [f32; 2],
    /// By cell index: the descent from each cell's middle, once walked down.
    descents: Box<[OnceLock<Descent>]>,
    /// By cell index: the straightened way from each cell's middle, once a route turns there.
    corners: Box<[OnceLock<Box<Corner>>]>,
}

/// Where the descent from a cell's middle goes next, and what it costs from there.
#[derive(Clone, Copy, Debug)]
struct Descent {
    /// The next cell down the field (`None` in the target's own cell).
    next: Option<u32>,
    /// The effort left along the descent, middle to middle and on to the target point.
    left: f64,
}

/// The straightened way from a cell's middle: where it first turns and what it costs.
#[derive(Debug)]
struct Corner {
    /// A later cell's middle, or the target (`None`).
    turn: Option<u32>,
    /// The stretch there, priced as effort left (as segment 0); none if the middle is the target.
    pieces: Box<[Piece]>,
    /// The effort of the whole straightened way from this middle.
    effort: f64,
}

/// A point of a descent: a cell's middle (`cell` names it) or the target point (`None`), with
/// the effort left along the descent from there.
#[derive(Clone, Copy)]
struct Stop {
    point: [f32; 2],
    cell: Option<u32>,
    left: f64,
}

impl Ways {
    /// No way worked out yet toward `to` over `map`.
    pub fn new(map: &Map, to: [f32; 2]) -> Ways {
        Ways {
            to,
            descents: (0..map.cells()).map(|_| OnceLock::new()).collect(),
            corners: (0..map.cells()).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The way from `from` to the target down `field` (the field of the target's cell), as
    /// [`route`](super::route()) makes it: `None` when `from` is blocked or off the map, or
    /// nothing leads from there.
    pub fn route(&self, map: &Map, field: &Field, from: [f32; 2]) -> Option<Route> {
        map.cell_of(self.to).filter(|&cell| Some(cell) == field.target() && !map.blocked(cell))?;
        let start =
            map.cell_of(from).filter(|&cell| !map.blocked(cell) && field.value(map, cell).is_finite())?;
        let stops = self.stops(map, field, map.index(start)? as u32)?;
        let mut route = Route { points: vec![from], pieces: Vec::new(), effort: 0.0 };
        if from == stops[0].point {
            self.make_corners(map, &stops, 0);
            route.effort = self.effort(stops[0].cell);
            return Some(self.join(map, route, stops[0].cell));
        }
        // The first stretch, as a straightening from `from` takes it; the rest is shared.
        let left = segment_effort(map, from, stops[0].point) + stops[0].left;
        let mut j = stops.len() - 1;
        while j > 0 && !shortcut(map, from, stops[j].point, left - stops[j].left) {
            j -= 1;
        }
        self.make_corners(map, &stops, j);
        let Stop { point, cell, .. } = stops[j];
        if point != from {
            // (Only `from` at the target itself is no stretch at all.)
            route.effort = price_segment(map, (from, point), 0, self.effort(cell), &mut route.pieces);
            route.points.push(point);
        }
        Some(self.join(map, route, cell))
    }

    /// The bytes it holds.
    pub fn memory_bytes(&self) -> usize {
        let made = self.corners.iter().filter_map(OnceLock::get);
        size_of::<Ways>()
            + size_of_val(&*self.descents)
            + size_of_val(&*self.corners)
            + made.map(|corner| size_of::<Corner>() + size_of_val(&*corner.pieces)).sum::<usize>()
    }

    /// `route`, which ends at the middle of `cell` (made) or at the target (`None`), walked on
    /// from there to the target.
    fn join(&self, map: &Map, mut route: Route, mut cell: Option<u32>) -> Route {
        while let Some(corner) = cell.map(|cell| self.corner(cell)) {
            if corner.pieces.is_empty() {
                break; // its middle is the target
            }
            let segment = (route.points.len() - 1) as u32;
            route.pieces.extend(corner.pieces.iter().map(|&piece| {
                let mut piece = piece;
                piece.segment = segment;
                piece
            }));
            route.points.push(corner.turn.map_or(self.to, |turn| map.center(map.cell_at(turn as usize))));
            cell = corner.turn;
        }
        route
    }

    /// The effort of the way from the middle of `cell` (made), or from the target (`None`).
    fn effort(&self, cell: Option<u32>) -> f64 {
        cell.map_or(0.0, |cell| self.corner(cell).effort)
    }

    fn corner(&self, cell: u32) -> &Corner {
        self.corners[cell as usize].get().expect("a way is made before it is walked")
    }

    /// The descent from the middle of cell `start` (which can reach the target) to the target,
    /// walked down once for every cell of it; `None` if `field` leads elsewhere.
    fn stops(&self, map: &Map, field: &Field, start: u32) -> Option<Vec<Stop>> {
        let mut cells = vec![start];
        // Down the field to the first cell whose descent is known, then along those known.
        while self.descents[*cells.last()? as usize].get().is_none() {
            // Each step lowers the value, so this ends; the count only guards against a bad field.
            let next = field.next(map, *cells.last()? as usize).filter(|_| cells.len() <= map.cells());
            match next {
                Some(next) => cells.push(next as u32),
                None => break,
            }
        }
        while let Some(next) = self.descents[*cells.last()? as usize].get().and_then(|d| d.next) {
            cells.push(next);
        }
        let end = *cells.last()?;
        if map.cell_of(self.to).and_then(|cell| map.index(cell)) != Some(end as usize) {
            return None;
        }
        let mut stops: Vec<Stop> = (cells.iter())
            .map(|&cell| Stop { point: map.center(map.cell_at(cell as usize)), cell: Some(cell), left: 0.0 })
            .collect();
        if stops.last()?.point != self.to {
            stops.push(Stop { point: self.to, cell: None, left: 0.0 });
        }
        for k in (0..stops.len() - 1).rev() {
            let known = stops[k].cell.and_then(|cell| self.descents[cell as usize].get());
            stops[k].left = match known {
                Some(descent) => descent.left,
                None => segment_effort(map, stops[k].point, stops[k + 1].point) + stops[k + 1].left,
            };
        }
        for (k, &cell) in cells.iter().enumerate() {
            // Another thread may know it first: it knows the same.
            let _ = self.descents[cell as usize]
                .set(Descent { next: cells.get(k + 1).copied(), left: stops[k].left });
        }
        Some(stops)
    }

    /// Makes the straightened way from stop `k` of `stops` and from every point it turns at, as
    /// the straightening of the descent takes them (nothing at the target point).
    fn make_corners(&self, map: &Map, stops: &[Stop], k: usize) {
        let mut turns = Vec::new();
        let mut k = k;
        while let Some(cell) = stops[k].cell.filter(|&cell| self.corners[cell as usize].get().is_none()) {
            if k + 1 == stops.len() {
                turns.push((cell, k, None)); // its middle is the target: a way of no length
                break;
            }
            let mut j = stops.len() - 1;
            while j > k + 1 && !shortcut(map, stops[k].point, stops[j].point, stops[k].left - stops[j].left) {
                j -= 1;
            }
            turns.push((cell, k, Some(j)));
            k = j;
        }
        for &(cell, k, j) in turns.iter().rev() {
            let corner = match j {
                None => Corner { turn: None, pieces: Box::new([]), effort: 0.0 },
                Some(j) => {
                    let (to, mut pieces) = (stops[j], Vec::new());
                    let effort =
                        price_segment(map, (stops[k].point, to.point), 0, self.effort(to.cell), &mut pieces);
                    Corner { turn: to.cell, pieces: pieces.into_boxed_slice(), effort }
                }
            };
            // Another thread may make it first: it makes the same.
            let _ = self.corners[cell as usize].set(Box::new(corner));
        }
    }
}
