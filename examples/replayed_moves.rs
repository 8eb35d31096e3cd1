//! How long replayed station moves take (each move re-prices walks): 1,000 moves of village.ron's
//! and town.ron's stations, each within 100 units of where the file has it, made from step 600 of
//! day 1 all at one moment, and one a step against the same steps played without them; and how
//! much the process grows with the day's history of the moves made at one moment. A measurement,
//! not a check (this machine's timings drift):
//! `cargo run --example replayed_moves -- [MOVES] [SCENARIO]`
//! (default: 1,000 moves, in village.ron and town.ron; `20 town.ron` asks for fewer, in one).

use bevy::prelude::*;
use goap_town::scenario::{self, Scenario};
use goap_town::sim::{self, Moment, Replay, Town};
use std::time::Instant;

/// The step of day 1 the moves begin at: a fifth into the day, with its work under way.
const MOVES_FROM: u64 = 600;

fn main() {
    let mut args = std::env::args().skip(1);
    let moves: u64 = args.next().map_or(1_000, |m| m.parse().expect("MOVES is a number"));
    let only = args.next();
    for name in ["village.ron", "town.ron"].into_iter().filter(|&n| only.as_deref().is_none_or(|s| s == n)) {
        let played = |replay: &Replay| {
            let mut app = App::new();
            app.add_plugins(sim::SimPlugin);
            sim::install_town(app.world_mut(), replay.town(shipped(name)));
            sim::keep_history(app.world_mut());
            replay.play(app.world_mut(), Moment { day: 1, step: MOVES_FROM - 1 }).unwrap();
            let (started, resident) = (Instant::now(), resident_kib());
            replay.play(app.world_mut(), replay.end).unwrap();
            (app, started.elapsed().as_secs_f64() * 1e3, resident_kib() - resident)
        };
        let (at_once, at_once_ms, grew) = played(&replay_of_moves(name, moves, false));
        let one_a_step = replay_of_moves(name, moves, true);
        let (moved, moved_ms, _) = played(&one_a_step);
        let (unmoved, unmoved_ms, _) = played(&Replay { edits: Vec::new(), ..one_a_step.clone() });
        assert_eq!(at_once.world().resource::<sim::DayHistory>().edits.len(), moves as usize);
        let stations = |app: &App| app.world().resource::<Town>().scenario.stations.clone();
        assert_ne!(stations(&moved), stations(&unmoved), "the stations moved");
        let each = (moved_ms - unmoved_ms) / moves as f64;
        println!(
            "{name}: {moves} moves at one moment {at_once_ms:.0} ms ({:.3} ms a move, the process \
             {grew} KiB larger after them); one a step {moved_ms:.0} ms, the same steps without them \
             {unmoved_ms:.0} ms ({each:.3} ms a move)",
            at_once_ms / moves as f64
        );
    }
}

/// A shipped scenario, as built into the binary.
fn shipped(name: &str) -> Scenario {
    scenario::parse(scenario::shipped(name).expect("a shipped scenario"), name).unwrap()
}

/// A replay of the shipped scenario `name` in which a station moves `moves` times, each time one
/// of them to somewhere within 100 units of where the file has it — one a step from step
/// [`MOVES_FROM`] of day 1, or all at that step: what a long drag session asks of a town.
fn replay_of_moves(name: &str, moves: u64, one_a_step: bool) -> Replay {
    let scenario = shipped(name);
    let mut app = sim::simulation_app(scenario.clone());
    sim::keep_history(app.world_mut());
    let step = |n: u64| MOVES_FROM + if one_a_step { n } else { 0 };
    let end = Moment { day: 1, step: step(moves.saturating_sub(1)) };
    let mut replay = serde_json::to_value(Replay::of(app.world(), name, true, end).unwrap()).unwrap();
    let mut random = goap_town::random::SplitMix64(41);
    let mut nearby = |x: f32| ((x + random.below(2_001) as f32 / 10.0 - 100.0) * 10.0).round() / 10.0;
    let edits = (0..moves).map(|n| {
        let station = &scenario.stations[n as usize * 7 % scenario.stations.len()];
        let to = station.position.map(&mut nearby);
        serde_json::json!({ "day": 1, "step": step(n), "move": { "station": station.id, "to": to } })
    });
    replay["edits"] = edits.collect();
    serde_json::from_value(replay).unwrap()
}

/// `VmRSS` of `/proc/self/status`, in KiB.
fn resident_kib() -> i64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: 0 kB");
    line["VmRSS:".len()..].trim().trim_end_matches("kB").trim().parse().unwrap_or(0)
}
