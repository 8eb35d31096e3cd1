//! Warnings: things a scenario may do but probably does not mean — a goal nothing can move, a
//! need that already holds at dawn, an action nobody can do, a station where nothing happens, a
//! picture that does not exist.

use super::Scope;
use super::checker::Checker;
use super::diagnostic::{did_you_mean, quoted};
use super::raw::RawScenario;
use super::{Drift, Scenario};
use crate::art;
use crate::planner::{Compare, Delta, Effect, FactId};

/// Which ways some action can move a fact: up, down, or set it.
#[derive(Clone, Copy, Default)]
struct Moves {
    up: bool,
    down: bool,
}

impl Moves {
    fn add(&mut self, effect: &Effect) {
        match Delta::NONE.then(effect.change, effect.value) {
            Delta::Set(_) => (self.up, self.down) = (true, true),
            Delta::Add(k) => (self.up, self.down) = (self.up || k > 0, self.down || k < 0),
        }
    }

    fn toward(self, compare: Compare) -> bool {
        (self.up && Delta::Add(1).can_help(compare)) || (self.down && Delta::Add(-1).can_help(compare))
    }
}

/// How each fact can be moved by `actions` (indices into the scenario's actions).
fn moves(scenario: &Scenario, actions: impl IntoIterator<Item = usize>) -> Vec<Moves> {
    let mut moves = vec![Moves::default(); scenario.facts.len()];
    for a in actions {
        for effect in &scenario.actions[a].planning.effects {
            moves[effect.fact.index()].add(effect);
        }
    }
    moves
}

/// A goal condition that no available action can ever move toward is almost always a mistake:
/// agent facts can only be moved by the character's own actions, world facts by anyone's.
pub(super) fn warn_unmovable_goals(check: &mut Checker, scenario: &Scenario) {
    let mut anyone_can = vec![false; scenario.actions.len()];
    for &a in scenario.characters.iter().flat_map(|c| &c.actions) {
        anyone_can[a] = true;
    }
    let by_anyone = moves(scenario, (0..scenario.actions.len()).filter(|&a| anyone_can[a]));
    for (i, character) in scenario.characters.iter().enumerate() {
        let by_self = moves(scenario, character.actions.iter().copied());
        for (j, goal) in character.goals.iter().enumerate() {
            for (k, condition) in goal.conditions.iter().enumerate() {
                let scope = scenario.facts.scope(condition.fact);
                let movers = if scope == Scope::Agent { &by_self } else { &by_anyone };
                if movers[condition.fact.index()].toward(condition.compare) {
                    continue;
                }
                let whose = match scope {
                    Scope::Agent => format!("of {}", quoted(&character.id)),
                    Scope::World => "of anyone".to_owned(),
                };
                check.warning(
                    &format!("characters[{i}].goals[{j}].wants[{k}]"),
                    format!(
                        "no action {whose} can move {} toward {}, so goal {} can never be worked on",
                        scenario.facts.qualified(condition.fact),
                        scenario.facts.condition(condition),
                        quoted(&goal.id)
                    ),
                );
            }
        }
    }
}

/// A need whose conditions hold at dawn is met before its villager does anything.
pub(super) fn warn_needs_met_at_dawn(check: &mut Checker, scenario: &Scenario) {
    for (i, character) in scenario.characters.iter().enumerate() {
        let start = scenario.start_state(i);
        let value = |fact: FactId| start.get(fact);
        for (j, goal) in character.goals.iter().enumerate() {
            if matches!(goal.drift, Drift::Need { .. })
                && goal.conditions.iter().all(|c| c.holds_for(value(c.fact)))
            {
                check.warning(
                    &format!("characters[{i}].goals[{j}].wants"),
                    format!(
                        "need {} of {} already holds at dawn, so it is met before anyone does anything",
                        quoted(&goal.id),
                        quoted(&character.id)
                    ),
                );
            }
        }
    }
}

pub(super) fn warn_unused(check: &mut Checker, scenario: &Scenario, raw: &RawScenario) {
    let mut done_by_someone = vec![false; scenario.actions.len()];
    for &a in scenario.characters.iter().flat_map(|c| &c.actions) {
        done_by_someone[a] = true;
    }
    for (a, action) in scenario.actions.iter().enumerate() {
        if !done_by_someone[a] {
            check.warning(
                &format!("actions[{a}]"),
                format!("no character can do action {}", quoted(&action.id)),
            );
        }
    }
    let mut used = vec![false; scenario.stations.len()];
    for action in &scenario.actions {
        for &s in &action.stations {
            used[s] = true;
        }
    }
    for (s, station) in scenario.stations.iter().enumerate() {
        if !used[s] && !raw.stations.is_empty() {
            check.warning(
                &format!("stations[{s}]"),
                format!("no action happens at station {}", quoted(&station.id)),
            );
        }
    }
}

/// A `sprite` that names no picture: the game draws what its kind, id or name call up, or the
/// default ([`crate::art`]).
pub(super) fn warn_unknown_sprites(check: &mut Checker, scenario: &Scenario) {
    let stations = scenario
        .stations
        .iter()
        .enumerate()
        .map(|(s, x)| (format!("stations[{s}]"), &x.sprite, art::STATIONS));
    let characters = scenario
        .characters
        .iter()
        .enumerate()
        .map(|(c, x)| (format!("characters[{c}]"), &x.sprite, art::VILLAGERS));
    for (field, sprite, pictures) in stations.chain(characters) {
        let Some(sprite) = sprite.as_deref().filter(|s| art::find(pictures, s).is_none()) else { continue };
        let hint = did_you_mean(sprite, pictures.iter().map(|p| p.0));
        check.warning(
            &format!("{field}.sprite"),
            format!("no picture is called {}{hint}: it is drawn as if it named none", quoted(sprite)),
        );
    }
}
