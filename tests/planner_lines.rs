//! A line longer than a plan tells apart (`scenario::MAX_AHEAD`) costs what the longest it tells
//! apart costs, in the planner itself: asked with a longer line — by `plan --set
//! world.@line.<station>=N`, or by any caller that does not cap it — a plan is priced as the
//! simulation, which caps the line, prices it, not as though nobody were waiting.

mod common;

use common::{goap_town, shipped};
use goap_town::planner::{Planner, Value};
use goap_town::scenario::MAX_AHEAD;

const WELLS: [&str; 3] = ["westWell", "townWell", "eastWell"];

/// The cost of village.ron's first farmer's plan to drink with `ahead` in line at every well.
fn thirst_with_lines(ahead: Value) -> u64 {
    let scenario = shipped("village.ron");
    let farmer = scenario.character_index("farmer1").unwrap();
    let goal = scenario.characters[farmer].goals.iter().find(|g| g.id == "thirst").unwrap();
    let mut start = scenario.start_state(farmer);
    for well in WELLS {
        let station = scenario.stations.iter().position(|s| s.id == well).unwrap();
        start.set(scenario.lines[station].expect("a well has a capacity, so a line"), ahead);
    }
    let planner = Planner::new(&scenario.planning_actions(farmer), &goal.conditions);
    let plan = planner.plan(&start, 5000).expect("a well is always in reach");
    let plain = Planner::new(&scenario.planning_actions(farmer), &goal.conditions).plain();
    assert_eq!(plain.plan(&start, 5000).map(|p| p.cost), Ok(plan.cost), "{ahead} ahead");
    plan.cost
}

#[test]
fn a_line_longer_than_a_plan_tells_apart_costs_as_the_longest() {
    let longest = thirst_with_lines(MAX_AHEAD);
    assert!(longest > thirst_with_lines(0) && longest > thirst_with_lines(MAX_AHEAD - 1));
    for ahead in [MAX_AHEAD + 1, 12, 100, Value::MAX] {
        assert_eq!(thirst_with_lines(ahead), longest, "{ahead} ahead");
    }
}

#[test]
fn plan_prices_a_long_line_set_on_the_command_line() {
    let cost = |ahead: Value| {
        let sets: Vec<String> = WELLS.iter().map(|w| format!("world.@line.{w}={ahead}")).collect();
        let mut args = vec!["plan", "scenarios/village.ron", "--character", "farmer1", "--goal", "thirst"];
        sets.iter().for_each(|set| args.extend(["--set", set]));
        let out = goap_town(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        stdout.lines().find_map(|l| l.strip_prefix("cost ").map(str::to_owned)).expect("a cost line")
    };
    assert_eq!(cost(12), cost(MAX_AHEAD));
    assert_ne!(cost(12), cost(0));
}
