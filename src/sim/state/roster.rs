//! Roster order: the villagers in scenario order, and numbers put in that order. Every system
//! that lets villagers act on the shared world visits them so, whoever is stored where.

use bevy::ecs::prelude::*;

/// The villager entities in scenario order: every system that lets villagers act on the shared
/// world visits them in this order, so who goes first never depends on how entities are stored.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Roster(pub Vec<Entity>);

/// Numbers (of villagers or tiles) sorted and each once: roster or tile order. Many within a
/// short range (a step's due villagers in a shard of thousands, a shard's changed tiles) are
/// marked in a bitmap and read back in order, which costs less than sorting them; a few, or
/// few among many numbers, are sorted.
pub(crate) fn in_order(numbers: &mut Vec<u32>) {
    let words = numbers.iter().max().map_or(0, |&most| most as usize / 64 + 1);
    if numbers.len() < 32 || words > numbers.len() {
        numbers.sort_unstable();
        numbers.dedup();
        return;
    }
    MARKS.with_borrow_mut(|marks| {
        marks.clear();
        marks.resize(words, 0);
        for &n in numbers.iter() {
            marks[n as usize / 64] |= 1 << (n % 64);
        }
        numbers.clear();
        for (w, &word) in marks.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                numbers.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    });
}

thread_local! {
    /// The bitmap [`in_order`] marks numbers in.
    static MARKS: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
}
