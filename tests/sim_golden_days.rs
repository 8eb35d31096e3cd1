//! The days every shipped scenario plays, pinned: for each, three whole days' reports (every
//! event, in words and as data) hash as `tests/golden/days.txt` says, on one thread and spread
//! over two, and so does town.ron tiled to 300 varied villagers. Whatever makes the simulation
//! faster must leave these days byte for byte as they are. After a change that means to alter
//! them, `GOAP_TOWN_BLESS=1 cargo test --test sim_golden_days` writes the file again.

mod common;

use bevy::tasks::{ComputeTaskPool, TaskPoolBuilder};
use common::shipped;
use goap_town::scenario::{SHIPPED, text_hash};
use goap_town::sim::{self, FinishedDays, Layout, SimOptions};
use std::path::Path;

const DAYS: usize = 3;

/// One line per day: `town.ron ×300 day 2: 812 events, 0123456789abcdef`.
fn days_of(name: &str, villagers: Option<usize>, parallel: bool) -> Vec<String> {
    let scenario = shipped(name);
    let layout = match villagers {
        Some(n) => Layout::tiled(&scenario, n, Some(sim::DEFAULT_SEED)),
        None => Layout::single(&scenario),
    };
    let steps = (scenario.settings.day_length / sim::STEP).ceil() as usize + 1;
    let options = SimOptions { parallel, parallel_from: 0, time_plans: false, ..SimOptions::default() };
    let mut app = sim::tiled_app(scenario, layout, options);
    let done =
        sim::run_until(&mut app, steps * DAYS, |app| app.world().resource::<FinishedDays>().0.len() == DAYS);
    assert!(done, "{name}: {DAYS} days should end within {} steps", steps * DAYS);
    let size = villagers.map_or(String::new(), |n| format!(" ×{n}"));
    (app.world().resource::<FinishedDays>().0.iter())
        .map(|day| {
            let json = serde_json::to_string(day).unwrap();
            format!("{name}{size} day {}: {} events, {:016x}", day.day, day.events.len(), text_hash(&json))
        })
        .collect()
}

fn every_day(parallel: bool) -> Vec<String> {
    let mut lines: Vec<String> = SHIPPED.iter().flat_map(|(name, _)| days_of(name, None, parallel)).collect();
    lines.extend(days_of("town.ron", Some(300), parallel));
    lines
}

#[test]
fn every_shipped_scenario_plays_its_pinned_days_on_one_thread_and_on_two() {
    let pool = ComputeTaskPool::get_or_init(|| TaskPoolBuilder::new().num_threads(2).build());
    assert!(pool.thread_num() >= 2, "the parallel run must really have several threads");
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/days.txt");
    let one = every_day(false);
    if std::env::var_os("GOAP_TOWN_BLESS").is_some() {
        std::fs::write(&golden, one.join("\n") + "\n").unwrap();
    }
    let pinned = std::fs::read_to_string(&golden).unwrap();
    let pinned: Vec<&str> = pinned.lines().collect();
    assert_eq!(one.len(), pinned.len(), "one line per day of each scenario");
    for (played, pinned) in one.iter().zip(&pinned) {
        assert_eq!(played, pinned, "on one thread");
    }
    for (played, pinned) in every_day(true).iter().zip(&pinned) {
        assert_eq!(played, pinned, "on two threads");
    }
}
