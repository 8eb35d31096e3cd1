//! The planner's fast paths — a thread's remembered answers, the walk straight down, estimates
//! kept from a parent — give the plain A*'s very answers (`Planner::plain`): the same plan, cost
//! and count of expanded states, the same reason and blocking facts where there is no plan, and
//! the same answers to the simulation's side questions (`least_cost`, `least_cost_ahead`,
//! `cost_of`, `follow`, `begins_with`). Over thousands of random domains, at budgets that run out
//! and that do not, and over the questions the shipped scenarios ask: every character's every goal
//! (and part of a quota), from its dawn, from each state its plans pass through, and from states
//! random walks reach with lines of every length at its stations. Meaningful in release too:
//! `cargo test --release --test planner_differential`.

use goap_town::planner::{Action, Compare, Condition, Planner, State, Value};
use goap_town::random::SplitMix64;
use goap_town::scenario::{self, Drift, SHIPPED, Scenario};
use goap_town::testing::{Domain, Shape, conversion, errands, production, tied};

/// Every question asked of one fast and one plain planner of the same goal, with the answers
/// compared; counts what was asked.
#[derive(Default)]
struct Asked {
    questions: usize,
    plans: usize,
    no_plans: [usize; 3],
}

impl Asked {
    /// Asks both planners everything about `start`, and `followed` (a run of actions that may be
    /// a plan from there) too; panics with `what` on the first difference.
    fn compare(
        &mut self,
        (fast, plain): (&Planner, &Planner),
        start: &State,
        followed: &[usize],
        what: &str,
    ) {
        let budgets = [5000, 1, 3, 64, 65, 200];
        for budget in budgets {
            let answer = fast.plan(start, budget);
            assert_eq!(answer, plain.plan(start, budget), "plan, budget {budget}: {what} from {start:?}");
            assert_eq!(answer, fast.plan(start, budget), "asked again, budget {budget}: {what}");
            self.questions += 1;
            match &answer {
                Ok(_) => self.plans += 1,
                Err(why) => {
                    self.no_plans[["unreachable", "exhausted", "budget"]
                        .iter()
                        .position(|k| *k == why.kind())
                        .unwrap()] += 1
                }
            }
        }
        // Each asked twice of the fast planner: found, then remembered.
        for _ in 0..2 {
            assert_eq!(fast.least_cost(start), plain.least_cost(start), "least_cost: {what} from {start:?}");
            let ahead = fast.least_cost_ahead(start);
            assert_eq!(ahead, plain.least_cost_ahead(start), "least_cost_ahead: {what}");
        }
        let steps = followed.iter().copied();
        let cost = fast.cost_of(start, steps.clone());
        assert_eq!(cost, plain.cost_of(start, steps), "cost_of {followed:?}: {what} from {start:?}");
        for budget in budgets {
            let follow = fast.follow(start, followed, budget);
            assert_eq!(
                follow,
                plain.follow(start, followed, budget),
                "follow {followed:?}, {budget}: {what}"
            );
            let again = fast.follow(start, followed, budget);
            assert_eq!(follow, again, "follow asked again {followed:?}, {budget}: {what}");
        }
        // Past the most any search expands, and no steps at all: questions of their own.
        for steps in [followed, &[]] {
            let most = fast.follow(start, steps, usize::MAX);
            assert_eq!(most, plain.follow(start, steps, usize::MAX), "follow {steps:?}, unbounded: {what}");
        }
        if let (Some(&first), Some(cost)) = (followed.first(), cost) {
            for cost in [cost.saturating_sub(1), cost, cost + 1] {
                let fast_begins = fast.begins_with(start, first, cost);
                assert_eq!(fast_begins, plain.begins_with(start, first, cost), "begins_with {first}: {what}");
            }
        }
        self.questions += 3 + budgets.len() + 3 * usize::from(cost.is_some());
    }
}

/// A run of actions to follow from `start`: the plan from a neighbouring start (often a plan here
/// too, if not the cheapest), with a step sometimes dropped or added.
fn followed(planner: &Planner, actions: usize, start: &State, random: &mut SplitMix64) -> Vec<usize> {
    let mut from = start.clone();
    if random.below(2) == 0 && !start.values().is_empty() {
        let fact = goap_town::planner::FactId(random.below(start.values().len()) as u16);
        from.set(fact, from.get(fact) + random.below(3) as Value - 1);
    }
    let plan = planner.plan(&from, 5000).map(|p| p.steps.iter().map(|&s| s as usize).collect());
    let mut steps: Vec<usize> = plan.unwrap_or_default();
    match random.below(4) {
        0 if !steps.is_empty() => drop(steps.remove(random.below(steps.len()))),
        1 if actions > 0 => steps.insert(random.below(steps.len() + 1), random.below(actions)),
        _ => {}
    }
    steps
}

#[test]
fn fast_paths_answer_as_the_plain_search_on_random_domains() {
    let mut asked = Asked::default();
    let kinds: [fn(&mut SplitMix64) -> Domain; 7] = [
        |r| Shape::SMALL.domain(r),
        |r| Shape::WIDE.domain(r),
        |r| Shape::PACKED.domain(r),
        tied,
        production,
        conversion,
        errands,
    ];
    let domains = 7000;
    for seed in 0..domains as u64 {
        let mut random = SplitMix64(seed);
        let Domain { actions, goal, start } = kinds[seed as usize % kinds.len()](&mut random);
        let fast = Planner::new(&actions, &goal);
        let plain = Planner::new(&actions, &goal).plain();
        let steps = followed(&fast, actions.len(), &start, &mut random);
        asked.compare((&fast, &plain), &start, &steps, &format!("domain {seed}"));
    }
    eprintln!(
        "{domains} random domains, {} questions: {} plans, no plan {:?} (unreachable, exhausted, budget)",
        asked.questions, asked.plans, asked.no_plans
    );
    assert!(asked.plans > 10_000 && asked.no_plans.iter().all(|&n| n > 500), "{:?}", asked.no_plans);
}

/// Each goal's conditions, and for a quota of `fact >= n` each part `fact >= m` below it (what a
/// villager plans for when the whole is out of reach).
fn goals_of(scenario: &Scenario, character: usize) -> Vec<(String, Vec<Condition>)> {
    let mut goals = Vec::new();
    for goal in &scenario.characters[character].goals {
        goals.push((goal.id.clone(), goal.conditions.clone()));
        if let ([c], Drift::Quota { .. }) = (&goal.conditions[..], goal.drift)
            && c.compare == Compare::AtLeast
        {
            let parts = (1..c.value.min(65))
                .map(|m| (format!("{}>={m}", goal.id), vec![Condition { value: m, ..*c }]));
            goals.extend(parts);
        }
    }
    goals
}

/// `start` with every line of the scenario at a random length, now and then past the longest a
/// plan tells apart ([`scenario::MAX_AHEAD`]), and half the time every world fact at a random
/// value (what others made or took meanwhile).
fn with_lines(scenario: &Scenario, start: &State, random: &mut SplitMix64) -> State {
    let mut state = start.clone();
    for &line in scenario.lines.iter().flatten() {
        state.set(line, random.below(scenario::MAX_AHEAD as usize + 5) as Value);
    }
    if random.below(2) == 0 {
        for &(fact, _) in &scenario.world_seed {
            state.set(fact, random.below(8) as Value);
        }
    }
    state
}

#[test]
fn fast_paths_answer_as_the_plain_search_in_the_shipped_scenarios() {
    let mut asked = Asked::default();
    let mut random = SplitMix64(42);
    for (file, text) in SHIPPED {
        let scenario = scenario::parse(text, file).expect("a valid shipped scenario");
        for c in 0..scenario.characters.len() {
            for actions in [scenario.planning_actions(c), scenario.planning_actions_away(c)] {
                for (goal, conditions) in goals_of(&scenario, c) {
                    let fast = Planner::new(&actions, &conditions);
                    let plain = Planner::new(&actions, &conditions).plain();
                    let what = format!("{file} {} {goal}", scenario.characters[c].id);
                    let dawn = scenario.start_state(c);
                    let mut starts = vec![dawn.clone()];
                    starts.extend((0..6).map(|_| walked(&scenario, &actions, &dawn, &mut random)));
                    for start in starts {
                        // From the start, and from each state its plan passes through.
                        let mut state = start;
                        let plan = fast.plan(&state, 5000).map(|p| p.steps.to_vec()).unwrap_or_default();
                        for step in std::iter::once(None).chain(plan.iter().map(Some)) {
                            if let Some(&step) = step {
                                actions[step as usize].apply(&mut state);
                            }
                            let steps = followed(&fast, actions.len(), &state, &mut random);
                            asked.compare((&fast, &plain), &state, &steps, &what);
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "the shipped scenarios: {} questions: {} plans, no plan {:?} (unreachable, exhausted, budget)",
        asked.questions, asked.plans, asked.no_plans
    );
    assert!(asked.plans > 5_000 && asked.no_plans.iter().all(|&n| n > 100), "{:?}", asked.no_plans);
}

/// A state a random walk of a few applicable actions reaches from `start`, its lines of random
/// lengths.
fn walked(scenario: &Scenario, actions: &[Action], start: &State, random: &mut SplitMix64) -> State {
    let mut state = with_lines(scenario, start, random);
    for _ in 0..random.below(12) {
        let open: Vec<&Action> = actions.iter().filter(|a| a.is_applicable(&state)).collect();
        if open.is_empty() {
            break;
        }
        open[random.below(open.len())].apply(&mut state);
    }
    state
}
