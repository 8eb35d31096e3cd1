//! The packed search's closed set: packed state → node, by open addressing with stamps.
//!
//! Linear probing over a power-of-two table at most half full; the key is the state word itself,
//! so a probe is a load and a compare. Each entry carries the stamp of the search that wrote
//! it, so starting a search is bumping the stamp — no clearing, however large the table grew.

use super::word::Word;

const FIRST_CAPACITY: usize = 64;

#[derive(Clone, Copy)]
struct Slot<W> {
    state: W,
    node: u32,
    stamp: u32,
}

pub(crate) struct Closed<W> {
    slots: Vec<Slot<W>>,
    /// log2 of the capacity.
    bits: u32,
    stamp: u32,
    len: usize,
}

impl<W> Default for Closed<W> {
    fn default() -> Self {
        Closed { slots: Vec::new(), bits: 0, stamp: 0, len: 0 }
    }
}

impl<W: Word> Closed<W> {
    /// Empties the set for a new search.
    pub fn reset(&mut self) {
        // A table left large by one big search is replaced rather than probed sparsely.
        if self.slots.is_empty() || (self.slots.len() > 1024 && self.len * 16 < self.slots.len()) {
            self.allocate(FIRST_CAPACITY);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
        self.len = 0;
    }

    fn allocate(&mut self, capacity: usize) {
        self.slots = vec![Slot { state: W::ZERO, node: 0, stamp: 0 }; capacity];
        self.bits = capacity.trailing_zeros();
        self.stamp = 0;
    }

    fn home(&self, hash: u64) -> usize {
        (hash >> (64 - self.bits)) as usize
    }

    /// The node stored for `state`, to read or replace; or, if there is none, stores `node` for
    /// it and gives `None`.
    #[inline(always)]
    pub fn find_or_insert(&mut self, hash: u64, state: W, node: u32) -> Option<&mut u32> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let slot = &mut self.slots[i];
            if slot.stamp != self.stamp {
                *slot = Slot { state, node, stamp: self.stamp };
                self.len += 1;
                if self.len * 2 > self.slots.len() {
                    self.grow();
                }
                return None;
            }
            if slot.state == state {
                return Some(&mut self.slots[i].node);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, keeping this search's entries.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let stamp = self.stamp;
        let live: Vec<Slot<W>> = self.slots.iter().filter(|s| s.stamp == stamp).copied().collect();
        self.allocate(self.slots.len() * 2);
        self.stamp = stamp;
        let mask = self.slots.len() - 1;
        for slot in live {
            let mut i = self.home(slot.state.hash());
            while self.slots[i].stamp == stamp {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}
