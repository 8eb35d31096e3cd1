//! The open list of the larger searches: a binary heap of `(f, node)`, smallest `f` first and,
//! among equal `f`, the node first in the [`Order`] — compared by the labels as they are now,
//! which is sound because relabelling never changes which of two nodes comes first, and a node
//! never moves.

use super::label::Order;

#[derive(Default)]
pub(crate) struct OpenList {
    heap: Vec<(u64, u32)>,
}

impl OpenList {
    pub fn clear(&mut self) {
        self.heap.clear();
    }

    /// Adds `node` at `f`.
    pub fn push(&mut self, f: u64, node: u32, order: &Order) {
        self.heap.push((f, node));
        let mut i = self.heap.len() - 1;
        let entry = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !first(order, entry, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            i = parent;
        }
        self.heap[i] = entry;
    }

    /// The first entry, taken off the list.
    pub fn pop(&mut self, order: &Order) -> Option<(u64, u32)> {
        let last = self.heap.pop()?;
        if self.heap.is_empty() {
            return Some(last);
        }
        let top = std::mem::replace(&mut self.heap[0], last);
        let (len, mut i) = (self.heap.len(), 0);
        loop {
            let mut child = 2 * i + 1;
            if child >= len {
                break;
            }
            if child + 1 < len && first(order, self.heap[child + 1], self.heap[child]) {
                child += 1;
            }
            if !first(order, self.heap[child], last) {
                break;
            }
            self.heap[i] = self.heap[child];
            i = child;
        }
        self.heap[i] = last;
        Some(top)
    }
}

/// Whether entry `a` comes before entry `b`.
#[inline(always)]
fn first(order: &Order, a: (u64, u32), b: (u64, u32)) -> bool {
    a.0 < b.0 || (a.0 == b.0 && order.before(a.1, b.1))
}

#[cfg(test)]
mod tests {
    use super::OpenList;
    use crate::planner::label::Order;
    use std::collections::BinaryHeap;

    /// Interleaved pushes and pops come out in `(f, order)` order, as from a reference heap —
    /// also while the order's labels are spread out by new nodes.
    #[test]
    fn pops_smallest_first() {
        let (mut open, mut reference, mut order) = (OpenList::default(), BinaryHeap::new(), Order::default());
        order.reset();
        let mut seed = 7u64;
        let mut after = 0;
        for round in 1..3000u32 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Each new node goes right after the previous one: a deep line, which keeps spreading.
            order.insert_run(after, round, 1);
            after = round;
            if round % 3 == 2 {
                let expected = reference.pop().map(|std::cmp::Reverse(entry)| entry);
                assert_eq!(open.pop(&order), expected);
            } else {
                let f = (seed >> 40) % 20;
                open.push(f, round, &order);
                reference.push(std::cmp::Reverse((f, round)));
            }
        }
    }
}
