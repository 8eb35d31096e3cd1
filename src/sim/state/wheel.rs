//! A timing wheel: numbers filed under the step they fall due at. The next [`NEAR`] steps are a
//! ring of lists, so filing one is a push; further ones wait in a sorted map until they come
//! near (filing every entry in a sorted map cost a measurable share of a day:
//! docs/performance.md).

use std::collections::BTreeMap;

/// How many steps ahead the ring reaches: longer than most actions, walks and retries last.
const NEAR: u64 = 256;

#[derive(Clone, Debug)]
pub struct Wheel {
    /// The first step not taken yet; what is filed for a step before it never comes.
    next: u64,
    /// What falls due at steps `next..next + NEAR`, each step's at `step % NEAR`.
    near: Vec<Vec<u32>>,
    /// What falls due further on.
    far: BTreeMap<u64, Vec<u32>>,
}

impl Default for Wheel {
    /// An empty wheel from step 0 on: it can be taken at any step first (a dawn, a jump in time).
    fn default() -> Self {
        Wheel { next: 0, near: vec![Vec::new(); NEAR as usize], far: BTreeMap::new() }
    }
}

impl Wheel {
    /// Files `number` under step `step` (one already taken never comes).
    pub fn file(&mut self, step: u64, number: u32) {
        if step < self.next {
            return;
        }
        match step - self.next < NEAR {
            true => self.near[(step % NEAR) as usize].push(number),
            false => self.far.entry(step).or_default().push(number),
        }
    }

    /// What is filed under step `step` (in no set order); given up. Steps skipped on the way
    /// there never come (nor does `step` again).
    pub fn take(&mut self, step: u64) -> Vec<u32> {
        if step < self.next {
            return Vec::new();
        }
        for skipped in self.next..step.min(self.next + NEAR) {
            self.near[(skipped % NEAR) as usize].clear();
        }
        self.next = step + 1;
        let mut due = std::mem::take(&mut self.near[(step % NEAR) as usize]);
        // What now lies within reach comes near (what lay before `step` never comes).
        while let Some(entry) = self.far.first_entry()
            && *entry.key() < self.next + NEAR
        {
            let (at, numbers) = entry.remove_entry();
            match at.cmp(&step) {
                std::cmp::Ordering::Less => {}
                std::cmp::Ordering::Equal => due.extend(numbers),
                std::cmp::Ordering::Greater => self.near[(at % NEAR) as usize].extend(numbers),
            }
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    /// The wheel against a sorted map of every step, taking steps one by one and jumping ahead.
    #[test]
    fn a_wheel_gives_back_what_a_sorted_map_of_steps_would() {
        let mut random = SplitMix64(7);
        let mut below = |n: u64| random.below(n as usize) as u64;
        for _ in 0..200 {
            let (mut wheel, mut map) = (Wheel::default(), BTreeMap::<u64, Vec<u32>>::new());
            // The first step taken can be any (as after a dawn, or a jump in time).
            let mut step = below(1_000);
            for _ in 0..300 {
                for _ in 0..below(6) {
                    let (at, number) = (step + below(3 * NEAR), below(1 << 20) as u32);
                    wheel.file(at, number);
                    map.entry(at).or_default().push(number);
                }
                let jump = if below(20) == 0 { below(2 * NEAR) } else { 0 };
                for skipped in step..step + jump {
                    map.remove(&skipped);
                }
                step += jump;
                let mut got = wheel.take(step);
                let mut want = map.remove(&step).unwrap_or_default();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "step {step}");
                step += 1;
            }
        }
    }
}
