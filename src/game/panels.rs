//! The egui panels: the world (clock, facts, time controls, scenario picker) and the inspector
//! of the selected villager ([`super::villager_panel`]) or station, each scrolling what does not
//! fit, laid out by [`super::layout`].
//! What a save of the file did is told by [`super::notices`].

use super::current::CurrentScenario;
use super::drive::SimSpeed;
use super::history::InsistenceHistory;
use super::i18n::Label;
use super::inspect::{InspectorView, inspect, shown_world};
use super::layout::{INSPECTOR_WIDTH, MARGIN, PanelLayout, WORLD_WIDTH};
use super::selection::{SelectedStation, Selection};
use super::station_view::{StationView, inspect_station};
use super::why::WhyThisPlan;
use crate::scenario::{ScenarioChoice, available_scenarios};
use crate::sim::{Clock, Town, Villager, WorldFacts};
use crate::words::{Lang, fact_words, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
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
    /// Write the moved stations' positions and the painted cells into the scenario file.
    Save,
    /// The player stops villager number `0`: it drops what it does and decides again.
    Stop(usize),
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Request>()
        .init_resource::<Lang>()
        .add_plugins(super::layout::plugin)
        .add_systems(EguiPrimaryContextPass, (world_panel, inspector_panel))
        .init_resource::<Inspected>()
        .add_systems(Update, (stop_key, carry_out_request, refresh_inspected).chain());
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
    (unsaved, painted): (Res<super::editing::Unsaved>, Res<super::paint::UnsavedPaint>),
    (selection, villagers): (Res<Selection>, Query<&Villager>),
    mut layout: ResMut<PanelLayout>,
    mut described: Local<Described>,
    mut overview: ResMut<super::overview::Overview>,
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
                    if ui.selectable_label(overview.open, l.text(Label::Overview)).clicked() {
                        overview.open = !overview.open;
                    }
                });
                // Stations dragged and cells painted on the map wait here to be written into the file.
                let edits = [("moved-stations", unsaved.0.len()), ("painted-cells", painted.0.len())];
                let said: Vec<String> = edits
                    .iter()
                    .filter(|e| e.1 > 0)
                    .map(|&(id, n)| words().say(l, id, &[("n", n.into())]))
                    .collect();
                if !said.is_empty() && matches!(current.choice, ScenarioChoice::File(_)) {
                    ui.horizontal_wrapped(|ui| {
                        if ui.button(l.text(Label::Save)).clicked() {
                            *request = Request::Save;
                        }
                        ui.small(said.join(" · "));
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
    egui::ComboBox::from_id_salt("scenario")
        .selected_text(current_name)
        .width(ui.available_width())
        .height(440.0)
        .show_ui(ui, |ui| {
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
    // Who acts there, who is in line (in order), who waits under it, who is on the way.
    for (heading, names, numbered) in view.lists(l) {
        ui.separator();
        ui.label(format!("{heading} ({})", names.len()));
        if names.is_empty() {
            ui.small(l.text(Label::Nobody));
        }
        for (i, name) in names.iter().enumerate() {
            let place = if numbered { format!("{}. ", i + 1) } else { "· ".to_owned() };
            ui.label(format!("{place}{name}"));
        }
    }
}

/// How much wider than its content a window is: its frame's margins and stroke.
fn frame_width(ctx: &egui::Context) -> f32 {
    egui::Frame::window(&ctx.global_style()).total_margin().sum().x
}

fn inspector_panel(
    mut contexts: EguiContexts,
    inspected: Res<Inspected>,
    lang: Res<Lang>,
    mut why: ResMut<WhyThisPlan>,
    mut clicked: Local<Option<(String, f32)>>,
    mut timeline: ResMut<super::timeline::Timeline>,
    mut layout: ResMut<PanelLayout>,
    mut request: ResMut<Request>,
    mut follow: ResMut<super::follow::Follow>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let l = *lang;
    let mut stop = false;
    let mut following = follow.0;
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
                    (Some((view, history)), _) => super::villager_panel::villager_inspector(
                        ui,
                        view,
                        history.as_ref(),
                        l,
                        (&mut *why, &mut *clicked, &mut *timeline, &mut stop, &mut following),
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
    if following != follow.0 {
        follow.0 = following;
    }
    if let (true, Some((view, _))) = (stop, &inspected.villager) {
        *request = Request::Stop(view.number);
    }
    Ok(())
}

/// **X** stops the selected villager (unless a text field has the keyboard).
fn stop_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut contexts: EguiContexts,
    selection: Res<Selection>,
    villagers: Query<&Villager>,
    mut request: ResMut<Request>,
) {
    let typing = contexts.ctx_mut().is_ok_and(|ctx| ctx.egui_wants_keyboard_input());
    if !keys.just_pressed(KeyCode::KeyX) || typing {
        return;
    }
    if let Some(villager) = selection.0.and_then(|e| villagers.get(e).ok()) {
        *request = Request::Stop(villager.number());
    }
}

fn carry_out_request(world: &mut World) {
    match std::mem::take(&mut *world.resource_mut::<Request>()) {
        Request::Nothing => {}
        Request::RestartDay => {
            let scenario = (*world.resource::<Town>().scenario).clone();
            super::selection::keeping_selection(world, |world| crate::sim::replace_scenario(world, scenario));
        }
        Request::Open(choice) => super::open::open(world, choice),
        Request::SetFact(tile, fact, value) => crate::sim::edit_world_fact(world, tile, fact, value),
        Request::Save => super::save_positions::save_told(world),
        Request::Stop(number) => _ = crate::sim::stop(world, number),
    }
}
