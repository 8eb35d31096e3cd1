//! Replay files are not trusted: only a regular file is read, and only up to a cap; every field
//! is checked before anything plays — the count of edits, the town's size, the end, each edit's
//! moment (within its day, in order, not after the end) and place — each fault one located line.

mod common;

use common::{goap_town, shipped};
use goap_town::sim::replay::{LATEST_DAY, MAX_FILE_BYTES, MOST_EDITS, NotAFile};
use goap_town::sim::{self, Clock, Fault, Moment, Problem, Replay, ReplayError};
use goap_town::words::Lang;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A replay of village.ron as the game writes one: a fact set and a station moved.
fn village_replay() -> Value {
    let village = shipped("village.ron");
    common::village_replay(json!([
        {"day": 1, "step": 10, "set": {"tile": 0, "fact": "bread", "value": 4}},
        {"day": 1, "step": 50, "move": {"station": village.stations[0].id, "to": [10.0, -20.5]}},
    ]))
}

fn write(dir: &Path, name: &str, replay: &Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(replay).unwrap()).unwrap();
    path
}

/// What reading `replay` (written to a file) says, in English, and its fault.
fn read_fault(replay: &Value) -> (String, Fault) {
    let dir = tempfile::tempdir().unwrap();
    let error: ReplayError = Replay::read(&write(dir.path(), "bad.replay.json", replay)).unwrap_err();
    (error.to_string(), error.fault)
}

/// What checking `replay` against village.ron says (it reads cleanly).
fn check_fault(replay: &Value) -> Fault {
    let replay: Replay = Replay::from_bytes(replay.to_string().as_bytes()).unwrap();
    replay.check(&shipped("village.ron")).unwrap_err()
}

#[test]
fn a_replay_as_the_game_writes_it_reads_and_checks_out() {
    let dir = tempfile::tempdir().unwrap();
    let replay = Replay::read(&write(dir.path(), "good.replay.json", &village_replay())).unwrap();
    replay.check(&shipped("village.ron")).unwrap();
    assert!(!replay.takes_a_while(&shipped("village.ron")));
}

#[test]
fn a_named_pipe_is_refused_without_waiting_for_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.replay.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let error = Replay::read(&fifo).unwrap_err();
    assert_eq!(error.fault, Fault::NotAFile { kind: NotAFile::Fifo });
    assert_eq!(
        error.to_string(),
        format!("{}: not a file but a named pipe: a replay is read from a regular file", fifo.display())
    );
}

#[test]
fn a_link_to_dev_zero_and_a_folder_are_refused_without_reading() {
    let dir = tempfile::tempdir().unwrap();
    let zero = dir.path().join("zero.replay.json");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    assert_eq!(Replay::read(&zero).unwrap_err().fault, Fault::NotAFile { kind: NotAFile::Device });
    assert_eq!(Replay::read(dir.path()).unwrap_err().fault, Fault::NotAFile { kind: NotAFile::Directory });
    let missing = Replay::read(&dir.path().join("none.json")).unwrap_err();
    assert!(matches!(missing.fault, Fault::Unreadable { .. }), "{missing}");
}

#[test]
fn a_file_past_the_cap_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.replay.json");
    // Sparse: as large as a file past the cap, with no disk spent.
    std::fs::File::create(&big).unwrap().set_len(MAX_FILE_BYTES as u64 + 1).unwrap();
    let error = Replay::read(&big).unwrap_err();
    assert_eq!(error.fault, Fault::TooLarge);
    assert_eq!(
        error.to_string(),
        format!("{}: larger than 8,388,608 bytes, the most a replay file holds", big.display())
    );
    // Bytes from elsewhere are held to the same cap.
    assert_eq!(Replay::from_bytes(&vec![b' '; MAX_FILE_BYTES + 1]), Err(Fault::TooLarge));
}

#[test]
fn json_that_is_not_a_replay_says_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.replay.json");
    std::fs::write(&path, "{\n  \"format\": \"goap-town replay 1\",\n  \"scenario\": 7\n}").unwrap();
    let error = Replay::read(&path).unwrap_err();
    assert!(matches!(error.fault, Fault::NotJson { line: 3, .. }), "{error:?}");
    assert!(error.to_string().starts_with(&format!("{}:3:", path.display())), "{error}");
}

#[test]
fn more_edits_than_a_replay_holds_are_refused() {
    let mut replay = village_replay();
    let edit = replay["edits"][0].clone();
    replay["edits"] = Value::Array(vec![edit; MOST_EDITS + 1]);
    let (said, fault) = read_fault(&replay);
    assert_eq!(fault, Fault::TooManyEdits { count: MOST_EDITS + 1 });
    assert!(said.ends_with(": edits: 10,001 edits, more than the 10,000 a replay holds"), "{said}");
}

#[test]
fn a_town_larger_than_the_game_plays_is_refused_before_it_is_made() {
    for villagers in [json!(sim::MOST_VILLAGERS_SHOWN + 1), json!(1_000_000_000u64), json!(u64::MAX)] {
        let mut replay = village_replay();
        replay["villagers"] = villagers.clone();
        let (said, fault) = read_fault(&replay);
        assert!(matches!(fault, Fault::TooManyVillagers { .. }), "{villagers}: {said}");
        assert!(said.contains(": villagers: "), "{said}");
    }
    // The largest town the game plays is one a replay may hold.
    let mut replay = village_replay();
    replay["villagers"] = json!(sim::MOST_VILLAGERS_SHOWN);
    replay["end"] = json!({"day": 1, "step": 60});
    let dir = tempfile::tempdir().unwrap();
    Replay::read(&write(dir.path(), "largest.replay.json", &replay)).unwrap();
}

#[test]
fn an_end_on_no_day_or_far_beyond_reach_is_refused() {
    let mut replay = village_replay();
    replay["end"] = json!({"day": u32::MAX, "step": 0});
    let (said, fault) = read_fault(&replay);
    assert_eq!(fault, Fault::End { end: Moment { day: u32::MAX, step: 0 }, problem: Problem::TooLate });
    let most = goap_town::scenario::count_text(Lang::ENGLISH, u64::from(LATEST_DAY));
    let expected = format!("end (day 4294967295, step 0): past day {most}, the last a replay may reach");
    assert!(said.ends_with(&expected), "{said}");
    replay["end"] = json!({"day": 0, "step": 0});
    let (said, _) = read_fault(&replay);
    assert!(said.ends_with("end (day 0, step 0): days are counted from 1"), "{said}");
}

#[test]
fn an_end_past_its_day_or_too_long_to_play_is_refused_with_the_scenario() {
    let mut replay = village_replay();
    replay["end"] = json!({"day": 1, "step": 3000});
    let fault = check_fault(&replay);
    assert_eq!(fault.text(Lang::ENGLISH), "end (day 1, step 3000): past the end of a day of 3,000 steps");
    // Two days of 50,000 villagers: within the town's limit, beyond what opening may take.
    replay["end"] = json!({"day": 2, "step": 0});
    replay["villagers"] = json!(50_000);
    let fault = check_fault(&replay);
    assert!(
        matches!(fault, Fault::End { problem: Problem::TooLong { villagers: 50_000, .. }, .. }),
        "{fault:?}"
    );
}

#[test]
fn an_edit_past_the_end_of_its_day_is_refused_where_it_is() {
    let mut replay = village_replay();
    replay["end"] = json!({"day": 2, "step": 100});
    replay["edits"][1]["step"] = json!(99_999);
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "late.replay.json", &replay);
    // The file reads (a day's length is the scenario's); checking it against its scenario refuses.
    let fault = Replay::read(&path).unwrap().check(&shipped("village.ron")).unwrap_err();
    assert_eq!(
        fault.in_file(&path).to_string(),
        format!("{}: edit 2 (day 1, step 99999): past the end of a day of 3,000 steps", path.display())
    );
}

#[test]
fn edits_out_of_order_or_after_the_end_are_refused() {
    let mut replay = village_replay();
    replay["edits"][0]["step"] = json!(60);
    let (said, fault) = read_fault(&replay);
    let (at, previous) = (Moment { day: 1, step: 50 }, Moment { day: 1, step: 60 });
    assert_eq!(fault, Fault::Edit { number: 2, at, problem: Problem::OutOfOrder { previous } });
    let expected = "edit 2 (day 1, step 50): before the edit listed ahead of it (day 1, step 60): \
                    edits are kept in the order made";
    assert!(said.ends_with(expected), "{said}");

    let mut replay = village_replay();
    replay["edits"][1]["day"] = json!(2);
    let (said, fault) = read_fault(&replay);
    assert!(matches!(fault, Fault::Edit { number: 2, problem: Problem::AfterEnd { .. }, .. }), "{said}");

    let mut replay = village_replay();
    replay["edits"][0]["day"] = json!(0);
    let (said, _) = read_fault(&replay);
    assert!(said.ends_with("edit 1 (day 0, step 10): days are counted from 1"), "{said}");
}

#[test]
fn a_station_moved_beyond_what_a_file_may_say_is_refused() {
    for to in [json!([1e39, 0.0]), json!([1e7, 1e7]), json!([-1000000.5, 0.0])] {
        let mut replay = village_replay();
        replay["edits"][1]["move"]["to"] = to.clone();
        let (said, fault) = read_fault(&replay);
        assert!(
            matches!(fault, Fault::Edit { number: 2, problem: Problem::Position { .. }, .. }),
            "{to}: {said}"
        );
        assert!(said.contains("a position must be a number from -1000000 to 1000000"), "{said}");
    }
    let (said, _) = read_fault(&{
        let mut replay = village_replay();
        replay["edits"][1]["move"]["to"] = json!([1e39, 0.0]);
        replay
    });
    let expected = "edit 2 (day 1, step 50): a station moved to (inf, 0): \
                    a position must be a number from -1000000 to 1000000";
    assert!(said.ends_with(expected), "{said}");
    // The very edge is a place a file may put a station.
    let mut replay = village_replay();
    replay["edits"][1]["move"]["to"] = json!([1e6, -1e6]);
    check_fault_free(&replay);
}

fn check_fault_free(replay: &Value) {
    let replay = Replay::from_bytes(replay.to_string().as_bytes()).unwrap();
    replay.check(&shipped("village.ron")).unwrap();
}

#[test]
fn names_the_scenario_lacks_are_refused_before_the_town_is_made() {
    let cases = [
        (
            "/edits/0/set/fact",
            json!("gold"),
            "edit 1 (day 1, step 10): the scenario has no world fact `gold`",
        ),
        (
            "/edits/0/set/tile",
            json!(1),
            "edit 1 (day 1, step 10): the town has no tile 1 (its 1 tiles are numbered from 0)",
        ),
        (
            "/edits/1/move/station",
            json!("moon"),
            "edit 2 (day 1, step 50): the scenario has no station `moon`",
        ),
    ];
    for (field, value, said) in cases {
        let mut replay = village_replay();
        *replay.pointer_mut(field).unwrap() = value;
        assert_eq!(check_fault(&replay).text(Lang::ENGLISH), said);
    }
}

#[test]
fn a_day_has_as_many_steps_as_the_clock_plays() {
    for day_length in [300.0, 1.0, 0.95, 86_400.0, 12.34] {
        let steps = Clock::steps_in_a_day(day_length);
        let mut clock = Clock::new(day_length);
        // The last step of the day is the last before the day's end; the next one is not.
        clock.go_to(steps - 1);
        assert!(clock.time < day_length, "{day_length}");
        clock.go_to(steps);
        assert!(clock.time >= day_length, "{day_length}");
    }
    // And as the town plays it: a short day rolls over at that step.
    let mut cook = shipped("cook.ron");
    cook.settings.day_length = 1.23;
    let mut app = sim::simulation_app(cook);
    let mut last = 0;
    while app.world().resource::<Clock>().day == 1 {
        last = app.world().resource::<Clock>().steps;
        sim::step(&mut app);
    }
    assert_eq!(last + 1, Clock::steps_in_a_day(1.23));
}

#[test]
fn a_replay_that_takes_a_while_to_open_says_so() {
    let mut replay = village_replay();
    replay["villagers"] = json!(10_000);
    replay["end"] = json!({"day": 1, "step": 2000});
    let replay = Replay::from_bytes(replay.to_string().as_bytes()).unwrap();
    let village = shipped("village.ron");
    replay.check(&village).unwrap();
    assert!(replay.takes_a_while(&village));
    assert_eq!(replay.work(&village), 2001 * (10_000 + 10));
}

#[test]
fn the_faults_are_said_in_spanish_too() {
    let mut replay = village_replay();
    replay["end"] = json!({"day": 2, "step": 100});
    replay["edits"][1]["step"] = json!(99_999);
    let fault = check_fault(&replay);
    let spanish = goap_town::words::words().lang("es").unwrap();
    assert_eq!(
        fault.text(spanish),
        "edición 2 (día 1, paso 99999): pasado el final de un día de 3 000 pasos"
    );
}

#[test]
fn run_and_the_game_refuse_a_bad_replay_with_one_line_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let mut replay = village_replay();
    replay["end"] = json!({"day": 2, "step": 100});
    replay["edits"][1]["step"] = json!(99_999);
    let path = write(dir.path(), "late.replay.json", &replay);
    let file = path.to_str().unwrap();
    let expected = format!("{file}: edit 2 (day 1, step 99999): past the end of a day of 3,000 steps\n");
    let out =
        goap_town(&["run", "scenarios/village.ron", "--replay", file, "--at", "1", "--villager", "baker1"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr), expected);
    assert!(out.stdout.is_empty());
    // The game says it before it opens a window (none is needed to be told).
    #[cfg(feature = "game")]
    {
        let out = goap_town(&["replay", file]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(String::from_utf8_lossy(&out.stderr), expected);
        let out = goap_town(&["replay", "/dev/zero", "--lang", "es"]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "/dev/zero: no es un archivo sino un dispositivo: una repetición se lee de un archivo normal\n"
        );
    }
}
