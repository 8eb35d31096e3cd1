//! The machine words a packed state fits in: `u64` for a few narrow facts, `u128` for more.
//!
//! The packed search is written once over [`Word`] and compiled for both, so a small problem
//! pays for one-word arithmetic and hashing and a wider one still avoids slices.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

pub(crate) trait Word:
    Copy
    + Eq
    + Debug
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + 'static
{
    const BITS: u32;
    const ZERO: Self;

    fn from_u64(value: u64) -> Self;
    /// The lowest 64 bits.
    fn low(self) -> u64;
    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    /// A well-mixed 64-bit hash (high bits included, which the hash table uses as tags).
    fn hash(self) -> u64;
    /// The word folded to 64 bits, every bit kept in play (for a multiplicative hash).
    fn fold(self) -> u64;
}

/// The 128-bit product of `a` and `b`, folded to 64 bits: one multiply, good mixing.
fn folded_multiply(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product as u64) ^ ((product >> 64) as u64)
}

const SEED_LOW: u64 = 0x243f_6a88_85a3_08d3;
const SEED_HIGH: u64 = 0x9e37_79b9_7f4a_7c15;

impl Word for u64 {
    const BITS: u32 = 64;
    const ZERO: Self = 0;

    fn from_u64(value: u64) -> Self {
        value
    }

    fn low(self) -> u64 {
        self
    }

    fn wrapping_add(self, other: Self) -> Self {
        u64::wrapping_add(self, other)
    }

    fn wrapping_sub(self, other: Self) -> Self {
        u64::wrapping_sub(self, other)
    }

    fn hash(self) -> u64 {
        folded_multiply(self ^ SEED_LOW, SEED_HIGH)
    }

    fn fold(self) -> u64 {
        self
    }
}

impl Word for u128 {
    const BITS: u32 = 128;
    const ZERO: Self = 0;

    fn from_u64(value: u64) -> Self {
        u128::from(value)
    }

    fn low(self) -> u64 {
        self as u64
    }

    fn wrapping_add(self, other: Self) -> Self {
        u128::wrapping_add(self, other)
    }

    fn wrapping_sub(self, other: Self) -> Self {
        u128::wrapping_sub(self, other)
    }

    fn hash(self) -> u64 {
        folded_multiply(self as u64 ^ SEED_LOW, (self >> 64) as u64 ^ SEED_HIGH)
    }

    fn fold(self) -> u64 {
        self as u64 ^ (self >> 64) as u64
    }
}
