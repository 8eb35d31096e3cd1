//! A camera that follows: **F** (or **Follow** in the inspector) keeps the selected villager in
//! the middle of the map, gliding after it as it walks; panning stops it, selecting another
//! villager moves it there, deselecting stops it. `--follow` starts the game following the
//! villager `--select` names.

use super::selection::Selection;
use crate::sim::Villager;
use bevy::prelude::*;
use bevy_egui::EguiContexts;

/// Whether the camera follows the selected villager.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Follow(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Follow>().add_systems(Update, (toggle_key, follow).chain());
}

/// **F** turns following on and off (unless a text field has the keyboard).
fn toggle_key(keys: Res<ButtonInput<KeyCode>>, mut contexts: EguiContexts, mut follow: ResMut<Follow>) {
    let typing = contexts.ctx_mut().is_ok_and(|ctx| ctx.egui_wants_keyboard_input());
    if keys.just_pressed(KeyCode::KeyF) && !typing {
        follow.0 = !follow.0;
    }
}

/// How quickly the camera closes on the villager: the share of the way left it covers in a
/// second is `1 - e^-GLIDE`, smooth whatever the frame rate.
const GLIDE: f32 = 6.0;

/// Glides the camera toward the selected villager's figure; without a villager selected it stops.
fn follow(
    time: Res<Time>,
    selection: Res<Selection>,
    mut follow: ResMut<Follow>,
    figures: Query<&Transform, (With<Villager>, Without<Camera2d>)>,
    mut camera: Single<&mut Transform, With<Camera2d>>,
) {
    if !follow.0 {
        return;
    }
    let Some(figure) = selection.0.and_then(|e| figures.get(e).ok()) else {
        follow.0 = false;
        return;
    };
    let target = figure.translation.truncate();
    let at = camera.translation.truncate();
    let share = 1.0 - (-GLIDE * time.delta_secs()).exp();
    let next = if at.distance(target) > 4_000.0 { target } else { at.lerp(target, share) };
    camera.translation = next.extend(camera.translation.z);
}
