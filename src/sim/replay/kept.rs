//! What a replay keeps of an edit of the scenario the town took in whole (a file saved, a paint
//! stroke): the stations it moved and the cells of the map it painted, when that is all it changed.

use super::format::Change;
use super::paint::runs;
use crate::scenario::Scenario;
use crate::space::{Cell, Ground, Map};

/// The changes `after` makes to `before` in a replay's terms — stations moved, then cells
/// painted — if nothing else changed (`None`: a change no replay keeps).
pub fn kept_changes(before: &Scenario, after: &Scenario) -> Option<Vec<Change>> {
    let painted = painted_cells(before.map.as_ref(), after.map.as_ref())?;
    let mut unchanged = after.clone();
    for (station, was) in unchanged.stations.iter_mut().zip(&before.stations) {
        station.position = was.position;
    }
    // The ways across the map follow from the map and the stations, compared already.
    (unchanged.map, unchanged.walks, unchanged.text_hash) =
        (before.map.clone(), before.walks.clone(), before.text_hash);
    if unchanged != *before {
        return None;
    }
    let moved = (after.stations.iter().zip(&before.stations))
        .filter(|(now, was)| now.position != was.position)
        .map(|(now, _)| Change::Move { station: now.id.clone(), to: now.position });
    let painted = (!painted.is_empty()).then(|| Change::Paint(runs(&painted)));
    Some(moved.chain(painted).collect())
}

/// The cells `after` has of another ground than `before`, in reading order, if the two maps
/// differ in nothing else (both none: no cell).
fn painted_cells(before: Option<&Map>, after: Option<&Map>) -> Option<Vec<(Cell, Ground)>> {
    let (before, after) = match (before, after) {
        (None, None) => return Some(Vec::new()),
        (Some(before), Some(after)) if before == after => return Some(Vec::new()),
        (Some(before), Some(after))
            if (before.width(), before.height()) == (after.width(), after.height()) =>
        {
            (before, after)
        }
        _ => return None,
    };
    let every = (0..after.height()).flat_map(|row| (0..after.width()).map(move |col| Cell { col, row }));
    let painted: Vec<(Cell, Ground)> = every
        .filter_map(|cell| Some((cell, after.ground(cell)?)))
        .filter(|&(cell, ground)| before.ground(cell) != Some(ground))
        .collect();
    // Its cell size, origin and road speed too.
    let mut repainted = before.clone();
    for &(cell, ground) in &painted {
        repainted.paint(cell, ground);
    }
    (repainted == *after).then_some(painted)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> Map {
        Map::parse(10.0, [0.0, 0.0], rows, 1000).unwrap()
    }

    #[test]
    fn only_maps_alike_but_for_their_cells_are_painted_over_one_another() {
        let before = map(&["....", "..~~"]);
        let painted = painted_cells(Some(&before), Some(&map(&["#...", "..~="])));
        let wall = (Cell { col: 0, row: 0 }, Ground::Wall);
        assert_eq!(painted, Some(vec![wall, (Cell { col: 3, row: 1 }, Ground::Road)]));
        assert_eq!(painted_cells(Some(&before), Some(&before)), Some(Vec::new()));
        assert_eq!(painted_cells(None, None), Some(Vec::new()));
        assert_eq!(painted_cells(None, Some(&before)), None, "a map drawn");
        assert_eq!(painted_cells(Some(&before), None), None, "a map taken away");
        assert_eq!(painted_cells(Some(&before), Some(&map(&["...", "..~"]))), None, "another size");
        let elsewhere = map(&["#...", "..~~"]).with_origin([5.0, 0.0]);
        assert_eq!(painted_cells(Some(&before), Some(&elsewhere)), None, "laid elsewhere");
        let faster = map(&["#...", "..~~"]).with_road_speed(3.0);
        assert_eq!(painted_cells(Some(&before), Some(&faster)), None, "roads of another speed");
    }
}
