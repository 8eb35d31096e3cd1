//! Facts: integers behind dense ids, so a state is a flat array. Their names and scopes are the
//! scenario's (`scenario::FactTable`); the planner deals in ids only.

use smallvec::SmallVec;

/// A fact's value. Booleans are 0/1; a fact nobody has set reads as 0.
pub type Value = i32;

/// The index of a fact in every [`State`] (and in the scenario's fact table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FactId(pub u16);

impl FactId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The values of every fact, both scopes, indexed by [`FactId`]. Missing entries read as 0.
/// Up to ten are kept inline: a villager's own facts (and its place), which every villager of a
/// town of a million holds, take no allocation of their own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct State(SmallVec<[Value; 10]>);

impl State {
    /// A state of `len` facts, all 0.
    pub fn zeros(len: usize) -> Self {
        State(smallvec::smallvec![0; len])
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

    /// Whether its values outgrew the inline room and live on the heap.
    pub fn spilled(&self) -> bool {
        self.0.spilled()
    }

    pub fn values_mut(&mut self) -> &mut [Value] {
        &mut self.0
    }

    /// This state, read as a row of facts.
    pub fn facts(&self) -> Facts<'_> {
        Facts { values: &self.0, first: 0 }
    }
}

/// A borrowed row of facts from fact `first` on, read like a [`State`] (the facts before it
/// read as 0): a tile's shared facts, kept in one table of every tile's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts<'a> {
    pub values: &'a [Value],
    pub first: usize,
}

impl Facts<'_> {
    pub fn get(&self, fact: FactId) -> Value {
        let at = fact.index().checked_sub(self.first);
        at.and_then(|at| self.values.get(at)).copied().unwrap_or(0)
    }

    /// The values of fact `from` on (`from` at least `first`).
    pub fn values_from(&self, from: usize) -> &[Value] {
        &self.values[from - self.first..]
    }
}

impl From<Vec<Value>> for State {
    fn from(values: Vec<Value>) -> Self {
        State(SmallVec::from_vec(values))
    }
}
