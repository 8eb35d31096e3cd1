//! A walker's way to a target: read down the target's distance field from the walker's cell,
//! straightened wherever a straight line crosses nothing blocked and is no slower, and priced
//! from its own geometry — so that the effort a plan counts is the effort the walk takes.

use super::field::Field;
use super::map::Map;
use super::segment::{self, clear, effort_of, length, runs};

/// A polyline from a walker's point to its target, with the effort of walking it: the length
/// it runs inside each cell times that cell's slowness (walking time = effort / speed).
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    points: Vec<[f32; 2]>,
    /// The stretches of ground of one slowness, in order along the way.
    pieces: Vec<Piece>,
    effort: f64,
}

/// Part of one segment of a route over ground of one slowness.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Piece {
    /// Index of the segment's first point.
    segment: u32,
    /// Where it lies along the segment, as fractions of it.
    t0: f64,
    t1: f64,
    /// The route's effort where it begins and ends.
    from: f64,
    to: f64,
}

/// How much slower than the way it replaces a straight segment may come out by rounding alone
/// (as a fraction of it): a straight line along a line of cells is as quick, not a hair slower.
const ROUNDING: f64 = 1e-12;

/// The way from `from` to `to` down `field`, which must lead to the cell `to` lies in: `None`
/// when `from` is blocked or outside the map, or nothing leads from there to `to`.
pub fn route(map: &Map, field: &Field, from: [f32; 2], to: [f32; 2]) -> Option<Route> {
    let way = descend(map, field, from, to)?;
    Some(Route::through(map, straighten(map, &way)))
}

/// The way from `from` to `to` read down `field` before it is straightened: from `from` to its
/// cell's middle, from middle to middle down the field, and on to `to`.
pub fn descend(map: &Map, field: &Field, from: [f32; 2], to: [f32; 2]) -> Option<Vec<[f32; 2]>> {
    let target = map.cell_of(to).filter(|&cell| Some(cell) == field.target() && !map.blocked(cell))?;
    let start = map.cell_of(from).filter(|&cell| !map.blocked(cell))?;
    if !field.value(map, start).is_finite() {
        return None;
    }
    let mut points = vec![from];
    let mut at = map.index(start)?;
    let end = map.index(target)?;
    points.push(map.center(start));
    while at != end {
        // Each step lowers the value, so this ends; the count only guards against a bad field.
        at = field.next(map, at).filter(|_| points.len() <= map.cells() + 2)?;
        points.push(map.center(map.cell_at(at)));
    }
    points.push(to);
    points.dedup();
    Some(points)
}

/// From each point, the farthest later point the straight segment to which is clear and no
/// slower than the way it replaces (the next point when none is).
fn straighten(map: &Map, way: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut along = vec![0.0];
    for pair in way.windows(2) {
        along.push(along.last().unwrap() + segment::segment_effort(map, pair[0], pair[1]));
    }
    let last = way.len() - 1;
    let mut kept = vec![way[0]];
    let mut i = 0;
    while i < last {
        let mut j = last;
        while j > i + 1 {
            let replaced = along[j] - along[i];
            if clear(map, way[i], way[j])
                && segment::segment_effort(map, way[i], way[j]) <= replaced + replaced * ROUNDING
            {
                break;
            }
            j -= 1;
        }
        if kept.last() != Some(&way[j]) {
            kept.push(way[j]); // a way back to where it began (`from` is `to`) is no way
        }
        i = j;
    }
    kept
}

impl Route {
    /// The route along `points` as they are (one point: a route of no length), priced from
    /// its geometry.
    pub fn through(map: &Map, points: Vec<[f32; 2]>) -> Route {
        assert!(!points.is_empty(), "a route has a start");
        let mut pieces = Vec::new();
        let mut effort = 0.0;
        for (segment, pair) in points.windows(2).enumerate() {
            let (runs, length) = (runs(map, pair[0], pair[1]), length(pair[0], pair[1]));
            let mut sum = 0.0;
            for run in &runs {
                let from = effort + length * sum;
                sum += (run.t1 - run.t0) * run.slowness;
                let (t0, t1) = (run.t0, run.t1);
                pieces.push(Piece { segment: segment as u32, t0, t1, from, to: effort + length * sum });
            }
            effort += effort_of(length, &runs);
        }
        Route { points, pieces, effort }
    }

    /// Its corners, from the walker's point to the target.
    pub fn points(&self) -> &[[f32; 2]] {
        &self.points
    }

    /// The effort of walking all of it: the sum of its segments' efforts, in order.
    pub fn effort(&self) -> f64 {
        self.effort
    }

    /// The bytes it holds.
    pub fn memory_bytes(&self) -> usize {
        size_of::<Route>()
            + self.points.capacity() * size_of::<[f32; 2]>()
            + self.pieces.capacity() * size_of::<Piece>()
    }

    /// Where a walker is after `effort` of it (at the start before, at the end after).
    pub fn point_at(&self, effort: f64) -> [f32; 2] {
        // NaN too.
        if effort.is_nan() || effort <= 0.0 || self.pieces.is_empty() {
            return self.points[0];
        }
        if effort >= self.effort {
            return *self.points.last().unwrap();
        }
        let k = self.pieces.partition_point(|piece| piece.to < effort).min(self.pieces.len() - 1);
        let piece = self.pieces[k];
        let share = if piece.to > piece.from {
            ((effort - piece.from) / (piece.to - piece.from)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let t = (piece.t0 + share * (piece.t1 - piece.t0)).clamp(0.0, 1.0);
        let (a, b) = (self.points[piece.segment as usize], self.points[piece.segment as usize + 1]);
        // From `a` toward `b`, never past either: each coordinate stays between theirs.
        std::array::from_fn(|axis| {
            let (p, q) = (f64::from(a[axis]), f64::from(b[axis]));
            (p + t * (q - p)) as f32
        })
    }
}
