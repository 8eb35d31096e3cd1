//! Villagers on the map: a figure of its trade in the villager's colour, facing where it walks
//! and stepping as it goes, its name above, a status line and a progress bar below, and a
//! thought bubble with the icon of what it waits for.

use super::i18n::Label;
use super::map::pointer::Hovered;
use super::map::word::{Home, Word};
use super::selection::{Selection, select_on_click};
use super::sprites::{Art, TOKEN};
use super::view::WORDS_UNTIL_ZOOM;
use crate::planner::FactId;
use crate::sim::{Activity, Intent, LastReason, Town, Villager};
use crate::words::Lang;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBackgroundColor;

const BAR: f32 = 34.0;
/// How big a thought bubble is, and where it floats: beside the figure, clear of its name above,
/// its bar and status line below, and the next figure in a row ([`super::map::crowd::SPACING`]).
pub(super) const BUBBLE: f32 = 32.0;
const BUBBLE_AT: Vec2 = Vec2::new(28.0, 0.0);
/// Where a name sits (its bottom middle) and a status line hangs from (its top middle).
const NAME_AT: Vec2 = Vec2::new(0.0, TOKEN.y / 2.0 + 2.0);
const STATUS_AT: Vec2 = Vec2::new(0.0, -29.0);
/// Text sizes in pixels on screen, whatever the zoom ([`super::map::labels`]).
const NAME_SIZE: f32 = 16.0;
const STATUS_SIZE: f32 = 13.0;
/// The dark plate behind a villager's words, so they read over grass, pictures and night.
pub(super) const PLATE: Color = Color::srgba(0.05, 0.06, 0.05, 0.62);

#[derive(Component)]
struct NameText;

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct ProgressFill;

/// The clothes over the figure, tinted with the villager's colour.
#[derive(Component)]
struct Clothes;

/// The bubble over a waiting villager, and the icon in it: what it shows is kept, so the icon is
/// looked up only when the villager starts waiting for something else.
#[derive(Component, Default)]
pub(super) struct Thought {
    /// The fact whose icon it shows (`None`: the question mark), once it has shown one.
    shows: Option<Option<FactId>>,
}

#[derive(Component)]
struct ThoughtIcon;

/// Where the figure stood last frame and which way it faces, for its steps.
#[derive(Component, Default)]
struct Gait {
    last: Vec2,
    left: bool,
}

/// What figures show each frame, which the words on the map are placed after
/// ([`super::map::labels`]).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct ShowFigures;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(dress_villager).add_systems(
        Update,
        (
            rename_villagers.run_if(resource_exists_and_changed::<Town>),
            (walk_and_face, show_status, show_progress, show_thoughts)
                .in_set(ShowFigures)
                .after(super::view::follow_positions),
        ),
    );
}

/// A distinct colour per character.
pub fn villager_color(index: usize) -> Color {
    const HUES: [f32; 8] = [12.0, 48.0, 200.0, 120.0, 280.0, 330.0, 170.0, 90.0];
    Color::hsl(HUES[index % HUES.len()], 0.75, 0.55)
}

/// One frame of the figure sheet `image`: `frame` 0 standing, 1 and 2 the steps; the clothes
/// row when `clothes`.
fn figure(art: &Art, image: Handle<Image>, frame: usize, clothes: bool) -> Sprite {
    let atlas = TextureAtlas { layout: art.figure_frames.clone(), index: frame + 3 * usize::from(clothes) };
    Sprite { custom_size: Some(TOKEN), ..Sprite::from_atlas_image(image, atlas) }
}

/// Gives every villager the simulation spawns its figure, labels and click handler.
fn dress_villager(
    add: On<Add, Villager>,
    villagers: Query<&Villager>,
    town: Res<Town>,
    art: Res<Art>,
    mut commands: Commands,
) {
    let Ok(villager) = villagers.get(add.entity) else { return };
    let character = &town.scenario.characters[villager.index()];
    let name = shown_name(&town, villager);
    let sheet = art.villager(crate::scenario::pictures::villager_picture(character));
    let [x, y] = character.start;
    let clothes = Sprite { color: villager_color(villager.index()), ..figure(&art, sheet.clone(), 0, true) };
    commands
        .entity(add.entity)
        .insert((
            figure(&art, sheet, 0, false),
            Gait { last: Vec2::new(x, y), left: false },
            Transform::from_xyz(x, y, 2.0),
            Pickable::default(),
            children![
                (Clothes, clothes, Transform::from_xyz(0.0, 0.0, 0.1), Pickable::IGNORE),
                // Whole, on one line each: where they would overlap another's, the words stack or
                // give way ([`super::map::labels`]), so they are never cut or run together.
                (
                    NameText,
                    Word::Name,
                    Home(NAME_AT),
                    Text2d::new(name),
                    art.text_font(NAME_SIZE),
                    TextColor(Color::WHITE),
                    TextBackgroundColor(PLATE),
                    Anchor::BOTTOM_CENTER,
                    Transform::from_translation(NAME_AT.extend(1.0)),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                ),
                (
                    StatusText,
                    Word::Status,
                    Home(STATUS_AT),
                    Text2d::new(String::new()),
                    art.text_font(STATUS_SIZE),
                    TextColor(Color::srgb(0.92, 0.95, 0.90)),
                    TextBackgroundColor(PLATE),
                    Anchor::TOP_CENTER,
                    Transform::from_translation(STATUS_AT.extend(1.0)),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                ),
                (
                    Sprite::from_color(Color::srgb(0.1, 0.1, 0.1), Vec2::new(BAR, 5.0)),
                    Anchor::CENTER_LEFT,
                    Transform::from_xyz(-BAR / 2.0, -25.0, 1.0),
                    Pickable::IGNORE,
                    children![(
                        ProgressFill,
                        Sprite::from_color(Color::srgb(0.35, 0.85, 0.35), Vec2::new(0.0, 5.0)),
                        Anchor::CENTER_LEFT,
                        Transform::from_xyz(0.0, 0.0, 0.1),
                        Pickable::IGNORE,
                    )],
                ),
                (
                    Thought::default(),
                    Sprite {
                        custom_size: Some(Vec2::splat(BUBBLE)),
                        ..Sprite::from_image(art.bubble.clone())
                    },
                    Transform::from_translation(BUBBLE_AT.extend(1.2)),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                    children![(
                        ThoughtIcon,
                        Sprite { custom_size: Some(Vec2::splat(BUBBLE * 0.56)), ..default() },
                        Transform::from_xyz(0.0, 3.0, 0.1),
                        Pickable::IGNORE,
                    )],
                ),
            ],
        ))
        .observe(select_on_click);
}

/// A villager faces the way it last moved and steps while it moves; standing, it stands.
fn walk_and_face(
    time: Res<Time>,
    mut villagers: Query<(&Transform, &mut Gait, &mut Sprite, &Children), With<Villager>>,
    mut clothes: Query<&mut Sprite, (With<Clothes>, Without<Villager>)>,
) {
    let step = 1 + (time.elapsed_secs() * 6.0) as usize % 2;
    for (transform, mut gait, mut sprite, children) in &mut villagers {
        let here = transform.translation.truncate();
        let moved = here - gait.last;
        if moved.x.abs() > 0.05 {
            gait.left = moved.x < 0.0;
        }
        let frame = if moved.length() > 0.2 { step } else { 0 };
        gait.last = here;
        show_frame(&mut sprite, frame, gait.left);
        for &child in children {
            if let Ok(mut sprite) = clothes.get_mut(child) {
                show_frame(&mut sprite, frame, gait.left);
            }
        }
    }
}

/// Shows `frame` of the figure's row, mirrored when it faces `left`; unchanged, left alone.
fn show_frame(sprite: &mut Sprite, frame: usize, left: bool) {
    if sprite.flip_x != left {
        sprite.flip_x = left;
    }
    if let Some(atlas) = &mut sprite.texture_atlas {
        let index = frame + if atlas.index >= 3 { 3 } else { 0 };
        if atlas.index != index {
            atlas.index = index;
        }
    }
}

/// A reload that renamed a character, or named it another figure, renames or redresses its
/// token.
fn rename_villagers(
    town: Res<Town>,
    art: Res<Art>,
    mut villagers: Query<(&Villager, &mut Sprite, &Children)>,
    mut names: Query<&mut Text2d, With<NameText>>,
    mut clothes: Query<&mut Sprite, (With<Clothes>, Without<Villager>)>,
) {
    for (villager, mut figure, children) in &mut villagers {
        let character = &town.scenario.characters[villager.index()];
        let name = shown_name(&town, villager);
        let sheet = art.villager(crate::scenario::pictures::villager_picture(character));
        if figure.image != sheet {
            figure.image = sheet.clone();
        }
        for &child in children {
            if let Ok(mut text) = names.get_mut(child)
                && text.0 != name
            {
                text.0.clone_from(&name);
            }
            if let Ok(mut sprite) = clothes.get_mut(child)
                && sprite.image != sheet
            {
                sprite.image = sheet.clone();
            }
        }
    }
}

/// A villager's name on the map: its character's, and in a town of several tiles also its
/// tile's number (`Builder 2 @ 7`, the tile named on the map by [`super::map::tiles`]).
pub fn shown_name(town: &Town, villager: &Villager) -> String {
    town.villager_name(villager.number())
}

/// A few words under the token, in `lang`: the action under way, where it walks, or what it
/// waits for.
pub fn short_status(
    town: &Town,
    villager: &Villager,
    (intent, activity, reason): (&Intent, &Activity, &LastReason),
    lang: Lang,
) -> String {
    let action = intent.current().map(|s| town.action(villager.index(), s));
    let station = intent.current().map(|s| &town.scenario.stations[town.station(villager.index(), s)]);
    match (activity, action) {
        (Activity::Walking { .. }, Some(_)) => {
            format!("{} {}", lang.text(Label::To), station.map_or("", |s| s.label.as_str()))
        }
        (Activity::Acting { .. }, Some(a)) => a.label.clone(),
        (Activity::Queued { .. }, Some(_)) => lang.text(Label::InLineShort).to_owned(),
        (Activity::Waiting { .. }, _) => match reason {
            LastReason::Waiting { blocked: Some(c), .. } => {
                let fact = crate::words::fact_words(lang, town.scenario.facts.name(c.fact));
                format!("{} {fact}", lang.text(Label::WaitingFor))
            }
            _ => format!("{}...", lang.text(Label::Waiting)),
        },
        (Activity::Resting { .. }, _) => lang.text(Label::Resting).to_owned(),
        _ => String::new(),
    }
}

/// Each villager's status line says [`short_status`]: while words are shown
/// ([`WORDS_UNTIL_ZOOM`]) every one's, zoomed further out the selected and hovered villagers'.
#[allow(clippy::too_many_arguments)]
fn show_status(
    camera: Single<&Projection, With<Camera2d>>,
    town: Res<Town>,
    lang: Res<Lang>,
    selection: Res<Selection>,
    hovered: Res<Hovered>,
    villagers: Query<(Entity, &Villager, &Intent, &Activity, &LastReason, &Children)>,
    mut texts: Query<&mut Text2d, With<StatusText>>,
) {
    let far = matches!(*camera, Projection::Orthographic(o) if o.scale > WORDS_UNTIL_ZOOM);
    for (entity, villager, intent, activity, reason, children) in &villagers {
        if far && selection.0 != Some(entity) && hovered.0 != Some(entity) {
            continue;
        }
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

/// The bar under a villager: green as an action gets done, grey as a wait, a line or a rest
/// runs down to the moment it looks again.
fn show_progress(
    town: Res<Town>,
    clock: Res<crate::sim::Clock>,
    villagers: Query<(&Villager, &Intent, &Activity, &Children)>,
    bars: Query<&Children, Without<Villager>>,
    mut fills: Query<&mut Sprite, With<ProgressFill>>,
) {
    let retry = town.scenario.settings.retry_interval.max(f32::EPSILON);
    let now = clock.steps;
    for (villager, intent, activity, children) in &villagers {
        let (done, colour) = match (activity, intent.current()) {
            (Activity::Acting { .. }, Some(s)) => {
                let (d, left) = (town.action(villager.index(), s).duration, activity.seconds_left(now));
                (if d > 0.0 { 1.0 - left / d } else { 1.0 }, Color::srgb(0.35, 0.85, 0.35))
            }
            (Activity::Waiting { .. } | Activity::Queued { .. } | Activity::Resting { .. }, _) => {
                (activity.seconds_left(now) / retry, Color::srgb(0.65, 0.68, 0.72))
            }
            _ => (0.0, Color::NONE),
        };
        for bar in children.iter().filter_map(|c| bars.get(c).ok()) {
            for fill in bar.iter() {
                let size = Some(Vec2::new(BAR * done.clamp(0.0, 1.0), 5.0));
                if let Ok(mut sprite) = fills.get_mut(fill)
                    && (sprite.custom_size, sprite.color) != (size, colour)
                {
                    (sprite.custom_size, sprite.color) = (size, colour);
                }
            }
        }
    }
}

/// A waiting villager thinks of what it waits for: a bubble with the icon of the blocking fact
/// (a question mark when the planner named none).
fn show_thoughts(
    town: Res<Town>,
    art: Res<Art>,
    villagers: Query<(&Activity, &LastReason, &Children), With<Villager>>,
    mut bubbles: Query<(&mut Thought, &mut Visibility, &Children)>,
    mut icons: Query<&mut Sprite, With<ThoughtIcon>>,
) {
    for (activity, reason, children) in &villagers {
        let thought = match (activity, reason) {
            (Activity::Waiting { .. }, LastReason::Waiting { blocked, .. }) => Some(blocked.map(|c| c.fact)),
            _ => None,
        };
        for &child in children {
            let Ok((mut bubble, mut visibility, icon)) = bubbles.get_mut(child) else { continue };
            visibility.set_if_neq(if thought.is_some() { Visibility::Inherited } else { Visibility::Hidden });
            if thought.is_none() || bubble.shows == thought {
                continue;
            }
            bubble.shows = thought;
            let fact = thought.flatten().map_or("", |f| town.scenario.facts.name(f));
            let image = art.icon(fact);
            for &c in icon {
                if let Ok(mut sprite) = icons.get_mut(c)
                    && sprite.image != image
                {
                    sprite.image = image.clone();
                }
            }
        }
    }
}
