//! What the player is told about the scenario file while playing: a red banner with a broken
//! save's errors (in the interface's language), and a short notice of what a good save changed.

use super::hot_reload::ReloadStatus;
use super::i18n::Label;
use crate::words::Lang;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (error_banner, reload_notice));
}

fn error_banner(mut contexts: EguiContexts, status: Res<ReloadStatus>, lang: Res<Lang>) -> Result {
    if status.errors.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("errors")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -56.0])
        .min_width(760.0)
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
fn reload_notice(mut contexts: EguiContexts, status: Res<ReloadStatus>, lang: Res<Lang>) -> Result {
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
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -56.0])
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
