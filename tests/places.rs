//! Places: an action names a station or a kind of station, the plan says where each step
//! happens, and walking there is part of what a plan costs — so the nearer station wins, and
//! the order of steps follows the shorter walk.

mod common;

use common::ids;
use goap_town::planner::Planner;
use goap_town::scenario::{self, Diagnostic, LoadError, Scenario};
use goap_town::sim::EventKind;

fn parse(text: &str) -> Scenario {
    scenario::parse(text, "places.ron").unwrap_or_else(|e| panic!("{e}"))
}

fn errors(text: &str) -> Vec<Diagnostic> {
    match scenario::parse(text, "places.ron") {
        Err(LoadError::Invalid { diagnostics }) => diagnostics,
        other => panic!("expected errors, got {other:?}"),
    }
}

/// Two wells of one kind, one near the villager's start and one far; `{near}` and `{far}` are
/// their x positions, `{capacity}` the near one's capacity field.
fn wells(near: f32, far: f32, capacity: &str) -> String {
    format!(
        r#"Scenario(
    agent: {{"water": 0}},
    stations: [
        (id: "farWell", label: "Far well", pos: ({far}, 0.0), kind: "well"),
        (id: "nearWell", label: "Near well", pos: ({near}, 0.0), kind: "well"{capacity}),
    ],
    actions: [(id: "draw", station: "well", duration: 1.0, cost: 1, effects: ["agent.water += 1"])],
    characters: [
        (id: "villager", start: (0.0, 0.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.1, initial: 0.5))]),
    ],
)"#
    )
}

/// The stations where `plan`'s steps happen.
fn stations(s: &Scenario, character: usize, plan: &goap_town::planner::Plan) -> Vec<String> {
    let tasks = &s.characters[character].tasks;
    plan.steps.iter().map(|&t| s.stations[tasks[t as usize].station].id.clone()).collect()
}

#[test]
fn an_action_named_by_kind_can_be_done_at_every_station_of_that_kind() {
    let s = parse(&wells(10.0, 100.0, ""));
    let draw = &s.actions[0];
    assert_eq!(draw.at, "well");
    assert_eq!(draw.stations, [0, 1], "both wells, in the order the file lists them");
    assert_eq!(s.characters[0].tasks.len(), 2, "one task per station");
    assert_eq!(s.stations[1].kind, "well");
    assert_eq!(s.stations[1].capacity, None, "no capacity: no limit");
}

#[test]
fn the_nearer_of_two_free_stations_is_chosen_wherever_it_is_listed() {
    for (near, far) in [(10.0, 100.0), (-10.0, -300.0)] {
        let s = parse(&wells(near, far, ""));
        let goal = &s.characters[0].goals[0].conditions;
        let plan = Planner::new(&s.planning_actions(0), goal).plan(&s.start_state(0), 5000).unwrap();
        assert_eq!(stations(&s, 0, &plan), ["nearWell"], "near at {near}, far at {far}");
        // One action (1) and a second's walk at 0.1 a second, in hundredths.
        assert_eq!(plan.cost, 100 + 10);
    }
}

#[test]
fn the_villager_walks_to_the_station_its_plan_chose() {
    let day = goap_town::sim::play(parse(&wells(30.0, 90.0, "")), 1).remove(0);
    let started = day.events.iter().find(|e| e.kind == goap_town::sim::EventKind::ActionStarted).unwrap();
    assert_eq!(started.text, "Started draw at Near well");
    assert_eq!(started.station.as_deref(), Some("nearWell"), "events at a station name it");
    // Three seconds of walking at 10 units a second.
    assert!((started.t - 3.1).abs() < 0.15, "started at {}", started.t);
}

/// Two errands and a goal that needs both: the plan does them in the order of the shorter walk,
/// whatever the order the actions are listed in.
#[test]
fn walking_puts_the_steps_in_the_order_of_the_shorter_walk() {
    let text = |a: f32, b: f32| {
        format!(
            r#"Scenario(
    agent: {{"gotA": 0, "gotB": 0}},
    stations: [(id: "a", pos: ({a}, 0.0)), (id: "b", pos: ({b}, 0.0))],
    actions: [
        (id: "fetchA", station: "a", duration: 1.0, cost: 1, effects: ["agent.gotA = 1"]),
        (id: "fetchB", station: "b", duration: 1.0, cost: 1, effects: ["agent.gotB = 1"]),
    ],
    characters: [
        (id: "runner", start: (0.0, 0.0), speed: 10.0, actions: ["fetchA", "fetchB"],
         goals: [(id: "both", wants: ["agent.gotA >= 1", "agent.gotB >= 1"], drift: Need(rate: 0.1, initial: 0.5))]),
    ],
)"#
        )
    };
    // A far out, B on the way: B first. B far out, A on the way: A first.
    for (a, b, order) in [(200.0, 50.0, ["fetchB", "fetchA"]), (50.0, 200.0, ["fetchA", "fetchB"])] {
        let s = parse(&text(a, b));
        let goal = &s.characters[0].goals[0].conditions;
        let plan = Planner::new(&s.planning_actions(0), goal).plan(&s.start_state(0), 5000).unwrap();
        assert_eq!(ids(&s, 0, &plan), order, "a at {a}, b at {b}");
        // Two actions, and 20 s of walking out to the far one.
        assert_eq!(plan.cost, 200 + 200, "a at {a}, b at {b}");
    }
}

#[test]
fn without_a_walk_weight_ties_go_to_the_first_listed_station() {
    let s = parse(&wells(10.0, 100.0, "").replace("agent:", "settings: (walk_weight: 0.0),\n    agent:"));
    let goal = &s.characters[0].goals[0].conditions;
    let plan = Planner::new(&s.planning_actions(0), goal).plan(&s.start_state(0), 5000).unwrap();
    assert_eq!(stations(&s, 0, &plan), ["farWell"]);
    assert_eq!(plan.cost, 100);
}

#[test]
fn a_capacity_is_a_whole_number_of_villagers_from_one() {
    let s = parse(&wells(10.0, 100.0, ", capacity: 2"));
    assert_eq!(s.stations[1].capacity, Some(2));
    let e = errors(&wells(10.0, 100.0, ", capacity: 0"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].field, "stations[1].capacity");
    assert!(
        e[0].message.starts_with("a capacity must be a whole number of villagers from 1 to 1,000"),
        "{e:?}"
    );
}

#[test]
fn an_unknown_station_or_kind_is_located_with_a_suggestion() {
    let e = errors(&wells(10.0, 100.0, "").replace(r#"station: "well""#, r#"station: "wel""#));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].field, "actions[0].station");
    assert_eq!(e[0].message, r#"unknown station or kind of station "wel" (did you mean "well"?)"#);
    assert!(e[0].line > 0 && e[0].column > 0);
}

#[test]
fn a_station_id_still_names_that_one_station() {
    let s = parse(&wells(10.0, 100.0, "").replace(r#"station: "well""#, r#"station: "farWell""#));
    assert_eq!(s.actions[0].stations, [0]);
    let goal = &s.characters[0].goals[0].conditions;
    let plan = Planner::new(&s.planning_actions(0), goal).plan(&s.start_state(0), 5000).unwrap();
    assert_eq!(stations(&s, 0, &plan), ["farWell"]);
}

/// Three thirsty villagers at different distances from one well that serves one at a time.
fn one_well(capacity: &str) -> Scenario {
    parse(&format!(
        r#"Scenario(
    settings: (day_length: 120.0),
    agent: {{"water": 0}},
    stations: [(id: "well", label: "Well", pos: (0.0, 0.0){capacity})],
    actions: [(id: "draw", station: "well", duration: 5.0, cost: 1, effects: ["agent.water += 1"])],
    characters: [
        (id: "far", start: (30.0, 0.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.01, initial: 0.9))]),
        (id: "near", start: (10.0, 0.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.01, initial: 0.9))]),
        (id: "middle", start: (20.0, 0.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.01, initial: 0.9))]),
    ],
)"#
    ))
}

/// `(time, villager, text)` of the day's events of `kinds`.
fn events(day: &goap_town::sim::DayReport, kinds: &[EventKind]) -> Vec<(f32, String, String)> {
    let picked = day.events.iter().filter(|e| kinds.contains(&e.kind));
    picked.map(|e| (e.t, e.villager.clone().unwrap_or_default(), e.text.clone())).collect()
}

#[test]
fn at_a_station_of_capacity_one_a_line_forms_and_is_served_in_arrival_order() {
    let day = goap_town::sim::play(one_well(", capacity: 1"), 1).remove(0);
    let queued = events(&day, &[EventKind::Queued]);
    let texts: Vec<(&str, &str)> = queued.iter().map(|(_, v, t)| (v.as_str(), t.as_str())).collect();
    assert_eq!(
        texts[..2],
        [("middle", "Queued at Well (1st in line)"), ("far", "Queued at Well behind middle (2nd in line)")]
    );
    let started: Vec<String> = events(&day, &[EventKind::ActionStarted]).into_iter().map(|e| e.1).collect();
    assert_eq!(started[..3], ["near", "middle", "far"], "first come, first served");
    // Each waits for the one before to finish its five seconds.
    let starts: Vec<f32> = events(&day, &[EventKind::ActionStarted]).iter().map(|e| e.0).collect();
    assert!(starts[1] - starts[0] >= 5.0 - 1e-3 && starts[2] - starts[1] >= 5.0 - 1e-3, "{starts:?}");
    // The day report counts the time spent in line.
    let in_line: f32 = day.villagers.iter().map(|v| v.seconds.queued).sum();
    assert!(in_line >= 10.0, "{in_line} s in line");
}

#[test]
fn without_a_capacity_nobody_queues() {
    let day = goap_town::sim::play(one_well(""), 1).remove(0);
    assert!(events(&day, &[EventKind::Queued]).is_empty());
    assert!(day.villagers.iter().all(|v| v.seconds.queued == 0.0));
}

/// Over days of a town whose stations hold few at a time, nobody ever acts at a station beyond
/// its capacity (followed event by event: who started where, who finished).
#[test]
fn no_station_ever_holds_more_than_its_capacity() {
    for (scenario, days) in [(one_well(", capacity: 1"), 2), (one_well(", capacity: 2"), 2)] {
        let capacity = scenario.stations[0].capacity.unwrap() as usize;
        let mut most = 0;
        for day in goap_town::sim::play(scenario, days) {
            let mut acting = std::collections::BTreeSet::new();
            for (_, who, text) in events(&day, &[EventKind::ActionStarted, EventKind::ActionFinished]) {
                if text.starts_with("Started") {
                    acting.insert(who);
                } else {
                    acting.remove(&who);
                }
                assert!(acting.len() <= capacity, "{acting:?} at a well for {capacity}");
                most = most.max(acting.len());
            }
        }
        assert_eq!(most, capacity, "the line should fill the well");
    }
}

/// Two wells that serve one at a time, the second `far` away; Ana is thirsty at dawn, Bo a few
/// seconds later, when Ana is already drawing at the near well for a long while.
fn busy_well(far: f32) -> Scenario {
    two_wells(far, -10.0, "Need(rate: 0.2, initial: 0.0)")
}

/// Two wells of capacity one, the second `far` away; Ana near the first and thirsty at dawn,
/// Bo at `bo_y` below it with thirst `bo_drift`; drawing takes 20 s.
fn two_wells(far: f32, bo_y: f32, bo_drift: &str) -> Scenario {
    parse(&format!(
        r#"Scenario(
    settings: (day_length: 60.0),
    agent: {{"water": 0}},
    stations: [
        (id: "well", label: "Well", pos: (0.0, 0.0), kind: "well", capacity: 1),
        (id: "otherWell", label: "Other well", pos: ({far}, 0.0), kind: "well", capacity: 1),
    ],
    actions: [(id: "draw", station: "well", duration: 20.0, cost: 1, effects: ["agent.water += 1"])],
    characters: [
        (id: "ana", start: (0.0, 10.0), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: Need(rate: 0.0, initial: 0.9))]),
        (id: "bo", start: (0.0, {bo_y}), speed: 10.0, actions: ["draw"],
         goals: [(id: "drink", wants: ["agent.water >= 1"], drift: {bo_drift})]),
    ],
)"#
    ))
}

/// Where `who` started drawing water first.
fn first_start(day: &goap_town::sim::DayReport, who: &str) -> String {
    events(day, &[EventKind::ActionStarted]).into_iter().find(|e| e.1 == who).map(|e| e.2).unwrap_or_default()
}

#[test]
fn a_villager_takes_a_free_station_a_little_further_rather_than_wait_in_a_long_line() {
    // The other well is 3 s further for Bo; waiting behind Ana would be up to 20 s.
    let day = goap_town::sim::play(busy_well(30.0), 1).remove(0);
    assert_eq!(first_start(&day, "ana"), "Started draw at Well");
    assert_eq!(first_start(&day, "bo"), "Started draw at Other well");
    assert!(events(&day, &[EventKind::Queued]).is_empty());
}

#[test]
fn a_villager_waits_in_line_when_that_is_cheaper_than_the_walk() {
    // The other well is a minute and a half away: waiting for Ana is cheaper.
    let day = goap_town::sim::play(busy_well(900.0), 1).remove(0);
    assert_eq!(first_start(&day, "bo"), "Started draw at Well");
    let queued = events(&day, &[EventKind::Queued]);
    assert_eq!(
        (queued[0].1.as_str(), queued[0].2.as_str()),
        ("bo", "Queued at Well (1st in line)"),
        "{queued:?}"
    );
}

/// Ana and Bo are thirsty at dawn and both head for the near well; Ana gets there first and
/// draws for a long while. Bo, in line, chooses again and leaves for the other well.
#[test]
fn one_in_line_chooses_again_and_leaves_for_a_free_station() {
    let text = |far: f32| two_wells(far, -20.0, "Need(rate: 0.0, initial: 0.9)");
    let day = goap_town::sim::play(text(40.0), 1).remove(0);
    let bo: Vec<(EventKind, String)> = day
        .events
        .iter()
        .filter(|e| e.villager.as_deref() == Some("bo"))
        .map(|e| (e.kind, e.text.clone()))
        .collect();
    let queued = bo.iter().position(|e| e.0 == EventKind::Queued).expect("Bo gets in line first");
    assert_eq!(
        bo[queued + 1],
        (EventKind::LeftQueue, "Left the queue at Well for Other well".to_owned()),
        "{bo:?}"
    );
    assert_eq!(first_start(&day, "bo"), "Started draw at Other well");
    // With the other well far away, Bo keeps his place in line.
    let day = goap_town::sim::play(text(900.0), 1).remove(0);
    assert!(events(&day, &[EventKind::LeftQueue]).is_empty());
    assert_eq!(first_start(&day, "bo"), "Started draw at Well");
}

/// Over several days of the shipped village, whose wells, mills, ovens and sawmills serve one at
/// a time, nobody ever acts at a station beyond its capacity, lines do form, and villagers do
/// leave one for a better station.
#[test]
fn the_village_never_crowds_a_station_over_days_and_its_lines_form_and_move() {
    let village = common::shipped("village.ron");
    let capacity: Vec<Option<u32>> = village.stations.iter().map(|s| s.capacity).collect();
    let index = |id: &str| village.stations.iter().position(|s| s.id == id).unwrap();
    let mut most = vec![0usize; capacity.len()];
    let (mut queued, mut left) = (0, 0);
    for day in goap_town::sim::play(village.clone(), 3) {
        let mut acting = vec![std::collections::BTreeSet::new(); capacity.len()];
        let mut at = std::collections::BTreeMap::new();
        for e in &day.events {
            let who = e.villager.clone().unwrap_or_default();
            match e.kind {
                EventKind::ActionStarted => {
                    let s = index(e.station.as_deref().expect("a start names its station"));
                    acting[s].insert(who.clone());
                    at.insert(who, s);
                    most[s] = most[s].max(acting[s].len());
                    let held = capacity[s].map_or(usize::MAX, |c| c as usize);
                    assert!(
                        acting[s].len() <= held,
                        "day {}: {:?} at {}",
                        day.day,
                        acting[s],
                        village.stations[s].id
                    );
                }
                EventKind::ActionFinished => {
                    let s = at.remove(&who).expect("a finish follows a start");
                    acting[s].remove(&who);
                }
                EventKind::Queued => queued += 1,
                EventKind::LeftQueue => left += 1,
                _ => {}
            }
        }
    }
    // Every station is used but, maybe, one building site: both builders fit at the nearer one.
    let unused = |s: usize| most[s] == 0 && village.stations[s].kind != "site";
    assert!(!(0..most.len()).any(unused), "every station is used: {most:?}");
    for id in ["townWell", "westMill", "eastOven", "westTable", "eastTable"] {
        assert_eq!(Some(most[index(id)] as u32), capacity[index(id)], "{id} should fill up at some point");
    }
    assert!(queued > 100 && left > 10, "lines form and move: {queued} queued, {left} left a line");
}
