//! Villagers on the map: a figure of its trade in the villager's colour, facing where it walks
//! and stepping as it goes, its name above, a status line and a progress bar below, and a
//! thought bubble with the icon of what it waits for.

use super::i18n::Label;
use super::selection::select_on_click;
use super::sprites::{Art, FIGURE, SCALE};
use super::view::{GivesWay, WORDS_UNTIL_ZOOM};
use crate::planner::FactId;
use crate::sim::{Activity, Intent, LastReason, Town, Villager};
use crate::words::Lang;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::{Justify, LineBreak, TextBounds, TextLayout};

/// How big a villager is on the map.
pub(super) const TOKEN: Vec2 = Vec2::new(FIGURE.x as f32 * SCALE, FIGURE.y as f32 * SCALE);
const BAR: f32 = 34.0;
/// The widest a status line under a token is: less than the closest villagers stand in a row.
const STATUS_WIDTH: f32 = 60.0;

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
struct Thought {
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

pub(super) fn plugin(app: &mut App) {
    app.add_observer(dress_villager).add_systems(
        Update,
        (
            rename_villagers.run_if(resource_exists_and_changed::<Town>),
            (walk_and_face, show_status, show_progress, show_thoughts).after(super::view::follow_positions),
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
    let sheet = art.villager(crate::art::villager_picture(character));
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
                (
                    NameText,
                    GivesWay,
                    Text2d::new(character.name.clone()),
                    art.text_font(15.0),
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 30.0, 1.0),
                    Pickable::IGNORE,
                ),
                (
                    StatusText,
                    GivesWay,
                    Text2d::new(String::new()),
                    art.text_font(12.0),
                    TextColor(Color::srgb(0.92, 0.95, 0.90)),
                    // Wrapped narrower than the spacing of villagers side by side, hanging down
                    // from under the bar, so neighbours' status lines never run into each other.
                    TextLayout::new(Justify::Center, LineBreak::WordBoundary),
                    TextBounds::new_horizontal(STATUS_WIDTH),
                    Anchor::TOP_CENTER,
                    Transform::from_xyz(0.0, -30.0, 1.0),
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
                    Sprite { custom_size: Some(Vec2::splat(36.0)), ..Sprite::from_image(art.bubble.clone()) },
                    // Beside the head, clear of the name and of a neighbour in a row.
                    Transform::from_xyz(30.0, 16.0, 1.2),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                    children![(
                        ThoughtIcon,
                        Sprite { custom_size: Some(Vec2::splat(20.0)), ..default() },
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
        let sheet = art.villager(crate::art::villager_picture(character));
        if figure.image != sheet {
            figure.image = sheet.clone();
        }
        for &child in children {
            if let Ok(mut text) = names.get_mut(child)
                && text.0 != character.name
            {
                text.0.clone_from(&character.name);
            }
            if let Ok(mut sprite) = clothes.get_mut(child)
                && sprite.image != sheet
            {
                sprite.image = sheet.clone();
            }
        }
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
                format!("{} {}", lang.text(Label::WaitingFor), town.scenario.facts.name(c.fact))
            }
            _ => format!("{}...", lang.text(Label::Waiting)),
        },
        (Activity::Resting { .. }, _) => lang.text(Label::Resting).to_owned(),
        _ => String::new(),
    }
}

/// While words are shown ([`WORDS_UNTIL_ZOOM`]), each villager's status line says
/// [`short_status`].
fn show_status(
    camera: Single<&Projection, With<Camera2d>>,
    town: Res<Town>,
    lang: Res<Lang>,
    villagers: Query<(&Villager, &Intent, &Activity, &LastReason, &Children)>,
    mut texts: Query<&mut Text2d, With<StatusText>>,
) {
    if matches!(*camera, Projection::Orthographic(o) if o.scale > WORDS_UNTIL_ZOOM) {
        return;
    }
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
