//! Planning from off every place (`Planner::plan_afar`, for a walk broken off halfway) finds the
//! plan a search with the first steps' extras in its tables would: on random errands whose start
//! stands nowhere the tables know, each action given an extra (or no way) from there, the plan
//! — its steps, its cost — is the one of a planner whose actions cost that extra more from that
//! place, and the first of the cheapest by the exhaustive search; fast and plain alike. The
//! planner's lower bounds from there stay below it.

use goap_town::planner::{Action, Condition, FactId, Planner, State, Value};
use goap_town::random::SplitMix64;
use goap_town::testing::reference::{first_cheapest, replay};
use goap_town::testing::{Domain, errands};

/// Where one stands that no errand's table names (the errands' places are −1 and stations).
const AFAR: Value = -2;
const PLACE: FactId = FactId(0);
const LIMIT: usize = 20_000;

/// Each action's extra from afar (`None`: no way from there), drawn from `random`.
fn extras(actions: &[Action], random: &mut SplitMix64) -> Vec<Option<u32>> {
    (0..actions.len()).map(|_| (random.below(10) > 0).then(|| random.below(8) as u32)).collect()
}

/// The actions with their extras from afar in their tables.
fn with_extras(actions: &[Action], extras: &[Option<u32>]) -> Vec<Action> {
    let priced = |(action, extra): (&Action, &Option<u32>)| match *extra {
        Some(extra) => action.clone().costs_more_where(PLACE, AFAR, extra),
        None => action.clone().needs(Condition::differs(PLACE, AFAR)),
    };
    actions.iter().zip(extras).map(priced).collect()
}

#[test]
fn a_plan_from_afar_is_the_plan_of_a_search_that_knows_the_way_from_there() {
    let (mut plans, mut none) = (0, 0);
    for seed in 0..3000 {
        let mut random = SplitMix64(seed);
        let Domain { actions, goal, start } = errands(&mut random);
        let mut afar = start.clone();
        afar.set(PLACE, AFAR);
        let extras = extras(&actions, &mut random);
        let known = with_extras(&actions, &extras);
        let reference = Planner::new(&known, &goal).plain().plan(&afar, 200_000);
        let first = |a: usize| extras[a];
        for planner in [Planner::new(&actions, &goal), Planner::new(&actions, &goal).plain()] {
            let answer = planner.plan_afar(&actions, &afar, 200_000, first);
            match (&answer, &reference) {
                (Ok(plan), Ok(expected)) => {
                    assert_eq!((&plan.steps, plan.cost), (&expected.steps, expected.cost), "seed {seed}");
                    // Its bounds, asked from where no table says, walk there for nothing: still
                    // below the truth (a decision's ceilings rest on them).
                    let bounds = [planner.least_cost(&afar), planner.least_cost_ahead(&afar)];
                    assert!(
                        bounds.iter().all(|b| b.is_some_and(|b| b <= plan.cost)),
                        "seed {seed}: {bounds:?}"
                    );
                    assert_eq!(replay(&known, &afar, &plan.steps).1, plan.cost, "seed {seed}");
                }
                (Err(_), Err(_)) => {}
                _ => panic!("seed {seed}: {answer:?} against {reference:?}"),
            }
        }
        match (&reference, first_cheapest(&known, &goal, &afar, LIMIT)) {
            (Ok(plan), Some(Some(cheapest))) => {
                assert_eq!(&plan.steps[..], &cheapest[..], "seed {seed}");
                plans += 1;
            }
            (Err(_), Some(None)) => none += 1,
            (_, None) => {} // past what the exhaustive search looks at
            (answer, cheapest) => panic!("seed {seed}: {answer:?} against the exhaustive {cheapest:?}"),
        }
    }
    assert!(plans > 2500 && none > 5, "{plans} plans, {none} with none");
}

#[test]
fn a_start_that_meets_the_goal_needs_no_walk() {
    let Domain { actions, goal, .. } = errands(&mut SplitMix64(7));
    let mut met = State::zeros(6);
    for condition in &goal {
        met.set(condition.fact, condition.value);
    }
    met.set(PLACE, AFAR);
    let plan = Planner::new(&actions, &goal).plan_afar(&actions, &met, 5000, |_| Some(9)).expect("met");
    assert!(plan.steps.is_empty() && plan.cost == 0, "{plan:?}");
}
