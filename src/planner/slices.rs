//! The general [`Space`]: a state is a slice of the projected facts' values, one after another
//! in one list. It takes every problem and every state, which is why the other spaces may hand
//! a question to it.

use super::compile::Compiled;
use super::facts::Value;
use super::heuristic::Heuristic;
use super::search::{DEAD_END, Space, Successor};
use rustc_hash::FxHasher;
use std::hash::Hasher;

pub(crate) struct Slices<'a> {
    pub problem: &'a Compiled,
    pub heuristic: &'a Heuristic,
}

impl Slices<'_> {
    #[inline]
    fn state<'s>(&self, states: &'s [Value], i: u32) -> &'s [Value] {
        let width = self.problem.slots.len();
        &states[i as usize * width..(i as usize + 1) * width]
    }
}

impl Space for Slices<'_> {
    const FITS_EVERY_STATE: bool = true;
    type States = Vec<Value>;

    fn problem(&self) -> &Compiled {
        self.problem
    }

    fn store_start(&self, states: &mut Vec<Value>, start: &[Value]) -> bool {
        states.clear();
        states.extend_from_slice(start);
        true
    }

    #[inline]
    fn store_successor(&self, states: &mut Vec<Value>, from: u32, a: usize) -> Successor {
        let parent = self.state(states, from);
        if !self.problem.preconditions(a).iter().all(|c| c.holds_for(parent[c.slot as usize])) {
            return Successor::Skipped;
        }
        let width = self.problem.slots.len();
        let (from, at) = (from as usize * width, states.len());
        states.extend_from_within(from..from + width);
        let effects = self.problem.effects(a);
        for &(slot, change, value) in effects {
            let v = &mut states[at + slot as usize];
            *v = change.apply(*v, value);
        }
        // Only the slots effects touch can differ.
        if effects.iter().all(|&(slot, _, _)| states[at + slot as usize] == states[from + slot as usize]) {
            states.truncate(at);
            return Successor::Skipped;
        }
        Successor::Stored
    }

    fn discard_last(&self, states: &mut Vec<Value>) {
        states.truncate(states.len() - self.problem.slots.len());
    }

    fn hash(&self, states: &Vec<Value>, i: u32) -> u64 {
        let mut hasher = FxHasher::default();
        for &v in self.state(states, i) {
            hasher.write_u32(v as u32);
        }
        hasher.finish()
    }

    fn same(&self, states: &Vec<Value>, i: u32, j: u32) -> bool {
        // States are short: a loop beats a call to `memcmp`.
        self.state(states, i).iter().zip(self.state(states, j)).all(|(a, b)| a == b)
    }

    fn estimate(&self, states: &Vec<Value>, i: u32) -> u64 {
        self.heuristic.estimate(self.state(states, i)).unwrap_or(DEAD_END)
    }

    fn keeps_estimate(&self, a: usize) -> bool {
        self.heuristic.keeps[a]
    }

    fn meets_goal(&self, states: &Vec<Value>, i: u32) -> bool {
        self.problem.meets_goal(self.state(states, i))
    }

    fn value(&self, states: &Vec<Value>, i: u32, slot: usize) -> Value {
        self.state(states, i)[slot]
    }

    fn values(&self, states: &Vec<Value>, i: u32) -> Vec<Value> {
        self.state(states, i).to_vec()
    }

    fn cost(&self, states: &Vec<Value>, i: u32, a: usize) -> u64 {
        let state = self.state(states, i);
        self.problem.cost_in(a, |slot| state[slot])
    }
}
