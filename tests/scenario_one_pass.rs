//! A broken scenario file is checked in one pass: a misspelt or unreadable field is reported, and
//! the rest of the file still checked — only what that field held waits until it is fixed — and
//! each problem is located where it was written.

mod common;

use common::{BASE, errors};
use goap_town::scenario::{self, Diagnostic};

/// `(line, column)` of the first `needle` in `text`, 1-based, the way diagnostics count.
fn place_of(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle} is not in the text"));
    let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    (text[..at].matches('\n').count() + 1, at - line_start + 1)
}

/// Each diagnostic as `line:col: field: message`, for assertions that read like the output.
fn located(all: &[Diagnostic]) -> Vec<String> {
    all.iter().map(|d| format!("{}:{}: {}: {}", d.line, d.column, d.field, d.message)).collect()
}

#[test]
fn a_misspelt_field_and_an_unknown_fact_elsewhere_are_both_reported_in_one_pass() {
    let broken = BASE
        .replace(r#"label: "Forge", station"#, r#"labl: "Forge", station"#)
        .replace(r#"wants: ["world.tools >= 1"]"#, r#"wants: ["world.tool >= 1"]"#);
    let all = errors(&broken);
    let (labl, tool) = (place_of(&broken, "labl"), place_of(&broken, "tool >="));
    assert_eq!(
        located(&all),
        [
            format!(
                "{}:{}: actions[0]: an action has no field `labl` (did you mean \"label\"?); its fields are id, label, station, duration, cost, needs, effects, interruptible",
                labl.0, labl.1
            ),
            format!(
                "{}:{}: characters[0].goals[0].wants[0]: unknown world fact \"tool\" (did you mean \"tools\"?); facts are declared in `world: {{...}}`",
                tool.0, tool.1
            ),
        ]
    );
}

#[test]
fn a_misspelt_required_field_is_missing_and_what_else_is_wrong_is_still_found() {
    let broken = BASE
        .replace("duration: 2.0", "durtion: 2.0")
        .replace("world.iron >= 1", "world.irn >= 1")
        .replace(
            r#"stations: [(id: "anvil", label: "Anvil", pos: (0.0, 0.0))]"#,
            r#"stations: [(id: "anvil", label: "Anvil", pos: (0.0, 0.0)), (id: "oven", pos: (1.0, 1.0))]"#,
        )
        .replace(r#"station: "anvil""#, r#"station: "anvl""#);
    let all = errors(&broken);
    let fields: Vec<&str> = all.iter().map(|d| d.field.as_str()).collect();
    assert_eq!(fields, ["actions[0]", "actions[0].station", "actions[0]", "actions[0].needs[0]"], "{all:#?}");
    let action = place_of(&broken, "(id: \"forge\"");
    assert_eq!((all[0].line, all[0].column), action, "the missing field at the action");
    assert_eq!(all[0].message, "an action needs `duration`");
    assert_eq!((all[1].line, all[1].column), place_of(&broken, "\"anvl\""));
    assert!(all[1].message.contains("did you mean \"anvil\""), "{}", all[1]);
    assert_eq!((all[2].line, all[2].column), place_of(&broken, "durtion"));
    assert!(all[2].message.contains("did you mean \"duration\""), "{}", all[2]);
    assert_eq!((all[3].line, all[3].column), place_of(&broken, "irn >="));
}

#[test]
fn a_missing_required_field_and_an_unknown_station_are_both_reported() {
    let broken = BASE.replace("cost: 1,", "").replace(r#"station: "anvil""#, r#"station: "anvl""#);
    let all = errors(&broken);
    let messages: Vec<&str> = all.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        ["an action needs `cost`", "unknown station or kind of station \"anvl\" (did you mean \"anvil\"?)"]
    );
    assert_eq!((all[1].line, all[1].column), place_of(&broken, "\"anvl\""));
}

#[test]
fn what_could_not_be_read_is_not_reported_again_as_unknown() {
    // The action's id is misspelt, the station is not a struct and a fact is not a number: their
    // own problems are said once, and nothing that names them is called unknown.
    let broken = BASE
        .replace(r#"(id: "forge""#, r#"(idd: "forge""#)
        .replace(r#"(id: "anvil", label: "Anvil", pos: (0.0, 0.0))"#, r#""anvil""#)
        .replace(r#""iron": 1"#, r#""iron": "one""#)
        .replace("speed: 50.0", "speed: 0.0");
    let all = errors(&broken);
    let fields: Vec<&str> = all.iter().map(|d| d.field.as_str()).collect();
    assert_eq!(
        fields,
        ["world.iron", "stations[0]", "actions[0]", "actions[0]", "characters[0].speed"],
        "{all:#?}"
    );
    assert!(all[0].message.starts_with("expected a whole number"), "{}", all[0]);
    assert_eq!(all[2].message, "an action needs `id`");
    assert!(all[3].message.contains("no field `idd` (did you mean \"id\"?)"), "{}", all[3]);
}

#[test]
fn a_fact_named_bare_is_reported_once_and_still_declared() {
    let broken = BASE.replace(r#"{"tools": 0, "iron": 1}"#, r#"{tools: 0, "iron": 1}"#);
    let all = errors(&broken);
    assert_eq!(all.len(), 1, "{all:#?}");
    assert_eq!((all[0].line, all[0].column), place_of(&broken, "tools: 0"));
}

#[test]
fn a_fact_declared_twice_is_located_where_it_is_declared_again() {
    let twice =
        BASE.replace(r#"{"tools": 0, "iron": 1}"#, r#"{"tools": 0, "iron": 1, "tools": 2, "tools": true}"#);
    let all = errors(&twice);
    let again = twice.match_indices(r#""tools""#).map(|(at, _)| at).collect::<Vec<_>>();
    let line = twice.lines().nth(1).unwrap();
    let offset = twice.find(line).unwrap();
    let columns: Vec<usize> = all.iter().map(|d| d.column).collect();
    assert_eq!(columns, [again[1] - offset + 1, again[2] - offset + 1], "{all:#?}");
    assert!(all.iter().all(|d| d.line == 2 && d.field == "world.tools"), "{all:#?}");
    assert_eq!(all[0].message, "world fact \"tools\" is declared twice");
}

#[test]
fn a_characters_own_fact_given_twice_is_an_error_where_it_is_given_again() {
    let twice = BASE.replace("speed: 50.0,", r#"speed: 50.0, facts: {"wood": 1, "wood": 3},"#);
    let all = errors(&twice);
    assert_eq!(all.len(), 1, "{all:#?}");
    let second = twice.rfind(r#""wood": 3"#).unwrap();
    let line_start = twice[..second].rfind('\n').unwrap() + 1;
    assert_eq!((all[0].field.as_str(), all[0].column), ("characters[0].facts.wood", second - line_start + 1));
    assert_eq!(all[0].message, "\"smith\" gives agent fact \"wood\" twice");
}

#[test]
fn a_misspelt_list_or_map_is_said_once_not_once_for_everything_that_names_what_it_held() {
    // Without it, each fact, station or action named elsewhere would be called unknown too.
    for (from, to) in [
        (r#"world: {"tools": 0, "iron": 1}"#, r#"wrld: {"tools": 0, "iron": 1}"#),
        ("stations: [", "statons: ["),
        ("    actions: [\n", "    actoins: [\n"),
    ] {
        assert!(BASE.contains(from), "{from}");
        let all = errors(&BASE.replace(from, to));
        assert_eq!(all.len(), 1, "{to}: {all:#?}");
        assert!(all[0].message.starts_with("a scenario has no field"), "{}", all[0]);
    }
    // Still found: what is wrong elsewhere.
    let broken = BASE.replace("stations: [", "statons: [").replace("speed: 50.0", "speed: -1.0");
    let fields: Vec<String> = errors(&broken).into_iter().map(|d| d.field).collect();
    assert_eq!(fields, ["", "characters[0].speed"]);
}

#[test]
fn a_characters_own_facts_unreadable_hide_no_unknown_fact_elsewhere() {
    // Own facts declare nothing: an unknown fact elsewhere is still found.
    let broken = BASE
        .replace("speed: 50.0,", r#"speed: 50.0, facts: {3: 1},"#)
        .replace("world.iron >= 1", "world.irn >= 1");
    let fields: Vec<String> = errors(&broken).into_iter().map(|d| d.field).collect();
    assert_eq!(fields, ["actions[0].needs[0]", "characters[0].facts"]);
    // A declaration's name that cannot be read may be the one named: that is left for later.
    let broken = BASE.replace(r#""iron": 1"#, r#"3: 1"#).replace("world.iron >= 1", "world.irn >= 1");
    let fields: Vec<String> = errors(&broken).into_iter().map(|d| d.field).collect();
    assert_eq!(fields, ["world"]);
}

/// A path that is not a plain file — a named pipe, which opening would wait on for ever, or a
/// folder — is refused unopened, with a located error.
#[test]
fn a_named_pipe_or_a_folder_is_refused_without_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.ron");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for path in [fifo, dir.path().to_path_buf()] {
        let error = scenario::load(&path).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{}: cannot read: not a plain file (a folder, a pipe or a device)", path.display())
        );
    }
}
