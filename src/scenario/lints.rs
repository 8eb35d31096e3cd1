//! Warnings: things a scenario may do but probably does not mean — a goal nothing can move, a
//! need that already holds at dawn, an action nobody can do, a station where nothing happens, a
//! picture that does not exist, a station on the map that nobody who needs it can walk to.

use super::Scope;
use super::checker::Checker;
use super::diagnostic::quoted;
use super::phrase::phrase;
use super::raw::RawScenario;
use super::{Drift, Scenario};
use crate::art;
use crate::planner::{Compare, Delta, Effect, FactId};
use crate::space::Regions;

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
/// agent facts can only be moved by the character's own actions, world facts by anyone's. One
/// that holds at dawn (as the day starts it, for that character) needs no moving, and is not.
pub(super) fn warn_unmovable_goals(check: &mut Checker, scenario: &Scenario) {
    let mut anyone_can = vec![false; scenario.actions.len()];
    for &a in scenario.characters.iter().flat_map(|c| &c.actions) {
        anyone_can[a] = true;
    }
    let by_anyone = moves(scenario, (0..scenario.actions.len()).filter(|&a| anyone_can[a]));
    for (i, character) in scenario.characters.iter().enumerate() {
        let by_self = moves(scenario, character.actions.iter().copied());
        let dawn = scenario.start_state(i);
        for (j, goal) in character.goals.iter().enumerate() {
            for (k, condition) in goal.conditions.iter().enumerate() {
                if condition.holds_in(&dawn) {
                    continue;
                }
                let scope = scenario.facts.scope(condition.fact);
                let movers = if scope == Scope::Agent { &by_self } else { &by_anyone };
                if movers[condition.fact.index()].toward(condition.compare) {
                    continue;
                }
                let whose = match scope {
                    Scope::Agent => phrase!("scenario-of-character", name = quoted(&character.id)),
                    Scope::World => phrase!("scenario-of-anyone"),
                };
                let unmovable = phrase!(
                    "scenario-unmovable-goal",
                    whose = whose,
                    fact = scenario.facts.qualified(condition.fact),
                    condition = scenario.facts.condition(condition),
                    goal = quoted(&goal.id),
                );
                check.warning(&format!("characters[{i}].goals[{j}].wants[{k}]"), unmovable);
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
                let met = phrase!(
                    "scenario-met-at-dawn",
                    goal = quoted(&goal.id),
                    character = quoted(&character.id),
                );
                check.warning(&format!("characters[{i}].goals[{j}].wants"), met);
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
                phrase!("scenario-unused-action", name = quoted(&action.id)),
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
                phrase!("scenario-unused-station", name = quoted(&station.id)),
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
        let hint = check.suggest(sprite, pictures.iter().map(|p| p.0));
        check.warning(
            &format!("{field}.sprite"),
            phrase!("scenario-unknown-sprite", name = quoted(sprite), hint = hint),
        );
    }
}

/// A station of the map that no character whose actions are done there can walk to from its
/// start (walls and water in the way): a plan that needs it finds none.
pub(super) fn warn_unreachable_stations(check: &mut Checker, scenario: &Scenario) {
    let Some(map) = &scenario.map else { return };
    let regions = Regions::of(map);
    for (s, station) in scenario.stations.iter().enumerate() {
        let needers: Vec<&super::Character> =
            scenario.characters.iter().filter(|c| c.tasks.iter().any(|task| task.station == s)).collect();
        let reached = needers.iter().any(|c| regions.connected(map, c.start, station.position));
        if needers.is_empty() || reached {
            continue;
        }
        let who: Vec<String> = needers.iter().map(|c| quoted(&c.id)).collect();
        let unreachable = phrase!(
            "scenario-unreachable-station",
            name = quoted(&station.id),
            count = needers.len() as i64,
            characters = who.join(", "),
        );
        check.warning(&format!("stations[{s}]"), unreachable);
    }
}
