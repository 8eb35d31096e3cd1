//! The inspector of one villager, in folds: its plan, its insistence now beside what its last
//! decision made of each goal, why it chose, its facts, its recent decisions and the ids behind
//! the words. Drawn from [`InspectorView`], which [`super::inspect`] builds.

use super::history::InsistenceHistory;
use super::i18n::Label;
use super::inspect::{FactLine, InspectorView, StateLine, StepStatus};
use super::timeline::Timeline;
use super::why::WhyThisPlan;
use crate::words::{Lang, words};
use bevy_egui::egui;
use egui_plot::{Legend, Line, Plot};

/// Facts in words, their values beside them (the scenario's names on hover).
fn facts_grid(ui: &mut egui::Ui, id: &str, facts: &[FactLine]) {
    egui::Grid::new(id).num_columns(2).striped(true).show(ui, |ui| {
        for fact in facts {
            ui.label(&fact.name).on_hover_text(&fact.id);
            ui.monospace(fact.value.to_string());
            ui.end_row();
        }
    });
}

/// A moment of the day, as the inspector says it: `12.3`.
fn seconds(t: f32) -> String {
    format!("{t:.1}")
}

/// A fold of the inspector, open at first or not; it remembers what the player made of it.
fn section<R>(
    ui: &mut egui::Ui,
    title: impl Into<egui::WidgetText>,
    id: &str,
    open: bool,
    body: impl FnOnce(&mut egui::Ui) -> R,
) {
    egui::CollapsingHeader::new(title).id_salt(id).default_open(open).show(ui, body);
}

/// A goal's `interrupts_at` marked on its insistence bar: a tick across it there.
fn threshold_mark(ui: &mut egui::Ui, bar: egui::Rect, at: f32, l: Lang) {
    let x = bar.left() + bar.width() * at.clamp(0.0, 1.0);
    let stroke = egui::Stroke::new(2.0, egui::Color32::from_rgb(230, 70, 60));
    ui.painter().vline(x, bar.y_range().expand(2.0), stroke);
    let mark =
        egui::Rect::from_center_size(egui::pos2(x, bar.center().y), egui::vec2(8.0, bar.height() + 4.0));
    let hint = format!("{} ({at:.2})", l.text(Label::InterruptsAt));
    ui.interact(mark, ui.id().with(("interrupts-at", x as i32)), egui::Sense::hover()).on_hover_text(hint);
}

/// The amber of what is pursued or chosen.
const AMBER: egui::Color32 = egui::Color32::from_rgb(255, 200, 80);

pub(super) fn villager_inspector(
    ui: &mut egui::Ui,
    view: &InspectorView,
    history: Option<&InsistenceHistory>,
    l: Lang,
    (why, clicked, timeline, stop, follow): (
        &mut WhyThisPlan,
        &mut Option<(String, f32)>,
        &mut Timeline,
        &mut bool,
        &mut bool,
    ),
) {
    ui.heading(&view.name);
    ui.label(format!("{}: {}", l.text(Label::State), view.state.describe(l)));
    if matches!(view.state, StateLine::Waiting(Some(_))) && view.makers.is_empty() {
        ui.small(format!("— {}", l.text(Label::NobodyMakesIt)));
    }
    let amber = egui::Color32::from_rgb(235, 170, 60);
    for maker in &view.makers {
        let doing = maker.state.describe(l);
        let indent = "    ".repeat(maker.depth);
        let line = format!("{indent}— {} {} ({}): {doing}", maker.name, l.text(Label::MakesIt), maker.action);
        // Those of the ring it is stuck in are marked: the loop is where the chain comes back.
        match maker.in_ring {
            true => {
                let ring = crate::words::words().plain(l, "standstill-in-ring");
                ui.label(egui::RichText::new(format!("{line} — {ring}")).small().color(amber))
            }
            false => ui.small(line),
        };
    }
    if let Some(stuck) = &view.stuck {
        ui.label(egui::RichText::new(stuck).small().color(amber));
    }
    ui.horizontal(|ui| {
        ui.label(format!(
            "{}: {}",
            l.text(Label::Goal),
            view.goal.as_deref().unwrap_or(l.text(Label::Nothing))
        ));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            *stop |= ui.small_button(l.text(Label::Stop)).on_hover_text(l.text(Label::StopHint)).clicked();
            let following =
                ui.selectable_label(*follow, l.text(Label::Follow)).on_hover_text(l.text(Label::FollowHint));
            if following.clicked() {
                *follow = !*follow;
            }
        });
    });
    reason_lines(ui, view, l);

    section(ui, l.text(Label::SectionPlan), "plan", true, |ui| {
        if ui.small_button(l.text(Label::WhyThisPlan)).clicked() {
            why.asked = true;
        }
        if view.steps.is_empty() {
            ui.small(l.text(Label::NoPlan));
        }
        for (label, status) in &view.steps {
            let (mark, color) = match status {
                StepStatus::Done => ("✔", egui::Color32::GRAY),
                StepStatus::Current => ("▶", egui::Color32::YELLOW),
                StepStatus::Next => ("·", egui::Color32::LIGHT_GRAY),
            };
            ui.colored_label(color, format!("{mark} {label}"));
        }
    });

    section(ui, l.text(Label::SectionInsistence), "insistence", true, |ui| {
        // Insistence is now; what planning made of each goal is from the last decision.
        let when = match view.decided_at {
            Some(t) => words().say(l, "at-decision", &[("t", seconds(t).into())]),
            None if view.table.is_some() => l.text(Label::AtDecisionUntimed).to_owned(),
            None => l.text(Label::NoDecisionYet).to_owned(),
        };
        ui.small(when);
        for goal in &view.goals {
            let fill = if goal.current {
                egui::Color32::from_rgb(220, 170, 60)
            } else {
                egui::Color32::from_rgb(90, 140, 200)
            };
            let bar = egui::ProgressBar::new(goal.insistence.clamp(0.0, 1.0))
                .fill(fill)
                .text(format!("{} {:.2}", goal.label, goal.insistence));
            let bar = ui.add(bar);
            if let Some(at) = goal.interrupts_at {
                threshold_mark(ui, bar.rect, at, l);
            }
            if let Some(then) = &goal.at_decision {
                ui.small(format!("    — {}", then.text));
            }
        }
        if let Some(history) = history {
            section(ui, l.text(Label::SectionOverTheDay), "over-the-day", false, |ui| {
                Plot::new("insistence")
                    .height(110.0)
                    .include_y(0.0)
                    .include_y(1.0)
                    .legend(Legend::default())
                    .show(ui, |plot| {
                        for (samples, goal) in history.0.iter().zip(&view.goals) {
                            plot.line(Line::new(goal.label.clone(), samples.clone()));
                        }
                    });
            });
        }
    });

    // The decision whose line was clicked, else the last one: its table, and why.
    let clicked_here = clicked.as_ref().filter(|(name, _)| *name == view.name).map(|c| c.1);
    let shown = clicked_here.and_then(|t| view.decisions.iter().find(|d| d.t == t));
    let (title, table) = match shown {
        Some(d) => (words().say(l, "decision-table", &[("t", seconds(d.t).into())]), d.table.as_ref()),
        None => {
            let title = match view.decided_at {
                Some(t) => words().say(l, "last-decision", &[("t", seconds(t).into())]),
                None => l.text(Label::LastDecisionUntimed).to_owned(),
            };
            (title, view.table.as_ref())
        }
    };
    section(ui, l.text(Label::SectionWhy), "why", true, |ui| match table {
        Some(table) => {
            ui.small(title);
            for (goal, insistence, text) in &table.rows {
                ui.small(format!("{goal} {insistence:.2} — {text}"));
            }
            ui.colored_label(AMBER, &table.outcome);
        }
        None => _ = ui.small(l.text(Label::NoDecisionYet)),
    });

    section(ui, l.text(Label::SectionFacts), "facts", true, |ui| {
        if !view.own_facts.is_empty() {
            ui.label(l.text(Label::OwnFacts));
            facts_grid(ui, "own_facts", &view.own_facts);
        }
        let world = match view.tile {
            Some(tile) => words().say(l, "its-world", &[("tile", tile.into())]),
            None => l.text(Label::WorldFacts).to_owned(),
        };
        ui.label(world);
        facts_grid(ui, "their_world", &view.world_facts);
    });

    section(ui, l.text(Label::SectionLog), "log", true, |ui| {
        for d in view.decisions.iter().rev() {
            let line = egui::RichText::new(format!("[{:>5.1}s] {}", d.t, d.text)).small();
            if ui.selectable_label(clicked_here == Some(d.t), line).clicked() {
                *clicked = (clicked_here != Some(d.t)).then(|| (view.name.clone(), d.t));
                // And the town goes back (or forward) to that moment.
                if d.today {
                    timeline.go_to((f64::from(d.t) * f64::from(crate::sim::STEPS_PER_SECOND)).round() as u64);
                }
            }
        }
    });

    section(ui, l.text(Label::SectionDetails), "details", false, |ui| {
        for line in &view.details {
            ui.label(egui::RichText::new(line).small().monospace());
        }
    });
}

/// Why it does what it does: the last reason with its moment, or — when that reason is stale —
/// the last decision's outcome, with the stale reason as what came earlier.
fn reason_lines(ui: &mut egui::Ui, view: &InspectorView, l: Lang) {
    let reason = &view.reason;
    let head = match (reason.from_decision, reason.t) {
        (true, Some(t)) => words().say(l, "last-decision", &[("t", seconds(t).into())]),
        (true, None) => l.text(Label::LastDecisionUntimed).to_owned(),
        (false, Some(t)) => format!("{} ({} s)", l.text(Label::LastReason), seconds(t)),
        (false, None) => l.text(Label::LastReason).to_owned(),
    };
    let text = if reason.text.is_empty() { "—" } else { &reason.text };
    ui.label(format!("{head}: {text}"));
    if let Some((t, earlier)) = &reason.earlier {
        let t = t.map_or_else(|| "—".to_owned(), seconds);
        ui.small(words().say(l, "earlier", &[("t", t.into()), ("reason", earlier.clone().into())]));
    }
}
