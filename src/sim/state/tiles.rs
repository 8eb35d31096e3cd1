//! A town of many tiles: copies of one scenario side by side, each with its own world facts and
//! stations, so that one scenario file can stand for a town of thousands of villagers.
//!
//! Villagers are numbered tile by tile in scenario order: villager `n` is character
//! `n % per_tile` of tile `n / per_tile`. A tiled town can vary each villager's start position
//! and walking speed from a seed, so that tiles diverge instead of repeating one another.
//!
//! A layout can also be one shard of a larger town's ([`Layout::shards`]): a run of whole tiles
//! whose villagers are placed, varied and named exactly as in the whole town.

use crate::random::SplitMix64;
use crate::scenario::Scenario;
use crate::sim::state::villager::Villager;

/// How far a seeded variation moves a value: ±20 %.
pub const VARIATION: f32 = 0.2;

/// The seed of a tiled town's variations unless one is chosen: `bench` and the game tile alike.
pub const DEFAULT_SEED: u64 = 1;

/// The largest town a headless command builds (`bench`): about 450 bytes a villager there, so
/// some 4.5 GB — past it a slip of the keyboard would take the machine's memory.
pub const MOST_VILLAGERS: usize = 10_000_000;

/// The largest town the game shows (and a replay of it holds): the game keeps each villager's
/// day for going back and every decision's table, about 17 KB a villager (`examples/long_play.rs`
/// at 20,000), and its window draws each one, about 86 KB more — some 5 GB at the limit.
pub const MOST_VILLAGERS_SHOWN: usize = 50_000;

/// Empty space between neighbouring tiles, in world units.
const TILE_GAP: f32 = 40.0;

/// Where the tiles lie and who lives in them.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub tiles: usize,
    pub villagers: usize,
    /// Characters of the scenario, hence villagers of a full tile.
    pub per_tile: usize,
    columns: usize,
    /// The lowest corner of the scenario's stations and starts, and its width and height.
    corner: [f32; 2],
    extent: [f32; 2],
    /// The seed of the variations; `None` plays every tile exactly as the file says.
    seed: Option<u64>,
    /// For a shard: the whole town's number of its first tile, and the whole town's tiles.
    first_tile: usize,
    town_tiles: usize,
}

impl Layout {
    /// The scenario as written: one tile, no variation.
    pub fn single(scenario: &Scenario) -> Self {
        Layout::tiled(scenario, scenario.characters.len(), None)
    }

    /// Enough tiles of `scenario` for `villagers` (the last tile may be partly filled), laid out
    /// in a square grid; with a `seed`, every villager's start and speed vary by up to ±20 %.
    pub fn tiled(scenario: &Scenario, villagers: usize, seed: Option<u64>) -> Self {
        let per_tile = scenario.characters.len().max(1);
        let tiles = villagers.div_ceil(per_tile).max(1);
        let points =
            scenario.stations.iter().map(|s| s.position).chain(scenario.characters.iter().map(|c| c.start));
        // A map's corners too: neighbouring tiles' maps do not overlap.
        let corners = scenario.map.iter().flat_map(|map| {
            let (o, size) = (map.origin(), map.cell_size());
            [o, [o[0] + map.width() as f32 * size, o[1] - map.height() as f32 * size]]
        });
        let points = points.chain(corners);
        let (mut low, mut high) = ([f32::MAX; 2], [f32::MIN; 2]);
        for p in points {
            for axis in 0..2 {
                low[axis] = low[axis].min(p[axis]);
                high[axis] = high[axis].max(p[axis]);
            }
        }
        if low[0] > high[0] {
            (low, high) = ([0.0; 2], [0.0; 2]);
        }
        Layout {
            tiles,
            villagers,
            per_tile,
            columns: (tiles as f64).sqrt().ceil() as usize,
            corner: low,
            extent: [high[0] - low[0], high[1] - low[1]],
            seed,
            first_tile: 0,
            town_tiles: tiles,
        }
    }

    /// This town's size for another `scenario` (an edit, or another file): as many villagers,
    /// tiled with the same seed; a town played as written stays as written.
    pub fn for_scenario(&self, scenario: &Scenario) -> Layout {
        match self.seed {
            Some(_) => Layout::tiled(scenario, self.villagers, self.seed),
            None if self.is_tiled() => Layout::tiled(scenario, self.villagers, None),
            None => Layout::single(scenario),
        }
    }

    /// The town split into at most `count` shards of whole tiles, in order, as even as can be.
    /// Villager `n` of shard `s` is villager `n` plus the villagers of the shards before it.
    pub fn shards(&self, count: usize) -> Vec<Layout> {
        let count = count.clamp(1, self.tiles);
        let mut first_tile = self.first_tile;
        (0..count)
            .map(|s| {
                let tiles = self.tiles / count + usize::from(s < self.tiles % count);
                let first = (first_tile - self.first_tile) * self.per_tile;
                let villagers = self.villagers.min(first + tiles * self.per_tile) - first;
                let shard = Layout { tiles, villagers, first_tile, ..self.clone() };
                first_tile += tiles;
                shard
            })
            .collect()
    }

    /// The seed of the variations, if there are any.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Whether the town this layout belongs to has several tiles (then names carry the tile).
    pub fn is_tiled(&self) -> bool {
        self.town_tiles > 1
    }

    /// The whole town's number for tile `tile` of this layout.
    pub fn town_tile(&self, tile: usize) -> usize {
        self.first_tile + tile
    }

    pub fn character_of(&self, villager: usize) -> usize {
        villager % self.per_tile
    }

    pub fn tile_of(&self, villager: usize) -> usize {
        villager / self.per_tile
    }

    /// The villagers (by number) living in tile `tile`.
    pub fn villagers_of(&self, tile: usize) -> std::ops::Range<usize> {
        (tile * self.per_tile).min(self.villagers)..((tile + 1) * self.per_tile).min(self.villagers)
    }

    /// How far tile `tile` is moved from where the scenario puts things.
    pub fn origin(&self, tile: usize) -> [f32; 2] {
        let tile = self.town_tile(tile);
        let (column, row) = (tile % self.columns, tile / self.columns);
        [column as f32 * (self.extent[0] + TILE_GAP), row as f32 * (self.extent[1] + TILE_GAP)]
    }

    /// Villager `villager`: its character, home tile, start and speed.
    pub fn villager(&self, scenario: &Scenario, villager: usize) -> Villager {
        let character = &scenario.characters[self.character_of(villager)];
        let tile = self.tile_of(villager);
        let origin = self.origin(tile);
        let (mut start, mut speed) = (character.start, character.speed);
        if let Some(seed) = self.seed {
            let number = self.first_tile * self.per_tile + villager;
            let mut random = SplitMix64(seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            for (axis, value) in start.iter_mut().enumerate() {
                // ±20 % of the tile's size, kept inside the tile.
                let shifted = *value + spread(&mut random) * self.extent[axis].max(1.0);
                *value = shifted.clamp(self.corner[axis], self.corner[axis] + self.extent[axis]);
            }
            // Never inside a wall or the water, nor off the map: there, where the file says.
            if scenario.map.as_ref().is_some_and(|map| map.blocked_at(start)) {
                start = character.start;
            }
            speed *= 1.0 + spread(&mut random);
        }
        let start = [start[0] + origin[0], start[1] + origin[1]];
        Villager::new(self.character_of(villager), villager, tile, start, speed)
    }

    /// The position of `station` in `tile`.
    pub fn station_position(&self, scenario: &Scenario, station: usize, tile: usize) -> [f32; 2] {
        let (p, o) = (scenario.stations[station].position, self.origin(tile));
        [p[0] + o[0], p[1] + o[1]]
    }
}

/// Uniform in [−VARIATION, +VARIATION].
fn spread(random: &mut SplitMix64) -> f32 {
    (random.unit() * 2.0 - 1.0) * VARIATION
}
