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
    pub(super) points: Vec<[f32; 2]>,
    /// The stretches of ground of one slowness, in order along the way.
    pub(super) pieces: Vec<Piece>,
    pub(super) effort: f64,
}

/// Part of one segment of a route over ground of one slowness, priced by the effort still left
/// to the target where it begins and ends: so the end of a route, shared by every route that
/// ends the same way ([`super::ways`]), is priced alike in each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Piece {
    /// Index of the segment's first point.
    pub segment: u32,
    /// Where it lies along the segment, as fractions of it.
    t0: f64,
    t1: f64,
    /// The effort left to the target where it begins and ends.
    from: f64,
    to: f64,
}

/// How much slower than the way it replaces a straight segment may come out by rounding alone
/// (as a fraction of it): a straight line along a line of cells is as quick, not a hair slower.
const ROUNDING: f64 = 1e-12;

/// Whether going straight from `a` to `b` may replace a way of effort `replaced` between them:
/// it crosses nothing blocked and is no slower.
pub(super) fn shortcut(map: &Map, a: [f32; 2], b: [f32; 2], replaced: f64) -> bool {
    clear(map, a, b) && segment::segment_effort(map, a, b) <= replaced + replaced * ROUNDING
}

/// The way from `from` to `to` down `field`, which must lead to the cell `to` lies in: `None`
/// when `from` is blocked or outside the map, or nothing leads from there to `to`. Each call
/// straightens the whole descent; [`Fields::route`](super::Fields::route) gives the same route
/// from the ways it keeps.
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
/// slower than the way it replaces (the next point when none is). The way replaced is priced by
/// the effort left from each point to the end, so that how the rest is straightened does not
/// depend on where the way began.
fn straighten(map: &Map, way: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut left = vec![0.0; way.len()];
    for k in (0..way.len() - 1).rev() {
        left[k] = segment::segment_effort(map, way[k], way[k + 1]) + left[k + 1];
    }
    let last = way.len() - 1;
    let mut kept = vec![way[0]];
    let mut i = 0;
    while i < last {
        let mut j = last;
        while j > i + 1 && !shortcut(map, way[i], way[j], left[i] - left[j]) {
            j -= 1;
        }
        if kept.last() != Some(&way[j]) {
            kept.push(way[j]); // a way back to where it began (`from` is `to`) is no way
        }
        i = j;
    }
    kept
}

/// Prices the segment `a`→`b`, segment number `segment` of a route with `left` effort left
/// after its end: adds its pieces to `pieces` and returns the effort left at its start.
pub(super) fn price_segment(
    map: &Map,
    (a, b): ([f32; 2], [f32; 2]),
    segment: u32,
    left: f64,
    pieces: &mut Vec<Piece>,
) -> f64 {
    let (runs, length) = (runs(map, a, b), length(a, b));
    let first = pieces.len();
    let mut sum = 0.0;
    for run in runs.iter().rev() {
        let to = left + length * sum;
        sum += (run.t1 - run.t0) * run.slowness;
        pieces.push(Piece { segment, t0: run.t0, t1: run.t1, from: left + length * sum, to });
    }
    pieces[first..].reverse();
    effort_of(length, &runs) + left
}

impl Route {
    /// The route along `points` as they are (one point: a route of no length), priced from
    /// its geometry.
    pub fn through(map: &Map, points: Vec<[f32; 2]>) -> Route {
        assert!(!points.is_empty(), "a route has a start");
        let mut pieces = Vec::new();
        let mut effort = 0.0;
        for (segment, pair) in points.windows(2).enumerate().rev() {
            let mut own = Vec::new();
            effort = price_segment(map, (pair[0], pair[1]), segment as u32, effort, &mut own);
            own.append(&mut pieces);
            pieces = own;
        }
        Route { points, pieces, effort }
    }

    /// Its corners, from the walker's point to the target.
    pub fn points(&self) -> &[[f32; 2]] {
        &self.points
    }

    /// The effort of walking all of it: the sum of its segments' efforts, added from the last.
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
        let left = self.effort - effort;
        let k = self.pieces.partition_point(|piece| piece.to > left).min(self.pieces.len() - 1);
        let piece = self.pieces[k];
        let share = if piece.from > piece.to {
            ((piece.from - left) / (piece.from - piece.to)).clamp(0.0, 1.0)
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
