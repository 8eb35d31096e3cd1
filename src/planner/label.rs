//! Pre-order labels: one number per search node, so that comparing two nodes' numbers compares the
//! paths that reach them, action by action — how the search keeps ties in action order. An
//! order-maintenance list (Bender et al. 2002), so a deep search never runs out of numbers
//! (docs/planner.md).

/// Labels stay below this.
const LIMIT: u64 = 1 << 62;
/// No node.
const NONE: u32 = u32::MAX;

/// The nodes of a search tree in pre-order, with their labels.
#[derive(Default)]
pub(crate) struct Order {
    label: Vec<u64>,
    prev: Vec<u32>,
    next: Vec<u32>,
}

impl Order {
    /// An order holding only the root, node 0.
    pub fn reset(&mut self) {
        self.label.clear();
        self.prev.clear();
        self.next.clear();
        self.label.push(0);
        self.prev.push(NONE);
        self.next.push(NONE);
    }

    /// The label of `node`.
    #[inline(always)]
    pub fn label(&self, node: u32) -> u64 {
        self.label[node as usize]
    }

    /// Places the `count` next new nodes, from `first` on, right after `after` in that order,
    /// evenly spaced. Other nodes' labels may change to make room, never their order.
    pub fn insert_run(&mut self, after: u32, first: u32, count: usize) {
        debug_assert_eq!(
            first as usize,
            self.label.len(),
            "nodes are placed once, in the order they are made"
        );
        if self.end(after) - self.label(after) <= count as u64 {
            self.spread(after, count as u64);
        }
        let (low, high) = (self.label(after), self.end(after));
        let step = (high - low) / (count as u64 + 1);
        let next = self.next[after as usize];
        let mut prev = after;
        for k in 0..count as u32 {
            let node = first + k;
            self.label.push(low + step * (u64::from(k) + 1));
            self.prev.push(prev);
            self.next.push(NONE);
            self.next[prev as usize] = node;
            prev = node;
        }
        self.next[prev as usize] = next;
        if next != NONE {
            self.prev[next as usize] = prev;
        }
    }

    /// Whether `a` comes before `b`.
    #[inline(always)]
    pub fn before(&self, a: u32, b: u32) -> bool {
        self.label(a) < self.label(b)
    }

    /// The label after `node`'s in the list (the limit after the last).
    fn end(&self, node: u32) -> u64 {
        match self.next[node as usize] {
            NONE => LIMIT,
            next => self.label(next),
        }
    }

    /// Spreads out the labels around `node` to make room for `extra` more right after it: the
    /// smallest aligned block of `2^i` labels holding it whose nodes, with the extra ones, are
    /// fewer than `2^i × (2/3)^i` gets them evenly spaced, the extra ones' places left free.
    #[cold]
    fn spread(&mut self, node: u32, extra: u64) {
        let at = self.label(node);
        // The run of the list whose labels lie in the block: it only grows with the block.
        let (mut first, mut last, mut count) = (node, node, 1u64);
        let mut density = 1.0f64;
        let top = LIMIT.trailing_zeros();
        for bits in 1..=top {
            density *= 2.0 / 3.0;
            let size = 1u64 << bits;
            let base = at & !(size - 1);
            while let Some(prev) =
                Some(self.prev[first as usize]).filter(|&p| p != NONE && self.label(p) >= base)
            {
                (first, count) = (prev, count + 1);
            }
            while let Some(next) =
                Some(self.next[last as usize]).filter(|&n| n != NONE && self.label(n) < base + size)
            {
                (last, count) = (next, count + 1);
            }
            if ((count + extra + 1) as f64) < size as f64 * density || bits == top {
                let step = size / (count + extra + 1);
                let (mut at, mut label) = (first, base + step / 2);
                loop {
                    self.label[at as usize] = label;
                    label += if at == node { step * (extra + 1) } else { step };
                    if at == last {
                        break;
                    }
                    at = self.next[at as usize];
                }
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Order;

    /// The path from the root to `node`, as actions.
    fn path(parents: &[u32], actions: &[u32], mut node: usize) -> Vec<u32> {
        let mut path = Vec::new();
        while node != 0 {
            path.push(actions[node]);
            node = parents[node] as usize;
        }
        path.reverse();
        path
    }

    /// Nodes expanded in random order, some expanded very deep, get labels ordered as their
    /// paths are — through every spreading of labels.
    #[test]
    fn labels_order_nodes_as_their_paths() {
        let mut seed = 5u64;
        let mut next = |below: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % below
        };
        for round in 0..60 {
            let mut order = Order::default();
            order.reset();
            let (mut parents, mut actions, mut expanded) = (vec![0u32], vec![0u32], vec![false]);
            for step in 0..300 {
                // Mostly the newest node (a deep dive), sometimes any.
                let node = if step % 3 == 0 { next(parents.len() as u64) } else { parents.len() as u64 - 1 }
                    as usize;
                if expanded[node] {
                    continue;
                }
                expanded[node] = true;
                let mut after = node as u32;
                for a in (0..8).filter(|_| next(3) == 0) {
                    let child = parents.len() as u32;
                    parents.push(node as u32);
                    actions.push(a);
                    expanded.push(false);
                    order.insert_run(after, child, 1);
                    after = child;
                }
            }
            let n = parents.len();
            for x in 0..n {
                for y in 0..n {
                    let by_path = path(&parents, &actions, x).cmp(&path(&parents, &actions, y));
                    assert_eq!(
                        order.label(x as u32).cmp(&order.label(y as u32)),
                        by_path,
                        "round {round}, {x} vs {y}"
                    );
                }
            }
        }
    }
}
