//! The `check`, `plan` and `run` commands, run as the real binary.

mod common;

use common::goap_town;
use std::path::Path;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn check_accepts_every_shipped_scenario() {
    let files: Vec<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
        .unwrap()
        .map(|e| format!("scenarios/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    let args: Vec<&str> = std::iter::once("check").chain(files.iter().map(String::as_str)).collect();
    let out = goap_town(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().filter(|l| l.starts_with("ok ")).count(), files.len());
    assert_eq!(files.len(), goap_town::scenario::SHIPPED.len(), "every file in scenarios/ is shipped");
    // A warning is printed and does not fail: the town's farmer and baker wait on each other.
    assert_eq!(
        text(&out.stderr),
        "scenarios/town.ron:122:9: characters[3]: warning: a cycle of needs: Farmer needs bread, which \
         only Baker makes, from wheat, which only Farmer makes\n"
    );
}

#[test]
fn check_reports_a_misspelt_field_and_a_misspelt_fact_in_one_pass() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    let cook =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/cook.ron")).unwrap();
    std::fs::write(
        &bad,
        cook.replace(r#"label: "Light the fire""#, r#"labl: "Light the fire""#)
            .replace("world.fireLit >= 1", "world.firelit >= 1"),
    )
    .unwrap();
    let out = goap_town(&["check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].contains(": actions[1]: an action has no field `labl` (did you mean \"label\"?)"),
        "{err}"
    );
    assert!(
        lines[1]
            .contains(": actions[2].needs[0]: unknown world fact \"firelit\" (did you mean \"fireLit\"?)"),
        "{err}"
    );
    assert_eq!(lines[2], "1 of 1 scenario files have errors");
}

#[test]
fn check_prints_every_error_as_path_line_col_field_message_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    let town =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/cook.ron")).unwrap();
    std::fs::write(
        &bad,
        town.replace("agent.wood >= 1", "agent.wod >= 1")
            .replace(r#"station: "table""#, r#"station: "tabel""#),
    )
    .unwrap();
    let out = goap_town(&["check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    let prefix = format!("{}:", bad.display());
    assert!(
        lines[0].starts_with(&prefix)
            && lines[0]
                .contains(": actions[1].needs[0]: unknown agent fact \"wod\" (did you mean \"wood\"?)"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains(
            ": actions[3].station: unknown station or kind of station \"tabel\" (did you mean \"table\"?)"
        ),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "1 of 1 scenario files have errors");
    // path:line:col: — line and column are numbers.
    let rest = &lines[0][prefix.len()..];
    let mut parts = rest.splitn(3, ':');
    assert!(parts.next().unwrap().parse::<usize>().is_ok());
    assert!(parts.next().unwrap().parse::<usize>().is_ok());
}

#[test]
fn plan_prints_one_action_and_its_station_a_line_then_cost_and_expansions() {
    let out = goap_town(&["plan", "scenarios/cook.ron", "--character", "cook", "--goal", "fed"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    // Four actions of cost 1, and 9.6 s of walking at the default weight of 0.1 a second.
    let steps = ["chopWood @ woodpile", "lightFire @ hearth", "cookMeal @ hearth", "eatMeal @ table"];
    assert_eq!(lines[..5], [&steps[..], &["cost 4.96"]].concat());
    assert!(lines[5].starts_with("expanded "), "{stdout}");
}

#[test]
fn plan_json_reports_plan_cost_and_expansions() {
    let out = goap_town(&[
        "plan",
        "scenarios/soldier.ron",
        "--character",
        "soldier",
        "--goal",
        "killPlayer",
        "--set",
        "agent.hasWeapon=1",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["plan"], serde_json::json!(["pickAmmo", "approach", "attack"]));
    assert_eq!(v["stations"], serde_json::json!(["ammo", "player", "player"]));
    assert_eq!(v["cost"], 4.82);
    assert!(v["expanded"].as_u64().unwrap() >= 3);
}

#[test]
fn plan_without_a_plan_says_why_and_exits_2() {
    let out =
        goap_town(&["plan", "scenarios/forge.ron", "--character", "smith", "--goal", "tools", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["plan"], serde_json::Value::Null);
    assert_eq!(v["reason"], "unreachable");
    assert!(v["detail"].as_str().unwrap().contains("world.ironIngot >= 1"), "{v}");

    let out = goap_town(&["plan", "scenarios/forge.ron", "--character", "smith", "--goal", "tools"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stdout),
        "no plan: unreachable: no available action can bring about world.ironIngot >= 1\n"
    );

    // An ingot in stock changes the answer.
    let out = goap_town(&[
        "plan",
        "scenarios/forge.ron",
        "--character",
        "smith",
        "--goal",
        "tools",
        "--set",
        "world.ironIngot=1",
    ]);
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with("collectIron @ furnace\nforgeTools @ anvil\ncost 2.54\n"));
}

#[test]
fn plan_rejects_unknown_ids_with_a_suggestion() {
    let out = goap_town(&["plan", "scenarios/cook.ron", "--character", "cok", "--goal", "fed"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("no character \"cok\" in scenarios/cook.ron (did you mean \"cook\"?)"),
        "{}",
        text(&out.stderr)
    );
    let out = goap_town(&[
        "plan",
        "scenarios/cook.ron",
        "--character",
        "cook",
        "--goal",
        "fed",
        "--set",
        "agent.woood=1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("unknown agent fact \"woood\" (did you mean \"wood\"?)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
#[cfg(feature = "sim")]
fn run_prints_a_day_report_and_json_with_every_event() {
    let out = goap_town(&["run", "scenarios/forge.ron"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.starts_with("Forge — day 1\n"), "{report}");
    assert!(report.lines().any(|l| l.starts_with("smith ") && l.contains("tools")), "{report}");

    let out = goap_town(&["run", "scenarios/forge.ron", "--days", "2", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["scenario"], "Forge");
    let days = v["days"].as_array().unwrap();
    assert_eq!(days.len(), 2);
    assert_eq!(days[1]["day"], 2);
    let smith = &days[0]["villagers"][1];
    assert_eq!(smith["id"], "smith");
    assert_eq!(smith["goals"][0]["id"], "tools");
    assert_eq!(smith["goals"][0]["kind"], "need");
    assert!(smith["goals"][0]["times_met"].as_u64().unwrap() >= 1);
    assert!(smith["goals"][0]["first_met_at"].as_f64().unwrap() > 0.0);
    for key in ["walking", "acting", "waiting", "resting"] {
        assert!(smith["seconds"][key].is_number(), "{key}");
    }
    assert!(smith["replans"].is_number() && smith["aborts"].is_number());
    let events = days[1]["events"].as_array().unwrap();
    assert_eq!(events[0]["kind"], "dawn");
    assert_eq!(events[0]["villager"], serde_json::Value::Null);
    assert_eq!(events[0]["text"], "Dawn of day 2");
    assert!(events.iter().any(|e| e["villager"] == "smith" && e["kind"] == "waiting"));
}

/// `plan --trace` shows cook.ron's search: five states, each on the plan, with g, h and f, the
/// actions tried from each, and how many do not apply.
#[test]
fn plan_trace_shows_the_search_of_cook() {
    let args = ["plan", "scenarios/cook.ron", "--character", "cook", "--goal", "fed", "--trace"];
    let out = goap_town(&[&args[..], &["--json"]].concat());
    assert!(out.status.success());
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["plan"], serde_json::json!(["chopWood", "lightFire", "cookMeal", "eatMeal"]));
    let trace = answer["trace"].as_array().unwrap();
    let g: Vec<f64> = trace.iter().map(|e| e["g"].as_f64().unwrap()).collect();
    assert_eq!(g, [0.0, 1.32, 2.65, 3.65, 4.96]);
    assert!(trace.iter().all(|e| e["on_plan"] == true && e["f"].as_f64() == Some(4.96)));
    assert_eq!(trace[0]["state"]["agent.@place"], "start");
    assert_eq!(trace[1]["state"]["agent.wood"], 1);
    let tried: Vec<(&str, &str)> = trace[1]["tried"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["action"].as_str().unwrap(), t["result"].as_str().unwrap()))
        .collect();
    assert_eq!(tried, [("chopWood", "new"), ("lightFire", "new")]);
    assert_eq!(trace[1]["skipped"], 2);
    assert_eq!((answer["duplicates"].as_u64(), answer["pruned"].as_u64()), (Some(0), Some(0)));
    let text = text(&goap_town(&args).stdout);
    assert!(
        text.contains("search: 5 states expanded in this order, 0 duplicates dropped, 0 dead ends pruned"),
        "{text}"
    );
    assert!(
        text.contains("★   2. g 1.32 h 3.64 f 4.96  agent.fed=0 agent.@place=woodpile agent.wood=1"),
        "{text}"
    );
    assert!(text.contains("        lightFire @ hearth → new (g 2.65 h 2.31 f 4.96)"), "{text}");
}
