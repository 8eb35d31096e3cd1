//! Day and night follow the day clock: the ground's light turns from dawn's grey-blue through
//! noon's green to dusk's amber, and a veil darkens the town after sunset and before sunrise, so
//! a glance tells the time of day. The grass and the map's terrain take the same light.

use super::view::Ground;
use crate::sim::Clock;
use bevy::prelude::*;

/// The ground's colour at points of the day (fractions of it), in between blended.
const LIGHT: [(f32, [f32; 3]); 5] = [
    (0.0, [0.13, 0.16, 0.20]),
    (0.2, [0.16, 0.22, 0.15]),
    (0.5, [0.19, 0.26, 0.16]),
    (0.8, [0.24, 0.19, 0.12]),
    (1.0, [0.08, 0.09, 0.14]),
];

/// How dark the veil is at its darkest, at the day's end (labels stay readable under it).
const NIGHT: f32 = 0.5;

#[derive(Component)]
struct Veil;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_veil).add_systems(Update, follow_the_clock);
}

fn spawn_veil(mut commands: Commands) {
    commands.spawn((
        Veil,
        Sprite::from_color(Color::NONE, Vec2::splat(200_000.0)),
        Transform::from_xyz(0.0, 0.0, 5.0),
        Pickable::IGNORE,
    ));
}

/// The ground's light at `progress` (0 dawn, 1 the day's end).
pub fn light(progress: f32) -> Color {
    let at = LIGHT.iter().position(|&(p, _)| p >= progress).unwrap_or(LIGHT.len() - 1).max(1);
    let ((p0, a), (p1, b)) = (LIGHT[at - 1], LIGHT[at]);
    let t = ((progress - p0) / (p1 - p0)).clamp(0.0, 1.0);
    Color::srgb(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)
}

/// What the pictures of the ground (the grass, the map's terrain) are multiplied by at
/// `progress`: they are drawn in noon's light, and at other hours take some of their tint.
pub fn tint(progress: f32) -> Color {
    let (now, noon) = (light(progress).to_srgba(), light(0.5).to_srgba());
    let tint = |now: f32, noon: f32| 1.0 - 0.6 * (1.0 - now / noon);
    Color::srgb(tint(now.red, noon.red), tint(now.green, noon.green), tint(now.blue, noon.blue))
}

/// How dark the veil is at `progress`: lifting in the first tenth of the day, falling after
/// seven tenths.
pub fn darkness(progress: f32) -> f32 {
    let dawn = (1.0 - progress / 0.1).max(0.0) * NIGHT * 0.5;
    let dusk = ((progress - 0.7) / 0.3).max(0.0) * NIGHT;
    dawn.max(dusk)
}

fn follow_the_clock(
    clock: Res<Clock>,
    mut clear: ResMut<ClearColor>,
    mut veil: Query<&mut Sprite, (With<Veil>, Without<Ground>)>,
    mut ground: Query<&mut Sprite, With<Ground>>,
) {
    let progress = clock.progress();
    clear.0 = light(progress);
    for mut sprite in &mut ground {
        sprite.color = tint(progress);
    }
    for mut sprite in &mut veil {
        sprite.color = Color::srgba(0.02, 0.02, 0.08, darkness(progress));
    }
}
