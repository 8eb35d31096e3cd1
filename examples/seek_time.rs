//! How long going back in the day takes (`sim::seek`: the day played again from dawn), for the
//! shipped village and for town.ron tiled to a few hundred villagers, at several moments:
//! `cargo run --release --example seek_time`.

use goap_town::scenario;
use goap_town::sim::{self, Layout, SimOptions};
use std::time::Instant;

fn main() {
    let cases = [("village.ron", None), ("town.ron", Some(300)), ("town.ron", Some(1_000))];
    for (name, villagers) in cases {
        let scenario = scenario::parse(scenario::shipped(name).unwrap(), name).unwrap();
        let layout = match villagers {
            Some(n) => Layout::tiled(&scenario, n, Some(sim::DEFAULT_SEED)),
            None => Layout::single(&scenario),
        };
        let count = layout.villagers;
        let day_steps = (scenario.settings.day_length * sim::STEPS_PER_SECOND as f32) as u64;
        let mut app = sim::tiled_app(scenario, layout, SimOptions::default());
        sim::keep_history(app.world_mut());
        for _ in 0..day_steps - 1 {
            sim::step(&mut app);
        }
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
    }
}
