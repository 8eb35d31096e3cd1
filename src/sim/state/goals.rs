//! A villager's goals as they stand: how loudly each asks (worked out when asked from what was
//! heard), what the last deliberation made of it, and whether it holds.

use crate::planner::Condition;
use bevy::ecs::prelude::*;
use smallvec::SmallVec;

/// One goal's live state, in 20 bytes. How loudly it asks is worked out when asked
/// ([`insistence`](crate::sim::state::needs::insistence)); a plan's score and cost are in the decision
/// table where tables are kept, and how often it was met today in the [`Tally`](super::tally::Tally) where days are.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalState {
    /// What its insistence is worked out from.
    pub heard: Heard,
    /// What the last deliberation made of it.
    pub verdict: Verdict,
    /// Whether its conditions held when last looked at (to count each time it is met).
    pub met: bool,
    /// Whether it may interrupt: it has an `interrupts_at` and asked less than that when last
    /// weighed ([`crate::sim::calendar::interrupts`]).
    pub armed: bool,
}

/// What a goal's insistence is worked out from, when asked ([`super::needs`]): a value and a
/// step of the day, in eight bytes, read by the goal's kind (which only a new day changes: an
/// edit of a goal's drift restarts the day, see `scenario::diff`).
/// - A need held `value`, and rises once a step from step `step` on.
/// - A quota's unmet fraction was `value` as step `step` began, kept once the villager's own
///   facts changed in that step ([`Heard::quota`]: none kept).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heard {
    pub value: f32,
    pub step: u32,
}

impl Heard {
    /// A need holding `held`, rising from step `rises_from` on.
    pub fn need(held: f32, rises_from: u32) -> Self {
        Heard { value: held, step: rises_from }
    }

    /// A quota with no unmet fraction kept.
    pub fn quota() -> Self {
        Heard { value: 0.0, step: u32::MAX }
    }
}

/// What the last deliberation made of a goal.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Verdict {
    /// Not planned: the villager rested, or the goal was met.
    #[default]
    NotPlanned,
    /// Planned without a plan; `blocked` is a condition nothing it can do brings about, when
    /// the planner found one.
    NoPlan { blocked: Option<Condition> },
    /// Planned without a plan: the search gave up at the planner's budget. (A variant of its
    /// own, not a field of `NoPlan`, keeps a goal's state in 20 bytes.)
    OverBudget,
    /// Planned, with a plan.
    Planned,
}

/// Inline for up to three goals (a trade and two needs), so most villagers' goals take no
/// allocation of their own.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Goals(pub SmallVec<[GoalState; 3]>);

#[cfg(test)]
mod tests {
    use super::*;

    /// A villager carries one of these a goal, three inline: their size is a town's memory.
    #[test]
    fn a_goals_state_takes_twenty_bytes() {
        assert_eq!(size_of::<GoalState>(), 20);
    }
}
