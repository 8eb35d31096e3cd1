//! The overview's stations and bottlenecks tabs: each station's busy share, line now, longest
//! line and mean wait; the facts the town waited on most, and what each of their makers is doing.

use super::overview::VillagerItem;
use super::overview_model::State;
use crate::sim::{Activity, Glance, Lines, Town};
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy_egui::egui;

pub(super) fn stations_tab(
    ui: &mut egui::Ui,
    l: Lang,
    town: &Town,
    lines: &Lines,
    glance: &Glance,
    now: f32,
) {
    let say = |id: &str| words().plain(l, id).to_owned();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        egui::Grid::new("stations").striped(true).num_columns(6).show(ui, |ui| {
            for id in [
                "column-station",
                "column-kind",
                "column-busy",
                "overview-in-line",
                "column-line-peak",
                "column-mean-wait",
            ] {
                ui.strong(say(id));
            }
            ui.end_row();
            for (s, report) in glance.stations(town, now).iter().enumerate() {
                let in_line: usize = (0..town.layout.tiles).map(|tile| lines.waiting(tile, s).count()).sum();
                ui.label(&town.scenario.stations[s].label);
                ui.label(&report.kind);
                ui.add(
                    egui::ProgressBar::new(report.busy.clamp(0.0, 1.0))
                        .text(format!("{:.0}%", report.busy * 100.0))
                        .desired_width(90.0),
                );
                ui.label(in_line.to_string());
                ui.label(report.line_peak.to_string());
                ui.label(format!("{:.1} s", report.mean_wait));
                ui.end_row();
            }
        });
    });
}

pub(super) fn bottlenecks_tab(
    ui: &mut egui::Ui,
    l: Lang,
    town: &Town,
    glance: &Glance,
    now: f32,
    villagers: &Query<VillagerItem>,
) {
    let waited = glance.waited_on(town, now);
    if waited.is_empty() {
        ui.label(words().plain(l, "overview-nobody-waited"));
        return;
    }
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        for w in waited.iter().take(12) {
            let fact = crate::words::fact_words(l, w.fact.rsplit('.').next().unwrap_or(&w.fact));
            let header = words().say(
                l,
                "overview-waited",
                &[("fact", fact.into()), ("seconds", format!("{:.0}", w.villager_seconds).into())],
            );
            ui.strong(header);
            // Who could make it, and what each is doing now (the first few of a big town).
            let makers = villagers
                .iter()
                .filter(|(_, v, ..)| w.makers.contains(&town.scenario.characters[v.index()].id));
            for (_, villager, intent, activity, ..) in makers.take(6) {
                let doing = match activity {
                    Activity::Acting { .. } => intent
                        .current()
                        .map(|t| town.action(villager.index(), t).label.clone())
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                let state = words().plain(l, State::of(activity).word());
                ui.label(format!("    {} — {state} {doing}", town.villager_name(villager.number())));
            }
        }
    });
}
