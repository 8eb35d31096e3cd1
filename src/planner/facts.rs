//! Facts: named integers in two scopes, interned to dense ids so a state is a flat array.

use rustc_hash::FxHashMap;
use std::fmt;

/// A fact's value. Booleans are 0/1; a fact nobody has set reads as 0.
pub type Value = i32;

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

/// The index of a fact in a [`FactTable`] and in every [`State`] built from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FactId(pub u16);

impl FactId {
    pub fn index(self) -> usize {
        self.0 as usize
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
}

/// The values of every fact, both scopes, indexed by [`FactId`]. Missing entries read as 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct State(Vec<Value>);

impl State {
    /// A state of `len` facts, all 0.
    pub fn zeros(len: usize) -> Self {
        State(vec![0; len])
    }

    pub fn get(&self, fact: FactId) -> Value {
        self.0.get(fact.index()).copied().unwrap_or(0)
    }

    pub fn set(&mut self, fact: FactId, value: Value) {
        if self.0.len() <= fact.index() {
            self.0.resize(fact.index() + 1, 0);
        }
        self.0[fact.index()] = value;
    }

    pub fn values(&self) -> &[Value] {
        &self.0
    }
}

impl From<Vec<Value>> for State {
    fn from(values: Vec<Value>) -> Self {
        State(values)
    }
}

impl fmt::Display for FactId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fact#{}", self.0)
    }
}
