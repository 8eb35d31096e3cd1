//! The estimate must never overestimate (plans stay optimal) and must be consistent — no action
//! lowers it by more than its cost — which is what lets the search settle each state the first
//! time it expands it, with the cheapest and first-in-order way into it.
//!
//! Checked on every edge of random domains' whole reachable state spaces, against the exact
//! cost to the goal found backwards over those spaces.

use super::compile::{Compiled, SlotAction, compile};
use super::enabling::Enabling;
use super::facts::Value;
use super::heuristic::Heuristic;
use super::test_domains::{FACTS, condition, effect};
use super::{Action, Condition, Effect, FactId};
use proptest::prelude::*;
use std::collections::{BTreeMap, BinaryHeap};

/// Spaces larger than this are not checked.
const STATES: usize = 4000;
/// Values can grow without bound: states with a value beyond this are left out of a space, so
/// that the costs found in it are upper bounds of the exact ones (still enough to catch an
/// overestimate there), and consistency is checked on every step inside it.
const VALUES: Value = 8;

fn action() -> impl Strategy<Value = Action> {
    (0..4u32, prop::collection::vec(condition(), 0..3), prop::collection::vec(effect(), 1..2)).prop_map(
        |(cost, preconditions, effects)| Action { preconditions, effects, ..Action::new("", cost) },
    )
}

/// Domains shaped like a town's: sources that make something from nothing, and producers that
/// need what others make, make one fact and may spend another — so the goal's helpers mostly
/// wait on preconditions that other actions bring about.
fn production_domain() -> impl Strategy<Value = (Vec<Action>, Vec<Condition>, Vec<Value>)> {
    let made = |facts: std::ops::Range<u16>| (1..4u32, facts, 1..3i32, any::<bool>());
    let source = made(1..FACTS).prop_map(|(cost, fact, amount, sets)| produce(cost, fact, amount, sets));
    let needs = prop::collection::vec((1..FACTS, 1..3i32), 1..3);
    let producer = (made(0..FACTS), 0..FACTS, 0..2i32, needs).prop_map(
        |((cost, fact, amount, sets), used, spent, needs)| {
            let mut action = produce(cost, fact, amount, sets);
            if spent > 0 {
                action = action.does(Effect::subtract(FactId(used), spent));
            }
            needs.into_iter().fold(action, |a, (f, n)| a.needs(Condition::at_least(FactId(f), n)))
        },
    );
    let actions = (prop::collection::vec(source, 1..3), prop::collection::vec(producer, 2..8)).prop_map(
        |(mut sources, producers)| {
            sources.extend(producers);
            sources
        },
    );
    (actions, 1..4i32, prop::collection::vec(0..2i32, FACTS as usize)).prop_map(
        |(actions, wanted, mut start)| {
            start[0] = 0;
            (actions, vec![Condition::at_least(FactId(0), wanted)], start)
        },
    )
}

/// Domains shaped like the miner's: refills set a stock when it runs dry, and conversions turn
/// one unit of a stock into one of another — bounded, so their whole state spaces can be checked.
fn conversion_domain() -> impl Strategy<Value = (Vec<Action>, Vec<Condition>, Vec<Value>)> {
    let refill = (1..4u32, 1..FACTS, 1..4i32).prop_map(|(cost, fact, amount)| {
        Action::new("", cost)
            .needs(Condition::exactly(FactId(fact), 0))
            .does(Effect::set(FactId(fact), amount))
    });
    let convert = (1..4u32, 1..FACTS, 0..FACTS).prop_map(|(cost, from, to)| {
        Action::new("", cost)
            .needs(Condition::at_least(FactId(from), 1))
            .does(Effect::subtract(FactId(from), 1))
            .does(Effect::add(FactId(to), 1))
    });
    let actions =
        (prop::collection::vec(refill, 1..3), prop::collection::vec(convert, 2..6)).prop_map(|(mut a, b)| {
            a.extend(b);
            a
        });
    (actions, 1..5i32).prop_map(|(actions, wanted)| {
        (actions, vec![Condition::at_least(FactId(0), wanted)], vec![0; FACTS as usize])
    })
}

fn produce(cost: u32, fact: u16, amount: i32, sets: bool) -> Action {
    let effect = if sets { Effect::set(FactId(fact), amount) } else { Effect::add(FactId(fact), amount) };
    Action::new("", cost).does(effect)
}

fn domain() -> impl Strategy<Value = (Vec<Action>, Vec<Condition>, Vec<Value>)> {
    (
        prop::collection::vec(action(), 1..9),
        prop::collection::vec(condition(), 1..3),
        prop::collection::vec(0..3i32, FACTS as usize),
    )
}

fn successor(action: &SlotAction, state: &[Value]) -> Option<Vec<Value>> {
    if !action.preconditions.iter().all(|c| c.holds_for(state[c.slot as usize])) {
        return None;
    }
    let mut next = state.to_vec();
    for &(slot, change, value) in action.effects {
        let v = &mut next[slot as usize];
        *v = change.apply(*v, value);
    }
    Some(next)
}

/// Every state reachable from `start` without leaving `±VALUES`, with its outgoing edges within,
/// or `None` past [`STATES`].
fn space(problem: &Compiled, start: Vec<Value>) -> Option<BTreeMap<Vec<Value>, Vec<(u64, Vec<Value>)>>> {
    let mut edges = BTreeMap::new();
    let mut pending = vec![start];
    while let Some(state) = pending.pop() {
        if edges.contains_key(&state) {
            continue;
        }
        if edges.len() >= STATES {
            return None;
        }
        let out: Vec<(u64, Vec<Value>)> = problem
            .actions()
            .filter_map(|a| Some((u64::from(a.cost), successor(&a, &state)?)))
            .filter(|(_, next)| next.iter().all(|v| v.abs() <= VALUES))
            .collect();
        pending.extend(out.iter().map(|(_, s)| s.clone()));
        edges.insert(state, out);
    }
    Some(edges)
}

/// The exact least cost from each state to the goal (absent: it cannot be reached).
fn exact(
    problem: &Compiled,
    edges: &BTreeMap<Vec<Value>, Vec<(u64, Vec<Value>)>>,
) -> BTreeMap<Vec<Value>, u64> {
    let mut incoming: BTreeMap<&Vec<Value>, Vec<(u64, &Vec<Value>)>> = BTreeMap::new();
    for (from, out) in edges {
        for (cost, to) in out {
            incoming.entry(to).or_default().push((*cost, from));
        }
    }
    let mut best = BTreeMap::new();
    let mut open = BinaryHeap::new();
    for state in edges.keys() {
        if problem.goal.iter().all(|c| c.holds_for(state[c.slot as usize])) {
            open.push(std::cmp::Reverse((0u64, state.clone())));
        }
    }
    while let Some(std::cmp::Reverse((cost, state))) = open.pop() {
        if best.contains_key(&state) {
            continue;
        }
        for &(step, from) in incoming.get(&state).into_iter().flatten() {
            if !best.contains_key(from) {
                open.push(std::cmp::Reverse((cost + step, from.clone())));
            }
        }
        best.insert(state, cost);
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_estimate_is_admissible_and_consistent((actions, goal, start) in domain()) {
        admissible_and_consistent(&actions, &goal, &start)?;
    }

    #[test]
    fn the_estimate_is_admissible_and_consistent_in_conversion_chains((actions, goal, start) in conversion_domain()) {
        admissible_and_consistent(&actions, &goal, &start)?;
    }

    #[test]
    fn the_estimate_is_admissible_and_consistent_in_production_chains(
        (actions, goal, start) in production_domain()
    ) {
        admissible_and_consistent(&actions, &goal, &start)?;
    }
}

/// Each part of the estimate, and the whole, is admissible and consistent.
fn admissible_and_consistent(
    actions: &[Action],
    goal: &[Condition],
    start: &[Value],
) -> Result<(), TestCaseError> {
    let problem = compile(actions, goal);
    let heuristic = Heuristic::full(&problem, &Heuristic::plain(&problem));
    let start: Vec<Value> = problem.slots.iter().map(|f| start[f.index()]).collect();
    let Some(edges) = space(&problem, start) else { return Ok(()) };
    let exact = exact(&problem, &edges);
    let pattern = heuristic.pattern.as_ref();
    let enabled = enabled(&problem, &heuristic);
    check(&edges, &exact, |s| heuristic.estimate(s))?;
    check(&edges, &exact, |s| enabled.estimate(s))?;
    check(&edges, &exact, |s| pattern.map_or(Some(0), |p| p.estimate(|slot| s[slot])))
}

/// `heuristic` with the enabling bounds and without a pattern database (which it builds only
/// for problems too large for a database).
fn enabled(problem: &Compiled, heuristic: &Heuristic) -> Heuristic {
    Heuristic { enabling: Enabling::for_goal(problem), pattern: None, ..heuristic.clone() }
}

type Edges = BTreeMap<Vec<Value>, Vec<(u64, Vec<Value>)>>;

/// `estimate` never exceeds the exact cost and never falls by more than a step's cost.
fn check(
    edges: &Edges,
    exact: &BTreeMap<Vec<Value>, u64>,
    estimate: impl Fn(&[Value]) -> Option<u64>,
) -> Result<(), TestCaseError> {
    {
        for (state, out) in edges {
            let h = estimate(state);
            match (h, exact.get(state)) {
                (Some(h), Some(&truth)) => prop_assert!(h <= truth, "{h} > {truth} at {state:?}"),
                (None, Some(&truth)) => prop_assert!(false, "dead end claimed at {state:?}, cost {truth}"),
                _ => {}
            }
            // One step lowers the estimate by at most its cost (dead ends were checked above).
            let Some(h) = h else { continue };
            for (cost, next) in out {
                if let Some(h_next) = estimate(next) {
                    prop_assert!(h <= cost + h_next, "{state:?} ({h}) -> {next:?} ({h_next}), cost {cost}");
                }
            }
        }
    }
    Ok(())
}

/// The domains above do exercise the stronger bounds: in many of them the enabling bound raises
/// the estimate of some state above the plain deficit bound, and the pattern database above both.
#[test]
fn the_domains_exercise_the_stronger_bounds() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut raised_by_enabling, mut raised_by_pattern) = (0, 0);
    for round in 0..4000 {
        let (actions, goal, start) = if round % 2 == 0 {
            production_domain().new_tree(&mut runner).unwrap().current()
        } else {
            conversion_domain().new_tree(&mut runner).unwrap().current()
        };
        let problem = compile(&actions, &goal);
        let heuristic = Heuristic::full(&problem, &Heuristic::plain(&problem));
        let unpatterned = enabled(&problem, &heuristic);
        let unpatterned = |s: &Vec<Value>| unpatterned.estimate(s);
        let plain = Heuristic { enabling: Vec::new(), pattern: None, ..heuristic.clone() };
        let start: Vec<Value> = problem.slots.iter().map(|f| start[f.index()]).collect();
        let Some(edges) = space(&problem, start) else { continue };
        raised_by_enabling += usize::from(edges.keys().any(|s| unpatterned(s) > plain.estimate(s)));
        raised_by_pattern += usize::from(edges.keys().any(|s| heuristic.estimate(s) > unpatterned(s)));
    }
    let (enabled, patterned) = (raised_by_enabling, raised_by_pattern);
    eprintln!(
        "of 4000 domains, the enabling bound raised the estimate in {enabled}, the pattern in {patterned}"
    );
    assert!(enabled > 50, "the enabling bound raised the estimate in only {enabled} domains");
    assert!(patterned > 200, "the pattern database raised the estimate in only {patterned} domains");
}
