//! Paint mode switched on and off — the `P` key, or the Paint button at the top of the map —
//! and its palette of grounds in the interface's language (keys 1–4 choose one). Shown only
//! when the scenario has a map: there is nothing to paint otherwise.

use super::PaintMode;
use crate::game::layout::{MARGIN, PanelLayout, between_side_panels};
use crate::game::map::looks::Look;
use crate::sim::Town;
use crate::space::Ground;
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (keys.run_if(not(egui_wants_any_keyboard_input)), off_without_map))
        .add_systems(EguiPrimaryContextPass, top_bar);
}

/// The name of `ground` in `lang`: `Wall`, `Muro`.
pub fn ground_name(lang: Lang, ground: Ground) -> String {
    words().say(lang, &format!("ground-{}", ground.name()), &[])
}

/// The key that chooses each ground, in the palette's order.
const KEYS: [(KeyCode, Ground); 4] = [
    (KeyCode::Digit1, Ground::Grass),
    (KeyCode::Digit2, Ground::Road),
    (KeyCode::Digit3, Ground::Wall),
    (KeyCode::Digit4, Ground::Water),
];

fn keys(keys: Res<ButtonInput<KeyCode>>, town: Res<Town>, mut mode: ResMut<PaintMode>) {
    if town.scenario.map.is_none() {
        return;
    }
    if keys.just_pressed(KeyCode::KeyP) {
        mode.on = !mode.on;
    }
    if let Some(&(_, ground)) = KEYS.iter().find(|(key, _)| mode.on && keys.just_pressed(*key)) {
        mode.ground = ground;
    }
}

/// A scenario without a map (another file opened, or the map taken out of it) leaves the mode.
fn off_without_map(town: Res<Town>, mut mode: ResMut<PaintMode>) {
    if town.scenario.map.is_none() && mode.on {
        mode.on = false;
    }
}

/// The colour a ground is shown with in the palette.
fn swatch(ground: Ground) -> egui::Color32 {
    let look = match ground {
        Ground::Grass => return egui::Color32::from_rgb(88, 128, 70),
        Ground::Road => Look::Road,
        Ground::Wall => Look::Wall,
        Ground::Water => Look::Water,
    };
    let [r, g, b] = look.plain_colour().unwrap_or([255; 3]);
    egui::Color32::from_rgb(r, g, b)
}

/// The Paint button at the top of the map, between the side panels; while painting, the palette
/// beside it and how to paint under it.
fn top_bar(
    mut contexts: EguiContexts,
    town: Res<Town>,
    lang: Res<Lang>,
    mut mode: ResMut<PaintMode>,
    mut layout: ResMut<PanelLayout>,
) -> Result {
    if town.scenario.map.is_none() {
        if layout.panels.contains_key("paint") {
            layout.panels.remove("paint");
        }
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let l = *lang;
    let (offset, _) = between_side_panels(ctx.content_rect().width());
    let shown = egui::Window::new("paint")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [offset, MARGIN])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let paint = format!("{} (P)", words().plain(l, "paint"));
                if ui.selectable_label(mode.on, paint).clicked() {
                    mode.on = !mode.on;
                }
                if !mode.on {
                    return;
                }
                ui.separator();
                for (n, (_, ground)) in KEYS.iter().enumerate() {
                    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                    ui.painter().rect_filled(rect, 2.0, swatch(*ground));
                    let name = format!("{} {}", n + 1, ground_name(l, *ground));
                    if ui.selectable_label(mode.ground == *ground, name).clicked() {
                        mode.ground = *ground;
                    }
                }
            });
            if mode.on {
                ui.small(words().plain(l, "paint-hint"));
            }
        });
    // Kept, so that a banner at the top of the map goes under it.
    if let Some(shown) = shown {
        layout.keep("paint", shown.response.rect, shown.response.rect, None);
    }
    Ok(())
}
