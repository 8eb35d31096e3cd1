//! Memory over hours of play: a tiled town played day after day with what the game keeps (the
//! day's events, its history for going back, every decision's table), the resident size said
//! after each day, so a leak shows as a slope:
//! `cargo run --release --no-default-features --features sim --example long_play -- [SCENARIO] [VILLAGERS] [DAYS]`
//! (default: scenarios/village.ron, 500 villagers, 96 days — an hour of the game at 8×, each
//! day 300 simulated seconds).

use goap_town::scenario;
use goap_town::sim::{self, Layout, SimOptions};
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = PathBuf::from(args.next().unwrap_or_else(|| "scenarios/village.ron".into()));
    let villagers: usize = args.next().map_or(500, |n| n.parse().expect("VILLAGERS is a number"));
    let days: u32 = args.next().map_or(96, |n| n.parse().expect("DAYS is a number"));
    let scenario = match scenario::load(&file) {
        Ok(scenario) => scenario,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    };
    let steps_per_day = (scenario.settings.day_length / sim::STEP).ceil() as u64;
    let layout = Layout::tiled(&scenario, villagers, Some(sim::DEFAULT_SEED));
    let mut app = sim::tiled_app(scenario, layout, SimOptions::game());
    sim::keep_history(app.world_mut());
    app.world_mut().init_resource::<sim::DecisionTables>();
    let started = Instant::now();
    println!("{:>4} {:>10} {:>8}", "day", "RSS MiB", "s");
    println!("{:>4} {:>10.1} {:>8.1}", 0, rss_mib(), 0.0);
    for day in 1..=days {
        while app.world().resource::<sim::Clock>().day == day {
            sim::step(&mut app);
        }
        debug_assert!(app.world().resource::<sim::Clock>().steps < steps_per_day);
        println!("{day:>4} {:>10.1} {:>8.1}", rss_mib(), started.elapsed().as_secs_f32());
    }
}

/// `VmRSS` of `/proc/self/status`, in MiB.
fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: 0 kB");
    let kib: f64 = line["VmRSS:".len()..].trim().trim_end_matches("kB").trim().parse().unwrap_or(0.0);
    kib / 1024.0
}
