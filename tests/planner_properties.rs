//! On random small domains, every plan the planner returns is valid step by step and costs
//! exactly the optimum found by an exhaustive uniform-cost search that knows no heuristics.

mod common;

use common::{all_hold, replay};
use goap_town::planner::{Action, Change, Compare, Condition, Effect, FactId, NoPlan, Planner, State};
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

const FACTS: u16 = 4;
/// The reference search gives up past this many states (values can grow without bound).
const REFERENCE_LIMIT: usize = 20_000;

fn condition() -> impl Strategy<Value = Condition> {
    (0..FACTS, prop_oneof![Just(Compare::AtLeast), Just(Compare::AtMost), Just(Compare::Exactly)], -1..4i32)
        .prop_map(|(f, compare, value)| Condition { fact: FactId(f), compare, value })
}

fn effect() -> impl Strategy<Value = Effect> {
    (0..FACTS, prop_oneof![Just(Change::Set), Just(Change::Add), Just(Change::Subtract)], 0..3i32)
        .prop_map(|(f, change, value)| Effect { fact: FactId(f), change, value })
}

fn action() -> impl Strategy<Value = Action> {
    (0..5u32, prop::collection::vec(condition(), 0..3), prop::collection::vec(effect(), 1..3)).prop_map(
        |(cost, preconditions, effects)| Action { name: String::new(), cost, preconditions, effects },
    )
}

fn domain() -> impl Strategy<Value = (Vec<Action>, Vec<Condition>, State)> {
    (
        prop::collection::vec(action(), 1..7),
        prop::collection::vec(condition(), 1..3),
        prop::collection::vec(0..3i32, FACTS as usize),
    )
        .prop_map(|(actions, goal, start)| (actions, goal, State::from(start)))
}

/// Dijkstra over whole states with every action: the least cost to the goal, `Some(None)` when
/// every reachable state was tried without meeting it, `None` when it gave up.
fn reference_optimum(actions: &[Action], goal: &[Condition], start: &State) -> Option<Option<u64>> {
    let mut best: BTreeMap<Vec<i32>, u64> = BTreeMap::new();
    let mut open = BinaryHeap::new();
    best.insert(start.values().to_vec(), 0);
    open.push(Reverse((0u64, start.values().to_vec())));
    while let Some(Reverse((g, values))) = open.pop() {
        if best.get(&values).is_some_and(|&b| b < g) {
            continue;
        }
        let state = State::from(values);
        if all_hold(goal, &state) {
            return Some(Some(g));
        }
        if best.len() > REFERENCE_LIMIT {
            return None;
        }
        for action in actions.iter().filter(|a| a.is_applicable(&state)) {
            let mut next = state.clone();
            action.apply(&mut next);
            let cost = g + u64::from(action.cost);
            let key = next.values().to_vec();
            if best.get(&key).is_none_or(|&b| cost < b) {
                best.insert(key.clone(), cost);
                open.push(Reverse((cost, key)));
            }
        }
    }
    Some(None)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn plans_are_valid_and_cost_optimal((actions, goal, start) in domain()) {
        let answer = Planner::new(&actions, &goal).plan(&start, 200_000);
        let reference = reference_optimum(&actions, &goal, &start);
        match (&answer, reference) {
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

    #[test]
    fn the_same_inputs_give_the_same_answer((actions, goal, start) in domain()) {
        let planner = Planner::new(&actions, &goal);
        prop_assert_eq!(planner.plan(&start, 5000), planner.plan(&start, 5000));
        prop_assert_eq!(planner.plan(&start, 5000), Planner::new(&actions, &goal).plan(&start, 5000));
    }
}
