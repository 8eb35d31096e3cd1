//! `goap-town fuzz --replays`: replay files mutated and checked ([`crate::sim::replay::fuzz`]),
//! for as many mutants as asked, on every core; the figures as the loader's fuzzing gives them.

use super::fuzz::{batches, saved};
use crate::sim::replay::fuzz::{self, Report};
use std::io::Write;
use std::path::Path;

pub fn run(inputs: usize, seed: u64, threads: usize, save: Option<&Path>, out: &mut dyn Write) -> u8 {
    let started = std::time::Instant::now();
    let bases = fuzz::bases();
    let based = started.elapsed();
    let (reports, threads) = batches(inputs, seed, threads, |size, seed| fuzz::run(size, seed, &bases));
    let wall = started.elapsed();
    let sum = |f: fn(&Report) -> usize| reports.iter().map(f).sum::<usize>();
    let (checked, played, unplayed) = (sum(|r| r.inputs), sum(|r| r.played), sum(|r| r.unplayed));
    let kept_without = sum(|r| r.kept_without);
    let mut refused = std::collections::BTreeMap::new();
    for (kind, n) in reports.iter().flat_map(|r| &r.refused) {
        *refused.entry(*kind).or_insert(0) += n;
    }
    let total: std::time::Duration = reports.iter().map(|r| r.total).sum();
    let slowest = reports.iter().max_by_key(|r| r.slowest);
    let failures: Vec<_> = reports.iter().flat_map(|r| &r.failures).collect();
    let _ = writeln!(
        out,
        "{checked} mutants of {} replays of the shipped scenarios (seed {seed}, {threads} threads, {:.1} s, \
         {:.1} s of it making the replays): {played} played faithfully ({kept_without} of them kept without \
         edits that changed nothing), {} refused with located faults, {unplayed} valid but over the fuzz's \
         {} villager-steps and not played, {} broke a rule",
        bases.len(),
        wall.as_secs_f64(),
        based.as_secs_f64(),
        refused.values().sum::<usize>(),
        fuzz::FUZZ_WORK,
        failures.len()
    );
    for (kind, n) in &refused {
        let _ = writeln!(out, "  refused, {kind}: {n}");
    }
    let _ = writeln!(
        out,
        "check time: mean {:.2} ms, slowest {:.1} ms",
        total.as_secs_f64() * 1e3 / checked.max(1) as f64,
        slowest.map_or(0.0, |r| r.slowest.as_secs_f64() * 1e3)
    );
    saved(save, slowest.map(|r| r.slowest_input.as_slice()), &failures, "replay.json", out)
}
