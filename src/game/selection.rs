//! What the player has selected — a villager or a station — kept over a rebuild of the town, and
//! the clicks and keys that select and deselect; `map::selected` shows it on the map.

use super::map::pointer::under_pointer;
use crate::sim::{Town, Villager, villager_playing};
use bevy::prelude::*;

/// The villager being inspected.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Selection(pub Option<Entity>);

/// The station being inspected, by id and tile (so a reload that keeps the station keeps it
/// selected). A villager and a station are never selected together.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct SelectedStation(pub Option<(String, usize)>);

/// Runs `rebuild` (which replaces every villager) and selects again the villager that was
/// selected: the same character in the same tile, while it still exists.
pub fn keeping_selection(world: &mut World, rebuild: impl FnOnce(&mut World)) {
    let selected = world.get_resource::<Selection>().and_then(|s| s.0);
    let who = selected.and_then(|e| world.get::<Villager>(e)).copied();
    let who = who.map(|v| (world.resource::<Town>().scenario.characters[v.index()].id.clone(), v.tile()));
    rebuild(world);
    let Some((id, tile)) = who else { return };
    let found = villager_playing(world, &id, tile);
    if let Some(mut selection) = world.get_resource_mut::<Selection>() {
        selection.0 = found;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>().init_resource::<SelectedStation>();
}

/// A click on a villager's figure selects the villager drawn under the pointer ([`under_pointer`],
/// from where each is drawn): where figures overlap, the one in front.
pub(super) fn select_on_click(
    click: On<Pointer<Click>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera2d>>,
    villagers: Query<(Entity, &Transform), With<Villager>>,
    mut selection: ResMut<Selection>,
    mut station: ResMut<SelectedStation>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    let (camera, eye) = *camera;
    let pointer = camera.viewport_to_world_2d(eye, click.pointer_location.position).ok();
    let under = pointer.and_then(|p| under_pointer(p, villagers.iter()));
    (selection.0, station.0) = (Some(under.unwrap_or(click.entity)), None);
}

pub(super) fn deselect_on_escape(
    keys: Res<ButtonInput<KeyCode>>,
    mut selection: ResMut<Selection>,
    mut station: ResMut<SelectedStation>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        (selection.0, station.0) = (None, None);
    }
}

/// The click handler of station `id` in `tile`: selects it (and no villager).
pub(super) fn select_station(
    id: String,
    tile: usize,
) -> impl FnMut(On<Pointer<Click>>, ResMut<Selection>, ResMut<SelectedStation>) {
    move |click, mut villager, mut station| {
        if click.button == PointerButton::Primary {
            (villager.0, station.0) = (None, Some((id.clone(), tile)));
        }
    }
}
