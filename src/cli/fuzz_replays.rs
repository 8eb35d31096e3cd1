//! `goap-town fuzz --replays`: replay files mutated and checked ([`crate::sim::replay::fuzz`]),
//! for as many mutants as asked, on every core; the figures as the loader's fuzzing gives them.

use super::fuzz::{batches, counts, write_summary};
use crate::sim::replay::fuzz::{self, Report};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

pub fn run(inputs: usize, seed: u64, threads: usize, save: Option<&Path>, out: &mut dyn Write) -> u8 {
    let started = Instant::now();
    let bases = fuzz::bases();
    let based = started.elapsed();
    let (reports, threads) = batches(inputs, seed, threads, |size, seed| fuzz::run(size, seed, &bases));
    let wall = started.elapsed();
    let tallies: Vec<_> = reports.iter().map(|r| &r.tally).collect();
    let (checked, broken) = counts(&tallies);
    let sum = |f: fn(&Report) -> usize| reports.iter().map(f).sum::<usize>();
    let (played, unplayed, kept_without) = (sum(|r| r.played), sum(|r| r.unplayed), sum(|r| r.kept_without));
    let mut refused = std::collections::BTreeMap::new();
    for (kind, n) in reports.iter().flat_map(|r| &r.refused) {
        *refused.entry(*kind).or_insert(0) += n;
    }
    let mut lines = vec![format!(
        "{checked} mutants of {} replays of the shipped scenarios (seed {seed}, {threads} threads, {:.1} s, \
         {:.1} s of it making the replays): {played} played faithfully ({kept_without} of them kept without \
         edits that changed nothing), {} refused with located faults, {unplayed} valid but over the fuzz's \
         {} villager-steps and not played, {broken} broke a rule",
        bases.len(),
        wall.as_secs_f64(),
        based.as_secs_f64(),
        refused.values().sum::<usize>(),
        fuzz::FUZZ_WORK,
    )];
    lines.extend(refused.iter().map(|(kind, n)| format!("  refused, {kind}: {n}")));
    let timing = |mean: f64, slowest: f64| {
        format!("check time: mean {:.2} ms, slowest {:.1} ms", mean * 1e3, slowest * 1e3)
    };
    write_summary(&tallies, &lines, timing, (save, "replay.json"), out)
}
