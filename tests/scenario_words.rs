//! A scenario's diagnostics in every language: each family of problem said in Spanish with no
//! English left in it, every message id the loader can use present in both built-in files, and
//! `check --lang es` speaking Spanish.

mod common;

use common::goap_town;
use goap_town::scenario::{self, Diagnostic, ID_PREFIX, LoadError, Severity};
use goap_town::words::{Lang, words};
use std::path::Path;

/// A valid little scenario to break in the tests below.
const BASE: &str = r#"Scenario(
    settings: (planner_budget: 500),
    world: {"tools": 0, "iron": 1},
    agent: {"wood": 0},
    stations: [(id: "anvil", label: "Anvil", pos: (0.0, 0.0))],
    actions: [
        (id: "forge", label: "Forge", station: "anvil", duration: 2.0, cost: 1,
         needs: ["world.iron >= 1"], effects: ["world.iron -= 1", "world.tools += 1"]),
    ],
    characters: [
        (id: "smith", name: "Smith", start: (1.0, 2.0), speed: 50.0, actions: ["forge"],
         goals: [(id: "tools", label: "Tools", wants: ["world.tools >= 1"], drift: Quota(urgency: 1.0))]),
    ],
)"#;

/// Every problem `bytes` has, errors or warnings.
fn problems(bytes: &[u8]) -> Vec<Diagnostic> {
    match scenario::parse_bytes(bytes, "test.ron") {
        Ok(scenario) => scenario.warnings,
        Err(e) => e.diagnostics(),
    }
}

/// The problems of BASE with `from` replaced by `to`.
fn broken(from: &str, to: &str) -> Vec<Diagnostic> {
    assert!(BASE.contains(from), "{from}");
    problems(BASE.replace(from, to).as_bytes())
}

/// One broken text for each family of problem: syntax, shape, references, expressions, ranges,
/// warnings, the file itself.
fn every_family() -> Vec<(&'static str, Vec<Diagnostic>)> {
    vec![
        ("a word after the end", problems(format!("{BASE} oops").as_bytes())),
        ("two strings in a row", broken(r#""Smith","#, r#""Smith" "Smithy","#)),
        ("a string never closed", problems(b"Scenario(name: \"Cook)")),
        ("the file cut short", problems(b"Scenario(")),
        ("an unknown extension", problems(format!("#![enable(implicit_sum)]\n{BASE}").as_bytes())),
        ("a comment never closed", problems(format!("/* /* */\n{BASE}").as_bytes())),
        ("an unknown escape", broken(r#""Forge""#, r#""For\qge""#)),
        ("a \\u escape not closed", broken(r#""Forge""#, r#""For\u{41ge""#)),
        ("a character literal left empty", broken(r#""Forge""#, "''")),
        ("too deep", problems(format!("{}{}", "[".repeat(40), "]".repeat(40)).as_bytes())),
        ("an unknown field", broken("speed: 50.0", "sped: 50.0")),
        ("a misnamed struct", broken(r#"(id: "anvil""#, r#"Stashion(id: "anvil""#)),
        ("a field given twice", broken("cost: 1,", "cost: 1, cost: 2,")),
        ("a list that is not one", broken(r#"actions: ["forge"]"#, r#"actions: "forge""#)),
        ("an unknown drift", broken("Quota(urgency: 1.0)", "Qota(urgency: 1.0)")),
        ("a bare drift", broken("Quota(urgency: 1.0)", "Quota")),
        ("a fact named bare", broken(r#"{"wood": 0}"#, "{wood: 0}")),
        ("a position that is not a pair", broken("pos: (0.0, 0.0)", "pos: 3")),
        ("an unknown station", broken(r#"station: "anvil""#, r#"station: "anvl""#)),
        ("an unknown action", broken(r#"actions: ["forge"]"#, r#"actions: ["frge"]"#)),
        (
            "a duplicate id",
            broken(
                r#"(id: "anvil", label: "Anvil", pos: (0.0, 0.0))"#,
                r#"(id: "anvil", pos: (0.0, 0.0)), (id: "anvil", pos: (1.0, 0.0))"#,
            ),
        ),
        ("an empty id", broken(r#"id: "smith""#, r#"id: """#)),
        ("an unknown fact", broken("world.tools >= 1", "world.tols >= 1")),
        ("a fact in the other scope", broken("world.tools >= 1", "agent.tools >= 1")),
        ("a fact with no scope", broken("world.tools >= 1", "tools >= 1")),
        ("a condition that changes", broken("world.tools >= 1", "world.tools += 1")),
        ("an effect that compares", broken("world.tools += 1", "world.tools >= 1")),
        ("a value that is no number", broken("world.tools >= 1", "world.tools >= lots")),
        ("a cycle of needs", problems(scenario::shipped("town.ron").unwrap().as_bytes())),
        ("a cycle nobody can start", {
            let dig = r#"(id: "dig", station: "anvil", duration: 1.0, cost: 1, needs: ["world.tools >= 1"],
                 effects: ["world.tools -= 1", "world.iron += 1"]),
    ],"#;
            let miner = r#"(id: "miner", start: (0.0, 0.0), speed: 5.0, actions: ["dig"],
         goals: [(id: "ore", wants: ["world.iron >= 1"], drift: Quota(urgency: 1.0))]),
    ],"#;
            let ring = BASE.replacen("    ],", dig, 1).replacen("    ],\n)", &format!("{miner}\n)"), 1);
            problems(ring.replace(r#""iron": 1"#, r#""iron": 0"#).as_bytes())
        }),
        ("an own fact not declared", broken(r#"speed: 50.0,"#, r#"speed: 50.0, facts: {"wod": 1},"#)),
        (
            "an own fact given twice",
            broken(r#"speed: 50.0,"#, r#"speed: 50.0, facts: {"wood": 1, "wood": 2},"#),
        ),
        ("a bad fact name", broken(r#""iron": 1"#, r#""ir on": 1"#)),
        ("a fact value too large", broken(r#""iron": 1"#, r#""iron": 99999999999"#)),
        ("a speed out of range", broken("speed: 50.0", "speed: 1e300")),
        ("a cost that is not whole", broken("cost: 1,", "cost: 1.5,")),
        ("a budget out of range", broken("planner_budget: 500", "planner_budget: 10000000")),
        ("a capacity out of range", broken(r#"pos: (0.0, 0.0))"#, r#"pos: (0.0, 0.0), capacity: 5000)"#)),
        (
            "no goals",
            broken(
                r#"goals: [(id: "tools", label: "Tools", wants: ["world.tools >= 1"], drift: Quota(urgency: 1.0))]"#,
                "goals: []",
            ),
        ),
        ("an action nobody does", broken(r#"actions: ["forge"]"#, "actions: []")),
        ("a need met at dawn", {
            let met = BASE.replace("Quota(urgency: 1.0)", "Need(rate: 0.1)");
            problems(met.replace(r#""tools": 0"#, r#""tools": 1"#).as_bytes())
        }),
        (
            "a station nobody uses",
            broken(r#"pos: (0.0, 0.0))]"#, r#"pos: (0.0, 0.0)), (id: "shed", pos: (5.0, 5.0))]"#),
        ),
        (
            "a goal nothing moves",
            broken(r#"effects: ["world.iron -= 1", "world.tools += 1"]"#, r#"effects: ["world.iron -= 1"]"#),
        ),
        ("not UTF-8", problems(b"Scenario(name: \"caf\xe9\")")),
        ("too large", problems(&vec![b' '; scenario::limits::MAX_FILE_BYTES + 1])),
    ]
}

#[test]
fn every_family_of_problem_is_said_in_spanish_with_no_english_left() {
    let spanish = Lang::SPANISH;
    for (case, diagnostics) in every_family() {
        assert!(!diagnostics.is_empty(), "{case}: no problem found");
        for d in &diagnostics {
            let (en, es) = (d.to_string(), d.text(spanish));
            assert_eq!(en, d.text(Lang::ENGLISH), "{case}: Display is English");
            assert_ne!(en, es, "{case}: said in English in Spanish too");
            for id in d.phrase.ids() {
                assert!(words().has(spanish, id), "{case}: es.ftl lacks {id}, used in:\n{en}");
            }
        }
    }
}

/// The problems of a case, in Spanish.
fn spanish(case: &str) -> Vec<String> {
    let (_, diagnostics) = every_family().into_iter().find(|(name, _)| *name == case).unwrap();
    diagnostics.iter().map(|d| d.text(Lang::SPANISH)).collect()
}

#[test]
fn some_problems_in_spanish_word_for_word() {
    assert_eq!(
        spanish("a word after the end"),
        ["test.ron:14:3: sobra `oops` después del final del valor del documento"]
    );
    assert_eq!(
        spanish("two strings in a row"),
        ["test.ron:11:37: se esperaba `,` o `)`, pero se encontró la cadena \"Smithy\""]
    );
    assert_eq!(
        spanish("an unknown field"),
        [
            "test.ron:11:9: characters[0]: falta `speed` en un personaje",
            "test.ron:11:57: characters[0]: un personaje no tiene el campo `sped` (¿quisiste decir \"speed\"?); \
             sus campos son id, name, start, speed, facts, actions, goals, sprite",
        ]
    );
    assert_eq!(
        spanish("an unknown fact"),
        ["test.ron:12:63: characters[0].goals[0].wants[0]: hecho del mundo desconocido \"tols\" \
          (¿quisiste decir \"tools\"?); los hechos se declaran en `world: {...}`"]
    );
    assert_eq!(
        spanish("a fact with no scope"),
        [
            "test.ron:12:57: characters[0].goals[0].wants[0]: en la condición \"tools >= 1\": `tools` no tiene \
          ámbito: los hechos se escriben world.NOMBRE o agent.NOMBRE (tools es un hecho del mundo: escribe \
          world.tools)"
        ]
    );
    assert_eq!(
        spanish("a speed out of range"),
        ["test.ron:11:64: characters[0].speed: una velocidad al caminar (unidades por segundo) debe ser un \
          número de 0.01 a 100000, no 1e300"]
    );
    assert_eq!(
        spanish("a cost that is not whole"),
        ["test.ron:7:78: actions[0].cost: se esperaba un número entero, pero se encontró 1.5"]
    );
    assert_eq!(
        spanish("a station nobody uses"),
        ["test.ron:5:64: stations[1]: advertencia: ninguna acción ocurre en la estación \"shed\""]
    );
    assert_eq!(
        spanish("a cycle of needs"),
        [
            "test.ron:122:9: characters[3]: advertencia: un ciclo de necesidades: Farmer necesita bread, que solo \
          hace Baker, a partir de wheat, que solo hace Farmer"
        ]
    );
    assert_eq!(
        spanish("a cycle nobody can start"),
        [
            "test.ron:13:9: characters[0]: advertencia: un ciclo de necesidades: Smith necesita iron, que solo hace \
          miner, a partir de tools, que solo hace Smith; no hay nada de ello al amanecer, así que ninguno puede \
          empezar"
        ]
    );
    assert_eq!(spanish("not UTF-8"), ["test.ron:1:20: esto no es texto UTF-8: guarda el archivo como UTF-8"]);
    assert_eq!(
        spanish("too large"),
        ["test.ron:1:1: el archivo ocupa más de 1 MiB, lo máximo para un escenario"]
    );
}

#[test]
fn long_numbers_are_grouped_as_each_language_groups_them() {
    let d = &broken("planner_budget: 500", "planner_budget: 10000000")[0];
    assert!(d.to_string().contains("from 1 to 100,000, not 10000000"), "{d}");
    assert!(d.text(Lang::SPANISH).contains("de 1 a 100 000, no 10000000"), "{}", d.text(Lang::SPANISH));
}

#[test]
fn a_diagnostic_is_kept_as_data_and_said_again_in_another_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    std::fs::write(&path, BASE.replace("world.tools >= 1", "world.tols >= 1")).unwrap();
    let mut printed = Vec::new();
    let Err(kept) = scenario::load_or_report(&path, Lang::SPANISH, &mut printed) else { panic!("loads") };
    let printed = String::from_utf8(printed).unwrap();
    assert!(printed.contains("hecho del mundo desconocido \"tols\""), "{printed}");
    assert_eq!(kept.len(), 1);
    assert_eq!(printed, format!("{}\n", kept[0].text(Lang::SPANISH)));
    assert!(kept[0].to_string().contains("unknown world fact \"tols\" (did you mean \"tools\"?)"));
    assert_eq!((kept[0].severity, kept[0].phrase.id()), (Severity::Error, "scenario-unknown-fact"));
}

/// Every `phrase!("id"` in the source: the ids the loader can say.
fn ids_in_source() -> Vec<String> {
    let mut ids = Vec::new();
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (at, _) in text.match_indices("phrase!(") {
                let rest = text[at + "phrase!(".len()..].trim_start();
                let id = rest.strip_prefix('"').and_then(|r| r.split_once('"')).map(|(id, _)| id);
                let id = id.unwrap_or_else(|| panic!("{}: a phrase's id is written out", path.display()));
                assert!(
                    id.starts_with(ID_PREFIX),
                    "{}: {id} does not start with {ID_PREFIX}",
                    path.display()
                );
                ids.push(id.to_owned());
            }
        }
    }
    ids.sort();
    ids.dedup();
    ids
}

/// The ids of the messages of a language file.
fn ids_in_file(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/i18n").join(name))
        .unwrap();
    let resource = fluent_syntax::parser::parse(text.as_str()).expect("the file parses");
    (resource.body.iter())
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_message_the_loader_can_say_is_in_english_and_in_spanish_and_each_is_used() {
    let used = ids_in_source();
    assert!(used.len() > 100, "the source scan found only {}", used.len());
    for file in ["en.ftl", "es.ftl"] {
        let have = ids_in_file(file);
        let lacking: Vec<&String> = used.iter().filter(|id| !have.contains(id)).collect();
        assert!(lacking.is_empty(), "{file} lacks {lacking:?}");
        let unused: Vec<&String> =
            have.iter().filter(|id| id.starts_with(ID_PREFIX) && !used.contains(id)).collect();
        assert!(unused.is_empty(), "{file} has messages no code uses: {unused:?}");
    }
}

#[test]
fn check_with_lang_es_says_errors_warnings_and_its_summary_in_spanish() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    let cook = scenario::shipped("cook.ron").unwrap();
    std::fs::write(&bad, cook.replace("agent.wood >= 1", "agent.wod >= 1")).unwrap();
    let out = goap_town(&["check", bad.to_str().unwrap(), "scenarios/cook.ron", "--lang", "es"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert_eq!(
        lines[0],
        format!(
            "{}:27:28: actions[1].needs[0]: hecho de agente desconocido \"wod\" (¿quisiste decir \
             \"wood\"?); los hechos se declaran en `agent: {{...}}`",
            bad.display()
        )
    );
    assert_eq!(lines[1], "1 de 2 archivos de escenario tiene errores");
    let ok = String::from_utf8_lossy(&out.stdout);
    assert_eq!(ok, "ok scenarios/cook.ron: 1 personaje, 4 acciones, 3 estaciones\n");

    let unknown = goap_town(&["check", "scenarios/cook.ron", "--lang", "xx"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("--lang xx: expected one of en, es"));
}

#[test]
fn a_load_error_reads_the_same_in_english_whichever_way_it_is_said() {
    let Err(LoadError::Invalid { diagnostics }) = scenario::parse("Scenario(", "x.ron") else { panic!() };
    assert_eq!(diagnostics[0].to_string(), "x.ron:1:10: the file ends where a value was expected");
    assert_eq!(diagnostics[0].message, "the file ends where a value was expected");
    assert_eq!(
        diagnostics[0].text(Lang::SPANISH),
        "x.ron:1:10: el archivo termina donde se esperaba un valor"
    );
}
