//! The search for cycles of needs over what [`Supply`] says of who makes what from what: for
//! each character, the shortest ring through used-up facts, and the shortest stuck at dawn.

use super::{Cycle, Link, Supply, WORK_BUDGET};
use crate::planner::FactId;
use crate::scenario::Scenario;
use rustc_hash::FxHashSet;
use std::collections::VecDeque;

/// The cycles of needs of `scenario`, each once, in the order of their first characters.
pub(in crate::scenario) fn cycles(scenario: &Scenario) -> Vec<Cycle> {
    let mut supply = Supply::new(scenario);
    supply.link_makers();
    let mut seen = FxHashSet::default();
    let mut found = Vec::new();
    for anchor in 0..scenario.characters.len() {
        for cycle in supply.cycles_of(anchor) {
            let mut key = cycle.links.clone();
            key.sort_unstable();
            if seen.insert(key) {
                found.push(cycle);
            }
        }
        if supply.work > WORK_BUDGET {
            break;
        }
    }
    found
}

impl<'s> Supply<'s> {
    /// The cycles that start with a need of `anchor`: the shortest through facts that are used
    /// up, and the shortest of those stuck at dawn (one per character is enough to point at it).
    fn cycles_of(&mut self, anchor: usize) -> Vec<Cycle> {
        let needs = self.needs_of(anchor, true);
        let mut cycles = Vec::new();
        let used_up: Vec<FactId> = needs.iter().copied().filter(|&f| self.used_up(f)).collect();
        if let Some(links) = self.shortest(anchor, &used_up, true, None) {
            cycles.push(self.cycle(anchor, links));
        }
        let mut made_from: Vec<FactId> = (self.raised[anchor].iter())
            .filter(|&&f| self.sole_maker(f) == Some(anchor))
            .flat_map(|&f| self.from[f.index()].iter().copied())
            .collect();
        made_from.sort_unstable();
        made_from.dedup();
        let mut stuck: Option<Cycle> = None;
        for first in made_from {
            if let Some(links) = self.shortest(anchor, &[first], false, Some(first)) {
                let cycle = self.cycle(anchor, links);
                if cycle.stuck_at_dawn && stuck.as_ref().is_none_or(|s| cycle.links.len() < s.links.len()) {
                    stuck = Some(cycle);
                }
            }
        }
        cycles.extend(stuck);
        cycles
    }

    /// The shortest chain from `starts` to a fact `anchor` makes (from `first`, when given),
    /// each fact made from the next, through used-up facts only when `used_up`.
    fn shortest(
        &mut self,
        anchor: usize,
        starts: &[FactId],
        used_up: bool,
        first: Option<FactId>,
    ) -> Option<Vec<Link>> {
        let n = self.scenario.facts.len();
        self.work += n;
        let mut parent: Vec<Option<FactId>> = vec![None; n];
        let mut seen = vec![false; n];
        let mut queue: VecDeque<FactId> = VecDeque::new();
        for &f in starts {
            if !seen[f.index()] {
                seen[f.index()] = true;
                queue.push_back(f);
            }
        }
        while let Some(f) = queue.pop_front() {
            let maker = self.sole_maker(f)?;
            if maker == anchor && first.is_none_or(|first| self.from[f.index()].contains(&first)) {
                let mut links = vec![Link { fact: f, maker }];
                let mut at = f;
                while let Some(before) = parent[at.index()] {
                    links.push(Link { fact: before, maker: self.sole_maker(before)? });
                    at = before;
                }
                links.reverse();
                return Some(links);
            }
            if maker == anchor && first.is_none() {
                continue;
            }
            for &g in &self.from[f.index()] {
                self.work += 1;
                if !seen[g.index()] && (!used_up || self.used_up(g)) {
                    seen[g.index()] = true;
                    parent[g.index()] = Some(f);
                    queue.push_back(g);
                }
            }
        }
        None
    }

    fn cycle(&self, anchor: usize, links: Vec<Link>) -> Cycle {
        let last = links[links.len() - 1].fact;
        let loops = self.from[last.index()].contains(&links[0].fact);
        let none_at_dawn = links.iter().all(|l| self.dawn[l.fact.index()] < self.asked[l.fact.index()].0);
        Cycle { anchor, links, stuck_at_dawn: loops && none_at_dawn }
    }
}
