//! The day so far under the town: a slider from dawn to the latest moment played
//! ([`Timeline`]), with a mark wherever the selected villager decided, waited, switched or gave
//! up; dragging it goes to that moment. Beside it, a step back and `Save day`.

use super::i18n::Label;
use super::layout::{MARGIN, PanelLayout};
use super::selection::Selection;
use super::timeline::Timeline;
use crate::sim::{Clock, EventLog, Happening, LastReason, STEPS_PER_SECOND, Villager};
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The colour of an interruption (or the player's stop) on the timeline.
const INTERRUPTED: egui::Color32 = egui::Color32::from_rgb(225, 90, 225);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, timeline_panel);
}

fn timeline_panel(
    mut contexts: EguiContexts,
    clock: Res<Clock>,
    lang: Res<Lang>,
    log: Res<EventLog>,
    selection: Res<Selection>,
    villagers: Query<&Villager>,
    mut timeline: ResMut<Timeline>,
    mut layout: ResMut<PanelLayout>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let per_second = f64::from(STEPS_PER_SECOND);
    let latest = timeline.latest;
    let mut at = clock.steps;
    // Across the bottom of the window, under the side panels (which end above it).
    let frame = egui::Frame::window(&ctx.global_style()).total_margin().sum().x;
    let width = (ctx.content_rect().width() - 2.0 * MARGIN - frame).max(200.0);
    let shown = egui::Window::new("timeline")
        .title_bar(false)
        .anchor(egui::Align2::LEFT_BOTTOM, [MARGIN, -MARGIN])
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_width(width);
            ui.horizontal(|ui| {
                let now = words().say(
                    *lang,
                    "timeline-at",
                    &[
                        ("t", format!("{:.1}", at as f64 / per_second).into()),
                        ("latest", format!("{:.1}", latest as f64 / per_second).into()),
                    ],
                );
                ui.label(now);
                // The buttons at the right end, the slider taking the room between.
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button(lang.text(Label::SaveDay)).clicked() {
                        commands.queue(super::replays::save_day_told);
                    }
                    // A step back; the world panel's step goes forward.
                    if ui.button("◀").on_hover_text(lang.text(Label::StepBack)).clicked() {
                        timeline.go_to(clock.steps.saturating_sub(1));
                    }
                    ui.spacing_mut().slider_width = (ui.available_width() - 12.0).max(60.0);
                    let slider = egui::Slider::new(&mut at, 0..=latest.max(1)).show_value(false);
                    let response = ui.add(slider);
                    if response.changed() {
                        timeline.go_to(at);
                    }
                    // The selected villager's decisions, as marks along the day.
                    let Some(villager) = selection.0.and_then(|e| villagers.get(e).ok()) else { return };
                    let rect = response.rect;
                    let x = |t: f32| {
                        rect.left() + rect.width() * (f64::from(t) * per_second / latest.max(1) as f64) as f32
                    };
                    for event in log.today.iter().filter(|e| e.villager == Some(villager.number())) {
                        let colour = match &event.what {
                            Happening::PlanMade { .. } => egui::Color32::from_rgb(120, 200, 120),
                            Happening::Changed(LastReason::Waiting { .. }) => {
                                egui::Color32::from_rgb(230, 170, 60)
                            }
                            Happening::Changed(LastReason::Switched { .. }) => {
                                egui::Color32::from_rgb(110, 170, 240)
                            }
                            Happening::Changed(LastReason::Abandoned { .. }) => {
                                egui::Color32::from_rgb(230, 80, 80)
                            }
                            Happening::Changed(
                                LastReason::Interrupted { .. } | LastReason::Stopped { .. },
                            ) => INTERRUPTED,
                            _ => continue,
                        };
                        let x = x(event.t);
                        // An interruption marks the whole height: the moment the day turned.
                        let height = if colour == INTERRUPTED { rect.height() } else { 4.0 };
                        ui.painter().line_segment(
                            [egui::pos2(x, rect.top()), egui::pos2(x, rect.top() + height)],
                            (2.0, colour),
                        );
                    }
                });
            });
            ui.min_rect()
        });
    if let Some(shown) = shown {
        let content = shown.inner.unwrap_or(shown.response.rect);
        layout.keep("timeline", shown.response.rect, content, None);
    }
    Ok(())
}
