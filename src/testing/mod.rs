//! Test support shared by the planner's unit tests, the integration tests and the benchmark:
//! random planning domains ([`Shape`] and the town-like families), the exhaustive reference
//! searches they are checked against ([`reference`](mod@reference)), and the benchmark's and the golden dump's
//! questions ([`problems`]). Domains are drawn from a seed, so a failing case is its seed.

pub mod problems;
pub mod reference;

use crate::planner::{Action, Change, Compare, Condition, Effect, FactId, State, Value};
use crate::random::SplitMix64;
use std::ops::Range;

/// A planning question: actions, a goal and a start.
#[derive(Clone, Debug)]
pub struct Domain {
    pub actions: Vec<Action>,
    pub goal: Vec<Condition>,
    pub start: State,
}

/// What a random domain is made of; ranges are half-open, chances in percent.
#[derive(Clone, Debug)]
pub struct Shape {
    pub facts: u16,
    pub actions: Range<usize>,
    pub goal: Range<usize>,
    pub needs: Range<usize>,
    pub effects: Range<usize>,
    pub costs: Range<u32>,
    pub thresholds: Range<i32>,
    pub amounts: Range<i32>,
    pub starts: Range<i32>,
    /// Actions whose cost has an extra by the value of one fact (`0..3` → `0..4` more).
    pub extra_costs: u32,
    /// Actions costing far more than the rest (200,000 to 2,000,000).
    pub big_costs: u32,
    /// Start values drawn from −40..40 instead of `starts`.
    pub wide_starts: u32,
}

impl Shape {
    /// Small domains over four facts, every comparison and change, some extra costs.
    pub const SMALL: Shape = Shape {
        facts: 4,
        actions: 1..7,
        goal: 1..3,
        needs: 0..3,
        effects: 1..3,
        costs: 0..5,
        thresholds: -1..4,
        amounts: 0..3,
        starts: 0..3,
        extra_costs: 30,
        big_costs: 0,
        wide_starts: 0,
    };

    /// Wider values over five facts, for the estimate's checks.
    pub const WIDE: Shape = Shape {
        facts: 5,
        actions: 1..9,
        thresholds: -3..6,
        amounts: -2..5,
        costs: 0..4,
        effects: 1..2,
        extra_costs: 0,
        ..Shape::SMALL
    };

    /// Now and then huge costs and starts far out, for the packed search's ranges.
    pub const PACKED: Shape = Shape {
        facts: 5,
        actions: 1..12,
        thresholds: -3..6,
        amounts: -2..5,
        costs: 0..4,
        effects: 1..4,
        extra_costs: 20,
        big_costs: 8,
        wide_starts: 11,
        ..Shape::SMALL
    };

    pub fn domain(&self, rng: &mut SplitMix64) -> Domain {
        let actions = (0..between(rng, &self.actions)).map(|_| self.action(rng)).collect();
        let goal = (0..between(rng, &self.goal)).map(|_| self.condition(rng)).collect();
        let start = (0..self.facts)
            .map(|_| {
                if chance(rng, self.wide_starts) {
                    between(rng, &(-40..40))
                } else {
                    between(rng, &self.starts)
                }
            })
            .collect::<Vec<Value>>();
        Domain { actions, goal, start: State::from(start) }
    }

    fn fact(&self, rng: &mut SplitMix64) -> FactId {
        FactId(rng.below(usize::from(self.facts)) as u16)
    }

    pub fn condition(&self, rng: &mut SplitMix64) -> Condition {
        let compare = *rng.pick(&Compare::ALL);
        Condition { fact: self.fact(rng), compare, value: between(rng, &self.thresholds) }
    }

    pub fn effect(&self, rng: &mut SplitMix64) -> Effect {
        let change = *rng.pick(&Change::ALL);
        Effect { fact: self.fact(rng), change, value: between(rng, &self.amounts) }
    }

    pub fn action(&self, rng: &mut SplitMix64) -> Action {
        let cost = if chance(rng, self.big_costs) {
            between(rng, &(200_000..2_000_000))
        } else {
            between(rng, &self.costs)
        };
        let mut action = Action::new("", cost);
        action.preconditions = (0..between(rng, &self.needs)).map(|_| self.condition(rng)).collect();
        action.effects = (0..between(rng, &self.effects)).map(|_| self.effect(rng)).collect();
        // Extras by one fact's value, and sometimes by a second fact's too (they add up).
        for _ in 0..2 {
            if chance(rng, self.extra_costs) {
                let fact = self.fact(rng);
                for _ in 0..between(rng, &(1..3)) {
                    action = action.costs_more_where(fact, between(rng, &(0..3)), between(rng, &(0..4)));
                }
            }
        }
        action
    }
}

/// [`Shape::SMALL`] domains rich in equally cheap plans — costs of 1 or 2 (extras only add),
/// some actions listed twice — so that "the first of the cheapest plans in action order" is a
/// plan that never visits a state twice.
pub fn tied(rng: &mut SplitMix64) -> Domain {
    let mut domain = Shape::SMALL.domain(rng);
    domain.actions.iter_mut().for_each(|a| a.cost = 1 + a.cost % 2);
    for _ in 0..rng.below(4) {
        let copy = rng.pick(&domain.actions).clone();
        let at = rng.below(domain.actions.len() + 1);
        domain.actions.insert(at, copy);
    }
    domain
}

/// Domains shaped like a town's: sources that make something from nothing, and producers that
/// need what others make, make one fact and may spend another — so the goal's helpers mostly
/// wait on preconditions that other actions bring about. The goal is `fact 0 >= 1..4`.
pub fn production(rng: &mut SplitMix64) -> Domain {
    const FACTS: usize = 5;
    let produce = |rng: &mut SplitMix64, facts: Range<usize>| {
        let (cost, fact, amount) = (between(rng, &(1..4)), between(rng, &facts), between(rng, &(1..3)));
        let effect = if chance(rng, 50) {
            Effect::set(FactId(fact as u16), amount)
        } else {
            Effect::add(FactId(fact as u16), amount)
        };
        Action::new("", cost).does(effect)
    };
    let mut actions: Vec<Action> = (0..between(rng, &(1..3))).map(|_| produce(rng, 1..FACTS)).collect();
    for _ in 0..between(rng, &(2..8)) {
        let mut action = produce(rng, 0..FACTS);
        let (used, spent) = (rng.below(FACTS) as u16, between(rng, &(0..2)));
        if spent > 0 {
            action = action.does(Effect::subtract(FactId(used), spent));
        }
        for _ in 0..between(rng, &(1..3)) {
            let (fact, n) = (between(rng, &(1..FACTS)), between(rng, &(1..3)));
            action = action.needs(Condition::at_least(FactId(fact as u16), n));
        }
        actions.push(action);
    }
    let goal = vec![Condition::at_least(FactId(0), between(rng, &(1..4)))];
    let mut start: Vec<Value> = (0..FACTS).map(|_| between(rng, &(0..2))).collect();
    start[0] = 0;
    Domain { actions, goal, start: State::from(start) }
}

/// Domains shaped like the miner's: refills set a stock when it runs dry, and conversions turn
/// one unit of a stock into one of another — bounded, so their whole state spaces can be checked.
pub fn conversion(rng: &mut SplitMix64) -> Domain {
    const FACTS: usize = 5;
    let mut actions = Vec::new();
    for _ in 0..between(rng, &(1..3)) {
        let (cost, fact, amount) =
            (between(rng, &(1..4)), FactId(between(rng, &(1..FACTS)) as u16), between(rng, &(1..4)));
        actions
            .push(Action::new("", cost).needs(Condition::exactly(fact, 0)).does(Effect::set(fact, amount)));
    }
    for _ in 0..between(rng, &(2..6)) {
        let cost = between(rng, &(1..4));
        let (from, to) = (FactId(between(rng, &(1..FACTS)) as u16), FactId(rng.below(FACTS) as u16));
        let convert =
            Action::new("", cost).needs(Condition::at_least(from, 1)).does(Effect::subtract(from, 1));
        actions.push(convert.does(Effect::add(to, 1)));
    }
    let goal = vec![Condition::at_least(FactId(0), between(rng, &(1..5)))];
    Domain { actions, goal, start: State::zeros(FACTS) }
}

/// Domains shaped like a day of errands: fact 0 is where one stands (−1 at the start, a station's
/// number after one action), every action is done at a station and sets it there, and walking
/// there costs an extra by where one comes from — now and then there is no way at all, a
/// precondition. Errands are facts 1 to 4, some spending a stock (fact 5) that loads at depots
/// refill, and now and then an action undoes an errand. The goal is some errands done.
pub fn errands(rng: &mut SplitMix64) -> Domain {
    const PLACE: FactId = FactId(0);
    const STOCK: FactId = FactId(5);
    let stations = between(rng, &(2..6));
    // What walking from each place (the start first) to each station costs; `None`: no way.
    let mut walks: Vec<Vec<Option<u32>>> = Vec::new();
    for from in -1..stations {
        let row = (0..stations).map(|to| match () {
            _ if from == to => Some(0),
            _ if chance(rng, 8) => None,
            _ => Some(between(rng, &(0..7))),
        });
        walks.push(row.collect());
    }
    let at = |rng: &mut SplitMix64, action: Action| {
        let station = between(rng, &(0..stations));
        let mut action = action.does(Effect::set(PLACE, station));
        for (from, walk) in (-1..stations).zip(&walks) {
            action = match walk[station as usize] {
                Some(0) => action,
                Some(extra) => action.costs_more_where(PLACE, from, extra),
                None => action.needs(Condition::differs(PLACE, from)),
            };
        }
        action
    };
    let mut actions = Vec::new();
    for errand in 1..5u16 {
        for _ in 0..between(rng, &(1..3)) {
            let mut action = Action::new("", between(rng, &(1..3))).does(Effect::set(FactId(errand), 1));
            if chance(rng, 50) {
                action = action.needs(Condition::at_least(STOCK, 1)).does(Effect::subtract(STOCK, 1));
            }
            actions.push(at(rng, action));
        }
    }
    for _ in 0..between(rng, &(1..3)) {
        let load = Action::new("", 1).needs(Condition::at_most(STOCK, 0)).does(Effect::set(STOCK, 2));
        actions.push(at(rng, load));
    }
    if chance(rng, 25) {
        let undo = Action::new("", 1).does(Effect::set(FactId(between(rng, &(1..5))), 0));
        actions.push(at(rng, undo));
    }
    let goal = (1..5).filter(|_| chance(rng, 60)).map(|e| Condition::at_least(FactId(e), 1));
    let mut goal: Vec<Condition> = goal.collect();
    if goal.is_empty() {
        goal.push(Condition::at_least(FactId(1), 1));
    }
    let mut start = State::zeros(6);
    start.set(PLACE, if chance(rng, 70) { -1 } else { between(rng, &(0..stations)) });
    start.set(STOCK, between(rng, &(0..2)));
    Domain { actions, goal, start }
}

/// A number in `range` (half-open, not empty).
pub fn between<T: TryFrom<i64> + TryInto<i64> + Copy>(rng: &mut SplitMix64, range: &Range<T>) -> T {
    let wide = |t: T| t.try_into().ok().expect("a number that fits i64");
    let (low, high) = (wide(range.start), wide(range.end));
    T::try_from(low + rng.below((high - low) as usize) as i64).ok().expect("within the range")
}

fn chance(rng: &mut SplitMix64, percent: u32) -> bool {
    percent > 0 && rng.below(100) < percent as usize
}
