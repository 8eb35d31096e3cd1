//! Helpers shared by the integration tests: loading shipped scenarios and replaying plans.

#![allow(dead_code)]

use goap_town::planner::{Action, Condition, Plan, State};
use goap_town::scenario::{self, Scenario};
use std::path::Path;

/// A shipped scenario, loaded from `scenarios/` exactly as the game loads it.
pub fn shipped(file_name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(file_name);
    scenario::load(&path).unwrap_or_else(|e| panic!("{file_name} should load:\n{e}"))
}

/// The action ids of `plan` for character `character` of `scenario`.
pub fn ids(scenario: &Scenario, character: usize, plan: &Plan) -> Vec<String> {
    let who = &scenario.characters[character];
    plan.steps.iter().map(|&s| scenario.actions[who.actions[s as usize]].id.clone()).collect()
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
                "step {i} ({}) is taken while {c} does not hold in {state:?}",
                action.name
            );
        }
        cost += action.cost_in(&state);
        action.apply(&mut state);
    }
    (state, cost)
}

pub fn all_hold(conditions: &[Condition], state: &State) -> bool {
    conditions.iter().all(|c| c.holds_in(state))
}
