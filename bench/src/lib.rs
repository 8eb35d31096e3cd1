//! The planner benchmark's problems ([`goap_town::testing::problems`]), each also expressed for
//! dogoap 0.5.

use dogoap::prelude as dg;
use goap_town::planner::{Change, Compare, Condition};
pub use goap_town::testing::problems::{Problem, problems};

/// The same problem in dogoap's terms: every fact an `I64` datum (dogoap panics on missing
/// keys), every action one effect carrying its cost (dogoap has no costs that depend on the state).
pub fn to_dogoap(p: &Problem) -> (dg::LocalState, Vec<dg::Action>, dg::Goal) {
    assert!(
        p.actions.iter().all(|a| a.extra_costs.is_empty()),
        "{}: dogoap cannot price by the state",
        p.name
    );
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
