//! On random small domains, every plan the planner returns is valid step by step and costs
//! exactly the optimum found by an exhaustive uniform-cost search that knows no heuristics —
//! and, of the cheapest plans, it is the first in action order. The domains use every
//! comparison and change, and some actions' costs depend on a fact's value.

use goap_town::planner::{FactId, NoPlan, Planner, State};
use goap_town::random::SplitMix64;
use goap_town::testing::reference::{all_hold, first_cheapest, influencing_only, optimum, replay};
use goap_town::testing::{Domain, Shape, errands, tied};
use proptest::prelude::*;

/// The reference searches give up past this many states (values can grow without bound).
const LIMIT: usize = 20_000;

fn small(seed: u64) -> Domain {
    Shape::SMALL.domain(&mut SplitMix64(seed))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn of_the_cheapest_plans_the_first_in_action_order(seed in any::<u64>()) {
        let Domain { actions, goal, start } = tied(&mut SplitMix64(seed));
        let answer = Planner::new(&actions, &goal).plan(&start, 200_000);
        if let (Ok(plan), Some(Some(first))) = (&answer, first_cheapest(&actions, &goal, &start, LIMIT)) {
            prop_assert_eq!(&plan.steps[..], &first[..], "cost {}", plan.cost);
        }
    }

    /// With actions of cost 0 too: the first of the cheapest plans that visit no state twice,
    /// among the actions that can influence the goal (a free action that cannot is no detour).
    #[test]
    fn with_free_actions_the_first_of_the_cheapest_plans_that_visit_no_state_twice(seed in any::<u64>()) {
        let Domain { actions, goal, start } = small(seed);
        let answer = Planner::new(&actions, &goal).plan(&start, 200_000);
        let (relevant, numbers, seen) = influencing_only(&actions, &goal, &start);
        if let (Ok(plan), Some(Some(first))) = (&answer, first_cheapest(&relevant, &goal, &seen, LIMIT)) {
            let first: Vec<u32> = first.iter().map(|&a| numbers[a as usize]).collect();
            prop_assert_eq!(&plan.steps[..], &first[..], "cost {}", plan.cost);
        }
    }

    /// Facts only priced — a line at each station, waited in but never changed by a plan — with
    /// too many values for a pattern database: a search stores them once, not in every state,
    /// and still returns the first of the cheapest plans.
    #[test]
    fn facts_only_priced_are_kept_once_and_priced_alike(seed in any::<u64>()) {
        let mut random = SplitMix64(seed);
        let Domain { mut actions, goal, start } = small(random.next_u64());
        let mut lined = State::zeros(7);
        (0..4).for_each(|f| lined.set(FactId(f), start.get(FactId(f))));
        for (i, action) in actions.iter_mut().enumerate() {
            let line = FactId(4 + (i % 3) as u16);
            for ahead in 0..40 {
                *action = action.clone().costs_more_where(line, ahead, random.below(5) as u32);
            }
        }
        (4..7).for_each(|f| lined.set(FactId(f), random.below(45) as i32));
        let answer = Planner::new(&actions, &goal).plan(&lined, 200_000);
        let (relevant, numbers, seen) = influencing_only(&actions, &goal, &lined);
        if let (Ok(plan), Some(Some(first))) = (&answer, first_cheapest(&relevant, &goal, &seen, LIMIT)) {
            let first: Vec<u32> = first.iter().map(|&a| numbers[a as usize]).collect();
            prop_assert_eq!(&plan.steps[..], &first[..], "cost {}", plan.cost);
            prop_assert_eq!(replay(&actions, &lined, &plan.steps).1, plan.cost);
        }
    }

    /// Errands, where most of a plan's cost is walking priced by where one comes from (and an
    /// estimate that counts the walking still ahead): every plan is valid and the first of the
    /// cheapest, and there is none only where the exhaustive search finds none.
    #[test]
    fn errands_get_the_first_of_the_cheapest_plans(seed in any::<u64>()) {
        let Domain { actions, goal, start } = errands(&mut SplitMix64(seed));
        let answer = Planner::new(&actions, &goal).plan(&start, 200_000);
        match (&answer, first_cheapest(&actions, &goal, &start, LIMIT)) {
            (Ok(plan), Some(Some(first))) => {
                prop_assert_eq!(&plan.steps[..], &first[..], "cost {}", plan.cost);
                prop_assert_eq!(replay(&actions, &start, &plan.steps).1, plan.cost);
            }
            (Ok(plan), Some(None)) => prop_assert!(false, "a plan {:?} where there is none", plan.steps),
            (Err(why), Some(Some(first))) => prop_assert!(false, "{why:?}, yet {first:?} reaches the goal"),
            _ => {}
        }
    }

    #[test]
    fn plans_are_valid_and_cost_optimal(seed in any::<u64>()) {
        let Domain { actions, goal, start } = small(seed);
        let answer = Planner::new(&actions, &goal).plan(&start, 200_000);
        match (&answer, optimum(&actions, &goal, &start, LIMIT)) {
            (Ok(plan), reference) => {
                let (end, cost) = replay(&actions, &start, &plan.steps);
                prop_assert!(all_hold(&goal, &end), "plan {:?} does not reach the goal", plan.steps);
                prop_assert_eq!(cost, plan.cost);
                if let Some(optimum) = reference {
                    prop_assert_eq!(Some(plan.cost), optimum, "planner cost vs exhaustive optimum");
                }
            }
            (Err(NoPlan::Unreachable { .. } | NoPlan::Exhausted { .. }), Some(optimum)) => {
                prop_assert_eq!(optimum, None, "planner said no plan; exhaustive search found one: {:?}", answer);
            }
            (Err(_), _) => {}
        }
    }

    /// The least a plan could cost never exceeds what the cheapest one costs, and says "none"
    /// only where the exhaustive search finds none — fast and plain alike.
    #[test]
    fn the_least_cost_is_a_lower_bound(seed in any::<u64>()) {
        let Domain { actions, goal, start } = small(seed);
        for planner in [Planner::new(&actions, &goal), Planner::new(&actions, &goal).plain()] {
            match (planner.least_cost(&start), optimum(&actions, &goal, &start, LIMIT)) {
                (Some(least), Some(Some(optimum))) => prop_assert!(least <= optimum, "{least} > {optimum}"),
                (None, reference) => prop_assert!(matches!(reference, Some(None) | None), "none, yet {reference:?}"),
                _ => {}
            }
        }
    }

    /// A traced search answers as the untraced one; its trace lists states in the order A*
    /// expands them (f never falls, the estimate being consistent), the start first and, when
    /// there is a plan, the goal last, with exactly the states of the plan marked on it.
    #[test]
    fn a_traced_search_gives_the_same_answer_and_shows_it(seed in any::<u64>()) {
        let Domain { actions, goal, start } = small(seed);
        let planner = Planner::new(&actions, &goal);
        let (answer, trace) = planner.plan_traced(&start, 5000);
        let plain = planner.plan(&start, 5000);
        prop_assert_eq!(answer.as_ref().map(|p| (&p.steps, p.cost)), plain.as_ref().map(|p| (&p.steps, p.cost)));
        let f: Vec<u64> = trace.expansions.iter().map(|e| e.g + e.h).collect();
        prop_assert!(f.windows(2).all(|w| w[0] <= w[1]), "f falls: {:?}", f);
        let tried: usize = trace.expansions.iter().map(|e| e.tried.len()).sum();
        prop_assert!(trace.duplicates + trace.pruned <= tried);
        if let Ok(plan) = &answer {
            // (A second search, fewest steps first, shows its own: the first's are set aside.)
            prop_assert_eq!(trace.set_aside + trace.expansions.len(), plan.expanded + 1, "every expansion, then the goal");
            prop_assert_eq!(trace.expansions.first().map(|e| e.g), Some(0));
            prop_assert_eq!(trace.expansions.last().map(|e| (e.g, e.h, e.on_plan)), Some((plan.cost, 0, true)));
            let on_plan: Vec<u64> = trace.expansions.iter().filter(|e| e.on_plan).map(|e| e.g).collect();
            prop_assert_eq!(on_plan.len(), plan.steps.len() + 1);
            prop_assert!(on_plan.windows(2).all(|w| w[0] <= w[1]));
        }
    }

    /// A plan is priced as the search priced it; any run of actions priced at all is a plan
    /// from the start (each step applies and the goal holds at the end) at what it really costs
    /// — a bound the optimum never exceeds.
    #[test]
    fn a_run_of_actions_is_priced_only_when_it_is_a_plan(seed in any::<u64>()) {
        let Domain { actions, goal, start } = small(seed);
        let planner = Planner::new(&actions, &goal);
        if let Ok(plan) = planner.plan(&start, 5000) {
            let steps = plan.steps.iter().map(|&s| s as usize);
            prop_assert_eq!(planner.cost_of(&start, steps), Some(plan.cost));
        }
        let steps = altered_plan(&planner, &actions, &start, seed);
        if let Some(cost) = planner.cost_of(&start, steps.iter().map(|&s| s as usize)) {
            let (end, really) = replay(&actions, &start, &steps); // panics where a step does not apply
            prop_assert!(all_hold(&goal, &end), "{steps:?} priced, but it does not reach the goal");
            prop_assert_eq!(cost, really);
            if let Ok(plan) = planner.plan(&start, 5000) {
                prop_assert!(plan.cost <= cost);
            }
        }
    }

    /// A planner answers alike every time, asked before or not, and as a plain one for the same
    /// question.
    #[test]
    fn the_same_inputs_give_the_same_answer(seed in any::<u64>()) {
        let Domain { actions, goal, start } = small(seed);
        let planner = Planner::new(&actions, &goal);
        planner.plan(&start, 5000).ok();
        prop_assert_eq!(planner.plan(&start, 5000), planner.plan(&start, 5000));
        prop_assert_eq!(planner.plan(&start, 5000), Planner::new(&actions, &goal).plain().plan(&start, 5000));
    }
}

/// The plan for `start` (none: no steps) with one step added, dropped or replaced at random.
fn altered_plan(
    planner: &Planner,
    actions: &[goap_town::planner::Action],
    start: &goap_town::planner::State,
    seed: u64,
) -> Vec<u32> {
    let mut steps: Vec<u32> = planner.plan(start, 5000).map(|p| p.steps.to_vec()).unwrap_or_default();
    let mut random = SplitMix64(seed ^ 0x5EED);
    let (at, action) = (random.below(steps.len() + 1), random.below(actions.len()) as u32);
    match random.below(3) {
        0 => steps.insert(at, action),
        1 if at < steps.len() => drop(steps.remove(at)),
        _ if at < steps.len() => steps[at] = action,
        _ => steps.push(action),
    }
    steps
}

/// Altered plans are priced often enough, and refused often enough, for the property on them
/// to say something.
#[test]
fn altered_plans_are_sometimes_plans_and_sometimes_not() {
    let (mut priced, mut refused) = (0, 0);
    for seed in 0..500 {
        let Domain { actions, goal, start } = small(seed);
        let planner = Planner::new(&actions, &goal);
        let steps = altered_plan(&planner, &actions, &start, seed);
        match planner.cost_of(&start, steps.iter().map(|&s| s as usize)) {
            Some(_) => priced += 1,
            None => refused += 1,
        }
    }
    assert!(priced >= 50 && refused >= 50, "priced {priced}, refused {refused}");
}

/// The domains are not vacuous: most have plans the references confirm, some have none, and
/// many tie several cheapest plans or use extra costs and `!=` — some by a fact that is only
/// priced (no action changes it, nothing tests it: a search keeps it once, not in every state).
#[test]
fn the_domains_exercise_what_they_check() {
    use goap_town::planner::Compare;
    let (mut confirmed, mut none, mut differs, mut extra, mut priced_only) = (0, 0, 0, 0, 0);
    for seed in 0..500 {
        let Domain { actions, goal, start } = small(seed);
        match optimum(&actions, &goal, &start, LIMIT) {
            Some(Some(_)) => confirmed += 1,
            Some(None) => none += 1,
            None => {}
        }
        differs += usize::from(
            actions.iter().flat_map(|a| &a.preconditions).chain(&goal).any(|c| c.compare == Compare::Differs),
        );
        extra += usize::from(actions.iter().any(|a| !a.extra_costs.is_empty()));
        let tested = |fact| {
            let conditions = actions.iter().flat_map(|a| &a.preconditions).chain(&goal);
            conditions
                .map(|c| c.fact)
                .chain(actions.iter().flat_map(|a| a.effects.iter().map(|e| e.fact)))
                .any(|f| f == fact)
        };
        priced_only += usize::from(actions.iter().flat_map(|a| &a.extra_costs).any(|e| !tested(e.fact)));
    }
    assert!(
        confirmed > 200 && none > 20 && differs > 100 && extra > 100 && priced_only > 20,
        "{confirmed} {none} {differs} {extra} {priced_only}"
    );
}
