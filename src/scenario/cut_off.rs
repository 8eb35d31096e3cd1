//! Which stations a goal would need that the map keeps a villager from: a plan without them
//! has none, and the reason should name them. Worked out as station indices from the scenario
//! alone; the words are made where they are shown.

use super::Scenario;
use crate::planner::{Condition, Delta, State};

impl Scenario {
    /// The stations (indices, in order) that `character`, standing where `now` places it,
    /// cannot walk to although reaching `wants` needs one of them: working back from each unmet
    /// condition through the actions that move it and their own unmet needs, an action that
    /// the character can do only at stations walls or water part it from cuts the way, and its
    /// stations are named. Where some action that moves a condition can still be walked to, that
    /// condition is left to it. Empty without a map.
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
        let unmet = |c: &&Condition| c.fact != self.place && !c.holds_in(now);
        let (mut pending, mut seen) = (wants.iter().filter(unmet).copied().collect::<Vec<_>>(), Vec::new());
        let mut cut = vec![false; self.actions.len()];
        while let Some(condition) = pending.pop() {
            if seen.contains(&condition) {
                continue;
            }
            seen.push(condition);
            let movers = actions.iter().filter(|&&(a, _)| self.moves_toward(a, &condition));
            let (open, closed): (Vec<_>, Vec<_>) = movers.partition(|&&(_, open)| open);
            if open.is_empty() {
                closed.iter().for_each(|&&(a, _)| cut[a] = true);
            }
            for &(a, _) in open {
                pending.extend(self.actions[a].planning.preconditions.iter().filter(unmet).copied());
            }
        }
        let mut stations: Vec<usize> =
            c.tasks.iter().filter(|task| cut[task.action]).map(|task| task.station).collect();
        stations.sort_unstable();
        stations.dedup();
        stations
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
        let effects = self.actions[a].planning.effects.iter().filter(|e| e.fact == condition.fact);
        match effects
            .fold(None, |delta: Option<Delta>, e| Some(delta.unwrap_or(Delta::NONE).then(e.change, e.value)))
        {
            None => false,
            Some(Delta::Set(to)) => condition.holds_for(to),
            Some(delta) => delta != Delta::NONE && delta.can_help(condition.compare),
        }
    }
}
