//! What the player has selected — a villager or a station — and how the map shows it: the
//! villager ringed with its plan as numbered stops and the way still to walk, the station framed.

use super::figures::TOKEN;
use super::inspect::plan_stops;
use super::view::{STATION, follow_positions};
use crate::sim::{Intent, Town, Villager, villager_playing};

/// Where the stops of `villager`'s plan are on the map, in its tile.
fn stops_at(town: &Town, villager: &Villager, intent: &Intent) -> Vec<(Vec2, Vec<usize>, bool)> {
    let tile = villager.tile();
    let stops = plan_stops(town, villager, intent).into_iter();
    stops
        .map(|(s, numbers, ahead)| {
            (town.layout.station_position(&town.scenario, s, tile).into(), numbers, ahead)
        })
        .collect()
}
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

/// One stop of the selected villager's plan: its step numbers at one station.
#[derive(Component)]
struct PlanStop;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>().init_resource::<SelectedStation>().add_systems(
        Update,
        (show_plan_stops, keep_stops_readable, draw_selection).chain().after(follow_positions),
    );
}

/// A click on a villager's figure selects the villager drawn under the pointer
/// ([`super::map::labels::under_pointer`], from where each is drawn): where figures overlap,
/// the one in front.
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
    let under = pointer.and_then(|p| super::map::labels::under_pointer(p, villagers.iter()));
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

/// Numbers the selected villager's plan on the map, one marker per stop at the left edge of its
/// station (clear of its label above and the villagers under it): amber for what is still to
/// come, grey for what is done.
fn show_plan_stops(
    mut commands: Commands,
    town: Res<Town>,
    selection: Res<Selection>,
    villagers: Query<(&Villager, &Intent)>,
    old: Query<Entity, With<PlanStop>>,
    mut shown: Local<Vec<(Vec2, Vec<usize>, bool)>>,
) {
    let stops = selection
        .0
        .and_then(|e| villagers.get(e).ok())
        .map(|(villager, intent)| stops_at(&town, villager, intent))
        .unwrap_or_default();
    if *shown == stops && !town.is_changed() {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    for (at, numbers, ahead) in &stops {
        let (x, y) = (at.x, at.y);
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
            Transform::from_xyz(x - STATION.x / 2.0, y, 1.5),
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

/// The plan's markers keep their size on screen at any zoom, as the words on the map do.
fn keep_stops_readable(
    camera: Single<&Projection, With<Camera2d>>,
    mut stops: Query<&mut Transform, With<PlanStop>>,
) {
    let scale = super::map::labels::zoom(&camera);
    for mut transform in &mut stops {
        if transform.scale.x != scale {
            transform.scale = Vec3::new(scale, scale, 1.0);
        }
    }
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
    if let Some((id, tile)) = &selected_station.0
        && let Some(station) = town.scenario.stations.iter().position(|s| s.id == *id)
    {
        let at = town.layout.station_position(&town.scenario, station, *tile);
        gizmos.rect_2d(Isometry2d::from_translation(at.into()), STATION + Vec2::splat(8.0), highlight);
    }
    let Some(selected) = selection.0 else { return };
    let Ok((villager, intent)) = villagers.get(selected) else { return };
    let Ok(shown) = shown.get(selected) else { return };
    let here = shown.translation.truncate();
    gizmos.circle_2d(Isometry2d::from_translation(here), TOKEN.y * 0.6, highlight);
    let stops = stops_at(&town, villager, intent);
    let path = stops.into_iter().filter(|(_, _, ahead)| *ahead).map(|(at, _, _)| at);
    gizmos.linestrip_2d(std::iter::once(here).chain(path), Color::srgba(1.0, 0.95, 0.3, 0.6));
}
