//! What a save changed, named in the scenario's words, and which changes restart the day.

use goap_town::scenario::{self, diff::diff};

const FORGE: &str = include_str!("../scenarios/forge.ron");

fn changes(edited: &str) -> Vec<(String, bool)> {
    let (old, new) =
        (scenario::parse(FORGE, "forge.ron").unwrap(), scenario::parse(edited, "forge.ron").unwrap());
    diff(&old, &new).iter().map(|c| (c.to_string(), c.restarts)).collect()
}

fn live(edited: &str) -> Vec<String> {
    let all = changes(edited);
    assert!(all.iter().all(|(_, restarts)| !restarts), "{all:?}");
    all.into_iter().map(|(text, _)| text).collect()
}

#[test]
fn nothing_changed_is_no_change() {
    assert!(changes(&format!("// a comment\n{FORGE}")).is_empty());
}

#[test]
fn labels_durations_costs_speeds_positions_rates_and_settings_go_on_with_the_day() {
    assert_eq!(live(&FORGE.replace("duration: 6.0", "duration: 4.0")), ["forgeTools.duration 6 → 4"]);
    assert_eq!(
        live(&FORGE.replace("start: (120.0, -40.0), speed: 80.0", "start: (120.0, -40.0), speed: 100.0")),
        ["smith.speed 80 → 100"]
    );
    assert_eq!(
        live(&FORGE.replace("settings: (", "settings: (hysteresis: 0.2, ")),
        ["settings.hysteresis 0.15 → 0.2"]
    );
    let moved = live(&FORGE.replace("pos: (240.0, -60.0)", "pos: (200.0, -60.0)"));
    assert_eq!(moved, ["anvil.pos (240, -60) → (200, -60)"]);
    let relabelled = live(&FORGE.replace(r#"label: "Anvil""#, r#"label: "Big anvil""#));
    assert_eq!(relabelled, ["anvil.label Anvil → Big anvil"]);
}

#[test]
fn facts_conditions_effects_goals_and_the_roster_restart_the_day() {
    let restarts = |edited: String| -> Vec<String> {
        let all = changes(&edited);
        assert!(!all.is_empty() && all.iter().all(|(_, restarts)| *restarts), "{all:?}");
        all.into_iter().map(|(text, _)| text).collect()
    };
    let sharpen =
        r#"(id: "sharpen", station: "anvil", duration: 1.0, cost: 1, effects: ["world.tools += 1"]),"#;
    let added = restarts(FORGE.replacen("actions: [", &format!("actions: [\n        {sharpen}"), 1));
    assert!(added.contains(&"+ action sharpen".to_owned()), "{added:?}");
    let fact = restarts(FORGE.replacen(r#""ore": 0"#, r#""ore": 5"#, 1));
    assert_eq!(fact, ["world.ore 0 → 5"]);
    let needs = restarts(FORGE.replacen("needs: [\"agent.iron >= 1\"]", "needs: [\"agent.iron >= 2\"]", 1));
    assert_eq!(needs, ["forgeTools.needs [agent.iron >= 1] → [agent.iron >= 2]"]);
}

#[test]
fn the_walk_weight_goes_on_with_the_day_a_kind_or_a_capacity_restarts_it() {
    let anvil = r#"pos: (240.0, -60.0)"#;
    let all = changes(&FORGE.replace(anvil, &format!("{anvil}, capacity: 1")));
    assert_eq!(all, [("anvil.capacity none → 1".to_owned(), true)]);
    assert_eq!(
        live(&FORGE.replace("settings: (", "settings: (walk_weight: 0.5, ")),
        ["settings.walk_weight 0.1 → 0.5"]
    );
    let all = changes(&FORGE.replace(anvil, &format!(r#"{anvil}, kind: "smithy""#)));
    assert!(all.contains(&("anvil.kind anvil → smithy".to_owned(), true)), "{all:?}");
}
