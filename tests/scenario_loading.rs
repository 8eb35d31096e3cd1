//! Scenario files: the shipped ones load cleanly with their contract ids, and broken ones get
//! every problem reported with file, line:column, field path and a suggestion.

mod common;

use common::{BASE, errors};
use goap_town::scenario::{self, Drift, SHIPPED, Severity};

#[test]
fn the_base_example_is_valid() {
    let s = scenario::parse(BASE, "test.ron").unwrap();
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    assert_eq!(s.settings.planner_budget, 5000);
    assert_eq!(s.settings.cost_weight, 0.02);
    assert_eq!(s.characters[0].start, [1.0, 2.0]);
}

/// Whoever starts from the README's scenario example, map and all, starts from a valid file.
#[test]
fn the_readmes_scenario_examples_are_valid() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let blocks: Vec<&str> =
        readme.split("```ron\n").skip(1).map(|b| b.split("```").next().unwrap()).collect();
    assert!(!blocks.is_empty(), "the README shows a scenario");
    for block in blocks {
        let s = scenario::parse(block, "README.md").unwrap_or_else(|e| panic!("{e}\n{block}"));
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }
}

#[test]
fn every_shipped_scenario_loads_without_warnings_but_the_towns_cycle_and_matches_its_file() {
    for (name, text) in SHIPPED {
        let s = scenario::parse(text, name).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        let warnings: Vec<String> = s.warnings.iter().map(|w| w.message.clone()).collect();
        let expected: &[&str] = match *name {
            // It stands still from mid-day: the farmer's quota met, the baker waits for wheat.
            "town.ron" => &[
                "a cycle of needs: Farmer needs bread, which only Baker makes, from wheat, which only Farmer makes",
            ],
            _ => &[],
        };
        assert_eq!(warnings, expected, "{name}");
        let on_disk =
            std::fs::read_to_string(format!("{}/scenarios/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(*text, on_disk, "{name} built into the binary differs from scenarios/{name}");
    }
}

#[test]
fn shipped_scenarios_keep_the_contract_ids() {
    let expect = [
        ("cook.ron", vec![("cook", vec!["fed"])]),
        ("soldier.ron", vec![("soldier", vec!["killPlayer", "survive"])]),
        ("miner.ron", vec![("miner", vec!["deliver"])]),
        ("forge.ron", vec![("smelter", vec!["smelt"]), ("smith", vec!["tools"])]),
    ];
    for (file, characters) in expect {
        let s = common::shipped(file);
        for (id, goals) in characters {
            let c = &s.characters[s.character_index(id).unwrap_or_else(|| panic!("{file}: no {id}"))];
            let ids: Vec<&str> = c.goals.iter().map(|g| g.id.as_str()).collect();
            assert_eq!(ids, goals, "{file}: {id}");
        }
    }

    let town = common::shipped("town.ron");
    let ids: Vec<&str> = town.characters.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["miner", "smelter", "smith", "farmer", "carpenter", "baker"]);
    assert_eq!(town.stations.len(), 9);
    let bread = town.facts.get(goap_town::scenario::Scope::World, "bread").unwrap();
    assert!(town.world_seed.contains(&(bread, 2)));
    for c in &town.characters {
        let hunger =
            c.goals.iter().find(|g| g.id == "hunger").unwrap_or_else(|| panic!("{} has no hunger", c.id));
        assert!(
            matches!(hunger.drift, Drift::Need { rate, .. } if (0.014..=0.024).contains(&rate)),
            "{}",
            c.id
        );
        let trade: Vec<_> = c.goals.iter().filter(|g| g.id != "hunger").collect();
        assert_eq!(trade.len(), 1, "{}", c.id);
        assert!(matches!(trade[0].drift, Drift::Quota { .. }), "{}'s trade goal is a quota", c.id);
    }
    let baker = &town.characters[town.character_index("baker").unwrap()];
    let bake = baker.goals.iter().find(|g| g.id != "hunger").unwrap();
    assert_eq!(town.facts.condition(&bake.conditions[0]), "agent.breadBaked >= 4");

    let bakery = common::shipped("bakery.ron");
    let ids: Vec<&str> = bakery.characters.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["smelter", "smith", "baker"]);
}

#[test]
fn a_syntax_error_reports_its_line_and_column() {
    let broken = BASE.replace("speed: 50.0,", "speed: 50.0");
    let all = errors(&broken);
    assert_eq!(all.len(), 1);
    assert_eq!((all[0].line, all[0].file.as_str()), (10, "test.ron"));
    assert!(all[0].to_string().starts_with("test.ron:10:"), "{}", all[0]);
}

#[test]
fn an_unknown_field_is_an_error_not_ignored() {
    let broken = BASE.replace("speed: 50.0,", "speed: 50.0, sped: 3.0,");
    let all = errors(&broken);
    assert!(all[0].message.contains("sped"), "{}", all[0]);
}

#[test]
fn a_misspelled_fact_points_at_it_and_suggests_the_right_one() {
    let broken = BASE.replace(r#"wants: ["world.tools >= 1"]"#, r#"wants: ["world.tool >= 1"]"#);
    let all = errors(&broken);
    assert_eq!(all.len(), 1, "{all:?}");
    let d = &all[0];
    assert_eq!(d.field, "characters[0].goals[0].wants[0]");
    // Line 11; the column is that of `tool` inside the string.
    let line = broken.lines().nth(10).unwrap();
    assert_eq!((d.line, d.column), (11, line.find("tool >=").unwrap() + 1));
    assert_eq!(
        d.to_string(),
        format!(
            "test.ron:11:{}: characters[0].goals[0].wants[0]: unknown world fact \"tool\" (did you mean \"tools\"?); facts are declared in `world: {{...}}`",
            d.column
        )
    );
}

#[test]
fn a_fact_in_the_wrong_scope_says_which_scope_it_is_in() {
    let broken = BASE.replace("world.iron >= 1", "agent.iron >= 1");
    let all = errors(&broken);
    assert!(all[0].message.contains("iron is a world fact: write world.iron"), "{}", all[0]);
}

#[test]
fn every_problem_is_reported_at_once_in_file_order() {
    let broken = BASE
        .replace(r#"station: "anvil""#, r#"station: "anvl""#)
        .replace("duration: 2.0", "duration: -2.0")
        .replace("cost: 1,", "cost: -1,")
        .replace("speed: 50.0", "speed: 0.0")
        .replace(r#"actions: ["forge"]"#, r#"actions: ["froge"]"#)
        .replace("urgency: 1.0", "urgency: 1.0e999");
    let all = errors(&broken);
    let fields: Vec<&str> = all.iter().map(|d| d.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "actions[0].station",
            "actions[0].duration",
            "actions[0].cost",
            "characters[0].speed",
            "characters[0].actions[0]",
            "characters[0].goals[0].drift.urgency",
        ]
    );
    assert!(all[0].message.contains("did you mean \"anvil\""), "{}", all[0]);
    assert!(all[4].message.contains("did you mean \"forge\""), "{}", all[4]);
    assert!(all.iter().all(|d| d.severity == Severity::Error));
    let mut sorted = all.clone();
    sorted.sort_by_key(|d| (d.line, d.column));
    assert_eq!(sorted, all);
}

#[test]
fn duplicate_ids_are_errors() {
    let broken = BASE.replace(
        r#"stations: [(id: "anvil", label: "Anvil", pos: (0.0, 0.0))]"#,
        r#"stations: [(id: "anvil", pos: (0.0, 0.0)), (id: "anvil", pos: (1.0, 0.0))]"#,
    );
    let all = errors(&broken);
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0].field, "stations[1].id");
    assert!(all[0].message.contains("duplicate station id \"anvil\""));
}

#[test]
fn a_goal_nothing_can_move_is_a_warning_not_an_error() {
    let lonely = BASE.replace(r#"wants: ["world.tools >= 1"]"#, r#"wants: ["agent.wood >= 1"]"#);
    let s = scenario::parse(&lonely, "test.ron").unwrap();
    assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
    let w = &s.warnings[0];
    assert_eq!(w.severity, Severity::Warning);
    assert_eq!(w.field, "characters[0].goals[0].wants[0]");
    assert!(
        w.to_string().contains("warning: no action of \"smith\" can move agent.wood toward agent.wood >= 1"),
        "{w}"
    );
}

#[test]
fn a_sprite_that_names_no_picture_is_a_warning_and_a_known_one_is_drawn() {
    let named = BASE.replace(
        r#"stations: [(id: "anvil", label: "Anvil", pos: (0.0, 0.0))]"#,
        r#"stations: [(id: "anvil", label: "Anvil", pos: (0.0, 0.0), sprite: "ovn")]"#,
    );
    let s = scenario::parse(&named, "test.ron").unwrap();
    assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
    assert_eq!(s.warnings[0].field, "stations[0].sprite");
    assert!(
        s.warnings[0].to_string().ends_with(
            "warning: no picture is called \"ovn\" (did you mean \"oven\"?): it is drawn as if it named none"
        ),
        "{}",
        s.warnings[0]
    );
    assert_eq!(
        goap_town::scenario::pictures::station_picture(&s.stations[0]),
        "anvil",
        "as if it named none: by its kind"
    );
    let well = named.replace(r#"sprite: "ovn""#, r#"sprite: "well""#);
    let s = scenario::parse(&well, "test.ron").unwrap();
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    assert_eq!(
        goap_town::scenario::pictures::station_picture(&s.stations[0]),
        "well",
        "a named sprite wins over the id"
    );
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let e = scenario::load(std::path::Path::new("no/such/file.ron")).unwrap_err();
    assert!(e.to_string().starts_with("no/such/file.ron: cannot read:"), "{e}");
}
