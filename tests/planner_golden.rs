//! Every question of the golden dump (each shipped scenario's characters and goals, from their
//! starts and from states random walks reach) keeps its answer — the plan and its cost, or the
//! kind of no-plan — so a planner change that alters one fails here. Expansion counts may move.
//! After a change that is meant to alter answers: `GOLDEN_UPDATE=1 cargo test --test planner_golden`.

use goap_town::testing::problems::golden;
use std::path::Path;

#[test]
fn every_golden_question_keeps_its_plan_and_cost() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/answers.txt");
    let answers = golden(false).join("\n") + "\n";
    if std::env::var_os("GOLDEN_UPDATE").is_some() {
        std::fs::write(&path, &answers).expect("write the golden answers");
    }
    let expected = std::fs::read_to_string(&path).expect("tests/golden/answers.txt");
    let changed: Vec<(&str, &str)> =
        expected.lines().zip(answers.lines()).filter(|(was, now)| was != now).take(10).collect();
    assert!(changed.is_empty(), "answers changed (was, now): {changed:#?}");
    assert_eq!(expected.lines().count(), answers.lines().count(), "the number of golden questions changed");
    assert!(expected.lines().count() > 1000, "the dump asks every scenario's questions");
}
