//! The inspector tells one story: its bars show insistence now, and what planning made of each
//! goal comes from the very table "Why it chose" shows; the last reason never contradicts the
//! goal pursued; and what a player reads is labels and words, never the scenario's ids or a
//! count below zero (those stay in the details).

use bevy::prelude::*;
use goap_town::game::Lang;
use goap_town::game::inspect::{self, InspectorView, StateLine, inspect, shown_world};
use goap_town::scenario;
use goap_town::sim::{self, Villager};

fn shipped(name: &str) -> App {
    let mut app = sim::simulation_app(scenario::parse(scenario::shipped(name).unwrap(), name).unwrap());
    app.init_resource::<sim::DecisionTables>();
    inspect::keep_decision_times(&mut app);
    app
}

fn villagers(app: &mut App) -> Vec<Entity> {
    let mut q = app.world_mut().query_filtered::<Entity, With<Villager>>();
    q.iter(app.world()).collect()
}

/// Plays `app` for `steps`, looking at every villager's inspector every `every` steps.
fn every_view(app: &mut App, steps: usize, every: usize, mut look: impl FnMut(&App, Entity, &InspectorView)) {
    let all = villagers(app);
    for step in 0..steps {
        sim::step(app);
        if step % every == 0 {
            for &e in &all {
                let view = inspect(app.world(), e).unwrap();
                look(app, e, &view);
            }
        }
    }
}

#[test]
fn the_bars_show_insistence_now_and_the_tables_verdict_at_the_last_decision() {
    let mut app = shipped("village.ron");
    let (mut met, mut planned) = (0, 0);
    every_view(&mut app, 3000, 23, |app, e, view| {
        let now = sim::insistences(app.world(), e).unwrap();
        let Some(table) = &view.table else { return };
        for (g, goal) in view.goals.iter().enumerate() {
            assert_eq!(goal.insistence, now[g], "{}: the bar is the insistence now", view.name);
            let then = goal.at_decision.as_ref().expect("a goal's row of the last decision");
            let (label, insistence, row) = &table.rows[g];
            assert_eq!((label, *insistence), (&goal.label, then.insistence), "{}", view.name);
            // The bar says what the table says: a goal the table calls met is met in the bar.
            match then.plan {
                Some((score, _)) => {
                    planned += 1;
                    assert!(row.contains(&format!("score {score:.2}")), "{row} / {}", then.text);
                }
                None => assert_eq!(&then.text, row, "{}", view.name),
            }
            if row == "met" {
                met += 1;
                assert!(then.met && then.text == "met", "{then:?}");
            }
        }
    });
    assert!(met > 0 && planned > 0, "met {met}, planned {planned}: both cases were seen");
}

#[test]
fn the_last_reason_never_contradicts_the_goal_pursued() {
    let mut app = shipped("village.ron");
    let mut stood_in = 0;
    every_view(&mut app, 3000, 7, |_, _, view| {
        let reason = &view.reason;
        // "X (0.41) overtook Y (0.20)" or "X overtook Y: its lead …": X is the goal pursued.
        if let Some((winner, _)) = reason.text.split_once(" overtook ") {
            let winner = match winner.strip_prefix("Interrupted ") {
                // "Interrupted Walk to …: Thirst reached 0.50 (Thirst 0.47 overtook …)".
                Some(rest) => {
                    rest.rsplit_once(" (").and_then(|(_, w)| w.rsplit_once(' ')).map_or(rest, |(w, _)| w)
                }
                None => winner.split(" (").next().unwrap(),
            };
            assert_eq!(Some(winner), view.goal.as_deref(), "{}: {reason:?}", view.name);
        }
        if !view.steps.is_empty() {
            assert!(
                !reason.text.starts_with("Resting") && !reason.text.starts_with("No viable plan"),
                "{reason:?}"
            );
        }
        if reason.from_decision {
            stood_in += 1;
            // The stale reason is kept, said to be earlier.
            assert!(reason.earlier.is_some() && reason.t.is_some(), "{reason:?}");
        }
    });
    // A plan made now says what it pursues (sim::LastReason::Pursuing), so the simulation leaves
    // no stale reason here; the inspector's stand-in (the last decision's outcome) is a safety net.
    assert_eq!(stood_in, 0, "the simulation's reasons agree with the goals pursued");
}

/// Every text of `view` a player reads (not the details).
fn said(view: &InspectorView, lang: Lang) -> Vec<String> {
    let mut all = vec![view.state.describe(lang), view.reason.text.clone()];
    all.extend(view.reason.earlier.iter().map(|(_, text)| text.clone()));
    all.extend(view.goal.clone());
    all.extend(view.steps.iter().map(|(label, _)| label.clone()));
    all.extend(view.makers.iter().flat_map(|m| [m.action.clone(), m.state.describe(lang)]));
    all.extend(view.goals.iter().filter_map(|g| g.at_decision.as_ref().map(|d| d.text.clone())));
    let tables = view.table.iter().chain(view.decisions.iter().filter_map(|d| d.table.as_ref()));
    for table in tables {
        all.extend(table.rows.iter().map(|(_, _, text)| text.clone()));
        all.push(table.outcome.clone());
    }
    all.extend(view.decisions.iter().map(|d| d.text.clone()));
    all.extend(view.own_facts.iter().chain(&view.world_facts).map(|f| f.name.clone()));
    all
}

#[test]
fn the_inspector_says_labels_and_words_not_ids() {
    for (name, lang) in
        [("village.ron", Lang::ENGLISH), ("town.ron", Lang::SPANISH), ("forge.ron", Lang::ENGLISH)]
    {
        let mut app = shipped(name);
        app.insert_resource(lang);
        let scenario = app.world().resource::<sim::Town>().scenario.clone();
        // Ids a player would not write: camelCase ones (`mineOre`, `ironIngot`).
        let camel = |id: &str| id.chars().any(char::is_uppercase);
        let mut ids: Vec<String> =
            scenario.actions.iter().map(|a| a.id.clone()).filter(|id| camel(id)).collect();
        ids.extend(scenario.facts.ids().map(|f| scenario.facts.name(f).to_owned()).filter(|id| camel(id)));
        let mut lines = 0;
        every_view(&mut app, 2000, 41, |_, _, view| {
            for text in said(view, lang) {
                lines += 1;
                for leak in ["world.", "agent.", "@place", ">=", "<="] {
                    assert!(!text.contains(leak), "{name}: `{leak}` in {text:?}");
                }
                let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
                assert!(!ids.iter().any(|id| words.contains(&id.as_str())), "{name}: an id in {text:?}");
            }
            assert!(view.own_facts.iter().chain(&view.world_facts).all(|f| f.value >= 0), "{view:?}");
            assert!(view.details.iter().any(|d| d.contains("world.")), "the ids are kept in the details");
        });
        assert!(lines > 100, "{name}: {lines}");
    }
}

#[test]
fn a_count_below_zero_is_shown_as_none() {
    let mut app = shipped("forge.ron");
    sim::step(&mut app);
    let smith = villagers(&mut app)[1];
    let ingots = app
        .world()
        .resource::<sim::Town>()
        .scenario
        .facts
        .ids()
        .find(|&f| app.world().resource::<sim::Town>().scenario.facts.qualified(f) == "world.ironIngot");
    sim::edit_world_fact(app.world_mut(), 0, ingots.unwrap(), -1);
    let view = inspect(app.world(), smith).unwrap();
    assert_eq!(view.state, StateLine::Waiting(Some("iron ingots: none in the town".to_owned())));
    let shown = view.world_facts.iter().find(|f| f.id == "world.ironIngot").unwrap();
    assert_eq!(shown.value, 0);
    assert!(view.details.contains(&"world.ironIngot = -1".to_owned()), "{:?}", view.details);
}

#[test]
fn the_world_panel_names_the_tile_whose_facts_it_shows() {
    let forge = scenario::parse(scenario::shipped("forge.ron").unwrap(), "forge.ron").unwrap();
    let layout = sim::Layout::tiled(&forge, 3 * forge.characters.len(), None);
    let mut app = sim::tiled_app(forge, layout, sim::SimOptions::default());
    sim::step(&mut app);
    let mut q = app.world_mut().query::<&Villager>();
    let smith = *q.iter(app.world()).find(|v| v.tile() == 2 && v.index() == 1).unwrap();
    let town = app.world().resource::<sim::Town>();
    let number = town.layout.town_tile(2);
    let (tile, title) = shown_world(town, Some(&smith), Lang::ENGLISH);
    assert_eq!((tile, title), (2, format!("World of tile {number} (Smith)")));
    let (_, spanish) = shown_world(town, Some(&smith), Lang::SPANISH);
    assert_eq!(spanish, format!("Mundo de la parcela {number} (Smith)"));
    assert_eq!(
        shown_world(town, None, Lang::ENGLISH).1,
        format!("World of tile {}", town.layout.town_tile(0))
    );
    // A town as written has one world.
    let app = shipped("forge.ron");
    assert_eq!(
        shown_world(app.world().resource::<sim::Town>(), None, Lang::ENGLISH),
        (0, "World facts".into())
    );
}
