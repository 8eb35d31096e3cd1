//! What the planner's model gained once operators had one owner: `!=` in conditions, and an
//! action whose cost depends on the value of one fact where it is taken.

use goap_town::planner::{Action, Condition, Effect, NoPlan, Planner, State};
use goap_town::scenario::{FactTable, Scope};

/// Both ways a planner can answer — with its fast paths and plainly — give this plan.
fn plan_both_ways(actions: &[Action], goal: &[Condition], start: &State) -> (Vec<u32>, u64) {
    let first = Planner::new(actions, goal).plan(start, 5000).expect("a plan");
    let plain = Planner::new(actions, goal).plain().plan(start, 5000).expect("a plan");
    assert_eq!((&first.steps, first.cost), (&plain.steps, plain.cost));
    (first.steps.to_vec(), first.cost)
}

#[test]
fn a_differs_condition_is_met_by_moving_the_fact_either_way() {
    let mut facts = FactTable::default();
    let place = facts.intern(Scope::Agent, "place");
    let actions = [
        Action::new("walkUp", 2).does(Effect::add(place, 1)),
        Action::new("walkDown", 1).does(Effect::subtract(place, 1)),
    ];
    let goal = [Condition::differs(place, 0)];
    assert_eq!(plan_both_ways(&actions, &goal, &State::zeros(1)), (vec![1], 1));
    // Already elsewhere: nothing to do.
    assert_eq!(plan_both_ways(&actions, &goal, &State::from(vec![4])), (vec![], 0));
    assert_eq!(facts.condition(&goal[0]), "agent.place != 0");
}

#[test]
fn a_differs_precondition_gates_an_action() {
    let mut facts = FactTable::default();
    let (place, water) = (facts.intern(Scope::Agent, "place"), facts.intern(Scope::Agent, "water"));
    // Water can be drawn anywhere but at home (place 0).
    let actions = [
        Action::new("draw", 1).needs(Condition::differs(place, 0)).does(Effect::add(water, 1)),
        Action::new("goOut", 3).needs(Condition::exactly(place, 0)).does(Effect::set(place, 2)),
    ];
    let goal = [Condition::at_least(water, 2)];
    assert_eq!(plan_both_ways(&actions, &goal, &State::zeros(2)), (vec![1, 0, 0], 5));
    // Nothing can leave home when going out is gone: the planner says what blocks it.
    let why = Planner::new(&actions[..1], &goal).plan(&State::zeros(2), 5000).unwrap_err();
    assert_eq!(why, NoPlan::Unreachable { blocked: vec![Condition::differs(place, 0)] });
}

#[test]
fn an_extra_cost_by_where_one_stands_changes_the_cheapest_plan() {
    let mut facts = FactTable::default();
    let (place, water) = (facts.intern(Scope::Agent, "place"), facts.intern(Scope::Agent, "water"));
    // Drawing water costs 1 at the well (place 1) and 6 more anywhere else; walking there costs 2.
    let actions = [
        Action::new("draw", 1).does(Effect::add(water, 1)).costs_more_where(place, 0, 6),
        Action::new("walkToWell", 2).needs(Condition::exactly(place, 0)).does(Effect::set(place, 1)),
    ];
    let goal = [Condition::at_least(water, 1)];
    // One bucket: drawing where one stands (7) is dearer than walking first (2 + 1).
    assert_eq!(plan_both_ways(&actions, &goal, &State::zeros(2)), (vec![1, 0], 3));
    // With the extra at 1, drawing at once (2) is cheaper than walking (3).
    let cheap = [actions[0].clone().costs_more_where(place, 0, 1), actions[1].clone()];
    assert_eq!(plan_both_ways(&cheap, &goal, &State::zeros(2)), (vec![0], 2));
    assert_eq!(actions[0].cost_in(&State::zeros(2)), 7);
    assert_eq!(actions[0].cost_in(&State::from(vec![1, 0])), 1);
}

#[test]
fn an_extra_cost_makes_the_fact_it_reads_matter() {
    let mut facts = FactTable::default();
    let (place, done) = (facts.intern(Scope::Agent, "place"), facts.intern(Scope::Agent, "done"));
    // Only the extra cost reads `place`: the walk that changes it is still worth planning.
    let actions = [
        Action::new("walk", 1).does(Effect::set(place, 1)),
        Action::new("work", 1).does(Effect::set(done, 1)).costs_more_where(place, 0, 10),
    ];
    let goal = [Condition::at_least(done, 1)];
    assert_eq!(Planner::new(&actions, &goal).relevant_actions(), 2);
    assert_eq!(plan_both_ways(&actions, &goal, &State::zeros(2)), (vec![0, 1], 2));
}
