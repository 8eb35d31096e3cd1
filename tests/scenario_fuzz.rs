//! The loader under fuzzing: ten thousand mutants of the shipped scenarios each load or get
//! located errors, never a panic or a hang (`goap-town fuzz --inputs N` runs the same for longer).

mod common;

use goap_town::scenario::fuzz;
use std::time::Duration;

#[test]
fn ten_thousand_mutated_scenarios_load_or_get_located_errors_without_a_panic() {
    let report = fuzz::run(10_000, 2026);
    let tally = &report.tally;
    assert!(tally.failures.is_empty(), "{}", common::fuzz_failures(&tally.failures));
    assert_eq!(report.loaded + report.rejected, 10_000);
    // Both outcomes are exercised: mutants that still load, and mutants rejected.
    assert!(report.loaded > 500 && report.rejected > 5_000, "{report:?}");
    // A hang detector, not a speed target: a typical mutant loads in well under a millisecond.
    assert!(tally.slowest < Duration::from_secs(1), "the slowest mutant took {:?}", tally.slowest);
}
