//! The names behind the planner's fact ids, and what the planner says — conditions, effects,
//! why there is no plan — put into those names. The planner deals in ids only; words are made
//! here, at the edge.

use crate::planner::{Condition, Effect, FactId, NoPlan};
use crate::words::{Lang, words};
use fluent_bundle::FluentValue;
use rustc_hash::FxHashMap;

/// Who a fact belongs to: the whole town, or one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// Shared by everyone (🌐 `tools`, `iron`, `bread`).
    World,
    /// Belongs to one character (🎒 the wood it carries, the meal it holds).
    Agent,
}

impl Scope {
    /// The word used in scenario files and on the command line: `world` or `agent`.
    pub fn keyword(self) -> &'static str {
        match self {
            Scope::World => "world",
            Scope::Agent => "agent",
        }
    }
}

/// The names behind fact ids, so that plans and reasons can be explained in words.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FactTable {
    facts: Vec<(Scope, String)>,
    index: FxHashMap<(Scope, String), FactId>,
}

impl FactTable {
    /// The id of `scope.name`, adding it if it is new.
    ///
    /// # Panics
    /// If more than 65 536 facts are interned — far beyond any scenario.
    pub fn intern(&mut self, scope: Scope, name: &str) -> FactId {
        if let Some(&id) = self.index.get(&(scope, name.to_owned())) {
            return id;
        }
        let id = FactId(u16::try_from(self.facts.len()).expect("at most 65 536 facts"));
        self.facts.push((scope, name.to_owned()));
        self.index.insert((scope, name.to_owned()), id);
        id
    }

    pub fn get(&self, scope: Scope, name: &str) -> Option<FactId> {
        self.index.get(&(scope, name.to_owned())).copied()
    }

    pub fn scope(&self, id: FactId) -> Scope {
        self.facts[id.index()].0
    }

    pub fn name(&self, id: FactId) -> &str {
        &self.facts[id.index()].1
    }

    /// `world.tools`, `agent.wood`: how the fact is written in scenario files.
    pub fn qualified(&self, id: FactId) -> String {
        format!("{}.{}", self.scope(id).keyword(), self.name(id))
    }

    pub fn len(&self) -> usize {
        self.facts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// Every id in interning order.
    pub fn ids(&self) -> impl Iterator<Item = FactId> + '_ {
        (0..self.facts.len()).map(|i| FactId(i as u16))
    }

    /// The names of one scope, in interning order (for "did you mean" suggestions), but for the
    /// engine's own facts, whose names start with `@`.
    pub fn names_in(&self, scope: Scope) -> impl Iterator<Item = &str> + '_ {
        let names = self.facts.iter().filter(move |(s, _)| *s == scope).map(|(_, n)| n.as_str());
        names.filter(|n| !n.starts_with('@'))
    }

    /// `world.tools >= 1`.
    pub fn condition(&self, condition: &Condition) -> String {
        format!("{} {} {}", self.qualified(condition.fact), condition.compare.symbol(), condition.value)
    }

    /// `agent.wood += 1`.
    pub fn effect(&self, effect: &Effect) -> String {
        format!("{} {} {}", self.qualified(effect.fact), effect.change.symbol(), effect.value)
    }

    /// Why there is no plan, in one sentence in `lang`: `unreachable: no available action can
    /// bring about world.ironIngot >= 1`.
    pub fn explain(&self, why: &NoPlan, lang: Lang) -> String {
        let (id, args) = match why {
            NoPlan::Unreachable { blocked } => {
                let what: Vec<String> = blocked.iter().map(|c| self.condition(c)).collect();
                ("plan-unreachable", [("what", FluentValue::from(what.join(", ")))])
            }
            NoPlan::Exhausted { expanded } => {
                ("plan-exhausted", [("expanded", FluentValue::from(*expanded))])
            }
            NoPlan::Budget { expanded } => ("plan-budget", [("expanded", FluentValue::from(*expanded))]),
        };
        words().say(lang, id, &args)
    }
}

/// Why there is no plan when the map parts the villager from `stations` (ids) a plan would
/// need ([`Scenario::cut_off`](super::Scenario::cut_off)), in one sentence as [`FactTable::explain`] says the rest.
pub fn explain_cut_off(stations: &[&str], lang: Lang) -> String {
    let args =
        [("count", FluentValue::from(stations.len())), ("stations", FluentValue::from(stations.join(", ")))];
    words().say(lang, "plan-cut-off", &args)
}
