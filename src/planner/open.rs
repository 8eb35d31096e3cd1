//! The packed search's open list: one `u64` key per entry, smallest first.
//!
//! A key is `f` (16 bits), `h` (10 bits), the push order (19 bits) and the node (19 bits), so keys
//! order exactly as the general search's entries do and carry their node. A search whose numbers
//! outgrow a key is finished by the general search. Few entries are open in most searches, and
//! for those an unsorted array whose minimum is found by a scan beats a heap; past [`SMALL`]
//! entries it becomes a binary heap.

/// Entries kept unsorted; one more and the list turns into a heap for the rest of the search.
const SMALL: usize = 32;

const F_BITS: u32 = 16;
const H_BITS: u32 = 10;
const ORDER_BITS: u32 = 19;
const NODE_BITS: u32 = 19;

pub(crate) struct OpenList {
    keys: Vec<u64>,
    /// While the list is unsorted: the smallest key (`u64::MAX` if none) and where it is. It is
    /// found again right after a pop, so that scan overlaps the expansion that follows instead
    /// of delaying the next pop.
    best: u64,
    best_at: usize,
    /// Entries pushed so far.
    pushed: u64,
    heap: bool,
}

impl Default for OpenList {
    fn default() -> Self {
        OpenList { keys: Vec::new(), best: u64::MAX, best_at: 0, pushed: 0, heap: false }
    }
}

impl OpenList {
    pub fn clear(&mut self) {
        self.keys.clear();
        (self.best, self.best_at) = (u64::MAX, 0);
        self.pushed = 0;
        self.heap = false;
    }

    /// Adds `node` at `f`, `h`; `false` (and nothing added) when a number is too large for a key.
    #[inline(always)]
    pub fn push(&mut self, f: u64, h: u64, node: u32) -> bool {
        let Some(key) = Self::key(f, h, self.pushed, node) else { return false };
        self.pushed += 1;
        self.insert(key);
        true
    }

    /// The key of the `order`th entry pushed, for `node` at `f`, `h`; `None` when a number is
    /// too large for a key.
    #[inline(always)]
    pub fn key(f: u64, h: u64, order: u64, node: u32) -> Option<u64> {
        let fits = f >> F_BITS | h >> H_BITS | order >> ORDER_BITS | u64::from(node) >> NODE_BITS == 0;
        fits.then(|| {
            f << (64 - F_BITS) | h << (ORDER_BITS + NODE_BITS) | order << NODE_BITS | u64::from(node)
        })
    }

    /// The node a key carries.
    #[inline(always)]
    pub fn node(key: u64) -> u32 {
        (key & ((1 << NODE_BITS) - 1)) as u32
    }

    #[inline(always)]
    fn insert(&mut self, key: u64) {
        let at = self.keys.len();
        self.keys.push(key);
        if self.heap {
            self.sift_up(at);
        } else if at >= SMALL {
            self.heapify();
        } else if key < self.best {
            (self.best, self.best_at) = (key, at);
        }
    }

    /// Puts back a key [`pop`](Self::pop) returned.
    pub fn restore(&mut self, key: u64) {
        self.insert(key);
    }

    /// The smallest key and its node.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u64, u32)> {
        let key = if self.heap {
            self.pop_heap()?
        } else {
            if self.keys.is_empty() {
                return None;
            }
            let key = self.best;
            self.keys.swap_remove(self.best_at);
            // Which key is smallest is data, not a pattern a branch predictor could learn.
            let (mut best, mut best_at) = (u64::MAX, 0);
            for (i, &k) in self.keys.iter().enumerate() {
                (best, best_at) = std::hint::select_unpredictable(k < best, (k, i), (best, best_at));
            }
            (self.best, self.best_at) = (best, best_at);
            key
        };
        Some((key, (key & ((1 << NODE_BITS) - 1)) as u32))
    }

    /// The `f` a key was pushed with.
    #[inline(always)]
    pub fn f(key: u64) -> u64 {
        key >> (64 - F_BITS)
    }

    #[cold]
    fn heapify(&mut self) {
        self.heap = true;
        for i in (0..self.keys.len() / 2).rev() {
            self.sift_down(i);
        }
    }

    fn sift_up(&mut self, mut i: usize) {
        let key = self.keys[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.keys[parent] <= key {
                break;
            }
            self.keys[i] = self.keys[parent];
            i = parent;
        }
        self.keys[i] = key;
    }

    fn sift_down(&mut self, mut i: usize) {
        let (key, len) = (self.keys[i], self.keys.len());
        loop {
            let mut child = 2 * i + 1;
            if child >= len {
                break;
            }
            if child + 1 < len && self.keys[child + 1] < self.keys[child] {
                child += 1;
            }
            if key <= self.keys[child] {
                break;
            }
            self.keys[i] = self.keys[child];
            i = child;
        }
        self.keys[i] = key;
    }

    fn pop_heap(&mut self) -> Option<u64> {
        let last = self.keys.pop()?;
        if self.keys.is_empty() {
            return Some(last);
        }
        let top = std::mem::replace(&mut self.keys[0], last);
        self.sift_down(0);
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::OpenList;
    use std::collections::BinaryHeap;

    /// Interleaved pushes and pops, through the unsorted and the heap stage, pop in key order.
    #[test]
    fn pops_smallest_first_before_and_after_turning_into_a_heap() {
        let (mut open, mut reference) = (OpenList::default(), BinaryHeap::new());
        let mut seed = 7u64;
        for round in 0..2000u32 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if round % 3 == 2 {
                let expected = reference.pop().map(|std::cmp::Reverse((f, h, node))| (f, h, node));
                let got = open.pop().map(|(key, node)| (OpenList::f(key), (key >> 38) & 0x3FF, node));
                assert_eq!(got, expected);
            } else {
                let (f, h) = ((seed >> 40) % 50, (seed >> 20) % 7);
                assert!(open.push(f, h, round));
                reference.push(std::cmp::Reverse((f, h, round)));
            }
        }
        assert!(open.heap, "the test should reach the heap stage");
        assert!(!open.push(1 << 16, 0, 0) && !open.push(0, 1 << 10, 0), "too large for a key");
        assert!(!open.push(0, 0, 1 << 19), "too large for a key");
    }
}
