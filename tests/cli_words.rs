//! What the commands say, run as the real binary: in the language asked for, in the singular
//! where there is one, with the reason that holds, and with numbers written as they are.

mod common;

use common::{goap_town, text};
use std::path::Path;

/// Times, seconds and insistences in JSON read as the decimals they are (an event at 0.1 s says
/// `0.1`, not the `0.10000000149011612` an f32 widened to f64 would), in the day's report and in
/// a moment alike.
#[test]
#[cfg(feature = "sim")]
fn json_numbers_are_written_as_their_shortest_decimals() {
    let out = goap_town(&["run", "scenarios/village.ron", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("\"t\":0.1,"), "an event at the first step");
    let v: serde_json::Value = serde_json::from_str(&report).unwrap();
    let events = v["days"][0]["events"].as_array().unwrap();
    assert!(events.len() > 100);
    for e in events {
        // Every event falls on a step of a tenth of a second.
        let t = e["t"].as_f64().unwrap();
        assert_eq!(t, (t * 10.0).round() / 10.0, "{e}");
    }
    let out = goap_town(&["run", "scenarios/village.ron", "--at", "74", "--villager", "sawyer2", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let moment: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(moment["t"], 74.0);
    for goal in moment["goals"].as_array().unwrap() {
        // The f32's own shortest decimal, not the f32 widened to f64 (0.06749999523162842).
        let shown = goal["insistence"].to_string();
        let value = goal["insistence"].as_f64().unwrap() as f32;
        assert_eq!(shown, format!("{value:?}"), "{shown} is an f32 widened");
    }
}

/// A moment in words is in the language asked for, field names and what the villager does
/// alike; its data (`--json`) keeps its keys.
#[test]
#[cfg(feature = "sim")]
fn a_moment_in_words_speaks_the_language_asked_for() {
    let at = |lang: &str| {
        let out = goap_town(&[
            "run",
            "scenarios/village.ron",
            "--at",
            "74",
            "--villager",
            "sawyer2",
            "--lang",
            lang,
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let (en, es) = (at("en"), at("es"));
    for line in
        ["villager: sawyer2", "doing: walking", "insistence: Saw planks 0.37, Thirst 0.54, Hunger 0.07"]
    {
        assert!(en.lines().any(|l| l == line), "{line:?} in\n{en}");
    }
    assert!(en.contains("last reason: Interrupted Walk to West sawmill: Thirst reached 0.50"), "{en}");
    for line in
        ["aldeano: sawyer2", "haciendo: caminando", "insistencia: Saw planks 0.37, Thirst 0.54, Hunger 0.07"]
    {
        assert!(es.lines().any(|l| l == line), "{line:?} in\n{es}");
    }
    assert!(es.contains("último motivo: Interrumpió"), "{es}");
    let out = goap_town(&["run", "scenarios/town.ron", "--at", "200", "--villager", "baker", "--lang", "es"]);
    let waiting = text(&out.stdout);
    assert!(waiting.lines().any(|l| l == "haciendo: esperando (hasta que cambie el mundo)"), "{waiting}");
    assert!(waiting.lines().any(|l| l == "plan: —"), "{waiting}");
}

/// A search traced in Spanish says what came of each action in Spanish; as data it keeps its
/// keywords.
#[test]
#[cfg(feature = "sim")]
fn a_trace_in_words_speaks_the_language_asked_for() {
    let plan = ["plan", "scenarios/cook.ron", "--character", "cook", "--goal", "fed", "--trace"];
    let es = text(&goap_town(&[&plan[..], &["--lang", "es"]].concat()).stdout);
    assert!(es.contains(" → nuevo (g "), "{es}");
    assert!(!es.contains(" → new"), "{es}");
    let json = text(&goap_town(&[&plan[..], &["--lang", "es", "--json"]].concat()).stdout);
    assert!(json.contains("\"result\":\"new\""), "{json}");
}

/// A file that is not there is said so in the language asked for, not in the system's words.
#[test]
fn a_missing_file_is_said_missing_in_the_language_asked_for() {
    let out = goap_town(&["check", "no/such/town.ron", "--lang", "es"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("no/such/town.ron:1:1: no se puede leer: no existe tal archivo"),
        "{}",
        text(&out.stderr)
    );
    let out = goap_town(&["check", "no/such/town.ron"]);
    assert!(text(&out.stderr).contains("cannot read: there is no such file"), "{}", text(&out.stderr));
}

/// What nobody makes is said as such in both languages ("nobody makes it", "nadie lo hace"), and
/// `check` counts in the singular where there is one.
#[test]
#[cfg(feature = "sim")]
fn reports_and_checks_say_one_and_none_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("gone.ron");
    std::fs::write(
        &file,
        r#"Scenario(
    name: "Gone",
    settings: (day_length: 30.0),
    world: { "bread": 0 },
    agent: { "fed": 0 },
    stations: [(id: "shelf", pos: (10.0, 0.0))],
    actions: [(id: "take", station: "shelf", duration: 1.0, cost: 1, needs: ["world.bread >= 1"],
               effects: ["world.bread -= 1", "agent.fed += 1"])],
    characters: [(id: "v", start: (0.0, 0.0), speed: 10.0, actions: ["take"],
                  goals: [(id: "eat", wants: ["agent.fed >= 1"], drift: Need(rate: 0.1, initial: 0.5))])],
)"#,
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let out = goap_town(&["check", file]);
    assert!(text(&out.stdout).contains(": 1 character, 1 action, 1 station"), "{}", text(&out.stdout));
    let report = text(&goap_town(&["run", file]).stdout);
    assert!(
        report.contains("waited on world.bread: ") && report.contains("villager-seconds — nobody makes it"),
        "{report}"
    );
    let report = text(&goap_town(&["run", file, "--lang", "es"]).stdout);
    assert!(report.contains("segundos-aldeano — nadie lo hace"), "{report}");
    // Long past its first retry it waits for the town to change: no retry is due.
    let out = goap_town(&["run", file, "--at", "20", "--villager", "v", "--json"]);
    let moment: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(moment["activity"], serde_json::json!({"kind": "waiting", "retry_in": null}), "{moment}");
}

/// `plan`, `bench` and `run --at` say their words in the language asked for, as every command
/// does: the plan and its costs, the search, why there is no plan, a bad request, the report.
#[test]
#[cfg(feature = "sim")]
fn plan_bench_and_moments_speak_the_language_asked_for() {
    let plan = |args: &[&str]| goap_town(&[&["plan"], args, &["--lang", "es"]].concat());
    let out = plan(&["scenarios/cook.ron", "--character", "cook", "--goal", "fed", "--trace"]);
    let said = text(&out.stdout);
    assert!(said.contains("(1 + caminando 0.32)") && said.contains("costo 4.96\nexpandidos 4\n"), "{said}");
    assert!(said.contains("búsqueda: 4 estados expandidos en este orden, y luego la meta"), "{said}");
    let out = plan(&["scenarios/town.ron", "--character", "baker", "--goal", "bake"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stdout),
        "sin plan: inalcanzable: ninguna acción disponible puede lograr world.wheat >= 1\n"
    );
    let out = plan(&["scenarios/town.ron", "--character", "bakr", "--goal", "bake"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr)
            .contains("no hay ningún personaje \"bakr\" en scenarios/town.ron (¿quisiste decir \"baker\"?)")
    );
    let out = plan(&["scenarios/town.ron", "--character", "baker", "--goal", "bake", "--set", "foo"]);
    assert!(text(&out.stderr).contains("--set foo: se esperaba ÁMBITO.HECHO=N"), "{}", text(&out.stderr));

    let out = goap_town(&[
        "bench",
        "--villagers",
        "20",
        "--threads",
        "1",
        "--scenario",
        "scenarios/cook.ron",
        "--lang",
        "es",
    ]);
    let said = text(&out.stdout);
    assert!(said.starts_with("aldeanos         20 (20 copias en un fragmento, un hilo)\n"), "{said}");
    assert!(said.contains("\naceleración      ") && said.contains("× tiempo real\n"), "{said}");
    let out = goap_town(&["bench", "--villagers", "1", "--threads", "1", "--scenario", "scenarios/cook.ron"]);
    assert!(
        text(&out.stdout).starts_with("villagers     1 (one tile in one shard, one thread)\n"),
        "{}",
        text(&out.stdout)
    );

    let out = goap_town(&["run", "scenarios/cook.ron", "--at", "5", "--villager", "nobody", "--lang", "es"]);
    assert_eq!(text(&out.stderr), "--villager nobody: no hay tal aldeano; los hay cook\n");
}

/// A villager whose search gives up at the planner's budget says so in the day's log, in both
/// languages (it used to say it waited "for the world to change", as if nothing could be done).
#[test]
#[cfg(feature = "sim")]
fn a_search_stopped_by_its_budget_is_the_reason_said() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tight.ron");
    let cook =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/cook.ron")).unwrap();
    std::fs::write(&file, cook.replace("day_length: 240.0", "day_length: 240.0, planner_budget: 3")).unwrap();
    let file = file.to_str().unwrap();
    let said = text(&goap_town(&["run", file]).stdout);
    assert!(
        said.contains("No viable plan for Hunger: its search gave up after 3 states (the planner's budget)"),
        "{said}"
    );
    let said = text(&goap_town(&["run", file, "--lang", "es"]).stdout);
    assert!(said.contains("su búsqueda se rindió tras 3 estados"), "{said}");
}
