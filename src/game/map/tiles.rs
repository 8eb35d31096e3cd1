//! A tiled town (`--villagers N`) on the map: each tile outlined, its name (`Tile 7`) at its
//! top-left corner, so that a villager named `Builder 2 @ 7` can be found in tile 7.

use super::word::{Home, Word};
use crate::game::sprites::Art;
use crate::scenario::Scenario;
use crate::sim::{Layout, Town};
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBackgroundColor;

/// How far a tile's outline stands out from its stations and starts, in world units: less than
/// half the gap between tiles, so outlines of neighbouring tiles keep apart.
const MARGIN: f32 = 8.0;
/// A tile's name, in pixels on screen.
pub const NAME_SIZE: f32 = 16.0;

/// A tile's name on the map, and how wide the tile is (it gives way when the tile is too small
/// on screen to carry it).
#[derive(Component, Clone, Copy, Debug)]
pub struct TileName {
    pub width: f32,
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            name_tiles.run_if(resource_exists_and_changed::<Town>.or_else(resource_changed::<Lang>)),
            outline_tiles,
        ),
    );
}

/// The name of tile `tile` (its number in the whole town), in `lang`: `Tile 7`.
pub fn tile_name(lang: Lang, tile: usize) -> String {
    words().say(lang, "map-tile", &[("n", tile.into())])
}

/// Tile `tile`'s outline on the map: around its stations and starts, a margin further.
pub fn tile_rect(scenario: &Scenario, layout: &Layout, tile: usize) -> Rect {
    let points =
        scenario.stations.iter().map(|s| s.position).chain(scenario.characters.iter().map(|c| c.start));
    let mut points = points.map(Vec2::from);
    let first = points.next().unwrap_or_default();
    let rect = points.fold(Rect::from_center_size(first, Vec2::ZERO), |r, p| r.union_point(p));
    let origin = Vec2::from(layout.origin(tile));
    Rect::from_corners(rect.min + origin, rect.max + origin).inflate(MARGIN)
}

fn name_tiles(
    mut commands: Commands,
    town: Res<Town>,
    lang: Res<Lang>,
    art: Res<Art>,
    old: Query<Entity, With<TileName>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    if !town.layout.is_tiled() {
        return;
    }
    for tile in 0..town.layout.tiles {
        let rect = tile_rect(&town.scenario, &town.layout, tile);
        let corner = Vec2::new(rect.min.x, rect.max.y + 2.0);
        commands.spawn((
            TileName { width: rect.width() },
            Word::Tile,
            Home(corner),
            Text2d::new(tile_name(*lang, town.layout.town_tile(tile))),
            art.text_font(NAME_SIZE),
            TextColor(Color::srgb(0.85, 0.93, 1.0)),
            TextBackgroundColor(Color::srgba(0.04, 0.06, 0.12, 0.7)),
            Anchor::BOTTOM_LEFT,
            Transform::from_translation(corner.extend(4.6)),
            Visibility::Hidden,
            Pickable::IGNORE,
        ));
    }
}

/// Draws the outline of every tile of a tiled town.
fn outline_tiles(town: Res<Town>, mut gizmos: Gizmos) {
    if !town.layout.is_tiled() {
        return;
    }
    let colour = Color::srgba(0.85, 0.93, 1.0, 0.35);
    for tile in 0..town.layout.tiles {
        let rect = tile_rect(&town.scenario, &town.layout, tile);
        gizmos.rect_2d(Isometry2d::from_translation(rect.center()), rect.size(), colour);
    }
}
