//! The scenario's map checked: its rows read into a [`space::Map`](crate::space::Map), each
//! problem located in the row and column it is in, and every station and start on ground a
//! villager can stand on.

use super::checker::Checker;
use super::diagnostic::quoted;
use super::limits;
use super::phrase::{Arg, Phrase, phrase};
use super::raw::RawMap;
use super::{Settings, Station};
use crate::space::{Ground, Map, MapError};

/// The map `raw` draws, with roads at the settings' speed; `None` when it has problems (each
/// reported) or could not be read.
pub(super) fn map(check: &mut Checker, raw: &RawMap, settings: &Settings) -> Option<Map> {
    if check.gaps.within("map") {
        return None; // what could not be read is reported; the rest cannot be laid out
    }
    let before = check.problems.len();
    let cell = check.within("map.cell", raw.cell, limits::MAP_CELL);
    let x = check.within("map.origin.0", raw.origin.0, limits::POSITION);
    let y = check.within("map.origin.1", raw.origin.1, limits::POSITION);
    // A cell or an origin out of range is reported; the rows are still read, for their own.
    let framed = check.problems.len() == before;
    let (cell, origin) = if framed { (cell, [x, y]) } else { (1.0, [0.0, 0.0]) };
    match Map::parse(cell, origin, &raw.rows, limits::MAX_MAP_CELLS) {
        Ok(map) => framed.then(|| map.with_road_speed(settings.road_speed)),
        Err(problems) => {
            for problem in problems {
                report(check, problem);
            }
            None
        }
    }
}

fn report(check: &mut Checker, problem: MapError) {
    match problem {
        MapError::Empty => check.error("map.rows", phrase!("scenario-map-empty")),
        MapError::CellSize(cell) => {
            let (min, max, what) = limits::MAP_CELL;
            let (min, max, value) = (min.to_string(), max.to_string(), super::number(cell));
            check.error(
                "map.cell",
                phrase!("scenario-out-of-range", what = what(), min = min, max = max, value = value),
            )
        }
        MapError::Ragged { row, length, expected } => {
            let (length, expected) = (Arg::Number(length as i64), Arg::Number(expected as i64));
            check.error(
                &format!("map.rows[{row}]"),
                phrase!("scenario-map-ragged", length = length, expected = expected),
            )
        }
        MapError::UnknownGround { row, column, found } => {
            let unknown = phrase!(
                "scenario-map-unknown-ground",
                char = found.escape_debug().to_string(),
                legend = legend()
            );
            check.error_in_string(&format!("map.rows[{row}]"), column, unknown)
        }
        MapError::TooManyCells { cells, most } => {
            let (count, max) = (Arg::Count(cells as u64), Arg::Count(most as u64));
            check.error("map.rows", phrase!("scenario-map-too-many-cells", max = max, count = count))
        }
    }
}

/// `. grass, = road, # wall, ~ water`, in the reader's words.
fn legend() -> Phrase {
    phrase!(
        "scenario-map-legend",
        grass = Ground::Grass.char().to_string(),
        road = Ground::Road.char().to_string(),
        wall = Ground::Wall.char().to_string(),
        water = Ground::Water.char().to_string(),
    )
}

/// What a point stands on when nobody may stand there: `wall`, `water` or `outside`.
fn blocked_ground(map: &Map, point: [f32; 2]) -> Option<&'static str> {
    match map.cell_of(point).and_then(|cell| map.ground(cell)) {
        None => Some("outside"),
        Some(ground) if !ground.walkable() => Some(ground.name()),
        Some(_) => None,
    }
}

/// Every station and every character's start on ground a villager can stand on.
pub(super) fn check_grounds(
    check: &mut Checker,
    map: &Map,
    stations: &[Station],
    starts: impl Iterator<Item = (String, [f32; 2])>,
) {
    // A position already said to be out of range stands in for itself at the origin.
    let said = |check: &Checker, field: &str| check.problems.iter().any(|d| d.field.starts_with(field));
    for (s, station) in stations.iter().enumerate() {
        let field = format!("stations[{s}].pos");
        if let Some(ground) = blocked_ground(map, station.position).filter(|_| !said(check, &field)) {
            let problem = phrase!("scenario-station-off-ground", name = quoted(&station.id), ground = ground);
            check.error(&field, problem);
        }
    }
    for (c, (id, start)) in starts.enumerate() {
        let field = format!("characters[{c}].start");
        if let Some(ground) = blocked_ground(map, start).filter(|_| !said(check, &field)) {
            let problem = phrase!("scenario-start-off-ground", name = quoted(&id), ground = ground);
            check.error(&field, problem);
        }
    }
}
