//! The scenario's map drawn under the town: roads, walls, water and bridges ([`Look`]) on
//! quads of up to 64 × 64 cells whose pictures are sampled nearest from one array texture, so
//! they stay crisp at any zoom — and where a cell is too small on screen for its picture, in its
//! plain colour instead (as the grass gives way to plain ground). Grass is left undrawn: the
//! ground under the town shows through, and the map's edge is outlined. Every tile of a tiled
//! town shows the same map, so they share its quads' data: a painted cell is written once. The
//! cells take the time of day's light as the grass does ([`crate::game::daylight::tint`]).

use super::looks::{Look, PLAIN_TILE, looks};
use crate::game::daylight::tint;
use crate::game::paint::Stroke;
use crate::game::sprites::Art;
use crate::sim::{Clock, Layout, Town};
use crate::space::Map;
use bevy::color::ColorToPacked;
use bevy::prelude::*;
use bevy::sprite_render::{
    AlphaMode2d, PackedTileData, TileData, TilemapChunkMaterial, make_chunk_tile_data_image,
};

/// The most cells a quad is wide or high: its cells' data is a texture this size at most.
const CHUNK: u32 = 64;
/// Over the ground (−10), under the stations (0).
const TERRAIN_Z: f32 = -5.0;
/// Cells smaller on screen than this many pixels are drawn plain: their pictures would shimmer.
const PICTURES_FROM_PIXELS: f32 = 8.0;

/// One quad of a map drawn in one tile of the town.
#[derive(Component)]
pub struct Terrain;

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_systems(Update, (draw_terrain, outline_map));
}

/// Where a map is drawn: its size and place, in every tile of the town.
#[derive(Clone, Debug, PartialEq)]
struct Frame {
    width: u32,
    height: u32,
    cell: f32,
    origin: [f32; 2],
    tiles: Vec<[f32; 2]>,
}

impl Frame {
    fn of(map: &Map, layout: &Layout) -> Frame {
        let tiles = (0..layout.tiles).map(|t| layout.origin(t)).collect();
        Frame { width: map.width(), height: map.height(), cell: map.cell_size(), origin: map.origin(), tiles }
    }
}

/// One block of cells and the material that draws it in every tile.
struct Chunk {
    /// Its north-west cell: column, row.
    first: [u32; 2],
    size: UVec2,
    material: Handle<TilemapChunkMaterial>,
}

/// How cells are drawn just now: pictures or plain colours, in what light.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Style {
    pictures: bool,
    light: [u8; 3],
}

/// What is on screen, to change only what changed.
#[derive(Default)]
struct Drawn {
    frame: Option<Frame>,
    chunks: Vec<Chunk>,
    looks: Vec<Look>,
    style: Option<Style>,
}

#[allow(clippy::too_many_arguments)]
fn draw_terrain(
    mut commands: Commands,
    (town, stroke, clock, art): (Res<Town>, Res<Stroke>, Res<Clock>, Res<Art>),
    camera: Single<&Projection, With<Camera2d>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<TilemapChunkMaterial>>,
    mut images: ResMut<Assets<Image>>,
    old: Query<Entity, With<Terrain>>,
    mut drawn: Local<Drawn>,
) {
    let Some(map) = &town.scenario.map else {
        if drawn.frame.is_some() {
            old.iter().for_each(|e| commands.entity(e).despawn());
            *drawn = Drawn::default();
        }
        return;
    };
    let frame = Frame::of(map, &town.layout);
    if drawn.frame.as_ref() != Some(&frame) {
        old.iter().for_each(|e| commands.entity(e).despawn());
        let chunks = lay_chunks(&mut commands, &frame, &art, (&mut meshes, &mut materials, &mut images));
        *drawn = Drawn { frame: Some(frame), chunks, looks: Vec::new(), style: None };
    }
    let scale = match *camera {
        Projection::Orthographic(ortho) => ortho.scale,
        _ => 1.0,
    };
    let light = tint(clock.progress()).to_srgba().to_u8_array_no_alpha();
    let style = Style { pictures: map.cell_size() / scale >= PICTURES_FROM_PIXELS, light };
    let restyled = drawn.style != Some(style);
    let mut fresh = None;
    if town.is_changed() || stroke.is_changed() || drawn.looks.is_empty() {
        fresh = Some(shown_looks(map, &stroke));
    }
    let Drawn { chunks, looks, .. } = &mut *drawn;
    let width = map.width() as usize;
    for chunk in chunks.iter() {
        let cells = chunk_cells(chunk, width);
        let changed =
            fresh.as_ref().is_some_and(|new| looks.is_empty() || cells.iter().any(|&i| new[i] != looks[i]));
        if !(restyled || changed) {
            continue;
        }
        let shown = fresh.as_deref().unwrap_or(looks.as_slice());
        let data: Vec<PackedTileData> = cells.iter().map(|&i| tile_data(shown[i], style).into()).collect();
        // Touching the material has its cells' texture bound again.
        let Some(material) = materials.get_mut(&chunk.material) else { continue };
        if let Some(mut image) = images.get_mut(&material.tile_data) {
            image.data = make_chunk_tile_data_image(&chunk.size, &data).data;
        }
    }
    if let Some(fresh) = fresh {
        *looks = fresh;
    }
    drawn.style = Some(style);
}

/// How the town's map looks with the stroke under way painted on it.
fn shown_looks(map: &Map, stroke: &Stroke) -> Vec<Look> {
    if stroke.cells.is_empty() {
        return looks(map);
    }
    let mut shown = map.clone();
    for &(cell, ground) in &stroke.cells {
        shown.paint(cell, ground);
    }
    looks(&shown)
}

/// The cells of `chunk` (indices into a map `width` cells wide), in the order its data texture
/// holds them: rows from the south, each from the west.
fn chunk_cells(chunk: &Chunk, width: usize) -> Vec<usize> {
    let ([col, row], [w, h]) = (chunk.first.map(|v| v as usize), chunk.size.to_array().map(|v| v as usize));
    (0..h).rev().flat_map(|r| (0..w).map(move |c| (row + r) * width + col + c)).collect()
}

/// How one cell is drawn in `style`: its tile in the light of the hour, or the plain tile in
/// its colour; grass not at all.
fn tile_data(look: Look, style: Style) -> Option<TileData> {
    let linear = |[r, g, b]: [u8; 3]| Color::srgb_u8(r, g, b).to_linear();
    let light = linear(style.light);
    // The tile shader multiplies the picture's linear colour by these numbers as they are.
    let times_light =
        |c: LinearRgba| Color::srgb(c.red * light.red, c.green * light.green, c.blue * light.blue);
    let (tile, colour) = match (style.pictures, look.tile(), look.plain_colour()) {
        (_, None, _) | (false, _, None) => return None,
        (true, Some(tile), _) => (tile, times_light(LinearRgba::WHITE)),
        (false, Some(_), Some(plain)) => (PLAIN_TILE, times_light(linear(plain))),
    };
    Some(TileData { color: colour, ..TileData::from_tileset_index(tile) })
}

/// The map cut into chunks, each a quad drawn in every tile of the town.
fn lay_chunks(
    commands: &mut Commands,
    frame: &Frame,
    art: &Art,
    (meshes, materials, images): (&mut Assets<Mesh>, &mut Assets<TilemapChunkMaterial>, &mut Assets<Image>),
) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    for row in (0..frame.height).step_by(CHUNK as usize) {
        for col in (0..frame.width).step_by(CHUNK as usize) {
            let size = UVec2::new(CHUNK.min(frame.width - col), CHUNK.min(frame.height - row));
            let empty = vec![PackedTileData::from(None); size.element_product() as usize];
            let tile_data = images.add(make_chunk_tile_data_image(&size, &empty));
            let material = materials.add(TilemapChunkMaterial {
                alpha_mode: AlphaMode2d::Blend,
                tileset: art.terrain.clone(),
                tile_data,
            });
            // A quad one unit a cell, scaled to the cell's side.
            let mesh = meshes.add(Rectangle::new(size.x as f32, size.y as f32));
            let middle = Vec2::new(
                frame.origin[0] + (col as f32 + size.x as f32 / 2.0) * frame.cell,
                frame.origin[1] - (row as f32 + size.y as f32 / 2.0) * frame.cell,
            );
            for &origin in &frame.tiles {
                commands.spawn((
                    Terrain,
                    Mesh2d(mesh.clone()),
                    MeshMaterial2d(material.clone()),
                    Transform::from_translation((middle + Vec2::from(origin)).extend(TERRAIN_Z))
                        .with_scale(Vec3::new(frame.cell, frame.cell, 1.0)),
                    Pickable::IGNORE,
                ));
            }
            chunks.push(Chunk { first: [col, row], size, material });
        }
    }
    chunks
}

/// The map's edge in every tile, faintly: beyond it nobody walks.
fn outline_map(town: Res<Town>, mut gizmos: Gizmos) {
    let Some(map) = &town.scenario.map else { return };
    let size = Vec2::new(map.width() as f32, map.height() as f32) * map.cell_size();
    let [x, y] = map.origin();
    let middle = Vec2::new(x + size.x / 2.0, y - size.y / 2.0);
    for tile in 0..town.layout.tiles {
        let at = middle + Vec2::from(town.layout.origin(tile));
        gizmos.rect_2d(Isometry2d::from_translation(at), size, Color::srgba(0.1, 0.08, 0.05, 0.5));
    }
}
