//! The detours a planner leaves out (`planner/detours.rs`) change no plan: on random errands at
//! stations placed in a plane, where walking costs the distance (a walk through another station
//! is never a short cut, so a goal's errands leave the others out), and on the property tests'
//! errands, whose walks are arbitrary (so often one is a short cut and stays), the plan is the
//! first of the cheapest that the exhaustive reference finds over every action — a reference that
//! knows nothing of detours. `.ci/run` runs it in release too, the build people use.

use goap_town::planner::{Action, Condition, Effect, FactId, Planner, State};
use goap_town::random::SplitMix64;
use goap_town::testing::reference::{first_cheapest, influencing_only, replay};
use goap_town::testing::{Domain, errands};

/// The reference gives up past this many states.
const LIMIT: usize = 20_000;

/// Errands 1 to 4 at two to five stations in a 10 × 10 square, each at one or two of them; the
/// goal wants some: the others are detours. An action costs 2 or 3, a walk the rounded distance
/// (so going through a station costs at most 1 less than going straight, by the rounding).
fn errands_in_a_plane(rng: &mut SplitMix64) -> Domain {
    const PLACE: FactId = FactId(0);
    let stations = 2 + rng.below(4) as i32;
    let mut point = || [rng.below(10) as f32, rng.below(10) as f32];
    let from_start = point();
    let spots: Vec<[f32; 2]> = (0..stations).map(|_| point()).collect();
    let walk = |a: [f32; 2], b: [f32; 2]| (a[0] - b[0]).hypot(a[1] - b[1]).round() as u32;
    let at = |action: Action, station: i32| {
        let to = spots[station as usize];
        let origins = std::iter::once((-1, from_start)).chain((0..stations).map(|s| (s, spots[s as usize])));
        let priced = origins.fold(action, |action, (from, spot)| match walk(spot, to) {
            0 => action,
            extra => action.costs_more_where(PLACE, from, extra),
        });
        priced.does(Effect::set(PLACE, station))
    };
    let mut actions = Vec::new();
    for errand in 1..5u16 {
        for _ in 0..1 + rng.below(2) {
            let station = rng.below(stations as usize) as i32;
            let cost = 2 + rng.below(2) as u32;
            actions.push(at(Action::new("", cost).does(Effect::set(FactId(errand), 1)), station));
        }
    }
    let mut goal: Vec<Condition> =
        (1..5).filter(|_| rng.below(2) == 0).map(|e| Condition::at_least(FactId(e), 1)).collect();
    if goal.is_empty() {
        goal.push(Condition::at_least(FactId(1), 1));
    }
    let mut start = State::zeros(5);
    start.set(PLACE, if rng.below(10) < 7 { -1 } else { rng.below(stations as usize) as i32 });
    Domain { actions, goal, start }
}

#[test]
fn detours_left_out_change_no_plan() {
    let mut left_out = [0; 2];
    for seed in 0..4_000u64 {
        let mut rng = SplitMix64(seed);
        let (kind, Domain { actions, goal, start }) = match seed % 2 {
            0 => (0, errands_in_a_plane(&mut rng)),
            _ => (1, errands(&mut rng)),
        };
        let planner = Planner::new(&actions, &goal);
        let (influencing, _, _) = influencing_only(&actions, &goal, &start);
        left_out[kind] += usize::from(planner.relevant_actions() < influencing.len());
        match (planner.plan(&start, 200_000), first_cheapest(&actions, &goal, &start, LIMIT)) {
            (Ok(plan), Some(Some(first))) => {
                assert_eq!(&plan.steps[..], &first[..], "seed {seed}: cost {}", plan.cost);
                assert_eq!(replay(&actions, &start, &plan.steps).1, plan.cost, "seed {seed}");
            }
            (Ok(plan), Some(None)) => panic!("seed {seed}: a plan {:?} where there is none", plan.steps),
            (Err(why), Some(Some(first))) => panic!("seed {seed}: {why:?}, yet {first:?} reaches the goal"),
            _ => {}
        }
    }
    // The test means something only where detours were left out: most plane domains, some of
    // the others.
    assert!(left_out[0] > 1_000, "detours left out in only {} of 2,000 plane domains", left_out[0]);
    assert!(left_out[1] > 0, "no detour left out in the property tests' errands");
    eprintln!("detours left out in {} plane domains and {} errands of 2,000 each", left_out[0], left_out[1]);
}
