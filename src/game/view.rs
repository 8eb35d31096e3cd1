//! The town on screen: stations where the scenario puts them, villagers as named tokens with a
//! status line and a progress bar, lines at stations drawn in order, and a camera to pan and
//! zoom. What is selected is drawn by [`super::selection`].

use super::i18n::Label;
use super::selection::{deselect_on_escape, select_on_click, select_station};
use crate::sim::{Activity, Intent, LastReason, Lines, Placement, Position, Town, Villager};
use crate::words::Lang;
use bevy::input::mouse::{MouseMotion, MouseWheel};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::{Justify, LineBreak, TextBounds, TextLayout};
use bevy_egui::input::egui_wants_any_pointer_input;

/// Marks what is drawn for the current scenario's stations (replaced when the scenario is).
#[derive(Component)]
pub struct StationVisual;

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct NameText;

#[derive(Component)]
struct ProgressFill;

pub(super) const TOKEN: f32 = 26.0;
pub(super) const STATION: Vec2 = Vec2::new(64.0, 40.0);
const BAR: f32 = 34.0;
/// Horizontal distance between villagers acting at the same station, and standing in its line.
const ROW_SPACING: f32 = 78.0;
const LINE_SPACING: f32 = 64.0;
/// The widest a status line under a token is: less than the closest villagers stand in a row.
const STATUS_WIDTH: f32 = 60.0;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.22, 0.15)))
        .add_systems(Startup, spawn_camera)
        .add_observer(dress_villager)
        .add_systems(
            Update,
            (
                (draw_stations, rename_villagers).run_if(resource_exists_and_changed::<Town>),
                (follow_positions, show_status, show_progress).chain(),
                (pan_and_zoom, deselect_on_escape).run_if(not(egui_wants_any_pointer_input)),
            ),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// A distinct colour per character.
pub fn villager_color(index: usize) -> Color {
    const HUES: [f32; 8] = [12.0, 48.0, 200.0, 120.0, 280.0, 330.0, 170.0, 90.0];
    Color::hsl(HUES[index % HUES.len()], 0.75, 0.55)
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
                Sprite::from_color(Color::srgb(0.42, 0.33, 0.22), STATION),
                Transform::from_xyz(x, y, 0.0),
                Pickable::default(),
                children![(
                    Text2d::new(station.label.clone()),
                    TextFont::from_font_size(14.0),
                    TextColor(Color::srgb(0.95, 0.92, 0.80)),
                    Transform::from_xyz(0.0, 30.0, 0.5),
                    Pickable::IGNORE,
                )],
            ))
            .observe(select_station(station.id.clone()))
            .observe(super::editing::drag_station)
            .observe(super::editing::drop_station(index));
    }
}

/// A reload that renamed a character renames its token.
fn rename_villagers(
    town: Res<Town>,
    villagers: Query<(&Villager, &Children)>,
    mut names: Query<&mut Text2d, With<NameText>>,
) {
    for (villager, children) in &villagers {
        for &child in children {
            if let Ok(mut text) = names.get_mut(child) {
                let name = &town.scenario.characters[villager.index].name;
                if text.0 != *name {
                    text.0.clone_from(name);
                }
            }
        }
    }
}

/// Gives every villager the simulation spawns its token, labels and click handler.
fn dress_villager(
    add: On<Add, Villager>,
    villagers: Query<&Villager>,
    town: Res<Town>,
    mut commands: Commands,
) {
    let Ok(villager) = villagers.get(add.entity) else { return };
    let character = &town.scenario.characters[villager.index];
    let [x, y] = character.start;
    commands
        .entity(add.entity)
        .insert((
            Sprite::from_color(villager_color(villager.index), Vec2::splat(TOKEN)),
            Transform::from_xyz(x, y, 2.0),
            Pickable::default(),
            children![
                (
                    NameText,
                    Text2d::new(character.name.clone()),
                    TextFont::from_font_size(15.0),
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 26.0, 1.0),
                    Pickable::IGNORE,
                ),
                (
                    StatusText,
                    Text2d::new(String::new()),
                    TextFont::from_font_size(12.0),
                    TextColor(Color::srgb(0.85, 0.90, 0.85)),
                    // Wrapped narrower than the spacing of villagers side by side, hanging down
                    // from under the bar, so neighbours' status lines never run into each other.
                    TextLayout::new(Justify::Center, LineBreak::WordBoundary),
                    TextBounds::new_horizontal(STATUS_WIDTH),
                    Anchor::TOP_CENTER,
                    Transform::from_xyz(0.0, -22.0, 1.0),
                    Pickable::IGNORE,
                ),
                (
                    Sprite::from_color(Color::srgb(0.1, 0.1, 0.1), Vec2::new(BAR, 5.0)),
                    Anchor::CENTER_LEFT,
                    Transform::from_xyz(-BAR / 2.0, -17.0, 1.0),
                    Pickable::IGNORE,
                    children![(
                        ProgressFill,
                        Sprite::from_color(Color::srgb(0.35, 0.85, 0.35), Vec2::new(0.0, 5.0)),
                        Anchor::CENTER_LEFT,
                        Transform::from_xyz(0.0, 0.0, 0.1),
                        Pickable::IGNORE,
                    )],
                ),
            ],
        ))
        .observe(select_on_click);
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
                y -= 58.0 + 84.0 * row as f32;
            }
        }
        let target = Vec2::new(x, y);
        let shown = transform.translation.truncate();
        let next = if shown.distance(target) > 200.0 { target } else { shown.lerp(target, glide) };
        transform.translation.x = next.x;
        transform.translation.y = next.y;
    }
}

/// A few words under the token, in `lang`: the action under way, where it walks, or what it
/// waits for.
pub fn short_status(
    town: &Town,
    villager: &Villager,
    (intent, activity, reason): (&Intent, &Activity, &LastReason),
    lang: Lang,
) -> String {
    let action = intent.current().map(|s| town.action(villager.index, s));
    let station = intent.current().map(|s| &town.scenario.stations[town.station(villager.index, s)]);
    match (activity, action) {
        (Activity::Walking, Some(_)) => {
            format!("{} {}", lang.text(Label::To), station.map_or("", |s| s.label.as_str()))
        }
        (Activity::Acting { .. }, Some(a)) => a.label.clone(),
        (Activity::Queued { .. }, Some(_)) => lang.text(Label::InLineShort).to_owned(),
        (Activity::Waiting { .. }, _) => match reason {
            LastReason::Waiting { blocked: Some(c), .. } => {
                format!("{} {}", lang.text(Label::WaitingFor), town.scenario.facts.name(c.fact))
            }
            _ => format!("{}...", lang.text(Label::Waiting)),
        },
        (Activity::Resting { .. }, _) => lang.text(Label::Resting).to_owned(),
        _ => String::new(),
    }
}

fn show_status(
    town: Res<Town>,
    lang: Res<Lang>,
    villagers: Query<(&Villager, &Intent, &Activity, &LastReason, &Children)>,
    mut texts: Query<&mut Text2d, With<StatusText>>,
) {
    for (villager, intent, activity, reason, children) in &villagers {
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                let status = short_status(&town, villager, (intent, activity, reason), *lang);
                if text.0 != status {
                    text.0 = status;
                }
            }
        }
    }
}

fn show_progress(
    town: Res<Town>,
    villagers: Query<(&Villager, &Intent, &Activity, &Children)>,
    bars: Query<&Children, Without<Villager>>,
    mut fills: Query<&mut Sprite, With<ProgressFill>>,
) {
    for (villager, intent, activity, children) in &villagers {
        let done = match (activity, intent.current()) {
            (Activity::Acting { left }, Some(s)) => {
                let d = town.action(villager.index, s).duration;
                if d > 0.0 { (1.0 - left / d).clamp(0.0, 1.0) } else { 1.0 }
            }
            _ => 0.0,
        };
        for bar in children.iter().filter_map(|c| bars.get(c).ok()) {
            for fill in bar.iter() {
                if let Ok(mut sprite) = fills.get_mut(fill) {
                    sprite.custom_size = Some(Vec2::new(BAR * done, 5.0));
                }
            }
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
