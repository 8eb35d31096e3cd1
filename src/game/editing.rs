//! Editing the town while it runs: drag a station to move it — the day goes on and villagers
//! walk to where it now stands — and `Save` writes the new positions back into the scenario file
//! in place ([`with_positions`]), without restarting the day.

use super::CurrentScenario;
use crate::scenario::{ScenarioChoice, with_positions};
use crate::sim::Town;
use bevy::prelude::*;
use std::time::Instant;

/// Stations moved since the file was last saved: `(station id, position)`, in the order moved.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Unsaved(pub Vec<(String, [f32; 2])>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Unsaved>();
}

/// Follows the pointer while a station's sprite is dragged with the primary button.
pub(super) fn drag_station(
    drag: On<Pointer<Drag>>,
    mut sprites: Query<&mut Transform>,
    projection: Query<&Projection>,
) {
    if drag.button != PointerButton::Primary {
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
) -> impl FnMut(On<Pointer<DragEnd>>, Query<&Transform>, Res<ButtonInput<KeyCode>>, Commands) {
    move |end, sprites, keys, mut commands| {
        if end.button != PointerButton::Primary {
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

/// Writes the moved stations' positions into the scenario file, touching nothing else; the
/// reload that follows finds nothing to change. Built-in scenarios have no file to write.
pub fn save(world: &mut World) -> Result<(), String> {
    let ScenarioChoice::File(path) = &world.resource::<CurrentScenario>().choice else {
        return Err("a built-in scenario has no file to save to".into());
    };
    let path = path.clone();
    let moves = world.resource::<Unsaved>().0.clone();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let moves: Vec<(&str, [f32; 2])> = moves.iter().map(|(id, at)| (id.as_str(), *at)).collect();
    let saved = with_positions(&text, &moves)?;
    std::fs::write(&path, saved).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario = &world.resource::<Town>().scenario;
    let label = |id: &str| scenario.stations.iter().find(|s| s.id == id).map_or(id, |s| &s.label).to_owned();
    let stations = moves.iter().map(|&(id, at)| (label(id), at)).collect();
    world.resource_mut::<Unsaved>().0.clear();
    let saved = super::hot_reload::Saved { stations, file: path, at: Instant::now() };
    if let Some(mut status) = world.get_resource_mut::<super::hot_reload::ReloadStatus>() {
        (status.saved, status.last) = (Some(saved), None);
    }
    Ok(())
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
