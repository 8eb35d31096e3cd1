//! A distance field: for every cell of a map, the least effort of walking from its middle to
//! the middle of one target cell, stepping cell to cell (8 ways, no blocked corner cut). One
//! field serves every walker bound for that target: each reads its way down it.

use super::map::{Cell, Map};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The cell it leads to; `None` outside the map (then nothing leads there).
    pub(super) target: Option<Cell>,
    /// Effort from each cell (row by row) to the target; infinite where it cannot be reached.
    pub(super) values: Vec<f64>,
}

impl Field {
    /// The field of `map` toward `target` (Dijkstra's search from the target outward).
    pub fn toward(map: &Map, target: Option<Cell>) -> Field {
        let mut values = vec![f64::INFINITY; map.cells()];
        let start = target.and_then(|cell| map.index(cell)).filter(|&i| map.walkable_at(i));
        if let Some(start) = start {
            values[start] = 0.0;
            settle(map, &mut values, BinaryHeap::from([Open { effort: 0.0, index: start }]));
        }
        Field { target, values }
    }

    pub fn target(&self) -> Option<Cell> {
        self.target
    }

    /// The effort from the middle of `cell` to the target's (infinite if it cannot be reached).
    pub fn value(&self, map: &Map, cell: Cell) -> f64 {
        map.index(cell).map_or(f64::INFINITY, |i| self.values[i])
    }

    /// The bytes it holds.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<Field>() + self.values.capacity() * std::mem::size_of::<f64>()
    }

    /// The step down the field from cell `index`: the neighbour through which its value is
    /// reached, the first in [`Map::steps`] order of those that tie; `None` at the target or
    /// where nothing leads.
    pub(super) fn next(&self, map: &Map, index: usize) -> Option<usize> {
        let here = self.values[index];
        let mut best: Option<(usize, f64)> = None;
        for (next, step) in map.steps(index) {
            let through = self.values[next] + step;
            if self.values[next] < here && best.is_none_or(|(_, least)| through < least) {
                best = Some((next, through));
            }
        }
        best.map(|(next, _)| next)
    }
}

/// Dijkstra's search from the cells `open` holds, each at its value: lowers every value that a
/// step from a settled cell improves on, until none does. Returns how many cells it settled.
pub(super) fn settle(map: &Map, values: &mut [f64], mut open: BinaryHeap<Open>) -> usize {
    let mut settled = 0;
    while let Some(Open { effort, index }) = open.pop() {
        if effort > values[index] {
            continue; // reached more cheaply since
        }
        settled += 1;
        for (next, step) in map.steps(index) {
            let through = effort + step;
            if through < values[next] {
                values[next] = through;
                open.push(Open { effort: through, index: next });
            }
        }
    }
    settled
}

/// A cell waiting in the search, cheapest first (then the lowest index, so the order is fixed).
#[derive(Clone, Copy, PartialEq)]
pub(super) struct Open {
    pub effort: f64,
    pub index: usize,
}

impl Eq for Open {}

impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        other.effort.total_cmp(&self.effort).then_with(|| other.index.cmp(&self.index))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::SQRT_2;

    fn map(rows: &[&str]) -> Map {
        Map::parse(10.0, [0.0, 0.0], rows, 1000).unwrap().with_road_speed(2.0)
    }

    #[test]
    fn values_are_the_least_effort_of_steps_to_the_target() {
        let map = map(&["...", "...", "..."]);
        let field = Field::toward(&map, Some(Cell { col: 0, row: 0 }));
        assert_eq!(field.value(&map, Cell { col: 0, row: 0 }), 0.0);
        assert_eq!(field.value(&map, Cell { col: 2, row: 0 }), 20.0);
        assert_eq!(field.value(&map, Cell { col: 2, row: 2 }), 20.0 * SQRT_2);
        assert_eq!(field.value(&map, Cell { col: 2, row: 1 }), 10.0 + 10.0 * SQRT_2);
    }

    #[test]
    fn walls_are_walked_round_and_roads_are_quicker() {
        let map = map(&[".#.", ".#.", "..."]);
        let field = Field::toward(&map, Some(Cell { col: 0, row: 0 }));
        // Down, round the wall's end without cutting its corners, and up: six sides of cells.
        assert_eq!(field.value(&map, Cell { col: 2, row: 0 }), 60.0);
        assert_eq!(field.value(&map, Cell { col: 1, row: 0 }), f64::INFINITY);
        let road = self::map(&["===", "...", "..."]);
        let field = Field::toward(&road, Some(Cell { col: 0, row: 0 }));
        assert_eq!(field.value(&road, Cell { col: 2, row: 0 }), 10.0);
    }

    #[test]
    fn a_target_on_blocked_ground_or_outside_is_reached_from_nowhere() {
        let map = map(&["#..", "..."]);
        for target in [Some(Cell { col: 0, row: 0 }), Some(Cell { col: 5, row: 0 }), None] {
            let field = Field::toward(&map, target);
            assert!(field.values.iter().all(|v| v.is_infinite()), "{target:?}");
        }
    }
}
