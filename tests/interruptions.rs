//! Interruptions: a goal that says `interrupts_at` breaks off a walk (or an interruptible action)
//! at the very step it reaches that insistence, wins or loses its vote as at any safe point, and
//! does not interrupt again until it has fallen back; the player's Stop drops what a villager
//! does, is kept in replays and undone by going back in time. (What a scenario says of
//! interruptions is checked in `interruption_checks.rs`.)

mod common;

use bevy::prelude::*;
use common::{app_keeping_history, now, run_so_far, steps};
use goap_town::scenario::{self, Scenario, Scope};
use goap_town::sim::{
    self, Activity, AgentFacts, DayReport, DecisionTables, EventKind, EventLog, Happening, LastReason,
    Outcome, Outlook, Replay, Roster, WorldFacts,
};
use goap_town::words::Lang;
use proptest::prelude::*;
use std::sync::Arc;

const FAR_SAWMILL: &str = include_str!("interrupts/far_sawmill.ron");

fn far_sawmill(edit: impl Fn(String) -> String) -> Scenario {
    scenario::parse(&edit(FAR_SAWMILL.to_owned()), "far_sawmill.ron").expect("far_sawmill.ron loads")
}

fn the_sawyer(app: &App) -> Entity {
    app.world().resource::<Roster>().0[0]
}

fn hunger(app: &App) -> f32 {
    sim::insistences(app.world(), the_sawyer(app)).unwrap()[1]
}

fn activity(app: &App) -> Activity {
    app.world().get::<Activity>(the_sawyer(app)).unwrap().clone()
}

/// The step of the day each of today's events of `kind` was logged at.
fn steps_of(app: &App, kind: EventKind) -> Vec<u64> {
    let log = app.world().resource::<EventLog>();
    log.today.iter().filter(|e| e.kind() == kind).map(|e| (f64::from(e.t) * 10.0).round() as u64).collect()
}

fn kinds(day: &DayReport) -> Vec<EventKind> {
    day.events.iter().map(|e| e.kind).collect()
}

#[test]
fn a_walker_is_interrupted_at_the_very_step_its_need_reaches_the_threshold_and_turns_back() {
    let mut app = sim::simulation_app(far_sawmill(|t| t));
    let mut crossed = None;
    for _ in 0..400 {
        let walking = matches!(activity(&app), Activity::Walking { .. });
        sim::step(&mut app);
        let step = app.world().resource::<sim::Clock>().steps;
        if crossed.is_none() && walking && hunger(&app) >= 0.8 {
            crossed = Some(step);
        }
    }
    let crossed = crossed.expect("hunger reaches 0.8 on the walk");
    assert_eq!(crossed, 167, "0.3 + 0.03 a second reaches 0.8 in 16.7 s");
    assert_eq!(steps_of(&app, EventKind::Interrupted)[0], crossed, "interrupted at that very step");

    let day = sim::play(far_sawmill(|t| t), 1).remove(0);
    let interrupted = day.events.iter().find(|e| e.kind == EventKind::Interrupted).unwrap();
    // Both priced from where it stands, 664 units on: the table 17.6 s back (Hunger 0.80 less
    // 0.02 × 2.76), the sawmill 8.4 s on (Saw planks 0.60 less 0.02 × 1.84).
    assert_eq!(
        interrupted.text,
        "Interrupted Walk to Far sawmill: Hunger reached 0.80 (Hunger 0.75 overtook Saw planks 0.56)"
    );
    assert_eq!(interrupted.goal.as_deref(), Some("hunger"));
    assert_eq!(interrupted.over.as_deref(), Some("work"));
    let json = serde_json::to_value(interrupted).unwrap();
    assert_eq!(json["kind"], "interrupted");
    assert_eq!(
        json["was"],
        serde_json::json!({"doing": "walking", "action": "sawPlanks", "station": "sawmill"})
    );
    assert!(json["score"].as_f64().unwrap() > json["over_score"].as_f64().unwrap());
    // It turns back: the next thing it starts is eating, not sawing.
    let after: Vec<&str> =
        day.events.iter().skip_while(|e| e.kind != EventKind::Interrupted).map(|e| e.text.as_str()).collect();
    // Priced as it will walk: 17.6 s back to the table (the next test), at 0.1 a second.
    assert_eq!(after[1], "Plan for Hunger: Eat a loaf (cost 2.76, 2 expanded)");
    assert_eq!(after[2], "Started Eat a loaf at Table");

    let es = sim::play_in(far_sawmill(|t| t), 1, Lang::SPANISH).remove(0);
    let interrumpido = es.events.iter().find(|e| e.kind == EventKind::Interrupted).unwrap();
    assert_eq!(
        interrumpido.text,
        "Interrumpió Camino a Far sawmill: Hunger llegó a 0.80 (Hunger 0.75 superó a Saw planks 0.56)"
    );
}

#[test]
fn the_walker_stands_where_it_got_to_and_walks_back_from_there() {
    let mut app = sim::simulation_app(far_sawmill(|t| t));
    steps(&mut app, 167);
    let sawyer = the_sawyer(&app);
    let at = sim::position_of(app.world(), sawyer).unwrap();
    // 16.6 s of walking at 40 a second from (0, 0) toward (1000, 0).
    assert!((at[0] - 664.0).abs() < 1.0 && at[1] == 0.0, "{at:?}");
    let Activity::Walking { from, until } = activity(&app) else {
        panic!("walking back: {:?}", activity(&app))
    };
    // To the table at (-40, 0): 704 units at 40 a second.
    assert_eq!(until - from, 176);
}

#[test]
fn without_interrupts_at_the_same_day_has_no_interruption_and_the_walk_goes_on() {
    let day = sim::play(far_sawmill(|t| t.replace(", interrupts_at: 0.8", "")), 1).remove(0);
    assert!(!kinds(&day).contains(&EventKind::Interrupted));
    let started: Vec<&str> =
        day.events.iter().filter(|e| e.kind == EventKind::ActionStarted).map(|e| e.text.as_str()).collect();
    assert_eq!(started[0], "Started Saw planks at Far sawmill");
}

/// The sawmill at the door, its work a long action: the need crosses while it saws.
fn sawing_at_the_door(interruptible: bool) -> Scenario {
    far_sawmill(|t| {
        let t =
            t.replace("pos: (1000.0, 0.0)", "pos: (40.0, 0.0)").replace("duration: 6.0", "duration: 40.0");
        let t = t.replace(
            r#"effects: ["agent.planks += 1"],"#,
            &format!(
                r#"effects: ["agent.planks += 1", "world.boards += 1"], interruptible: {interruptible},"#
            ),
        );
        t.replace("agent: {", "world: {\"boards\": 0},\n    agent: {")
    })
}

#[test]
fn an_interrupted_action_lands_nothing_and_an_uninterruptible_one_finishes() {
    let scenario = sawing_at_the_door(true);
    let boards = scenario.facts.get(Scope::World, "boards").unwrap();
    let planks = scenario.facts.get(Scope::Agent, "planks").unwrap();
    let mut app = sim::simulation_app(scenario);
    assert!(sim::run_until(&mut app, 400, |app| matches!(activity(app), Activity::Acting { .. })));
    assert_eq!(app.world().resource::<Outlook>().0.tile(0).get(boards), 1, "the others count on a board");
    assert!(sim::run_until(&mut app, 400, |app| !steps_of(app, EventKind::Interrupted).is_empty()));
    let log = app.world().resource::<EventLog>();
    let interrupted = log.today.iter().find(|e| e.kind() == EventKind::Interrupted).unwrap();
    assert!(matches!(
        interrupted.what,
        Happening::Changed(LastReason::Interrupted { was: sim::Underway::Acting { .. }, .. })
    ));
    assert_eq!(app.world().resource::<Outlook>().0.tile(0).get(boards), 0, "its promise taken back");
    assert_eq!(app.world().resource::<WorldFacts>().tile(0).get(boards), 0);
    let sawyer = the_sawyer(&app);
    assert_eq!(app.world().get::<AgentFacts>(sawyer).unwrap().0.get(planks), 0, "no plank sawn");
    assert!(
        !steps_of(&app, EventKind::ActionFinished)
            .iter()
            .any(|&s| s <= steps_of(&app, EventKind::Interrupted)[0])
    );

    let day = sim::play(sawing_at_the_door(false), 1).remove(0);
    assert!(!kinds(&day).contains(&EventKind::Interrupted), "an action is atomic unless it says otherwise");
    let texts: Vec<&str> = day.events.iter().map(|e| e.text.as_str()).collect();
    let finished = texts.iter().position(|t| *t == "Finished Saw planks").unwrap();
    let ate = texts.iter().position(|t| *t == "Started Eat a loaf at Table").unwrap();
    assert!(finished < ate, "it saws to the end, then eats");
}

#[test]
fn a_lost_vote_does_not_interrupt_again_until_the_need_has_been_met() {
    // Saw planks asks 0.95: Hunger at 0.8 loses its vote, and goes on rising.
    let mut app = sim::simulation_app(far_sawmill(|t| t.replace("initial: 0.6", "initial: 0.95")));
    app.world_mut().insert_resource(DecisionTables::default());
    let mut votes: Vec<(u64, bool)> = Vec::new(); // (step, won)
    let mut last: Option<Arc<sim::DecisionTable>> = None;
    let mut met = Vec::new();
    for _ in 0..1_900 {
        sim::step(&mut app);
        let step = app.world().resource::<sim::Clock>().steps;
        let table = app.world().resource::<DecisionTables>().0.get(&0).cloned();
        if let Some(table) = table.filter(|t| last.as_ref().is_none_or(|l| !Arc::ptr_eq(l, t))) {
            match table.outcome {
                Outcome::WentOn { .. } => votes.push((step, false)),
                Outcome::Interrupted { .. } => votes.push((step, true)),
                _ => {}
            }
            last = Some(table);
        }
        let log = app.world().resource::<EventLog>();
        if log.today.last().is_some_and(|e| {
            e.kind() == EventKind::GoalSatisfied && matches!(e.what, Happening::Met { goal: 1 })
        }) && met.last() != Some(&step)
        {
            met.push(step);
        }
    }
    assert!(votes.iter().any(|&(_, won)| !won), "a vote lost: {votes:?}");
    // Between two votes of Hunger, Hunger was met (and so fell below its threshold).
    for pair in votes.windows(2) {
        assert!(
            met.iter().any(|&m| pair[0].0 < m && m < pair[1].0),
            "votes {pair:?} with no meal between: {met:?}"
        );
    }
    let went_on = app.world().resource::<DecisionTables>().0.get(&0).cloned();
    assert!(went_on.is_some());
}

#[test]
fn the_went_on_table_and_event_say_why_in_both_languages() {
    let mut app = sim::simulation_app(far_sawmill(|t| t.replace("initial: 0.6", "initial: 0.95")));
    app.world_mut().insert_resource(DecisionTables::default());
    steps(&mut app, 167);
    let table = app.world().resource::<DecisionTables>().0.get(&0).cloned().unwrap();
    assert!(matches!(table.outcome, Outcome::WentOn { .. }), "{:?}", table.outcome);
    let town = app.world().resource::<sim::Town>();
    let en = sim::outcome_text(town, Lang::ENGLISH, 0, &table.outcome);
    assert_eq!(
        en,
        "Hunger reached 0.80 during Walk to Far sawmill, but Saw planks has the best score: it goes on"
    );
    let es = sim::outcome_text(town, Lang::SPANISH, 0, &table.outcome);
    assert_eq!(
        es,
        "Hunger llegó a 0.80 durante Camino a Far sawmill, pero Saw planks tiene el mejor puntaje: sigue con lo suyo"
    );
    assert!(matches!(activity(&app), Activity::Walking { .. }), "it goes on walking");
    // The log says so too, headless: an event of its own, in words and as data.
    let day = sim::play(far_sawmill(|t| t.replace("initial: 0.6", "initial: 0.95")), 1).remove(0);
    let went_on = day.events.iter().find(|e| e.kind == EventKind::WentOn).expect("a went-on event");
    // Why it lost is the table's (which goals a decision plans to tell is the shortcuts' choice).
    assert_eq!(
        went_on.text,
        "Hunger reached 0.80 during Walk to Far sawmill, but did not win the vote: it goes on"
    );
    let es_day = sim::play_in(far_sawmill(|t| t.replace("initial: 0.6", "initial: 0.95")), 1, Lang::SPANISH);
    let siguio = es_day[0].events.iter().find(|e| e.kind == EventKind::WentOn).unwrap();
    assert_eq!(
        siguio.text,
        "Hunger llegó a 0.80 durante Camino a Far sawmill, pero no ganó la votación: sigue con lo suyo"
    );
    assert!((went_on.t - 16.7).abs() < 0.05, "at the step Hunger reached 0.8: {}", went_on.t);
    let json = serde_json::to_value(went_on).unwrap();
    assert_eq!((json["kind"].as_str(), json["goal"].as_str()), (Some("went_on"), Some("hunger")));
    assert_eq!(
        json["was"],
        serde_json::json!({"doing": "walking", "action": "sawPlanks", "station": "sawmill"})
    );
}

#[test]
fn the_players_stop_drops_the_action_is_kept_in_a_replay_and_undone_by_going_back() {
    let scenario = far_sawmill(|t| t.replace(", interrupts_at: 0.8", ""));
    let planks = scenario.facts.get(Scope::Agent, "planks").unwrap();
    let mut app = app_keeping_history(scenario.clone());
    assert!(sim::run_until(&mut app, 400, |app| matches!(activity(app), Activity::Acting { .. })));
    steps(&mut app, 10);
    let stopped_at = now(&app);
    assert!(sim::stop(app.world_mut(), 0), "acting: something to stop");
    let log = app.world().resource::<EventLog>();
    let stop = log.today.last().unwrap();
    assert_eq!(stop.kind(), EventKind::Stopped);
    let town = app.world().resource::<sim::Town>();
    assert_eq!(sim::event_text(town, Lang::ENGLISH, stop), "Stopped by the player during Saw planks");
    assert_eq!(sim::event_text(town, Lang::SPANISH, stop), "Detenido por el jugador durante Saw planks");
    assert_eq!(activity(&app), Activity::Idle, "it decides at the next step");
    steps(&mut app, 100);
    let sawyer = the_sawyer(&app);
    assert_eq!(
        app.world().get::<AgentFacts>(sawyer).unwrap().0.get(planks),
        0,
        "the stopped action landed nothing"
    );
    assert!(!sim::stop(app.world_mut(), 7), "no villager 7");
    let end = now(&app);

    // A replay keeps the stop at its step, and plays the day again event for event.
    let replay = Replay::of(app.world(), "tests/interrupts/far_sawmill.ron", false, end).unwrap();
    let json = replay.to_json();
    assert!(json.contains("\"stop\""), "{json}");
    let replay = Replay::from_bytes(json.as_bytes()).unwrap();
    let mut again = App::new();
    again.add_plugins(sim::SimPlugin);
    sim::install_town(again.world_mut(), replay.town(scenario.clone()));
    replay.play(again.world_mut(), end).unwrap();
    assert_eq!(run_so_far(&again), run_so_far(&app));

    // Going back before it undoes it; forward again plays it as it was.
    let played = run_so_far(&app);
    sim::seek(app.world_mut(), stopped_at.step - 1);
    assert!(!app.world().resource::<EventLog>().today.iter().any(|e| e.kind() == EventKind::Stopped));
    sim::seek(app.world_mut(), end.step);
    assert_eq!(run_so_far(&app), played);

    // A replay that stops a villager the town does not have says so.
    let mut bad: serde_json::Value = serde_json::from_str(&json).unwrap();
    bad["edits"][0]["stop"]["villager"] = 3.into();
    let fault = Replay::from_bytes(bad.to_string().as_bytes()).unwrap_err();
    assert!(format!("{fault:?}").contains("NoVillager"), "{fault:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The step the calendar files an interruption at is the first step a check polled at every
    /// step would fire: walking, the need at or past its threshold.
    #[test]
    fn the_calendar_interrupts_at_the_first_step_a_polled_check_would(
        initial in 0.0f32..0.6,
        rate in 0.005f32..0.08,
        at in 0.3f32..1.0,
        far in 200.0f32..1500.0,
    ) {
        let text = |t: String| {
            t.replace("initial: 0.3), interrupts_at: 0.8", &format!("initial: {initial}), interrupts_at: {at}"))
                .replace("rate: 0.03", &format!("rate: {rate}"))
                .replace("pos: (1000.0, 0.0)", &format!("pos: ({far}, 0.0)"))
        };
        let mut app = sim::simulation_app(far_sawmill(text));
        app.world_mut().insert_resource(DecisionTables::default());
        // The rule polled at every step: walking for another goal than Hunger (its own goal does
        // not interrupt it), Hunger armed (below its threshold when last weighed) and now at or
        // past it. Every decision weighs Hunger again.
        let (mut polled, mut voted, mut armed) = (Vec::new(), Vec::new(), false);
        let mut last: Option<Arc<sim::DecisionTable>> = None;
        for _ in 0..900 {
            let sawyer = the_sawyer(&app);
            let pursued = app.world().get::<sim::Intent>(sawyer).unwrap().goal();
            let walking_on = match activity(&app) {
                Activity::Walking { until, .. } if pursued != Some(1) => Some(until),
                _ => None,
            };
            sim::step(&mut app);
            let step = app.world().resource::<sim::Clock>().steps;
            if walking_on.is_some_and(|until| u64::from(until) > step) && armed && hunger(&app) >= at {
                polled.push(step);
            }
            let table = app.world().resource::<DecisionTables>().0.get(&0).cloned();
            if let Some(table) = table.filter(|t| last.as_ref().is_none_or(|l| !Arc::ptr_eq(l, t))) {
                if matches!(table.outcome, Outcome::WentOn { .. } | Outcome::Interrupted { .. }) {
                    voted.push(step);
                }
                armed = hunger(&app) < at;
                last = Some(table);
            }
        }
        prop_assert_eq!(voted, polled, "the votes (won or lost) at the polled steps");
    }
}

#[test]
fn one_in_line_broken_off_gives_up_its_place() {
    // Two sawyers, one saw at the door that takes 40 s: the second waits in line (choosing
    // again every 30 s) while its Hunger rises past 0.8 before its first retry.
    let scenario = far_sawmill(|t| {
        let t =
            t.replace("pos: (1000.0, 0.0)", "pos: (40.0, 0.0)").replace("duration: 6.0", "duration: 40.0");
        let t =
            t.replace("settings: (day_length: 200.0,", "settings: (day_length: 200.0, retry_interval: 30.0,");
        let second = r#"(
            id: "sawyer2", name: "Sawyer 2", start: (0.0, 10.0), speed: 40.0,
            actions: ["sawPlanks", "eat"],
            goals: [
                (id: "work", label: "Saw planks", wants: ["agent.planks >= 1"], drift: Need(rate: 0.0, initial: 0.6)),
                (id: "hunger", label: "Hunger", wants: ["agent.fed >= 1"], drift: Need(rate: 0.03, initial: 0.3), interrupts_at: 0.8),
            ],
        ),
    ],
)"#;
        let end = t.rfind("    ],\n)").unwrap();
        format!("{}{}", &t[..end], second.replacen("(", "        (", 1))
    });
    let day = sim::play(scenario, 1).remove(0);
    let second: Vec<(EventKind, serde_json::Value)> = day
        .events
        .iter()
        .filter(|e| e.villager.as_deref() == Some("sawyer2"))
        .map(|e| (e.kind, serde_json::to_value(e).unwrap()))
        .collect();
    let queued = second.iter().position(|(k, _)| *k == EventKind::Queued).expect("it waits in line");
    let interrupted =
        second.iter().position(|(k, _)| *k == EventKind::Interrupted).expect("Hunger breaks in");
    assert!(queued < interrupted);
    assert_eq!(second[interrupted].1["was"]["doing"], "queued");
    let left = &second[interrupted + 1];
    assert_eq!(left.0, EventKind::LeftQueue, "it gives up its place: {second:?}");
    assert_eq!(left.1["t"], second[interrupted].1["t"]);
}
