//! Which stations a goal would need that the map keeps a villager from: a plan without them
//! has none, and the reason should name them. Worked out as station indices from the scenario
//! alone; the words are made where they are shown.

use super::Scenario;
use crate::planner::{Condition, Delta, FactId, State};

impl Scenario {
    /// The stations (indices, in order) that `character`, standing where `now` places it,
    /// cannot walk to although reaching `wants` needs one of them. First, what the actions it can
    /// walk to could bring about, relaxed (each fact's values as a range, every action taken as
    /// often as it likes); then, working back from each condition they cannot meet through the
    /// actions that move it and the needs those cannot meet, an action that the character can do
    /// only at stations walls or water part it from cuts the way, and its stations are named.
    /// A condition the open actions can meet is left to them; an open way that itself leads
    /// nowhere (a need nothing meets) does not hide a walled-in one. Empty without a map.
    pub fn cut_off(&self, character: usize, wants: &[Condition], now: &State) -> Vec<usize> {
        if self.walks.is_none() {
            return Vec::new();
        }
        let c = &self.characters[character];
        let place = now.get(self.place);
        let reachable: Vec<bool> =
            (0..self.stations.len()).map(|s| self.can_reach(character, place, s)).collect();
        // Each of its actions, once, with whether it can be done at some station it can walk to.
        let mut actions: Vec<(usize, bool)> = Vec::new();
        for task in &c.tasks {
            match actions.iter_mut().find(|(a, _)| *a == task.action) {
                Some((_, open)) => *open |= reachable[task.station],
                None => actions.push((task.action, reachable[task.station])),
            }
        }
        let open = actions.iter().filter(|&&(_, open)| open).map(|&(a, _)| a);
        let range = self.relaxed_ranges(open.collect(), now);
        // Where one stands is the walking's business, not an action's.
        let unmet = |c: &&Condition| {
            let (low, high) = range[c.fact.index()];
            c.fact != self.place && !c.compare.holds_within(low, high, c.value)
        };
        let (mut pending, mut seen) = (wants.iter().filter(unmet).copied().collect::<Vec<_>>(), Vec::new());
        let mut cut = vec![false; self.actions.len()];
        while let Some(condition) = pending.pop() {
            if seen.contains(&condition) {
                continue;
            }
            seen.push(condition);
            for &(a, open) in actions.iter().filter(|&&(a, _)| self.moves_toward(a, &condition)) {
                if open {
                    pending.extend(self.actions[a].planning.preconditions.iter().filter(unmet).copied());
                } else {
                    cut[a] = true;
                }
            }
        }
        let mut stations: Vec<usize> =
            c.tasks.iter().filter(|task| cut[task.action]).map(|task| task.station).collect();
        stations.sort_unstable();
        stations.dedup();
        stations
    }

    /// Each fact's values from `now` that `actions` could bring about, relaxed: an action whose
    /// needs the ranges admit widens them by its effects, taken any number of times (the
    /// planner's look-ahead, over the scenario's own actions).
    fn relaxed_ranges(&self, actions: Vec<usize>, now: &State) -> Vec<(i64, i64)> {
        let facts = self.facts.ids().map(|f| now.get(f));
        let mut range: Vec<(i64, i64)> = facts.map(|v| (v.into(), v.into())).collect();
        let admits = |range: &[(i64, i64)], c: &Condition| {
            let (low, high) = range[c.fact.index()];
            c.fact == self.place || c.compare.holds_within(low, high, c.value)
        };
        let mut waiting = actions;
        loop {
            let (ready, still): (Vec<usize>, Vec<usize>) = waiting
                .iter()
                .partition(|&&a| self.actions[a].planning.preconditions.iter().all(|c| admits(&range, c)));
            if ready.is_empty() {
                return range;
            }
            for a in ready {
                for fact in self.facts.ids() {
                    if let Some(delta) = self.delta_on(a, fact) {
                        let (low, high) = range[fact.index()];
                        range[fact.index()] = delta.widened(low, high);
                    }
                }
            }
            waiting = still;
        }
    }

    /// Whether `character`, standing at `place` (a station, or [`START`](super::START)), can
    /// walk to some station where it does action `a`: always without a map.
    pub fn can_walk_to(&self, character: usize, a: usize, place: crate::planner::Value) -> bool {
        let tasks = self.characters[character].tasks.iter();
        self.walks.is_none()
            || tasks.filter(|t| t.action == a).any(|t| self.can_reach(character, place, t.station))
    }

    /// Whether `character`, standing at `place` (a station, or where it started), can walk to
    /// station `s`.
    fn can_reach(&self, character: usize, place: crate::planner::Value, s: usize) -> bool {
        let here = self.station_at(place).map_or(self.characters[character].start, |s| s.position);
        self.walk_length((place, here), s).is_some()
    }

    /// Whether action `a`'s effects can move a fact toward meeting `condition` (all its effects
    /// on the fact taken together).
    fn moves_toward(&self, a: usize, condition: &Condition) -> bool {
        match self.delta_on(a, condition.fact) {
            None => false,
            Some(Delta::Set(to)) => condition.holds_for(to),
            Some(delta) => delta != Delta::NONE && delta.can_help(condition.compare),
        }
    }

    /// All of action `a`'s effects on `fact` taken together, if it has any.
    fn delta_on(&self, a: usize, fact: FactId) -> Option<Delta> {
        let effects = self.actions[a].planning.effects.iter().filter(|e| e.fact == fact);
        effects
            .fold(None, |delta: Option<Delta>, e| Some(delta.unwrap_or(Delta::NONE).then(e.change, e.value)))
    }
}
