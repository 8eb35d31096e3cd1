//! What a plan being followed tells without a search (`Planner::follow`) is what the search
//! would find: where it says a search would surely find a plan within a budget, the search does,
//! no dearer than the plan followed; where it says that plan would begin with the same step, it
//! does. And the closer lower bound (`Planner::least_cost_ahead`) never exceeds the optimum.
//! Checked on random small domains, rich in ties or shaped like a town's production, with
//! budgets small enough to run out.

use goap_town::planner::{Action, Planner, State};
use goap_town::random::SplitMix64;
use goap_town::testing::reference::optimum;
use goap_town::testing::{Domain, production, tied};
use proptest::prelude::*;

/// The reference search gives up past this many states.
const LIMIT: usize = 20_000;

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn a_followed_plan_says_only_what_the_search_finds(seed in any::<u64>()) {
        let mut random = SplitMix64(seed);
        let Domain { actions, goal, start } = domain(&mut random);
        let planner = Planner::new(&actions, &goal);
        let steps = followed_plan(&planner, &actions, &start, &mut random);
        let full = planner.plan(&start, 200_000);
        // Budgets around what the search needs, so that some run out.
        let needed = full.as_ref().map_or(8, |p| p.expanded);
        let budget = [1, needed.saturating_sub(1).max(1), needed, needed + 1, 5000][random.below(5)];
        let Some(cost) = planner.follow(&start, &steps, budget) else { return Ok(()) };
        prop_assert_eq!(planner.cost_of(&start, steps.iter().copied()), Some(cost));
        let plan = planner.plan(&start, budget);
        prop_assert!(plan.is_ok(), "{steps:?} followed within {budget}, yet {plan:?}");
        let plan = plan.unwrap();
        prop_assert!(plan.cost <= cost);
        if let Some(&first) = steps.first()
            && planner.begins_with(&start, first, cost)
        {
            prop_assert_eq!(plan.steps.first().map(|&s| s as usize), steps.first().copied(), "{:?}", plan);
        }
    }

    #[test]
    fn the_closer_least_cost_is_a_lower_bound_above_the_quick_one(seed in any::<u64>()) {
        let Domain { actions, goal, start } = domain(&mut SplitMix64(seed));
        let planner = Planner::new(&actions, &goal);
        let (quick, closer) = (planner.least_cost(&start), planner.least_cost_ahead(&start));
        match (closer, optimum(&actions, &goal, &start, LIMIT)) {
            (Some(least), Some(Some(optimum))) => prop_assert!(least <= optimum, "{least} > {optimum}"),
            (None, reference) => prop_assert!(matches!(reference, Some(None) | None), "none, yet {reference:?}"),
            _ => {}
        }
        if let (Some(quick), Some(closer)) = (quick, closer) {
            prop_assert!(quick <= closer, "{quick} > {closer}");
        }
    }
}

/// Small domains rich in ties, or shaped like a town's production.
fn domain(random: &mut SplitMix64) -> Domain {
    if random.below(2) == 0 { tied(random) } else { production(random) }
}

/// A plan that may be followed from `start`: the planner's own, the one it makes from a
/// neighbouring start (often a plan here too, but not the cheapest), or either with a step
/// added, dropped or replaced.
fn followed_plan(
    planner: &Planner,
    actions: &[Action],
    start: &State,
    random: &mut SplitMix64,
) -> Vec<usize> {
    let mut from = start.clone();
    if random.below(2) == 0 {
        let fact = goap_town::planner::FactId(random.below(start.values().len()) as u16);
        from.set(fact, from.get(fact) + random.below(3) as i32 - 1);
    }
    let mut steps: Vec<usize> =
        planner.plan(&from, 5000).map(|p| p.steps.iter().map(|&s| s as usize).collect()).unwrap_or_default();
    let (at, action) = (random.below(steps.len() + 1), random.below(actions.len()));
    match random.below(5) {
        0 => steps.insert(at, action),
        1 if at < steps.len() => drop(steps.remove(at)),
        2 if at < steps.len() => steps[at] = action,
        _ => {}
    }
    steps
}

/// The properties are not vacuous: plans are followed, within budgets and not, led and not,
/// and the bound keeps some searches from running out.
#[test]
fn followed_plans_exercise_every_answer() {
    let (mut led, mut not_led, mut beyond_budget, mut ran_out) = (0, 0, 0, 0);
    for seed in 0..3000 {
        let mut random = SplitMix64(seed);
        let Domain { actions, goal, start } = domain(&mut random);
        let planner = Planner::new(&actions, &goal);
        let steps = followed_plan(&planner, &actions, &start, &mut random);
        if planner.cost_of(&start, steps.iter().copied()).is_none() {
            continue;
        }
        match planner.follow(&start, &steps, 5000) {
            Some(cost) if steps.first().is_some_and(|&first| planner.begins_with(&start, first, cost)) => {
                led += 1
            }
            Some(_) => not_led += 1,
            None => {}
        }
        // A budget the search needs all of: it runs out one short, and `follow` must refuse it.
        if let Ok(plan) = planner.plan(&start, 200_000)
            && plan.expanded > 1
        {
            let short = plan.expanded - 1;
            if planner.plan(&start, short).is_err() {
                ran_out += 1;
                beyond_budget += usize::from(planner.follow(&start, &steps, short).is_none());
            }
        }
    }
    assert!(led > 150 && not_led > 30 && ran_out > 150, "led {led}, not led {not_led}, ran out {ran_out}");
    assert_eq!(beyond_budget, ran_out, "follow said a search that runs out would not");
}
