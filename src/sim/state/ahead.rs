//! Villagers' components asked of memory a few turns before their own. A step visits only the
//! villagers something falls due for, scattered over a shard larger than the processor's cache,
//! and each visit would otherwise wait on memory for every component it reads, one after
//! another: at a million villagers that waiting was a large share of the time
//! (docs/performance.md, "Components asked for ahead").
//!
//! A prefetch is a hint: it changes no value and cannot fault, so the days are the ones played
//! without it.

use crate::sim::state::roster::Roster;
use bevy::ecs::prelude::*;
use bevy::ecs::query::{QueryData, QueryFilter, ROQueryItem};

/// How many villagers ahead of the one visited its components are asked for: enough for memory
/// to answer while the visits between are made (the lightest takes a few hundred instructions).
const TURNS: usize = 2;

/// Visiting the villagers `numbers` in turn, asks memory for the components `query` reads of
/// the one [`TURNS`] after turn `turn`.
pub(crate) fn ask<'s, D: QueryData, F: QueryFilter>(
    query: &Query<'_, 's, D, F>,
    roster: &Roster,
    numbers: &[u32],
    turn: usize,
) where
    for<'a> ROQueryItem<'a, 's, D>: CacheLines,
{
    let Some(&number) = numbers.get(turn + TURNS) else { return };
    if let Some(&entity) = roster.0.get(number as usize)
        && let Ok(item) = query.get(entity)
    {
        item.prefetch();
    }
}

/// What a query gives of one villager, asked of memory line by line.
pub(crate) trait CacheLines {
    fn prefetch(&self);
}

impl<T> CacheLines for &T {
    fn prefetch(&self) {
        let first: *const u8 = (*self as *const T).cast();
        prefetch(first);
        // A component may straddle two lines (a villager's goals take 72 bytes).
        prefetch(first.wrapping_add(size_of::<T>().saturating_sub(1)));
    }
}

impl<T> CacheLines for Option<&T> {
    fn prefetch(&self) {
        if let Some(value) = self {
            value.prefetch();
        }
    }
}

macro_rules! tuple_lines {
    ($($name:ident $index:tt),+) => {
        impl<$($name: CacheLines),+> CacheLines for ($($name,)+) {
            fn prefetch(&self) {
                $(self.$index.prefetch();)+
            }
        }
    };
}

// The deliberation's, the actions' and the arrivals' queries.
tuple_lines!(A 0, B 1, C 2, D 3, E 4, F 5);
tuple_lines!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_lines!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);

/// Asks the processor to bring the cache line holding `address` in. Elsewhere than x86-64 it
/// does nothing.
#[inline(always)]
#[cfg_attr(
    target_arch = "x86_64",
    expect(unsafe_code, reason = "a prefetch is safe but its intrinsic is marked unsafe")
)]
fn prefetch(address: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault, whatever the address.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}
