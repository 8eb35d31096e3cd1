//! What a villager weighing an interruption counts on. A walk broken off halfway — by an urgent
//! goal or by the player's Stop — leaves the villager where it got to, and its next plans price
//! walking from there: the kitchen near where it stopped beats the one by its door, and each plan
//! costs what its walk then takes. One acting at a station of one place weighs its own work
//! without a wait for itself.

mod common;

use common::steps;
use goap_town::scenario::{self, Scenario};
use goap_town::sim::{self, Activity, EventKind, EventReport, Roster};

const TWO_KITCHENS: &str = include_str!("interrupts/two_kitchens.ron");

fn two_kitchens(edit: impl Fn(String) -> String) -> Scenario {
    scenario::parse(&edit(TWO_KITCHENS.to_owned()), "two_kitchens.ron").expect("two_kitchens.ron loads")
}

/// The events after the first of `kind`, that one first.
fn from_first(events: &[EventReport], kind: EventKind) -> &[EventReport] {
    let at = events.iter().position(|e| e.kind == kind).unwrap_or_else(|| panic!("no {kind:?}"));
    &events[at..]
}

#[test]
fn broken_off_halfway_it_eats_at_the_kitchen_near_where_it_stopped() {
    let day = sim::play(two_kitchens(|t| t), 1).remove(0);
    let after = from_first(&day.events, EventKind::Interrupted);
    let broke_in = after[0].t;
    assert!((broke_in - 100.0).abs() < 0.05, "Hunger reaches 0.5 100 s out: {broke_in}");
    let plan = &after[1];
    assert_eq!((plan.kind, plan.plan.as_slice()), (EventKind::PlanMade, &["eat".to_owned()][..]));
    // Set off at 0.1 s, it stands 999 units out: 50.01 units to the roadside kitchen at 10 a
    // second, 0.1 a second of walking (0.50 to the hundredth), and the meal's 1 — walked in 51
    // strides of one unit, the last one short.
    assert_eq!(plan.cost, Some(1.5), "{}", plan.text);
    let started = after.iter().find(|e| e.kind == EventKind::ActionStarted).unwrap();
    assert_eq!(started.station.as_deref(), Some("road"));
    assert!((started.t - broke_in - 5.1).abs() < 0.05, "51 strides: {} to {}", broke_in, started.t);
    // The vote was priced from there too: the quarry 50 s on (Work 0.4 less 0.02 × 6).
    assert_eq!(
        after[0].text,
        "Interrupted Walk to Quarry: Hunger reached 0.50 (Hunger 0.47 overtook Work 0.28)"
    );
}

#[test]
fn stopped_by_the_player_halfway_it_plans_from_where_it_stands() {
    let mut app = sim::simulation_app(two_kitchens(|t| t.replace(", interrupts_at: 0.5", "")));
    steps(&mut app, 1001); // 100 s out, 1,000 units from home
    let digger = app.world().resource::<Roster>().0[0];
    assert!(matches!(app.world().get::<Activity>(digger), Some(Activity::Walking { .. })));
    assert!(sim::stop(app.world_mut(), 0));
    steps(&mut app, 1);
    let log = app.world().resource::<sim::EventLog>();
    let town = app.world().resource::<sim::Town>();
    let plan = log.today.iter().rev().find(|e| e.kind() == EventKind::PlanMade).unwrap();
    // Weighed afresh from there: Hunger (0.50 less 0.02 × 1.5) leads Work (0.40 less 0.02 × 6).
    let said = sim::event_text(town, goap_town::words::Lang::ENGLISH, plan);
    assert_eq!(said, "Plan for Hunger: Eat (cost 1.5, 2 expanded)");
    let Some(&Activity::Walking { from, until }) = app.world().get::<Activity>(digger) else {
        panic!("walking to eat")
    };
    assert_eq!(until - from, 50, "50 units north at 10 a second");
}

/// A weaver at a loom for one, thirsty past its `interrupts_at` mid-weave.
fn weaver(capacity: &str) -> Scenario {
    let text = r#"Scenario(
        settings: (day_length: 100.0, retry_interval: 50.0),
        agent: {"water": 0, "done": 0},
        stations: [
            (id: "well", pos: (0.0, 60.0)),
            (id: "loom", pos: (0.0, 0.0) CAPACITY),
        ],
        actions: [
            (id: "drink", station: "well", duration: 1.0, cost: 1, effects: ["agent.water += 1"]),
            (id: "weave", station: "loom", duration: 40.0, cost: 1, effects: ["agent.done += 1"], interruptible: true),
        ],
        characters: [(id: "a", start: (0.0, 0.0), speed: 20.0, actions: ["weave", "drink"], goals: [
            (id: "work", wants: ["agent.done >= 1"], drift: Need(rate: 0.0, initial: 0.2)),
            (id: "thirst", wants: ["agent.water >= 1"], drift: Need(rate: 0.02), interrupts_at: 0.3),
        ])],
    )"#;
    scenario::parse(&text.replace("CAPACITY", capacity), "weaver.ron").expect("weaver.ron loads")
}

#[test]
fn one_acting_at_a_station_for_one_does_not_wait_for_itself_in_the_vote() {
    // Thirst (0.3 less 0.02 × 1.3) leads Work (0.2 less 0.02 × 1) by less than the hysteresis
    // (0.15): the weaver goes on, its own turn at the loom being no one's to wait for.
    for capacity in ["", ", capacity: 1"] {
        let day = sim::play(weaver(capacity), 1).remove(0);
        let kinds: Vec<EventKind> = day.events.iter().map(|e| e.kind).collect();
        assert!(!kinds.contains(&EventKind::Interrupted), "capacity {capacity:?}: {:#?}", day.events);
        let went_on = from_first(&day.events, EventKind::WentOn);
        assert!((went_on[0].t - 15.0).abs() < 0.05, "Thirst reaches 0.3 at 15 s: {}", went_on[0].t);
        let finished = from_first(&day.events, EventKind::ActionFinished);
        assert!((finished[0].t - 40.2).abs() < 0.05, "begun at 0.2 s, the weave ends: {}", finished[0].t);
    }
}
