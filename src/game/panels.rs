//! The egui panels: the world (clock, facts, time controls, scenario picker) and the inspector
//! of the selected villager or station, in folds that scroll, laid out by [`super::layout`].
//! What a save of the file did is told by [`super::notices`].

use super::CurrentScenario;
use super::drive::SimSpeed;
use super::history::InsistenceHistory;
use super::i18n::Label;
use super::inspect::{FactLine, InspectorView, StateLine, StepStatus, inspect, shown_world};
use super::layout::{INSPECTOR_WIDTH, MARGIN, PanelLayout, WORLD_WIDTH};
use super::selection::{SelectedStation, Selection};
use super::station_view::{StationView, inspect_station};
use super::why::WhyThisPlan;
use crate::scenario::{ScenarioChoice, available_scenarios};
use crate::sim::{Clock, Town, Villager, WorldFacts};
use crate::words::{Lang, fact_words, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_plot::{Legend, Line, Plot};
use std::collections::HashMap;

/// What the player asked for that needs the whole world to carry out.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub enum Request {
    #[default]
    Nothing,
    RestartDay,
    Open(ScenarioChoice),
    /// Set a world fact of a tile of the town (the one the world panel shows) to a value.
    SetFact(usize, crate::planner::FactId, crate::planner::Value),
    /// Write the moved stations' positions into the scenario file.
    Save,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Request>()
        .init_resource::<Lang>()
        .add_plugins(super::layout::plugin)
        .add_systems(EguiPrimaryContextPass, (world_panel, inspector_panel))
        .init_resource::<Inspected>()
        .add_systems(Update, (carry_out_request, refresh_inspected).chain());
}

/// A scenario's name and description, as the picker lists it: read once per file.
#[derive(Default)]
struct Described(HashMap<String, (String, String)>);

impl Described {
    fn of(&mut self, choice: &ScenarioChoice) -> &(String, String) {
        self.0.entry(choice.name()).or_insert_with(|| match choice.load() {
            Ok(scenario) => (scenario.name.clone(), scenario.description.clone()),
            Err(_) => (choice.name(), String::new()),
        })
    }
}

fn world_panel(
    mut contexts: EguiContexts,
    (clock, town, world, current): (Res<Clock>, Res<Town>, Res<WorldFacts>, Res<CurrentScenario>),
    (mut speed, mut lang, mut request): (ResMut<SimSpeed>, ResMut<Lang>, ResMut<Request>),
    unsaved: Res<super::editing::Unsaved>,
    (selection, villagers): (Res<Selection>, Query<&Villager>),
    mut layout: ResMut<PanelLayout>,
    mut described: Local<Described>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let l = *lang;
    let screen = ctx.content_rect();
    let height = layout.side_height("world", screen);
    let width = WORLD_WIDTH + frame_width(ctx);
    let selected = selection.0.and_then(|e| villagers.get(e).ok());
    let shown = egui::Window::new(l.text(Label::World))
        .id(egui::Id::new("world"))
        .anchor(egui::Align2::LEFT_TOP, [MARGIN, MARGIN])
        .resizable(false)
        .min_height(height)
        .max_height(height)
        .min_width(width)
        .max_width(width)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.set_width(WORLD_WIDTH);
            let scroll = egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                ui.heading(&town.scenario.name);
                let paused =
                    if speed.paused { format!(" ({})", l.text(Label::Paused)) } else { String::new() };
                ui.add(egui::ProgressBar::new(clock.progress()).text(format!(
                    "{} {} · {:.0} / {:.0} s{paused}",
                    l.text(Label::Day),
                    clock.day,
                    clock.time,
                    clock.day_length
                )));
                ui.horizontal_wrapped(|ui| {
                    let toggle = if speed.paused { l.text(Label::Resume) } else { l.text(Label::Pause) };
                    if ui.button(toggle).clicked() {
                        speed.paused = !speed.paused;
                    }
                    for m in [1, 2, 4, 8] {
                        let on = !speed.paused && speed.multiplier == m;
                        if ui.selectable_label(on, format!("{m}×")).clicked() {
                            speed.multiplier = m;
                            speed.paused = false;
                        }
                    }
                });
                ui.horizontal_wrapped(|ui| {
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
                    ui.horizontal_wrapped(|ui| {
                        if ui.button(l.text(Label::Save)).clicked() {
                            *request = Request::Save;
                        }
                        ui.small(moved);
                    });
                }
                ui.separator();
                ui.label(l.text(Label::Scenario));
                scenario_picker(ui, &current.choice, &town.scenario.name, &mut described, &mut request);
                if matches!(current.choice, ScenarioChoice::BuiltIn(_)) {
                    ui.small(l.text(Label::BuiltIn));
                }
                ui.separator();
                let (tile, title) = shown_world(&town, selected, l);
                ui.label(title);
                // Each world fact can be set here: drag its value, or click it and type.
                egui::Grid::new("world_facts").num_columns(2).striped(true).show(ui, |ui| {
                    for &(fact, _) in &town.scenario.world_seed {
                        let mut value = world.tile(tile).get(fact).max(0);
                        let name = town.scenario.facts.name(fact);
                        ui.label(fact_words(l, name)).on_hover_text(town.scenario.facts.qualified(fact));
                        let drag = egui::DragValue::new(&mut value).speed(0.1).range(0..=i32::MAX);
                        if ui.add(drag).changed() {
                            *request = Request::SetFact(tile, fact, value);
                        }
                        ui.end_row();
                    }
                });
            });
            (ui.min_rect(), [scroll.content_size.y, scroll.inner_rect.height()])
        });
    if let Some(shown) = shown {
        let (content, scroll) = shown.inner.unwrap_or((shown.response.rect, [0.0, 0.0]));
        layout.keep("world", shown.response.rect, content, Some(scroll));
    }
    Ok(())
}

/// The scenarios to choose from, each by its name with its description under it (its file on
/// hover).
fn scenario_picker(
    ui: &mut egui::Ui,
    current: &ScenarioChoice,
    current_name: &str,
    described: &mut Described,
    request: &mut Request,
) {
    egui::ComboBox::from_id_salt("scenario").selected_text(current_name).width(ui.available_width()).show_ui(
        ui,
        |ui| {
            ui.set_width(WORLD_WIDTH + 60.0);
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            for choice in available_scenarios() {
                let selected = choice == *current;
                let (name, description) = described.of(&choice).clone();
                let mut job = egui::text::LayoutJob::default();
                let style = ui.style();
                egui::RichText::new(name).strong().append_to(
                    &mut job,
                    style,
                    egui::FontSelection::Default,
                    egui::Align::Min,
                );
                if !description.is_empty() {
                    egui::RichText::new(format!("\n{description}")).small().append_to(
                        &mut job,
                        style,
                        egui::FontSelection::Default,
                        egui::Align::Min,
                    );
                }
                let line = ui.selectable_label(selected, job).on_hover_text(choice.name());
                if line.clicked() && !selected {
                    *request = Request::Open(choice);
                }
            }
        },
    );
}

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

/// How much wider than its content a window is: its frame's margins and stroke.
fn frame_width(ctx: &egui::Context) -> f32 {
    egui::Frame::window(&ctx.global_style()).total_margin().sum().x
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

fn inspector_panel(
    mut contexts: EguiContexts,
    inspected: Res<Inspected>,
    lang: Res<Lang>,
    mut why: ResMut<WhyThisPlan>,
    mut clicked: Local<Option<(String, f32)>>,
    mut timeline: ResMut<super::timeline::Timeline>,
    mut layout: ResMut<PanelLayout>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let l = *lang;
    let height = layout.side_height("inspector", ctx.content_rect());
    let width = INSPECTOR_WIDTH + frame_width(ctx);
    let shown = egui::Window::new(l.text(Label::Inspector))
        .id(egui::Id::new("inspector"))
        .anchor(egui::Align2::RIGHT_TOP, [-MARGIN, MARGIN])
        .resizable(false)
        .min_height(height)
        .max_height(height)
        .min_width(width)
        .max_width(width)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.set_width(INSPECTOR_WIDTH);
            let scroll = egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                match (&inspected.villager, &inspected.station) {
                    (Some((view, history)), _) => villager_inspector(
                        ui,
                        view,
                        history.as_ref(),
                        l,
                        (&mut *why, &mut *clicked, &mut *timeline),
                    ),
                    (None, Some(station)) => station_inspector(ui, station, l),
                    (None, None) => _ = ui.label(l.text(Label::NoSelection)),
                }
            });
            (ui.min_rect(), [scroll.content_size.y, scroll.inner_rect.height()])
        });
    if let Some(shown) = shown {
        let (content, scroll) = shown.inner.unwrap_or((shown.response.rect, [0.0, 0.0]));
        layout.keep("inspector", shown.response.rect, content, Some(scroll));
    }
    Ok(())
}

/// The amber of what is pursued or chosen.
const AMBER: egui::Color32 = egui::Color32::from_rgb(255, 200, 80);

fn villager_inspector(
    ui: &mut egui::Ui,
    view: &InspectorView,
    history: Option<&InsistenceHistory>,
    l: Lang,
    (why, clicked, timeline): (&mut WhyThisPlan, &mut Option<(String, f32)>, &mut super::timeline::Timeline),
) {
    ui.heading(&view.name);
    ui.label(format!("{}: {}", l.text(Label::State), view.state.describe(l)));
    if matches!(view.state, StateLine::Waiting(Some(_))) && view.makers.is_empty() {
        ui.small(format!("— {}", l.text(Label::NobodyMakesIt)));
    }
    for maker in &view.makers {
        let doing = maker.state.describe(l);
        let indent = "    ".repeat(maker.depth);
        ui.small(format!("{indent}— {} {} ({}): {doing}", maker.name, l.text(Label::MakesIt), maker.action));
    }
    ui.label(format!("{}: {}", l.text(Label::Goal), view.goal.as_deref().unwrap_or(l.text(Label::Nothing))));
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
            ui.add(bar);
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

fn carry_out_request(world: &mut World) {
    match std::mem::take(&mut *world.resource_mut::<Request>()) {
        Request::Nothing => {}
        Request::RestartDay => {
            let scenario = (*world.resource::<Town>().scenario).clone();
            super::selection::keeping_selection(world, |world| crate::sim::replace_scenario(world, scenario));
        }
        Request::Open(choice) => super::open(world, choice),
        Request::SetFact(tile, fact, value) => crate::sim::edit_world_fact(world, tile, fact, value),
        Request::Save => {
            if let Err(why) = super::editing::save(world) {
                eprintln!("cannot save: {why}");
            }
        }
    }
}
