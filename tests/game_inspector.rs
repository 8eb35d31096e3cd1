//! The inspector's content, built from ECS data for a villager that waits and one mid-plan.

use bevy::prelude::*;
use goap_town::game::Lang;
use goap_town::game::inspect::{StateLine, StepStatus, inspect};
use goap_town::scenario;
use goap_town::sim::{self, Activity, Intent, Villager};

fn forge() -> App {
    sim::simulation_app(scenario::parse(scenario::shipped("forge.ron").unwrap(), "forge.ron").unwrap())
}

fn entity_of(app: &mut App, index: usize) -> Entity {
    let mut q = app.world_mut().query::<(Entity, &Villager)>();
    q.iter(app.world()).find(|(_, v)| v.index == index).unwrap().0
}

#[test]
fn a_waiting_villager_says_why() {
    let mut app = forge();
    sim::step(&mut app);
    let smith = entity_of(&mut app, 1);
    let view = inspect(app.world(), smith).unwrap();
    assert_eq!(view.name, "Smith");
    assert_eq!(view.state, StateLine::Waiting);
    assert_eq!(view.state.describe(Lang::English), "waiting…");
    assert_eq!(view.state.describe(Lang::Spanish), "esperando…");
    assert_eq!(view.reason, "No viable plan: waiting for the world to change");
    assert_eq!(view.goal, None);
    assert!(view.steps.is_empty());
    assert_eq!(view.goals.len(), 1);
    assert_eq!(
        (view.goals[0].label.as_str(), view.goals[0].score, view.goals[0].cost),
        ("Make tools", None, None)
    );
    assert_eq!(view.decisions.last().unwrap().1, "No viable plan: waiting for the world to change");
    assert!(view.world_facts.contains(&("ironIngot".to_owned(), 0)));
    assert_eq!(view.own_facts, [("iron".to_owned(), 0)]);
}

#[test]
fn a_resting_villager_has_not_planned_its_goals() {
    // The bakery's villagers rest at dawn: nothing is insistent yet, so nothing is planned.
    let mut app =
        sim::simulation_app(scenario::parse(scenario::shipped("bakery.ron").unwrap(), "bakery.ron").unwrap());
    sim::step(&mut app);
    let baker = entity_of(&mut app, 2);
    let view = inspect(app.world(), baker).unwrap();
    assert_eq!(view.state, StateLine::Resting);
    assert!(view.goals.iter().all(|g| !g.planned && g.score.is_none()), "{:?}", view.goals);
}

#[test]
fn a_villager_mid_plan_shows_done_current_and_next_steps() {
    let mut app = forge();
    let smelter = entity_of(&mut app, 0);
    // Run until the smelter has finished a step of a plan that has more to come.
    let mid_plan = sim::run_until(&mut app, 3000, |app| {
        let intent = app.world().get::<Intent>(smelter).unwrap();
        intent.step >= 1 && intent.step + 1 < intent.plan.len()
    });
    assert!(mid_plan);
    let view = inspect(app.world(), smelter).unwrap();
    assert_eq!(view.goal.as_deref(), Some("Smelt iron"));
    let statuses: Vec<StepStatus> = view.steps.iter().map(|(_, s)| *s).collect();
    let current = statuses.iter().position(|s| *s == StepStatus::Current).unwrap();
    assert!(statuses[..current].iter().all(|s| *s == StepStatus::Done));
    assert!(statuses[current + 1..].iter().all(|s| *s == StepStatus::Next) && current + 1 < statuses.len());
    assert!(
        view.steps.iter().all(|(label, _)| label == "Mine ore" || label == "Smelt an ingot"),
        "{:?}",
        view.steps
    );
    // Right after a step finishes it walks to the next station, then acts there.
    match &view.state {
        StateLine::WalkingTo(station) => assert!(station == "Mine" || station == "Furnace"),
        StateLine::Acting { .. } | StateLine::Deciding => {}
        other => panic!("unexpected state {other:?}"),
    }
    assert!(
        view.goals[0].planned
            && view.goals[0].score.is_some()
            && view.goals[0].cost.is_some()
            && view.goals[0].current
    );
    assert!(view.decisions.iter().any(|(_, d)| d.starts_with("Plan for Smelt iron: ")));

    // And while acting, the state line counts the seconds.
    sim::run_until(&mut app, 200, |app| {
        matches!(app.world().get::<Activity>(smelter), Some(Activity::Acting { .. }))
    });
    let acting = inspect(app.world(), smelter).unwrap();
    let StateLine::Acting { label, done, duration } = &acting.state else { panic!("{:?}", acting.state) };
    assert!(*done <= *duration && *duration > 0.0);
    assert!(acting.state.describe(Lang::English).starts_with(&format!("acting: {label} ")));
}
