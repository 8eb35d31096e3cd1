//! A tiled village with its map (and its interruptions) lives the same day on one, two and three
//! threads: stepped as one
//! world with planning spread over the threads, its west bridge washed away at noon (every field
//! repaired while the town walks), and run as shards of whole tiles. A process has one compute
//! task pool of one size, so each thread count runs in a process of its own: this test's binary
//! again, asked for that one test.

#![cfg(feature = "sim")]

use bevy::tasks::{ComputeTaskPool, TaskPoolBuilder};
use goap_town::scenario::{self, Scenario};
use goap_town::sim::{self, FinishedDays, Layout, SimOptions, Town};
use goap_town::space::{Cell, Ground};
use std::path::Path;

/// Set in a child process: how many threads its pool has.
const THREADS: &str = "GOAP_TOWN_SPACE_THREADS";
/// Set in a child process: the file it writes its days to.
const OUT: &str = "GOAP_TOWN_SPACE_THREADS_OUT";

/// Three tiles of the village, their starts and speeds varied.
const VILLAGERS: usize = 60;

#[test]
fn a_tiled_village_with_its_map_lives_the_same_day_on_one_two_and_three_threads() {
    if let (Ok(threads), Ok(out)) = (std::env::var(THREADS), std::env::var(OUT)) {
        return child(threads.parse().unwrap(), Path::new(&out));
    }
    let folder = tempfile::tempdir().unwrap();
    let days: Vec<(usize, String)> = (1..=3)
        .map(|threads| {
            let out = folder.path().join(format!("{threads}.json"));
            let run = std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    "a_tiled_village_with_its_map_lives_the_same_day_on_one_two_and_three_threads",
                    "--exact",
                    "--test-threads=1",
                ])
                .env(THREADS, threads.to_string())
                .env(OUT, &out)
                .output()
                .unwrap();
            let said = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
            assert!(run.status.success(), "{threads} threads:\n{}{}", said(&run.stdout), said(&run.stderr));
            (threads, std::fs::read_to_string(&out).unwrap())
        })
        .collect();
    // What one thread lived: a busy day, for every villager of the town and of each shard.
    let (whole, shards): (serde_json::Value, Vec<serde_json::Value>) =
        serde_json::from_str(&days[0].1).unwrap();
    let events = whole["events"].as_array().unwrap();
    assert!(events.len() > 3000, "a busy day: {} events", events.len());
    let interrupted = events.iter().filter(|e| e["kind"] == "interrupted").count();
    assert!(interrupted > 0, "villagers broken off by Thirst and Hunger, at their steps, on any thread");
    assert_eq!(whole["villagers"].as_array().unwrap().len(), VILLAGERS);
    let shard_villagers: Vec<usize> =
        shards.iter().map(|s| s["villagers"].as_array().unwrap().len()).collect();
    assert_eq!(shard_villagers, [20, 20, 20]);
    for (threads, day) in &days[1..] {
        assert!(
            day == &days[0].1,
            "{threads} threads live another day than one thread does: {}",
            first_difference(&days[0].1, day)
        );
    }
}

/// Where two texts first differ, with some of each around it.
fn first_difference(a: &str, b: &str) -> String {
    let at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let around = |s: &str| s.get(at.saturating_sub(200)..(at + 200).min(s.len())).unwrap_or("").to_owned();
    format!("at byte {at}:\n{}\n---\n{}", around(a), around(b))
}

/// The village, read from its file.
fn village() -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/village.ron");
    scenario::load(&path).unwrap()
}

/// In a process of its own: the day of the tiled village on `threads` threads, as one world and
/// as shards, written to `out` as JSON.
fn child(threads: usize, out: &Path) {
    let pool = ComputeTaskPool::get_or_init(|| TaskPoolBuilder::new().num_threads(threads).build());
    assert_eq!(pool.thread_num(), threads);
    let village = village();
    let steps = (village.settings.day_length / sim::STEP).ceil() as u64 + 1;
    let layout = Layout::tiled(&village, VILLAGERS, Some(3));
    let options = SimOptions { parallel: true, parallel_from: 0, time_plans: false, ..SimOptions::default() };
    // One world, planning on every thread; at noon the west bridge (rows 10 and 11, columns 15
    // and 16) is water.
    let mut app = sim::tiled_app(village.clone(), layout.clone(), options.clone());
    for _ in 0..steps / 2 {
        sim::step(&mut app);
    }
    let mut flooded = village.clone();
    for (col, row) in [(15, 10), (16, 10), (15, 11), (16, 11)] {
        assert!(flooded.paint(Cell { col, row }, Ground::Water));
    }
    sim::update_scenario(app.world_mut(), flooded);
    let done =
        sim::run_until(&mut app, steps as usize, |app| !app.world().resource::<FinishedDays>().0.is_empty());
    assert!(done, "the day ends");
    let whole = app.world_mut().resource_mut::<FinishedDays>().0.remove(0);
    // Shards of whole tiles, spread over the threads.
    let worlds = sim::shard_worlds(&Town::tiled(village, layout), 3, &options);
    let shards = sim::run_shards(worlds, steps, |world| world.resource_mut::<FinishedDays>().0.remove(0));
    // The shards' day is the unflooded one: the flood changed the day.
    let unflooded: Vec<_> = shards.iter().flat_map(|s| s.villagers.clone()).collect();
    assert_ne!(whole.villagers, unflooded, "the flood is felt");
    std::fs::write(out, serde_json::to_string(&(whole, shards)).unwrap()).unwrap();
}
