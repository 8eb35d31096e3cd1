//! `goap-town fuzz`: the loader's fuzzing (or, with `--replays`, the replay files'), for as many
//! mutants as asked, on every core.

use crate::scenario::fuzz::{self, Report};
use std::io::Write;
use std::path::Path;

/// Mutants per batch: batch `k` is made from its own seed, so a run's inputs do not depend on
/// how many threads checked them.
const BATCH: usize = 10_000;

/// `check(size, seed)` over `inputs` mutants in batches spread on `threads` threads; each batch's
/// report, and the threads used.
pub fn batches<R: Send>(
    inputs: usize,
    seed: u64,
    threads: usize,
    check: impl Fn(usize, u64) -> R + Sync,
) -> (Vec<R>, usize) {
    let batches = inputs.div_ceil(BATCH);
    let threads = threads.clamp(1, batches.max(1));
    let check = &check;
    let reports = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..batches)
                        .step_by(threads)
                        .map(|k| {
                            let size = BATCH.min(inputs - k * BATCH);
                            check(size, seed.wrapping_mul(0x1_0000_0001).wrapping_add(k as u64))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a fuzzing thread")).collect()
    });
    (reports, threads)
}

pub fn run(inputs: usize, seed: u64, threads: usize, save: Option<&Path>, out: &mut dyn Write) -> u8 {
    let started = std::time::Instant::now();
    let (reports, threads) = batches(inputs, seed, threads, fuzz::run);
    let wall = started.elapsed();
    let sum = |f: fn(&Report) -> usize| reports.iter().map(f).sum::<usize>();
    let (checked, loaded, rejected) = (sum(|r| r.inputs), sum(|r| r.loaded), sum(|r| r.rejected));
    let total: std::time::Duration = reports.iter().map(|r| r.total).sum();
    let slowest = reports.iter().max_by_key(|r| r.slowest);
    let failures: Vec<_> = reports.iter().flat_map(|r| &r.failures).collect();
    let _ = writeln!(
        out,
        "{checked} mutants of the shipped scenarios (seed {seed}, {threads} threads, {:.1} s): {loaded} loaded, \
         {rejected} rejected with located errors, {} broke a rule",
        wall.as_secs_f64(),
        failures.len()
    );
    let _ = writeln!(
        out,
        "load time: mean {:.1} µs, slowest {:.2} ms",
        total.as_secs_f64() * 1e6 / checked.max(1) as f64,
        slowest.map_or(0.0, |r| r.slowest.as_secs_f64() * 1e3)
    );
    saved(save, slowest.map(|r| r.slowest_input.as_slice()), &failures, "ron", out)
}

/// Says each failure, and saves it and the slowest mutant into `save` (as `*.ext`) if asked;
/// exit code 1 if anything failed.
pub fn saved(
    save: Option<&Path>,
    slowest: Option<&[u8]>,
    failures: &[&(Vec<u8>, String)],
    ext: &str,
    out: &mut dyn Write,
) -> u8 {
    if let (Some(folder), Some(slowest)) = (save, slowest) {
        let path = folder.join(format!("slowest.{ext}"));
        if std::fs::create_dir_all(folder).and_then(|_| std::fs::write(&path, slowest)).is_ok() {
            let _ = writeln!(out, "the slowest mutant is saved as {}", path.display());
        }
    }
    for (i, (bytes, problem)) in failures.iter().enumerate() {
        let _ = writeln!(out, "failure {i}: {problem}");
        if let Some(folder) = save {
            let path = folder.join(format!("failure-{i}.{ext}"));
            match std::fs::create_dir_all(folder).and_then(|_| std::fs::write(&path, bytes)) {
                Ok(()) => drop(writeln!(out, "  saved as {}", path.display())),
                Err(e) => drop(writeln!(out, "  cannot save {}: {e}", path.display())),
            }
        }
    }
    u8::from(!failures.is_empty())
}
