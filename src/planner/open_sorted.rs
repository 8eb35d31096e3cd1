//! The small search's open list: [`OpenList`]'s keys, kept sorted so the smallest is at hand.
//!
//! A successor's key is nearly always among the largest open — its push order is the newest,
//! and its `f` rarely drops below its parent's — so inserting from the back touches a key or two,
//! and a pop is reading the front, where [`OpenList`] scans every open key after each pop. (Where
//! a child often lands before several open keys, as in `logs>=8`, the two come out about even.)

use super::open::OpenList;

#[derive(Default)]
pub(crate) struct SortedOpen {
    /// Open keys in ascending order from `head`; those before `head` are popped.
    keys: Vec<u64>,
    head: usize,
    /// Entries pushed so far.
    pushed: u64,
}

impl SortedOpen {
    pub fn clear(&mut self) {
        self.keys.clear();
        (self.head, self.pushed) = (0, 0);
    }

    /// Adds `node` at `f`, `h` with the key [`OpenList::push`] would give it; `false` (and
    /// nothing added) when a number is too large for a key.
    #[inline(always)]
    pub fn push(&mut self, f: u64, h: u64, node: u32) -> bool {
        let Some(key) = OpenList::key(f, h, self.pushed, node) else { return false };
        self.pushed += 1;
        self.keys.push(key);
        let open = &mut self.keys[self.head..];
        let mut at = open.len() - 1;
        while at > 0 && open[at - 1] > key {
            open[at] = open[at - 1];
            at -= 1;
        }
        open[at] = key;
        true
    }

    /// Puts back the key [`pop`](Self::pop) just returned.
    pub fn restore(&mut self, key: u64) {
        if self.head > 0 {
            self.head -= 1;
            self.keys[self.head] = key;
        } else {
            self.keys.insert(0, key);
        }
    }

    /// The smallest key and its node.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u64, u32)> {
        let key = *self.keys.get(self.head)?;
        self.head += 1;
        Some((key, OpenList::node(key)))
    }
}

#[cfg(test)]
mod tests {
    use super::SortedOpen;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// Interleaved pushes, pops and restores come out in key order, as from a heap.
    #[test]
    fn pops_smallest_first() {
        let (mut open, mut reference) = (SortedOpen::default(), BinaryHeap::new());
        let mut seed = 11u64;
        for round in 0..3000u32 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if round % 3 == 2 {
                let expected = reference.pop().map(|Reverse(key)| key);
                let got = open.pop().map(|(key, _)| key);
                assert_eq!(got, expected);
                if let Some(key) = got.filter(|_| seed.is_multiple_of(5)) {
                    open.restore(key);
                    reference.push(Reverse(key));
                }
            } else {
                let (f, h) = ((seed >> 40) % 50, (seed >> 20) % 7);
                assert!(open.push(f, h, round));
                reference.push(Reverse(super::OpenList::key(f, h, open.pushed - 1, round).unwrap()));
            }
        }
    }
}
