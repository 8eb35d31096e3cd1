//! Why a villager chose: each decision's table — every goal with its insistence, its plan with
//! cost and score or why it has none — and why the winner won. Kept only where someone looks:
//! a world with a [`DecisionTables`] resource (the game) records them; a town run for speed does not.

use crate::planner::Condition;
use crate::sim::state::villager::Underway;
use bevy::ecs::prelude::*;
use smallvec::SmallVec;
use std::collections::HashMap;
use std::sync::Arc;

/// Every villager's last decision's table, by villager number. Inserting it turns recording on.
#[derive(Resource, Clone, Debug, Default)]
pub struct DecisionTables(pub HashMap<usize, Arc<DecisionTable>>);

/// One decision.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionTable {
    /// Every goal of the villager, in goal order.
    pub rows: Vec<GoalRow>,
    pub outcome: Outcome,
}

/// One goal at a decision.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalRow {
    pub goal: u16,
    pub insistence: f32,
    pub result: RowResult,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RowResult {
    /// Its conditions held: nothing to plan.
    Met,
    /// Not planned: it was below the rest threshold, too quiet to pursue.
    Quiet,
    /// A plan (tasks), its cost in the planner's hundredths and its score; for a quota met in
    /// part, the part it reaches (`fact >= part`).
    Plan { steps: SmallVec<[u32; 6]>, cost: u64, score: f32, part: Option<crate::planner::Value> },
    /// No plan: `unreachable`, `exhausted` or `budget`, and what blocks it when the planner named it.
    NoPlan { why: &'static str, blocked: Option<Condition> },
    /// Not planned: its plan could score at most `ceiling`, which could not win
    /// ([`Shortcuts::skipped_goals`](crate::sim::Shortcuts::skipped_goals)).
    LeftOut { ceiling: f32 },
}

/// What the decision came to, and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// Every unmet goal's insistence was below `threshold`.
    Rested { threshold: f32 },
    /// No goal had a plan; it waits on `goal`, the most insistent of them.
    Waited { goal: u16 },
    /// The best score won: nothing was being pursued, or it was the goal pursued already.
    Best { goal: u16 },
    /// `goal` overtook `from`, the goal pursued: its lead is more than the hysteresis.
    Overtook { goal: u16, from: u16, lead: f32, hysteresis: f32 },
    /// `goal`, the one pursued, stays: `best` leads it by no more than the hysteresis.
    Kept { goal: u16, best: u16, lead: f32, hysteresis: f32 },
    /// `goal`'s plan goes on: no other goal could lead it by more than the hysteresis
    /// ([`Shortcuts::followed_plans`](crate::sim::Shortcuts::followed_plans)).
    Followed { goal: u16 },
    /// `goal` reached its `interrupts_at` during `was` and won: `lead` over `from`, the goal
    /// pursued (`NO_GOAL`: none, or it had no plan), is more than the hysteresis.
    Interrupted { goal: u16, from: u16, lead: f32, hysteresis: f32, was: Underway },
    /// `goal` reached its `interrupts_at` during `was`, but what was under way goes on: `best`
    /// (`NO_GOAL`: no goal had a plan) won the vote, or `goal` led `from`, the goal pursued, by
    /// no more than the hysteresis (`lead`).
    WentOn { goal: u16, best: u16, from: u16, lead: f32, hysteresis: f32, was: Underway },
}
