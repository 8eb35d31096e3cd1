//! The packed search must give exactly the general search's answer — plan, cost and expansion
//! count — whenever it answers at all, and must give up (never wrap) when a value leaves its field.

use super::compile::compile;
use super::heuristic::Heuristic;
use super::packed::{Packed, pack_with};
use super::test_domains::{FACTS, condition, effect};
use super::{Action, Condition, Effect, FactId, Memory, Planner, State};
use proptest::prelude::*;

fn action() -> impl Strategy<Value = Action> {
    // Now and then a cost too large for the packed open list's keys.
    let cost = prop_oneof![12 => 0..4u32, 1 => 200_000..2_000_000u32];
    (cost, prop::collection::vec(condition(), 0..3), prop::collection::vec(effect(), 1..4)).prop_map(
        |(cost, preconditions, effects)| Action { name: String::new(), cost, preconditions, effects },
    )
}

fn domain() -> impl Strategy<Value = (Vec<Action>, Vec<Condition>, State, u32)> {
    domain_of(1..8)
}

/// Enough actions for the search to keep applicable-action sets ([`super::applicable`]).
fn many_action_domain() -> impl Strategy<Value = (Vec<Action>, Vec<Condition>, State, u32)> {
    domain_of(12..40)
}

fn domain_of(
    actions: std::ops::Range<usize>,
) -> impl Strategy<Value = (Vec<Action>, Vec<Condition>, State, u32)> {
    (
        prop::collection::vec(action(), actions),
        prop::collection::vec(condition(), 1..3),
        prop::collection::vec(prop_oneof![8 => 0..3i32, 1 => -40..40i32], FACTS as usize),
        1..5u32,
    )
        .prop_map(|(actions, goal, start, bits)| (actions, goal, State::from(start), bits))
}

/// A planner whose fields hold at most `bits` value bits.
fn planner_with_fields(actions: &[Action], goal: &[Condition], bits: u32) -> Planner {
    let problem = compile(actions, goal);
    let heuristic = Heuristic::new(&problem);
    let packed = pack_with(&problem, &heuristic, bits);
    Planner { problem, heuristic, packed, dive: true }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn packed_answers_equal_general_answers((actions, goal, start, bits) in domain()) {
        same_answers(&actions, &goal, &start, bits)?;
    }

    #[test]
    fn packed_answers_with_applicable_sets_equal_general_answers(
        (actions, goal, start, bits) in many_action_domain()
    ) {
        same_answers(&actions, &goal, &start, bits)?;
    }
}

/// The packed search answers as the general one whenever it answers; the planner always does.
fn same_answers(
    actions: &[Action],
    goal: &[Condition],
    start: &State,
    bits: u32,
) -> Result<(), TestCaseError> {
    let planner = planner_with_fields(actions, goal, bits);
    let mut memory = Memory::default();
    let general = planner.plan_general(start, 3000, &mut memory);
    // The packed searches, and the walk that stands in for them when it can.
    for dive in [false, true] {
        let planner = Planner { dive, ..planner.clone() };
        let Memory { narrow, wide, reach, projected, .. } = &mut memory;
        let packed = match &planner.packed {
            Some(Packed::Narrow(p)) => planner.plan_packed(p, start, 3000, narrow, reach, projected),
            Some(Packed::Wide(p)) => planner.plan_packed(p, start, 3000, wide, reach, projected),
            None => None,
        };
        if let Some(packed) = packed {
            prop_assert_eq!(packed, general.clone(), "dive {}", dive);
        }
    }
    // Whatever path it takes, the public entry point answers as the general search does.
    prop_assert_eq!(planner.plan(start, 3000), planner.plan_general(start, 3000, &mut Memory::default()));
    Ok(())
}

/// The three ways a packed plan can go all occur in the domains above: answered, the start did
/// not fit, a successor did not fit.
#[test]
fn the_domains_exercise_every_packed_path() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut answered, mut start_too_wide, mut overflowed) = (0, 0, 0);
    for _ in 0..2000 {
        let (actions, goal, start, bits) = domain().new_tree(&mut runner).unwrap().current();
        let planner = Planner { dive: false, ..planner_with_fields(&actions, &goal, bits) };
        let Some(Packed::Narrow(p)) = &planner.packed else { continue };
        let mut memory = Memory::default();
        let Memory { narrow, reach, projected, .. } = &mut memory;
        if p.layout.encode(&start, &planner.problem.slots).is_none() {
            start_too_wide += 1;
        } else if planner.plan_packed(p, &start, 3000, narrow, reach, projected).is_some() {
            answered += 1;
        } else {
            overflowed += 1;
        }
    }
    assert!(
        answered > 200 && start_too_wide > 50 && overflowed > 50,
        "{answered} {start_too_wide} {overflowed}"
    );
    eprintln!("answered {answered}, start too wide {start_too_wide}, overflowed {overflowed}");
}

/// The many-action domains do keep applicable-action sets, and their searches mostly answer.
#[test]
fn many_action_domains_keep_applicable_sets() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut with_sets, mut answered) = (0, 0);
    for _ in 0..300 {
        let (actions, goal, start, bits) = many_action_domain().new_tree(&mut runner).unwrap().current();
        let planner = planner_with_fields(&actions, &goal, bits);
        let Some(Packed::Narrow(p)) = &planner.packed else { continue };
        if p.applicability.is_none() {
            continue;
        }
        with_sets += 1;
        let mut memory = Memory::default();
        let Memory { narrow, reach, projected, .. } = &mut memory;
        answered += usize::from(planner.plan_packed(p, &start, 3000, narrow, reach, projected).is_some());
    }
    assert!(with_sets > 100 && answered > 50, "{with_sets} with sets, {answered} answered");
}

/// A search that stores more states than the small search holds is handed to the general packed
/// search from the start, and still answers as the general search — at every budget, whether the
/// hand-over happens in the short search or after the look-ahead. (With only the deficit bound,
/// so that the search is that large.)
#[test]
fn a_search_too_big_for_the_small_arrays_answers_as_the_general_one() {
    let (a, b, c, done) = (FactId(0), FactId(1), FactId(2), FactId(3));
    let mut actions: Vec<Action> =
        [a, b, c].iter().map(|&f| Action::new("inc", 1).does(Effect::add(f, 1))).collect();
    let finish = Action::new("finish", 1)
        .needs(Condition::at_least(a, 6))
        .needs(Condition::at_least(b, 6))
        .needs(Condition::at_least(c, 6))
        .does(Effect::set(done, 1));
    actions.push(finish);
    let goal = [Condition::at_least(done, 1)];
    let problem = compile(&actions, &goal);
    let heuristic = Heuristic { enabling: Vec::new(), pattern: None, ..Heuristic::new(&problem) };
    let packed = pack_with(&problem, &heuristic, 16);
    let planner = Planner { problem, heuristic, packed, dive: true };
    assert!(matches!(planner.packed, Some(Packed::Narrow(_))));
    let start = State::zeros(4);
    for budget in [10, 64, 65, 200, 300, 5000] {
        let general = planner.plan_general(&start, budget, &mut Memory::default());
        assert_eq!(planner.plan(&start, budget), general, "budget {budget}");
    }
    let plan = planner.plan(&start, 5000).unwrap();
    assert!(plan.expanded > 256 && plan.cost == 19, "{plan:?}");
}
