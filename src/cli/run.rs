//! `goap-town run FILE [--days N] [--json]`: the town headless, as fast as it goes, then a report.

use crate::scenario;
use crate::sim::{self, DayReport};
use serde_json::json;
use std::io::Write;
use std::path::Path;

/// How many events of each day the text report ends with.
const TAIL: usize = 15;

pub fn run(file: &Path, days: u32, as_json: bool, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Ok(scenario) = scenario::load_or_report(file, err) else { return 1 };
    let name = scenario.name.clone();
    let reports = sim::play(scenario, days);
    if as_json {
        let _ = writeln!(out, "{}", json!({"scenario": name, "days": reports}));
    } else {
        for report in &reports {
            let _ = write!(out, "{}", text(&name, report));
        }
    }
    0
}

fn text(name: &str, report: &DayReport) -> String {
    let mut s = format!("{name} — day {}\n", report.day);
    s += &format!(
        "{:<12} {:<10} {:<6} {:>4} {:>7} | {:>8} {:>7} {:>8} {:>8} {:>7} | {:>7} {:>6}\n",
        "villager",
        "goal",
        "kind",
        "met",
        "first",
        "walking",
        "acting",
        "waiting",
        "resting",
        "queued",
        "replans",
        "aborts"
    );
    for v in &report.villagers {
        for (i, g) in v.goals.iter().enumerate() {
            let first = g.first_met_at.map_or("—".to_owned(), |f| format!("{:.0}%", f * 100.0));
            if i == 0 {
                s += &format!(
                    "{:<12} {:<10} {:<6} {:>4} {:>7} | {:>7.0}s {:>6.0}s {:>7.0}s {:>7.0}s {:>6.0}s | {:>7} {:>6}\n",
                    v.id,
                    g.id,
                    g.kind,
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
                s += &format!("{:<12} {:<10} {:<6} {:>4} {:>7} |\n", "", g.id, g.kind, g.times_met, first);
            }
        }
    }
    s += &format!("last {} of {} events:\n", TAIL.min(report.events.len()), report.events.len());
    for e in report.events.iter().skip(report.events.len().saturating_sub(TAIL)) {
        s += &format!("  [{:>6.1}s] {:<10} {}\n", e.t, e.villager.as_deref().unwrap_or("town"), e.text);
    }
    s
}
