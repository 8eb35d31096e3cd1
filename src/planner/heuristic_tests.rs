//! The estimate must never overestimate (plans stay optimal) and must be consistent — no action
//! lowers it by more than its cost — which is what lets the search settle each state the first
//! time it expands it, with the cheapest and first-in-order way into it.
//!
//! Checked on every edge of random domains' whole reachable state spaces, against the exact
//! cost to the goal found backwards over those spaces.

use super::compile::{Compiled, compile};
use super::facts::Value;
use super::heuristic::Heuristic;
use crate::random::SplitMix64;
use crate::testing::reference::{Edges, costs_to_goal, reachable};
use crate::testing::{Domain, Shape, conversion, errands, production};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// Spaces larger than this are not checked.
const STATES: usize = 4000;
/// Values can grow without bound: states with a value beyond this are left out of a space, so
/// that the costs found in it are upper bounds of the exact ones (still enough to catch an
/// overestimate there), and consistency is checked on every step inside it.
const VALUES: Value = 8;

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_estimate_is_admissible_and_consistent(seed in any::<u64>()) {
        admissible_and_consistent(&Shape::WIDE.domain(&mut SplitMix64(seed)))?;
    }

    #[test]
    fn the_estimate_is_admissible_and_consistent_in_conversion_chains(seed in any::<u64>()) {
        admissible_and_consistent(&conversion(&mut SplitMix64(seed)))?;
    }

    #[test]
    fn the_estimate_is_admissible_and_consistent_in_production_chains(seed in any::<u64>()) {
        admissible_and_consistent(&production(&mut SplitMix64(seed)))?;
    }

    #[test]
    fn the_estimate_is_admissible_and_consistent_in_errands(seed in any::<u64>()) {
        admissible_and_consistent(&errands(&mut SplitMix64(seed)))?;
    }
}

/// Each part of the estimate, and the whole, is admissible and consistent.
fn admissible_and_consistent(domain: &Domain) -> Result<(), TestCaseError> {
    let problem = compile(&domain.actions, &domain.goal);
    let heuristic = Heuristic::deficits(&problem).with_pattern(&problem);
    let Some((edges, exact)) = space(&problem, domain) else { return Ok(()) };
    let (pattern, plain) = (heuristic.pattern.as_ref(), Heuristic::deficits(&problem));
    check(&edges, &exact, |s| heuristic.estimate(s))?;
    check(&edges, &exact, |s| plain.estimate(s))?;
    check(&edges, &exact, |s| pattern.map_or(Some(0), |p| p.part(s)))
}

/// The domain's reachable states within `±VALUES`, projected onto the problem's slots, with
/// their steps out, and the exact costs to the goal within them; `None` past [`STATES`].
fn space(problem: &Compiled, domain: &Domain) -> Option<(Edges, BTreeMap<Vec<Value>, u64>)> {
    let whole = reachable(&domain.actions, &domain.start, STATES, VALUES)?;
    let exact = costs_to_goal(&whole, &domain.goal);
    let project = |state: &Vec<Value>| -> Vec<Value> {
        problem.slots.iter().map(|f| state.get(f.index()).copied().unwrap_or(0)).collect()
    };
    let edges = whole
        .iter()
        .map(|(s, out)| (project(s), out.iter().map(|(a, c, n)| (*a, *c, project(n))).collect::<Vec<_>>()));
    // Distinct states may project alike: the cheapest of them stands for the projection.
    let mut projected_exact: BTreeMap<Vec<Value>, u64> = BTreeMap::new();
    for (state, cost) in &exact {
        let entry = projected_exact.entry(project(state)).or_insert(u64::MAX);
        *entry = (*entry).min(*cost);
    }
    let mut projected: Edges = BTreeMap::new();
    for (state, out) in edges {
        projected.entry(state).or_default().extend(out);
    }
    Some((projected, projected_exact))
}

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
            for (_, cost, next) in out {
                if let Some(h_next) = estimate(next) {
                    prop_assert!(h <= cost + h_next, "{state:?} ({h}) -> {next:?} ({h_next}), cost {cost}");
                }
            }
        }
    }
    Ok(())
}

/// The domains above do exercise the stronger bounds: in many of them the enabling bound raises
/// the estimate of some state above the deficit bounds, the pattern database above both, and
/// in the errands the walking still ahead raises it, and the tour above the last steps.
#[test]
fn the_domains_exercise_the_stronger_bounds() {
    let (mut by_enabling, mut by_pattern, mut by_walking, mut by_tour) = (0, 0, 0, 0);
    for round in 0..1000u64 {
        let domain = errands(&mut SplitMix64(round));
        let problem = compile(&domain.actions, &domain.goal);
        let Some((edges, _)) = space(&problem, &domain) else { continue };
        let heuristic = Heuristic::deficits(&problem);
        let (arrivals, last_steps) = (&heuristic.arrivals, heuristic.arrivals.without_tours());
        by_walking += usize::from(edges.keys().any(|s| last_steps.ahead(s).is_some_and(|w| w > 0)));
        by_tour += usize::from(edges.keys().any(|s| arrivals.ahead(s) > last_steps.ahead(s)));
    }
    for round in 0..4000u64 {
        let mut rng = SplitMix64(round);
        let domain = if round % 2 == 0 { production(&mut rng) } else { conversion(&mut rng) };
        let problem = compile(&domain.actions, &domain.goal);
        let plain = Heuristic::deficits(&problem);
        let mut deficits = plain.clone();
        deficits.bounds.iter_mut().for_each(|(_, b)| b.gated = false);
        let heuristic = plain.clone().with_pattern(&problem);
        let Some((edges, _)) = space(&problem, &domain) else { continue };
        by_enabling += usize::from(edges.keys().any(|s| plain.estimate(s) > deficits.estimate(s)));
        by_pattern += usize::from(edges.keys().any(|s| heuristic.estimate(s) > plain.estimate(s)));
    }
    eprintln!(
        "of 4000 domains, the enabling bound raised the estimate in {by_enabling}, the pattern in {by_pattern}; \
         of 1000 errands, the walking ahead in {by_walking}, the tour above it in {by_tour}"
    );
    assert!(by_tour > 100, "the tour raised the estimate in only {by_tour} errands");
    assert!(by_walking > 300, "the walking ahead raised the estimate in only {by_walking} errands");
    assert!(by_enabling > 50, "the enabling bound raised the estimate in only {by_enabling} domains");
    assert!(by_pattern > 200, "the pattern database raised the estimate in only {by_pattern} domains");
}
