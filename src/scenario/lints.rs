//! Warnings: things a scenario may do but probably does not mean — a goal nothing can move, an
//! action nobody can do, a station where nothing happens.

use super::Scenario;
use super::checker::Checker;
use super::raw::RawScenario;
use crate::planner::{Change, Compare, Effect, Scope};

/// Whether `effect` can move its fact toward meeting `compare`.
fn moves_toward(effect: &Effect, compare: Compare) -> bool {
    let delta = match effect.change {
        Change::Set => return true,
        Change::Add => i64::from(effect.value),
        Change::Subtract => -i64::from(effect.value),
    };
    match compare {
        Compare::AtLeast => delta > 0,
        Compare::AtMost => delta < 0,
        Compare::Exactly => delta != 0,
    }
}

/// A goal condition that no available action can ever move toward is almost always a mistake:
/// agent facts can only be moved by the character's own actions, world facts by anyone's.
pub(super) fn warn_unmovable_goals(check: &mut Checker, scenario: &Scenario) {
    let everyone: Vec<usize> = scenario.characters.iter().flat_map(|c| c.actions.iter().copied()).collect();
    for (i, character) in scenario.characters.iter().enumerate() {
        for (j, goal) in character.goals.iter().enumerate() {
            for (k, condition) in goal.conditions.iter().enumerate() {
                let scope = scenario.facts.scope(condition.fact);
                let movers = if scope == Scope::Agent { &character.actions } else { &everyone };
                let movable = movers.iter().any(|&a| {
                    scenario.actions[a]
                        .planning
                        .effects
                        .iter()
                        .any(|e| e.fact == condition.fact && moves_toward(e, condition.compare))
                });
                if !movable {
                    check.warning(
                        &format!("characters[{i}].goals[{j}].wants[{k}]"),
                        format!(
                            "no action {} can move {} toward {}, so goal \"{}\" can never be worked on",
                            if scope == Scope::Agent {
                                format!("of \"{}\"", character.id)
                            } else {
                                "of anyone".to_owned()
                            },
                            scenario.facts.qualified(condition.fact),
                            condition.describe(&scenario.facts),
                            goal.id
                        ),
                    );
                }
            }
        }
    }
}

pub(super) fn warn_unused(check: &mut Checker, scenario: &Scenario, raw: &RawScenario) {
    for (a, action) in scenario.actions.iter().enumerate() {
        if !scenario.characters.iter().any(|c| c.actions.contains(&a)) {
            check.warning(&format!("actions[{a}]"), format!("no character can do action \"{}\"", action.id));
        }
    }
    for (s, station) in scenario.stations.iter().enumerate() {
        if !scenario.actions.iter().any(|a| a.station == s) && !raw.stations.is_empty() {
            check.warning(
                &format!("stations[{s}]"),
                format!("no action happens at station \"{}\"", station.id),
            );
        }
    }
}
