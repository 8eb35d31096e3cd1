//! The search on packed words must give exactly the search on slices' answer — plan, cost and
//! expansion count — whenever it answers at all, and must give up (never wrap) when a value
//! leaves its field; and the planner, whichever space and tables answer, gives the same plan.

use super::packed::{Packed, Words, pack};
use super::search::Outcome;
use super::slices::Slices;
use super::{Action, Condition, Effect, FactId, Memory, NoPlan, Planner, State};
use crate::random::SplitMix64;
use crate::testing::{Domain, Shape};
use proptest::prelude::*;

impl Planner {
    /// With the tables and the packing `packed`: the answer on packed words (`None` when the
    /// question does not fit them), and on slices.
    fn answers_by_space(
        &self,
        start: &State,
        budget: usize,
        packed: Option<&Packed>,
    ) -> (Option<Outcome>, Outcome) {
        let heuristic = &self.tables().heuristic;
        let mut memory = Memory::default();
        memory.work.projected.extend(self.problem.slots.iter().map(|&f| start.get(f)));
        let words = packed.and_then(|packed| {
            let space = Words { problem: &self.problem, packed, heuristic };
            self.search(&space, budget, &mut memory.words, &mut memory.work, &mut ())
        });
        let space = Slices { problem: &self.problem, heuristic };
        (
            words,
            self.search(&space, budget, &mut memory.slices, &mut memory.work, &mut ())
                .expect("slices take all"),
        )
    }
}

/// A domain, and how many value bits its packed fields may take at most (few force overflow).
fn domain(seed: u64) -> (Domain, u32) {
    let mut rng = SplitMix64(seed);
    (Shape::PACKED.domain(&mut rng), 1 + rng.below(4) as u32)
}

/// A packed domain with lines beside it: facts no action changes and no condition tests, that
/// some actions cost more by (each one ahead, more) — too many for a pattern database, so that
/// they get no field of the word.
fn domain_with_lines(seed: u64) -> (Domain, u32) {
    let (Domain { mut actions, goal, mut start }, bits) = domain(seed);
    let mut rng = SplitMix64(seed ^ 0x5eed);
    let first = start.values().len();
    let lines = 4 + rng.below(4);
    for line in (first..first + lines).map(|f| FactId(f as u16)) {
        start.set(line, rng.below(9) as i32);
        for action in actions.iter_mut() {
            if rng.below(2) == 0 {
                continue;
            }
            let per_one = 1 + rng.below(3) as u32;
            for ahead in 1..=8 {
                *action = action.clone().costs_more_where(line, ahead, per_one * ahead as u32);
            }
        }
    }
    (Domain { actions, goal, start }, bits)
}

/// The packed search answers as the slices do whenever it answers, walking down or not.
fn same_answers(
    actions: &[Action],
    goal: &[Condition],
    start: &State,
    bits: u32,
) -> Result<(), TestCaseError> {
    let planner = Planner::new(actions, goal);
    let packed = pack(&planner.problem, &planner.tables().heuristic, bits);
    for dive in [false, true] {
        let planner = Planner { dive, ..planner.clone() };
        let (words, slices) = planner.answers_by_space(start, 3000, packed.as_ref());
        if let Some(words) = words {
            prop_assert_eq!(words, slices.clone(), "dive {}", dive);
        }
    }
    Ok(())
}

/// Asked first (plain bounds), again (the tables), or prepared: the same plan and cost, the
/// same kind of answer when there is none.
fn same_plans(actions: &[Action], goal: &[Condition], start: &State) -> Result<(), TestCaseError> {
    let planner = Planner::new(actions, goal);
    let first = planner.plan(start, 3000);
    let again = planner.plan(start, 3000);
    let fresh = Planner::new(actions, goal);
    let prepared = fresh.prepared().plan(start, 3000);
    prop_assert_eq!(&again, &prepared);
    match (&first, &again) {
        (Ok(a), Ok(b)) => prop_assert_eq!((&a.steps, a.cost), (&b.steps, b.cost)),
        (Err(a), Err(b)) => prop_assert_eq!(a.kind(), b.kind()),
        _ => prop_assert!(false, "first {:?}, again {:?}", first, again),
    }
    if let Err(NoPlan::Budget { .. }) = first {
        prop_assert_eq!(first, again); // a first search out of budget is asked again with the tables
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn packed_answers_equal_slice_answers(seed in any::<u64>()) {
        let (Domain { actions, goal, start }, bits) = domain(seed);
        same_answers(&actions, &goal, &start, bits)?;
    }

    #[test]
    fn packed_answers_with_lines_equal_slice_answers(seed in any::<u64>()) {
        let (Domain { actions, goal, start }, bits) = domain_with_lines(seed);
        same_answers(&actions, &goal, &start, bits)?;
    }

    #[test]
    fn first_and_later_answers_are_the_same_plans(seed in any::<u64>()) {
        let (Domain { actions, goal, start }, _) = domain(seed);
        same_plans(&actions, &goal, &start)?;
    }
}

/// The three ways a packed plan can go all occur in the domains above: answered, the start did
/// not fit, a successor did not fit; and packed problems with slots only priced (no field) answer.
#[test]
fn the_domains_exercise_every_packed_path() {
    let (mut answered, mut did_not_fit, mut answered_with_fixed) = (0, 0, 0);
    for seed in 0..4000 {
        let (Domain { actions, goal, start }, bits) = match seed % 2 {
            0 => domain(seed),
            _ => domain_with_lines(seed),
        };
        let planner = Planner { dive: false, ..Planner::new(&actions, &goal) };
        let Some(packed) = pack(&planner.problem, &planner.tables().heuristic, bits) else { continue };
        match planner.answers_by_space(&start, 3000, Some(&packed)).0 {
            Some(_) => {
                answered += 1;
                answered_with_fixed += usize::from(packed.fixed_slots() > 0);
            }
            None => did_not_fit += 1,
        }
    }
    assert!(answered > 200 && did_not_fit > 100, "{answered} answered, {did_not_fit} did not fit");
    assert!(answered_with_fixed > 50, "{answered_with_fixed} answered with slots only priced");
    eprintln!(
        "answered {answered} ({answered_with_fixed} with slots only priced), did not fit {did_not_fit}"
    );
}

/// A long search on packed words answers as the slices at every budget, whether the budget runs
/// out in the short search or after the look-ahead.
#[test]
fn a_long_search_answers_as_the_slices_at_every_budget() {
    let (a, b, c, done) = (FactId(0), FactId(1), FactId(2), FactId(3));
    let mut actions: Vec<Action> =
        [a, b, c].iter().map(|&f| Action::new("inc", 1).does(Effect::add(f, 1))).collect();
    let finish = Action::new("finish", 1)
        .needs(Condition::at_least(a, 6))
        .needs(Condition::at_least(b, 6))
        .needs(Condition::at_least(c, 6))
        .does(Effect::set(done, 1));
    actions.push(finish);
    let planner = Planner::new(&actions, &[Condition::at_least(done, 1)]);
    let packed = pack(&planner.problem, &planner.tables().heuristic, 16).expect("it packs");
    let start = State::zeros(4);
    for budget in [10, 64, 65, 200, 300, 5000] {
        let (words, slices) = planner.answers_by_space(&start, budget, Some(&packed));
        assert_eq!(words, Some(slices), "budget {budget}");
    }
    let plan = planner.plan(&start, 5000).unwrap();
    assert_eq!(plan.cost, 19, "{plan:?}");
}
