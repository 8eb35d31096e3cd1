//! The cycle-of-needs lint on small scenarios written for it, and on the shipped ones: who is in
//! a cycle, what breaks one (another maker, enough at dawn, another way to make), and its words.

use super::cycles::cycles;
use super::{Scenario, parse, shipped};

/// A scenario of `world` facts, one station, `actions` (id, needs, effects) and characters
/// (id, actions, goal wants), each goal a quota.
fn town(world: &str, actions: &[(&str, &str, &str)], characters: &[(&str, &str, &str)]) -> Scenario {
    let actions: String = (actions.iter())
        .map(|(id, needs, effects)| {
            format!(
                "(id: \"{id}\", station: \"s\", duration: 1.0, cost: 1, needs: [{needs}], effects: [{effects}]),"
            )
        })
        .collect();
    let characters: String = (characters.iter())
        .map(|(id, actions, wants)| {
            let name = id[..1].to_uppercase() + &id[1..];
            format!(
                "(id: \"{id}\", name: \"{name}\", start: (0.0, 0.0), speed: 1.0, actions: [{actions}], \
                 goals: [(id: \"g\", wants: [{wants}], drift: Quota(urgency: 1.0))]),"
            )
        })
        .collect();
    let text = format!(
        "Scenario(world: {{{world}}}, stations: [(id: \"s\", pos: (0.0, 0.0))], \
         actions: [{actions}], characters: [{characters}])"
    );
    parse(&text, "t.ron").unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Each cycle in English, as `check` says it.
fn said(scenario: &Scenario) -> Vec<String> {
    cycles(scenario).iter().map(|c| c.phrase(scenario).to_string()).collect()
}

/// The farmer eats bread only the baker bakes, from wheat only the farmer harvests.
const FARM: [(&str, &str, &str); 3] = [
    ("harvest", "", r#""world.wheat += 1", "world.harvested += 1""#),
    ("bake", r#""world.wheat >= 1""#, r#""world.wheat -= 1", "world.bread += 1""#),
    ("eat", r#""world.bread >= 1""#, r#""world.bread -= 1", "world.fed += 1""#),
];
const FARM_FACTS: &str = r#""wheat": 0, "harvested": 0, "bread": 0, "fed": 0"#;

#[test]
fn two_who_each_need_what_only_the_other_makes_are_a_cycle_said_from_the_first() {
    let farm = town(
        FARM_FACTS,
        &FARM,
        &[
            ("farmer", r#""harvest", "eat""#, r#""world.fed >= 1""#),
            ("baker", r#""bake""#, r#""world.bread >= 1""#),
        ],
    );
    assert_eq!(
        said(&farm),
        ["a cycle of needs: Farmer needs bread, which only Baker makes, from wheat, which only Farmer makes"]
    );
    let warning = &farm.warnings[0];
    assert_eq!((warning.field.as_str(), warning.line), ("characters[0]", 1));
    assert!(warning.to_string().contains(": characters[0]: warning: a cycle of needs: Farmer"), "{warning}");
}

#[test]
fn a_maker_outside_the_cycle_or_enough_at_dawn_breaks_it() {
    let characters = [
        ("farmer", r#""harvest", "eat""#, r#""world.fed >= 1""#),
        ("baker", r#""bake""#, r#""world.bread >= 1""#),
    ];
    let miller = [("miller", r#""harvest""#, r#""world.harvested >= 1""#)];
    let with_miller = town(FARM_FACTS, &FARM, &[&characters[..], &miller[..]].concat());
    assert_eq!(said(&with_miller), Vec::<String>::new(), "wheat has another maker");

    // A day is 240 s and eating takes 1 s: after a day of nothing but eating, 241 loaves at
    // dawn still leave one on the shelf, 240 do not.
    let stocked = |bread: u32| FARM_FACTS.replace(r#""bread": 0"#, &format!(r#""bread": {bread}"#));
    assert_eq!(said(&town(&stocked(241), &FARM, &characters)), Vec::<String>::new());
    assert_eq!(said(&town(&stocked(240), &FARM, &characters)).len(), 1);
}

#[test]
fn a_fact_nobody_uses_up_holds_a_cycle_only_when_nobody_can_start() {
    // Tools are never used up: once forged, the farmer harvests for good.
    let actions = [
        ("harvest", r#""world.tools >= 1""#, r#""world.wheat += 1""#),
        ("bake", r#""world.wheat >= 1""#, r#""world.wheat -= 1", "world.bread += 1""#),
        ("forge", r#""world.bread >= 1""#, r#""world.bread -= 1", "world.tools += 1""#),
    ];
    let characters = [
        ("farmer", r#""harvest""#, r#""world.wheat >= 1""#),
        ("baker", r#""bake""#, r#""world.bread >= 1""#),
        ("smith", r#""forge""#, r#""world.tools >= 1""#),
    ];
    let cold = town(r#""wheat": 0, "bread": 0, "tools": 0"#, &actions, &characters);
    assert_eq!(
        said(&cold),
        [
            "a cycle of needs: Farmer needs tools, which only Smith makes, from bread, which only Baker makes, \
             from wheat, which only Farmer makes; none of it is there at dawn, so none of them can start"
        ]
    );
    assert_eq!(cold.warnings.len(), 1, "{:?}", cold.warnings);
    // One loaf on the shelf at dawn: the smith forges, and the tools stay.
    let primed = town(r#""wheat": 0, "bread": 1, "tools": 0"#, &actions, &characters);
    assert_eq!(said(&primed), Vec::<String>::new());
}

#[test]
fn a_need_met_another_way_is_no_link() {
    // The baker bakes from wheat or from rye, which he grows himself: wheat is not needed.
    let actions = [
        ("harvest", r#""world.bread >= 1""#, r#""world.wheat += 1""#),
        ("bake", r#""world.wheat >= 1""#, r#""world.wheat -= 1", "world.bread += 1""#),
        ("grow", "", r#""world.rye += 1""#),
        ("bakeRye", r#""world.rye >= 1""#, r#""world.rye -= 1", "world.bread += 1""#),
    ];
    let characters = [
        ("farmer", r#""harvest""#, r#""world.wheat >= 1""#),
        ("baker", r#""bake", "grow", "bakeRye""#, r#""world.bread >= 1""#),
    ];
    let both = town(r#""wheat": 0, "bread": 0, "rye": 0"#, &actions, &characters);
    assert_eq!(said(&both), Vec::<String>::new());
    // Without the rye it is a cycle, and since harvesting needs bread, nobody can start.
    let characters = [characters[0], ("baker", r#""bake""#, r#""world.bread >= 1""#)];
    let wheat_only = town(r#""wheat": 0, "bread": 0, "rye": 0"#, &actions[..2], &characters);
    assert_eq!(said(&wheat_only).len(), 1, "{:?}", said(&wheat_only));
    assert!(said(&wheat_only)[0].ends_with("so none of them can start"), "{:?}", said(&wheat_only));
}

#[test]
fn each_cycle_is_said_once_whoever_it_is_seen_from() {
    // Three who each make their fact from the next: seen from each, said once, from the first.
    let actions = [
        ("a", r#""world.z >= 1""#, r#""world.z -= 1", "world.x += 1""#),
        ("b", r#""world.x >= 1""#, r#""world.x -= 1", "world.y += 1""#),
        ("c", r#""world.y >= 1""#, r#""world.y -= 1", "world.z += 1""#),
    ];
    let characters = [
        ("ann", r#""a""#, r#""world.x >= 1""#),
        ("bob", r#""b""#, r#""world.y >= 1""#),
        ("cat", r#""c""#, r#""world.z >= 1""#),
    ];
    let ring = town(r#""x": 0, "y": 0, "z": 0"#, &actions, &characters);
    let found = cycles(&ring);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].anchor, 0);
    assert_eq!(
        said(&ring)[0],
        "a cycle of needs: Ann needs z, which only Cat makes, from y, which only Bob makes, from x, \
         which only Ann makes; none of it is there at dawn, so none of them can start"
    );
}

#[test]
fn town_stands_still_on_the_farmer_and_the_baker_and_nothing_else() {
    let text = shipped("town.ron").unwrap();
    let town = parse(text, "town.ron").unwrap();
    assert_eq!(
        said(&town),
        ["a cycle of needs: Farmer needs bread, which only Baker makes, from wheat, which only Farmer makes"]
    );
    for name in ["cook.ron", "forge.ron", "bakery.ron", "soldier.ron", "miner.ron", "village.ron"] {
        let text = shipped(name).unwrap();
        assert_eq!(said(&parse(text, name).unwrap()), Vec::<String>::new(), "{name}");
    }
}
