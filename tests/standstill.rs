//! A town standing still is named: town.ron's afternoon, where the farmer waits for bread that
//! only the baker makes and the baker waits for wheat that only the farmer makes, is reported
//! once with its ring, in words and as data; a town at work is not.

mod common;

use common::shipped;
use goap_town::scenario;
use goap_town::sim::{self, EventKind};

#[test]
fn town_ron_reports_the_bread_and_wheat_ring_once() {
    let day = sim::play(shipped("town.ron"), 1).remove(0);
    let stuck: Vec<_> = day.events.iter().filter(|e| e.kind == EventKind::Standstill).collect();
    assert!(!stuck.is_empty(), "town.ron stands still in the afternoon");
    let first = stuck[0];
    assert_eq!(first.ring, Some(true), "{first:?}");
    let link = |who: &str| first.stuck.iter().find(|l| l.villager == who);
    let farmer = link("farmer").expect("the farmer is in the ring");
    let baker = link("baker").expect("the baker is in the ring");
    assert_eq!(
        (farmer.waits_for.as_str(), &farmer.makers[..]),
        ("world.bread >= 1", &["baker".to_owned()][..])
    );
    assert_eq!(
        (baker.waits_for.as_str(), &baker.makers[..]),
        ("world.wheat >= 1", &["farmer".to_owned()][..])
    );
    assert!(first.text.starts_with("Stuck: "), "{}", first.text);
    assert!(first.text.contains("Farmer waits for bread, which only Baker makes"), "{}", first.text);
    assert!(first.text.contains("Baker waits for wheat, which only Farmer makes"), "{}", first.text);
    // Said once while it stands, not at every retry.
    let same = stuck.iter().filter(|e| e.stuck == first.stuck).count();
    assert_eq!(same, 1, "{stuck:?}");
    // In Spanish too, and as JSON.
    let spanish = sim::play_in(shipped("town.ron"), 1, goap_town::words::Lang::SPANISH).remove(0);
    let said = spanish.events.iter().find(|e| e.kind == EventKind::Standstill).unwrap();
    assert!(said.text.starts_with("Atascado: "), "{}", said.text);
    let json = serde_json::to_value(first).unwrap();
    assert_eq!(json["kind"], "standstill");
    assert_eq!(json["ring"], true);
    assert!(json["stuck"].as_array().is_some_and(|links| links.len() >= 2), "{json}");
}

#[test]
fn a_town_at_work_all_day_never_stands_still() {
    // Bread out of the oven for everyone; nothing waits on anyone for long.
    for name in ["cook.ron", "village.ron", "soldier.ron"] {
        let day = sim::play(shipped(name), 1).remove(0);
        let stuck: Vec<_> = day.events.iter().filter(|e| e.kind == EventKind::Standstill).collect();
        assert!(stuck.is_empty(), "{name}: {stuck:?}");
    }
}

/// Two who wait on each other from the first second.
const RING: &str = r#"Scenario(
    world: {"a": 0, "b": 0},
    stations: [(id: "s", pos: (0.0, 0.0))],
    actions: [
        (id: "makeA", station: "s", duration: 1.0, cost: 1, needs: ["world.b >= 1"], effects: ["world.a += 1"]),
        (id: "makeB", station: "s", duration: 1.0, cost: 1, needs: ["world.a >= 1"], effects: ["world.b += 1"]),
        (id: "useA", station: "s", duration: 1.0, cost: 1, needs: ["world.a >= 1"], effects: ["world.a -= 1", "agent.done += 1"]),
        (id: "useB", station: "s", duration: 1.0, cost: 1, needs: ["world.b >= 1"], effects: ["world.b -= 1", "agent.done += 1"]),
    ],
    agent: {"done": 0},
    characters: [
        (id: "ann", name: "Ann", start: (0.0, 10.0), speed: 50.0, actions: ["makeB", "useA"],
         goals: [(id: "work", wants: ["agent.done >= 1"], drift: Need(rate: 0.0, initial: 0.5))]),
        (id: "bob", name: "Bob", start: (0.0, -10.0), speed: 50.0, actions: ["makeA", "useB"],
         goals: [(id: "work", wants: ["agent.done >= 1"], drift: Need(rate: 0.0, initial: 0.5))]),
    ],
)"#;

#[test]
fn two_who_wait_on_each_other_are_a_ring_at_once() {
    let day = sim::play(scenario::parse(RING, "ring.ron").unwrap(), 1).remove(0);
    let stuck: Vec<_> = day.events.iter().filter(|e| e.kind == EventKind::Standstill).collect();
    assert_eq!(stuck.len(), 1, "{stuck:?}");
    assert!(stuck[0].t < 1.0, "at once: {}", stuck[0].t);
    let who: Vec<&str> = stuck[0].stuck.iter().map(|l| l.villager.as_str()).collect();
    assert_eq!(who, ["ann", "bob"]);
    assert_eq!(
        stuck[0].text,
        "Stuck: Ann waits for a, which only Bob makes; Bob waits for b, which only Ann makes — they wait on each other until something changes"
    );
}

/// One who could make what it waits for, but only at a station a wall parts it from, makes
/// nothing: it waits on what nobody here can make, not on itself in a ring.
#[test]
fn a_maker_walled_off_from_where_it_makes_is_no_maker() {
    let text = r#"Scenario(
        world: {"x": 0},
        stations: [(id: "post", label: "Post", pos: (90.0, -30.0))],
        actions: [(id: "touch", station: "post", duration: 1.0, cost: 1, effects: ["world.x += 1"])],
        map: (cell: 20.0, origin: (0.0, 0.0), rows: ["..#..", "..#..", "..#.."]),
        characters: [(id: "a", name: "A", start: (10.0, -30.0), speed: 10.0, actions: ["touch"],
                      goals: [(id: "g", wants: ["world.x >= 1"], drift: Need(rate: 0.1))])],
    )"#;
    let day = sim::play(scenario::parse(text, "walled.ron").unwrap(), 1).remove(0);
    let stuck = day.events.iter().find(|e| e.kind == EventKind::Standstill).expect("it stands still");
    assert_eq!(stuck.ring, Some(false), "{stuck:?}");
    assert!(stuck.stuck[0].makers.is_empty(), "{stuck:?}");
    assert_eq!(stuck.text, "Stuck: everyone waits — A waits for x, which nobody here can make");
    assert!(day.waited_on[0].makers.is_empty(), "{:?}", day.waited_on);
}

/// A standstill names who still waits: it does not end their waits, so the day's figures count
/// them to its end (a lone villager waiting from dawn on what nobody makes: the whole day).
#[test]
fn those_a_standstill_names_go_on_waiting_in_the_days_figures() {
    let text = r#"Scenario(
        settings: (day_length: 200.0),
        world: {"grain": 0},
        agent: {"fed": 0},
        stations: [(id: "home", pos: (25.0, 105.0))],
        actions: [(id: "eat", station: "home", duration: 1.0, cost: 1, needs: ["world.grain >= 1"],
                   effects: ["world.grain -= 1", "agent.fed += 1"])],
        characters: [(id: "farmer", start: (25.0, 15.0), speed: 10.0, actions: ["eat"],
                      goals: [(id: "hunger", wants: ["agent.fed >= 1"], drift: Need(rate: 0.01, initial: 0.5))])],
    )"#;
    let day = sim::play(scenario::parse(text, "grain.ron").unwrap(), 1).remove(0);
    assert!(day.events.iter().any(|e| e.kind == EventKind::Standstill));
    let grain = &day.waited_on[0];
    assert_eq!(grain.fact, "world.grain");
    assert!((grain.villager_seconds - 199.9).abs() < 0.05, "from its first decision on: {grain:?}");
    // town.ron's afternoon ring is waited through, not cut off where it is named.
    let town = sim::play(shipped("town.ron"), 1).remove(0);
    let bread = town.waited_on.iter().find(|w| w.fact == "world.bread").unwrap();
    assert!(bread.villager_seconds > 1100.0, "{bread:?}");
}
