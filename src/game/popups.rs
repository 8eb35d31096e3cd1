//! What an action does, shown where it lands: when one finishes, its effects rise from over its
//! station's label (`+1 bread`, `-1 flour`) and fade, so a player sees the town's economy move.
//! Several at one station stack, each on its own line.

use super::sprites::Art;
use super::view::{STATION, WORDS_UNTIL_ZOOM};
use crate::planner::Change;
use crate::sim::{EventLog, Happening, Town};
use bevy::prelude::*;
use bevy::text::TextBackgroundColor;

/// How long a pop-up rises and fades, in real seconds.
const LIFE: f32 = 1.6;
/// Its text's size on screen, in pixels, whatever the zoom.
const SIZE: f32 = 14.0;
/// How far it rises as it fades, in pixels on screen: less than the room between two lines.
const RISE: f32 = 8.0;
/// One line of pop-ups, in pixels on screen: a line of text and its rise, so that those at one
/// station never cover each other.
const LINE: f32 = SIZE * 1.25 + RISE;
/// Over a station's label: the label's height on screen, in pixels, and a gap.
const OVER_LABEL: f32 = 15.0 * 1.25 + 3.0;

#[derive(Component)]
struct Popup {
    age: f32,
    from: Vec3,
    /// How far it rises, in world units.
    rise: f32,
    /// The station (tile, index) it rises from and its line there, 0 the lowest.
    station: (usize, usize),
    line: usize,
}

/// The line a new pop-up at a station takes: the lowest no pop-up there still holds.
pub fn free_line(held: impl IntoIterator<Item = usize>) -> usize {
    let held: Vec<usize> = held.into_iter().collect();
    (0..).find(|line| !held.contains(line)).unwrap_or(0)
}

/// Where the `line`-th pop-up over a station's middle starts, from there, at zoom `scale`: over
/// the station's picture and its label, a `LINE` a line.
pub fn popup_offset(line: usize, scale: f32) -> Vec2 {
    Vec2::Y * (STATION.y / 2.0 + 2.0 + (OVER_LABEL + LINE * line as f32) * scale)
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (pop_up, exclaim, rise_and_fade));
}

/// A "!" beside every villager on screen interrupted (or stopped by the player) since the last
/// frame, fading like the effects of an action.
#[allow(clippy::too_many_arguments)]
fn exclaim(
    mut commands: Commands,
    log: Res<EventLog>,
    art: Res<Art>,
    roster: Res<crate::sim::Roster>,
    villagers: Query<&crate::sim::Position>,
    camera: Single<(&Transform, &Projection), With<Camera2d>>,
    speed: Res<super::SimSpeed>,
    mut seen: Local<u64>,
) {
    let new = (log.recorded.saturating_sub(*seen) as usize).min(log.recent.len());
    *seen = log.recorded;
    let (eye, projection) = *camera;
    let Projection::Orthographic(ortho) = projection else { return };
    // Zoomed far out, a crowd's badges would cover the town: as with the effects, none.
    if (speed.paused && new == 0) || ortho.scale > WORDS_UNTIL_ZOOM {
        return;
    }
    let reach = Vec2::new(700.0, 450.0) * ortho.scale;
    for event in log.recent.iter().skip(log.recent.len() - new) {
        use crate::sim::LastReason;
        let Happening::Changed(LastReason::Interrupted { .. } | LastReason::Stopped { .. }) = &event.what
        else {
            continue;
        };
        let Some((figure, position)) = event
            .villager
            .and_then(|n| roster.0.get(n))
            .and_then(|&e| villagers.get(e).ok().map(|position| (e, position)))
        else {
            continue;
        };
        let [x, y] = position.0;
        if (Vec2::new(x, y) - eye.translation.truncate()).abs().cmpgt(reach).any() {
            continue;
        }
        // Beside the villager's body, between its name above and its status below, at any zoom
        // words are shown at; carried with the figure (a badge left where it happened would be
        // walked over, name and all).
        let from = (Vec2::new(12.0, -4.0) + Vec2::new(2.0, 0.0) * ortho.scale).extend(7.0);
        commands.entity(figure).with_child((
            Popup { age: 0.0, from, rise: 0.0, station: (usize::MAX, event.villager.unwrap_or(0)), line: 0 },
            Text2d::new(" ! "),
            art.text_font(SIZE * 1.25),
            TextColor(Color::WHITE),
            TextBackgroundColor(Color::srgba(0.85, 0.2, 0.75, 0.55)),
            bevy::sprite::Anchor::CENTER_LEFT,
            Transform::from_translation(from).with_scale(Vec3::new(ortho.scale, ortho.scale, 1.0)),
            Pickable::IGNORE,
        ));
    }
}

/// The words of one effect: `+1 bread`, `-1 flour`, `bread = 0`.
pub fn effect_words(change: Change, value: i32, fact: &str) -> String {
    match change {
        Change::Add => format!("+{value} {fact}"),
        Change::Subtract => format!("-{value} {fact}"),
        Change::Set => format!("{fact} = {value}"),
    }
}

/// A pop-up for every action finished on screen since the last frame, while the camera is near
/// enough for words ([`WORDS_UNTIL_ZOOM`]).
#[allow(clippy::too_many_arguments)]
fn pop_up(
    live: Query<&Popup>,
    mut commands: Commands,
    log: Res<EventLog>,
    town: Res<Town>,
    art: Res<Art>,
    camera: Single<(&Transform, &Projection), With<Camera2d>>,
    speed: Res<super::SimSpeed>,
    mut seen: Local<u64>,
) {
    let new = (log.recorded.saturating_sub(*seen) as usize).min(log.recent.len());
    *seen = log.recorded;
    // Paused, nothing finishes but what going back in the day plays again: no pop-ups for that.
    if speed.paused {
        return;
    }
    let (eye, projection) = *camera;
    let Projection::Orthographic(ortho) = projection else { return };
    if ortho.scale > WORDS_UNTIL_ZOOM {
        return;
    }
    // Half the window's size, with room to spare, in world units.
    let reach = Vec2::new(700.0, 450.0) * ortho.scale;
    let mut held: Vec<((usize, usize), usize)> = live.iter().map(|p| (p.station, p.line)).collect();
    for event in log.recent.iter().skip(log.recent.len() - new) {
        let (Happening::Finished { task }, Some(number)) = (&event.what, event.villager) else { continue };
        let character = town.layout.character_of(number);
        let station = town.station(character, *task as usize);
        let tile = town.layout.tile_of(number);
        let [x, y] = town.layout.station_position(&town.scenario, station, tile);
        if (Vec2::new(x, y) - eye.translation.truncate()).abs().cmpgt(reach).any() {
            continue;
        }
        let action = town.action(character, *task as usize);
        let facts = &town.scenario.facts;
        let words: Vec<String> = action
            .planning
            .effects
            .iter()
            .map(|e| effect_words(e.change, e.value, facts.name(e.fact)))
            .collect();
        let line = free_line(held.iter().filter(|h| h.0 == (tile, station)).map(|h| h.1));
        held.push(((tile, station), line));
        let from = (Vec2::new(x, y) + popup_offset(line, ortho.scale)).extend(6.0);
        commands.spawn((
            Popup { age: 0.0, from, rise: RISE * ortho.scale, station: (tile, station), line },
            Text2d::new(words.join("  ")),
            art.text_font(SIZE),
            TextColor(Color::srgb(1.0, 0.85, 0.35)),
            TextBackgroundColor(Color::srgba(0.08, 0.06, 0.02, 0.55)),
            bevy::sprite::Anchor::BOTTOM_LEFT,
            Transform::from_translation(from).with_scale(Vec3::new(ortho.scale, ortho.scale, 1.0)),
            Pickable::IGNORE,
        ));
    }
}

fn rise_and_fade(
    mut commands: Commands,
    time: Res<Time>,
    mut popups: Query<(Entity, &mut Popup, &mut Transform, &mut TextColor, &mut TextBackgroundColor)>,
) {
    for (entity, mut popup, mut transform, mut color, mut plate) in &mut popups {
        popup.age += time.delta_secs();
        if popup.age >= LIFE {
            commands.entity(entity).despawn();
            continue;
        }
        let t = popup.age / LIFE;
        transform.translation = popup.from + Vec3::Y * popup.rise * t;
        color.0.set_alpha(1.0 - t * t);
        plate.0.set_alpha(0.55 * (1.0 - t * t));
    }
}
