//! The states a search meets, one after another in one list: a state is the slice of its slots'
//! values, so storing, hashing and comparing one touches its few slots and nothing else.

use super::compile::Compiled;
use super::facts::Value;
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// State `i` is node `i`'s (of a search, a walk or a priced plan); cleared, not freed, between
/// questions.
#[derive(Default)]
pub(crate) struct States {
    values: Vec<Value>,
    width: usize,
}

impl States {
    /// Forgets every state and stores `start` as state 0.
    pub fn reset(&mut self, start: &[Value]) {
        self.values.clear();
        self.values.extend_from_slice(start);
        self.width = start.len();
    }

    /// State `i`'s values, slot by slot.
    #[inline]
    pub fn get(&self, i: u32) -> &[Value] {
        let from = i as usize * self.width;
        &self.values[from..from + self.width]
    }

    /// Stores, as the next state, where action `a` leads from state `from`: false (storing
    /// nothing) when it does not apply, or changes nothing and would only lead back.
    #[inline(always)]
    pub fn successor(&mut self, problem: &Compiled, from: u32, a: usize) -> bool {
        let parent = self.get(from);
        if !problem.preconditions(a).iter().all(|c| c.holds_for(parent[c.slot as usize])) {
            return false;
        }
        let (from, at) = (from as usize * self.width, self.values.len());
        self.values.extend_from_within(from..from + self.width);
        let effects = problem.effects(a);
        for &(slot, change, value) in effects {
            let v = &mut self.values[at + slot as usize];
            *v = change.apply(*v, value);
        }
        // Only the slots effects touch can differ.
        let slots = effects.iter().map(|&(slot, _, _)| slot as usize);
        if slots.clone().all(|slot| self.values[at + slot] == self.values[from + slot]) {
            self.values.truncate(at);
            return false;
        }
        true
    }

    /// Forgets the state stored last.
    pub fn discard_last(&mut self) {
        self.values.truncate(self.values.len() - self.width);
    }

    pub fn hash(&self, i: u32) -> u64 {
        let mut hasher = FxHasher::default();
        self.get(i).iter().for_each(|&v| hasher.write_u32(v as u32));
        hasher.finish()
    }

    pub fn same(&self, i: u32, j: u32) -> bool {
        // States are short: a loop beats a call to `memcmp`.
        self.get(i).iter().zip(self.get(j)).all(|(a, b)| a == b)
    }
}
