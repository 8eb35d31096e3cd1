//! For problems with many actions: which actions a packed state can take, kept as a bitmask.
//!
//! Testing every action at every expansion costs `actions × expansions`: deep in a 40-step chain
//! every earlier step still applies, as a no-op, and only one changes anything. A step only
//! changes a few slots, though, and an action that neither reads nor writes any of them is useful
//! in the child — applies and changes something — exactly when it was in the parent. So each
//! node carries the set of its useful actions, and a child re-tests only the actions touching
//! what its step changed. Iterating the set's bits in order visits the useful actions in the
//! compiled order, as testing them all would; one that would leave its field's range counts as
//! useful, so the search still notices at the same action.

use super::compile::{Compiled, Slot};
use super::packed::PackedAction;
use super::word::Word;

/// Below this many actions testing them all is cheaper than keeping sets.
const MIN_ACTIONS: usize = 12;

#[derive(Clone, Debug)]
pub(crate) struct Applicability {
    /// `affected[a]`: the actions that read or write a slot action `a` changes.
    affected: Vec<u64>,
}

impl Applicability {
    /// `None` when there are too few actions to gain, or too many for a 64-bit set.
    pub fn new<W: Word>(problem: &Compiled, actions: &[PackedAction<W>]) -> Option<Self> {
        if !(MIN_ACTIONS..=64).contains(&actions.len()) {
            return None;
        }
        // Slots as bits: a packed problem has fewer than 128 (each takes two bits or more).
        let bit = |s: Slot| 1u128.checked_shl(u32::from(s)).unwrap_or(0);
        let (mut changes, mut touches) = (Vec::new(), Vec::new());
        for a in actions {
            let compiled = problem.actions.iter().find(|c| c.original == a.original as usize)?;
            let changed = compiled.deltas.iter().fold(0, |set, &(s, _)| set | bit(s));
            let read = compiled.preconditions.iter().fold(0, |set, p| set | bit(p.slot));
            changes.push(changed);
            touches.push(changed | read);
        }
        let affected = changes
            .iter()
            .map(|&changed| {
                let touching = touches.iter().enumerate().filter(|&(_, &t)| t & changed != 0);
                touching.fold(0u64, |set, (b, _)| set | 1 << b)
            })
            .collect();
        Some(Applicability { affected })
    }

    /// Every action useful in `x`.
    pub fn all<W: Word>(actions: &[PackedAction<W>], x: W, guards: W) -> u64 {
        actions.iter().enumerate().filter(|(_, a)| useful(a, x, guards)).fold(0, |set, (b, _)| set | 1 << b)
    }

    /// The actions useful in `child`, reached by `action` from a state where `parent` were.
    #[inline(always)]
    pub fn after<W: Word>(
        &self,
        actions: &[PackedAction<W>],
        parent: u64,
        action: usize,
        child: W,
        guards: W,
    ) -> u64 {
        let affected = self.affected[action];
        let mut set = parent & !affected;
        let mut retest = affected;
        while retest != 0 {
            let b = retest.trailing_zeros() as usize;
            retest &= retest - 1;
            if useful(&actions[b], child, guards) {
                set |= 1 << b;
            }
        }
        set
    }
}

/// Whether `action` applies to `x` and changes it (or would leave a field's range).
#[inline(always)]
fn useful<W: Word>(action: &PackedAction<W>, x: W, guards: W) -> bool {
    action.needs.holds(x, guards) && action.apply(x) != Some(x)
}
