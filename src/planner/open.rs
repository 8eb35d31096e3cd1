//! The packed search's open list: one `u64` key per entry, smallest first.
//!
//! A key is `f` (20 bits), `h` (12 bits) and the push order (32 bits), so keys order exactly as
//! the general search's entries do, and the node an entry stands for is looked up by its push
//! order. Few entries are open in most searches, and for those an unsorted array whose minimum
//! is found by a scan beats a heap; past [`SMALL`] entries it becomes a binary heap.

/// Entries kept unsorted; one more and the list turns into a heap for the rest of the search.
const SMALL: usize = 32;

const F_BITS: u32 = 20;
const H_BITS: u32 = 12;

#[derive(Default)]
pub(crate) struct OpenList {
    keys: Vec<u64>,
    /// Push order → node index.
    nodes: Vec<u32>,
    heap: bool,
}

impl OpenList {
    pub fn clear(&mut self) {
        self.keys.clear();
        self.nodes.clear();
        self.heap = false;
    }

    /// Adds `node` at `f`, `h`; `false` (and nothing added) when `f` or `h` is too large for a key.
    #[inline(always)]
    pub fn push(&mut self, f: u64, h: u64, node: u32) -> bool {
        let order = self.nodes.len() as u64;
        if f >> F_BITS != 0 || h >> H_BITS != 0 || order >> 32 != 0 {
            return false;
        }
        self.nodes.push(node);
        self.keys.push(f << (64 - F_BITS) | h << 32 | order);
        if self.heap {
            self.sift_up(self.keys.len() - 1);
        } else if self.keys.len() > SMALL {
            self.heapify();
        }
        true
    }

    /// Puts back a key [`pop`](Self::pop) returned.
    pub fn restore(&mut self, key: u64) {
        self.keys.push(key);
        if self.heap {
            self.sift_up(self.keys.len() - 1);
        }
    }

    /// The smallest key and its node.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u64, u32)> {
        let key = if self.heap {
            self.pop_heap()?
        } else {
            let (mut best, mut at) = (*self.keys.first()?, 0);
            for (i, &k) in self.keys.iter().enumerate().skip(1) {
                if k < best {
                    (best, at) = (k, i);
                }
            }
            self.keys.swap_remove(at);
            best
        };
        Some((key, self.nodes[(key as u32) as usize]))
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
                let got = open.pop().map(|(key, node)| (OpenList::f(key), (key >> 32) & 0xFFF, node));
                assert_eq!(got, expected);
            } else {
                let (f, h) = ((seed >> 40) % 50, (seed >> 20) % 7);
                assert!(open.push(f, h, round));
                reference.push(std::cmp::Reverse((f, h, round)));
            }
        }
        assert!(open.heap, "the test should reach the heap stage");
        assert!(!open.push(1 << 20, 0, 0) && !open.push(0, 1 << 12, 0), "too large for a key");
    }
}
