//! On random small domains, every plan the planner returns is valid step by step and costs
//! exactly the optimum found by an exhaustive uniform-cost search that knows no heuristics —
//! and, of the cheapest plans, it is the first in action order.

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
    (0..FACTS, prop::sample::select(Compare::ALL.to_vec()), -1..4i32)
        .prop_map(|(f, compare, value)| Condition { fact: FactId(f), compare, value })
}

fn effect() -> impl Strategy<Value = Effect> {
    (0..FACTS, prop_oneof![Just(Change::Set), Just(Change::Add), Just(Change::Subtract)], 0..3i32)
        .prop_map(|(f, change, value)| Effect { fact: FactId(f), change, value })
}

/// Some actions cost more by the value of one fact, as walking does by where one stands.
fn action() -> impl Strategy<Value = Action> {
    let extra = prop::option::weighted(0.3, (0..FACTS, prop::collection::vec((0..3i32, 0..4u32), 1..3)));
    (0..5u32, extra, prop::collection::vec(condition(), 0..3), prop::collection::vec(effect(), 1..3)).prop_map(
        |(cost, extra, preconditions, effects)| {
            let action = Action { preconditions, effects, ..Action::new("", cost) };
            let by_value = extra.iter().flat_map(|(fact, by_value)| by_value.iter().map(move |&(v, more)| (*fact, v, more)));
            by_value.fold(action, |action, (fact, value, more)| action.costs_more_where(FactId(fact), value, more))
        },
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
            let cost = g + action.cost_in(&state);
            let key = next.values().to_vec();
            if best.get(&key).is_none_or(|&b| cost < b) {
                best.insert(key.clone(), cost);
                open.push(Reverse((cost, key)));
            }
        }
    }
    Some(None)
}

/// Domains rich in equally cheap plans — costs of 1 or 2, some actions listed twice — whose
/// actions all cost something, so that "the first of the cheapest plans in action order" is a
/// plan that never visits a state twice.
fn tied_domain() -> impl Strategy<Value = (Vec<Action>, Vec<Condition>, State)> {
    (domain(), prop::collection::vec((0..7usize, 0..8usize), 0..4)).prop_map(
        |((mut actions, goal, start), copies)| {
            actions.iter_mut().for_each(|a| a.cost = 1 + a.cost % 2); // extras only add to that
            for (which, at) in copies {
                let copy = actions[which % actions.len()].clone();
                actions.insert(at.min(actions.len()), copy);
            }
            (actions, goal, start)
        },
    )
}

/// Every state reachable from `start` with its steps (action, cost, next), or `None` past
/// [`REFERENCE_LIMIT`] states.
fn reachable(actions: &[Action], start: &State) -> Option<BTreeMap<Vec<i32>, Vec<(u32, u64, Vec<i32>)>>> {
    let mut edges: BTreeMap<Vec<i32>, Vec<(u32, u64, Vec<i32>)>> = BTreeMap::new();
    let mut pending = vec![start.values().to_vec()];
    while let Some(values) = pending.pop() {
        if edges.contains_key(&values) {
            continue;
        }
        if edges.len() > REFERENCE_LIMIT {
            return None;
        }
        let state = State::from(values.clone());
        let mut out = Vec::new();
        for (a, action) in actions.iter().enumerate().filter(|(_, a)| a.is_applicable(&state)) {
            let mut next = state.clone();
            action.apply(&mut next);
            out.push((a as u32, action.cost_in(&state), next.values().to_vec()));
            pending.push(next.values().to_vec());
        }
        edges.insert(values, out);
    }
    Some(edges)
}

/// The exact least cost to the goal from every state of `edges` that can reach it.
fn costs_to_goal(
    edges: &BTreeMap<Vec<i32>, Vec<(u32, u64, Vec<i32>)>>,
    goal: &[Condition],
) -> BTreeMap<Vec<i32>, u64> {
    let mut to_goal: BTreeMap<Vec<i32>, u64> = BTreeMap::new();
    let mut open: BinaryHeap<Reverse<(u64, Vec<i32>)>> = BinaryHeap::new();
    for values in edges.keys().filter(|v| all_hold(goal, &State::from((*v).clone()))) {
        open.push(Reverse((0, values.clone())));
    }
    while let Some(Reverse((cost, values))) = open.pop() {
        if to_goal.contains_key(&values) {
            continue;
        }
        for (from, out) in edges {
            for (_, step, to) in out {
                if *to == values && !to_goal.contains_key(from) {
                    open.push(Reverse((cost + step, from.clone())));
                }
            }
        }
        to_goal.insert(values, cost);
    }
    to_goal
}

/// The actions that can influence the goal — those that change a fact the goal or another such
/// action's precondition or extra cost tests — with their numbers in `actions`, changing only such facts, and
/// `start` with every other fact at 0: the domain as the goal sees it.
fn influencing_only(actions: &[Action], goal: &[Condition], start: &State) -> (Vec<Action>, Vec<u32>, State) {
    let mut tested: Vec<FactId> = goal.iter().map(|c| c.fact).collect();
    let mut chosen = vec![false; actions.len()];
    while let Some(a) = (0..actions.len())
        .find(|&a| !chosen[a] && actions[a].effects.iter().any(|e| tested.contains(&e.fact)))
    {
        chosen[a] = true;
        tested.extend(actions[a].preconditions.iter().map(|c| c.fact));
        tested.extend(actions[a].extra_cost.iter().map(|e| e.fact));
    }
    let numbers: Vec<u32> = (0..actions.len() as u32).filter(|&a| chosen[a as usize]).collect();
    let relevant = numbers
        .iter()
        .map(|&a| {
            let mut action = actions[a as usize].clone();
            action.effects.retain(|e| tested.contains(&e.fact));
            action
        })
        .collect();
    let seen = start
        .values()
        .iter()
        .enumerate()
        .map(|(f, &v)| if tested.contains(&FactId(f as u16)) { v } else { 0 });
    (relevant, numbers, State::from(seen.collect::<Vec<_>>()))
}

/// Of the cheapest plans that never visit a state twice, the first in action order — found
/// without any of the planner's machinery: the exact cost to the goal of every reachable state,
/// then from the start, depth first in action order, only steps that keep to a cheapest plan
/// (backing up where such a plan would have to revisit a state, which only steps of cost 0 can
/// make it do). `Some(None)` when there is no plan, `None` when the space is too large.
fn reference_first_cheapest(
    actions: &[Action],
    goal: &[Condition],
    start: &State,
) -> Option<Option<Vec<u32>>> {
    let edges = reachable(actions, start)?;
    let to_goal = costs_to_goal(&edges, goal);
    let Some(&total) = to_goal.get(start.values()) else { return Some(None) };
    fn walk(
        at: &Vec<i32>,
        left: u64,
        edges: &BTreeMap<Vec<i32>, Vec<(u32, u64, Vec<i32>)>>,
        to_goal: &BTreeMap<Vec<i32>, u64>,
        goal: &[Condition],
        visited: &mut Vec<Vec<i32>>,
        plan: &mut Vec<u32>,
    ) -> bool {
        if all_hold(goal, &State::from(at.clone())) {
            return true;
        }
        for (a, step, next) in &edges[at] {
            let on_a_cheapest_plan = to_goal.get(next).is_some_and(|&rest| step + rest == left);
            if !on_a_cheapest_plan || visited.contains(next) {
                continue;
            }
            visited.push(next.clone());
            plan.push(*a);
            if walk(next, left - step, edges, to_goal, goal, visited, plan) {
                return true;
            }
            visited.pop();
            plan.pop();
        }
        false
    }
    let (mut visited, mut plan) = (vec![start.values().to_vec()], Vec::new());
    let found = walk(&start.values().to_vec(), total, &edges, &to_goal, goal, &mut visited, &mut plan);
    Some(found.then_some(plan))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn of_the_cheapest_plans_the_first_in_action_order((actions, goal, start) in tied_domain()) {
        let answer = Planner::new(&actions, &goal).plan(&start, 200_000);
        if let (Ok(plan), Some(Some(first))) = (&answer, reference_first_cheapest(&actions, &goal, &start)) {
            prop_assert_eq!(&plan.steps[..], &first[..], "cost {}", plan.cost);
        }
    }

    /// With actions of cost 0 too: the first of the cheapest plans that visit no state twice,
    /// among the actions that can influence the goal (a free action that cannot is no detour).
    #[test]
    fn with_free_actions_the_first_of_the_cheapest_plans_that_visit_no_state_twice(
        (actions, goal, start) in domain()
    ) {
        let answer = Planner::new(&actions, &goal).plan(&start, 200_000);
        let (relevant, numbers, seen) = influencing_only(&actions, &goal, &start);
        if let (Ok(plan), Some(Some(first))) = (&answer, reference_first_cheapest(&relevant, &goal, &seen)) {
            let first: Vec<u32> = first.iter().map(|&a| numbers[a as usize]).collect();
            prop_assert_eq!(&plan.steps[..], &first[..], "cost {}", plan.cost);
        }
    }

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

    /// A prepared planner answers alike every time, and as another prepared for the same
    /// question; one asked before answers as a prepared one.
    #[test]
    fn the_same_inputs_give_the_same_answer((actions, goal, start) in domain()) {
        let planner = Planner::new(&actions, &goal);
        planner.plan(&start, 5000).ok();
        prop_assert_eq!(planner.plan(&start, 5000), planner.plan(&start, 5000));
        prop_assert_eq!(planner.plan(&start, 5000), Planner::new(&actions, &goal).prepared().plan(&start, 5000));
    }
}
