//! The town at a glance (**T**, or **Town** in the world panel): every villager in a table to
//! sort, filter and search (a click selects it and follows it with the camera), each station's
//! busy share and lines, the facts the town waits on most and who could make them
//! ([`super::overview_tables`]), what to look at ([`super::alerts`]), the day as lanes
//! ([`super::lanes`]) and the days played as charts ([`super::overview_days`]). Its figures are
//! taken in from the day's events as they happen ([`crate::sim::Glance`]); the window builds its
//! rows only while it is open.

use super::alerts::{Alert, Kind as AlertKind};
use super::follow::Follow;
use super::i18n::Label;
use super::lanes::{Lane, Lanes};
use super::overview_model::{Column, Row, State, View, trade_of};
use super::selection::{SelectedStation, Selection};
use super::timeline::Timeline;
use crate::cli::OverviewTab as Tab;
use crate::sim::{
    Activity, Clock, EventLog, Glance, Goals, Intent, LastReason, Lines, PastDays, STEPS_PER_SECOND, Tally,
    Town, Villager,
};
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle, egui};

/// Whether the overview is open, on which tab, and how its table is shown; the table's rows as
/// last built, in the view's order.
#[derive(Resource, Debug, Default)]
pub struct Overview {
    pub open: bool,
    tab: Tab,
    pub view: View,
    shown: Vec<(Row, Entity)>,
    /// The alerts as last worked out, and the kinds turned off.
    alerts: Vec<Alert>,
    alerts_off: Vec<AlertKind>,
    /// When the rows were built (real seconds), for which view and on which tab.
    built: Option<(f64, View, Tab)>,
}

impl Overview {
    /// Opens it on `tab`.
    pub fn open_on(&mut self, tab: Tab) {
        (self.open, self.tab) = (true, tab);
    }
}

/// How often the villagers table and the alerts are built again while open, in real seconds: a
/// town of thousands costs a frame's budget to gather, and a table read by eye needs no more.
const REBUILD_EVERY: f64 = 0.5;

/// The day's figures, taken in as events are logged.
#[derive(Resource, Debug, Default)]
pub struct TownGlance(pub Glance);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Overview>()
        .init_resource::<TownGlance>()
        .init_resource::<Lanes>()
        .add_systems(Update, (toggle_key, take_in))
        .add_systems(EguiPrimaryContextPass, window);
}

/// **T** opens and closes the overview (unless a text field has the keyboard).
fn toggle_key(keys: Res<ButtonInput<KeyCode>>, mut contexts: EguiContexts, mut overview: ResMut<Overview>) {
    let typing = contexts.ctx_mut().is_ok_and(|ctx| ctx.egui_wants_keyboard_input());
    if keys.just_pressed(KeyCode::KeyT) && !typing {
        overview.open = !overview.open;
    }
}

/// Takes in the events logged since the last frame (all of the day again after going back).
fn take_in(town: Res<Town>, log: Res<EventLog>, mut glance: ResMut<TownGlance>) {
    glance.0.take_in(&town, &log);
}

pub(super) type VillagerItem<'a> =
    (Entity, &'a Villager, &'a Intent, &'a Activity, &'a LastReason, Option<&'a Tally>, &'a Goals);

/// Every villager's row, in roster order.
fn rows(town: &Town, clock: &Clock, lang: Lang, villagers: &Query<VillagerItem>) -> Vec<(Row, Entity)> {
    let mut rows: Vec<(Row, Entity)> = villagers
        .iter()
        .map(|(entity, villager, intent, activity, reason, tally, _)| {
            let number = villager.number();
            let name = town.villager_name(number);
            let character = &town.scenario.characters[villager.index()];
            let goal = intent.goal().map(|g| character.goals[g].label.clone()).unwrap_or_default();
            let waits_for = match (activity, reason) {
                (Activity::Waiting { .. }, LastReason::Waiting { blocked: Some(c), .. }) => {
                    crate::sim::condition_text(town, lang, c, None)
                }
                _ => String::new(),
            };
            let seconds = tally.map(|t| t.seconds(activity, clock.steps)).unwrap_or_default();
            let goals_met = tally.map_or(0, |t| t.met.iter().map(|m| m.times).sum());
            let row = Row {
                number,
                character: villager.index(),
                trade: trade_of(&name),
                name,
                state: State::of(activity),
                goal,
                waits_for,
                seconds_waited: seconds[2],
                goals_met,
            };
            (row, entity)
        })
        .collect();
    rows.sort_by_key(|(row, _)| row.number);
    rows
}

#[allow(clippy::too_many_arguments)]
fn window(
    time: Res<Time<Real>>,
    mut contexts: EguiContexts,
    mut overview: ResMut<Overview>,
    (town, clock, lines, glance, past): (Res<Town>, Res<Clock>, Res<Lines>, Res<TownGlance>, Res<PastDays>),
    lang: Res<Lang>,
    villagers: Query<VillagerItem>,
    mut selection: ResMut<Selection>,
    mut station: ResMut<SelectedStation>,
    mut follow: ResMut<Follow>,
    (mut lanes, log, mut timeline): (ResMut<Lanes>, Res<EventLog>, ResMut<Timeline>),
    art: Res<super::sprites::Art>,
) -> Result {
    if !overview.open {
        return Ok(());
    }
    // Each character's figure sheet, for egui to draw, and the colour of its clothes.
    let figures: Vec<(egui::TextureId, egui::Color32)> = (town.scenario.characters.iter().enumerate())
        .map(|(c, character)| {
            let sheet = art.villager(crate::scenario::pictures::villager_picture(character));
            let [r, g, b, _] = super::figures::villager_color(c).to_srgba().to_u8_array();
            (contexts.add_image(EguiTextureHandle::Weak(sheet.id())), egui::Color32::from_rgb(r, g, b))
        })
        .collect();
    let l = *lang;
    // Before the tabs are drawn, so the alerts' count on its tab is that of the list under it.
    let real = time.elapsed_secs_f64();
    let stale = (overview.built.as_ref()).is_none_or(|(at, view, tab)| {
        real - at >= REBUILD_EVERY || *view != overview.view || *tab != overview.tab
    });
    if stale {
        rebuild(&mut overview, real, (&town, &clock, &lines, &glance.0), l, &villagers);
    }
    let ctx = contexts.ctx_mut()?;
    let say = |id: &str| words().plain(l, id).to_owned();
    let mut open = true;
    // First shown over the map between the side panels, where it covers no panel — but wide
    // enough for its table's every column, over the inspector on a small screen.
    let screen = ctx.content_rect();
    let left = super::layout::WORLD_WIDTH + 2.0 * super::layout::MARGIN + 16.0 + 12.0;
    let (_, between) = super::layout::between_side_panels(screen.width());
    let width = between.max(540.0).min(screen.width() - left - 8.0);
    let height = (screen.height() - 170.0).clamp(200.0, 520.0);
    egui::Window::new(l.text(Label::Overview))
        .id(egui::Id::new("overview"))
        .open(&mut open)
        .default_pos([screen.min.x + left, screen.min.y + 64.0])
        .default_size([width, height])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let alerts = words().say(l, "overview-alerts", &[("n", overview.alerts.len().into())]);
                for (tab, name) in [
                    (Tab::Villagers, say("overview-villagers")),
                    (Tab::Stations, say("overview-stations")),
                    (Tab::Bottlenecks, say("overview-bottlenecks")),
                    (Tab::Alerts, alerts),
                    (Tab::Lanes, say("overview-lanes")),
                    (Tab::Days, say("overview-days")),
                ] {
                    if ui.selectable_label(overview.tab == tab, name).clicked() {
                        overview.tab = tab;
                    }
                }
            });
            ui.separator();
            let now = clock.time;
            let mut picked = None;
            match overview.tab {
                Tab::Villagers => {
                    let Overview { view, shown, .. } = &mut *overview;
                    picked = villagers_tab(ui, l, view, shown, &town, &figures).map(Pick::Villager);
                }
                Tab::Stations => super::overview_tables::stations_tab(ui, l, &town, &lines, &glance.0, now),
                Tab::Bottlenecks => {
                    super::overview_tables::bottlenecks_tab(ui, l, &town, &glance.0, now, &villagers)
                }
                Tab::Alerts => {
                    let Overview { alerts, alerts_off, .. } = &mut *overview;
                    picked = super::alerts::alerts_tab(ui, l, alerts, alerts_off).map(|alert| match alert {
                        Alert::Line { station, tile, .. } => Pick::Station(station.clone(), *tile),
                        _ => Pick::Number(alert.villager().unwrap_or_default()),
                    });
                }
                Tab::Lanes => {
                    let all: Vec<Lane> = (villagers.iter())
                        .filter_map(|(_, v, .., tally, _)| {
                            Some(Lane { number: v.number(), character: v.index(), tally: tally? })
                        })
                        .collect();
                    let day_steps = (f64::from(clock.day_length) * f64::from(STEPS_PER_SECOND)) as u64;
                    let shown = lanes.show(ui, l, &town, clock.steps, day_steps, &log, &all, real);
                    if let Some((number, step)) = shown {
                        if let Some(step) = step {
                            timeline.go_to(step);
                        }
                        picked = Some(Pick::Number(number));
                    }
                }
                Tab::Days => super::overview_days::days_tab(ui, l, &town, &past),
            }
            let by_number =
                |number: usize| villagers.iter().find(|(_, v, ..)| v.number() == number).map(|(e, ..)| e);
            match picked {
                Some(Pick::Villager(entity)) => {
                    (selection.0, station.0, follow.0) = (Some(entity), None, true)
                }
                Some(Pick::Number(number)) => {
                    (selection.0, station.0, follow.0) = (by_number(number), None, true);
                }
                Some(Pick::Station(id, tile)) => (selection.0, station.0) = (None, Some((id, tile))),
                None => {}
            }
        });
    overview.open = open;
    Ok(())
}

/// What a click in the overview selects.
enum Pick {
    Villager(Entity),
    Number(usize),
    Station(String, usize),
}

/// Builds the villagers table's rows (in the view's order) and the alerts again.
fn rebuild(
    overview: &mut Overview,
    real: f64,
    (town, clock, lines, glance): (&Town, &Clock, &Lines, &Glance),
    l: Lang,
    villagers: &Query<VillagerItem>,
) {
    // The table only while it is shown; the alerts always, for the count on their tab.
    if overview.tab == Tab::Villagers {
        let all = rows(town, clock, l, villagers);
        let entities: std::collections::HashMap<usize, Entity> =
            all.iter().map(|(r, e)| (r.number, *e)).collect();
        let sorted = overview.view.apply(all.into_iter().map(|(r, _)| r).collect());
        overview.shown = sorted.into_iter().map(|r| (entities[&r.number], r)).map(|(e, r)| (r, e)).collect();
    }
    let mut watched: Vec<super::alerts::Watched> = (villagers.iter())
        .map(|(_, villager, .., goals)| super::alerts::watched(town, clock, glance, l, villager, goals))
        .collect();
    watched.sort_by_key(|w| w.number);
    let lines_now = super::alerts::lines_now(town, lines);
    overview.alerts =
        super::alerts::alerts(clock.time, clock.progress(), &watched, &lines_now, &overview.alerts_off);
    overview.built = Some((real, overview.view.clone(), overview.tab));
}

/// The villagers table, its rows as built in the view's order; the entity of a row clicked.
fn villagers_tab(
    ui: &mut egui::Ui,
    l: Lang,
    view: &mut View,
    rows: &[(Row, Entity)],
    town: &Town,
    figures: &[(egui::TextureId, egui::Color32)],
) -> Option<Entity> {
    let say = |id: &str| words().plain(l, id).to_owned();
    let mut trades: Vec<String> = town.scenario.characters.iter().map(|c| trade_of(&c.name)).collect();
    trades.sort();
    trades.dedup();
    ui.horizontal_wrapped(|ui| {
        ui.label(say("overview-search"));
        ui.add(egui::TextEdit::singleline(&mut view.search).desired_width(120.0));
        egui::ComboBox::from_id_salt("trade")
            .selected_text(view.trade.clone().unwrap_or_else(|| say("overview-every-trade")))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.trade, None, say("overview-every-trade"));
                for trade in &trades {
                    ui.selectable_value(&mut view.trade, Some(trade.clone()), trade);
                }
            });
        for state in State::ALL {
            let mut shown = !view.hidden_states.contains(&state);
            if ui.checkbox(&mut shown, say(state.word())).changed() {
                view.hidden_states.retain(|s| *s != state);
                if !shown {
                    view.hidden_states.push(state);
                }
            }
        }
    });
    let mut picked = None;
    let headings = [
        (Column::Name, "column-villager"),
        (Column::Trade, "overview-trade"),
        (Column::State, "overview-state"),
        (Column::Goal, "column-goal"),
        (Column::WaitsFor, "overview-waits-for"),
        (Column::SecondsWaited, "column-waiting"),
        (Column::GoalsMet, "column-met"),
    ];
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    egui::ScrollArea::both().auto_shrink([false, false]).show_rows(
        ui,
        row_height,
        rows.len() + 1,
        |ui, shown| {
            egui::Grid::new("villagers").striped(true).num_columns(headings.len()).show(ui, |ui| {
                for (column, id) in headings {
                    let arrow = match (view.sort == column, view.descending) {
                        (true, false) => " ⏶",
                        (true, true) => " ⏷",
                        _ => "",
                    };
                    if ui.button(format!("{}{arrow}", say(id))).clicked() {
                        view.click(column);
                    }
                }
                ui.end_row();
                for (row, entity) in rows.iter().skip(shown.start.saturating_sub(1)).take(shown.len()) {
                    let clicked = ui
                        .horizontal(|ui| {
                            figure(ui, figures[row.character], row_height - 2.0);
                            ui.link(&row.name).clicked()
                        })
                        .inner;
                    if clicked {
                        picked = Some(*entity);
                    }
                    ui.label(&row.trade);
                    ui.label(say(row.state.word()));
                    ui.label(&row.goal);
                    ui.label(&row.waits_for);
                    ui.label(format!("{:.0} s", row.seconds_waited));
                    ui.label(row.goals_met.to_string());
                    ui.end_row();
                }
            });
        },
    );
    picked
}

/// A villager's figure standing, `height` points tall: its sheet's first frame, the clothes
/// below it tinted (as the map draws it, [`super::figures`]).
fn figure(ui: &mut egui::Ui, (sheet, clothes): (egui::TextureId, egui::Color32), height: f32) {
    let size = egui::vec2(height * 16.0 / 20.0, height);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let frame = |top: f32| egui::Rect::from_min_max(egui::pos2(0.0, top), egui::pos2(1.0 / 3.0, top + 0.5));
    ui.painter().image(sheet, rect, frame(0.0), egui::Color32::WHITE);
    ui.painter().image(sheet, rect, frame(0.5), clothes);
}
