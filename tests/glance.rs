//! The town at a glance, headless: each station's busy share, longest line and mean wait, and
//! the facts the town waited on most — read from the day's events as they happen, and in
//! `run`'s report (text and `--json`).

mod common;

use common::{goap_town, shipped};
use goap_town::sim::{self, EventKind, EventLog, Glance, Happening, Town};
use std::collections::HashMap;

/// The seconds each station was acted at, summed from the day's events by hand: from each
/// start to its villager's next finish, interruption or stop.
fn acting_spans(events: &[sim::SimEvent], now: f32) -> HashMap<usize, f32> {
    let mut open: HashMap<usize, (usize, f32)> = HashMap::new();
    let mut spans: HashMap<usize, f32> = HashMap::new();
    for e in events {
        let Some(who) = e.villager else { continue };
        let ends = matches!(
            e.what,
            Happening::Finished { .. }
                | Happening::Changed(sim::LastReason::Interrupted { was: sim::Underway::Acting { .. }, .. })
                | Happening::Changed(sim::LastReason::Stopped { was: sim::Underway::Acting { .. } })
        );
        if ends && let Some((station, since)) = open.remove(&who) {
            *spans.entry(station).or_default() += e.t - since;
        }
        if let Happening::Started { station, .. } = e.what {
            open.insert(who, (station as usize, e.t));
        }
    }
    for (station, since) in open.into_values() {
        *spans.entry(station).or_default() += now - since;
    }
    spans
}

#[test]
fn a_stations_busy_share_is_the_sum_of_its_acting_spans() {
    let mut app = sim::simulation_app(shipped("village.ron"));
    for moment in [600, 1_800, 2_999] {
        while app.world().resource::<sim::Clock>().steps < moment {
            sim::step(&mut app);
        }
        let (town, log) = (app.world().resource::<Town>(), app.world().resource::<EventLog>());
        let now = app.world().resource::<sim::Clock>().time;
        let glance = Glance::of(town, &log.today);
        let spans = acting_spans(&log.today, now);
        let stations = glance.stations(town, now);
        assert!(stations.iter().any(|s| s.busy > 0.2), "a busy station by {now} s: {stations:?}");
        for (s, report) in stations.iter().enumerate() {
            let places = town.scenario.stations[s].capacity.unwrap_or(1) as f32;
            let summed = spans.get(&s).copied().unwrap_or(0.0);
            assert!(
                (report.busy * now * places - summed).abs() < 1e-2,
                "{}: {report:?} against {summed} s",
                report.id
            );
            assert!((0.0..=1.0).contains(&report.busy), "{report:?}");
        }
        // The longest line is the furthest place anyone joined a line there.
        for (s, report) in stations.iter().enumerate() {
            let joined = (log.today.iter())
                .filter_map(|e| match e.what {
                    Happening::Queued { station, place, .. } if station as usize == s => Some(place),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
            assert_eq!(report.line_peak, joined, "{}", report.id);
        }
    }
}

#[test]
fn taken_in_as_they_happen_the_figures_are_those_of_the_whole_day_read_at_once() {
    let mut app = sim::simulation_app(shipped("village.ron"));
    let mut glance = Glance::default();
    for _ in 0..1_500 {
        sim::step(&mut app);
        let (town, log) = (app.world().resource::<Town>(), app.world().resource::<EventLog>());
        glance.take_in(town, &log.today);
    }
    let (town, log) = (app.world().resource::<Town>(), app.world().resource::<EventLog>());
    let now = app.world().resource::<sim::Clock>().time;
    let whole = Glance::of(town, &log.today);
    assert_eq!(glance.stations(town, now), whole.stations(town, now));
    assert_eq!(glance.waited_on(town, now), whole.waited_on(town, now));
    // Gone back in time, it reads the day again.
    sim::keep_history(app.world_mut());
}

#[test]
fn what_town_ron_waits_on_at_25_s_is_the_ring_of_bread_and_wheat() {
    let mut app = sim::simulation_app(shipped("town.ron"));
    while app.world().resource::<sim::Clock>().time < 25.0 {
        sim::step(&mut app);
    }
    let (town, log) = (app.world().resource::<Town>(), app.world().resource::<EventLog>());
    let now = app.world().resource::<sim::Clock>().time;
    let waited = Glance::of(town, &log.today).waited_on(town, now);
    let top: Vec<&str> = waited.iter().take(2).map(|w| w.fact.as_str()).collect();
    assert!(top.contains(&"world.bread") && top.contains(&"world.wheat"), "{waited:?}");
    let bread = waited.iter().find(|w| w.fact == "world.bread").unwrap();
    assert!(bread.villager_seconds > 0.0 && bread.makers.contains(&"baker".to_owned()), "{bread:?}");
}

#[test]
fn runs_report_gives_the_stations_and_what_the_town_waited_on() {
    let out = goap_town(&["run", "scenarios/town.ron", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let day = &report["days"][0];
    let stations = day["stations"].as_array().unwrap();
    assert!(!stations.is_empty());
    for s in stations {
        for field in ["id", "kind", "busy", "line_peak", "mean_wait"] {
            assert!(!s[field].is_null(), "{field} of {s}");
        }
    }
    let waited = day["waited_on"].as_array().unwrap();
    assert!(waited.iter().any(|w| w["fact"] == "world.bread"), "{waited:?}");
    assert!(waited[0]["villager_seconds"].as_f64().unwrap() > 0.0);
    assert!(day["villagers"][0]["seconds"]["walking"].is_number(), "seconds by activity");

    let text = goap_town(&["run", "scenarios/town.ron"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("busy") && text.contains("waited on"), "{text}");
    let es = goap_town(&["run", "scenarios/town.ron", "--lang", "es"]);
    let es = String::from_utf8_lossy(&es.stdout);
    assert!(es.contains("ocupada") && es.contains("esperado"), "{es}");
    let _ = EventKind::Queued;
}
