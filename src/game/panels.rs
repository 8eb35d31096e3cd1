//! The egui panels: the world (clock, facts, time controls, scenario picker) and the inspector
//! of the selected villager or station. What a save of the file did is told by [`super::notices`].

use super::CurrentScenario;
use super::drive::SimSpeed;
use super::history::InsistenceHistory;
use super::i18n::Label;
use super::inspect::{InspectorView, StateLine, StepStatus, inspect};
use super::selection::{SelectedStation, Selection};
use super::station_view::{StationView, inspect_station};
use super::why::WhyThisPlan;
use crate::scenario::{ScenarioChoice, available_scenarios};
use crate::sim::{Clock, Town, WorldFacts};
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_plot::{Legend, Line, Plot};

/// What the player asked for that needs the whole world to carry out.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub enum Request {
    #[default]
    Nothing,
    RestartDay,
    Open(ScenarioChoice),
    /// Set a world fact of the town shown (the first tile) to a value.
    SetFact(crate::planner::FactId, crate::planner::Value),
    /// Write the moved stations' positions into the scenario file.
    Save,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Request>()
        .init_resource::<Lang>()
        .add_systems(EguiPrimaryContextPass, (world_panel, inspector_panel))
        .init_resource::<Inspected>()
        .add_systems(Update, (carry_out_request, refresh_inspected).chain());
}

fn world_panel(
    mut contexts: EguiContexts,
    clock: Res<Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    current: Res<CurrentScenario>,
    mut speed: ResMut<SimSpeed>,
    mut lang: ResMut<Lang>,
    mut request: ResMut<Request>,
    unsaved: Res<super::editing::Unsaved>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let l = *lang;
    egui::Window::new(l.text(Label::World))
        .id(egui::Id::new("world"))
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .resizable(false)
        .default_width(230.0)
        .show(ctx, |ui| {
            ui.heading(&town.scenario.name);
            let paused = if speed.paused { format!(" ({})", l.text(Label::Paused)) } else { String::new() };
            ui.add(egui::ProgressBar::new(clock.progress()).text(format!(
                "{} {} · {:.0} / {:.0} s{paused}",
                l.text(Label::Day),
                clock.day,
                clock.time,
                clock.day_length
            )));
            ui.horizontal(|ui| {
                let toggle = if speed.paused { l.text(Label::Resume) } else { l.text(Label::Pause) };
                if ui.button(toggle).clicked() {
                    speed.paused = !speed.paused;
                }
                for m in [1, 2, 4, 8] {
                    if ui.selectable_label(!speed.paused && speed.multiplier == m, format!("{m}×")).clicked()
                    {
                        speed.multiplier = m;
                        speed.paused = false;
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui.button(l.text(Label::Step)).clicked() {
                    speed.paused = true;
                    speed.pending_steps += 1;
                }
                if ui.button(l.text(Label::RestartDay)).clicked() {
                    *request = Request::RestartDay;
                }
                if ui.button(l.other().text(Label::Language)).clicked() {
                    *lang = l.other();
                }
            });
            // Stations dragged on the map wait here to be written into the file.
            if !unsaved.0.is_empty() && matches!(current.choice, ScenarioChoice::File(_)) {
                let moved = words().say(l, "moved-stations", &[("n", unsaved.0.len().into())]);
                ui.horizontal(|ui| {
                    if ui.button(l.text(Label::Save)).clicked() {
                        *request = Request::Save;
                    }
                    ui.small(moved);
                });
            }
            ui.separator();
            ui.label(l.text(Label::Scenario));
            egui::ComboBox::from_id_salt("scenario").selected_text(current.choice.name()).show_ui(ui, |ui| {
                for choice in available_scenarios() {
                    let selected = choice == current.choice;
                    if ui.selectable_label(selected, choice.name()).clicked() && !selected {
                        *request = Request::Open(choice);
                    }
                }
            });
            if matches!(current.choice, ScenarioChoice::BuiltIn(_)) {
                ui.small(l.text(Label::BuiltIn));
            }
            ui.separator();
            ui.label(l.text(Label::WorldFacts));
            // Each world fact can be set here: drag its value, or click it and type.
            egui::Grid::new("world_facts").num_columns(2).striped(true).show(ui, |ui| {
                for &(fact, _) in &town.scenario.world_seed {
                    let mut value = world.tile(0).get(fact);
                    ui.label(town.scenario.facts.name(fact));
                    if ui.add(egui::DragValue::new(&mut value).speed(0.1)).changed() {
                        *request = Request::SetFact(fact, value);
                    }
                    ui.end_row();
                }
            });
        });
    Ok(())
}

fn facts_grid<'a>(ui: &mut egui::Ui, id: &str, facts: impl Iterator<Item = (&'a str, i32)>) {
    egui::Grid::new(id).num_columns(2).striped(true).show(ui, |ui| {
        for (name, value) in facts {
            ui.label(name);
            ui.monospace(value.to_string());
            ui.end_row();
        }
    });
}

/// The inspector's content for this frame, built from the world by [`inspect`] or
/// [`inspect_station`].
#[derive(Resource, Debug, Default, Clone)]
struct Inspected {
    villager: Option<(InspectorView, Option<InsistenceHistory>)>,
    station: Option<StationView>,
}

fn refresh_inspected(world: &mut World) {
    let selected = world.resource::<Selection>().0;
    let villager = selected
        .and_then(|e| inspect(world, e).map(|view| (view, world.get::<InsistenceHistory>(e).cloned())));
    let selected = world.resource::<SelectedStation>().0.clone();
    let station = selected.and_then(|(id, tile)| inspect_station(world, &id, tile));
    world.insert_resource(Inspected { villager, station });
}

/// A station's kind, capacity and who is there: acting, in line, on the way.
fn station_inspector(ui: &mut egui::Ui, view: &StationView, l: Lang) {
    ui.heading(&view.label);
    ui.label(format!("{}: {}", l.text(Label::Kind), view.kind));
    let capacity = view.capacity.map_or_else(|| l.text(Label::NoLimit).to_owned(), |c| c.to_string());
    ui.label(format!("{}: {capacity}", l.text(Label::Capacity)));
    for (label, names) in
        [(Label::ActingHere, &view.acting), (Label::InLine, &view.queued), (Label::OnTheWay, &view.coming)]
    {
        ui.separator();
        ui.label(format!("{} ({})", l.text(label), names.len()));
        if names.is_empty() {
            ui.small(l.text(Label::Nobody));
        }
        for (i, name) in names.iter().enumerate() {
            let place = if label == Label::InLine { format!("{}. ", i + 1) } else { "· ".to_owned() };
            ui.label(format!("{place}{name}"));
        }
    }
}

fn inspector_panel(
    mut contexts: EguiContexts,
    inspected: Res<Inspected>,
    lang: Res<Lang>,
    mut why: ResMut<WhyThisPlan>,
    mut clicked: Local<Option<(String, f32)>>,
    mut timeline: ResMut<super::timeline::Timeline>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let l = *lang;
    egui::Window::new(l.text(Label::Inspector))
        .id(egui::Id::new("inspector"))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .resizable(false)
        .default_width(330.0)
        .show(ctx, |ui| {
            let Some((view, history)) = &inspected.villager else {
                match &inspected.station {
                    Some(station) => station_inspector(ui, station, l),
                    None => _ = ui.label(l.text(Label::NoSelection)),
                }
                return;
            };
            ui.heading(&view.name);
            ui.label(format!("{}: {}", l.text(Label::State), view.state.describe(l)));
            if matches!(view.state, StateLine::Waiting(Some(_))) && view.makers.is_empty() {
                ui.small(format!("— {}", l.text(Label::NobodyMakesIt)));
            }
            for maker in &view.makers {
                let doing = maker.state.describe(l);
                let indent = "    ".repeat(maker.depth);
                let line = format!(
                    "{indent}— {} {} ({}): {doing}",
                    maker.name,
                    l.text(Label::MakesIt),
                    maker.action
                );
                ui.small(line);
            }
            ui.label(format!(
                "{}: {}",
                l.text(Label::Goal),
                view.goal.as_deref().unwrap_or(l.text(Label::Nothing))
            ));
            ui.separator();
            ui.horizontal(|ui| {
                ui.label(l.text(Label::Plan));
                if ui.small_button(l.text(Label::WhyThisPlan)).clicked() {
                    why.asked = true;
                }
            });
            for (label, status) in &view.steps {
                let (mark, color) = match status {
                    StepStatus::Done => ("✔", egui::Color32::GRAY),
                    StepStatus::Current => ("▶", egui::Color32::YELLOW),
                    StepStatus::Next => ("·", egui::Color32::LIGHT_GRAY),
                };
                ui.colored_label(color, format!("{mark} {label}"));
            }
            ui.separator();
            ui.label(format!("{} ({})", l.text(Label::Goals), l.text(Label::AtLastDecision)));
            for goal in &view.goals {
                let detail = match (goal.planned, goal.score, goal.cost) {
                    (false, _, _) => l.text(Label::NotPlanned).to_owned(),
                    (true, Some(score), Some(cost)) => {
                        format!(
                            "{} {score:.2} · {} {}",
                            l.text(Label::Score),
                            l.text(Label::Cost),
                            crate::scenario::cost_text(u64::from(cost))
                        )
                    }
                    (true, _, _) => l.text(Label::NoPlan).to_owned(),
                };
                let fill = if goal.current {
                    egui::Color32::from_rgb(220, 170, 60)
                } else {
                    egui::Color32::from_rgb(90, 140, 200)
                };
                ui.add(
                    egui::ProgressBar::new(goal.insistence)
                        .fill(fill)
                        .text(format!("{} {:.2} — {detail}", goal.label, goal.insistence)),
                );
            }
            if let Some(history) = history {
                ui.label(l.text(Label::Insistence));
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
            }
            ui.separator();
            ui.columns(2, |columns| {
                columns[0].label(l.text(Label::OwnFacts));
                facts_grid(
                    &mut columns[0],
                    "own_facts",
                    view.own_facts.iter().map(|(n, v)| (n.as_str(), *v)),
                );
                columns[1].label(l.text(Label::WorldFacts));
                facts_grid(
                    &mut columns[1],
                    "their_world",
                    view.world_facts.iter().map(|(n, v)| (n.as_str(), *v)),
                );
            });
            ui.separator();
            ui.label(format!(
                "{}: {}",
                l.text(Label::LastReason),
                if view.reason.is_empty() { "—" } else { &view.reason }
            ));
            // The decision whose line was clicked, else the last one: its table, and why.
            let clicked_here = clicked.as_ref().filter(|(name, _)| *name == view.name).map(|c| c.1);
            let shown = clicked_here.and_then(|t| view.decisions.iter().find(|d| d.t == t));
            let (title, table) = match shown {
                Some(d) => (
                    words().say(l, "decision-table", &[("t", format!("{:.1}", d.t).into())]),
                    d.table.as_ref(),
                ),
                None => (l.text(Label::WhyItChose).to_owned(), view.table.as_ref()),
            };
            if let Some(table) = table {
                ui.label(title);
                for (goal, insistence, text) in &table.rows {
                    ui.small(format!("  {goal} {insistence:.2} — {text}"));
                }
                ui.colored_label(egui::Color32::from_rgb(255, 200, 80), &table.outcome);
            }
            ui.label(l.text(Label::Decisions));
            for d in view.decisions.iter().rev() {
                let line = egui::RichText::new(format!("[{:>5.1}s] {}", d.t, d.text)).small();
                if ui.selectable_label(clicked_here == Some(d.t), line).clicked() {
                    *clicked = (clicked_here != Some(d.t)).then(|| (view.name.clone(), d.t));
                    // And the town goes back (or forward) to that moment.
                    if d.today {
                        timeline
                            .go_to((f64::from(d.t) * f64::from(crate::sim::STEPS_PER_SECOND)).round() as u64);
                    }
                }
            }
        });
    Ok(())
}

fn carry_out_request(world: &mut World) {
    match std::mem::take(&mut *world.resource_mut::<Request>()) {
        Request::Nothing => {}
        Request::RestartDay => {
            let scenario = (*world.resource::<Town>().scenario).clone();
            super::selection::keeping_selection(world, |world| crate::sim::replace_scenario(world, scenario));
        }
        Request::Open(choice) => super::open(world, choice),
        Request::SetFact(fact, value) => crate::sim::edit_world_fact(world, 0, fact, value),
        Request::Save => {
            if let Err(why) = super::editing::save(world) {
                eprintln!("cannot save: {why}");
            }
        }
    }
}
