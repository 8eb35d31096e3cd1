//! What an action does, shown where it lands: when one finishes, its effects rise from its
//! station (`+1 bread`, `-1 flour`) and fade, so a player sees the town's economy move.

use super::sprites::Art;
use super::view::WORDS_UNTIL_ZOOM;
use crate::planner::Change;
use crate::sim::{EventLog, Happening, Town};
use bevy::prelude::*;

/// How long a pop-up rises and fades, in real seconds.
const LIFE: f32 = 1.6;

#[derive(Component)]
struct Popup {
    age: f32,
    from: Vec3,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (pop_up, rise_and_fade));
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
fn pop_up(
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
    for event in log.recent.iter().skip(log.recent.len() - new) {
        let (Happening::Finished { task }, Some(number)) = (&event.what, event.villager) else { continue };
        let character = town.layout.character_of(number);
        let station = town.station(character, *task as usize);
        let [x, y] = town.layout.station_position(&town.scenario, station, town.layout.tile_of(number));
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
        let from = Vec3::new(x, y + 36.0, 6.0);
        commands.spawn((
            Popup { age: 0.0, from },
            Text2d::new(words.join("  ")),
            art.text_font(14.0),
            TextColor(Color::srgb(1.0, 0.85, 0.35)),
            Transform::from_translation(from),
            Pickable::IGNORE,
        ));
    }
}

fn rise_and_fade(
    mut commands: Commands,
    time: Res<Time>,
    mut popups: Query<(Entity, &mut Popup, &mut Transform, &mut TextColor)>,
) {
    for (entity, mut popup, mut transform, mut color) in &mut popups {
        popup.age += time.delta_secs();
        if popup.age >= LIFE {
            commands.entity(entity).despawn();
            continue;
        }
        let t = popup.age / LIFE;
        transform.translation = popup.from + Vec3::Y * 30.0 * t;
        color.0.set_alpha(1.0 - t * t);
    }
}
