//! The town on screen: the ground, stations where the scenario puts them, villagers where the
//! simulation puts them (lines at stations drawn in order), and a camera to pan and zoom. How a
//! villager looks is [`super::figures`]'; what is selected is drawn by [`super::selection`].

use super::selection::{deselect_on_escape, select_station};
use super::sprites::{Art, SCALE};
use crate::sim::{Activity, Lines, Placement, Position, Town, Villager};
use bevy::input::mouse::{MouseMotion, MouseWheel};
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_pointer_input;

/// Marks what is drawn for the current scenario's stations (replaced when the scenario is).
#[derive(Component)]
pub struct StationVisual;

/// The grass under the town, lit by [`super::daylight`].
#[derive(Component)]
pub struct Ground;

/// How big a station's sprite is on the map: a little larger than the villagers' figures.
pub(super) const STATION: Vec2 = Vec2::new(32.0 * SCALE * 1.25, 26.0 * SCALE * 1.25);
/// How far the ground reaches each way from the middle of the town.
const GROUND: f32 = 20_000.0;
/// Horizontal distance between villagers acting at the same station, and standing in its line.
const ROW_SPACING: f32 = 78.0;
const LINE_SPACING: f32 = 64.0;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.22, 0.15)))
        .add_systems(Startup, (spawn_camera, spawn_ground))
        .add_systems(
            Update,
            (
                draw_stations.run_if(resource_exists_and_changed::<Town>),
                follow_positions,
                (pan_and_zoom, deselect_on_escape).run_if(not(egui_wants_any_pointer_input)),
            ),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// One quad of grass far wider than any town, its picture repeated over it.
fn spawn_ground(mut commands: Commands, art: Res<Art>) {
    let tiles = 2.0 * GROUND / (32.0 * SCALE);
    commands.spawn((
        Ground,
        Sprite {
            rect: Some(Rect::new(0.0, 0.0, 32.0 * tiles, 32.0 * tiles)),
            custom_size: Some(Vec2::splat(2.0 * GROUND)),
            ..Sprite::from_image(art.ground.clone())
        },
        Transform::from_xyz(0.0, 0.0, -10.0),
        Pickable::IGNORE,
    ));
}

/// Frames every station and start position between the side panels.
fn frame_town(town: &Town, camera: &mut Transform, projection: &mut Projection) {
    let points = town
        .scenario
        .stations
        .iter()
        .map(|s| s.position)
        .chain(town.scenario.characters.iter().map(|c| c.start));
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for p in points {
        lo = lo.min(Vec2::from(p));
        hi = hi.max(Vec2::from(p));
    }
    if lo.x > hi.x {
        return;
    }
    let size = hi - lo + Vec2::new(160.0, 160.0);
    // The panels take about 250 px on the left and 340 on the right of a 1280 × 800 window.
    let scale = (size.x / 680.0).max(size.y / 740.0).max(0.6);
    let centre = (lo + hi) / 2.0;
    camera.translation.x = centre.x + 45.0 * scale;
    camera.translation.y = centre.y;
    if let Projection::Orthographic(ortho) = projection {
        ortho.scale = scale;
    }
}

fn draw_stations(
    mut commands: Commands,
    town: Res<Town>,
    art: Res<Art>,
    old: Query<Entity, With<StationVisual>>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut framed: Local<Option<String>>,
) {
    // Another scenario file is framed; a reload of the same one keeps the player's camera.
    let layout = Some(town.scenario.file.clone());
    if *framed != layout {
        let (mut transform, mut projection) = camera.into_inner();
        frame_town(&town, &mut transform, &mut projection);
        *framed = layout;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    for (index, station) in town.scenario.stations.iter().enumerate() {
        let [x, y] = station.position;
        commands
            .spawn((
                StationVisual,
                Sprite {
                    custom_size: Some(STATION),
                    ..Sprite::from_image(art.station(crate::art::station_picture(station)))
                },
                Transform::from_xyz(x, y, 0.0),
                Pickable::default(),
                children![(
                    Text2d::new(station.label.clone()),
                    art.text_font(14.0),
                    TextColor(Color::srgb(0.98, 0.95, 0.84)),
                    Transform::from_xyz(0.0, STATION.y / 2.0 + 9.0, 0.5),
                    Pickable::IGNORE,
                )],
            ))
            .observe(select_station(station.id.clone()))
            .observe(super::editing::drag_station)
            .observe(super::editing::drop_station(index));
    }
}

/// Villagers stand where the simulation puts them; those at a station line up under it so that
/// no token hides another — the ones acting (or waiting there) in a row, and the ones in line in
/// a second row below it, first in line on the left; several on one spot elsewhere stand side by
/// side. Tokens glide to where they are shown, so a villager leaving a row does not jump.
pub(super) fn follow_positions(
    town: Res<Town>,
    lines: Res<Lines>,
    time: Res<Time>,
    mut villagers: Query<(&Villager, &Placement, &Position, &Activity, &mut Transform)>,
) {
    let glide = (time.delta_secs() * 12.0).min(1.0);
    // (the spot, whether a station stands there, row, villager number, place in its row)
    let mut rows: Vec<([u32; 2], bool, usize, usize, usize)> = Vec::new();
    for (villager, placement, position, activity, _) in &villagers {
        let spot = position.0.map(f32::to_bits);
        let station = town.scenario.stations.iter().position(|s| s.position == position.0);
        let place_in_line = |s: usize| {
            lines.0.get(placement.tile)?.get(s)?.waiting.iter().position(|&n| n == villager.number)
        };
        let (row, place) = match (activity, station) {
            (Activity::Queued { .. }, Some(s)) => (1, place_in_line(s).unwrap_or(0)),
            _ => (0, rows.iter().filter(|r| (r.0, r.2) == (spot, 0)).count()),
        };
        rows.push((spot, station.is_some(), row, villager.number, place));
    }
    for (villager, _, position, _, mut transform) in &mut villagers {
        let [mut x, mut y] = position.0;
        if let Some(&(spot, at_station, row, _, place)) = rows.iter().find(|r| r.3 == villager.number) {
            // Several standing on one spot that is no station (where a moved station stood, a
            // shared start) stand side by side there.
            let crowd = rows.iter().filter(|r| (r.0, r.2) == (spot, row)).count();
            let spacing = [ROW_SPACING, LINE_SPACING][row];
            x += (place as f32 - (crowd - 1) as f32 / 2.0) * spacing;
            if at_station {
                y -= STATION.y / 2.0 + 34.0 + 84.0 * row as f32;
            }
        }
        let target = Vec2::new(x, y);
        let shown = transform.translation.truncate();
        let next = if shown.distance(target) > 200.0 { target } else { shown.lerp(target, glide) };
        transform.translation.x = next.x;
        transform.translation.y = next.y;
    }
}

fn pan_and_zoom(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut motion: MessageReader<MouseMotion>,
    mut wheel: MessageReader<MouseWheel>,
    time: Res<Time>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = &mut *projection else { return };
    let mut pan = Vec2::ZERO;
    for (key, direction) in [
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::KeyA, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::KeyD, Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::KeyW, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
        (KeyCode::KeyS, Vec2::NEG_Y),
    ] {
        if keys.pressed(key) {
            pan += direction * 400.0 * time.delta_secs();
        }
    }
    let dragging = buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle);
    for m in motion.read() {
        if dragging {
            pan += Vec2::new(-m.delta.x, m.delta.y);
        }
    }
    transform.translation += (pan * ortho.scale).extend(0.0);
    for w in wheel.read() {
        ortho.scale = (ortho.scale * (1.0 - w.y.signum() * 0.1)).clamp(0.25, 4.0);
    }
}
