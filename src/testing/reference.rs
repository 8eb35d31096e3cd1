//! Exhaustive searches that know no heuristics, packing or labels: what the planner's answers
//! are checked against. Spaces past a limit are given up (`None`), never guessed at.

use crate::planner::{Action, Condition, FactId, State, Value};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Every state reached, with its steps out: `(action, cost, next state)`.
pub type Edges = BTreeMap<Vec<Value>, Vec<(u32, u64, Vec<Value>)>>;

pub fn all_hold(conditions: &[Condition], state: &State) -> bool {
    conditions.iter().all(|c| c.holds_in(state))
}

/// Every state reachable from `start` with its steps, leaving out states with a value beyond
/// `±bound` (values can grow without end); `None` past `limit` states.
pub fn reachable(actions: &[Action], start: &State, limit: usize, bound: Value) -> Option<Edges> {
    let mut edges = Edges::new();
    let mut pending = vec![start.values().to_vec()];
    while let Some(values) = pending.pop() {
        if edges.contains_key(&values) {
            continue;
        }
        if edges.len() >= limit {
            return None;
        }
        let state = State::from(values.clone());
        let mut out = Vec::new();
        for (a, action) in actions.iter().enumerate().filter(|(_, a)| a.is_applicable(&state)) {
            let mut next = state.clone();
            action.apply(&mut next);
            if next.values().iter().all(|v| v.abs() <= bound) {
                out.push((a as u32, action.cost_in(&state), next.values().to_vec()));
                pending.push(next.values().to_vec());
            }
        }
        edges.insert(values, out);
    }
    Some(edges)
}

/// The least cost to the goal from every state of `edges` that can reach it within them.
pub fn costs_to_goal(edges: &Edges, goal: &[Condition]) -> BTreeMap<Vec<Value>, u64> {
    let mut incoming: BTreeMap<&Vec<Value>, Vec<(u64, &Vec<Value>)>> = BTreeMap::new();
    for (from, out) in edges {
        for (_, cost, to) in out {
            incoming.entry(to).or_default().push((*cost, from));
        }
    }
    let mut best = BTreeMap::new();
    let mut open: BinaryHeap<Reverse<(u64, Vec<Value>)>> = BinaryHeap::new();
    for state in edges.keys().filter(|v| all_hold(goal, &State::from((*v).clone()))) {
        open.push(Reverse((0, state.clone())));
    }
    while let Some(Reverse((cost, state))) = open.pop() {
        if best.contains_key(&state) {
            continue;
        }
        for &(step, from) in incoming.get(&state).into_iter().flatten() {
            if !best.contains_key(from) {
                open.push(Reverse((cost + step, from.clone())));
            }
        }
        best.insert(state, cost);
    }
    best
}

/// Dijkstra over whole states with every action: the least cost to the goal, `Some(None)` when
/// every reachable state was tried without meeting it, `None` past `limit` states.
pub fn optimum(actions: &[Action], goal: &[Condition], start: &State, limit: usize) -> Option<Option<u64>> {
    let mut best: BTreeMap<Vec<Value>, u64> = BTreeMap::new();
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
        if best.len() > limit {
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

/// The actions that can influence the goal — those that change a fact the goal or another such
/// action's precondition or extra cost tests — with their numbers in `actions`, changing only
/// such facts, and `start` with every other fact at 0: the domain as the goal sees it.
pub fn influencing_only(
    actions: &[Action],
    goal: &[Condition],
    start: &State,
) -> (Vec<Action>, Vec<u32>, State) {
    let mut tested: Vec<FactId> = goal.iter().map(|c| c.fact).collect();
    let mut chosen = vec![false; actions.len()];
    while let Some(a) = (0..actions.len())
        .find(|&a| !chosen[a] && actions[a].effects.iter().any(|e| tested.contains(&e.fact)))
    {
        chosen[a] = true;
        tested.extend(actions[a].preconditions.iter().map(|c| c.fact));
        tested.extend(actions[a].extra_costs.iter().map(|e| e.fact));
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
    let seen = start.values().iter().enumerate();
    let seen = seen.map(|(f, &v)| if tested.contains(&FactId(f as u16)) { v } else { 0 });
    (relevant, numbers, State::from(seen.collect::<Vec<_>>()))
}

/// Of the cheapest plans that never visit a state twice, the first in action order — from the
/// exact cost to the goal of every reachable state, then from the start, depth first in action
/// order, only steps that keep to a cheapest plan (backing up where such a plan would have to
/// revisit a state, which only steps of cost 0 can make it do). `Some(None)` when there is no
/// plan, `None` past `limit` states.
pub fn first_cheapest(
    actions: &[Action],
    goal: &[Condition],
    start: &State,
    limit: usize,
) -> Option<Option<Vec<u32>>> {
    let edges = reachable(actions, start, limit, Value::MAX)?;
    let to_goal = costs_to_goal(&edges, goal);
    let Some(&total) = to_goal.get(start.values()) else { return Some(None) };
    struct Walk<'a> {
        edges: &'a Edges,
        to_goal: &'a BTreeMap<Vec<Value>, u64>,
        goal: &'a [Condition],
        visited: Vec<Vec<Value>>,
        plan: Vec<u32>,
    }
    impl Walk<'_> {
        fn from(&mut self, at: &Vec<Value>, left: u64) -> bool {
            if all_hold(self.goal, &State::from(at.clone())) {
                return true;
            }
            for (a, step, next) in &self.edges[at] {
                let on_a_cheapest_plan = self.to_goal.get(next).is_some_and(|&rest| step + rest == left);
                if !on_a_cheapest_plan || self.visited.contains(next) {
                    continue;
                }
                self.visited.push(next.clone());
                self.plan.push(*a);
                if self.from(next, left - step) {
                    return true;
                }
                self.visited.pop();
                self.plan.pop();
            }
            false
        }
    }
    let start = start.values().to_vec();
    let mut walk =
        Walk { edges: &edges, to_goal: &to_goal, goal, visited: vec![start.clone()], plan: Vec::new() };
    let found = walk.from(&start, total);
    Some(found.then_some(walk.plan))
}

/// Replays `steps` from `start`, asserting each step's preconditions hold when it is taken;
/// returns the final state and the summed cost.
pub fn replay(actions: &[Action], start: &State, steps: &[u32]) -> (State, u64) {
    let mut state = start.clone();
    let mut cost = 0;
    for (i, &step) in steps.iter().enumerate() {
        let action = &actions[step as usize];
        for c in &action.preconditions {
            assert!(
                c.holds_in(&state),
                "step {i} ({}) is taken while {c:?} does not hold in {state:?}",
                action.name
            );
        }
        cost += action.cost_in(&state);
        action.apply(&mut state);
    }
    (state, cost)
}
