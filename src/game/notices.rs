//! What the player is told about the scenario file while playing: a red banner with a broken
//! save's errors (in the interface's language), a short notice of what a good save changed, and
//! what went wrong with a Save of the game's own, until read.

use super::hot_reload::{ReloadStatus, Saved};
use super::i18n::Label;
use super::layout::{MARGIN, PanelLayout, above_timeline, between_side_panels};
use super::replays::SaveDayFailed;
use super::save_positions::SaveFailed;
use crate::words::Lang;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (error_banner, reload_notice, save_failed));
}

/// What went wrong with the last Save and the last Save day, on red above the timeline between
/// the side panels, a sentence a line, each until its button is pressed (or the next try).
fn save_failed(
    mut contexts: EguiContexts,
    (mut station, mut day): (ResMut<SaveFailed>, ResMut<SaveDayFailed>),
    lang: Res<Lang>,
    layout: Res<PanelLayout>,
) -> Result {
    let texts = [station.0.as_ref().map(|e| e.text(*lang)), day.0.as_ref().map(|e| e.text(*lang))];
    if texts.iter().all(Option::is_none) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (offset, room) = between_side_panels(ctx.content_rect().width());
    let [x, y] = above_timeline(ctx, &layout);
    let shown = egui::Window::new("not saved")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [x + offset, y])
        .resizable(false)
        .frame(egui::Frame::window(&ctx.global_style()).fill(egui::Color32::from_rgb(120, 24, 24)))
        .show(ctx, |ui| {
            ui.set_width(room);
            let mut dismissed = [false; 2];
            for (n, text) in texts.iter().enumerate() {
                let Some(text) = text else { continue };
                if n > 0 && texts[0].is_some() {
                    ui.separator();
                }
                for line in text.lines() {
                    ui.colored_label(egui::Color32::WHITE, line);
                }
                let dismiss = crate::words::words().plain(*lang, "notice-dismiss");
                dismissed[n] = ui.push_id(n, |ui| ui.button(dismiss).clicked()).inner;
            }
            dismissed
        });
    let [station_read, day_read] = shown.and_then(|s| s.inner).unwrap_or_default();
    if station_read {
        station.0 = None;
    }
    if day_read {
        day.0 = None;
    }
    Ok(())
}

fn error_banner(
    mut contexts: EguiContexts,
    status: Res<ReloadStatus>,
    lang: Res<Lang>,
    layout: Res<PanelLayout>,
) -> Result {
    if status.errors.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("errors")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_BOTTOM, above_timeline(ctx, &layout))
        .min_width(760.0_f32.min(ctx.content_rect().width() - 4.0 * MARGIN))
        .resizable(false)
        .frame(egui::Frame::window(&ctx.global_style()).fill(egui::Color32::from_rgb(120, 24, 24)))
        .show(ctx, |ui| {
            ui.colored_label(egui::Color32::WHITE, lang.text(Label::Errors));
            // Said anew each frame, so switching language changes the banner too.
            for error in &status.errors {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 220, 220),
                    egui::RichText::new(error.text(*lang)).monospace(),
                );
            }
        });
    Ok(())
}

/// How long the notice of a reload stays up.
const NOTICE_SECONDS: f32 = 8.0;

/// A short notice of what the last save changed, and whether the day went on.
fn reload_notice(
    mut contexts: EguiContexts,
    status: Res<ReloadStatus>,
    lang: Res<Lang>,
    layout: Res<PanelLayout>,
) -> Result {
    if let Some(saved) = &status.saved
        && status.errors.is_empty()
        && saved.at.elapsed().as_secs_f32() <= NOTICE_SECONDS
    {
        return saved_notice(contexts.ctx_mut()?, saved, *lang, &layout);
    }
    let Some(last) = &status.last else { return Ok(()) };
    if !status.errors.is_empty() || last.at.elapsed().as_secs_f32() > NOTICE_SECONDS {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let heading = match (last.changes.is_empty(), last.restarted) {
        (true, _) => Label::ReloadedNoChange,
        (false, false) => Label::ReloadedGoesOn,
        (false, true) => Label::ReloadedRestarts,
    };
    egui::Window::new("reloaded")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_BOTTOM, above_timeline(ctx, &layout))
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(lang.text(heading));
            const SHOWN: usize = 8;
            for change in last.changes.iter().take(SHOWN) {
                ui.label(egui::RichText::new(change.to_string()).monospace());
            }
            if last.changes.len() > SHOWN {
                ui.label(format!("… +{}", last.changes.len() - SHOWN));
            }
        });
    Ok(())
}

/// What a Save wrote: `Saved to scenarios/village.ron (the day goes on): Town well (120, -40)`,
/// and how many cells of the map were painted.
fn saved_notice(ctx: &egui::Context, saved: &Saved, lang: Lang, layout: &PanelLayout) -> Result {
    let file = saved.file.display().to_string();
    let heading = crate::words::words().say(lang, "saved-to", &[("file", file.into())]);
    egui::Window::new("saved")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_BOTTOM, above_timeline(ctx, layout))
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(heading);
            for (station, [x, y]) in &saved.stations {
                ui.label(egui::RichText::new(format!("{station} ({x}, {y})")).monospace());
            }
            if saved.cells > 0 {
                ui.label(crate::words::words().say(lang, "painted-cells", &[("n", saved.cells.into())]));
            }
        });
    Ok(())
}
