//! Where each villager is drawn when several stand at one place, and which one a click means:
//! a crowd at a station stands in short rows under it so that every figure can be seen and
//! clicked, and a click picks the figure drawn under the pointer, from the same positions.

use crate::sim::{Activity, Intent, Lines, Position, Town, Villager, position_at};
use bevy::math::Vec2;
use std::collections::HashMap;

/// Horizontal distance between villagers side by side: a figure and its thought bubble.
pub const SPACING: f32 = 64.0;
/// Vertical distance between two rows of a crowd: a figure and a name over it.
pub const ROW_GAP: f32 = 76.0;
/// The most villagers in one row; more stand in further rows, each shifted half a place.
pub const PER_ROW: usize = 5;
/// How far under a station's middle its first row stands: under its picture, with room for a
/// line of names between them at the default zoom.
pub const UNDER_STATION: f32 = 32.5 + 36.0 + 20.0;
/// Extra room between those at a station and its line, so the line reads as a line.
const LINE_GAP: f32 = 22.0;

/// Where the `place`-th of `count` villagers standing together is drawn, from the middle of
/// their first row: rows of at most [`PER_ROW`], each centred, the next one lower and shifted
/// half a place so that no figure stands right behind another.
pub fn in_rows(place: usize, count: usize) -> Vec2 {
    let (row, column) = (place / PER_ROW, place % PER_ROW);
    let in_this_row = (count - row * PER_ROW).min(PER_ROW);
    let shift = if row % 2 == 1 { 0.5 } else { 0.0 };
    let x = (column as f32 - (in_this_row - 1) as f32 / 2.0 + shift) * SPACING;
    Vec2::new(x, -(row as f32) * ROW_GAP)
}

/// How many rows `count` villagers standing together take.
pub fn rows(count: usize) -> usize {
    count.div_ceil(PER_ROW)
}

/// Where a villager is drawn, from where it stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Standing {
    /// At a station, acting or waiting there: the `place`-th of `count`.
    AtStation { place: usize, count: usize },
    /// In line at a station, `place`-th (0 first) of the line, under the `here` at the station.
    InLine { place: usize, count: usize, here: usize },
    /// On a spot that is no station, the `place`-th of `count` there.
    Together { place: usize, count: usize },
}

/// How far from where it stands a villager is drawn.
pub fn offset(standing: Standing) -> Vec2 {
    match standing {
        Standing::AtStation { place, count } => in_rows(place, count) - Vec2::Y * UNDER_STATION,
        Standing::InLine { place, count, here } => {
            let below = rows(here).max(1) as f32 * ROW_GAP + LINE_GAP;
            in_rows(place, count) - Vec2::Y * (UNDER_STATION + below)
        }
        Standing::Together { place, count } => in_rows(place, count),
    }
}

/// Where every villager of `villagers` is drawn at step `now`, in their order: where the
/// simulation puts it, moved apart from those standing at the same place ([`offset`]).
pub fn drawn_at<'a>(
    town: &Town,
    lines: &Lines,
    now: u64,
    villagers: impl IntoIterator<Item = (&'a Villager, &'a Position, &'a Intent, &'a Activity)>,
) -> Vec<Vec2> {
    // Who stands where: (spot, in line) → how many, and each villager's place among them.
    let mut crowds: HashMap<([u32; 2], bool), usize> = HashMap::new();
    let mut placed = Vec::new();
    for whereabouts in villagers {
        let (villager, _, _, activity) = whereabouts;
        let position = position_at(town, now, whereabouts);
        let spot = position.map(f32::to_bits);
        let tile = villager.tile();
        let station = (0..town.scenario.stations.len())
            .find(|&s| town.layout.station_position(&town.scenario, s, tile) == position);
        let line_place = match (activity, station) {
            (Activity::Queued { .. }, Some(s)) => {
                Some(lines.place_of(tile, s, villager.number()).unwrap_or(0))
            }
            _ => None,
        };
        let count = crowds.entry((spot, line_place.is_some())).or_default();
        let place = line_place.unwrap_or(*count);
        *count += 1;
        placed.push((position, spot, station.is_some(), line_place.is_some(), place));
    }
    placed
        .into_iter()
        .map(|(position, spot, at_station, in_line, place)| {
            let count = crowds[&(spot, in_line)];
            let here = crowds.get(&(spot, false)).copied().unwrap_or(0);
            let standing = match (at_station, in_line) {
                (true, true) => Standing::InLine { place: place.min(count - 1), count, here },
                (true, false) => Standing::AtStation { place, count },
                (false, _) => Standing::Together { place, count },
            };
            Vec2::from(position) + offset(standing)
        })
        .collect()
}

/// How far in front a figure drawn at height `y` is: the lower on the map, the nearer.
/// Always within 0..0.4, added to the figures' layer.
pub fn depth(y: f32) -> f32 {
    0.2 - (y / 100_000.0).clamp(-0.2, 0.2)
}

/// The figure drawn under `pointer`, among `figures` (each its key, its middle and its half
/// size as drawn): of those whose picture holds the pointer, the one in front ([`depth`]),
/// then the one whose middle is nearest.
pub fn pick<K: Copy>(pointer: Vec2, figures: impl IntoIterator<Item = (K, Vec2, Vec2)>) -> Option<K> {
    figures
        .into_iter()
        .filter(|&(_, middle, half)| {
            let d = (pointer - middle).abs();
            d.x <= half.x && d.y <= half.y
        })
        .map(|(key, middle, _)| (key, depth(middle.y), middle.distance_squared(pointer)))
        .min_by(|a, b| b.1.total_cmp(&a.1).then(a.2.total_cmp(&b.2)))
        .map(|(key, ..)| key)
}
