//! How long going back in the day takes (`sim::seek`: the day played again from dawn or the
//! nearest snapshot), for the shipped village and for town.ron tiled to a few hundred villagers,
//! at several moments; and the memory the day's history costs, as the peak resident size of a
//! day played with it less one played without it (each in a process of its own):
//! `cargo run --release --example seek_time`.

use goap_town::scenario;
use goap_town::sim::{self, Layout, SimOptions};
use std::process::Command;
use std::time::Instant;

const CASES: [(&str, Option<usize>); 3] =
    [("village.ron", None), ("town.ron", Some(300)), ("town.ron", Some(1_000))];

/// The case's town after playing its whole day (but its last step), keeping history or not.
fn day_played(case: usize, history: bool) -> (bevy::app::App, usize, u64) {
    let (name, villagers) = CASES[case];
    let scenario = scenario::parse(scenario::shipped(name).unwrap(), name).unwrap();
    let layout = match villagers {
        Some(n) => Layout::tiled(&scenario, n, Some(sim::DEFAULT_SEED)),
        None => Layout::single(&scenario),
    };
    let count = layout.villagers;
    let day_steps = (scenario.settings.day_length * sim::STEPS_PER_SECOND as f32) as u64;
    let mut app = sim::tiled_app(scenario, layout, SimOptions::default());
    if history {
        sim::keep_history(app.world_mut());
    }
    for _ in 0..day_steps - 1 {
        sim::step(&mut app);
    }
    (app, count, day_steps)
}

/// `VmHWM` of `/proc/self/status`, in KiB.
fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: 0 kB");
    line["VmHWM:".len()..].trim().trim_end_matches("kB").trim().parse().unwrap_or(0)
}

/// The peak of a process that plays case `case`'s day, with or without history.
fn peak_of(case: usize, history: bool) -> u64 {
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--peak", &case.to_string(), if history { "with" } else { "without" }])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 4 && args[1] == "--peak" {
        let _day = day_played(args[2].parse().unwrap(), args[3] == "with");
        println!("{}", peak_kib());
        return;
    }
    for (case, (name, _)) in CASES.iter().enumerate() {
        let (mut app, count, day_steps) = day_played(case, true);
        for fraction in [0.25, 0.5, 0.99] {
            let to = (day_steps as f64 * fraction) as u64;
            let mut best = f64::MAX;
            for _ in 0..5 {
                let started = Instant::now();
                sim::seek(app.world_mut(), to);
                best = best.min(started.elapsed().as_secs_f64() * 1e3);
            }
            println!(
                "{name} × {count} villagers: back to step {to} of {day_steps}: {best:.1} ms (best of 5)"
            );
        }
        let snapshots = app.world().resource::<sim::DayHistory>().snapshot_steps().count();
        let (with, without) = (peak_of(case, true), peak_of(case, false));
        println!(
            "{name} × {count} villagers: a day's history ({snapshots} snapshots) costs {} KiB of peak memory \
             ({with} KiB with it, {without} KiB without)",
            with as i64 - without as i64
        );
    }
}
