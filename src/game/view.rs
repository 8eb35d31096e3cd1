//! The town on screen: the ground, stations where the scenario puts them, villagers where the
//! simulation puts them (lines at stations drawn in order), and a camera to pan and zoom. How a
//! villager looks is [`super::figures`]'; what is selected is drawn by
//! `map::selected`.

use super::map::crowd;
use super::map::word::{Home, Word};
use super::selection::{deselect_on_escape, select_station};
use super::sprites::{Art, SCALE};
use crate::sim::{Activity, Clock, Intent, Lines, Position, Town, Villager};
use bevy::input::mouse::{MouseMotion, MouseWheel};
use bevy::prelude::*;
use bevy::sprite::{Anchor, SpritePickingMode, SpritePickingSettings};
use bevy::text::TextBackgroundColor;
use bevy_egui::input::egui_wants_any_pointer_input;

/// Marks what is drawn for the current scenario's stations (replaced when the scenario is).
#[derive(Component)]
pub struct StationVisual;

/// The grass under the town, lit by [`super::daylight`].
#[derive(Component)]
pub struct Ground;

/// How far the camera zooms out: a town of thousands fits on screen.
const MOST_ZOOMED_OUT: f32 = 40.0;
/// Zoomed out further than this, the words on the map give way (but the selected and hovered
/// villagers' words, [`super::map::labels`]): they would pile up over a crowd; the pictures,
/// bars and bubbles speak alone then.
pub(super) const WORDS_UNTIL_ZOOM: f32 = 1.6;
/// Zoomed out further than this, the grass would shimmer: the plain ground colour shows instead.
const GRASS_UNTIL_ZOOM: f32 = 3.0;

/// How big a station's sprite is on the map: a little larger than the villagers' figures.
pub(super) const STATION: Vec2 = Vec2::new(32.0 * SCALE * 1.25, 26.0 * SCALE * 1.25);
/// How far the ground reaches each way from the middle of the town.
const GROUND: f32 = 20_000.0;
/// Where a station's label sits, its bottom middle just over the picture, and its size on screen.
const STATION_LABEL_AT: Vec2 = Vec2::new(0.0, STATION.y / 2.0 + 2.0);
const STATION_LABEL_SIZE: f32 = 15.0;
/// The layer figures are drawn on (nearer ones a little in front, [`crowd::depth`]).
const FIGURES: f32 = 2.0;

pub(super) fn plugin(app: &mut App) {
    // A click anywhere on a figure's or a station's picture picks it, its transparent pixels
    // too: pixel art is mostly gaps between legs and around roofs.
    let picking = SpritePickingSettings { picking_mode: SpritePickingMode::BoundingBox, ..default() };
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.22, 0.15)))
        .insert_resource(picking)
        .add_systems(Startup, (spawn_camera, spawn_ground))
        .add_systems(
            Update,
            (
                draw_stations.run_if(resource_exists_and_changed::<Town>),
                follow_positions,
                level_of_detail,
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

/// Frames every station and start position of every tile between the side panels of a window
/// `window` pixels wide and high.
fn frame_town(town: &Town, window: Vec2, camera: &mut Transform, projection: &mut Projection) {
    let (scenario, layout) = (&town.scenario, &town.layout);
    let points = (0..layout.tiles).flat_map(|tile| {
        let [x, y] = layout.origin(tile);
        let here =
            scenario.stations.iter().map(|s| s.position).chain(scenario.characters.iter().map(|c| c.start));
        here.map(move |[px, py]| [px + x, py + y])
    });
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for p in points {
        lo = lo.min(Vec2::from(p));
        hi = hi.max(Vec2::from(p));
    }
    if lo.x > hi.x {
        return;
    }
    // Room for a station's picture at either side, and its label above.
    let size = hi - lo + Vec2::new(100.0, 160.0);
    // What the side panels (their frames included) and the timeline leave of the window.
    use super::layout::{INSPECTOR_WIDTH, MARGIN, WORLD_WIDTH};
    let (left, right) = (WORLD_WIDTH + MARGIN + 16.0, INSPECTOR_WIDTH + MARGIN + 16.0);
    let free = Vec2::new((window.x - left - right).max(240.0), (window.y - 60.0).max(240.0));
    let scale = (size.x / free.x).max(size.y / free.y).max(0.6);
    let centre = (lo + hi) / 2.0;
    // The free room's centre lies left of the window's by half what the panels differ by.
    camera.translation.x = centre.x + (right - left) / 2.0 * scale;
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
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    mut framed: Local<Option<String>>,
) {
    // Another scenario file is framed; a reload of the same one keeps the player's camera.
    let layout = Some(town.scenario.file.clone());
    if *framed != layout {
        let (mut transform, mut projection) = camera.into_inner();
        let size = window.map_or(Vec2::new(1280.0, 800.0), |w| w.size());
        frame_town(&town, size, &mut transform, &mut projection);
        *framed = layout;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    for (tile, (index, station)) in
        (0..town.layout.tiles).flat_map(|t| town.scenario.stations.iter().enumerate().map(move |s| (t, s)))
    {
        let [x, y] = town.layout.station_position(&town.scenario, index, tile);
        commands
            .spawn((
                StationVisual,
                Sprite {
                    custom_size: Some(STATION),
                    ..Sprite::from_image(art.station(crate::scenario::pictures::station_picture(station)))
                },
                Transform::from_xyz(x, y, 0.0),
                Pickable::default(),
                // Over the villagers' figures (but under the night's veil); shown where no
                // selected or hovered villager's words need the room ([`super::map::labels`]).
                children![(
                    Word::Station,
                    Home(STATION_LABEL_AT),
                    Text2d::new(station.label.clone()),
                    art.text_font(STATION_LABEL_SIZE),
                    TextColor(Color::srgb(0.98, 0.95, 0.84)),
                    TextBackgroundColor(Color::srgba(0.12, 0.08, 0.04, 0.62)),
                    Anchor::BOTTOM_CENTER,
                    Transform::from_translation(STATION_LABEL_AT.extend(4.5)),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                )],
            ))
            .observe(select_station(station.id.clone(), tile))
            .observe(super::editing::drag_station)
            .observe(super::editing::drop_station(index, town.layout.origin(tile)));
    }
}

/// Villagers stand where the simulation puts them, those at one place spread in short rows
/// ([`crowd::drawn_at`]): at a station, the ones acting or waiting there under it and the ones in
/// line in rows below them, first in line on the left; several on one spot elsewhere side by
/// side. Tokens glide to where they are shown, so a villager leaving a row does not jump; the
/// lower on the map, the nearer (drawn in front, and picked first, [`crowd::pick`]).
pub(super) fn follow_positions(
    town: Res<Town>,
    lines: Res<Lines>,
    time: Res<Time>,
    clock: Res<Clock>,
    mut villagers: Query<(&Villager, &Position, &Intent, &Activity, &mut Transform)>,
) {
    let glide = (time.delta_secs() * 12.0).min(1.0);
    let targets =
        crowd::drawn_at(&town, &lines, clock.steps, villagers.iter().map(|(v, p, i, a, _)| (v, p, i, a)));
    for ((.., mut transform), target) in villagers.iter_mut().zip(targets) {
        let shown = transform.translation.truncate();
        let next = if shown.distance(target) > 200.0 { target } else { shown.lerp(target, glide) };
        // Written only when it moves: a token standing still costs its children nothing.
        if next != shown {
            transform.translation = next.extend(FIGURES + crowd::depth(next.y));
        }
    }
}

fn pan_and_zoom(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut motion: MessageReader<MouseMotion>,
    mut wheel: MessageReader<MouseWheel>,
    time: Res<Time>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut follow: ResMut<super::follow::Follow>,
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
    // Panning takes the camera back from the villager it followed.
    if pan != Vec2::ZERO {
        follow.0 = false;
    }
    transform.translation += (pan * ortho.scale).extend(0.0);
    for w in wheel.read() {
        ortho.scale = (ortho.scale * (1.0 - w.y.signum() * 0.1)).clamp(0.25, MOST_ZOOMED_OUT);
    }
}

/// Zoomed out, the grass turns to plain ground, and villagers and stations grow (up to a limit)
/// so a crowd still reads as people at work (words give way: [`super::map::labels`]).
fn level_of_detail(
    camera: Single<&Projection, With<Camera2d>>,
    mut ground: Query<&mut Visibility, With<Ground>>,
    mut pictures: Query<&mut Transform, Or<(With<Villager>, With<StationVisual>)>>,
) {
    let Projection::Orthographic(ortho) = *camera else { return };
    let shown = |yes: bool| if yes { Visibility::Inherited } else { Visibility::Hidden };
    for mut v in &mut ground {
        v.set_if_neq(shown(ortho.scale <= GRASS_UNTIL_ZOOM));
    }
    let grow = Vec3::splat((ortho.scale / WORDS_UNTIL_ZOOM).clamp(1.0, 3.0));
    for mut transform in &mut pictures {
        if transform.scale != grow {
            transform.scale = grow;
        }
    }
}
