//! Replay files under fuzzing: three thousand mutants of replays saved from played towns of the
//! shipped scenarios are each refused with a located fault before anything plays, or play
//! faithfully — never a panic (`goap-town fuzz --replays --inputs N` runs the same for longer).

mod common;

use goap_town::sim::replay::fuzz;

#[test]
fn three_thousand_mutated_replays_are_refused_where_they_are_wrong_or_play_faithfully() {
    let bases = fuzz::bases();
    assert_eq!(bases.len(), 2 * goap_town::scenario::SHIPPED.len());
    assert!(bases.iter().all(|b| !b.replay.edits.is_empty()), "every base has edits to mutate");
    let report = fuzz::run(3_000, 2026, &bases);
    assert!(report.tally.failures.is_empty(), "{}", common::fuzz_failures(&report.tally.failures));
    let refused: usize = report.refused.values().sum();
    assert_eq!(report.played + report.unplayed + refused, 3_000, "{report:?}");
    // Both outcomes are exercised, and the refusals are of many kinds: a mutant reaches each check.
    assert!(report.played > 300 && refused > 1_000, "{report:?}");
    for kind in [
        "not JSON of a replay",
        "too many edits",
        "too many villagers",
        "end: not a moment of the run",
        "edit: not a moment of a day",
        "edit: after the end",
        "edit: out of order",
        "edit: position out of bounds",
        "edit: not in the scenario",
        "another text of the scenario",
    ] {
        assert!(report.refused.contains_key(kind), "no mutant was refused as {kind:?}: {report:?}");
    }
}
