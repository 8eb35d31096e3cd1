//! Over random small maps — grass, roads, walls and water — with stations and a start on open
//! ground: the walking cost a plan prices for each step is the time the villager then walks
//! (within what a stride and a cost's rounding allow), no villager ever stands in a blocked
//! cell, and plans are still the cheapest an exhaustive search finds, the first in action order.

#![cfg(feature = "sim")]

use goap_town::planner::{Action, NoPlan, Planner, Value};
use goap_town::random::SplitMix64;
use goap_town::scenario::{self, COST_SCALE, START, Scenario};
use goap_town::sim::{self, Activity, AgentFacts, Intent, Position, STEP};
use goap_town::testing::reference::{first_cheapest, optimum};
use proptest::prelude::*;

/// The exhaustive searches give up past this many states (a town here has far fewer).
const LIMIT: usize = 20_000;

/// A random town: a map of 3–9 × 3–7 cells of 20 units (grass the most common), 2–5 stations of
/// 1–3 kinds and a start on open ground, and a cook who must do a chain of 1–4 actions, each at
/// any station of its kind — or, in half the towns, one dearer action that does it all at once.
/// Every fact stays 0 or 1, so the exhaustive searches see every state.
fn town_text(seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let (width, height) = (3 + rng.below(7), 3 + rng.below(5));
    let origin = *rng.pick(&[[0.0f32, 0.0], [-100.0, 60.0]]);
    let grounds = ['.', '.', '.', '.', '.', '=', '=', '#', '#', '~'];
    let rows: Vec<String> = (0..height).map(|_| (0..width).map(|_| *rng.pick(&grounds)).collect()).collect();
    let open: Vec<(usize, usize)> = (0..height)
        .flat_map(|r| (0..width).map(move |c| (c, r)))
        .filter(|&(c, r)| matches!(rows[r].as_bytes()[c], b'.' | b'='))
        .collect();
    if open.len() < 2 {
        return town_text(rng.next_u64());
    }
    // A point inside an open cell, away from its borders or not.
    let point = |rng: &mut SplitMix64| {
        let (col, row) = *rng.pick(&open);
        let (dx, dy) = (*rng.pick(&[2.5f32, 10.0, 17.5]), *rng.pick(&[2.5f32, 10.0, 17.5]));
        [origin[0] + 20.0 * col as f32 + dx, origin[1] - 20.0 * row as f32 - dy]
    };
    let count = 2 + rng.below(4);
    let mut positions: Vec<[f32; 2]> = Vec::new();
    while positions.len() < count {
        let p = point(&mut rng);
        if !positions.contains(&p) {
            positions.push(p);
        }
    }
    let kinds = 1 + rng.below(count.min(3));
    let stations: Vec<String> = (positions.iter().enumerate())
        .map(|(s, p)| {
            let kind = if s < kinds { s } else { rng.below(kinds) };
            format!(r#"(id: "st{s}", pos: ({:?}, {:?}), kind: "k{kind}")"#, p[0], p[1])
        })
        .collect();
    let chain = 1 + rng.below(4);
    let mut actions: Vec<(String, String)> = (0..chain)
        .map(|i| {
            let (kind, cost) = (rng.below(kinds), 1 + rng.below(3));
            let (has, makes) = (i, i + 1);
            let (needs, effects) = match i {
                0 => (r#""agent.s1 <= 0""#.to_owned(), r#""agent.s1 += 1""#.to_owned()),
                _ => (
                    format!(r#""agent.s{has} >= 1", "agent.s{makes} <= 0""#),
                    format!(r#""agent.s{has} -= 1", "agent.s{makes} += 1""#),
                ),
            };
            let text = format!(
                r#"(id: "a{i}", station: "k{kind}", duration: 1.0, cost: {cost}, needs: [{needs}], effects: [{effects}])"#
            );
            (format!("a{i}"), text)
        })
        .collect();
    if rng.below(2) == 0 {
        let (kind, cost, at) = (rng.below(kinds), 2 + rng.below(5), rng.below(chain + 1));
        let direct = format!(
            r#"(id: "direct", station: "k{kind}", duration: 1.0, cost: {cost}, needs: ["agent.s{chain} <= 0"], effects: ["agent.s{chain} += 1"])"#
        );
        actions.insert(at, ("direct".to_owned(), direct));
    }
    let ids: Vec<String> = actions.iter().map(|(id, _)| format!("\"{id}\"")).collect();
    let actions: Vec<String> = actions.into_iter().map(|(_, text)| text).collect();
    let facts: Vec<String> = (1..=chain).map(|i| format!(r#""s{i}": 0"#)).collect();
    let start = point(&mut rng);
    let walk_weight = *rng.pick(&[0.1f32, 0.25, 0.05]);
    let road_speed = *rng.pick(&[1.0f32, 1.5, 2.5]);
    let speed = *rng.pick(&[25.0f32, 40.0, 65.0]);
    format!(
        r#"Scenario(
    settings: (day_length: 150.0, walk_weight: {walk_weight:?}, road_speed: {road_speed:?}, planner_budget: 100000),
    world: {{}},
    agent: {{ {facts} }},
    stations: [
        {stations}
    ],
    actions: [
        {actions}
    ],
    map: (
        cell: 20.0,
        origin: ({:?}, {:?}),
        rows: [
            {rows}
        ],
    ),
    characters: [
        (id: "cook", start: ({:?}, {:?}), speed: {speed:?}, actions: [{ids}],
         goals: [(id: "done", wants: ["agent.s{chain} >= 1"], drift: Quota(urgency: 10.0))]),
    ],
)"#,
        origin[0],
        origin[1],
        start[0],
        start[1],
        facts = facts.join(", "),
        stations = stations.join(",\n        "),
        actions = actions.join(",\n        "),
        rows = rows.iter().map(|r| format!("\"{r}\"")).collect::<Vec<_>>().join(",\n            "),
        ids = ids.join(", "),
    )
}

fn town(seed: u64) -> (Scenario, String) {
    let text = town_text(seed);
    let town = scenario::parse(&text, "random.ron").unwrap_or_else(|e| panic!("{e}\n{text}"));
    (town, text)
}

/// What the walk of step `action` costs in the plan, from place `place`: the extras by the place
/// fact (as `plan` prints a step's walking).
fn priced_walk(town: &Scenario, action: &Action, place: Value) -> u64 {
    let by_place = action.extra_costs.iter().filter(|e| e.fact == town.place);
    by_place.map(|e| u64::from(e.at(place))).sum()
}

/// Where a place stands: the cook's start, or a station.
fn point_of(town: &Scenario, place: Value) -> [f32; 2] {
    town.station_at(place).map_or(town.characters[0].start, |s| s.position)
}

/// The cook's plan from its start, and what it prices each step's walk at, in turn.
fn planned(town: &Scenario) -> Option<(Vec<usize>, Vec<u64>)> {
    let actions = town.planning_actions(0);
    let goal = &town.characters[0].goals[0].conditions;
    let plan = Planner::new(&actions, goal).plan(&town.start_state(0), 100_000).ok()?;
    let mut state = town.start_state(0);
    let walks = plan.steps.iter().map(|&s| {
        let walk = priced_walk(town, &actions[s as usize], state.get(town.place));
        actions[s as usize].apply(&mut state);
        walk
    });
    let walks = walks.collect();
    Some((plan.steps.iter().map(|&s| s as usize).collect(), walks))
}

/// Plays the first day of `town`, looking at the cook at every step: it never stands in a
/// blocked cell; each walk takes the time its plan priced — the walking cost back in seconds,
/// within half a cost unit's rounding below and that plus one step's stride above (a walk
/// ends at the stride that arrives) — and as many strides as the way's length says; it arrives
/// at the station itself; and it follows the plan made from its start, walk by walk (all of
/// them unless the day ends first). Returns
/// how many walks it made and how many were of some length.
fn walks_as_priced(town: &Scenario, text: &str) -> Result<(usize, usize), TestCaseError> {
    let map = town.map.clone().unwrap();
    let actions = town.planning_actions(0);
    let cook = &town.characters[0];
    let weight = f64::from(town.settings.walk_weight) * f64::from(COST_SCALE);
    let mut app = sim::simulation_app(town.clone());
    let entity = app.world().resource::<sim::Roster>().0[0];
    let (mut walked, mut seen_plan, mut was_walking) = (Vec::new(), None, false);
    let (mut long, mut cut_short) = (0, false);
    while app.world().resource::<sim::Clock>().day == 1 {
        sim::step(&mut app);
        let world = app.world();
        let now = world.resource::<sim::Clock>().steps;
        let at = sim::position_of(world, entity).unwrap();
        prop_assert!(
            !map.blocked_at(at),
            "step {}: the cook stands in a blocked cell at {:?}\n{}",
            now,
            at,
            text
        );
        let intent = world.get::<Intent>(entity).unwrap();
        if seen_plan.is_none() && intent.plan().len() > 0 {
            seen_plan = Some(intent.plan().collect::<Vec<_>>());
        }
        let activity = world.get::<Activity>(entity).unwrap();
        if let (Activity::Acting { .. }, true) = (activity, was_walking) {
            let station = cook.tasks[intent.current().unwrap()].station;
            prop_assert_eq!(at, town.stations[station].position, "the cook arrives at the station itself");
        }
        was_walking = matches!(activity, Activity::Walking { .. });
        let &Activity::Walking { from, until } = activity else { continue };
        cut_short |= until == u32::MAX;
        let Some(task) = intent.current().filter(|_| now == u64::from(from) && until != u32::MAX) else {
            continue;
        };
        let place = world.get::<AgentFacts>(entity).unwrap().0.get(town.place);
        let station = cook.tasks[task].station;
        let set_off = world.get::<Position>(entity).unwrap().0;
        prop_assert_eq!(set_off, point_of(town, place), "it sets off from where the plan put it");
        let priced = priced_walk(town, &actions[task], place);
        let length = town.walk_length((place, set_off), station).unwrap();
        prop_assert_eq!(Some(priced as u32), town.walk_cost(cook, (place, set_off), station));
        let (steps, step) = (f64::from(until - from), f64::from(STEP));
        let (seconds, priced_seconds, half) = (steps * step, priced as f64 / weight, 0.5 / weight);
        prop_assert!(
            seconds >= priced_seconds - half - 1e-4 && seconds <= priced_seconds + half + step + 1e-4,
            "a walk of {} priced {} ({} s) took {} s\n{}",
            length,
            priced,
            priced_seconds,
            seconds,
            text
        );
        let strides = f64::from(length) / f64::from(cook.speed * STEP);
        prop_assert!(
            (strides == 0.0 && steps == 1.0) || (steps >= strides - 1e-3 && steps < strides + 1.0 + 1e-3),
            "a walk of {} ({} strides) took {} steps\n{}",
            length,
            strides,
            steps,
            text
        );
        long += usize::from(length > 0.0);
        walked.push(priced);
    }
    if let Some((steps, walks)) = planned(town) {
        prop_assert_eq!(seen_plan, Some(steps), "the cook follows the plan made from its start\n{}", text);
        // All of them, unless the day ended first.
        prop_assert!(
            walked == walks || (cut_short && walks.starts_with(&walked)),
            "walked steps priced {:?}, planned {:?}\n{}",
            walked,
            walks,
            text
        );
    }
    Ok((walked.len(), long))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_walking_a_plan_prices_is_the_walking_done_and_never_in_a_blocked_cell(seed in any::<u64>()) {
        let (town, text) = town(seed);
        walks_as_priced(&town, &text)?;
    }

    /// From the start and from every station: the plan costs the least any sequence of the
    /// cook's actions does, walking as the map prices it, and of the cheapest it is the first
    /// in action order; its estimate never says more; the stations named as cut off are none
    /// exactly when there is a plan; and from a station the planner that leaves out the walks
    /// from the start plans alike.
    #[test]
    fn plans_over_random_maps_are_the_first_of_the_cheapest(seed in any::<u64>()) {
        let (town, text) = town(seed);
        let actions = town.planning_actions(0);
        let away = town.planning_actions_away(0);
        let goal = &town.characters[0].goals[0].conditions;
        let planner = Planner::new(&actions, goal);
        for place in START..town.stations.len() as Value {
            let mut start = town.start_state(0);
            start.set(town.place, place);
            let answer = planner.plan(&start, 100_000);
            let reference = optimum(&actions, goal, &start, LIMIT);
            match (&answer, first_cheapest(&actions, goal, &start, LIMIT), reference) {
                (Ok(plan), Some(Some(first)), Some(Some(least))) => {
                    prop_assert_eq!(plan.cost, least, "from place {}\n{}", place, text);
                    prop_assert_eq!(&plan.steps[..], &first[..], "from place {}\n{}", place, text);
                    prop_assert!(planner.least_cost(&start).is_some_and(|h| h <= least));
                    prop_assert_eq!(town.cut_off(0, goal, &start), Vec::<usize>::new(), "a plan: nothing is cut off");
                }
                (Err(NoPlan::Unreachable { .. } | NoPlan::Exhausted { .. }), Some(None), Some(None)) => {
                    // Every fact here has an action to make it: only the map can stand in the way.
                    prop_assert!(!town.cut_off(0, goal, &start).is_empty(), "no plan: the map cuts it off\n{}", text);
                }
                (answer, first, least) => {
                    let said = format!("from place {place}: {answer:?}, the reference {first:?} {least:?}\n{text}");
                    return Err(TestCaseError::fail(said));
                }
            }
            if place != START {
                let there = Planner::new(&away, goal).plan(&start, 100_000);
                prop_assert_eq!(there.map(|p| (p.steps, p.cost)), answer.map(|p| (p.steps, p.cost)));
            }
        }
    }
}

/// The random towns are not vacuous: most have a plan, and their walks often go round walls or
/// water, or along roads quicker than the straight line; some stations cannot be reached at all.
#[test]
fn the_random_towns_exercise_what_they_check() {
    let (mut plans, mut round, mut quicker, mut cut_off, mut dearer_direct) = (0, 0, 0, 0, 0);
    for seed in 0..200 {
        let (town, _) = town(seed);
        plans += usize::from(planned(&town).is_some());
        for place in START..town.stations.len() as Value {
            let from = point_of(&town, place);
            for (s, station) in town.stations.iter().enumerate() {
                let crow = (station.position[0] - from[0]).hypot(station.position[1] - from[1]);
                match town.walk_length((place, from), s) {
                    None => cut_off += 1,
                    Some(length) if length > crow + 1.0 => round += 1,
                    Some(length) if length < crow - 1.0 => quicker += 1,
                    Some(_) => {}
                }
            }
        }
        dearer_direct += usize::from(town.actions.iter().any(|a| a.id == "direct"));
    }
    assert!(
        plans > 150 && round > 400 && quicker > 400 && cut_off > 300 && dearer_direct > 80,
        "{plans} plans, {round} walks round, {quicker} quicker by road, {cut_off} cut off, {dearer_direct} with a direct way"
    );
}

/// The same random towns' first days are walked (the property above looks at 64 random ones): a
/// fixed handful, so that the test is known to see walks of some length.
#[test]
fn a_handful_of_random_towns_walk_as_priced() {
    let (mut walks, mut long) = (0, 0);
    for seed in 0..24 {
        let (town, text) = town(seed);
        let (w, l) = walks_as_priced(&town, &text).unwrap();
        (walks, long) = (walks + w, long + l);
    }
    assert!(walks > 25 && long > 15, "{walks} walks, {long} of some length");
}
