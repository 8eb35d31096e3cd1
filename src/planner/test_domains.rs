//! Random conditions and effects over a few facts, for the planner's property tests.

use super::{Change, Compare, Condition, Effect, FactId};
use proptest::prelude::*;

/// How many facts the random domains use.
pub const FACTS: u16 = 5;

pub fn condition() -> impl Strategy<Value = Condition> {
    (0..FACTS, prop::sample::select(Compare::ALL.to_vec()), -3..6i32)
        .prop_map(|(f, compare, value)| Condition { fact: FactId(f), compare, value })
}

pub fn effect() -> impl Strategy<Value = Effect> {
    (0..FACTS, prop_oneof![Just(Change::Set), Just(Change::Add), Just(Change::Subtract)], -2..5i32)
        .prop_map(|(f, change, value)| Effect { fact: FactId(f), change, value })
}
