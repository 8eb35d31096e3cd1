//! The states a search meets, one after another in one list: a state is the slice of its slots'
//! values, so storing, hashing and comparing one touches its few slots and nothing else — and
//! only the slots a search can change or tests: those only priced (a villager's lines at every
//! station) hold their start's values throughout, kept once.

use super::compile::Compiled;
use super::facts::Value;
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// State `i` is node `i`'s (of a search, a walk or a priced plan); cleared, not freed, between
/// questions.
#[derive(Default)]
pub(crate) struct States {
    values: Vec<Value>,
    /// How many slots each state stores.
    width: usize,
    /// The values of the slots past `width`: the start's, every state's.
    fixed: Vec<Value>,
}

impl States {
    /// Forgets every state and stores `start` as state 0, of which every state keeps the first
    /// `width` slots (at least those a search can change or tests: [`Compiled::moving`]).
    pub fn reset(&mut self, start: &[Value], width: usize) {
        self.values.clear();
        self.values.extend_from_slice(&start[..width]);
        self.fixed.clear();
        self.fixed.extend_from_slice(&start[width..]);
        self.width = width;
    }

    /// State `i`'s values of the slots it stores (the first `width`).
    #[inline]
    pub fn get(&self, i: u32) -> &[Value] {
        let from = i as usize * self.width;
        &self.values[from..from + self.width]
    }

    /// State `i`'s value of `slot`.
    #[inline]
    pub fn value(&self, i: u32, slot: usize) -> Value {
        match slot.checked_sub(self.width) {
            None => self.values[i as usize * self.width + slot],
            Some(fixed) => self.fixed[fixed],
        }
    }

    /// State `i`'s values of every slot (for a trace).
    pub fn values(&self, i: u32) -> Vec<Value> {
        [self.get(i), &self.fixed].concat()
    }

    /// What action `a` costs taken in state `i`.
    #[inline]
    pub fn cost(&self, problem: &Compiled, i: u32, a: usize) -> u64 {
        problem.cost_in(a, |slot| self.value(i, slot))
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
