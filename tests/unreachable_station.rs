//! A station walled in where nobody can walk to it: `check` warns, and wherever a plan that
//! needs it is missing — `plan`, the simulation's reason, the inspector, "Why this plan?" — the
//! reason names the station and says it cannot be reached, in English and in Spanish. And "Why
//! this plan?" shows each step's walking beside its own cost, as `plan` prints it.

mod common;

use bevy::prelude::*;
use common::goap_town;
use goap_town::game::Lang;
use goap_town::game::inspect::{self, inspect};
use goap_town::game::why::{no_plan_text, search_view, step_lines};
use goap_town::scenario::{self, Scenario};
use goap_town::sim::{self, LastReason, Town, Villager};

/// `tests/maps/river.ron` with the garden's gate walled up: the Table (station 2) stands where
/// nobody can walk.
const WALLED: &str = "tests/maps/walled_table.ron";
const TABLE: usize = 2;
const EN: &str = "the Table cannot be reached from here (walls or water in the way)";
const ES: &str = "no se puede llegar a Table desde aquí (hay muros o agua en el camino)";

fn walled() -> Scenario {
    scenario::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(WALLED)).unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The walled scenario running as the game runs it (decision tables kept), until the cook has
/// decided it must wait.
fn waiting_cook() -> (App, Entity) {
    let mut app = sim::simulation_app(walled());
    app.init_resource::<sim::DecisionTables>();
    inspect::keep_decision_times(&mut app);
    let mut villagers = app.world_mut().query::<(Entity, &Villager)>();
    let cook = villagers.iter(app.world()).next().unwrap().0;
    let waiting = |app: &App| matches!(app.world().get::<LastReason>(cook), Some(LastReason::Waiting { .. }));
    assert!(sim::run_until(&mut app, 2000, waiting), "the cook finds no plan and waits");
    (app, cook)
}

#[test]
fn check_warns_that_nobody_can_walk_to_the_walled_in_table() {
    let out = goap_town(&["check", WALLED]);
    assert!(out.status.success(), "a warning does not fail: {}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains(
            "stations[2]: warning: \"cook\", who needs station \"table\", cannot walk to it from where it starts"
        ),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn plan_names_the_walled_in_table_in_text_and_in_json() {
    let args = ["plan", WALLED, "--character", "cook", "--goal", "fed"];
    let out = goap_town(&args);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stdout),
        "no plan: unreachable: station table cannot be reached from here (walls or water in the way)\n"
    );

    let out = goap_town(&[&args[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["plan"], serde_json::Value::Null);
    assert_eq!(v["reason"], "unreachable");
    assert_eq!(v["cut_off"], serde_json::json!(["table"]));
    assert!(v["detail"].as_str().unwrap().contains("station table cannot be reached"), "{v}");
    assert!(v["expanded"].is_u64(), "{v}");
}

#[test]
fn plan_without_a_walled_in_station_names_none() {
    // The forge's smith has no plan for want of iron, with no map: `cut_off` is empty and the
    // reason is the planner's, as before.
    let out =
        goap_town(&["plan", "scenarios/forge.ron", "--character", "smith", "--goal", "tools", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cut_off"], serde_json::json!([]));
    assert!(v["detail"].as_str().unwrap().contains("world.ironIngot >= 1"), "{v}");
}

#[test]
fn the_walled_in_table_is_what_the_goal_needs_and_an_open_way_is_not_blamed() {
    let scenario = walled();
    let fed = &scenario.characters[0].goals[0].conditions;
    assert_eq!(scenario.cut_off(0, fed, &scenario.start_state(0)), [TABLE]);

    // With the gate open (river.ron) nothing is cut off.
    let river =
        scenario::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/river.ron"));
    let river = river.unwrap();
    assert!(river.cut_off(0, fed, &river.start_state(0)).is_empty());

    // A second table in the open: the walled one is not in the way of eating, so it is not named.
    let text =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(WALLED)).unwrap();
    let two_tables = text.replace(
        r#"(id: "table",    label: "Table",    pos: (200.0, -80.0)),"#,
        r#"(id: "table",    label: "Table",    pos: (200.0, -80.0), kind: "table"),
        (id: "bench",    label: "Bench",    pos: (100.0, -100.0), kind: "table"),"#,
    );
    assert_ne!(two_tables, text);
    let two = scenario::parse(&two_tables, "two_tables.ron").unwrap();
    assert!(two.cut_off(0, fed, &two.start_state(0)).is_empty());

    // Holding a meal already, only eating is left, and the table is still walled in.
    let mut fed_soon = scenario.start_state(0);
    fed_soon.set(scenario.facts.get(scenario::Scope::Agent, "meal").unwrap(), 1);
    assert_eq!(scenario.cut_off(0, fed, &fed_soon), [TABLE]);
}

/// An open bench where eating also needs a plate nobody makes: the way open to the cook leads
/// nowhere, so the walled-in table is still what the goal needs, and it is named. Once a plate
/// can be taken at the bench, the open way leads somewhere and nothing is named.
#[test]
fn an_open_way_that_leads_nowhere_does_not_hide_the_walled_in_table() {
    let walled =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(WALLED)).unwrap();
    let bench = r#"(id: "table",    label: "Table",    pos: (200.0, -80.0)),
        (id: "bench",    label: "Bench",    pos: (100.0, -100.0)),"#;
    let eat_on_bench = r#"effects: ["agent.meal -= 1", "agent.fed += 1"],
        ),
        (
            id: "eatOnBench", label: "Eat on the bench", station: "bench", duration: 3.0, cost: 1,
            needs: ["agent.meal >= 1", "agent.plate >= 1"],
            effects: ["agent.meal -= 1", "agent.fed += 1"],
        ),"#;
    let with_bench = walled
        .replace(r#"(id: "table",    label: "Table",    pos: (200.0, -80.0)),"#, bench)
        .replace(r#""fed": 0,"#, r#""fed": 0, "plate": 0,"#)
        .replace(
            r#"effects: ["agent.meal -= 1", "agent.fed += 1"],
        ),"#,
            eat_on_bench,
        )
        .replace(r#""cookMeal", "eatMeal"]"#, r#""cookMeal", "eatMeal", "eatOnBench"]"#);
    let plates = with_bench
        .replace(
            r#"id: "eatOnBench","#,
            r#"id: "takePlate", label: "Take a plate", station: "bench", duration: 1.0, cost: 1,
            effects: ["agent.plate += 1"],
        ),
        (
            id: "eatOnBench","#,
        )
        .replace(r#""eatMeal", "eatOnBench"]"#, r#""eatMeal", "eatOnBench", "takePlate"]"#);
    assert_eq!(with_bench.matches("eatOnBench").count(), 2, "the bench's action is in");
    assert_eq!(plates.matches("takePlate").count(), 2, "the plates' action is in");

    let no_plates = scenario::parse(&with_bench, "bench.ron").unwrap();
    let fed = &no_plates.characters[0].goals[0].conditions;
    assert_eq!(no_plates.cut_off(0, fed, &no_plates.start_state(0)), [TABLE]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bench.ron");
    std::fs::write(&file, &with_bench).unwrap();
    let out = goap_town(&["plan", file.to_str().unwrap(), "--character", "cook", "--goal", "fed"]);
    assert_eq!(
        text(&out.stdout),
        "no plan: unreachable: station table cannot be reached from here (walls or water in the way)\n"
    );

    let plates = scenario::parse(&plates, "plates.ron").unwrap();
    let fed = &plates.characters[0].goals[0].conditions;
    assert!(plates.cut_off(0, fed, &plates.start_state(0)).is_empty());
}

#[test]
fn the_simulations_reason_names_the_walled_in_table() {
    let (app, cook) = waiting_cook();
    let town = app.world().resource::<Town>();
    let reason = *app.world().get::<LastReason>(cook).unwrap();
    assert!(matches!(reason, LastReason::Waiting { goal: 0, .. }), "{reason:?}");
    let cut_off = sim::cut_off_of(app.world(), cook);
    assert_eq!(cut_off, [TABLE]);
    assert_eq!(
        sim::reason_text(town, Lang::ENGLISH, 0, &reason, &cut_off),
        format!("No viable plan for Hunger: {EN}")
    );
    assert_eq!(
        sim::reason_text(town, Lang::SPANISH, 0, &reason, &cut_off),
        format!("Sin plan viable para Hunger: {ES}")
    );
}

#[test]
fn run_at_a_moment_names_the_walled_in_table() {
    let out = goap_town(&["run", WALLED, "--at", "60", "--villager", "cook", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["reason"], format!("No viable plan for Hunger: {EN}"), "{v}");
}

#[test]
fn the_inspector_names_the_walled_in_table_in_english_and_in_spanish() {
    let (mut app, cook) = waiting_cook();
    let view = inspect(app.world(), cook).unwrap();
    assert_eq!(view.reason.text, format!("No viable plan for Hunger: {EN}"));
    let row = view.goals[0].at_decision.as_ref().unwrap();
    assert_eq!(row.text, format!("no plan (unreachable): {EN}"));
    let table = view.table.as_ref().unwrap();
    assert_eq!(table.rows[0].2, format!("no plan (unreachable): {EN}"));
    assert_eq!(
        view.decisions.last().unwrap().text,
        format!("No viable plan for Hunger: {EN}"),
        "the log too"
    );

    app.world_mut().insert_resource(Lang::SPANISH);
    let view = inspect(app.world(), cook).unwrap();
    assert_eq!(view.reason.text, format!("Sin plan viable para Hunger: {ES}"));
    let row = view.goals[0].at_decision.as_ref().unwrap();
    assert_eq!(row.text, format!("sin plan (inalcanzable): {ES}"));
}

#[test]
fn why_this_plan_names_the_walled_in_table_in_english_and_in_spanish() {
    let (mut app, cook) = waiting_cook();
    let search = search_view(app.world(), cook).unwrap();
    let no_plan = search.answer.as_ref().unwrap_err();
    assert_eq!(no_plan_text(Lang::ENGLISH, no_plan), EN);
    app.world_mut().insert_resource(Lang::SPANISH);
    let search = search_view(app.world(), cook).unwrap();
    assert_eq!(no_plan_text(Lang::SPANISH, search.answer.as_ref().unwrap_err()), ES);
}

/// cook.ron's plan, each step with its walk as `plan` prints it (README: `chopWood @ woodpile
/// (1 + walking 0.32)` …), in the interface's words.
#[test]
fn why_this_plan_shows_each_steps_walking_beside_its_cost() {
    let mut app =
        sim::simulation_app(scenario::parse(scenario::shipped("cook.ron").unwrap(), "cook.ron").unwrap());
    sim::step(&mut app);
    let mut villagers = app.world_mut().query::<(Entity, &Villager)>();
    let cook = villagers.iter(app.world()).next().unwrap().0;
    let search = search_view(app.world(), cook).unwrap();
    assert_eq!(
        step_lines(Lang::ENGLISH, &search),
        [
            "Chop wood @ Woodpile  (1 + walking 0.32)",
            "Light the fire @ Hearth  (1 + walking 0.33)",
            "Cook a meal @ Hearth  (1)",
            "Eat @ Table  (1 + walking 0.31)",
        ]
    );
    assert_eq!(step_lines(Lang::SPANISH, &search)[0], "Chop wood @ Woodpile  (1 + caminando 0.32)");
    let summed: u64 = search.step_costs.iter().map(|c| c.base + c.walking + c.waiting).sum();
    assert_eq!(Some(summed), search.cost, "the steps' costs add up to the plan's");
}
