//! What each cell of a scenario's map looks like on screen: its ground, or a bridge where a road
//! crosses water — and which tile of the terrain picture (`assets/ui/terrain.png`, drawn by
//! `tools/draw_art.py`) draws it. Pure data, so the rule is tested without a window.

use crate::space::{Cell, Ground, Map};

/// How one cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Not drawn: the ground under the town shows, as it does off the map.
    Grass,
    Road,
    Wall,
    Water,
    /// A road with water on both sides, carrying the road across: the way it runs.
    Bridge(Span),
}

/// Which way a bridge carries its road.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Span {
    /// Water west and east of it: the river runs east–west under a road going north–south.
    NorthSouth,
    /// Water north and south of it.
    EastWest,
}

/// The tiles of `terrain.png`, top to bottom, as `tools/draw_art.py` stacks them.
pub const TERRAIN_TILES: u32 = 6;
/// The picture's side, in pixels: each tile is this many pixels square.
pub const TILE_PIXELS: u32 = 16;
/// The white tile, tinted to a kind's colour where cells are too small on screen for their art.
pub const PLAIN_TILE: u16 = 5;

impl Look {
    /// How `cell` of `map` looks. A road cell is a bridge when there is water on both sides of
    /// it, west and east or north and south — past the road cells beside it, for a bridge up to
    /// three cells wide — and its road runs on across (beyond the map's edge is no water).
    pub fn of(map: &Map, cell: Cell) -> Look {
        let ground = |k: i32, (dc, dr): (i32, i32)| {
            let near = cell.col.checked_add_signed(k * dc).zip(cell.row.checked_add_signed(k * dr));
            near.and_then(|(col, row)| map.ground(Cell { col, row }))
        };
        let water = |way| {
            (1..=3).map(|k| ground(k, way)).find(|g| *g != Some(Ground::Road)) == Some(Some(Ground::Water))
        };
        let on =
            |way| [1, -1].into_iter().any(|k| matches!(ground(k, way), Some(Ground::Road | Ground::Water)));
        match map.ground(cell) {
            None | Some(Ground::Grass) => Look::Grass,
            Some(Ground::Wall) => Look::Wall,
            Some(Ground::Water) => Look::Water,
            Some(Ground::Road) if water((-1, 0)) && water((1, 0)) && on((0, 1)) => {
                Look::Bridge(Span::NorthSouth)
            }
            Some(Ground::Road) if water((0, -1)) && water((0, 1)) && on((1, 0)) => {
                Look::Bridge(Span::EastWest)
            }
            Some(Ground::Road) => Look::Road,
        }
    }

    /// Its tile in the terrain picture; grass has none (the ground shows through).
    pub fn tile(self) -> Option<u16> {
        match self {
            Look::Grass => None,
            Look::Road => Some(0),
            Look::Wall => Some(1),
            Look::Water => Some(2),
            Look::Bridge(Span::NorthSouth) => Some(3),
            Look::Bridge(Span::EastWest) => Some(4),
        }
    }

    /// Its colour where its cells are too small on screen for the picture: about the mean of
    /// its tile's pixels (sRGB).
    pub fn plain_colour(self) -> Option<[u8; 3]> {
        match self {
            Look::Grass => None,
            Look::Road => Some([176, 142, 98]),
            Look::Wall => Some([132, 132, 144]),
            Look::Water => Some([80, 138, 214]),
            Look::Bridge(_) => Some([156, 108, 66]),
        }
    }
}

/// How every cell of `map` looks, row by row from the north, each row from the west.
pub fn looks(map: &Map) -> Vec<Look> {
    (0..map.height())
        .flat_map(|row| (0..map.width()).map(move |col| Cell { col, row }))
        .map(|cell| Look::of(map, cell))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> Map {
        Map::parse(20.0, [0.0, 0.0], rows, 1000).unwrap()
    }

    fn drawn(map: &Map) -> Vec<String> {
        let looks = looks(map);
        let letter = |look: &Look| match look {
            Look::Grass => '.',
            Look::Road => '=',
            Look::Wall => '#',
            Look::Water => '~',
            Look::Bridge(Span::NorthSouth) => '|',
            Look::Bridge(Span::EastWest) => '-',
        };
        looks.chunks(map.width() as usize).map(|row| row.iter().map(letter).collect()).collect()
    }

    #[test]
    fn a_road_between_water_on_two_opposite_sides_is_a_bridge_the_way_the_road_runs() {
        let river = map(&["..=..", "~~=~~", "~~=~~", "..=..", "#~=~#", ".~~=~", "..=.."]);
        assert_eq!(drawn(&river), ["..=..", "~~|~~", "~~|~~", "..=..", "#~|~#", ".~~|~", "..=.."]);
        // Across a river that runs north–south, the bridge runs east–west.
        let river = map(&["..~..", "==~==", "=====", "..~..", "..~=.", "..=.."]);
        assert_eq!(drawn(&river), ["..~..", "==~==", "==-==", "..~..", "..~=.", "..=.."]);
    }

    /// village.ron's bridges are two cells wide and two long; a causeway with water at both
    /// ends of its own run is no bridge.
    #[test]
    fn a_bridge_two_cells_wide_is_a_bridge_and_a_causeway_is_a_road() {
        let river = map(&["..==..", "~~==~~", "~~==~~", "..==.."]);
        assert_eq!(drawn(&river), ["..==..", "~~||~~", "~~||~~", "..==.."]);
        assert_eq!(drawn(&map(&[".....", "~===~", "....."])), [".....", "~===~", "....."]);
    }

    #[test]
    fn water_on_one_side_a_corner_or_beyond_the_edge_makes_no_bridge() {
        let shore = map(&["=~", "~=", ".=", "~="]);
        assert_eq!(drawn(&shore), ["=~", "~=", ".=", "~="]);
        // Water all round: the road runs north–south.
        assert_eq!(drawn(&map(&[".~.", "~=~", ".~."])), [".~.", "~|~", ".~."]);
    }

    #[test]
    fn each_look_but_grass_has_its_own_tile_and_a_plain_colour() {
        let all = [
            Look::Road,
            Look::Wall,
            Look::Water,
            Look::Bridge(Span::NorthSouth),
            Look::Bridge(Span::EastWest),
        ];
        let tiles: Vec<u16> = all.iter().filter_map(|l| l.tile()).collect();
        assert_eq!(tiles, [0, 1, 2, 3, 4]);
        assert!(tiles.iter().all(|&t| t != PLAIN_TILE && u32::from(t) < TERRAIN_TILES));
        assert!(all.iter().all(|l| l.plain_colour().is_some()));
        assert_eq!((Look::Grass.tile(), Look::Grass.plain_colour()), (None, None));
    }
}
