//! The planner benchmark's problems, each expressed for goap-town's planner and for dogoap 0.5.

use dogoap::prelude as dg;
use goap_town::planner::{Action, Change, Compare, Condition, Effect, FactTable, Scope, State};
use goap_town::scenario;

/// One planning question: start, actions, goal, and the fact names dogoap needs as keys.
pub struct Problem {
    pub name: String,
    pub facts: FactTable,
    pub actions: Vec<Action>,
    pub goal: Vec<Condition>,
    pub start: State,
}

/// Every problem of the comparison, in the order the table prints them.
pub fn problems() -> Vec<Problem> {
    let mut all = vec![
        from_scenario("cook", "cook.ron", "cook", "fed"),
        from_scenario("soldier-kill", "soldier.ron", "soldier", "killPlayer"),
        from_scenario("soldier-survive", "soldier.ron", "soldier", "survive"),
        from_scenario("miner", "miner.ron", "miner", "deliver"),
        logs(),
    ];
    for length in [10, 20, 40] {
        for distractors in [0, 10, 30] {
            all.push(chain(length, distractors));
        }
    }
    all
}

fn from_scenario(name: &str, file: &str, character: &str, goal: &str) -> Problem {
    let s = scenario::parse(scenario::shipped(file).expect("shipped"), file).expect("valid shipped scenario");
    let c = s.character_index(character).expect("character");
    let goal = s.characters[c].goals.iter().find(|g| g.id == goal).expect("goal").conditions.clone();
    Problem {
        name: name.into(),
        actions: s.planning_actions(c),
        goal,
        start: s.start_state(c),
        facts: s.facts,
    }
}

/// `logs >= 8`: chop +1 (cost 1); chopWithAxe +2 (cost 1, needs hasAxe); getAxe (cost 2).
/// The optimum is getAxe + 4 × chopWithAxe, cost 6.
fn logs() -> Problem {
    let mut facts = FactTable::default();
    let logs = facts.intern(Scope::Agent, "logs");
    let axe = facts.intern(Scope::Agent, "hasAxe");
    let actions = vec![
        Action::new("chop", 1).does(Effect::add(logs, 1)),
        Action::new("chopWithAxe", 1).needs(Condition::at_least(axe, 1)).does(Effect::add(logs, 2)),
        Action::new("getAxe", 2).needs(Condition::exactly(axe, 0)).does(Effect::set(axe, 1)),
    ];
    let start = State::zeros(facts.len());
    Problem { name: "logs>=8".into(), facts, actions, goal: vec![Condition::at_least(logs, 8)], start }
}

/// Action i needs `step(i-1) >= 1` and sets `step(i) = 1`; K distractors each set `noise(j) = 1`.
fn chain(length: usize, distractors: usize) -> Problem {
    let mut facts = FactTable::default();
    let steps: Vec<_> = (0..=length).map(|i| facts.intern(Scope::Agent, &format!("step{i}"))).collect();
    let mut actions = Vec::new();
    for i in 1..=length {
        let mut a = Action::new(format!("step{i}"), 1).does(Effect::set(steps[i], 1));
        if i > 1 {
            a = a.needs(Condition::at_least(steps[i - 1], 1));
        }
        actions.push(a);
    }
    for j in 0..distractors {
        let noise = facts.intern(Scope::Agent, &format!("noise{j}"));
        actions.push(Action::new(format!("noise{j}"), 1).does(Effect::set(noise, 1)));
    }
    let start = State::zeros(facts.len());
    Problem {
        name: format!("chain{length}/K{distractors}"),
        facts,
        actions,
        goal: vec![Condition::at_least(steps[length], 1)],
        start,
    }
}

/// The same problem in dogoap's terms: every fact an `I64` datum (dogoap panics on missing
/// keys), every action one effect carrying its cost.
pub fn to_dogoap(p: &Problem) -> (dg::LocalState, Vec<dg::Action>, dg::Goal) {
    let key = |c: goap_town::planner::FactId| p.facts.qualified(c);
    let compare = |c: &Condition| {
        let v = dg::Datum::I64(i64::from(c.value));
        match c.compare {
            Compare::AtLeast => dg::Compare::GreaterThanEquals(v),
            Compare::AtMost => dg::Compare::LessThanEquals(v),
            Compare::Exactly => dg::Compare::Equals(v),
            Compare::Differs => dg::Compare::NotEquals(v),
        }
    };
    let mut start = dg::LocalState::new();
    for id in p.facts.ids() {
        start = start.with_datum(&key(id), dg::Datum::I64(i64::from(p.start.get(id))));
    }
    let actions = p
        .actions
        .iter()
        .map(|a| {
            let mutators = a
                .effects
                .iter()
                .map(|e| {
                    let v = dg::Datum::I64(i64::from(e.value));
                    match e.change {
                        Change::Set => dg::Mutator::Set(key(e.fact), v),
                        Change::Add => dg::Mutator::Increment(key(e.fact), v),
                        Change::Subtract => dg::Mutator::Decrement(key(e.fact), v),
                    }
                })
                .collect();
            let effect = dg::Effect {
                action: a.name.clone(),
                mutators,
                state: dg::LocalState::new(),
                cost: a.cost as usize,
            };
            let mut action = dg::Action::new(&a.name).with_effect(effect);
            for c in &a.preconditions {
                action = action.with_precondition(&key(c.fact), compare(c));
            }
            action
        })
        .collect();
    let mut goal = dg::Goal::new();
    for c in &p.goal {
        goal = goal.with_req(&key(c.fact), compare(c));
    }
    (start, actions, goal)
}

/// dogoap's answer: (plan length, cost), or `None` without a plan.
pub fn dogoap_plan(
    start: &dg::LocalState,
    actions: &[dg::Action],
    goal: &dg::Goal,
) -> Option<(usize, usize)> {
    dg::make_plan(start, actions, goal).map(|(nodes, cost)| (dg::get_effects_from_plan(nodes).len(), cost))
}
