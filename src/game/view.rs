//! The town on screen: stations where the scenario puts them, villagers as named tokens with a
//! status line and a progress bar, the selected one ringed with its plan as numbered stops, and a
//! camera to pan and zoom.

use super::i18n::{Label, Lang};
use super::inspect::plan_stops;
use crate::sim::{
    Activity, Intent, LastReason, Lines, Placement, Position, Town, Villager, villager_playing,
};
use bevy::input::mouse::{MouseMotion, MouseWheel};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy_egui::input::egui_wants_any_pointer_input;

/// The villager being inspected.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Selection(pub Option<Entity>);

/// The station being inspected, by id (so a reload that keeps the station keeps it selected).
/// A villager and a station are never selected together.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct SelectedStation(pub Option<String>);

/// Runs `rebuild` (which replaces every villager) and selects again the villager that was
/// selected: the same character in the same tile, while it still exists.
pub fn keeping_selection(world: &mut World, rebuild: impl FnOnce(&mut World)) {
    let selected = world.get_resource::<Selection>().and_then(|s| s.0);
    let who = selected.and_then(|e| Some((*world.get::<Villager>(e)?, world.get::<Placement>(e)?.tile)));
    let who = who.map(|(v, tile)| (world.resource::<Town>().scenario.characters[v.index].id.clone(), tile));
    rebuild(world);
    let Some((id, tile)) = who else { return };
    let found = villager_playing(world, &id, tile);
    if let Some(mut selection) = world.get_resource_mut::<Selection>() {
        selection.0 = found;
    }
}

/// Marks what is drawn for the current scenario's stations (replaced when the scenario is).
#[derive(Component)]
pub struct StationVisual;

/// One stop of the selected villager's plan: its step numbers at one station.
#[derive(Component)]
struct PlanStop;

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct NameText;

#[derive(Component)]
struct ProgressFill;

const TOKEN: f32 = 26.0;
const STATION: Vec2 = Vec2::new(64.0, 40.0);
const BAR: f32 = 34.0;
/// Horizontal distance between villagers acting at the same station, and standing in its line.
const ROW_SPACING: f32 = 78.0;
const LINE_SPACING: f32 = 64.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<SelectedStation>()
        .insert_resource(ClearColor(Color::srgb(0.16, 0.22, 0.15)))
        .add_systems(Startup, spawn_camera)
        .add_observer(dress_villager)
        .add_systems(
            Update,
            (
                (draw_stations, rename_villagers).run_if(resource_exists_and_changed::<Town>),
                (follow_positions, show_status, show_progress, show_plan_stops, draw_selection).chain(),
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
    for station in &town.scenario.stations {
        let [x, y] = station.position;
        let id = station.id.clone();
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
            .observe(
                move |click: On<Pointer<Click>>,
                      mut villager: ResMut<Selection>,
                      mut station: ResMut<SelectedStation>| {
                    if click.button == PointerButton::Primary {
                        (villager.0, station.0) = (None, Some(id.clone()));
                    }
                },
            );
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
                    Transform::from_xyz(0.0, -28.0, 1.0),
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

fn select_on_click(
    click: On<Pointer<Click>>,
    mut selection: ResMut<Selection>,
    mut station: ResMut<SelectedStation>,
) {
    if click.button == PointerButton::Primary {
        (selection.0, station.0) = (Some(click.entity), None);
    }
}

fn deselect_on_escape(
    keys: Res<ButtonInput<KeyCode>>,
    mut selection: ResMut<Selection>,
    mut station: ResMut<SelectedStation>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        (selection.0, station.0) = (None, None);
    }
}

/// Villagers stand where the simulation puts them; those at a station line up under it so that
/// no token hides another — the ones acting (or waiting there) in a row, and the ones in line in
/// a second row below it, first in line on the left. Tokens glide to where they are shown, so a
/// villager leaving a row does not jump.
fn follow_positions(
    town: Res<Town>,
    lines: Res<Lines>,
    time: Res<Time>,
    mut villagers: Query<(&Villager, &Placement, &Position, &Activity, &mut Transform)>,
) {
    let glide = (time.delta_secs() * 12.0).min(1.0);
    // (station, row, villager number, place in its row)
    let mut rows: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (villager, placement, position, activity, _) in &villagers {
        let Some(s) = town.scenario.stations.iter().position(|s| s.position == position.0) else { continue };
        let place_in_line =
            || lines.0.get(placement.tile)?.get(s)?.waiting.iter().position(|&n| n == villager.number);
        let (row, place) = match activity {
            Activity::Queued { .. } => (1, place_in_line().unwrap_or(0)),
            _ => (0, rows.iter().filter(|r| (r.0, r.1) == (s, 0)).count()),
        };
        rows.push((s, row, villager.number, place));
    }
    for (villager, _, position, _, mut transform) in &mut villagers {
        let [mut x, mut y] = position.0;
        if let Some(&(s, row, _, place)) = rows.iter().find(|r| r.2 == villager.number) {
            let crowd = rows.iter().filter(|r| (r.0, r.1) == (s, row)).count();
            let spacing = [ROW_SPACING, LINE_SPACING][row];
            x += (place as f32 - (crowd - 1) as f32 / 2.0) * spacing;
            y -= 58.0 + 62.0 * row as f32;
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

/// Numbers the selected villager's plan on the map, one marker per stop at the corner of its
/// station: amber for what is still to come, grey for what is done.
fn show_plan_stops(
    mut commands: Commands,
    town: Res<Town>,
    selection: Res<Selection>,
    villagers: Query<(&Villager, &Intent)>,
    old: Query<Entity, With<PlanStop>>,
    mut shown: Local<Vec<(usize, Vec<usize>, bool)>>,
) {
    let stops = selection
        .0
        .and_then(|e| villagers.get(e).ok())
        .map(|(villager, intent)| plan_stops(&town, villager, intent))
        .unwrap_or_default();
    if *shown == stops && !town.is_changed() {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    for (station, numbers, ahead) in &stops {
        let [x, y] = town.scenario.stations[*station].position;
        // The steps of one stop follow each other: 3, 3,4, 3-7 (in glyphs every font has).
        let text = match numbers[..] {
            [one] => one.to_string(),
            [first, second] => format!("{first},{second}"),
            _ => format!("{}-{}", numbers[0], numbers[numbers.len() - 1]),
        };
        let fill = if *ahead { Color::srgb(0.95, 0.72, 0.20) } else { Color::srgb(0.45, 0.45, 0.45) };
        commands.spawn((
            PlanStop,
            Sprite::from_color(fill, Vec2::new(12.0 + 9.0 * text.len() as f32, 20.0)),
            Transform::from_xyz(x - STATION.x / 2.0, y + STATION.y / 2.0, 1.5),
            Pickable::IGNORE,
            children![(
                Text2d::new(text),
                TextFont::from_font_size(14.0),
                TextColor(Color::srgb(0.12, 0.10, 0.05)),
                Transform::from_xyz(0.0, 0.0, 0.1),
                Pickable::IGNORE,
            )],
        ));
    }
    *shown = stops;
}

/// Rings the selected villager and draws the way its plan still has to walk, or frames the
/// selected station.
fn draw_selection(
    selection: Res<Selection>,
    selected_station: Res<SelectedStation>,
    town: Res<Town>,
    villagers: Query<(&Villager, &Intent)>,
    shown: Query<&Transform, With<Villager>>,
    mut gizmos: Gizmos,
) {
    let highlight = Color::srgb(1.0, 0.95, 0.3);
    if let Some(station) = town.scenario.stations.iter().find(|s| Some(&s.id) == selected_station.0.as_ref())
    {
        let at = Isometry2d::from_translation(Vec2::from(station.position));
        gizmos.rect_2d(at, STATION + Vec2::splat(8.0), highlight);
    }
    let Some(selected) = selection.0 else { return };
    let Ok((villager, intent)) = villagers.get(selected) else { return };
    let Ok(shown) = shown.get(selected) else { return };
    let here = shown.translation.truncate();
    gizmos.circle_2d(Isometry2d::from_translation(here), TOKEN * 0.9, highlight);
    let ahead = plan_stops(&town, villager, intent).into_iter().filter(|(_, _, ahead)| *ahead);
    let path = ahead.map(|(station, _, _)| Vec2::from(town.scenario.stations[station].position));
    gizmos.linestrip_2d(std::iter::once(here).chain(path), Color::srgba(1.0, 0.95, 0.3, 0.6));
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
