//! Following the pointer in paint mode: the cell under it outlined, ringed in the chosen
//! ground's colour, and a left-drag painting every cell the pointer crosses — the cells between two
//! samples too, so a fast drag leaves no gap — shown at once ([`Stroke`]) and taken in by the
//! town when the button is let go ([`super::paint`]): one stroke, one live edit.

use super::{PaintMode, paint, paintable};
use crate::game::map::looks::Look;
use crate::sim::{Layout, Town};
use crate::space::{Cell, Ground, Map};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use std::collections::HashMap;

/// Where the pointer is on the map (world units) and whether the left button holds it down in
/// paint mode: what a stroke follows. Set from the window each frame; a test sets it itself.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct PaintPointer {
    pub at: Option<Vec2>,
    pub held: bool,
}

/// The stroke under way: the tile of the town it started in, the last point followed (in
/// that tile's frame), and the cells painted so far, in order, not yet taken in by the town.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Stroke {
    tile: Option<usize>,
    last: Option<[f32; 2]>,
    pub cells: Vec<(Cell, Ground)>,
    painted: HashMap<Cell, Ground>,
}

impl Stroke {
    /// What `cell` shows while the stroke is under way, over `map` as the town has it.
    pub fn ground(&self, map: &Map, cell: Cell) -> Option<Ground> {
        self.painted.get(&cell).copied().or_else(|| map.ground(cell))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PaintPointer>()
        .init_resource::<Stroke>()
        .add_systems(Update, (point, follow).chain());
}

/// Where the pointer is on the map, unless it is over a panel (a drag begun on the map goes on
/// over one), and the cell under it outlined in every tile.
fn point(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<Camera2d>>>,
    (buttons, panels, mode): (Res<ButtonInput<MouseButton>>, Option<Res<EguiWantsInput>>, Res<PaintMode>),
    town: Res<Town>,
    mut pointer: ResMut<PaintPointer>,
    mut gizmos: Gizmos,
) {
    let (Some(window), Some(camera)) = (window, camera) else { return };
    let over_panel = panels.is_some_and(|p| p.wants_any_pointer_input());
    let at = (!over_panel).then(|| window.cursor_position()).flatten();
    let at = at.and_then(|cursor| camera.0.viewport_to_world_2d(camera.1, cursor).ok());
    // A click pressed and let go within one frame paints its cell too.
    let held = buttons.pressed(MouseButton::Left) || buttons.just_pressed(MouseButton::Left);
    pointer.set_if_neq(PaintPointer { at, held: mode.on && held });
    let (Some(map), Some(at), true) = (&town.scenario.map, at, mode.on) else { return };
    let colour = mode_colour(mode.ground);
    for tile in 0..town.layout.tiles {
        let origin = Vec2::from(town.layout.origin(tile));
        if let Some(cell) = map.cell_of((at - origin).into()) {
            let centre = Isometry2d::from_translation(Vec2::from(map.center(cell)) + origin);
            gizmos.rect_2d(centre, Vec2::splat(map.cell_size()), Color::WHITE);
            gizmos.rect_2d(centre, Vec2::splat(map.cell_size() * 0.75), colour);
        }
    }
}

/// The ring inside the outline of the cell under the pointer: the chosen ground's colour,
/// grass a light green.
fn mode_colour(ground: Ground) -> Color {
    let look = match ground {
        Ground::Grass => return Color::srgb(0.55, 0.85, 0.45),
        Ground::Road => Look::Road,
        Ground::Wall => Look::Wall,
        Ground::Water => Look::Water,
    };
    let [r, g, b] = look.plain_colour().unwrap_or([255; 3]);
    Color::srgb_u8(r, g, b).lighter(0.15)
}

/// Extends the stroke while the pointer is held down in paint mode ([`PaintPointer`]); when it
/// is let go (or the mode is left), the town takes the stroke in. Runs every frame.
pub fn follow(world: &mut World) {
    let pointer = *world.resource::<PaintPointer>();
    let mode = *world.resource::<PaintMode>();
    if !pointer.held || !mode.on {
        if *world.resource::<Stroke>() != Stroke::default() {
            let done = std::mem::take(&mut *world.resource_mut::<Stroke>());
            paint(world, &done.cells);
        }
        return;
    }
    let town = world.resource::<Town>();
    let Some(map) = &town.scenario.map else { return };
    let Some(at) = pointer.at else {
        // Off the window or over a panel: where it went is not known, so nothing is filled in
        // on its way back.
        if world.resource::<Stroke>().last.is_some() {
            world.resource_mut::<Stroke>().last = None;
        }
        return;
    };
    let stroke = world.resource::<Stroke>();
    // A stroke stays in the tile whose map it began nearest to: a drag from off the map onto
    // it paints from its edge.
    let tile = stroke.tile.unwrap_or_else(|| nearest_tile(map, &town.layout, at));
    let here: [f32; 2] = (at - Vec2::from(town.layout.origin(tile))).into();
    let crossed = cells_between(map, stroke.last.unwrap_or(here), here);
    let new: Vec<Cell> = crossed
        .into_iter()
        .filter(|&cell| stroke.ground(map, cell) != Some(mode.ground))
        .filter(|&cell| paintable(&town.scenario, cell, mode.ground))
        .collect();
    let mut stroke = world.resource_mut::<Stroke>();
    (stroke.tile, stroke.last) = (Some(tile), Some(here));
    for cell in new {
        stroke.cells.push((cell, mode.ground));
        stroke.painted.insert(cell, mode.ground);
    }
}

/// The tile of the town whose map lies nearest to `at` (the first of those it lies in).
fn nearest_tile(map: &Map, layout: &Layout, at: Vec2) -> usize {
    let size = Vec2::new(map.width() as f32, map.height() as f32) * map.cell_size();
    let [x, y] = map.origin();
    let local = Rect::from_corners(Vec2::new(x, y - size.y), Vec2::new(x + size.x, y));
    let distance = |tile: usize| {
        let rect = Rect {
            min: local.min + Vec2::from(layout.origin(tile)),
            max: local.max + Vec2::from(layout.origin(tile)),
        };
        (at.clamp(rect.min, rect.max) - at).length_squared()
    };
    (0..layout.tiles).min_by(|&a, &b| distance(a).total_cmp(&distance(b))).unwrap_or(0)
}

/// Every cell of `map` that the segment from `from` to `to` (world points in the map's frame)
/// crosses, in order from `from`; each next to the one before it by a side, so a line painted
/// through them has no gap. The parts of the segment off the map cross nothing.
pub fn cells_between(map: &Map, from: [f32; 2], to: [f32; 2]) -> Vec<Cell> {
    let (cell, [ox, oy]) = (f64::from(map.cell_size()), map.origin().map(f64::from));
    let grid = |[x, y]: [f32; 2]| [(f64::from(x) - ox) / cell, (oy - f64::from(y)) / cell];
    let size = [f64::from(map.width()), f64::from(map.height())];
    let Some((a, b)) = clip(grid(from), grid(to), size) else { return Vec::new() };
    let last = [map.width() - 1, map.height() - 1];
    let index = |p: [f64; 2], axis: usize| (p[axis].floor().max(0.0) as u32).min(last[axis]);
    let (mut at, end) = ([index(a, 0), index(a, 1)], [index(b, 0), index(b, 1)]);
    let mut cells = vec![Cell { col: at[0], row: at[1] }];
    // Walk cell to cell: cross whichever border of the current cell the segment meets first.
    let delta = [b[0] - a[0], b[1] - a[1]];
    let step = delta.map(|d| if d > 0.0 { 1i64 } else { -1 });
    let next_border = |axis: usize, at: u32| {
        let border = f64::from(at) + if step[axis] > 0 { 1.0 } else { 0.0 };
        if delta[axis] == 0.0 { f64::INFINITY } else { (border - a[axis]) / delta[axis] }
    };
    while at != end && cells.len() <= (map.width() + map.height()) as usize {
        let axis = if next_border(0, at[0]) <= next_border(1, at[1]) { 0 } else { 1 };
        let moved = i64::from(at[axis]) + step[axis];
        if at[axis] == end[axis] || moved < 0 || moved > i64::from(last[axis]) {
            // Rounding put the border crossing out of reach: go the other way.
            let other = 1 - axis;
            at[other] = (i64::from(at[other]) + step[other]).clamp(0, i64::from(last[other])) as u32;
        } else {
            at[axis] = moved as u32;
        }
        cells.push(Cell { col: at[0], row: at[1] });
    }
    cells
}

/// The part of the segment from `a` to `b` inside the rectangle from the origin to `size`.
fn clip(a: [f64; 2], b: [f64; 2], size: [f64; 2]) -> Option<([f64; 2], [f64; 2])> {
    if !a.iter().chain(&b).all(|v| v.is_finite()) {
        return None; // a point that is no number is nowhere
    }
    let (mut enter, mut leave) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        let d = b[axis] - a[axis];
        for (p, q) in [(-d, a[axis]), (d, size[axis] - a[axis])] {
            if p == 0.0 {
                if q < 0.0 {
                    return None;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    enter = enter.max(t);
                } else {
                    leave = leave.min(t);
                }
            }
        }
    }
    if enter > leave {
        return None;
    }
    let at = |t: f64| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    Some((at(enter), at(leave)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 10 × 6 map of 20-unit cells, its north-west corner at (0, 0): cell (c, r) spans x from
    /// 20c and y from −20r down.
    fn map() -> Map {
        Map::filled(20.0, [0.0, 0.0], 10, 6, Ground::Grass)
    }

    fn at(col: f32, row: f32) -> [f32; 2] {
        [col * 20.0, -row * 20.0]
    }

    fn cell(col: u32, row: u32) -> Cell {
        Cell { col, row }
    }

    #[test]
    fn a_fast_drag_crosses_every_cell_between_its_samples_side_to_side() {
        let map = map();
        let crossed = cells_between(&map, at(0.5, 0.5), at(9.5, 5.5));
        assert_eq!(crossed.first(), Some(&cell(0, 0)));
        assert_eq!(crossed.last(), Some(&cell(9, 5)));
        assert_eq!(crossed.len(), 10 + 6 - 1, "one cell more for each border crossed");
        for pair in crossed.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(a.col.abs_diff(b.col) + a.row.abs_diff(b.row), 1, "{a:?} then {b:?}");
        }
        let straight = cells_between(&map, at(7.5, 2.5), at(2.2, 2.9));
        assert_eq!(straight, (2..=7).rev().map(|c| cell(c, 2)).collect::<Vec<_>>());
        assert_eq!(cells_between(&map, at(3.5, 1.5), at(3.6, 1.2)), [cell(3, 1)]);
    }

    #[test]
    fn the_parts_of_a_drag_off_the_map_cross_nothing() {
        let map = map();
        assert_eq!(cells_between(&map, at(-3.0, 2.5), at(2.5, 2.5)), [cell(0, 2), cell(1, 2), cell(2, 2)]);
        assert_eq!(cells_between(&map, at(-3.0, -1.0), at(-1.0, 8.0)), Vec::<Cell>::new());
        let across = cells_between(&map, at(4.5, -50.0), at(4.5, 50.0));
        assert_eq!(across, (0..6).map(|r| cell(4, r)).collect::<Vec<_>>());
        assert_eq!(cells_between(&map, [f32::NAN, 0.0], at(1.5, 1.5)), Vec::<Cell>::new());
    }
}
