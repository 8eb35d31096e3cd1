//! How the map shows what is selected ([`Selection`], [`SelectedStation`]): the villager ringed
//! with its plan as numbered stops and the way still to walk, the station framed.

use super::labels::zoom;
use crate::game::inspect::plan_stops;
use crate::game::selection::{SelectedStation, Selection};
use crate::game::sprites::TOKEN;
use crate::game::view::{STATION, follow_positions};
use crate::sim::{Intent, Town, Villager};
use bevy::prelude::*;

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
/// One stop of the selected villager's plan: its step numbers at one station.
#[derive(Component)]
struct PlanStop;

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_plan_stops, keep_stops_readable, draw_selection).chain().after(follow_positions),
    );
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
    let scale = zoom(&camera);
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
    let ahead = plan_stops(&town, villager, intent).into_iter().filter(|(_, _, ahead)| *ahead);
    let path = way_ahead(&town, villager, here, ahead.map(|(station, _, _)| station));
    gizmos.linestrip_2d(path, Color::srgba(1.0, 0.95, 0.3, 0.6));
}

/// The way from `here` through `stations` in turn: straight lines, or on a map the routes the
/// villager will walk (round walls, over bridges).
fn way_ahead(
    town: &Town,
    villager: &Villager,
    here: Vec2,
    stations: impl Iterator<Item = usize>,
) -> Vec<Vec2> {
    let (tile, origin) = (villager.tile(), Vec2::from(town.layout.origin(villager.tile())));
    let mut way = vec![here];
    let (mut from, mut at) = (None, (here - origin).to_array());
    for station in stations {
        let route = town.scenario.walks.as_ref().and_then(|walks| walks.route(from, at, station));
        match route {
            Some(route) => way.extend(route.points().iter().map(|&p| Vec2::from(p) + origin)),
            None => way.push(town.layout.station_position(&town.scenario, station, tile).into()),
        }
        (from, at) = (Some(station), town.scenario.stations[station].position);
    }
    way
}
