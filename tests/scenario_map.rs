//! A scenario's map: read cell by cell, every problem with it located in the row and column it
//! is in and said in both languages, a warning for a station nobody who needs it can walk to,
//! a changed map a live change, and a scenario without a map just as before.

use goap_town::scenario::{self, Diagnostic, Severity, diff::diff};
use goap_town::space::{Cell, Ground};
use goap_town::words::Lang;

/// A maid who draws water at a well beyond a wall; a road along the south joins them. Cells
/// are 20 units: column c spans x from 20c, row r spans y from −20r down.
const WALLED: &str = r#"Scenario(
    settings: (road_speed: 2.0),
    world: {"water": 0},
    stations: [(id: "well", pos: (90.0, -10.0))],
    actions: [(id: "draw", station: "well", duration: 1.0, cost: 1, effects: ["world.water += 1"])],
    characters: [
        (id: "maid", start: (10.0, -10.0), speed: 20.0, actions: ["draw"],
         goals: [(id: "water", wants: ["world.water >= 1"], drift: Quota(urgency: 1.0))]),
    ],
    map: (
        cell: 20.0,
        origin: (0.0, 0.0),
        rows: [
            "..#..",
            "..#..",
            "=====",
        ],
    ),
)"#;

/// WALLED with no map.
fn without_map() -> String {
    format!("{})", &WALLED[..WALLED.find("    map:").unwrap()])
}

/// Every problem of WALLED with `from` replaced by `to`.
fn problems(from: &str, to: &str) -> Vec<Diagnostic> {
    assert!(WALLED.contains(from), "{from}");
    let text = WALLED.replacen(from, to, 1);
    match scenario::parse(&text, "test.ron") {
        Ok(scenario) => scenario.warnings,
        Err(e) => e.diagnostics(),
    }
}

/// The one problem of WALLED with `from` replaced by `to`, in English and in Spanish.
fn said(from: &str, to: &str) -> (String, String) {
    let problems = problems(from, to);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    (problems[0].to_string(), problems[0].text(Lang::SPANISH))
}

/// The 1-based line and column where `needle` first is in WALLED with `from` replaced by `to`.
fn place(from: &str, to: &str, needle: &str) -> String {
    let text = WALLED.replacen(from, to, 1);
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle}"));
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at].rfind('\n').map_or(at, |newline| at - newline - 1) + 1;
    format!("test.ron:{line}:{column}")
}

#[test]
fn a_scenario_with_a_map_loads_cell_by_cell() {
    let s = scenario::parse(WALLED, "test.ron").unwrap();
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    let map = s.map.as_ref().unwrap();
    assert_eq!((map.width(), map.height(), map.cell_size(), map.origin()), (5, 3, 20.0, [0.0, 0.0]));
    assert_eq!(map.rows(), ["..#..", "..#..", "====="]);
    assert_eq!(map.ground(Cell { col: 2, row: 1 }), Some(Ground::Wall));
    assert_eq!(map.ground(Cell { col: 0, row: 2 }), Some(Ground::Road));
    assert_eq!(map.cell_of(s.stations[0].position), Some(Cell { col: 4, row: 0 }));
    assert_eq!((s.settings.road_speed, map.road_speed()), (2.0, 2.0));
    assert_eq!(map.slowness(Cell { col: 3, row: 2 }), 0.5);
}

#[test]
fn a_scenario_without_a_map_has_none_and_the_default_road_speed() {
    let plain = scenario::parse(&without_map(), "t").unwrap();
    assert_eq!((plain.map, plain.settings.road_speed), (None, 2.0));
    let defaults = scenario::parse(include_str!("../scenarios/cook.ron"), "cook.ron").unwrap();
    assert_eq!((defaults.map, defaults.settings.road_speed), (None, 1.5));
}

#[test]
fn a_row_of_another_length_is_located_at_the_row() {
    let (from, to) = (
        r#""..#..",
            "=====""#,
        r#""..#..",
            "====""#,
    );
    let (en, es) = said(from, to);
    let at = place(from, to, r#""====""#);
    assert_eq!(
        en,
        format!(
            "{at}: map.rows[2]: this row is 4 cells long, but the first is 5 cells: every row of a map is as long as the first"
        )
    );
    assert_eq!(
        es,
        format!(
            "{at}: map.rows[2]: esta fila mide 4 casillas, pero la primera mide 5 casillas: todas las filas de un mapa miden lo mismo que la primera"
        )
    );
}

#[test]
fn an_unknown_character_is_located_at_itself_with_the_legend() {
    let (from, to) = (r#""=====""#, r#""==x==""#);
    let (en, es) = said(from, to);
    let at = place(from, to, "x==");
    assert_eq!(
        en,
        format!(
            "{at}: map.rows[2]: 'x' is no kind of ground: a map's rows are written with `.` grass, `=` road, `#` wall, `~` water"
        )
    );
    assert_eq!(
        es,
        format!(
            "{at}: map.rows[2]: 'x' no es ningún tipo de suelo: las filas de un mapa se escriben con `.` hierba, `=` camino, `#` muro, `~` agua"
        )
    );
}

#[test]
fn an_unseen_character_in_a_row_is_shown_escaped() {
    let problems = problems(
        r#""..#..",
            "=====","#,
        "\"..#..\",\n            \"==\t==\",",
    );
    let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(said.iter().any(|s| s.contains(r"'\t' is no kind of ground")), "{said:#?}");
}

#[test]
fn a_station_or_a_start_on_a_wall_in_water_or_off_the_map_is_located_at_its_position() {
    let on_wall = ("pos: (90.0, -10.0)", "pos: (50.0, -10.0)");
    let (en, es) = said(on_wall.0, on_wall.1);
    let at = place(on_wall.0, on_wall.1, "(50.0");
    assert_eq!(
        en,
        format!(
            r#"{at}: stations[0].pos: station "well" stands on a wall: a station stands on grass or road"#
        )
    );
    assert_eq!(
        es,
        format!(
            r#"{at}: stations[0].pos: la estación "well" está sobre un muro: una estación va sobre hierba o camino"#
        )
    );

    let (en, es) = said("start: (10.0, -10.0)", "start: (-10.0, -10.0)");
    let at = place("start: (10.0, -10.0)", "start: (-10.0, -10.0)", "(-10.0, -10.0)");
    assert_eq!(
        en,
        format!(
            r#"{at}: characters[0].start: character "maid" starts outside the map: a character starts on grass or road"#
        )
    );
    assert_eq!(
        es,
        format!(
            r#"{at}: characters[0].start: el personaje "maid" empieza fuera del mapa: un personaje empieza sobre hierba o camino"#
        )
    );

    let wet = (
        r#""..#..",
            "..#..","#,
        r#""..#..",
            "..#~.","#,
    );
    let moved = WALLED.replacen(wet.0, wet.1, 1).replacen("pos: (90.0, -10.0)", "pos: (70.0, -30.0)", 1);
    let problems = scenario::parse(&moved, "test.ron").unwrap_err().diagnostics();
    let words: Vec<(String, String)> =
        problems.iter().map(|d| (d.field.clone(), d.message.clone())).collect();
    assert_eq!(
        words,
        [(
            "stations[0].pos".to_owned(),
            r#"station "well" stands in the water: a station stands on grass or road"#.to_owned()
        )]
    );
    assert!(
        problems[0].text(Lang::SPANISH).contains("está en el agua"),
        "{}",
        problems[0].text(Lang::SPANISH)
    );
}

#[test]
fn an_empty_map_a_bad_cell_too_many_cells_and_a_bad_road_speed_are_refused() {
    let empty = (
        r#"rows: [
            "..#..",
            "..#..",
            "=====",
        ],"#,
        "rows: [],",
    );
    let (en, es) = said(empty.0, empty.1);
    assert!(en.ends_with("map.rows: a map needs at least one row of at least one cell"), "{en}");
    assert!(es.ends_with("map.rows: un mapa necesita al menos una fila de al menos una casilla"), "{es}");

    let (en, es) = said("cell: 20.0", "cell: 0.0");
    assert!(
        en.ends_with("map.cell: a map cell's side (units) must be a number from 0.1 to 10000, not 0"),
        "{en}"
    );
    assert!(es.contains("map.cell: el lado de una casilla del mapa (unidades) debe ser"), "{es}");

    let row = format!("\"{}\",", ".".repeat(300));
    let huge = format!("rows: [{}],", row.repeat(300));
    let (en, es) = said(empty.0, &huge);
    assert!(en.ends_with("map.rows: a map has at most 65,536 cells (this one has 90,000)"), "{en}");
    assert!(es.ends_with("map.rows: un mapa tiene como mucho 65 536 casillas (este tiene 90 000)"), "{es}");

    let (en, es) = said("road_speed: 2.0", "road_speed: 0.0");
    assert!(
        en.contains("settings.road_speed: the road speed (how many times faster than on grass) must be"),
        "{en}"
    );
    assert!(
        es.contains("la velocidad en los caminos (cuántas veces más rápido que sobre la hierba) debe ser"),
        "{es}"
    );
}

#[test]
fn a_bad_cell_or_origin_leaves_the_rows_checked_and_a_row_says_each_of_its_problems() {
    let rows = (
        r#"rows: [
            "..#..",
            "..#..","#,
        r#"rows: [
            "..#..",
            "..x.","#,
    );
    let text = WALLED.replacen(rows.0, rows.1, 1);
    for (from, to) in [("cell: 20.0", "cell: 0.0"), ("origin: (0.0, 0.0)", "origin: (NaN, 0.0)")] {
        let text = text.replacen(from, to, 1);
        let problems = scenario::parse(&text, "test.ron").expect_err("refused").diagnostics();
        let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        // The frame's problem, then the second row's two, in the order they stand: too short
        // (at the row), and an unknown character (at itself).
        assert_eq!(problems.len(), 3, "{said:#?}");
        assert!(said[1].contains("map.rows[1]: this row is 4 cells long"), "{said:#?}");
        assert!(said[2].contains("map.rows[1]: 'x' is no kind of ground"), "{said:#?}");
    }
}

#[test]
fn a_station_nobody_who_needs_it_can_walk_to_is_a_warning() {
    // Water instead of the road: the well is on the far side of wall and water.
    let cut = (r#""=====""#, r#""..~..""#);
    let warnings = problems(cut.0, cut.1);
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    let warning = &warnings[0];
    assert_eq!((warning.severity, warning.field.as_str()), (Severity::Warning, "stations[0]"));
    assert_eq!(
        warning.message,
        r#""maid", who needs station "well", cannot walk to it from where it starts: walls or water are in the way"#
    );
    assert!(
        warning
            .text(Lang::SPANISH)
            .contains(r#"advertencia: "maid", que necesita la estación "well", no puede llegar a ella"#)
    );
    // A bridge: it is reached again.
    assert!(problems(cut.0, r#""..=..""#).is_empty());
    // Someone else who needs it and can reach it: no warning either.
    let helper = r#"characters: [
        (id: "boy", start: (90.0, -30.0), speed: 20.0, actions: ["draw"],
         goals: [(id: "water", wants: ["world.water >= 1"], drift: Quota(urgency: 1.0))]),"#;
    let both = WALLED.replacen(cut.0, cut.1, 1).replacen("characters: [", helper, 1);
    assert!(scenario::parse(&both, "t").unwrap().warnings.is_empty());
}

#[test]
fn a_changed_map_and_road_speed_go_on_with_the_day() {
    let old = scenario::parse(WALLED, "t").unwrap();
    let changes = |text: &str| -> Vec<(String, bool)> {
        let new = scenario::parse(text, "t").unwrap();
        diff(&old, &new).iter().map(|c| (c.to_string(), c.restarts)).collect()
    };
    let painted = WALLED.replacen(
        r#""..#..",
            "=====""#,
        r#""..#..",
            "==.==""#,
        1,
    );
    assert_eq!(changes(&painted), [(r#"map.rows[2] "=====" → "==.==""#.to_owned(), false)]);
    assert_eq!(
        changes(&WALLED.replace("road_speed: 2.0", "road_speed: 3.0")),
        [("settings.road_speed 2 → 3".to_owned(), false)]
    );
    assert_eq!(
        changes(&WALLED.replace("cell: 20.0", "cell: 25.0")),
        [("map.cell 20 → 25".to_owned(), false)]
    );
    let new = scenario::parse(&without_map(), "t").unwrap();
    let gone: Vec<(String, bool)> = diff(&old, &new).iter().map(|c| (c.to_string(), c.restarts)).collect();
    assert_eq!(gone, [("− map".to_owned(), false)]);
}

#[test]
fn mutants_of_a_scenario_with_a_map_load_or_get_located_errors_without_a_panic() {
    use goap_town::scenario::fuzz::{self, Outcome, Rng};
    let mut rng = Rng(43);
    let (mut loaded, mut rejected) = (0, 0);
    for _ in 0..5_000 {
        let bytes = fuzz::mutant(&mut rng, WALLED);
        match std::panic::catch_unwind(|| fuzz::check(&bytes)) {
            Ok(Ok(Outcome::Loaded)) => loaded += 1,
            Ok(Ok(Outcome::Rejected)) => rejected += 1,
            Ok(Err(broken)) => panic!("{broken}\n---\n{}", String::from_utf8_lossy(&bytes)),
            Err(_) => panic!("panicked on\n{}", String::from_utf8_lossy(&bytes)),
        }
    }
    assert!(loaded > 200 && rejected > 2_000, "{loaded} loaded, {rejected} rejected");
}
