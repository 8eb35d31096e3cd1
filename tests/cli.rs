//! The `check`, `plan` and `run` commands, run as the real binary.

mod common;

use common::{goap_town, text};
use std::path::Path;

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
    let steps = [
        "chopWood @ woodpile  (1 + walking 0.32)",
        "lightFire @ hearth  (1 + walking 0.33)",
        "cookMeal @ hearth  (1)",
        "eatMeal @ table  (1 + walking 0.31)",
    ];
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
    let expected =
        "collectIron @ furnace  (1 + walking 0.2)\nforgeTools @ anvil  (1 + walking 0.34)\ncost 2.54\n";
    assert!(text(&out.stdout).starts_with(expected), "{}", text(&out.stdout));
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
    // `--set` on `request`'s problem is refused, saying `expected`.
    let refused = |request: &[&str], set: &str, expected: &str| {
        let out = goap_town(&[request, &[set]].concat());
        assert_eq!(out.status.code(), Some(1), "--set {set}");
        assert!(text(&out.stderr).contains(expected), "{}", text(&out.stderr));
    };
    // A fact of the other scope is named as such; a number no fact holds is out of range.
    let forge = ["plan", "scenarios/forge.ron", "--character", "smith", "--goal", "tools", "--set"];
    let other_scope = "unknown agent fact \"ironIngot\" (ironIngot is a world fact: write world.ironIngot)";
    refused(&forge, "agent.ironIngot=1", other_scope);
    let too_large = "99999999999 does not fit a fact (from -2147483648 to 2147483647)";
    refused(&forge, "world.ironIngot=99999999999", too_large);
    // A scope that is neither world nor agent is named; a line is never shorter than 0.
    let no_scope = "--set town.ironIngot=1: no scope \"town\": a fact is world.NAME or agent.NAME";
    refused(&forge, "town.ironIngot=1", no_scope);
    let village = ["plan", "scenarios/village.ron", "--character", "farmer1", "--goal", "work", "--set"];
    refused(&village, "world.@line.westField=-3", "world.@line.westField=-3: a line is never shorter than 0");
    let out = goap_town(&[&village[..], &["world.@line.westField=3"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Every problem of a request is said, one a line.
    let out =
        goap_town(&[&forge[..5], &["make", "--set", "agent.ironIngot=1", "--set", "world.tols=1"]].concat());
    assert_eq!(out.status.code(), Some(1));
    let said: Vec<String> = text(&out.stderr).lines().map(str::to_owned).collect();
    assert_eq!(said.len(), 3, "{said:?}");
    assert!(said[0].contains("character \"smith\" has no goal \"make\""), "{said:?}");
    assert!(said[1].contains("ironIngot is a world fact"), "{said:?}");
    assert!(said[2].contains("(did you mean \"tools\"?)"), "{said:?}");
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
        text.contains(
            "search: 4 states expanded in this order, then the goal; 0 duplicates dropped, 0 dead ends pruned"
        ),
        "{text}"
    );
    assert!(
        text.contains("★   2. g 1.32 h 3.64 f 4.96  agent.fed=0 agent.@place=woodpile agent.wood=1"),
        "{text}"
    );
    assert!(text.contains("        lightFire @ hearth → new (g 2.65 h 2.31 f 4.96)"), "{text}");
}

/// `run` writes each day's report as the day ends: the first is there while later days still
/// play, and the JSON of several days is one object, as before.
#[test]
#[cfg(feature = "sim")]
fn run_writes_each_day_as_it_ends() {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_goap-town"))
        .args(["run", "scenarios/village.ron", "--days", "1000"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut chunk = [0u8; 4096];
    while !text(&seen).contains("day 2\n") {
        let n = stdout.read(&mut chunk).unwrap();
        assert!(n > 0, "the output ended before day 2's report: {}", text(&seen));
        seen.extend_from_slice(&chunk[..n]);
    }
    // A thousand days are far from played when the first two are written.
    assert!(child.try_wait().unwrap().is_none(), "run wrote nothing until it had played every day");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(text(&seen).starts_with("Village — day 1\n"), "{}", text(&seen));

    let out = goap_town(&["run", "scenarios/forge.ron", "--days", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let scenario = goap_town::scenario::load(Path::new("scenarios/forge.ron")).unwrap();
    let days = serde_json::to_string(&goap_town::sim::play(scenario, 3)).unwrap();
    // Both through text, as serde_json reads a float back to within a last digit.
    let expected = format!("{{\"scenario\":\"Forge\",\"days\":{days}}}");
    let expected: serde_json::Value = serde_json::from_str(&expected).unwrap();
    assert_eq!(v["days"].as_array().map(Vec::len), Some(3));
    assert!(v == expected, "the streamed JSON differs from the days played in one piece");
}

/// The ranges of `--days`, `--villagers` and `--at` are refused outside them, in one line that
/// states the range, before anything plays.
#[test]
#[cfg(feature = "sim")]
fn days_villagers_and_moments_out_of_range_are_refused() {
    let cases: [(&[&str], &str); 6] = [
        (&["run", "scenarios/village.ron", "--days", "0"], "0 is not in 1..=1000"),
        (&["run", "scenarios/village.ron", "--days", "1000000"], "1000000 is not in 1..=1000"),
        (&["bench", "--villagers", "0"], "0 is not in 1..=10000000"),
        (&["bench", "--villagers", "100000000"], "100000000 is not in 1..=10000000"),
        (&["bench", "--days", "5000"], "5000 is not in 1..=1000"),
        (
            &["run", "scenarios/village.ron", "--at", "1e30", "--villager", "baker"],
            "0 to 300000 (1000 days of 300 s)",
        ),
    ];
    for (args, says) in cases {
        let out = goap_town(args);
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.lines().next().unwrap_or_default().contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let help = text(&goap_town(&["bench", "--help"]).stdout);
    assert!(help.contains("1 to 10,000,000") && help.contains("1 to 1,000"), "{help}");
}

/// The game refuses a town of no villagers, or more than it can show, as `bench` refuses one;
/// and without a display it says so in one line and exits 1, in the player's language.
#[test]
#[cfg(feature = "game")]
fn the_game_refuses_an_empty_town_and_says_when_there_is_no_display() {
    for n in ["0", "50001"] {
        let out = goap_town(&["--villagers", n]);
        assert_eq!(out.status.code(), Some(2), "--villagers {n}");
        assert!(text(&out.stderr).contains(&format!("{n} is not in 1..=50000")), "{}", text(&out.stderr));
    }
    // A tab the overview lacks is named with those it has.
    let out = goap_town(&["--overview=roster"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("villagers, stations, bottlenecks, alerts, lanes, days"),
        "{}",
        text(&out.stderr)
    );
    for (display, lang, says) in [
        (None, "en", "No display to open the game window on (DISPLAY is not set)."),
        (Some(":9999"), "es", "No hay pantalla en la que abrir la ventana del juego (DISPLAY=:9999)."),
    ] {
        let mut game = std::process::Command::new(env!("CARGO_BIN_EXE_goap-town"));
        game.args(["--lang", lang]).current_dir(env!("CARGO_MANIFEST_DIR"));
        game.env_remove("WAYLAND_DISPLAY").env_remove("WAYLAND_SOCKET");
        match display {
            Some(display) => game.env("DISPLAY", display),
            None => game.env_remove("DISPLAY"),
        };
        let out = game.output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(says), "{err}");
    }
}
