//! What each step of a plan costs, taken in turn: the action's own cost, the walk to its station
//! and the wait in line there — what `plan` prints and "Why this plan?" shows beside each step.

use super::Scenario;
use crate::planner::{Action, State};

/// One step's cost, in [`COST_SCALE`](super::COST_SCALE)ths: the three add up to what the plan
/// pays for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepCost {
    /// The action's own cost.
    pub base: u64,
    /// The walk to its station from where the step before left the villager.
    pub walking: u64,
    /// The wait in line at its station, for those ahead there.
    pub waiting: u64,
}

impl Scenario {
    /// What each of `steps` (indices into `actions`, a character's planning actions) costs taken
    /// in turn from `start`: the extras kept by the place fact are walking, the rest waiting.
    pub fn step_costs(&self, actions: &[Action], start: &State, steps: &[u32]) -> Vec<StepCost> {
        let mut state = start.clone();
        let costs = steps.iter().map(|&s| {
            let action = &actions[s as usize];
            let extra = |walk: bool| {
                let tables = action.extra_costs.iter().filter(|e| (e.fact == self.place) == walk);
                tables.map(|e| u64::from(e.at(state.get(e.fact)))).sum::<u64>()
            };
            let cost = StepCost { base: u64::from(action.cost), walking: extra(true), waiting: extra(false) };
            action.apply(&mut state);
            cost
        });
        costs.collect()
    }
}
