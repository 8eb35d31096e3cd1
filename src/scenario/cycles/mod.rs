//! Cycles of needs, seen from the scenario alone: characters each waiting on what only the next
//! one makes, round to the first — where a town can stand still once one of them stops.
//!
//! A link of a cycle is a world fact that a character needs (a `>=` condition of a goal or an
//! action) but cannot make, that one other character alone makes, and whose stock at dawn would
//! not last a day of everyone using it as fast as they can. Past the first, each link is what its
//! maker makes the previous one from: without it, none of that maker's ways of making it work.
//! A cycle is reported when every fact of it is used up (it can stall whenever one maker stops),
//! or when each maker, the first too, makes its fact from the next and none of them is there at
//! dawn (nobody can ever start). A fact that nobody uses up is needed only until it is first made.

use super::Scenario;
use super::checker::Checker;
use super::phrase::{Phrase, phrase};
use super::syntax::cut;
use crate::planner::{Compare, Condition, Delta, FactId, Value};
use rustc_hash::FxHashMap;

mod search;

pub(super) use search::cycles;

/// How many conditions, effects and facts the search may look at before it stops (with the
/// cycles found so far), so that a file of thousands of characters still loads in time linear in
/// its size.
const WORK_BUDGET: usize = 4_000_000;

/// `anchor` needs the first link's fact, which only its maker makes, from the next link's fact,
/// which only its maker makes, and so on; the last link's maker is `anchor`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Cycle {
    pub anchor: usize,
    pub links: Vec<Link>,
    /// The anchor too makes its fact from the first one, and none of them is there at dawn.
    pub stuck_at_dawn: bool,
}

/// A fact of a cycle and the one character who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Link {
    pub fact: FactId,
    pub maker: usize,
}

/// Warns once for every cycle, at its first character.
pub(super) fn warn_cycles(check: &mut Checker, scenario: &Scenario) {
    for cycle in cycles(scenario) {
        check.warning(&format!("characters[{}]", cycle.anchor), cycle.phrase(scenario));
    }
}

impl Cycle {
    /// `a cycle of needs: Farmer needs bread, which only Baker makes, from wheat, which only
    /// Farmer makes`.
    pub(super) fn phrase(&self, scenario: &Scenario) -> Phrase {
        let name = |c: usize| cut(&scenario.characters[c].name);
        let fact = |f: FactId| cut(scenario.facts.name(f));
        let rest: Vec<Phrase> = (self.links[1..].iter())
            .map(|l| phrase!("scenario-cycle-from", fact = fact(l.fact), maker = name(l.maker)))
            .collect();
        let first = self.links[0];
        phrase!(
            "scenario-cycle-of-needs",
            character = name(self.anchor),
            fact = fact(first.fact),
            maker = name(first.maker),
            rest = rest,
            tail = self.stuck_at_dawn.then(|| phrase!("scenario-cycle-stuck-at-dawn")),
        )
    }
}

/// How fast one character, or the town, can use a fact up in a day.
#[derive(Clone, Copy, Default)]
struct Use {
    /// Taken away by `-=`, at most, in a day of doing nothing else.
    per_day: f64,
    /// The lowest value an action sets it to (`= 0`).
    lowest: Option<Value>,
}

impl Use {
    /// Whether `stock` still meets `>= need` after a day of this.
    fn leaves(self, stock: Value, need: Value) -> bool {
        f64::from(stock) - self.per_day >= f64::from(need) && self.lowest.is_none_or(|v| v >= need)
    }
}

/// Whether a change can raise a fact (a `set` may).
fn raises(delta: Delta) -> bool {
    delta.can_help(Compare::AtLeast)
}

/// The `>=` conditions among `conditions`.
fn at_least<'c>(conditions: impl IntoIterator<Item = &'c Condition>) -> impl Iterator<Item = &'c Condition> {
    conditions.into_iter().filter(|c| c.compare == Compare::AtLeast)
}

/// What the scenario says about who makes what, from what, and how fast it is used up.
struct Supply<'s> {
    scenario: &'s Scenario,
    /// Per action: its net change to each fact it changes.
    changes: Vec<Vec<(FactId, Delta)>>,
    /// Per character: the facts it can raise, sorted.
    raised: Vec<Vec<FactId>>,
    /// Per fact: how many characters can raise it, and the first of them.
    makers: Vec<(u32, usize)>,
    /// Per fact: how fast the town uses it up (world facts).
    town_use: Vec<Use>,
    /// Per fact: its value at dawn (world facts).
    dawn: Vec<Value>,
    /// Per fact: the least and the most any `>=` condition on it asks for.
    asked: Vec<(Value, Value)>,
    /// Per fact: what its one maker makes it from.
    from: Vec<Vec<FactId>>,
    work: usize,
}

impl<'s> Supply<'s> {
    fn new(scenario: &'s Scenario) -> Self {
        let n = scenario.facts.len();
        let changes: Vec<Vec<(FactId, Delta)>> = (scenario.actions.iter())
            .map(|action| {
                let mut net: Vec<(FactId, Delta)> = Vec::new();
                for effect in &action.planning.effects {
                    match net.iter_mut().find(|(f, _)| *f == effect.fact) {
                        Some((_, delta)) => *delta = delta.then(effect.change, effect.value),
                        None => net.push((effect.fact, Delta::NONE.then(effect.change, effect.value))),
                    }
                }
                net
            })
            .collect();
        let mut supply = Supply {
            scenario,
            changes,
            raised: Vec::new(),
            makers: vec![(0, 0); n],
            town_use: vec![Use::default(); n],
            dawn: vec![0; n],
            asked: vec![(Value::MAX, Value::MIN); n],
            from: vec![Vec::new(); n],
            work: 0,
        };
        for (c, character) in scenario.characters.iter().enumerate() {
            let mut raised: Vec<FactId> = (character.actions.iter())
                .flat_map(|&a| &supply.changes[a])
                .filter(|(_, delta)| raises(*delta))
                .map(|&(f, _)| f)
                .collect();
            raised.sort_unstable();
            raised.dedup();
            for &f in &raised {
                let (count, first) = &mut supply.makers[f.index()];
                *first = if *count == 0 { c } else { *first };
                *count += 1;
            }
            supply.raised.push(raised);
            for (f, used) in supply.uses_of(c) {
                let town = &mut supply.town_use[f.index()];
                town.per_day += used.per_day;
                town.lowest = match (town.lowest, used.lowest) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
            }
        }
        for &(f, value) in &scenario.world_seed {
            supply.dawn[f.index()] = value;
        }
        let goals = scenario.characters.iter().flat_map(|c| c.goals.iter().flat_map(|g| &g.conditions));
        let needs = scenario.actions.iter().flat_map(|a| &a.planning.preconditions);
        for condition in at_least(goals.chain(needs)) {
            let (least, most) = &mut supply.asked[condition.fact.index()];
            (*least, *most) = ((*least).min(condition.value), (*most).max(condition.value));
        }
        supply
    }

    fn is_world(&self, f: FactId) -> bool {
        self.scenario.facts.scope(f) == super::Scope::World
    }

    fn raises(&self, c: usize, f: FactId) -> bool {
        self.raised[c].binary_search(&f).is_ok()
    }

    /// The one character who can raise `f`, if only one can.
    fn sole_maker(&self, f: FactId) -> Option<usize> {
        let (count, first) = self.makers[f.index()];
        (count == 1).then_some(first)
    }

    /// How fast character `c` can use up each fact its actions lower.
    fn uses_of(&self, c: usize) -> FxHashMap<FactId, Use> {
        let day = f64::from(self.scenario.settings.day_length);
        let mut uses: FxHashMap<FactId, Use> = FxHashMap::default();
        for &a in &self.scenario.characters[c].actions {
            let duration = f64::from(self.scenario.actions[a].duration);
            let runs = if duration > 0.0 { (day / duration).ceil() } else { f64::INFINITY };
            for &(f, delta) in &self.changes[a] {
                let used = uses.entry(f).or_default();
                match delta {
                    Delta::Add(k) if k < 0 => used.per_day = used.per_day.max(-(k as f64) * runs),
                    Delta::Set(v) => used.lowest = Some(used.lowest.map_or(v, |l| l.min(v))),
                    Delta::Add(_) => {}
                }
            }
        }
        uses
    }

    /// A world fact's stock at dawn meets `>= need` all day, however it is used.
    fn lasts(&self, f: FactId, need: Value) -> bool {
        self.town_use[f.index()].leaves(self.dawn[f.index()], need)
    }

    /// Whether anyone uses `f` up (below what some condition asks of it).
    fn used_up(&self, f: FactId) -> bool {
        let used = self.town_use[f.index()];
        used.per_day > 0.0 || used.lowest.is_some_and(|v| v < self.asked[f.index()].1)
    }

    /// The world facts `c` needs from one other character: `>=` conditions of its goals (when
    /// it has goals) and actions on facts it cannot make, that the dawn's stock does not cover.
    fn needs_of(&self, c: usize, goals: bool) -> Vec<FactId> {
        let character = &self.scenario.characters[c];
        let of_goals = character.goals.iter().filter(|_| goals).flat_map(|g| &g.conditions);
        let of_actions =
            character.actions.iter().flat_map(|&a| &self.scenario.actions[a].planning.preconditions);
        let mut needs = Vec::new();
        for condition in at_least(of_goals.chain(of_actions)) {
            let f = condition.fact;
            let needed = self.is_world(f)
                && !self.raises(c, f)
                && !self.lasts(f, condition.value)
                && self.sole_maker(f).is_some_and(|maker| maker != c);
            if needed && !needs.contains(&f) {
                needs.push(f);
            }
        }
        needs
    }

    /// For every character who alone makes some world fact: which of its needs it makes that
    /// fact from.
    fn link_makers(&mut self) {
        for c in 0..self.scenario.characters.len() {
            let sole: Vec<FactId> = (self.raised[c].iter().copied())
                .filter(|&f| self.is_world(f) && self.sole_maker(f) == Some(c))
                .collect();
            if sole.is_empty() || self.work > WORK_BUDGET {
                continue;
            }
            let uses = self.uses_of(c);
            let start: FxHashMap<FactId, Value> = self.scenario.characters[c].facts.iter().copied().collect();
            let all = self.made(c, None, &start, &uses);
            for g in self.needs_of(c, false) {
                let without = self.made(c, Some(g), &start, &uses);
                for &f in &sole {
                    if all[f.index()] && !without[f.index()] {
                        self.from[f.index()].push(g);
                    }
                }
            }
        }
    }

    /// Which facts character `c` can raise, its actions' `>=` conditions met by the dawn's stock,
    /// by what it makes itself, or by what others make — but `without`.
    fn made(
        &mut self,
        c: usize,
        without: Option<FactId>,
        start: &FxHashMap<FactId, Value>,
        uses: &FxHashMap<FactId, Use>,
    ) -> Vec<bool> {
        let scenario = self.scenario;
        let actions = &scenario.characters[c].actions;
        let mut reached = vec![false; scenario.facts.len()];
        let mut missing = vec![0_usize; actions.len()];
        let mut waiting: FxHashMap<FactId, Vec<usize>> = FxHashMap::default();
        let mut ready = Vec::new();
        for (i, &a) in actions.iter().enumerate() {
            for condition in at_least(&scenario.actions[a].planning.preconditions) {
                self.work += 1;
                let f = condition.fact;
                let lasts = if self.is_world(f) {
                    self.lasts(f, condition.value)
                } else {
                    let used = uses.get(&f).copied().unwrap_or_default();
                    used.leaves(start.get(&f).copied().unwrap_or(0), condition.value)
                };
                let others_make = self.is_world(f)
                    && Some(f) != without
                    && self.makers[f.index()].0 > u32::from(self.raises(c, f));
                if !lasts && !others_make {
                    missing[i] += 1;
                    waiting.entry(f).or_default().push(i);
                }
            }
            if missing[i] == 0 {
                ready.push(i);
            }
        }
        while let Some(i) = ready.pop() {
            for &(f, delta) in &self.changes[actions[i]] {
                self.work += 1;
                if !raises(delta) || reached[f.index()] {
                    continue;
                }
                reached[f.index()] = true;
                for &w in waiting.get(&f).map_or(&[][..], Vec::as_slice) {
                    missing[w] -= 1;
                    if missing[w] == 0 {
                        ready.push(w);
                    }
                }
            }
        }
        reached
    }
}
