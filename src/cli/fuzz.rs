//! `goap-town fuzz`: the loader's fuzzing (or, with `--replays`, the replay files'), for as many
//! mutants as asked, on every core; each ends its summary the same way ([`write_summary`]).

use crate::scenario::fuzz::{self, Report, Tally};
use std::fmt::Display;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

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

/// How many mutants `tallies` checked, and how many broke a rule.
pub fn counts<B>(tallies: &[&Tally<B>]) -> (usize, usize) {
    (tallies.iter().map(|t| t.inputs).sum(), tallies.iter().map(|t| t.failures.len()).sum())
}

/// A fuzz run's summary: `lines` (what the run found, in its own words), then the mean and the
/// slowest check as `timing(mean, slowest)` says them (in seconds), then each failure, with the
/// slowest mutant and the failures saved into `save` (as `*.ext`) if asked; exit code 1 if
/// anything failed.
pub fn write_summary<B: Display>(
    tallies: &[&Tally<B>],
    lines: &[String],
    timing: impl Fn(f64, f64) -> String,
    (save, ext): (Option<&Path>, &str),
    out: &mut dyn Write,
) -> u8 {
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    let (checked, _) = counts(tallies);
    let total: Duration = tallies.iter().map(|t| t.total).sum();
    let slowest = tallies.iter().max_by_key(|t| t.slowest);
    let mean = total.as_secs_f64() / checked.max(1) as f64;
    let _ = writeln!(out, "{}", timing(mean, slowest.map_or(0.0, |t| t.slowest.as_secs_f64())));
    let failures: Vec<_> = tallies.iter().flat_map(|t| &t.failures).collect();
    saved(save, slowest.map(|t| t.slowest_input.as_slice()), &failures, ext, out)
}

pub fn run(inputs: usize, seed: u64, threads: usize, save: Option<&Path>, out: &mut dyn Write) -> u8 {
    let started = Instant::now();
    let (reports, threads) = batches(inputs, seed, threads, fuzz::run);
    let wall = started.elapsed();
    let tallies: Vec<_> = reports.iter().map(|r| &r.tally).collect();
    let (checked, broken) = counts(&tallies);
    let sum = |f: fn(&Report) -> usize| reports.iter().map(f).sum::<usize>();
    let (loaded, rejected) = (sum(|r| r.loaded), sum(|r| r.rejected));
    let headline = format!(
        "{checked} mutants of the shipped scenarios (seed {seed}, {threads} threads, {:.1} s): {loaded} loaded, \
         {rejected} rejected with located errors, {broken} broke a rule",
        wall.as_secs_f64(),
    );
    let timing = |mean: f64, slowest: f64| {
        format!("load time: mean {:.1} µs, slowest {:.2} ms", mean * 1e6, slowest * 1e3)
    };
    write_summary(&tallies, &[headline], timing, (save, "ron"), out)
}

/// Says each failure, and saves it and the slowest mutant into `save` (as `*.ext`) if asked;
/// exit code 1 if anything failed.
fn saved<F: Display>(
    save: Option<&Path>,
    slowest: Option<&[u8]>,
    failures: &[&(Vec<u8>, F)],
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
