//! Editing the town while it runs: drag a station to move it — the day goes on and villagers
//! walk to where it now stands — and the move waits, unsaved, for [`super::save_positions`] to
//! write it into the scenario file; a reload of the file keeps it. Cells painted on the map are
//! [`super::paint`]'s.

use super::paint::PaintMode;
use crate::scenario::Scenario;
use crate::sim::Town;
use bevy::prelude::*;

/// Stations moved since the file was last saved: `(station id, position)`, in the order moved.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Unsaved(pub Vec<(String, [f32; 2])>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Unsaved>();
}

/// Whether a left-drag paints the map rather than moving a station.
fn painting(mode: Option<Res<PaintMode>>) -> bool {
    mode.is_some_and(|m| m.on)
}

/// Follows the pointer while a station's sprite is dragged with the primary button (not in
/// paint mode: then the drag paints).
pub(super) fn drag_station(
    drag: On<Pointer<Drag>>,
    mut sprites: Query<&mut Transform>,
    projection: Query<&Projection>,
    mode: Option<Res<PaintMode>>,
) {
    if drag.button != PointerButton::Primary || painting(mode) {
        return;
    }
    let scale = match projection.iter().next() {
        Some(Projection::Orthographic(ortho)) => ortho.scale,
        _ => 1.0,
    };
    if let Ok(mut transform) = sprites.get_mut(drag.entity) {
        // Screen pixels run down, the world's y up.
        transform.translation += Vec3::new(drag.delta.x, -drag.delta.y, 0.0) * scale;
    }
}

/// The grid a dropped station snaps to while Shift is held, in world units.
pub const GRID: f32 = 20.0;

/// Where a station dropped at `at` stands: on the [`GRID`] when `snap`, else to a tenth of a
/// unit (as a file would say it).
pub fn dropped_at(at: [f32; 2], snap: bool) -> [f32; 2] {
    match snap {
        true => at.map(|x| (x / GRID).round() * GRID),
        false => at.map(|x| (x * 10.0).round() / 10.0),
    }
}

/// Where station `index`, drawn in the tile moved by `origin`, was dropped: the running town
/// takes it in (in every tile). Held Shift snaps it to the grid.
pub(super) fn drop_station(
    index: usize,
    origin: [f32; 2],
) -> impl FnMut(On<Pointer<DragEnd>>, Query<&Transform>, Res<ButtonInput<KeyCode>>, Option<Res<PaintMode>>, Commands)
{
    move |end, sprites, keys, mode, mut commands| {
        if end.button != PointerButton::Primary || painting(mode) {
            return;
        }
        let Ok(transform) = sprites.get(end.entity) else { return };
        let snap = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        let at = dropped_at([transform.translation.x - origin[0], transform.translation.y - origin[1]], snap);
        commands.queue(move |world: &mut World| move_station(world, index, at));
    }
}

/// Moves station `index` of the running town to `at`: the day goes on, and the move waits to
/// be saved.
pub fn move_station(world: &mut World, index: usize, at: [f32; 2]) {
    let Some(station) = world.resource::<Town>().scenario.stations.get(index) else { return };
    let id = station.id.clone();
    crate::sim::move_station(world, index, at);
    let mut unsaved = world.resource_mut::<Unsaved>();
    unsaved.0.retain(|(moved, _)| *moved != id);
    unsaved.0.push((id, at));
}

/// The unsaved moves of stations `fresh` (a reload of the scenario file) still has, as
/// `(station index in it, position)`; the moves of the others are forgotten.
pub(super) fn unsaved_in(world: &mut World, fresh: &Scenario) -> Vec<(usize, [f32; 2])> {
    let Some(mut unsaved) = world.get_resource_mut::<Unsaved>() else { return Vec::new() };
    let index = |id: &str| fresh.stations.iter().position(|s| s.id == id);
    unsaved.0.retain(|(id, _)| index(id).is_some());
    unsaved.0.iter().filter_map(|(id, at)| Some((index(id)?, *at))).collect()
}

#[cfg(test)]
mod tests {
    use super::{GRID, dropped_at};

    #[test]
    fn a_dropped_station_lands_on_a_tenth_or_on_the_grid() {
        assert_eq!(dropped_at([12.34, -7.06], false), [12.3, -7.1]);
        assert_eq!(dropped_at([12.34, -7.06], true), [20.0, 0.0]);
        assert_eq!(dropped_at([-31.0, 49.0], true), [-40.0, 40.0]);
        assert_eq!(dropped_at([-29.0, 51.0], true).map(|x| x / GRID), [-1.0, 3.0]);
    }
}
