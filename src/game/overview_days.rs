//! The overview's days as charts, one point a finished day: goals met by trade, the town's time
//! by activity, and how busy each kind of station was — so a designer sees whether an edit made
//! tomorrow better than today.

use super::overview_model::trade_of;
use crate::sim::{DayFigures, PastDays, Seconds, Town};
use crate::words::{Lang, words};
use bevy_egui::egui;
use egui_plot::{Legend, Line, Plot};

/// Each chart's height, so three fit the window's first size.
const HEIGHT: f32 = 130.0;

pub(super) fn days_tab(ui: &mut egui::Ui, l: Lang, town: &Town, past: &PastDays) {
    if past.0.is_empty() {
        ui.label(words().plain(l, "overview-no-days"));
        return;
    }
    let say = |id: &str| words().plain(l, id).to_owned();
    // Room on the right of the last day for the legend, which would hide the lines there.
    let (first, last) = (past.0[0].day, past.0[past.0.len() - 1].day);
    let legend_room = f64::from(last) + 0.4 * f64::from(last - first + 1);
    let by_day = |value: &dyn Fn(&DayFigures) -> f64| -> Vec<[f64; 2]> {
        past.0.iter().map(|d| [f64::from(d.day), value(d)]).collect()
    };
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.label(say("overview-goals-met"));
        Plot::new("goals-met")
            .height(HEIGHT)
            .legend(Legend::default())
            .include_y(0.0)
            .include_x(legend_room)
            .show(ui, |plot| {
                // Characters named alike (`Farmer 1`, `Farmer 2`) are one trade.
                let trade = |c: usize| trade_of(&town.scenario.characters[c].name);
                // Each trade once, in the order the scenario first has it.
                let mut trades: Vec<String> = Vec::new();
                for name in (0..town.scenario.characters.len()).map(trade) {
                    if !trades.contains(&name) {
                        trades.push(name);
                    }
                }
                for name in trades {
                    let met = |d: &DayFigures| {
                        let of_trade = (0..d.goals_met.len()).filter(|&c| trade(c) == name);
                        f64::from(of_trade.map(|c| d.goals_met[c]).sum::<u32>())
                    };
                    plot.line(Line::new(name.clone(), by_day(&met)));
                }
            });
        ui.label(say("overview-time-by-activity"));
        let shares = Plot::new("activity")
            .height(HEIGHT)
            .legend(Legend::default())
            .include_y(0.0)
            .include_x(legend_room);
        shares.include_y(1.0).show(ui, |plot| {
            let share = |f: fn(&Seconds) -> f32| {
                by_day(&|d: &DayFigures| {
                    let s = &d.seconds;
                    let total = (s.walking + s.acting + s.waiting + s.resting + s.queued).max(1e-6);
                    f64::from(f(s) / total)
                })
            };
            // In the lanes' colours.
            let [walking, acting, waiting, resting, queued, _] = super::lanes::COLOURS;
            plot.line(Line::new(say("column-walking"), share(|s| s.walking)).color(walking));
            plot.line(Line::new(say("column-acting"), share(|s| s.acting)).color(acting));
            plot.line(Line::new(say("column-waiting"), share(|s| s.waiting)).color(waiting));
            plot.line(Line::new(say("column-resting"), share(|s| s.resting)).color(resting));
            plot.line(Line::new(say("column-queued"), share(|s| s.queued)).color(queued));
        });
        ui.label(say("overview-busy-by-kind"));
        let kinds: Vec<String> =
            past.0.last().map(|d| d.busy.iter().map(|k| k.kind.clone()).collect()).unwrap_or_default();
        // Tall enough for its legend's every kind.
        let height = HEIGHT.max(20.0 * kinds.len() as f32 + 24.0);
        let busy =
            Plot::new("busy").height(height).legend(Legend::default()).include_y(0.0).include_x(legend_room);
        busy.include_y(1.0).show(ui, |plot| {
            for kind in kinds {
                // A kind a day lacked (the scenario edited since) is left out of that day.
                let points: Vec<[f64; 2]> = (past.0.iter())
                    .filter_map(|d| {
                        let share = d.busy.iter().find(|k| k.kind == kind)?.busy;
                        Some([f64::from(d.day), f64::from(share)])
                    })
                    .collect();
                plot.line(Line::new(kind, points));
            }
        });
    });
}
