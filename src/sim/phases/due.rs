//! What a step's deliberation hands to [`decide`](super::decide): each planning thread's
//! findings, gathered into lists in roster order.

use crate::planner::Condition;
use crate::sim::state::table::GoalRow;
use crate::sim::state::timing::PlanTimes;
use bevy::ecs::prelude::*;
use bevy::utils::Parallel;

/// The villagers (by number, so in roster order) whose deliberation is due this step, so that
/// `decide` visits only them, and the plans it found for them.
#[derive(Resource, Default)]
pub(crate) struct DueNow {
    /// Boxed: a thread-local table is 500 bytes, and the ECS keeps room for 64 of a resource
    /// in each world (a world per shard of a big town).
    found: Box<Parallel<Found>>,
    pub numbers: Vec<usize>,
    pub choices: Vec<Choice>,
    /// Each deliberating villager's goals as its decision table shows them (only when tables are kept).
    pub rows: Vec<(usize, Vec<GoalRow>)>,
    /// What each villager that found no plan waits on.
    pub waits: Vec<(usize, Wait)>,
    /// The step each resting villager whose rest's end is known rests until.
    pub rests: Vec<(usize, u32)>,
    /// The villagers deciding because a goal of theirs reached its `interrupts_at`, each with
    /// that goal, in roster order ([`crate::sim::calendar::interrupts`]).
    pub interrupting: Vec<(usize, u16)>,
}

impl DueNow {
    /// Each planning thread's findings, to fill.
    pub(crate) fn threads(&self) -> &Parallel<Found> {
        &self.found
    }

    /// Each deciding villager's findings, in roster order.
    pub(crate) fn findings(&self) -> impl Iterator<Item = Findings<'_>> {
        let (mut choices, mut rows, mut waits, mut rests) =
            (self.choices.as_slice(), self.rows.as_slice(), self.waits.as_slice(), self.rests.as_slice());
        let mut interrupting = self.interrupting.as_slice();
        self.numbers.iter().map(move |&number| {
            // Every list is in roster order, a villager's entries together.
            let mine = choices.iter().take_while(|c| c.number == number).count();
            let viable;
            (viable, choices) = choices.split_at(mine);
            let my_rows = rows.first().filter(|r| r.0 == number).map(|r| r.1.clone());
            rows = &rows[usize::from(my_rows.is_some())..];
            let waiting_on = waits.first().filter(|w| w.0 == number).map(|w| w.1);
            waits = &waits[usize::from(waiting_on.is_some())..];
            let rests_until = rests.first().filter(|r| r.0 == number).map(|r| r.1);
            rests = &rests[usize::from(rests_until.is_some())..];
            let urgent = interrupting.first().filter(|i| i.0 == number).map(|i| i.1);
            interrupting = &interrupting[usize::from(urgent.is_some())..];
            Findings { number, viable, rows: my_rows, waiting_on, rests_until, urgent }
        })
    }

    /// Moves what every thread found into the lists, each in roster order, and its plans' times
    /// into `times`.
    pub(crate) fn gather(&mut self, times: &mut PlanTimes) {
        let DueNow { found, numbers, choices, rows, waits, rests, .. } = self;
        for thread in found.iter_mut() {
            times.absorb(&mut thread.times);
        }
        gather(numbers, found.iter_mut().map(|f| &mut f.numbers));
        gather(choices, found.iter_mut().map(|f| &mut f.choices));
        gather(rows, found.iter_mut().map(|f| &mut f.rows));
        gather(waits, found.iter_mut().map(|f| &mut f.waits));
        gather(rests, found.iter_mut().map(|f| &mut f.rests));
        numbers.sort_unstable();
        // Stable: a villager's best plan stays before the one for the goal it pursues.
        choices.sort_by_key(|c| c.number);
        rows.sort_by_key(|r| r.0);
        waits.sort_unstable_by_key(|w| w.0);
        rests.sort_unstable_by_key(|r| r.0);
    }
}

/// What deliberation found for one villager ([`DueNow::findings`]).
pub(crate) struct Findings<'a> {
    pub number: usize,
    /// The plans that can win: the best, then the pursued goal's if another.
    pub viable: &'a [Choice],
    /// Its decision table's rows, where tables are kept.
    pub rows: Option<Vec<GoalRow>>,
    /// Without a viable plan: the goal it waits on, and what blocks it.
    pub waiting_on: Option<Wait>,
    /// Resting with its end known: the step it rests until.
    pub rests_until: Option<u32>,
    /// Deciding because this goal reached its `interrupts_at` (not at a safe point).
    pub urgent: Option<u16>,
}

/// The goal a villager with no viable plan waits on, and what blocks it if the planner said.
pub(crate) type Wait = (u16, Option<Condition>, bool);

/// What one planning thread found this step, and how long its plans took.
#[derive(Default)]
pub(crate) struct Found {
    pub numbers: Vec<usize>,
    pub choices: Vec<Choice>,
    pub times: PlanTimes,
    /// Whether decision tables are kept ([`DecisionTables`](crate::sim::state::table::DecisionTables)), and this
    /// step's rows if so.
    pub keep_tables: bool,
    pub rows: Vec<(usize, Vec<GoalRow>)>,
    pub waits: Vec<(usize, Wait)>,
    pub rests: Vec<(usize, u32)>,
}

/// The most entries a list of the step's keeps room for between steps.
const KEPT: usize = 64;

/// A plan deliberation found for a villager's goal. Only the two that can win are handed on:
/// the best (the first of the highest score) and the one for the goal it pursues.
#[derive(Clone, Debug)]
pub(crate) struct Choice {
    pub number: usize,
    pub goal: usize,
    pub score: f32,
    pub plan: smallvec::SmallVec<[u32; 6]>,
    pub cost: u64,
    pub expanded: usize,
    /// For a quota met in part: the plan reaches `fact >= part`, not the whole quota.
    pub part: Option<crate::planner::Value>,
    /// The plan being followed, kept without a search ([`Shortcuts::followed_plans`]).
    ///
    /// [`Shortcuts::followed_plans`]: crate::sim::Shortcuts::followed_plans
    pub followed: bool,
}

/// Moves what every thread found into `all`. A whole town deliberating at once (a dawn) is rare:
/// no list keeps room for more than [`KEPT`] entries from one step to the next (a shard of a big
/// town keeps its lists when it is done, and they would count toward every villager's memory).
fn gather<'a, T: 'a>(all: &mut Vec<T>, threads: impl Iterator<Item = &'a mut Vec<T>>) {
    all.clear();
    all.shrink_to(KEPT);
    for found in threads {
        all.append(found);
        found.shrink_to(KEPT);
    }
}
