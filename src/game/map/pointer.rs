//! Which villager is under the pointer: the one hovered, whose words always show, and the one a
//! click picks — the figure drawn there, the nearest where figures overlap ([`crowd::pick`]).

use super::crowd;
use crate::game::sprites::TOKEN;
use crate::sim::Villager;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The villager under the pointer, if any (drawn as [`crowd::pick`] picks).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Hovered(pub Option<Entity>);

/// The half size of a villager's figure drawn with `transform` (which grows when zoomed out).
pub fn figure_half(transform: &Transform) -> Vec2 {
    TOKEN / 2.0 * transform.scale.truncate()
}

/// The villager drawn under the pointer, among those `villagers` drawn where their transforms
/// are: the same positions a click selects from.
pub fn under_pointer<'a>(
    pointer: Vec2,
    villagers: impl IntoIterator<Item = (Entity, &'a Transform)>,
) -> Option<Entity> {
    crowd::pick(pointer, villagers.into_iter().map(|(e, t)| (e, t.translation.truncate(), figure_half(t))))
}

/// Where the pointer is on the map, if it is over the window.
fn pointer_on_map(window: &Window, camera: (&Camera, &GlobalTransform)) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    camera.0.viewport_to_world_2d(camera.1, cursor).ok()
}

pub(in crate::game) fn forget_hover(mut hovered: ResMut<Hovered>) {
    hovered.set_if_neq(Hovered(None));
}

pub(in crate::game) fn hover(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera2d>>,
    villagers: Query<(Entity, &Transform), With<Villager>>,
    mut hovered: ResMut<Hovered>,
) {
    let pointer = window.and_then(|w| pointer_on_map(&w, *camera));
    let now = pointer.and_then(|p| under_pointer(p, villagers.iter()));
    hovered.set_if_neq(Hovered(now));
}
