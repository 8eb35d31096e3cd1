//! The loader under fuzzing: ten thousand mutants of the shipped scenarios each load or get
//! located errors, never a panic or a hang (`goap-town fuzz --inputs N` runs the same for longer).

use goap_town::scenario::fuzz;
use std::time::Duration;

#[test]
fn ten_thousand_mutated_scenarios_load_or_get_located_errors_without_a_panic() {
    let report = fuzz::run(10_000, 2026);
    let failures: Vec<String> = report
        .failures
        .iter()
        .map(|(bytes, problem)| format!("{problem}\n---\n{}\n---", String::from_utf8_lossy(bytes)))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(report.loaded + report.rejected, 10_000);
    // Both outcomes are exercised: mutants that still load, and mutants rejected.
    assert!(report.loaded > 500 && report.rejected > 5_000, "{report:?}");
    // A hang detector, not a speed target: a typical mutant loads in well under a millisecond.
    assert!(report.slowest < Duration::from_secs(1), "the slowest mutant took {:?}", report.slowest);
}
