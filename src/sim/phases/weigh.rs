//! One villager's decision at a safe point, in its parts: which goals to plan, the plan it
//! follows priced, every goal that could win planned, and each goal's row of the decision table.
//! [`deliberate`](super::deliberate) weighs every villager due, on any thread;
//! [`decide`](super::decide) then chooses among what each found, in roster order.
//!
//! Scores are `insistence − cost_weight × cost`. Where [`Shortcuts::skipped_goals`] allows, a goal
//! is planned only if its *ceiling* — its insistence less the cost of the cheapest plan it could
//! have — could still win; where [`Shortcuts::followed_plans`] allows, the plan being followed is
//! priced by following it and kept without a search when no rival's ceiling could overtake it.

use crate::planner::{NoPlan, Plan, Planner, State, Value};
use crate::scenario::{self, Drift};
use crate::sim::options::{Shortcuts, SimOptions};
use crate::sim::phases::due::{Choice, Found};
use crate::sim::state::goals::{Goals, Verdict};
use crate::sim::state::planners::{CharacterPlanners, partial_target};
use crate::sim::state::table::{GoalRow, RowResult};
use crate::sim::state::timing::PlanTimes;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Deliberation, Intent, Villager, digest};
use smallvec::SmallVec;
use std::time::Instant;

/// What a villager weighs its goals with, gathered once a decision.
pub(crate) struct Weighing<'a> {
    town: &'a Town,
    character: &'a scenario::Character,
    planners: CharacterPlanners<'a>,
    view: &'a State,
    /// Standing off every station and its start: what walking to each task costs from there.
    afar: Option<&'a [Option<u32>]>,
    loudness: &'a [f32],
    /// The goal it pursues, if any.
    pursued: Option<usize>,
    number: usize,
    shortcuts: Shortcuts,
    time_plans: bool,
}

/// The goals a decision plans ([`Weighing::goals_to_plan`]).
struct ToPlan {
    /// Unmet and loud enough, in goal order.
    goals: SmallVec<[usize; 8]>,
    /// A need was left out as too quiet: it may grow loud while the view stands.
    quiet: bool,
}

/// What planning found: the best plan (the first of the highest score), and the pursued goal's.
#[derive(Default)]
struct Plans {
    best: Option<Choice>,
    incumbent: Option<Choice>,
}

/// Who is weighing: the villager, the goal it pursues, the plan it may follow (and whether it
/// stands in line for its next step), and how loudly each goal asks.
pub(crate) type Asked<'a> = (&'a Villager, Option<usize>, Option<(&'a Intent, bool)>, &'a [f32]);

/// Plans the goals of one villager from `view` and files what it found in `found`: the plans
/// that can win, its table's rows where tables are kept; its goals' verdicts and deliberation
/// updated.
pub(crate) fn weigh(
    town: &Town,
    options: &SimOptions,
    found: &mut Found,
    (villager, pursued, following, loudness): Asked,
    (view, afar): (&State, Option<&[Option<u32>]>),
    goals: &mut Goals,
    deliberation: &mut Deliberation,
) {
    let c = villager.index();
    let weighing = Weighing {
        town,
        character: &town.scenario.characters[c],
        planners: town.planners(c, view),
        view,
        afar,
        loudness,
        pursued,
        number: villager.number(),
        shortcuts: options.shortcuts,
        time_plans: options.time_plans,
    };
    deliberation.resting = weighing.resting();
    // Nothing changed since every goal failed: the searches would fail the same way, so a town
    // of blocked villagers does not spend its steps searching again, and their verdicts stand.
    let hopeless = deliberation.hopeless.is_some_and(|failed| failed == digest(view));
    if weighing.shortcuts.skipped_goals && hopeless && !deliberation.resting {
        return;
    }
    for live in &mut goals.0 {
        live.verdict = Verdict::NotPlanned;
    }
    let mut rows = found.keep_tables.then(|| weighing.first_rows());
    if !deliberation.resting {
        let to_plan = weighing.goals_to_plan();
        // Its plan was priced from a station: from where it stopped, it is planned again.
        let followed = following.filter(|_| weighing.shortcuts.followed_plans && afar.is_none());
        let plans = match followed.and_then(|f| weighing.follow(f, &to_plan.goals)) {
            Some(kept) => weighing.keep(kept, &to_plan.goals, goals, rows.as_mut()),
            None => weighing.plan_them(&to_plan.goals, goals, rows.as_mut(), &mut found.times),
        };
        debug_assert!(!hopeless || plans.best.is_none(), "a hopeless view found a plan");
        // A failure that a goal growing loud may end is not one to sleep on or skip searches for.
        deliberation.hopeless = (plans.best.is_none() && !to_plan.quiet).then(|| digest(view));
        let incumbent = plans.incumbent.filter(|i| plans.best.as_ref().is_some_and(|b| b.goal != i.goal));
        found.choices.extend(plans.best.into_iter().chain(incumbent));
    }
    if let Some(rows) = rows {
        found.rows.push((weighing.number, rows));
    }
}

impl Weighing<'_> {
    fn goal(&self, g: usize) -> &scenario::Goal {
        &self.character.goals[g]
    }

    fn met(&self, g: usize) -> bool {
        self.goal(g).conditions.iter().all(|c| c.holds_in(self.view))
    }

    fn score(&self, g: usize, cost: u64) -> f32 {
        self.loudness[g] - self.town.scenario.settings.cost_weight * scenario::cost_value(cost) as f32
    }

    fn loud(&self, g: usize) -> bool {
        self.loudness[g] >= self.town.scenario.settings.rest_threshold
    }

    /// It rests when every unmet goal is quieter than the rest threshold.
    fn resting(&self) -> bool {
        !(0..self.character.goals.len()).any(|g| self.loud(g) && !self.met(g))
    }

    /// Every unmet goal is planned but a need quieter than the rest threshold: nobody eats before
    /// they are hungry (a quota's work is there to do, however softly it asks).
    fn goals_to_plan(&self) -> ToPlan {
        let need = |g: usize| matches!(self.goal(g).drift, Drift::Need { .. });
        let (mut goals, mut quiet) = (SmallVec::new(), false);
        for g in (0..self.character.goals.len()).filter(|&g| !self.met(g)) {
            match self.loud(g) || !need(g) {
                true => goals.push(g),
                false => quiet = true,
            }
        }
        ToPlan { goals, quiet }
    }

    /// Each goal's row as it stands before anything is planned: met, or too quiet.
    fn first_rows(&self) -> Vec<GoalRow> {
        let row = |g: usize| {
            let result = if self.met(g) { RowResult::Met } else { RowResult::Quiet };
            GoalRow { goal: g as u16, insistence: self.loudness[g], result }
        };
        (0..self.character.goals.len()).map(row).collect()
    }

    /// The best score goal `g`'s plan could reach: its insistence less what its cheapest possible
    /// plan would cost (the pursued goal's is unbounded: its plan is wanted whatever it scores,
    /// for the hysteresis).
    fn ceiling(&self, g: usize) -> f32 {
        if self.pursued == Some(g) {
            return f32::INFINITY;
        }
        let least = self.easiest(g).least_cost(self.view);
        least.map_or(f32::NEG_INFINITY, |cost| self.score(g, cost))
    }

    /// A ceiling closer to the truth than [`ceiling`](Self::ceiling), and dearer to work out.
    fn closer_ceiling(&self, g: usize) -> f32 {
        let least = self.easiest(g).least_cost_ahead(self.view);
        least.map_or(f32::NEG_INFINITY, |cost| self.score(g, cost))
    }

    /// The planner that answers most cheaply for a lower bound on goal `g`'s plans: for a quota
    /// that may be met in part, the one for the least part still unmet (no plan for the whole,
    /// nor for more of it, costs less).
    fn easiest(&self, g: usize) -> &Planner {
        let next = partial_target(self.goal(g)).map(|c| self.view.get(c.fact).saturating_add(1));
        next.and_then(|m| self.planners.part(g, m)).unwrap_or_else(|| self.planners.whole(g))
    }

    /// The plan being followed, priced from above by following it, where its search would surely
    /// find a plan: kept when no other goal could lead even that price by the hysteresis — and
    /// in line, only where the new plan would surely begin at the station it waits at. Then
    /// `decide` keeps the goal and the plan whatever the searches would have found, so they are
    /// not made.
    fn follow(&self, (intent, in_line): (&Intent, bool), unmet: &[usize]) -> Option<Choice> {
        let g = intent.goal().filter(|g| unmet.contains(g))?;
        let settings = &self.town.scenario.settings;
        let steps: SmallVec<[usize; 8]> = intent.plan().skip(intent.step()).collect();
        let cost = self.planners.whole(g).follow(self.view, &steps, settings.planner_budget)?;
        let score = self.score(g, cost);
        // No ceiling is above how loudly its goal asks (costs weigh nothing or more), so a goal
        // too quiet to lead is not priced at all; one whose quick ceiling would lead is looked
        // at more closely.
        let leads = |bound: f32| overtakes(bound, score, settings.hysteresis);
        let could_lead = |o: usize| o != g && leads(self.loudness[o]) && leads(self.ceiling(o));
        if unmet.iter().any(|&o| could_lead(o) && leads(self.closer_ceiling(o))) {
            return None;
        }
        // In line, the new plan must begin where it stands: looked at last, as the dearest.
        if in_line && !self.planners.whole(g).begins_with(self.view, steps[0], cost) {
            return None;
        }
        let plan = steps.iter().map(|&t| t as u32).collect();
        Some(Choice {
            number: self.number,
            goal: g,
            score,
            plan,
            cost,
            expanded: 0,
            part: None,
            followed: true,
        })
    }

    /// The followed plan `kept` is what this decision found: its goal planned, every other left
    /// out as unable to overtake it.
    fn keep(
        &self,
        kept: Choice,
        unmet: &[usize],
        goals: &mut Goals,
        rows: Option<&mut Vec<GoalRow>>,
    ) -> Plans {
        goals.0[kept.goal].verdict = Verdict::Planned;
        if let Some(rows) = rows {
            for &g in unmet {
                rows[g].result = RowResult::LeftOut { ceiling: self.ceiling(g) };
            }
            let (steps, cost, score) = (kept.plan.clone(), kept.cost, kept.score);
            rows[kept.goal].result = RowResult::Plan { steps, cost, score, part: None };
        }
        Plans { best: Some(kept), incumbent: None }
    }

    /// Plans every goal of `unmet` that could win — the pursued goal first, then the others by
    /// their ceilings, so that once a plan is found the goals whose plan could not beat it, or
    /// could not lead the pursued goal's by the hysteresis, are left unplanned.
    fn plan_them(
        &self,
        unmet: &[usize],
        goals: &mut Goals,
        mut rows: Option<&mut Vec<GoalRow>>,
        times: &mut PlanTimes,
    ) -> Plans {
        let skip = self.shortcuts.skipped_goals;
        let mut order: SmallVec<[(usize, f32); 8]> =
            unmet.iter().map(|&g| (g, if skip { self.ceiling(g) } else { f32::INFINITY })).collect();
        let pursued_last = |g: usize| self.pursued != Some(g);
        order.sort_by(|a, b| pursued_last(a.0).cmp(&pursued_last(b.0)).then(b.1.total_cmp(&a.1)));
        let mut plans = Plans::default();
        for (g, ceiling) in order {
            if skip && self.pursued != Some(g) && !plans.could_win(g, ceiling, self.hysteresis()) {
                if let Some(rows) = rows.as_deref_mut() {
                    rows[g].result = RowResult::LeftOut { ceiling };
                }
                continue;
            }
            let started = (self.time_plans && times.count_one()).then(Instant::now);
            let (result, part) = self.plan_goal(g);
            if let Some(started) = started {
                times.record(started.elapsed().as_nanos() as u64);
            }
            let row = rows.as_deref_mut().map(|rows| &mut rows[g].result);
            match result {
                Ok(plan) => {
                    goals.0[g].verdict = Verdict::Planned;
                    let choice = self.choice(g, plan, part);
                    let (cost, score) = (choice.cost, choice.score);
                    debug_assert!(score <= ceiling, "a plan scored {score} above its ceiling {ceiling}");
                    if let Some(row) = row {
                        *row = RowResult::Plan { steps: choice.plan.clone(), cost, score, part };
                    }
                    plans.add(choice, self.pursued);
                }
                Err(why) => {
                    let blocked = match &why {
                        NoPlan::Unreachable { blocked } => blocked.first().copied(),
                        _ => None,
                    };
                    goals.0[g].verdict = match why {
                        NoPlan::Budget { .. } => Verdict::OverBudget,
                        _ => Verdict::NoPlan { blocked },
                    };
                    if let Some(row) = row {
                        *row = RowResult::NoPlan { why: why.kind(), blocked };
                    }
                }
            }
        }
        plans
    }

    /// `planner`'s plan from the view: where the villager stands off every station, its first
    /// walk priced from there (a lower bound, [`ceiling`](Self::ceiling), needs no such care:
    /// walking from there costs no less than nothing).
    fn search(&self, planner: &Planner) -> Result<Plan, NoPlan> {
        let budget = self.town.scenario.settings.planner_budget;
        match self.afar {
            None => planner.plan(self.view, budget),
            Some(walks) => planner.plan_afar(self.planners.actions(), self.view, budget, |a| walks[a]),
        }
    }

    fn hysteresis(&self) -> f32 {
        self.town.scenario.settings.hysteresis
    }

    fn choice(&self, g: usize, plan: Plan, part: Option<Value>) -> Choice {
        let score = self.score(g, plan.cost);
        let steps = plan.steps.iter().copied().collect();
        let (number, cost, expanded) = (self.number, plan.cost, plan.expanded);
        Choice { number, goal: g, score, plan: steps, cost, expanded, part, followed: false }
    }

    /// Plans for goal `g`; when the whole of a quota that may be met in part is out of reach (the
    /// search tried every state), for as much of it as can be reached now: the part planned for
    /// (`fact >= part`) comes with the plan.
    fn plan_goal(&self, g: usize) -> (Result<Plan, NoPlan>, Option<Value>) {
        let view = self.view;
        let whole = self.search(self.planners.whole(g));
        let (Err(NoPlan::Exhausted { .. }), Some(target)) = (&whole, partial_target(self.goal(g))) else {
            return (whole, None);
        };
        let mut most = None;
        for part in view.get(target.fact).saturating_add(1).max(1)..target.value {
            match self.planners.part(g, part).map(|planner| self.search(planner)) {
                Some(Ok(plan)) => most = Some((plan, part)),
                _ => break,
            }
        }
        match most {
            Some((plan, part)) => (Ok(plan), Some(part)),
            None => (whole, None),
        }
    }
}

impl Plans {
    /// Whether a plan for goal `g` scoring at most `ceiling` could still be chosen: beat the best
    /// so far, and lead the pursued goal's by the hysteresis (`decide` keeps the pursued plan
    /// otherwise, whichever is best).
    fn could_win(&self, g: usize, ceiling: f32, hysteresis: f32) -> bool {
        let beats_best = self.best.as_ref().is_none_or(|b| beats((ceiling, g), b));
        let leads = self.incumbent.as_ref().is_none_or(|i| overtakes(ceiling, i.score, hysteresis));
        beats_best && leads
    }

    fn add(&mut self, choice: Choice, pursued: Option<usize>) {
        if pursued == Some(choice.goal) {
            self.incumbent = Some(choice.clone());
        }
        if self.best.as_ref().is_none_or(|b| beats((choice.score, choice.goal), b)) {
            self.best = Some(choice);
        }
    }
}

/// Whether a plan scoring `challenger` takes over from the pursued goal's, scoring `pursued`:
/// only by leading it by more than the hysteresis (deliberation leaves out what could not).
pub(crate) fn overtakes(challenger: f32, pursued: f32, hysteresis: f32) -> bool {
    challenger > pursued + hysteresis
}

/// Whether goal `g`'s plan scoring `score` beats `best`: of equal scores the first goal wins, as
/// the goals are written.
fn beats((score, g): (f32, usize), best: &Choice) -> bool {
    score > best.score || (score == best.score && g < best.goal)
}
