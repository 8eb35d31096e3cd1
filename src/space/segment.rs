//! One straight stretch of a walk across the map: whether it keeps clear of everything blocked,
//! and the effort of walking it, from the length it runs inside each cell.

use super::map::{Cell, Map};

/// A stretch of a segment over ground of one slowness: `t0..t1` of the way from its start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Run {
    pub t0: f64,
    pub t1: f64,
    pub slowness: f64,
}

/// The runs of a segment, kept on the stack: most are one or two.
pub(super) type Runs = smallvec::SmallVec<[Run; 4]>;

/// The runs of the segment `a`→`b` over ground of one slowness, in order (none when `a == b`);
/// outside the map, or on blocked ground, the slowness is infinite. It is cut where it crosses a
/// border between columns or rows, the cuts of each axis coming in order along it.
pub(super) fn runs(map: &Map, a: [f32; 2], b: [f32; 2]) -> Runs {
    let (p, q) = (map.to_grid(a.map(f64::from)), map.to_grid(b.map(f64::from)));
    let [mut columns, mut rows] =
        [0, 1].map(|axis| borders(p[axis], q[axis], [map.width(), map.height()][axis]).peekable());
    // The cuts of both axes merged in order along the segment, then its end.
    let cuts = std::iter::from_fn(|| match (columns.peek(), rows.peek()) {
        (Some(x), Some(y)) if y.total_cmp(x).is_lt() => rows.next(),
        (Some(_), _) => columns.next(),
        (None, _) => rows.next(),
    });
    let (mut t0, mut runs) = (0.0, Runs::new());
    for t1 in cuts.chain([1.0]) {
        if t1 <= t0 {
            continue;
        }
        let t = (t0 + t1) * 0.5;
        let middle = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
        let slowness = grid_cell(map, middle).map_or(f64::INFINITY, |cell| map.slowness(cell));
        match runs.last_mut() {
            Some(run) if run.slowness == slowness => run.t1 = t1,
            _ => runs.push(Run { t0, t1, slowness }),
        }
        t0 = t1;
    }
    runs
}

/// Where a segment from `from` to `to` (grid units along one axis, `side` cells wide) crosses a
/// border between cells, as fractions of it strictly between its ends, in order along it
/// (beyond the map all is alike: no borders there).
fn borders(from: f64, to: f64, side: u32) -> impl Iterator<Item = f64> {
    let (first, last) = (from.min(to).ceil().max(0.0), from.max(to).floor().min(f64::from(side)));
    let count = if from != to && first <= last { (last - first) as u64 + 1 } else { 0 };
    let at = move |i: u64| if to > from { first + i as f64 } else { last - i as f64 };
    (0..count).map(move |i| (at(i) - from) / (to - from)).filter(|&t| t > 0.0 && t < 1.0)
}

/// The world length of the segment `a`→`b`.
pub(super) fn length(a: [f32; 2], b: [f32; 2]) -> f64 {
    (f64::from(b[0]) - f64::from(a[0])).hypot(f64::from(b[1]) - f64::from(a[1]))
}

/// The effort of walking `runs` of a segment `length` long: the length inside each cell times
/// its slowness. Over ground of one slowness it is exactly `length × slowness`.
pub(super) fn effort_of(length: f64, runs: &[Run]) -> f64 {
    if runs.is_empty() {
        return 0.0;
    }
    length * runs.iter().fold(0.0, |sum, run| sum + (run.t1 - run.t0) * run.slowness)
}

/// The effort of walking straight from `a` to `b` (infinite if it crosses blocked ground or
/// leaves the map).
pub fn segment_effort(map: &Map, a: [f32; 2], b: [f32; 2]) -> f64 {
    effort_of(length(a, b), &runs(map, a, b))
}

/// Whether a walker may go straight from `a` to `b`: both on the map, and both in one walkable
/// cell, or every cell of the map the segment touches — corners included — and every cell
/// within the map's clearance of it walkable.
pub(super) fn clear(map: &Map, a: [f32; 2], b: [f32; 2]) -> bool {
    let (Some(from), Some(to)) = (map.cell_of(a), map.cell_of(b)) else { return false };
    if from == to {
        return !map.blocked(from);
    }
    let margin = map.clearance();
    let (p, q) = (map.to_grid(a.map(f64::from)), map.to_grid(b.map(f64::from)));
    let first = (p[0].min(q[0]) - margin).floor() as i64;
    let last = (p[0].max(q[0]) + margin).floor() as i64;
    for col in first..=last {
        // The part of the segment within this column, widened by the margin.
        let (left, right) = (col as f64 - margin, col as f64 + 1.0 + margin);
        let (low, high) = if p[0] == q[0] {
            (p[1].min(q[1]), p[1].max(q[1]))
        } else {
            let (s, t) = ((left - p[0]) / (q[0] - p[0]), (right - p[0]) / (q[0] - p[0]));
            let (s, t) = (s.min(t).max(0.0), s.max(t).min(1.0));
            if s > t {
                continue;
            }
            let (v, w) = (p[1] + s * (q[1] - p[1]), p[1] + t * (q[1] - p[1]));
            (v.min(w), v.max(w))
        };
        for row in (low - margin).floor() as i64..=(high + margin).floor() as i64 {
            // Beyond the map's edge needs no margin: both ends are on the map, and every point
            // between them, rounded or not, lies within the box they span.
            let cell =
                u32::try_from(col).ok().zip(u32::try_from(row).ok()).map(|(col, row)| Cell { col, row });
            if cell.is_some_and(|cell| map.ground(cell).is_some_and(|g| !g.walkable())) {
                return false;
            }
        }
    }
    true
}

/// The cell a point in grid units lies in.
fn grid_cell(map: &Map, [u, v]: [f64; 2]) -> Option<Cell> {
    let inside = u >= 0.0 && v >= 0.0 && u < f64::from(map.width()) && v < f64::from(map.height());
    inside.then_some(Cell { col: u as u32, row: v as u32 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::Ground;

    /// 10-unit cells, row 0 from y = 0 down; a wall at column 2 of row 1.
    fn map() -> Map {
        let mut map = Map::filled(10.0, [0.0, 0.0], 5, 3, Ground::Grass).with_road_speed(2.0);
        map.paint(Cell { col: 2, row: 1 }, Ground::Wall);
        map
    }

    #[test]
    fn over_grass_alone_the_effort_is_the_length() {
        let (a, b) = ([1.0, -1.0], [48.0, -9.0]);
        assert_eq!(segment_effort(&map(), a, b), length(a, b));
        assert_eq!(segment_effort(&map(), a, a), 0.0);
    }

    #[test]
    fn each_cell_counts_the_length_inside_it() {
        let mut map = map();
        map.paint(Cell { col: 1, row: 0 }, Ground::Road);
        // 5 units in column 0, 10 on the road, 15 more on grass: 5 + 10 / 2 + 15.
        let effort = segment_effort(&map, [5.0, -5.0], [35.0, -5.0]);
        assert!((effort - 25.0).abs() < 1e-9, "{effort}");
    }

    #[test]
    fn crossing_a_wall_is_not_clear_and_costs_without_end() {
        let map = map();
        assert!(!clear(&map, [5.0, -15.0], [45.0, -15.0]));
        assert_eq!(segment_effort(&map, [5.0, -15.0], [45.0, -15.0]), f64::INFINITY);
        assert!(clear(&map, [5.0, -5.0], [45.0, -5.0]));
    }

    #[test]
    fn touching_a_blocked_corner_is_not_clear() {
        let map = map();
        // Through the wall's top-left corner (20, -10) exactly.
        assert!(!clear(&map, [15.0, -5.0], [25.0, -15.0]));
        // A hair beside it, within the clearance.
        assert!(!clear(&map, [15.0, -5.0], [25.001, -15.0]));
        // Leaving the map; along its edge.
        assert!(!clear(&map, [5.0, -5.0], [55.0, -5.0]));
        assert!(clear(&map, [0.0, 0.0], [49.0, 0.0]));
    }

    /// The runs as first written: every cut of both axes gathered, then sorted.
    fn sorted_runs(map: &Map, a: [f32; 2], b: [f32; 2]) -> Vec<Run> {
        let (p, q) = (map.to_grid(a.map(f64::from)), map.to_grid(b.map(f64::from)));
        let mut cuts = vec![0.0, 1.0];
        for (axis, side) in [(0, map.width()), (1, map.height())] {
            let (from, to) = (p[axis], q[axis]);
            let mut k = from.min(to).ceil().max(0.0);
            while from != to && k <= from.max(to).floor().min(f64::from(side)) {
                cuts.push((k - from) / (to - from));
                k += 1.0;
            }
        }
        cuts.retain(|t| (0.0..=1.0).contains(t));
        cuts.sort_by(f64::total_cmp);
        let mut runs: Vec<Run> = Vec::new();
        for pair in cuts.windows(2).filter(|pair| pair[1] > pair[0]) {
            let t = (pair[0] + pair[1]) * 0.5;
            let middle = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
            let slowness = grid_cell(map, middle).map_or(f64::INFINITY, |cell| map.slowness(cell));
            match runs.last_mut() {
                Some(run) if run.slowness == slowness => run.t1 = pair[1],
                _ => runs.push(Run { t0: pair[0], t1: pair[1], slowness }),
            }
        }
        runs
    }

    /// Merged axis by axis as they come, the runs are those of sorting every cut, to the bit —
    /// and so is the effort: segments in every direction, through corners, along borders, off
    /// the map and of no length.
    #[test]
    fn runs_merged_as_they_come_are_the_sorted_ones() {
        let mut map = map();
        map.paint(Cell { col: 3, row: 0 }, Ground::Road);
        let mut random = crate::random::SplitMix64(11);
        let mut point = || {
            let mut at =
                |span: usize| (random.below(span * 4) as f32) * 0.25 - 8.0 + random.below(3) as f32 * 0.3;
            [at(66), -at(46)]
        };
        for _ in 0..20_000 {
            let (a, b) = (point(), point());
            for (a, b) in [(a, b), (b, a), (a, a), ([a[0], b[1]], b), ([b[0], a[1]], b)] {
                let (merged, sorted) = (runs(&map, a, b), sorted_runs(&map, a, b));
                assert_eq!(format!("{merged:?}"), format!("{sorted:?}"), "{a:?} {b:?}");
                let effort = effort_of(length(a, b), &sorted);
                assert_eq!(segment_effort(&map, a, b).to_bits(), effort.to_bits(), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn within_one_walkable_cell_anything_is_clear() {
        let map = map();
        assert!(clear(&map, [10.0, -10.0], [19.99, -19.99]));
        assert!(!clear(&map, [21.0, -11.0], [29.0, -19.0]));
    }
}
