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

/// A field (place 1) and a well (place 2), walked to from the start (0) and between each other
/// at the given extras; harvesting and drinking each cost 100 besides.
fn field_and_well(walks: [[u32; 3]; 2]) -> (Vec<Action>, [Condition; 1], usize) {
    let mut facts = FactTable::default();
    let place = facts.intern(Scope::Agent, "place");
    let harvested = facts.intern(Scope::Agent, "harvested");
    let drank = facts.intern(Scope::Agent, "drank");
    let walked = |mut action: Action, to: usize| {
        for (from, &extra) in walks[to].iter().enumerate() {
            action = action.costs_more_where(place, from as i32, extra);
        }
        action.does(Effect::set(place, to as i32 + 1))
    };
    let actions = vec![
        walked(Action::new("harvest", 100).does(Effect::add(harvested, 1)), 0),
        walked(Action::new("drink", 100).does(Effect::add(drank, 1)), 1),
    ];
    let relevant = Planner::new(&actions, &[Condition::at_least(harvested, 2)]).relevant_actions();
    (actions, [Condition::at_least(harvested, 2)], relevant)
}

#[test]
fn a_detour_no_cheapest_plan_takes_is_left_out_and_the_plan_stays() {
    // From the start (0), the field (1), the well (2): the field at 300 from the start, the well
    // 250 from it and 200 from the field — never a short cut.
    let (actions, goal, relevant) = field_and_well([[300, 0, 200], [250, 200, 0]]);
    assert_eq!(relevant, 1, "the drink is a detour");
    assert_eq!(plan_both_ways(&actions, &goal, &State::zeros(3)), (vec![0, 0], 500));
    // From the well, too.
    assert_eq!(plan_both_ways(&actions, &goal, &State::from(vec![2, 0, 0])), (vec![0, 0], 400));
}

#[test]
fn a_detour_that_could_shorten_a_walk_is_kept() {
    // The field 1,000 from the start but 10 from the well, which is 10 from the start: going by
    // the well (10 + 100, then 10 + 100 + 100) beats going straight (1,000 + 200).
    let (actions, goal, relevant) = field_and_well([[1000, 0, 10], [10, 200, 0]]);
    assert_eq!(relevant, 2);
    assert_eq!(plan_both_ways(&actions, &goal, &State::zeros(3)), (vec![1, 0, 0], 320));
    // A tie keeps it too: by the well (1 + 100, then 100) exactly as dear as straight (201).
    let (_, _, relevant) = field_and_well([[201, 0, 100], [1, 200, 0]]);
    assert_eq!(relevant, 2);
}

#[test]
fn a_detour_feeding_only_other_detours_is_left_out_with_them() {
    let mut facts = FactTable::default();
    let [place, harvested, flour, bread] =
        ["place", "harvested", "flour", "bread"].map(|name| facts.intern(Scope::Agent, name));
    // Each station 50 from every other, and from the start: no walk is a short cut.
    let at = |action: Action, station: i32| {
        let walks = [0, 1, 2, 3].into_iter().filter(|&from| from != station);
        walks.fold(action, |a, from| a.costs_more_where(place, from, 50)).does(Effect::set(place, station))
    };
    let actions = [
        at(Action::new("harvest", 100).does(Effect::add(harvested, 1)), 1),
        at(Action::new("bake", 100).needs(Condition::at_least(flour, 1)).does(Effect::add(bread, 1)), 2),
        at(Action::new("eat", 100).needs(Condition::at_least(bread, 1)).does(Effect::subtract(bread, 1)), 3),
    ];
    let harvest = [Condition::at_least(harvested, 1)];
    assert_eq!(Planner::new(&actions, &harvest).relevant_actions(), 1);
    assert_eq!(plan_both_ways(&actions, &harvest, &State::from(vec![0, 0, 5, 0])), (vec![0], 150));
    // For a loaf, the baking matters, and the eating, which changes the bread; not the harvest.
    let loaf = [Condition::at_least(bread, 1)];
    assert_eq!(Planner::new(&actions, &loaf).relevant_actions(), 2);
    assert_eq!(plan_both_ways(&actions, &loaf, &State::from(vec![0, 0, 5, 0])), (vec![1], 150));
}
