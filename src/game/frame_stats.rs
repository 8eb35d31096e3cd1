//! `--frame-stats`: how long frames take, printed on leaving. The app's own work — every system
//! of the main schedule from `First` to `Last`: the simulation's fixed steps, the view, the
//! interface and Bevy's transform, visibility and text systems — is timed apart from the whole
//! frame, which under software rendering is mostly drawing. Its CPU time is what the main thread
//! and the compute pool's threads spent in it (Linux's per-thread counters), so a busy machine
//! does not inflate it; drawing runs after it on the main thread (see [`plugin`]).
//!
//! The simulation's share is timed apart too: a frame runs as many fixed steps as real time
//! asks for, so a slow frame (software drawing) runs more of them. Its cost per simulated second
//! gives what a frame would cost at 60 frames a second.

use bevy::app::AppExit;
use bevy::prelude::*;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Frames at the start left out: loading pictures and laying out text the first time.
const WARM_UP: usize = 30;

#[derive(Resource, Default)]
struct FrameTimes {
    /// The per-thread CPU counters counted: the main thread's and the compute pool's.
    counters: Vec<PathBuf>,
    began: Option<(Instant, u64)>,
    last_frame_began: Option<Instant>,
    /// The CPU counter when this frame's fixed steps began, and what they took.
    steps_began: u64,
    steps_cpu: Duration,
    steps_run: u64,
    samples: Vec<Sample>,
}

/// One frame's times.
#[derive(Clone, Copy)]
struct Sample {
    /// The app's own work: wall time and CPU time.
    wall: Duration,
    cpu: Duration,
    /// The CPU time of the simulation's fixed steps within it, and how many steps they were.
    steps_cpu: Duration,
    steps: u64,
    /// Since the frame before began.
    frame: Duration,
}

/// Times every frame. The caller runs rendering on the main thread after the app's update
/// (without Bevy's pipelined rendering), so no drawing overlaps the time counted.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameTimes>()
        .add_systems(First, begin)
        .add_systems(RunFixedMainLoop, begin_steps.in_set(RunFixedMainLoopSystems::BeforeFixedMainLoop))
        .add_systems(RunFixedMainLoop, end_steps.in_set(RunFixedMainLoopSystems::AfterFixedMainLoop))
        .add_systems(Last, (end, report.run_if(on_message::<AppExit>)).chain());
}

/// Nanoseconds these threads have run on a CPU, from `/proc/self/task/<id>/schedstat`.
fn cpu_ns(counters: &[PathBuf]) -> u64 {
    let read =
        |path: &PathBuf| std::fs::read_to_string(path).ok()?.split_whitespace().next()?.parse::<u64>().ok();
    counters.iter().filter_map(read).sum::<u64>()
}

/// The counters of this thread (systems of the update run here and on the compute pool) and of
/// the compute pool's threads.
fn find_counters() -> Vec<PathBuf> {
    let this = std::fs::read_link("/proc/thread-self").ok().and_then(|p| Some(p.file_name()?.to_owned()));
    let tasks = std::fs::read_dir("/proc/self/task").map(|d| d.filter_map(|e| e.ok()).collect::<Vec<_>>());
    let mut counters = Vec::new();
    for task in tasks.unwrap_or_default() {
        let name = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if Some(task.file_name()) == this || name.starts_with("Compute Task") {
            counters.push(task.path().join("schedstat"));
        }
    }
    counters
}

fn begin(mut times: ResMut<FrameTimes>) {
    if times.counters.is_empty() {
        times.counters = find_counters();
    }
    let cpu = cpu_ns(&times.counters);
    times.began = Some((Instant::now(), cpu));
}

fn begin_steps(mut times: ResMut<FrameTimes>, speed: Res<super::SimSpeed>) {
    times.steps_began = cpu_ns(&times.counters);
    times.steps_run = speed.steps_run;
}

fn end_steps(mut times: ResMut<FrameTimes>) {
    times.steps_cpu = Duration::from_nanos(cpu_ns(&times.counters).saturating_sub(times.steps_began));
}

fn end(mut times: ResMut<FrameTimes>, speed: Res<super::SimSpeed>) {
    let (now, cpu) = (Instant::now(), cpu_ns(&times.counters));
    let Some((began, cpu_before)) = times.began else { return };
    if let Some(last) = times.last_frame_began.replace(began) {
        let sample = Sample {
            wall: now - began,
            cpu: Duration::from_nanos(cpu.saturating_sub(cpu_before)),
            steps_cpu: times.steps_cpu,
            steps: speed.steps_run - times.steps_run,
            frame: began - last,
        };
        times.samples.push(sample);
    }
}

fn report(times: Res<FrameTimes>, speed: Res<super::SimSpeed>) {
    let samples = times.samples.get(WARM_UP..).unwrap_or_default();
    if samples.is_empty() {
        println!("frame stats: too few frames to say");
        return;
    }
    let summary = |pick: fn(&Sample) -> Duration| {
        let mut ms: Vec<f64> = samples.iter().map(|s| pick(s).as_secs_f64() * 1e3).collect();
        ms.sort_by(f64::total_cmp);
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        let p95 = ms[(ms.len() * 95 / 100).min(ms.len() - 1)];
        format!("mean {mean:.2} ms, median {:.2} ms, p95 {p95:.2} ms", ms[ms.len() / 2])
    };
    println!("frame stats over {} frames (after {WARM_UP} left out):", samples.len());
    println!("  app update (simulation, view, interface), CPU: {}", summary(|s| s.cpu));
    println!("    of which the simulation's fixed steps: {}", summary(|s| s.steps_cpu));
    println!("    the rest (view, interface, Bevy's own): {}", summary(|s| s.cpu - s.steps_cpu));
    println!("  app update, wall clock: {}", summary(|s| s.wall));
    println!("  whole frame, drawing included: {}", summary(|s| s.frame));
    let steps: u64 = samples.iter().map(|s| s.steps).sum();
    let steps_cpu: f64 = samples.iter().map(|s| s.steps_cpu.as_secs_f64()).sum();
    let rest: f64 =
        samples.iter().map(|s| (s.cpu - s.steps_cpu).as_secs_f64()).sum::<f64>() / samples.len() as f64;
    if steps > 0 {
        let per_step_ms = steps_cpu / steps as f64 * 1e3;
        let x = speed.multiplier;
        let simulation = per_step_ms * f64::from(x * crate::sim::STEPS_PER_SECOND) / 60.0;
        let rest = rest * 1e3;
        println!("  simulation: {per_step_ms:.3} ms CPU a step");
        println!(
            "  at 60 frames a second and {x}x speed, a frame's update would take {:.2} ms of CPU \
             ({simulation:.2} simulation + {rest:.2} the rest)",
            simulation + rest
        );
    }
}
