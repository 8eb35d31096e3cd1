//! The plans the cook, soldier and miner scenarios were written to produce — wood, fire, meal and
//! eating; a weapon, then the attack; a pickaxe worn down over four ores — planned from the
//! shipped files.

mod common;

use common::{action_cost, all_hold, ids, replay, shipped};
use goap_town::planner::{Change, Effect, Planner};

#[test]
fn cook_chains_wood_fire_meal_and_eats() {
    let town = shipped("cook.ron");
    let cook = town.character_index("cook").unwrap();
    let goal = &town.characters[cook].goals[0];
    assert_eq!(goal.id, "fed");
    let actions = town.planning_actions(cook);
    let start = town.start_state(cook);

    let plan = Planner::new(&actions, &goal.conditions).plan(&start, 5000).unwrap();
    assert_eq!(ids(&town, cook, &plan), ["chopWood", "lightFire", "cookMeal", "eatMeal"]);
    assert_eq!(action_cost(&town, cook, &plan), 4);
    let (after, _) = replay(&actions, &start, &plan.steps);
    assert!(all_hold(&goal.conditions, &after));
}

#[test]
fn cook_finds_the_same_four_steps_again_when_hunger_returns() {
    let town = shipped("cook.ron");
    let cook = town.character_index("cook").unwrap();
    let goal = &town.characters[cook].goals[0];
    let actions = town.planning_actions(cook);
    let planner = Planner::new(&actions, &goal.conditions);

    let first = planner.plan(&town.start_state(cook), 5000).unwrap();
    let (mut fed, _) = replay(&actions, &town.start_state(cook), &first.steps);
    // The meal is eaten: the need's condition is spent, and the fire went out while cooking.
    let fed_fact = goal.conditions[0].fact;
    Effect { fact: fed_fact, change: Change::Subtract, value: 1 }.apply(&mut fed);
    assert!(!all_hold(&goal.conditions, &fed));

    let again = planner.plan(&fed, 5000).unwrap();
    assert_eq!(ids(&town, cook, &again), ["chopWood", "lightFire", "cookMeal", "eatMeal"]);
}

#[test]
fn soldier_kill_plan_ends_in_an_attack_with_every_precondition_met_in_order() {
    let war = shipped("soldier.ron");
    let soldier = war.character_index("soldier").unwrap();
    let kill = war.characters[soldier].goals.iter().find(|g| g.id == "killPlayer").unwrap();
    let actions = war.planning_actions(soldier);
    let start = war.start_state(soldier);

    let plan = Planner::new(&actions, &kill.conditions).plan(&start, 5000).unwrap();
    let steps = ids(&war, soldier, &plan);
    assert_eq!(steps.last().map(String::as_str), Some("attack"), "{steps:?}");
    for needed in ["pickWeapon", "pickAmmo", "approach"] {
        assert!(steps.iter().any(|s| s == needed), "{needed} missing from {steps:?}");
    }
    assert_eq!(action_cost(&war, soldier, &plan), 5);
    let (after, cost) = replay(&actions, &start, &plan.steps); // asserts preconditions step by step
    assert!(all_hold(&kill.conditions, &after));
    assert_eq!(cost, plan.cost);
}

#[test]
fn soldier_survive_plan_contains_no_attack() {
    let war = shipped("soldier.ron");
    let soldier = war.character_index("soldier").unwrap();
    let survive = war.characters[soldier].goals.iter().find(|g| g.id == "survive").unwrap();
    let actions = war.planning_actions(soldier);
    let start = war.start_state(soldier);

    let plan = Planner::new(&actions, &survive.conditions).plan(&start, 5000).unwrap();
    let steps = ids(&war, soldier, &plan);
    assert!(!steps.iter().any(|s| s == "attack" || s == "snipe"), "{steps:?}");
    assert_eq!(steps, ["takeCover"]);
    let (after, _) = replay(&actions, &start, &plan.steps);
    assert!(all_hold(&survive.conditions, &after));
}

#[test]
fn soldier_starting_armed_gets_a_shorter_plan_without_touching_any_action() {
    let war = shipped("soldier.ron");
    let soldier = war.character_index("soldier").unwrap();
    let kill = war.characters[soldier].goals.iter().find(|g| g.id == "killPlayer").unwrap();
    let actions = war.planning_actions(soldier);
    let planner = Planner::new(&actions, &kill.conditions);

    let unarmed = planner.plan(&war.start_state(soldier), 5000).unwrap();
    let mut armed_start = war.start_state(soldier);
    armed_start.set(war.facts.get(goap_town::scenario::Scope::Agent, "hasWeapon").unwrap(), 1);
    let armed = planner.plan(&armed_start, 5000).unwrap();

    assert!(armed.steps.len() < unarmed.steps.len());
    assert_eq!(ids(&war, soldier, &armed), ["pickAmmo", "approach", "attack"]);
    assert_eq!(action_cost(&war, soldier, &armed), 4);
}

#[test]
fn soldier_snipes_from_cover_once_approaching_costs_too_much() {
    let mut war = shipped("soldier.ron");
    let soldier = war.character_index("soldier").unwrap();
    let approach = war.actions.iter().position(|a| a.id == "approach").unwrap();
    war.actions[approach].planning.cost = 4;
    let kill = war.characters[soldier].goals.iter().find(|g| g.id == "killPlayer").unwrap();
    let actions = war.planning_actions(soldier);
    let start = war.start_state(soldier);

    let plan = Planner::new(&actions, &kill.conditions).plan(&start, 5000).unwrap();
    let steps = ids(&war, soldier, &plan);
    assert_eq!(steps.last().map(String::as_str), Some("snipe"), "{steps:?}");
    assert!(!steps.iter().any(|s| s == "approach"), "{steps:?}");
    assert_eq!(action_cost(&war, soldier, &plan), 6);
    replay(&actions, &start, &plan.steps);
}

#[test]
fn miner_delivers_four_ores_and_fetches_a_new_pick_when_the_first_wears_out() {
    let mine = shipped("miner.ron");
    let miner = mine.character_index("miner").unwrap();
    let deliver = mine.characters[miner].goals.iter().find(|g| g.id == "deliver").unwrap();
    let actions = mine.planning_actions(miner);
    let start = mine.start_state(miner);

    let plan = Planner::new(&actions, &deliver.conditions).plan(&start, 5000).unwrap();
    let steps = ids(&mine, miner, &plan);
    let count = |id: &str| steps.iter().filter(|s| *s == id).count();
    assert_eq!((count("pickupTool"), count("pickupOre"), count("dropOre")), (2, 4, 4), "{steps:?}");
    assert_eq!(steps[0], "pickupTool");
    // The second pick is fetched part-way: after the first one's three ores, before the fourth.
    let second_pick = steps.iter().rposition(|s| s == "pickupTool").unwrap();
    let ores_before = steps[..second_pick].iter().filter(|s| *s == "pickupOre").count();
    assert_eq!(ores_before, 3, "{steps:?}");
    assert_eq!(action_cost(&mine, miner, &plan), 10);
    let (after, _) = replay(&actions, &start, &plan.steps);
    assert!(all_hold(&deliver.conditions, &after));
}
