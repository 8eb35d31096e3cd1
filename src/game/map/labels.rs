//! Words on the map that a player can read: names, status lines and station labels keep one size
//! on screen at any zoom, and where they would overlap they stack or give way — the selected
//! villager's and the one under the pointer always show, the others where there is room.

use super::pointer::{Hovered, figure_half, forget_hover, hover};
use super::tiles::TileName;
use super::word::{Home, Word};
use crate::game::figures::{BUBBLE, ShowFigures, Thought};
use crate::game::selection::Selection;
use crate::game::view::{STATION, StationVisual, WORDS_UNTIL_ZOOM};
use crate::sim::Villager;
use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy_egui::input::egui_wants_any_pointer_input;
use std::collections::HashSet;

/// Whose a label is, in the order labels get their room: the selected villager's first, then
/// the hovered one's, the tiles', the stations', the other names and last the other status lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Selected,
    Hovered,
    Tile,
    Station,
    Name,
    Status,
}

impl Rank {
    /// Whether the label shows whatever else wants its room.
    pub fn always_shown(self) -> bool {
        self <= Rank::Hovered
    }
}

/// Which way a label may move, a line at a time, to make room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    Stays,
    Up,
    Down,
}

/// One label that would like to show, where it would show unmoved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wanted {
    pub rect: Rect,
    pub rank: Rank,
    pub moves: Moves,
    /// Shown last frame: among labels of one rank, those shown keep their room (no flicker).
    pub was_shown: bool,
}

/// How many lines a name or a status line moves at most to make room, unless it always shows.
pub const MOST_LINES_MOVED: usize = 2;

/// Which labels of `wanted` show, and how far each moves up (+) or down (−), in order; `fixed`
/// are pictures (figures, stations, thought bubbles) the labels not always shown keep off.
/// Labels get their room in [`Rank`] order (in one rank, those shown last frame first, then in
/// the order given); each takes the first place free of every label placed before it (and of
/// `fixed`): where it wants to be, else a line (its own height) further its way, up to
/// [`MOST_LINES_MOVED`] lines — or as far as it takes, for the labels
/// [always shown](Rank::always_shown), which come first. No two labels shown overlap.
pub fn lay_out(wanted: &[Wanted], fixed: &[Rect]) -> Vec<Option<f32>> {
    let mut order: Vec<usize> = (0..wanted.len()).collect();
    order.sort_by_key(|&i| (wanted[i].rank, !wanted[i].was_shown, i));
    let mut placed: Vec<Rect> = Vec::new();
    let mut shown = vec![None; wanted.len()];
    let mut pictures_added = false;
    for i in order {
        let Wanted { rect, rank, moves, .. } = wanted[i];
        if !rank.always_shown() && !pictures_added {
            placed.extend_from_slice(fixed);
            pictures_added = true;
        }
        let line = rect.height().max(1.0);
        let way = match moves {
            Moves::Stays => 0.0,
            Moves::Up => line,
            Moves::Down => -line,
        };
        // Each placed rectangle blocks a run of consecutive lines; past them all, one is free.
        let most = match (moves, rank.always_shown()) {
            (Moves::Stays, _) => 0,
            (_, false) => MOST_LINES_MOVED,
            (_, true) => placed.iter().map(|r| ((r.height() + line) / line).ceil() as usize + 1).sum(),
        };
        let free = (0..=most).map(|k| way * k as f32).find(|&shift| {
            let moved = Rect::from_corners(rect.min + Vec2::Y * shift, rect.max + Vec2::Y * shift);
            !placed.iter().any(|r| overlap(r, &moved))
        });
        let shift = match free {
            Some(shift) => shift,
            // A label always shown that cannot move shows where it is (over another, maybe).
            None if rank.always_shown() => 0.0,
            None => continue,
        };
        placed.push(Rect::from_corners(rect.min + Vec2::Y * shift, rect.max + Vec2::Y * shift));
        shown[i] = Some(shift);
    }
    shown
}

/// Whether two rectangles share more than an edge.
pub fn overlap(a: &Rect, b: &Rect) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>().add_systems(
        Update,
        (
            hover.run_if(not(egui_wants_any_pointer_input)),
            // Over a panel, the pointer is over no villager.
            forget_hover.run_if(egui_wants_any_pointer_input),
            place_words.after(ShowFigures),
        )
            .chain()
            .after(crate::game::view::follow_positions),
    );
}

/// How far the camera is zoomed out (1: one world unit a pixel).
pub fn zoom(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(ortho) => ortho.scale,
        _ => 1.0,
    }
}

/// A label's rectangle on the map: `size` anchored at `at` by its bottom, top or middle.
fn rect_of(word: Word, at: Vec2, size: Vec2) -> Rect {
    let bottom = match word {
        Word::Name | Word::Station | Word::Tile => at.y,
        Word::Status => at.y - size.y,
    };
    let left = if word == Word::Tile { at.x } else { at.x - size.x / 2.0 };
    Rect::new(left, bottom, left + size.x, bottom + size.y)
}

/// Every frame: words keep their size on screen, and [`lay_out`] says which show where. Zoomed
/// out past [`WORDS_UNTIL_ZOOM`] only the selected and hovered villagers' words show.
#[allow(clippy::too_many_arguments)]
pub(in crate::game) fn place_words(
    camera: Single<(&Camera, &GlobalTransform, &Projection), With<Camera2d>>,
    selection: Res<Selection>,
    hovered: Res<Hovered>,
    villagers: Query<(Entity, &Transform, &Children), (With<Villager>, Without<Word>)>,
    stations: Query<(&Transform, &Children), (With<StationVisual>, Without<Word>)>,
    bubbles: Query<(&Visibility, &Transform), (With<Thought>, Without<Word>)>,
    tiles: Query<(Entity, &TileName)>,
    mut words: Query<(Entity, &Word, &Home, &TextLayoutInfo, &mut Transform, &mut Visibility)>,
    mut was_shown: Local<HashSet<Entity>>,
) {
    let (camera, eye, projection) = *camera;
    let scale = zoom(projection);
    let near = scale <= WORDS_UNTIL_ZOOM;
    // What the camera sees, with a margin for words hanging in from outside it.
    let seen = camera.logical_viewport_rect().and_then(|r| {
        let a = camera.viewport_to_world_2d(eye, r.min).ok()?;
        let b = camera.viewport_to_world_2d(eye, r.max).ok()?;
        Some(Rect::from_corners(a, b).inflate(120.0 * scale))
    });
    let on_screen = |p: Vec2| seen.is_none_or(|r| r.contains(p));
    // Each candidate: the word, its parent's place and growth, and its rank.
    let mut candidates: Vec<(Entity, Vec2, f32, Rank)> = Vec::new();
    let mut fixed = Vec::new();
    for (villager, transform, children) in &villagers {
        let rank = if selection.0 == Some(villager) {
            Some(Rank::Selected)
        } else if hovered.0 == Some(villager) {
            Some(Rank::Hovered)
        } else if near && on_screen(transform.translation.truncate()) {
            None
        } else {
            continue;
        };
        let at = transform.translation.truncate();
        let grow = transform.scale.x;
        fixed.push(Rect::from_center_half_size(at, figure_half(transform)));
        for &child in children {
            if let Ok((_, word, ..)) = words.get(child) {
                let rank = rank.unwrap_or(if *word == Word::Name { Rank::Name } else { Rank::Status });
                candidates.push((child, at, grow, rank));
            } else if let Ok((visibility, bubble)) = bubbles.get(child)
                && *visibility != Visibility::Hidden
            {
                let middle = at + bubble.translation.truncate() * grow;
                let half = bubble.scale.truncate() * grow * BUBBLE / 2.0;
                fixed.push(Rect::from_center_half_size(middle, half));
            }
        }
    }
    // A tile's name while the tile is wide enough on screen to carry it.
    for (entity, tile) in &tiles {
        if tile.width / scale >= 120.0 && words.get(entity).is_ok_and(|(_, _, home, ..)| on_screen(home.0)) {
            candidates.push((entity, Vec2::ZERO, 1.0, Rank::Tile));
        }
    }
    if near {
        for (transform, children) in &stations {
            let at = transform.translation.truncate();
            if on_screen(at) {
                let grow = transform.scale.x;
                fixed.push(Rect::from_center_half_size(at, STATION / 2.0 * grow));
                candidates.extend(
                    children.iter().filter(|c| words.contains(*c)).map(|c| (c, at, grow, Rank::Station)),
                );
            }
        }
    }
    // Words with nothing to say (an idle villager's status) take no room.
    candidates.retain(|c| words.get(c.0).is_ok_and(|(.., layout, _, _)| layout.size != Vec2::ZERO));
    let wanted: Vec<Wanted> = candidates
        .iter()
        .map(|&(entity, at, grow, rank)| {
            let (_, word, home, layout, ..) = words.get(entity).expect("a word");
            let size = layout.size * scale;
            let moves = match word {
                Word::Name => Moves::Up,
                Word::Status => Moves::Down,
                Word::Station | Word::Tile => Moves::Stays,
            };
            let rect = rect_of(*word, at + home.0 * grow, size);
            Wanted { rect, rank, moves, was_shown: was_shown.contains(&entity) }
        })
        .collect();
    let placed = lay_out(&wanted, &fixed);
    let mut now_shown = HashSet::with_capacity(candidates.len());
    for ((entity, _, grow, _), shift) in candidates.iter().zip(placed) {
        let Ok((.., home, _, mut transform, mut visibility)) = words.get_mut(*entity) else { continue };
        let Some(shift) = shift else { continue };
        now_shown.insert(*entity);
        visibility.set_if_neq(Visibility::Inherited);
        let place = Vec3::new(home.0.x, home.0.y + shift / grow, transform.translation.z);
        let size = Vec3::new(scale / grow, scale / grow, 1.0);
        if transform.translation != place || transform.scale != size {
            (transform.translation, transform.scale) = (place, size);
        }
    }
    for entity in was_shown.difference(&now_shown) {
        if let Ok((.., mut visibility)) = words.get_mut(*entity) {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
    *was_shown = now_shown;
}
