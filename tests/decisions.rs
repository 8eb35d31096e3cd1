//! Why a villager chose: a known decision's table in town.ron — every goal with its insistence,
//! plan, cost and score, and why the winner won — in English and Spanish; and keeping tables
//! changes nothing the town does.

mod common;

use common::shipped;
use goap_town::sim::{self, DecisionTables, EventKind, EventLog, Happening, Outcome, RowResult, Town};
use goap_town::words::Lang;

/// The day's events of town.ron up to `seconds`, with tables kept or not.
fn town_until(seconds: f32, tables: bool) -> bevy::app::App {
    let mut app = sim::simulation_app(shipped("town.ron"));
    if tables {
        app.insert_resource(DecisionTables::default());
    }
    for _ in 0..(seconds / sim::STEP) as usize {
        sim::step(&mut app);
    }
    app
}

#[test]
fn the_bakers_switch_keeps_its_table_and_says_why_the_winner_won() {
    let app = town_until(120.0, true);
    let (town, log) = (app.world().resource::<Town>(), app.world().resource::<EventLog>());
    let baker = town.scenario.characters.iter().position(|c| c.id == "baker").unwrap();
    let switch = log
        .today
        .iter()
        .find(|e| {
            e.kind() == EventKind::GoalSwitch
                && e.villager.map(|n| town.layout.character_of(n)) == Some(baker)
        })
        .expect("hunger overtakes the baker's baking before two minutes");
    let table = switch.table.as_ref().expect("the switch carries its decision's table");
    let goal =
        |id: &str| town.scenario.characters[baker].goals.iter().position(|g| g.id == id).unwrap() as u16;
    let hysteresis = town.scenario.settings.hysteresis;
    let Outcome::Overtook { goal: to, from, lead, hysteresis: h } = table.outcome else {
        panic!("{:?}", table.outcome)
    };
    assert_eq!((to, from, h), (goal("hunger"), goal("bake"), hysteresis));
    assert!(lead > hysteresis, "the lead {lead} beats the hysteresis {hysteresis}");
    assert_eq!(table.rows.len(), 2, "every goal of the baker");
    for row in &table.rows {
        let RowResult::Plan { steps, score, .. } = &row.result else { panic!("{row:?}") };
        assert!(!steps.is_empty());
        let expected = if row.goal == to { 0.58 } else { 0.41 };
        assert!((score - expected).abs() < 0.006, "{row:?}");
    }
    let words = |lang| sim::outcome_text(town, lang, baker, &table.outcome);
    let english = words(Lang::ENGLISH);
    assert!(english.starts_with("Hunger overtook Bake bread: its lead 0.1"), "{english}");
    assert!(english.ends_with(&format!("is more than the hysteresis {hysteresis:.2}")), "{english}");
    let spanish = words(Lang::SPANISH);
    assert!(spanish.starts_with("Hunger superó a Bake bread: su ventaja 0.1"), "{spanish}");
    let row = |lang| sim::row_text(town, lang, baker, &table.rows[goal("hunger") as usize], &[]);
    assert_eq!(row(Lang::ENGLISH), "plan Take a loaf, Eat (cost 2.3, score 0.58)");
    assert_eq!(row(Lang::SPANISH), "plan Take a loaf, Eat (costo 2.3, puntaje 0.58)");
    // And it is the baker's last table until it decides again; a wait's table says what it waits on.
    let tables = app.world().resource::<DecisionTables>();
    assert!(tables.0.len() >= 6, "every villager has decided");
    let smith = town.scenario.characters.iter().position(|c| c.id == "smith").unwrap();
    let wait =
        log.today.iter().find(|e| e.kind() == EventKind::Waiting && e.villager == Some(smith)).unwrap();
    let table = wait.table.as_ref().unwrap();
    assert!(matches!(table.outcome, Outcome::Waited { .. }));
    let forge = table.rows.iter().find(|r| matches!(r.result, RowResult::NoPlan { .. })).unwrap();
    assert_eq!(sim::row_text(town, Lang::ENGLISH, smith, forge, &[]), "no plan (unreachable): needs iron");
    assert_eq!(
        sim::row_text(town, Lang::SPANISH, smith, forge, &[]),
        "sin plan (inalcanzable): necesita hierro"
    );
}

#[test]
fn keeping_tables_changes_nothing_the_town_does() {
    let (with, without) = (town_until(290.0, true), town_until(290.0, false));
    let what = |app: &bevy::app::App| -> Vec<(f32, Option<usize>, Happening)> {
        let log = app.world().resource::<EventLog>();
        log.today.iter().map(|e| (e.t, e.villager, e.what.clone())).collect()
    };
    assert!(what(&with).len() > 100);
    assert_eq!(what(&with), what(&without));
    assert!(app_tables(&without).is_none());
}

fn app_tables(app: &bevy::app::App) -> Option<&DecisionTables> {
    app.world().get_resource::<DecisionTables>()
}

/// A world fact set from outside (the game's fact editor) is logged, and a villager waiting for
/// it plans with it at its next safe point.
#[test]
fn an_edited_world_fact_is_logged_and_a_waiting_villager_takes_it_into_account() {
    let mut app = town_until(20.0, false);
    let town = app.world().resource::<Town>().clone();
    let smith = town.scenario.characters.iter().position(|c| c.id == "smith").unwrap();
    let waiting = |app: &bevy::app::App| {
        let roster = &app.world().resource::<sim::Roster>().0;
        matches!(app.world().get::<sim::Activity>(roster[smith]), Some(sim::Activity::Waiting { .. }))
    };
    assert!(waiting(&app), "at 20 s the smith waits for bread");
    let bread = town.scenario.facts.get(goap_town::scenario::Scope::World, "bread").unwrap();
    sim::edit_world_fact(app.world_mut(), 0, bread, 3);
    let log = app.world().resource::<EventLog>();
    let edited = log.today.last().unwrap();
    assert_eq!(edited.kind(), EventKind::Edited);
    assert_eq!(sim::event_text(&town, Lang::ENGLISH, edited), "bread set to 3 (was 0)");
    assert_eq!(sim::event_text(&town, Lang::SPANISH, edited), "pan cambiado a 3 (antes 0)");
    let since = log.today.len();
    for _ in 0..(10.0 / sim::STEP) as usize {
        sim::step(&mut app);
    }
    let log = app.world().resource::<EventLog>();
    let after: Vec<_> = log.today[since..].iter().filter(|e| e.villager == Some(smith)).collect();
    assert!(
        after.iter().any(|e| matches!(e.what, Happening::PlanMade { .. })),
        "the smith plans with the bread: {:?}",
        after.iter().map(|e| sim::event_text(&town, Lang::ENGLISH, e)).collect::<Vec<_>>()
    );
    // It walks to the oven and takes a loaf (then, fed, it may well wait again for iron).
    assert!(after.iter().any(|e| e.kind() == EventKind::ActionStarted), "it acts on the plan");
}
