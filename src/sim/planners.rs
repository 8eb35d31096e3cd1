//! A town's planners, one per goal of each character, and shared wherever characters plan
//! alike: a thread remembers each planner's answers, so one planner asked by a whole trade
//! answers most of its questions from memory.

use crate::planner::Planner;
use crate::scenario::Scenario;
use std::sync::Arc;

/// A goal's planner, and for a quota that may be met in part its planners of the parts.
#[derive(Clone)]
pub struct GoalPlanners {
    pub whole: Planner,
    /// For a quota `fact >= n` ([`partial_target`]): `parts[m - 1]` plans for `fact >= m`, for
    /// every `m` below `n`.
    pub parts: Vec<Planner>,
}

/// The most a quota may ask for and still be met in part: each part is a planner of its own.
pub const MOST_PARTS: crate::planner::Value = 64;

/// The condition of a goal that may be met in part: a quota whose one condition is `fact >= n`,
/// with `2 <= n <=` [`MOST_PARTS`]. When the whole of it is out of reach, the villager plans
/// for as much of it as it can reach now.
pub fn partial_target(goal: &crate::scenario::Goal) -> Option<crate::planner::Condition> {
    use crate::planner::Compare;
    let [condition] = goal.conditions[..] else { return None };
    let quota = matches!(goal.drift, crate::scenario::Drift::Quota { .. });
    let counted = condition.compare == Compare::AtLeast && (2..=MOST_PARTS).contains(&condition.value);
    (quota && counted).then_some(condition)
}

/// `[away][character][goal]`: each goal's planners as asked from where a character starts its
/// day, and as asked away from there ([`Town::planners`](super::Town::planners)). Characters of a
/// trade differ only in where they start, so away from it they plan alike. Planners that plan
/// alike ([`Planner::plans_alike`]) are built once.
pub(super) fn build(scenario: &Scenario) -> [Arc<[Vec<GoalPlanners>]>; 2] {
    let mut built: Vec<Planner> = Vec::new();
    [true, false].map(|from_start| {
        let character = |c: usize| {
            let actions = match from_start {
                true => scenario.planning_actions(c),
                false => scenario.planning_actions_away(c),
            };
            let mut one = |conditions: &[crate::planner::Condition]| {
                let planner = Planner::new(&actions, conditions);
                if let Some(alike) = built.iter().find(|b| b.plans_alike(&planner)) {
                    return alike.clone();
                }
                built.push(planner.prepared());
                built[built.len() - 1].clone()
            };
            let mut goal = |goal: &crate::scenario::Goal| {
                let whole = one(&goal.conditions);
                let parts = partial_target(goal).map_or(Vec::new(), |c| {
                    (1..c.value).map(|m| one(&[crate::planner::Condition { value: m, ..c }])).collect()
                });
                GoalPlanners { whole, parts }
            };
            scenario.characters[c].goals.iter().map(&mut goal).collect()
        };
        (0..scenario.characters.len()).map(character).collect()
    })
}

#[cfg(test)]
mod tests {
    use crate::planner::{Planner, State, Value};
    use crate::scenario::{self, Scenario};
    use crate::sim::Town;

    fn village() -> Scenario {
        let text = scenario::shipped("village.ron").expect("village.ron is shipped");
        scenario::parse(text, "village.ron").expect("village.ron loads")
    }

    /// Views of every fact at small values, standing at each station and at the start, in a
    /// fixed pseudo-random sequence.
    fn views(scenario: &Scenario, count: usize) -> Vec<State> {
        let mut random = crate::random::SplitMix64(7);
        (0..count)
            .map(|i| {
                let mut view = State::zeros(scenario.facts.len());
                for f in scenario.facts.ids() {
                    view.set(f, random.below(14) as Value);
                }
                let place = (i % (scenario.stations.len() + 1)) as Value - 1; // START is -1
                view.set(scenario.place, place);
                view
            })
            .collect()
    }

    #[test]
    fn a_shared_planner_answers_as_the_characters_own_would() {
        let scenario = village();
        let town = Town::new(scenario.clone());
        let views = views(&scenario, 400);
        for c in 0..scenario.characters.len() {
            let actions = scenario.planning_actions(c);
            for (g, goal) in scenario.characters[c].goals.iter().enumerate() {
                let own = Planner::new(&actions, &goal.conditions).prepared();
                for view in &views {
                    let shared = &town.planners(c, view)[g].whole;
                    let budget = scenario.settings.planner_budget;
                    assert_eq!(shared.plan(view, budget), own.plan(view, budget), "{c} {g} {view:?}");
                    assert_eq!(shared.least_cost(view), own.least_cost(view), "{c} {g} {view:?}");
                    assert_eq!(shared.least_cost_ahead(view), own.least_cost_ahead(view));
                }
            }
        }
    }

    #[test]
    fn characters_who_plan_alike_share_a_planner() {
        let scenario = village();
        let town = Town::new(scenario.clone());
        let (start, away) = (views(&scenario, 1).remove(0), views(&scenario, 2).remove(1));
        assert_eq!(start.get(scenario.place), scenario::START);
        let distinct = |view: &State| {
            let mut kinds: Vec<&Planner> = Vec::new();
            for c in 0..scenario.characters.len() {
                for planner in town.planners(c, view) {
                    if !kinds.iter().any(|k| k.plans_alike(&planner.whole)) {
                        kinds.push(&planner.whole);
                    }
                }
            }
            kinds.len()
        };
        // Twenty villagers of six trades, each with a trade's goal, thirst and hunger: from
        // their starts all differ; away from them a trade plans alike. (Thirst is not one
        // planner for all: a trade's own work moves its villagers, so it weighs in.)
        assert_eq!(distinct(&start), 20 * 3);
        assert_eq!(distinct(&away), 6 * 3);
    }
}
