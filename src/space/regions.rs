//! Which parts of a map a walker can get between at all: its walkable cells grouped into the
//! regions that steps connect (8 ways, no blocked corner cut), for saying what cannot be
//! reached without searching a way to it.

use super::map::Map;

/// Each walkable cell's region.
#[derive(Clone, Debug, PartialEq)]
pub struct Regions {
    /// Region by cell, row by row; `NONE` where nobody walks.
    of: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Regions {
    pub fn of(map: &Map) -> Regions {
        let mut of = vec![NONE; map.cells()];
        let mut region = 0;
        let mut stack = Vec::new();
        for first in 0..map.cells() {
            if of[first] != NONE || !map.walkable_at(first) {
                continue;
            }
            of[first] = region;
            stack.push(first);
            while let Some(cell) = stack.pop() {
                for (next, _) in map.steps(cell) {
                    if of[next] == NONE {
                        of[next] = region;
                        stack.push(next);
                    }
                }
            }
            region += 1;
        }
        Regions { of }
    }

    /// Whether a walker at `from` can walk to `to`: both on walkable ground of one region.
    pub fn connected(&self, map: &Map, from: [f32; 2], to: [f32; 2]) -> bool {
        let region = |point| map.cell_of(point).and_then(|cell| map.index(cell)).map(|i| self.of[i]);
        matches!((region(from), region(to)), (Some(a), Some(b)) if a == b && a != NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_river_parts_the_banks_and_a_bridge_joins_them() {
        let rows = ["..~..", "..~..", "..~.."];
        let mut map = Map::parse(1.0, [0.0, 3.0], &rows, 100).unwrap();
        let (west, east) = ([0.5, 2.5], [4.5, 0.5]);
        assert!(!Regions::of(&map).connected(&map, west, east));
        assert!(Regions::of(&map).connected(&map, west, [1.5, 0.5]));
        map.paint(crate::space::Cell { col: 2, row: 1 }, crate::space::Ground::Road);
        assert!(Regions::of(&map).connected(&map, west, east));
        assert!(!Regions::of(&map).connected(&map, west, [2.5, 2.5]), "in the river");
    }

    #[test]
    fn two_walls_meeting_at_a_corner_close_the_gap() {
        let rows = [".#", "#."];
        let map = Map::parse(1.0, [0.0, 2.0], &rows, 100).unwrap();
        assert!(!Regions::of(&map).connected(&map, [0.5, 1.5], [1.5, 0.5]));
    }
}
