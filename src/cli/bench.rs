//! `goap-town bench --villagers N`: a town of N villagers tiled from one scenario, run headless
//! as fast as it goes, to measure how fast and how lean the simulation and the planner are.

use crate::scenario::{self, SCENARIO_FOLDER, Scenario, ScenarioChoice};
use crate::sim::{self, Layout, PlanTimes, STEP, SimOptions, Town};
use crate::words::{Lang, verbatim, words};
use bevy::tasks::{ComputeTaskPool, TaskPoolBuilder};
use serde_json::json;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Villagers per shard unless asked otherwise. A shard this size keeps its state in the cache
/// through the whole run, so that a villager costs as much in a town of 60,000 as in one of 600;
/// and each shard is a whole Bevy world, whose own memory (its schedule, its resources, and 64
/// slots of each resource's storage) is shared by fewer villagers the larger it is
/// (docs/performance.md compares shard sizes).
pub const SHARD_VILLAGERS: usize = 8_000;

/// What `bench` was asked to do.
pub struct Request<'a> {
    pub file: Option<&'a Path>,
    pub villagers: usize,
    pub days: u32,
    /// Threads to run on; `None` uses every core.
    pub threads: Option<usize>,
    /// About how many villagers each shard of whole tiles holds (0: one shard per thread).
    pub shard_villagers: usize,
    pub seed: u64,
    pub json: bool,
    /// The language of the report and of a broken scenario's problems.
    pub lang: Lang,
}

/// What one run measured.
struct Measured {
    villagers: usize,
    tiles: usize,
    threads: usize,
    /// Independent worlds of whole tiles, spread over the threads.
    shards: usize,
    sim_seconds: f64,
    wall_seconds: f64,
    plans: u64,
    plan_mean_us: f64,
    plan_p99_us: f64,
    peak_rss_mb: f64,
    /// Resident memory the town added to the engine's, per villager.
    bytes_per_villager: f64,
}

pub fn run(request: &Request, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    // The scenario to tile: town.ron unless told (every figure of the bench so far tiles it).
    let choice = scenario::file_or(request.file, "town.ron");
    if let ScenarioChoice::BuiltIn(name) = choice {
        let _ = writeln!(err, "no {SCENARIO_FOLDER}/ folder here: tiling the built-in {name}");
    }
    let Ok(scenario) = choice.load_or_report(request.lang, err) else { return 1 };
    if request.villagers == 0 || request.days == 0 || request.threads == Some(0) {
        let _ = writeln!(err, "bench: --villagers, --days and --threads must be at least 1");
        return 1;
    }
    let threads =
        request.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = ComputeTaskPool::get_or_init(|| TaskPoolBuilder::new().num_threads(threads).build());
    if pool.thread_num() != threads {
        let _ = writeln!(err, "bench: the task pool already has {} threads", pool.thread_num());
        return 1;
    }
    let m = measure(scenario, request, threads);
    let speedup = m.sim_seconds / m.wall_seconds;
    if request.json {
        let report = json!({
            "villagers": m.villagers,
            "sim_seconds": m.sim_seconds,
            "wall_seconds": m.wall_seconds,
            "speedup": speedup,
            "plans": m.plans,
            "plan_mean_us": m.plan_mean_us,
            "plan_p99_us": m.plan_p99_us,
            "peak_rss_mb": m.peak_rss_mb,
            "tiles": m.tiles,
            "threads": m.threads,
            "shards": m.shards,
            "bytes_per_villager": m.bytes_per_villager,
        });
        let _ = writeln!(out, "{report}");
    } else {
        let args = [
            ("villagers", m.villagers.into()),
            ("tiles", m.tiles.into()),
            ("shards", m.shards.into()),
            ("threads", m.threads.into()),
            ("simulated", verbatim(format!("{:.0}", m.sim_seconds))),
            ("wall", verbatim(format!("{:.3}", m.wall_seconds))),
            ("speedup", verbatim(format!("{speedup:.1}"))),
            ("plans", m.plans.into()),
            ("mean", verbatim(format!("{:.3}", m.plan_mean_us))),
            ("p99", verbatim(format!("{:.3}", m.plan_p99_us))),
            ("memory", verbatim(format!("{:.1}", m.peak_rss_mb))),
            ("per-villager", verbatim(format!("{:.0}", m.bytes_per_villager))),
        ];
        let _ = writeln!(out, "{}", words().say(request.lang, "bench-report", &args));
    }
    0
}

fn measure(scenario: Scenario, request: &Request, threads: usize) -> Measured {
    let steps_per_day = (scenario.settings.day_length / STEP).round() as u64;
    let steps = steps_per_day * u64::from(request.days);
    let layout = Layout::tiled(&scenario, request.villagers, Some(request.seed));
    let tiles = layout.tiles;
    let options = SimOptions { time_plans: true, keep_days: false, ..SimOptions::default() };
    // The engine first — with the town's compiled planners, which do not grow with the town, and
    // one tile of it — so that what the villagers add can be told apart.
    let whole = Town::tiled(scenario, layout);
    let mut app =
        sim::town_app(whole.shard(whole.layout.shards(whole.layout.tiles).remove(0)), options.clone());
    sim::step(&mut app);
    let engine = resident_bytes("VmRSS:").unwrap_or(0);
    // Shards of whole tiles, each stepping through the whole run on its own.
    let worlds = sim::shard_worlds(&whole, shard_count(request, threads), &options);
    let shards = worlds.len();
    let started = Instant::now();
    // Each world is handed back whole, so the peak counts every villager's state at the end.
    let gathered = sim::run_shards(worlds, steps, std::mem::take);
    let wall_seconds = started.elapsed().as_secs_f64();
    let peak = resident_bytes("VmHWM:").unwrap_or(0);
    let mut times = PlanTimes::default();
    for mut world in gathered {
        times.absorb(&mut world.resource_mut::<PlanTimes>());
    }
    Measured {
        villagers: request.villagers,
        tiles,
        threads,
        shards,
        // Rounded to the microsecond: the step is an f32 tenth, 0.100000001 as an f64.
        sim_seconds: (steps as f64 * f64::from(STEP) * 1e6).round() / 1e6,
        wall_seconds,
        plans: times.count,
        plan_mean_us: times.mean_nanos() / 1000.0,
        plan_p99_us: times.quantile_nanos(0.99) as f64 / 1000.0,
        peak_rss_mb: peak as f64 / (1024.0 * 1024.0),
        bytes_per_villager: peak.saturating_sub(engine) as f64 / request.villagers as f64,
    }
}

/// Shards of about `shard_villagers` each, a whole number of them per thread (at least one).
fn shard_count(request: &Request, threads: usize) -> usize {
    let wanted = match request.shard_villagers {
        0 => 1,
        size => request.villagers.div_ceil(size),
    };
    wanted.div_ceil(threads).max(1) * threads
}

/// A line of `/proc/self/status` in bytes (`VmRSS:` now, `VmHWM:` at the peak); Linux only.
fn resident_bytes(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    let kilobytes: u64 = line[key.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kilobytes * 1024)
}
