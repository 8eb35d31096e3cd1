//! The map: a grid of square cells laid over the world, each of some [`Ground`], and where each
//! cell lies. Row 0 is the northern edge (+y), so a scenario's rows read as the map looks.

use super::ground::Ground;
use std::f64::consts::SQRT_2;

/// One cell of a map: column from the west, row from the north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub col: u32,
    pub row: u32,
}

/// The road speed unless a scenario says otherwise: walking on a road is this much faster.
pub const DEFAULT_ROAD_SPEED: f32 = 1.5;

#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// A cell's side, in world units (positive).
    cell: f64,
    /// The top-left (north-west) corner of row 0, column 0.
    origin: [f64; 2],
    width: u32,
    height: u32,
    /// Row by row from the north, each from the west.
    ground: Vec<Ground>,
    road_speed: f64,
}

/// The 8 steps from a cell, in the order that breaks ties between equally good ones: the four
/// sides (north, east, south, west), then the four corners.
const STEPS: [(i32, i32); 8] = [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)];

impl Map {
    /// A `width` × `height` map of `ground` alone; `cell` must be positive and finite, the size
    /// at least one cell (what [`Map::parse`](Self::parse) checks for a scenario's rows).
    pub fn filled(cell: f32, origin: [f32; 2], width: u32, height: u32, ground: Ground) -> Map {
        assert!(cell > 0.0 && cell.is_finite(), "a cell's side is positive");
        assert!(width > 0 && height > 0, "a map has at least one cell");
        Map {
            cell: f64::from(cell),
            origin: origin.map(f64::from),
            width,
            height,
            ground: vec![ground; width as usize * height as usize],
            road_speed: f64::from(DEFAULT_ROAD_SPEED),
        }
    }

    /// The same map with walking on roads `speed` times as fast as on grass (positive).
    pub fn with_road_speed(mut self, speed: f32) -> Map {
        assert!(speed > 0.0 && speed.is_finite(), "a road speed is positive");
        self.road_speed = f64::from(speed);
        self
    }

    /// The same map laid with its north-west corner at `origin`: a tile of a tiled town. Fields
    /// are of cells, not places, so every tile's walkers can read the fields of one map.
    pub fn with_origin(mut self, origin: [f32; 2]) -> Map {
        self.origin = origin.map(f64::from);
        self
    }

    pub fn cell_size(&self) -> f32 {
        self.cell as f32
    }

    pub fn origin(&self) -> [f32; 2] {
        self.origin.map(|v| v as f32)
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn road_speed(&self) -> f32 {
        self.road_speed as f32
    }

    /// The cell `point` lies in (a point on a border belongs to the cell east or south of it),
    /// or `None` outside the map.
    pub fn cell_of(&self, point: [f32; 2]) -> Option<Cell> {
        let [u, v] = self.to_grid(point.map(f64::from));
        // Written so that NaN is outside too.
        if !(u >= 0.0 && v >= 0.0 && u < f64::from(self.width) && v < f64::from(self.height)) {
            return None;
        }
        Some(Cell { col: u as u32, row: v as u32 })
    }

    /// The middle of `cell`.
    pub fn center(&self, cell: Cell) -> [f32; 2] {
        let middle = [f64::from(cell.col) + 0.5, f64::from(cell.row) + 0.5];
        self.to_world(middle).map(|v| v as f32)
    }

    /// What `cell` is made of, or `None` outside the map.
    pub fn ground(&self, cell: Cell) -> Option<Ground> {
        self.index(cell).map(|i| self.ground[i])
    }

    /// Whether nobody may stand in `cell`: a wall, water, or outside the map.
    pub fn blocked(&self, cell: Cell) -> bool {
        self.index(cell).is_none_or(|i| !self.ground[i].walkable())
    }

    /// Whether nobody may stand at `point`.
    pub fn blocked_at(&self, point: [f32; 2]) -> bool {
        self.cell_of(point).is_none_or(|cell| self.blocked(cell))
    }

    /// Where someone standing at `point` steps to when its ground is painted over: `point` itself
    /// when it may stand there, else the middle of the nearest cell it may stand in (ring by
    /// ring around its own, the first found in row order), or `None` when there is none.
    pub fn nearest_open(&self, point: [f32; 2]) -> Option<[f32; 2]> {
        if !self.blocked_at(point) {
            return Some(point);
        }
        let [u, v] = self.to_grid(point.map(f64::from)).map(|g| g.floor() as i64);
        for ring in 1..i64::from(self.width.max(self.height)) * 2 {
            let around = (v - ring..=v + ring).flat_map(|r| (u - ring..=u + ring).map(move |c| (r, c)));
            let on_ring = around.filter(|&(r, c)| (r - v).abs() == ring || (c - u).abs() == ring);
            let mut open = on_ring
                .filter_map(|(r, c)| Some(Cell { col: u32::try_from(c).ok()?, row: u32::try_from(r).ok()? }));
            if let Some(cell) = open.find(|&cell| !self.blocked(cell)) {
                return Some(self.center(cell));
            }
        }
        None
    }

    /// Effort per world unit walked across `cell`: 1 on grass, 1 / road speed on a road,
    /// infinite where nobody walks.
    pub fn slowness(&self, cell: Cell) -> f64 {
        self.index(cell).map_or(f64::INFINITY, |i| self.slowness_of(i))
    }

    /// Makes `cell` of `ground`; whether it changed anything (a cell outside the map cannot be
    /// painted).
    pub fn paint(&mut self, cell: Cell, ground: Ground) -> bool {
        match self.index(cell) {
            Some(i) if self.ground[i] != ground => {
                self.ground[i] = ground;
                true
            }
            _ => false,
        }
    }

    /// The rows as a scenario writes them.
    pub fn rows(&self) -> Vec<String> {
        self.ground.chunks(self.width as usize).map(|row| row.iter().map(|g| g.char()).collect()).collect()
    }

    /// How many cells it has.
    pub fn cells(&self) -> usize {
        self.ground.len()
    }

    pub(super) fn from_parts(cell: f64, origin: [f64; 2], width: u32, ground: Vec<Ground>) -> Map {
        let height = (ground.len() / width as usize) as u32;
        Map { cell, origin, width, height, ground, road_speed: f64::from(DEFAULT_ROAD_SPEED) }
    }

    pub(super) fn index(&self, cell: Cell) -> Option<usize> {
        (cell.col < self.width && cell.row < self.height)
            .then(|| cell.row as usize * self.width as usize + cell.col as usize)
    }

    pub(super) fn cell_at(&self, index: usize) -> Cell {
        let width = self.width as usize;
        Cell { col: (index % width) as u32, row: (index / width) as u32 }
    }

    pub(super) fn walkable_at(&self, index: usize) -> bool {
        self.ground[index].walkable()
    }

    pub(super) fn slowness_of(&self, index: usize) -> f64 {
        match self.ground[index] {
            Ground::Grass => 1.0,
            Ground::Road => 1.0 / self.road_speed,
            Ground::Wall | Ground::Water => f64::INFINITY,
        }
    }

    /// The steps a walker can take from walkable cell `index`, in tie-break order, each with its
    /// effort: its length times the mean slowness of the two cells (half of it lies in each).
    /// A step to a corner needs both cells beside it walkable: nobody cuts a blocked corner.
    pub(super) fn steps(&self, index: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let Cell { col, row } = self.cell_at(index);
        let here = self.slowness_of(index);
        let open = move |dc: i32, dr: i32| -> Option<usize> {
            let cell = Cell { col: col.checked_add_signed(dc)?, row: row.checked_add_signed(dr)? };
            self.index(cell).filter(|&i| self.walkable_at(i))
        };
        STEPS.iter().filter_map(move |&(dc, dr)| {
            let to = open(dc, dr)?;
            let diagonal = dc != 0 && dr != 0;
            if diagonal && (open(dc, 0).is_none() || open(0, dr).is_none()) {
                return None;
            }
            let length = if diagonal { self.cell * SQRT_2 } else { self.cell };
            Some((to, length * ((here + self.slowness_of(to)) * 0.5)))
        })
    }

    /// The cells around cell `index` on the map, whatever their ground.
    pub(super) fn around(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        let Cell { col, row } = self.cell_at(index);
        STEPS.iter().filter_map(move |&(dc, dr)| {
            self.index(Cell { col: col.checked_add_signed(dc)?, row: row.checked_add_signed(dr)? })
        })
    }

    /// A world point in grid units: columns east from the origin, rows south of it.
    pub(super) fn to_grid(&self, [x, y]: [f64; 2]) -> [f64; 2] {
        [(x - self.origin[0]) / self.cell, (self.origin[1] - y) / self.cell]
    }

    pub(super) fn to_world(&self, [u, v]: [f64; 2]) -> [f64; 2] {
        [self.origin[0] + u * self.cell, self.origin[1] - v * self.cell]
    }

    /// How far, in cells, a straightened walk keeps from anything blocked: enough that no
    /// rounding of a point along it to `f32` (about 1e-7 of its coordinates) crosses a border.
    pub(super) fn clearance(&self) -> f64 {
        let far = [self.to_world([0.0, 0.0]), self.to_world([f64::from(self.width), f64::from(self.height)])]
            .iter()
            .flatten()
            .fold(0.0f64, |most, v| most.max(v.abs()));
        (1e-3 + 4e-7 * far / self.cell).min(0.25)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> Map {
        Map::filled(20.0, [-100.0, 50.0], 4, 3, Ground::Grass)
    }

    #[test]
    fn rows_run_south_from_the_origin_and_columns_east() {
        let map = map();
        assert_eq!(map.cell_of([-100.0, 50.0]), Some(Cell { col: 0, row: 0 }));
        assert_eq!(map.cell_of([-61.0, 29.0]), Some(Cell { col: 1, row: 1 }));
        assert_eq!(map.cell_of([-20.5, -9.5]), Some(Cell { col: 3, row: 2 }));
        assert_eq!(map.center(Cell { col: 1, row: 2 }), [-70.0, 0.0]);
    }

    #[test]
    fn outside_the_map_is_no_cell_and_blocked() {
        let map = map();
        for point in [[-100.1, 40.0], [-20.0, 40.0], [-50.0, 50.1], [-50.0, -10.0], [f32::NAN, 0.0]] {
            assert_eq!(map.cell_of(point), None, "{point:?}");
            assert!(map.blocked_at(point));
        }
        assert!(map.blocked(Cell { col: 4, row: 0 }));
        assert_eq!(map.slowness(Cell { col: 0, row: 3 }), f64::INFINITY);
    }

    #[test]
    fn roads_are_quicker_by_the_road_speed_and_painting_changes_a_cell() {
        let mut map = map().with_road_speed(2.0);
        let cell = Cell { col: 2, row: 1 };
        assert_eq!(map.slowness(cell), 1.0);
        assert!(map.paint(cell, Ground::Road));
        assert!(!map.paint(cell, Ground::Road));
        assert_eq!(map.slowness(cell), 0.5);
        assert!(map.paint(cell, Ground::Water));
        assert!(map.blocked(cell));
        assert_eq!(map.rows(), ["....", "..~.", "...."]);
    }

    #[test]
    fn no_step_cuts_a_blocked_corner() {
        let mut map = map();
        map.paint(Cell { col: 1, row: 0 }, Ground::Wall);
        let from = map.index(Cell { col: 0, row: 0 }).unwrap();
        let to: Vec<Cell> = map.steps(from).map(|(i, _)| map.cell_at(i)).collect();
        assert_eq!(to, [Cell { col: 0, row: 1 }]);
        let middle = map.index(Cell { col: 1, row: 1 }).unwrap();
        let costs: Vec<f64> = map.steps(middle).map(|(_, cost)| cost).collect();
        assert_eq!(costs.len(), 5, "all but the wall and the two corners beside it");
        assert_eq!(costs[0], 20.0);
        assert_eq!(costs[3], 20.0 * SQRT_2);
    }
}
