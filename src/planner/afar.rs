//! Planning for one who stands off every place the actions' extras are listed by — a walk broken
//! off halfway. Its first step costs, on top of what the planner's tables say, an extra the
//! caller gives with the question (the walk from where it stands, which no table holds); every
//! step after leaves it at a place the tables know. So the cheapest plan is, over the first steps,
//! that step and the planner's own answer from where it leads: the least total, of equals the
//! first step first in action order, and the rest as the answer has it — the plan a search with
//! those extras in its tables would find (`tests/planner_afar.rs` checks that it is).

use super::model::Action;
use super::{MEMORY, NoPlan, Plan, Planner, State, reach};

impl Planner {
    /// The cheapest plan from `start` for one whose first step, action `a` of `actions` (those
    /// the planner was given), costs `first(a)` more: `None` where it cannot be taken first.
    /// Each first step's rest is planned with `budget`; where one runs out of it, so does this
    /// (a cheaper plan may lie past it).
    ///
    /// Every action is tried first, the detours the planner leaves out too: from where no table
    /// says, a walk through a station may be the short cut (from a station onward, the proof
    /// that it never is holds, docs/planner.md).
    pub fn plan_afar(
        &self,
        actions: &[Action],
        start: &State,
        budget: usize,
        first: impl Fn(usize) -> Option<u32>,
    ) -> Result<Plan, NoPlan> {
        let stands = self.projected(start);
        if self.problem.meets_goal(&stands) {
            return self.plan(start, budget); // nothing to walk to
        }
        let (mut best, mut expanded, mut ran_out) = (None::<Plan>, 1, false);
        for (a, action) in actions.iter().enumerate() {
            let Some(extra) = first(a).filter(|_| action.is_applicable(start)) else { continue };
            let mut leads_to = start.clone();
            action.apply(&mut leads_to);
            // A step that changes nothing the goal or a price reads is never one a search takes.
            if self.projected(&leads_to) == stands {
                continue;
            }
            let cost = action.cost_in(start) + u64::from(extra);
            match self.plan(&leads_to, budget) {
                Ok(rest) => {
                    expanded += rest.expanded;
                    let (total, a) = (cost + rest.cost, a as u32);
                    if best.as_ref().is_none_or(|b| total < b.cost || (total == b.cost && a < b.steps[0])) {
                        let steps = std::iter::once(a).chain(rest.steps.iter().copied()).collect();
                        best = Some(Plan { steps, cost: total, expanded: 0 });
                    }
                }
                Err(why) => {
                    expanded += why.expanded();
                    ran_out |= matches!(why, NoPlan::Budget { .. });
                }
            }
        }
        match best {
            _ if ran_out => Err(NoPlan::Budget { expanded }),
            Some(plan) => Ok(Plan { expanded, ..plan }),
            None => Err(MEMORY.with_borrow_mut(|memory| {
                match reach::blockers(&self.problem, &stands, &mut memory.reach) {
                    Some(blocked) => NoPlan::Unreachable { blocked },
                    None => NoPlan::Exhausted { expanded },
                }
            })),
        }
    }

    /// `state`'s values of the problem's slots.
    fn projected(&self, state: &State) -> Vec<super::Value> {
        let mut values = Vec::with_capacity(self.problem.slots.len());
        self.project(state, &mut values);
        values
    }
}
