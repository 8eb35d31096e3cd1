//! The day as lanes, in the overview: one lane per villager, grouped by trade, coloured by what
//! it was doing from dawn to now (walking, acting, in line, waiting, resting), with a mark where it
//! made a plan, switched goals, gave one up or was interrupted; over each trade a summary lane of
//! how many did what. Hovering says what a span or a mark was; a click on a lane selects its
//! villager and takes the town back to that moment. The spans are the villagers' own
//! ([`Tally::spans`]), the marks an index of the day's events taken in as they are logged.

use super::overview_model::{State, trade_of};
use crate::sim::{
    Cursor, DECIDING, EventLog, Happening, LastReason, STEPS_PER_SECOND, SimEvent, Span, Tally, Town,
};
use crate::words::{Lang, words};
use bevy::prelude::*;
use bevy_egui::egui;
use rustc_hash::FxHashMap;

/// A lane's height and the name column's width, in points.
const LANE: f32 = 12.0;
const NAMES: f32 = 130.0;
/// How many columns a summary lane counts the day in.
const BUCKETS: usize = 160;
/// How often summary lanes are counted again, in real seconds.
const RECOUNT_EVERY: f64 = 1.0;
/// A trade with more villagers than this shows only its summary lane until opened.
const OPEN_UP_TO: usize = 12;

/// Each kind of span's colour, as [`Tally::steps`] orders them, then deciding (named by
/// [`State::of_span`]).
pub(super) const COLOURS: [egui::Color32; 6] = [
    egui::Color32::from_rgb(110, 170, 240), // walking
    egui::Color32::from_rgb(120, 200, 120), // acting
    egui::Color32::from_rgb(230, 170, 60),  // waiting
    egui::Color32::from_rgb(150, 140, 200), // resting
    egui::Color32::from_rgb(225, 215, 90),  // in line
    egui::Color32::from_rgb(70, 70, 76),    // deciding
];

/// One villager's lane: its number, character and day so far.
pub(super) struct Lane<'a> {
    pub number: usize,
    pub character: usize,
    pub tally: &'a Tally,
}

/// What the lanes keep between frames: the day's events by villager (indices into the log), and
/// the summary lanes as last counted.
#[derive(Resource, Debug, Default)]
pub struct Lanes {
    events: FxHashMap<usize, Vec<u32>>,
    read: Cursor,
    /// Per trade, how many of its villagers did each kind of thing in each column of the day.
    summary: Vec<(String, usize, Vec<[u16; 6]>)>,
    counted: Option<(f64, u64)>,
}

impl Lanes {
    /// Takes in the events logged since last time (all of the day again once it was cut).
    fn take_in(&mut self, log: &EventLog) {
        let (gone, unread) = log.unread(&mut self.read);
        if gone {
            self.events.clear();
        }
        for i in unread {
            if let Some(v) = log.today[i].villager {
                self.events.entry(v).or_default().push(i as u32);
            }
        }
    }

    /// Counts each trade's villagers by what they did, column by column of the day to `now`.
    fn count(&mut self, town: &Town, lanes: &[Lane], now: u64, day_steps: u64) {
        let trades = trades(town);
        let mut summary: Vec<(String, usize, Vec<[u16; 6]>)> = Vec::new();
        for lane in lanes {
            let trade = &trades[lane.character];
            let at = match summary.iter().position(|(t, ..)| t == trade) {
                Some(at) => at,
                None => {
                    summary.push((trade.clone(), 0, vec![[0; 6]; BUCKETS]));
                    summary.len() - 1
                }
            };
            let (_, count, columns) = &mut summary[at];
            *count += 1;
            count_into(&lane.tally.spans, now, day_steps, columns);
        }
        self.summary = summary;
    }

    /// The lanes of `lanes` (roster order); the villager clicked, and the step of the day a
    /// click on its lane asks for.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn show(
        &mut self,
        ui: &mut egui::Ui,
        l: Lang,
        town: &Town,
        now: u64,
        day_steps: u64,
        log: &EventLog,
        lanes: &[Lane],
        real: f64,
    ) -> Option<(usize, Option<u64>)> {
        self.take_in(log);
        if self.counted.is_none_or(|(at, steps)| real - at >= RECOUNT_EVERY || steps > now) {
            self.count(town, lanes, now, day_steps);
            self.counted = Some((real, now));
        }
        legend(ui, l);
        let per_second = f64::from(STEPS_PER_SECOND);
        let trades = trades(town);
        let mut picked = None;
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            // Every lane starts and ends at the same x, however deep its trade's heading indents
            // its name: the names take the room left of it.
            let lane_left = ui.max_rect().left() + NAMES;
            let width = (ui.max_rect().right() - 4.0 - lane_left).max(120.0);
            let x_of = |left: f32, step: u64| left + width * (step as f64 / day_steps.max(1) as f64) as f32;
            let name = |ui: &mut egui::Ui, label: egui::Label| {
                let room = lane_left - ui.cursor().left() - ui.spacing().item_spacing.x;
                ui.add_sized([room.max(24.0), LANE], label.truncate())
            };
            ui.horizontal(|ui| {
                name(ui, egui::Label::new(""));
                ruler(ui, width, day_steps);
            });
            for (trade, count, columns) in &self.summary {
                ui.horizontal(|ui| {
                    name(ui, egui::Label::new(egui::RichText::new(format!("{trade} ×{count}")).strong()));
                    let (rect, response) =
                        ui.allocate_exact_size(egui::vec2(width, LANE * 1.5), egui::Sense::hover());
                    // One mesh of plain rectangles: thousands of cells, none tessellated alone.
                    let mut mesh = egui::Mesh::default();
                    let column_width = rect.width() / BUCKETS as f32;
                    for (b, column) in columns.iter().enumerate() {
                        let mut y = rect.bottom();
                        for (kind, &n) in column.iter().enumerate().filter(|(_, n)| **n > 0) {
                            let h = rect.height() * f32::from(n) / *count as f32;
                            let x = rect.left() + b as f32 * column_width;
                            let cell = egui::Rect::from_min_max(
                                egui::pos2(x, y - h),
                                egui::pos2(x + column_width + 0.5, y),
                            );
                            mesh.add_colored_rect(cell, COLOURS[kind]);
                            y -= h;
                        }
                    }
                    ui.painter_at(rect).add(egui::Shape::mesh(mesh));
                    if let Some(pointer) = response.hover_pos() {
                        let b = (((pointer.x - rect.left()) / column_width) as usize).min(BUCKETS - 1);
                        let t = (b as f64 + 0.5) * day_steps as f64 / BUCKETS as f64 / per_second;
                        let parts: Vec<String> = (columns[b].iter().enumerate())
                            .filter(|(_, n)| **n > 0)
                            .map(|(kind, n)| {
                                format!("{n} {}", words().plain(l, State::of_span(kind as u8).word()))
                            })
                            .collect();
                        response.on_hover_text_at_pointer(format!("{t:.0} s: {}", parts.join(" · ")));
                    }
                });
                let of_trade = lanes.iter().filter(|lane| trades[lane.character] == *trade);
                let header =
                    words().say(l, "lanes-each", &[("trade", trade.clone().into()), ("n", (*count).into())]);
                egui::CollapsingHeader::new(header)
                    .id_salt(("lanes", trade))
                    .default_open(*count <= OPEN_UP_TO)
                    .show(ui, |ui| {
                        for lane in of_trade {
                            // A lane scrolled out of sight only takes its room: a trade of hundreds
                            // lays out the few on screen.
                            let room = egui::Rect::from_min_size(ui.cursor().min, egui::vec2(width, LANE));
                            if !ui.is_rect_visible(room) {
                                ui.allocate_space(egui::vec2(width, LANE));
                                continue;
                            }
                            ui.horizontal(|ui| {
                                let label = egui::Label::new(town.villager_name(lane.number))
                                    .sense(egui::Sense::click());
                                if name(ui, label).clicked() {
                                    picked = Some((lane.number, None));
                                }
                                let (rect, response) =
                                    ui.allocate_exact_size(egui::vec2(width, LANE), egui::Sense::click());
                                if !ui.is_rect_visible(rect) {
                                    return;
                                }
                                let x = |step| x_of(rect.left(), step);
                                paint_lane(ui, rect, &lane.tally.spans, now, x);
                                let marks = self.marks(log, lane.number);
                                for &(step, colour, _) in &marks {
                                    let x = x(step);
                                    ui.painter().line_segment(
                                        [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
                                        (1.5, colour),
                                    );
                                }
                                let Some(pointer) = response.hover_pos() else { return };
                                let step =
                                    ((pointer.x - rect.left()) / width * day_steps as f32).max(0.0) as u64;
                                if response.clicked() && step <= now {
                                    picked = Some((lane.number, Some(step)));
                                }
                                let events = self.events.get(&lane.number).map_or(&[][..], Vec::as_slice);
                                let spans = &lane.tally.spans;
                                let said = hover_words(
                                    town,
                                    l,
                                    (log, events),
                                    spans,
                                    &marks,
                                    now,
                                    step,
                                    (pointer.x, &x),
                                );
                                response.on_hover_text_at_pointer(said);
                            });
                        }
                    });
            }
            ui.add_space(4.0);
            ui.label(egui::RichText::new(words().plain(l, "lanes-hint")).weak());
        });
        picked
    }

    /// A villager's marks: plans, switches, aborts, interruptions — each a step, a colour and
    /// the event.
    fn marks<'l>(&self, log: &'l EventLog, number: usize) -> Vec<(u64, egui::Color32, &'l SimEvent)> {
        let events = self.events.get(&number).map_or(&[][..], Vec::as_slice);
        (events.iter())
            .filter_map(|&i| {
                let event = log.today.get(i as usize)?;
                let colour = match &event.what {
                    Happening::PlanMade { .. } => egui::Color32::WHITE,
                    Happening::Changed(LastReason::Switched { .. }) => egui::Color32::from_rgb(60, 220, 230),
                    Happening::Changed(LastReason::Abandoned { .. }) => egui::Color32::from_rgb(230, 60, 60),
                    Happening::Changed(LastReason::Interrupted { .. } | LastReason::Stopped { .. }) => {
                        egui::Color32::from_rgb(225, 90, 225)
                    }
                    _ => return None,
                };
                Some(((f64::from(event.t) * f64::from(STEPS_PER_SECOND)).round() as u64, colour, event))
            })
            .collect()
    }
}

/// Counts a villager of `spans` into `columns`, the day of `day_steps` steps cut into as many:
/// each column up to step `now` counts what it did at its middle — one sweep along the spans.
pub fn count_into(spans: &[Span], now: u64, day_steps: u64, columns: &mut [[u16; 6]]) {
    let mut spans = spans.iter().peekable();
    let mut kind = DECIDING;
    let width = day_steps as f64 / columns.len() as f64;
    for (b, column) in columns.iter_mut().enumerate() {
        let step = ((b as f64 + 0.5) * width) as u64;
        if step >= now {
            break;
        }
        while let Some(span) = spans.next_if(|s| u64::from(s.from) <= step) {
            kind = span.kind;
        }
        column[kind as usize] += 1;
    }
}

/// Each character's trade (`Farmer 1` and `Farmer 2` are farmers).
fn trades(town: &Town) -> Vec<String> {
    town.scenario.characters.iter().map(|c| trade_of(&c.name)).collect()
}

/// The spans of a lane, from dawn to `now`.
fn paint_lane(ui: &egui::Ui, rect: egui::Rect, spans: &[Span], now: u64, x: impl Fn(u64) -> f32) {
    let mut mesh = egui::Mesh::default();
    mesh.add_colored_rect(rect, egui::Color32::from_gray(32));
    let ends = spans.iter().skip(1).map(|s| u64::from(s.from)).chain([now]);
    for (span, end) in spans.iter().zip(ends) {
        let (from, to) = (x(u64::from(span.from)), x(end.min(now)));
        let cell = egui::Rect::from_min_max(
            egui::pos2(from, rect.top() + 1.0),
            egui::pos2(to.max(from + 0.5), rect.bottom() - 1.0),
        );
        mesh.add_colored_rect(cell, COLOURS[span.kind as usize]);
    }
    ui.painter_at(rect).add(egui::Shape::mesh(mesh));
}

/// What the pointer is over: a mark's event within a few points, or the span at `step`.
#[allow(clippy::too_many_arguments)]
fn hover_words(
    town: &Town,
    l: Lang,
    (log, events): (&EventLog, &[u32]),
    spans: &[Span],
    marks: &[(u64, egui::Color32, &SimEvent)],
    now: u64,
    step: u64,
    (pointer, x): (f32, &dyn Fn(u64) -> f32),
) -> String {
    if let Some((_, _, event)) = marks.iter().find(|(s, ..)| (x(*s) - pointer).abs() <= 3.0) {
        return format!("{:.1} s: {}", event.t, crate::sim::event_text(town, l, event));
    }
    let at = spans.partition_point(|s| u64::from(s.from) <= step);
    let Some(span) = at.checked_sub(1).map(|i| spans[i]) else {
        return words().plain(l, "state-deciding").to_owned();
    };
    let end = spans.get(at).map_or(now, |s| u64::from(s.from));
    let per_second = f64::from(STEPS_PER_SECOND);
    let mut said = words().say(
        l,
        "lanes-span",
        &[
            ("state", words().plain(l, State::of_span(span.kind).word()).into()),
            ("from", format!("{:.1}", f64::from(span.from) / per_second).into()),
            ("to", format!("{:.1}", end as f64 / per_second).into()),
        ],
    );
    // An action names itself: the event that started it.
    let started = events.iter().filter_map(|&i| log.today.get(i as usize)).find(|e| {
        matches!(e.what, Happening::Started { .. })
            && (f64::from(e.t) * per_second).round() as u64 == u64::from(span.from)
    });
    if span.kind == 1
        && let Some(event) = started
    {
        said = format!("{said}\n{}", crate::sim::event_text(town, l, event));
    }
    said
}

/// Seconds since dawn along the top of the lanes, a tick every round number of them.
fn ruler(ui: &mut egui::Ui, width: f32, day_steps: u64) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, LANE), egui::Sense::hover());
    let seconds = day_steps as f32 / STEPS_PER_SECOND as f32;
    let every = [10.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0]
        .into_iter()
        .find(|e| seconds / e <= 8.0)
        .unwrap_or(3600.0);
    let colour = ui.visuals().weak_text_color();
    let font = egui::FontId::proportional(10.0);
    let mut t = 0.0;
    while t <= seconds {
        let x = rect.left() + rect.width() * t / seconds;
        ui.painter()
            .line_segment([egui::pos2(x, rect.bottom() - 3.0), egui::pos2(x, rect.bottom())], (1.0, colour));
        let align = match x {
            x if x < rect.left() + 12.0 => egui::Align2::LEFT_BOTTOM,
            x if x > rect.right() - 12.0 => egui::Align2::RIGHT_BOTTOM,
            _ => egui::Align2::CENTER_BOTTOM,
        };
        ui.painter().text(
            egui::pos2(x, rect.bottom() - 3.0),
            align,
            format!("{t:.0} s"),
            font.clone(),
            colour,
        );
        t += every;
    }
}

/// The colours' meanings, in a row.
fn legend(ui: &mut egui::Ui, l: Lang) {
    ui.horizontal_wrapped(|ui| {
        for (kind, colour) in COLOURS.iter().enumerate() {
            ui.label(egui::RichText::new("■").color(*colour));
            ui.label(words().plain(l, State::of_span(kind as u8).word()));
        }
        ui.separator();
        for (colour, id) in [
            (egui::Color32::WHITE, "lanes-plan"),
            (egui::Color32::from_rgb(60, 220, 230), "lanes-switch"),
            (egui::Color32::from_rgb(230, 60, 60), "lanes-abort"),
            (egui::Color32::from_rgb(225, 90, 225), "lanes-interrupt"),
        ] {
            ui.label(egui::RichText::new("|").color(colour).strong());
            ui.label(words().plain(l, id));
        }
    });
}
