//! What a plan being followed tells about the search from where its villager stands, without
//! making it: what the plan costs, whether the search would surely find a plan within its budget,
//! and whether that plan would begin with the same step (why each holds: docs/planner.md).

use super::answers::{Answer, Asking};
use super::compile::{Compiled, SlotCondition};
use super::facts::{State, Value};
use super::helpers::uses;
use super::ops::{Delta, Need};
use super::search::{DEAD_END, Question};
use super::states::States;
use super::{MAX_BUDGET, MEMORY, Memory, Planner};
use smallvec::SmallVec;

impl Planner {
    /// What taking `steps` (indices into the actions the planner was given) from `start` costs,
    /// when each applies in turn, changes something, and together they meet the goal: no plan
    /// from `start` then costs more. A plan being followed is priced by it, so that whoever can
    /// tell it would be kept need not plan again.
    pub fn cost_of(&self, start: &State, steps: impl IntoIterator<Item = usize> + Clone) -> Option<u64> {
        MEMORY.with_borrow_mut(|memory| {
            self.project(start, &mut memory.projected);
            self.priced(&mut memory.search.states, &memory.projected, steps)
        })
    }

    /// [`cost_of`](Self::cost_of) from the projected `start`.
    fn priced(
        &self,
        states: &mut States,
        start: &[Value],
        steps: impl IntoIterator<Item = usize>,
    ) -> Option<u64> {
        states.reset(start, self.problem.slots.len());
        let (mut cost, mut at) = (0, 0);
        for step in steps {
            let a = self.problem.index_of(step)?;
            if !states.successor(&self.problem, at, a) {
                return None;
            }
            cost += states.cost(&self.problem, at, a);
            at += 1;
        }
        self.problem.meets_goal(states.get(at)).then_some(cost)
    }

    /// What `steps` (indices into the actions the planner was given) cost from `start`, when each
    /// applies in turn, changes something, and together they meet the goal, and when a search
    /// from `start` with `budget` would surely find a plan (one no dearer): `None` otherwise.
    pub fn follow(&self, start: &State, steps: &[usize], budget: usize) -> Option<u64> {
        let budget = budget.min(MAX_BUDGET);
        MEMORY.with_borrow_mut(|memory| {
            let Memory { search, projected, .. } = memory;
            self.project(start, projected);
            // The question is the start and the steps after it.
            let slots = projected.len();
            projected.extend(steps.iter().map(|&step| step as Value));
            let (key, start) = (&projected[..], &projected[..slots]);
            let work = || {
                let cost = self.priced(&mut search.states, start, steps.iter().copied());
                let within = |&cost: &u64| self.horizon.states_within(start, cost) <= budget as u64;
                Answer::Cost(cost.filter(within))
            };
            let answer = self.recall(Asking::Follow { budget }, key, work);
            projected.truncate(slots);
            match answer {
                Answer::Cost(cost) => cost,
                _ => unreachable!("a followed plan is remembered as a cost"),
            }
        })
    }

    /// Whether the search from `start`, where a plan beginning with action `first` costs `cost`,
    /// surely returns a plan beginning with `first`: the goal is unmet, and every other first
    /// step leads to dearer plans, or to plans as dear but later in action order.
    pub fn begins_with(&self, start: &State, first: usize, cost: u64) -> bool {
        let Some(first) = self.problem.index_of(first) else { return false };
        self.first_steps(start, |met, bounds| {
            let mut others = bounds.iter().enumerate().filter(|&(a, _)| a != first);
            !met && others.all(|(a, &bound)| bound > cost || (bound == cost && a > first))
        })
    }

    /// A lower bound on what any plan from `start` costs, as [`least_cost`](Self::least_cost),
    /// but dearer to work out and closer to the truth: the least over the first steps of what
    /// each costs and what must follow it (with the extras that stay the same on the way).
    pub fn least_cost_ahead(&self, start: &State) -> Option<u64> {
        self.first_steps(start, |met, bounds| match met {
            true => Some(0),
            false => bounds.iter().copied().min().filter(|&b| b < DEAD_END),
        })
    }

    /// `answer` of whether the goal is met at `start`, and of a lower bound on the plans that
    /// begin with each action ([`DEAD_END`] where it does not apply or changes nothing).
    fn first_steps<R>(&self, start: &State, answer: impl FnOnce(bool, &[u64]) -> R) -> R {
        MEMORY.with_borrow_mut(|memory| {
            let Memory { search, projected, .. } = memory;
            self.project(start, projected);
            let work = || Answer::FirstSteps {
                met: self.problem.meets_goal(projected),
                bounds: self.first_step_bounds(&mut search.states, projected),
            };
            match self.recall(Asking::FirstSteps, projected, work) {
                Answer::FirstSteps { met, bounds } => answer(met, &bounds),
                _ => unreachable!("first steps are remembered as bounds"),
            }
        })
    }

    /// For each action `a`, a lower bound on the plans from `start` that begin with it: its own
    /// cost and the larger of the search's estimate after it and [`Lookahead::fixed_costs`].
    fn first_step_bounds(&self, states: &mut States, start: &[Value]) -> Bounds {
        let question = Question {
            problem: &self.problem,
            heuristic: self.heuristic(),
            fast: self.fast,
            fewest_steps: false,
        };
        let (h, lookahead) = (question.estimate(start), &self.lookahead);
        states.reset(start, question.width());
        let mut fixed = None; // the fixed extras, worked out once some step needs them
        let mut bounds = Bounds::new();
        for a in 0..self.problem.len() {
            if !states.successor(&self.problem, 0, a) {
                bounds.push(DEAD_END);
                continue;
            }
            let (after, cost) =
                (question.estimate_after(a, h, states.get(1)), states.cost(&self.problem, 0, a));
            let mut bound = if after == DEAD_END { DEAD_END } else { cost.saturating_add(after) };
            if bound < DEAD_END {
                let fixed = fixed.get_or_insert_with(|| lookahead.fixed_extras(&self.problem, start));
                let rest = lookahead.fixed_costs(&self.problem, |slot| states.value(1, slot), fixed);
                bound = bound.max(cost.saturating_add(rest));
            }
            states.discard_last();
            bounds.push(bound);
        }
        bounds
    }
}

/// Each action's bound on the plans that begin with it.
pub(super) type Bounds = SmallVec<[u64; 8]>;

/// What looking one step ahead needs of a problem, worked out once.
#[derive(Clone, Debug)]
pub(crate) struct Lookahead {
    /// Each goal condition's helpers: an action changing its fact, and how.
    helpers: Vec<SmallVec<[(usize, Delta); 4]>>,
    /// Each helper's extra costs' tables by slots no action changes (a line it waits in, say).
    fixed: SmallVec<[(usize, usize); 8]>,
}

impl Lookahead {
    pub fn new(problem: &Compiled) -> Self {
        let mut moved = vec![false; problem.slots.len()];
        problem.actions().flat_map(|a| a.deltas).for_each(|&(slot, _)| moved[usize::from(slot)] = true);
        let helpers: Vec<SmallVec<[(usize, Delta); 4]>> = (problem.goal.iter())
            .map(|c| {
                (0..problem.len()).filter_map(|a| Some((a, problem.action(a).delta_on(c.slot)?))).collect()
            })
            .collect();
        let mut helping: SmallVec<[usize; 8]> = helpers.iter().flatten().map(|&(a, _)| a).collect();
        helping.sort_unstable();
        helping.dedup();
        let mut fixed = SmallVec::new();
        for a in helping {
            let tables = problem.action(a).extras.iter().map(|(slot, _, _)| slot).enumerate();
            fixed.extend(tables.filter(|&(_, slot)| !moved[usize::from(slot)]).map(|(t, _)| (a, t)));
        }
        Lookahead { helpers, fixed }
    }

    /// Each helper's extra cost by the slots no action changes: the same in every state a search
    /// from `start` meets.
    fn fixed_extras(&self, problem: &Compiled, start: &[Value]) -> SmallVec<[u64; 16]> {
        let mut extras: SmallVec<[u64; 16]> = smallvec::smallvec![0; problem.len()];
        for &(a, t) in &self.fixed {
            extras[a] += u64::from(problem.action(a).extras.extra(t, |slot| start[slot]));
        }
        extras
    }

    /// A lower bound on the cost to the goal from `state`: for each goal condition, its deficit
    /// closed by its cheapest helper per unit, each helper priced at its base and its `fixed`
    /// extra (the search's own estimate leaves extras out).
    fn fixed_costs(&self, problem: &Compiled, value: impl Fn(usize) -> Value, fixed: &[u64]) -> u64 {
        let condition = |(c, helpers): (&SlotCondition, &SmallVec<[(usize, Delta); 4]>)| {
            let need = c.need(value(c.slot as usize));
            let (Need::Up(deficit) | Need::Down(deficit) | Need::Away(deficit)) = need else { return 0 };
            let bound = |&(a, delta): &(usize, Delta)| {
                let cost = u64::from(problem.action(a).cost) + fixed[a];
                match delta.sets() {
                    Some(_) => Some(cost),
                    None => delta.step(need).map(|step| uses(deficit, cost, step)),
                }
            };
            helpers.iter().filter_map(bound).min().unwrap_or(0)
        };
        problem.goal.iter().zip(&self.helpers).map(condition).max().unwrap_or(0)
    }
}

/// What bounds how many states a search can meet before its plans cost more than a given price
/// (docs/planner.md, "Within the budget").
#[derive(Clone, Debug)]
pub(crate) struct Horizon {
    /// The least an action costs (extras only add to it); 0 bounds nothing.
    cheapest: u64,
    /// How many different sets of additions to the slots only added to the actions make.
    kinds: u64,
    /// How many values each slot that is set holds before any addition: the values it is set to
    /// and the start's; and whether it is added to as well.
    placed: Vec<(u64, bool)>,
    /// The most one action moves a slot.
    step: u64,
}

impl Horizon {
    pub fn new(problem: &Compiled) -> Self {
        let slots = problem.slots.len();
        let (mut sets, mut added) = (vec![Vec::<Value>::new(); slots], vec![false; slots]);
        for action in problem.actions() {
            for &(slot, delta) in action.deltas {
                sets[usize::from(slot)].extend(delta.sets());
                added[usize::from(slot)] |= delta.adds().is_some_and(|k| k != 0);
            }
        }
        let mut additions: Vec<SmallVec<[(u16, i64); 4]>> = Vec::new();
        let mut step = 0u64;
        for action in problem.actions() {
            let only_added = |&&(slot, _): &&(u16, Delta)| sets[usize::from(slot)].is_empty();
            let mut adds: SmallVec<[(u16, i64); 4]> = (action.deltas.iter().filter(only_added))
                .filter_map(|&(slot, delta)| Some((slot, delta.adds().filter(|&k| k != 0)?)))
                .collect();
            adds.sort_unstable();
            if !adds.is_empty() && !additions.contains(&adds) {
                additions.push(adds);
            }
            // Every change an action makes, added up: no value on the way is further away.
            step = step.max(action.effects.iter().map(|&(_, _, v)| i64::from(v).unsigned_abs()).sum());
        }
        let placed = (sets.iter_mut().zip(&added))
            .filter(|(values, _)| !values.is_empty())
            .map(|(values, &added)| {
                values.sort_unstable();
                values.dedup();
                (values.len() as u64 + 1, added)
            })
            .collect();
        let cheapest = problem.actions().map(|a| u64::from(a.cost)).min().unwrap_or(0);
        Horizon { cheapest, kinds: additions.len() as u64, placed, step }
    }

    /// At most how many states a search from `start` meets whose path there costs no more than
    /// `upper` (`u64::MAX`: no bound).
    pub fn states_within(&self, start: &[Value], upper: u64) -> u64 {
        if self.cheapest == 0 {
            return u64::MAX;
        }
        let depth = upper / self.cheapest;
        // Additions that could saturate would depend on their order.
        let widest = start.iter().map(|v| i64::from(*v).unsigned_abs()).max().unwrap_or(0);
        let reach = depth.checked_mul(self.step).and_then(|r| r.checked_add(widest));
        if reach.is_none_or(|r| r >= Value::MAX as u64) {
            return u64::MAX;
        }
        // Multisets of at most `depth` additions of `kinds` kinds: (depth + kinds choose kinds).
        let mut states: u64 = 1;
        for i in 1..=self.kinds {
            // Widened only where the product overflows (a division of 128 bits is dear).
            states = match depth.checked_add(i).and_then(|n| states.checked_mul(n)) {
                Some(product) => product / i,
                None => match u64::try_from(
                    u128::from(states) * (u128::from(depth) + u128::from(i)) / u128::from(i),
                ) {
                    Ok(states) => states,
                    Err(_) => return u64::MAX,
                },
            };
        }
        for &(values, added) in &self.placed {
            let moved = if added { 2 * depth * self.step + 1 } else { 1 };
            states = states.saturating_mul(values).saturating_mul(moved);
        }
        states
    }
}
