//! `goap-town run FILE [--days N] [--lang L] [--json]`: the town headless, as fast as it goes, then
//! a report, its events in language L.

use crate::scenario;
use crate::sim::{self, DayReport};
use crate::words::{Lang, words};
use fluent_bundle::FluentValue;
use serde_json::json;
use std::io::Write;
use std::path::Path;

/// How many events of each day the text report ends with.
const TAIL: usize = 15;

pub fn run(
    file: &Path,
    days: u32,
    lang: Lang,
    as_json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let Ok(scenario) = scenario::load_or_report(file, lang, err) else { return 1 };
    let name = scenario.name.clone();
    // Each day is written as it ends, so a long run shows its progress and holds one day at a
    // time; the JSON is the one object `{"days": [...], "scenario": ...}`, written in pieces.
    let mut written = Ok(());
    if as_json {
        written = write!(out, "{{\"days\":[");
    }
    let mut first = true;
    sim::play_each(scenario, days, lang, |report| {
        if written.is_err() {
            return false;
        }
        written = match as_json {
            // Written straight from the report, not through `json!`, whose numbers are f64: a time
            // of 0.1 s (an f32) would read 0.10000000149011612.
            true => serde_json::to_string(&report)
                .map_err(std::io::Error::other)
                .and_then(|report| write!(out, "{}{report}", if first { "" } else { "," })),
            false => write!(out, "{}", text(&name, &report, lang)),
        }
        .and_then(|()| out.flush());
        first = false;
        written.is_ok()
    });
    if as_json {
        written = written.and_then(|()| writeln!(out, "],\"scenario\":{}}}", json!(name)));
    }
    match written {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "cannot write the report: {e}");
            1
        }
    }
}

fn text(name: &str, report: &DayReport, lang: Lang) -> String {
    let say = |id: &str, args: &[(&str, FluentValue)]| words().say(lang, id, args);
    let plain = |id: &'static str| words().plain(lang, id);
    let mut s = say("report-title", &[("scenario", name.into()), ("day", report.day.into())]) + "\n";
    s += &format!(
        "{:<12} {:<10} {:<9} {:>4} {:>7} | {:>8} {:>7} {:>8} {:>8} {:>7} | {:>7} {:>6}\n",
        plain("column-villager"),
        plain("column-goal"),
        plain("column-kind"),
        plain("column-met"),
        plain("column-first"),
        plain("column-walking"),
        plain("column-acting"),
        plain("column-waiting"),
        plain("column-resting"),
        plain("column-queued"),
        plain("column-replans"),
        plain("column-aborts")
    );
    for v in &report.villagers {
        for (i, g) in v.goals.iter().enumerate() {
            let first = g.first_met_at.map_or("—".to_owned(), |f| format!("{:.0}%", f * 100.0));
            let kind = plain(if g.kind == "need" { "kind-need" } else { "kind-quota" });
            if i == 0 {
                s += &format!(
                    "{:<12} {:<10} {:<9} {:>4} {:>7} | {:>7.0}s {:>6.0}s {:>7.0}s {:>7.0}s {:>6.0}s | {:>7} {:>6}\n",
                    v.id,
                    g.id,
                    kind,
                    g.times_met,
                    first,
                    v.seconds.walking,
                    v.seconds.acting,
                    v.seconds.waiting,
                    v.seconds.resting,
                    v.seconds.queued,
                    v.replans,
                    v.aborts
                );
            } else {
                s += &format!("{:<12} {:<10} {:<9} {:>4} {:>7} |\n", "", g.id, kind, g.times_met, first);
            }
        }
    }
    // Each station, and what the town waited on.
    s += &format!(
        "{:<14} {:<10} {:>6} {:>14} {:>10}\n",
        plain("column-station"),
        plain("column-kind"),
        plain("column-busy"),
        plain("column-line-peak"),
        plain("column-mean-wait")
    );
    for station in &report.stations {
        s += &format!(
            "{:<14} {:<10} {:>5.0}% {:>14} {:>9.1}s\n",
            station.id,
            station.kind,
            station.busy * 100.0,
            station.line_peak,
            station.mean_wait
        );
    }
    for waited in report.waited_on.iter().take(TAIL) {
        let args = [
            ("fact", waited.fact.clone().into()),
            ("seconds", format!("{:.0}", waited.villager_seconds).into()),
            ("count", waited.makers.len().into()),
            ("makers", waited.makers.join(", ").into()),
        ];
        s += &say("report-waited-on", &args);
        s += "\n";
    }
    // A standstill is said whenever in the day it began, not only in the log's tail.
    for e in report.events.iter().filter(|e| e.kind == crate::sim::EventKind::Standstill) {
        s += &format!("{} [{:.1}s] {}\n", plain("report-standstill"), e.t, e.text);
    }
    let (shown, total) = (TAIL.min(report.events.len()), report.events.len());
    s += &say("report-tail", &[("shown", shown.into()), ("total", total.into())]);
    s += "\n";
    for e in report.events.iter().skip(total - shown) {
        let who = e.villager.as_deref().unwrap_or(plain("town"));
        s += &format!("  [{:>6.1}s] {:<10} {}\n", e.t, who, e.text);
    }
    s
}
