//! Why-not answers and search shape: unreachable names the blocking fact, exhausted and budget
//! say so, numeric deficits steer the search, and distractors do not multiply it.

use goap_town::planner::{Action, Condition, Effect, NoPlan, Planner, State};
use goap_town::scenario::{FactTable, Scope};

#[test]
fn a_fact_no_action_produces_is_named_as_unreachable() {
    // The forge's smith on its own: collecting iron needs an ingot that only the smelter makes.
    let mut facts = FactTable::default();
    let ingot = facts.intern(Scope::World, "ironIngot");
    let iron = facts.intern(Scope::Agent, "iron");
    let tools = facts.intern(Scope::World, "tools");
    let actions = [
        Action::new("collectIron", 1)
            .needs(Condition::at_least(ingot, 1))
            .does(Effect::subtract(ingot, 1))
            .does(Effect::add(iron, 1)),
        Action::new("forgeTools", 1)
            .needs(Condition::at_least(iron, 1))
            .does(Effect::subtract(iron, 1))
            .does(Effect::add(tools, 1)),
    ];
    let why = Planner::new(&actions, &[Condition::at_least(tools, 1)])
        .plan(&State::zeros(facts.len()), 5000)
        .unwrap_err();
    assert_eq!(why, NoPlan::Unreachable { blocked: vec![Condition::at_least(ingot, 1)] });
    assert_eq!(why.kind(), "unreachable");
    assert_eq!(
        facts.explain(&why, goap_town::words::Lang::ENGLISH),
        "unreachable: no available action can bring about world.ironIngot >= 1"
    );

    // With an ingot in stock the same question has an answer.
    let mut stocked = State::zeros(facts.len());
    stocked.set(ingot, 1);
    let plan = Planner::new(&actions, &[Condition::at_least(tools, 1)]).plan(&stocked, 5000).unwrap();
    assert_eq!(plan.steps[..], [0, 1]);
}

#[test]
fn a_goal_fact_nothing_moves_is_unreachable_without_searching() {
    let mut facts = FactTable::default();
    let gold = facts.intern(Scope::Agent, "gold");
    let wood = facts.intern(Scope::Agent, "wood");
    let actions = [Action::new("chop", 1).does(Effect::add(wood, 1))];
    let why =
        Planner::new(&actions, &[Condition::at_least(gold, 1)]).plan(&State::zeros(2), 5000).unwrap_err();
    assert_eq!(why, NoPlan::Unreachable { blocked: vec![Condition::at_least(gold, 1)] });
}

#[test]
fn every_reachable_state_tried_is_reported_as_exhausted() {
    // `flag` can be set to 1 but the goal wants it at 1 while `lock` is 0, and setting flag locks.
    let mut facts = FactTable::default();
    let flag = facts.intern(Scope::Agent, "flag");
    let lock = facts.intern(Scope::Agent, "lock");
    let actions = [Action::new("raise", 1)
        .needs(Condition::exactly(lock, 0))
        .does(Effect::set(flag, 1))
        .does(Effect::set(lock, 1))];
    let goal = [Condition::at_least(flag, 1), Condition::exactly(lock, 0)];
    let planner = Planner::new(&actions, &goal);
    // The pattern database knows no reachable state is a goal: nothing is expanded to find out.
    let why = planner.plan(&State::zeros(2), 5000).unwrap_err();
    assert_eq!(why, NoPlan::Exhausted { expanded: 0 });
    assert_eq!(
        facts.explain(&why, goap_town::words::Lang::ENGLISH),
        "exhausted: no reachable state meets the goal (0 expanded)"
    );
}

#[test]
fn the_budget_stops_a_search_that_cannot_finish_and_says_how_far_it_got() {
    // Counting to a million one step at a time, with a detour that can never help.
    let mut facts = FactTable::default();
    let count = facts.intern(Scope::Agent, "count");
    let other = facts.intern(Scope::Agent, "other");
    let actions = [
        Action::new("tick", 1).does(Effect::add(count, 1)),
        Action::new("fidget", 0)
            .needs(Condition::at_least(other, 0))
            .does(Effect::add(other, 1))
            .does(Effect::subtract(count, 1)),
    ];
    let why = Planner::new(&actions, &[Condition::at_least(count, 1_000_000)])
        .plan(&State::zeros(2), 300)
        .unwrap_err();
    assert_eq!(why, NoPlan::Budget { expanded: 300 });
    assert_eq!(
        facts.explain(&why, goap_town::words::Lang::ENGLISH),
        "budget: gave up after expanding 300 states"
    );
}

#[test]
fn free_steps_without_end_still_give_a_cheapest_plan_at_the_budget() {
    // A free coupon, redeemed for free, beats cooking; but two coupons and one redeemed cost the
    // same, and come earlier in action order, as do three, and so on: the cheapest plans have no
    // first. The search cannot find one by its tie order, so at its budget it returns the
    // cheapest plan it has seen, which nothing on its open list can undercut.
    let mut facts = FactTable::default();
    let fed = facts.intern(Scope::Agent, "fed");
    let coupon = facts.intern(Scope::Agent, "coupon");
    let actions = [
        Action::new("cook", 5).does(Effect::add(fed, 1)),
        Action::new("getCoupon", 0).does(Effect::add(coupon, 1)),
        Action::new("redeem", 0)
            .needs(Condition::at_least(coupon, 1))
            .does(Effect::subtract(coupon, 1))
            .does(Effect::add(fed, 1)),
    ];
    let goal = [Condition::at_least(fed, 1)];
    for planner in [Planner::new(&actions, &goal), Planner::new(&actions, &goal).plain()] {
        let plan = planner.plan(&State::zeros(2), 300).unwrap();
        assert_eq!((&plan.steps[..], plan.cost, plan.expanded), (&[1, 2][..], 0, 300));
    }
    // Where the tie order has a first plan, the search still returns it within its budget.
    let capped =
        [actions[0].clone(), actions[1].clone().needs(Condition::at_most(coupon, 2)), actions[2].clone()];
    let plan = Planner::new(&capped, &goal).plan(&State::zeros(2), 300).unwrap();
    assert_eq!((&plan.steps[..], plan.cost), (&[1, 1, 1, 2][..], 0));
}

#[test]
fn free_steps_that_never_reach_a_goal_give_way_to_a_search_fewest_steps_first() {
    // A free fidget comes first in action order, and every fidget leads to a new state as cheap
    // as the last: in action order the search never gets past fidgeting to prepare and eat. A
    // second search takes the fewest steps first among equally cheap states, and finds the meal.
    let mut facts = FactTable::default();
    let (n, ready, fed) = (
        facts.intern(Scope::Agent, "n"),
        facts.intern(Scope::Agent, "ready"),
        facts.intern(Scope::Agent, "fed"),
    );
    let actions = [
        Action::new("fidget", 0).does(Effect::add(n, 1)),
        Action::new("prep", 0).needs(Condition::at_least(n, 0)).does(Effect::set(ready, 1)),
        Action::new("eat", 1).needs(Condition::at_least(ready, 1)).does(Effect::add(fed, 1)),
    ];
    let goal = [Condition::at_least(fed, 1)];
    for planner in [Planner::new(&actions, &goal), Planner::new(&actions, &goal).plain()] {
        let plan = planner.plan(&State::zeros(3), 300).unwrap();
        assert_eq!((&plan.steps[..], plan.cost), (&[1, 2][..], 1));
        assert!(plan.expanded > 300 && plan.expanded <= 320, "both searches counted: {}", plan.expanded);
        // The trace shows the second search, and how many states the first set aside.
        let (traced, trace) = planner.plan_traced(&State::zeros(3), 300);
        assert_eq!(traced, Ok(plan.clone()));
        assert_eq!(trace.set_aside, 300);
        let on_plan: usize = trace.expansions.iter().filter(|e| e.on_plan).count();
        assert_eq!((trace.expansions.len() + 300, on_plan), (plan.expanded + 1, 3), "the goal ends the list");
    }
    // With the fidget listed last, the first search finds the meal at once.
    let reordered = [actions[1].clone(), actions[2].clone(), actions[0].clone()];
    let plan = Planner::new(&reordered, &goal).plan(&State::zeros(3), 300).unwrap();
    assert_eq!((&plan.steps[..], plan.cost, plan.expanded), (&[0, 1][..], 1, 2));
}

#[test]
fn numeric_deficits_find_the_axe_plan_with_few_expansions() {
    // logs >= 8: chop +1 (cost 1); chopWithAxe +2 (cost 1, needs hasAxe); getAxe (cost 2).
    let mut facts = FactTable::default();
    let logs = facts.intern(Scope::Agent, "logs");
    let axe = facts.intern(Scope::Agent, "hasAxe");
    let actions = [
        Action::new("chop", 1).does(Effect::add(logs, 1)),
        Action::new("chopWithAxe", 1).needs(Condition::at_least(axe, 1)).does(Effect::add(logs, 2)),
        Action::new("getAxe", 2).needs(Condition::exactly(axe, 0)).does(Effect::set(axe, 1)),
    ];
    let plan = Planner::new(&actions, &[Condition::at_least(logs, 8)]).plan(&State::zeros(2), 5000).unwrap();
    assert_eq!(plan.cost, 6);
    assert_eq!(plan.steps[..], [2, 1, 1, 1, 1]);
    // The deficit-aware estimate (≥ 4 steps of +2) keeps this to a handful of expansions; a count
    // of unmet conditions (always 1 here) expands dozens.
    assert!(plan.expanded <= 20, "expanded {}", plan.expanded);
}

/// Action i needs step(i-1) >= 1 and sets step(i) = 1; K distractors each set noise(j) = 1.
fn chain_with_distractors(length: usize, distractors: usize) -> (Vec<Action>, Condition, usize) {
    let mut facts = FactTable::default();
    let steps: Vec<_> = (0..=length).map(|i| facts.intern(Scope::Agent, &format!("step{i}"))).collect();
    let mut actions: Vec<Action> = Vec::new();
    for j in 0..distractors {
        let noise = facts.intern(Scope::Agent, &format!("noise{j}"));
        actions.push(Action::new(format!("noise{j}"), 1).does(Effect::set(noise, 1)));
    }
    for i in 1..=length {
        let mut a = Action::new(format!("step{i}"), 1).does(Effect::set(steps[i], 1));
        if i > 1 {
            a = a.needs(Condition::at_least(steps[i - 1], 1));
        }
        actions.push(a);
    }
    (actions, Condition::at_least(steps[length], 1), facts.len())
}

#[test]
fn distractors_do_not_multiply_the_search() {
    for length in [10, 20, 40] {
        let mut expansions = Vec::new();
        for k in [0, 10, 30] {
            let (actions, goal, width) = chain_with_distractors(length, k);
            let plan = Planner::new(&actions, &[goal]).plan(&State::zeros(width), 5000).unwrap();
            assert_eq!(plan.steps.len(), length);
            assert_eq!(plan.cost, length as u64);
            expansions.push(plan.expanded);
        }
        assert!(expansions.iter().all(|&e| e == expansions[0]), "chain {length}: {expansions:?}");
        assert!(expansions[0] <= length + 1, "chain {length}: {} expansions", expansions[0]);
    }
}

#[test]
fn an_already_met_goal_needs_an_empty_plan() {
    let mut facts = FactTable::default();
    let fed = facts.intern(Scope::Agent, "fed");
    let mut start = State::zeros(1);
    start.set(fed, 1);
    let plan = Planner::new(&[], &[Condition::at_least(fed, 1)]).plan(&start, 5000).unwrap();
    assert!(plan.steps.is_empty());
    assert_eq!((plan.cost, plan.expanded), (0, 0));
}

#[test]
fn ties_go_to_the_action_listed_first() {
    let mut facts = FactTable::default();
    let done = facts.intern(Scope::Agent, "done");
    let a = Action::new("a", 1).does(Effect::set(done, 1));
    let b = Action::new("b", 1).does(Effect::set(done, 1));
    let goal = [Condition::at_least(done, 1)];
    assert_eq!(
        Planner::new(&[a.clone(), b.clone()], &goal).plan(&State::zeros(1), 10).unwrap().steps[..],
        [0]
    );
    assert_eq!(Planner::new(&[b, a], &goal).plan(&State::zeros(1), 10).unwrap().steps[..], [0]);
}

#[test]
fn a_goal_reached_only_through_huge_costs_is_still_planned() {
    // Each step costs more than a 32-bit count holds: the estimate saturates, never says "never".
    let mut facts = FactTable::default();
    let (a, b) = (facts.intern(Scope::Agent, "a"), facts.intern(Scope::Agent, "b"));
    let actions = [
        Action::new("x", 3_000_000_000).does(Effect::set(a, 1)),
        Action::new("y", 3_000_000_000).needs(Condition::at_least(a, 1)).does(Effect::set(b, 1)),
    ];
    let plan = Planner::new(&actions, &[Condition::at_least(b, 1)]).plan(&State::zeros(2), 5000).unwrap();
    assert_eq!((&plan.steps[..], plan.cost), (&[0, 1][..], 6_000_000_000));
    let alone = [Action::new("z", u32::MAX).does(Effect::set(b, 1))];
    let plan = Planner::new(&alone, &[Condition::at_least(b, 1)]).plan(&State::zeros(2), 5000).unwrap();
    assert_eq!(plan.cost, u64::from(u32::MAX));
}
