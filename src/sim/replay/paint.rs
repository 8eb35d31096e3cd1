//! Painted cells as a replay file keeps them: the cells one edit painted, in reading order,
//! gathered into runs along the map's rows ([`Run`]), and read back a cell at a time, each
//! checked against the scenario's map as the game's paint mode checks a stroke.

use super::fault::Problem;
use super::format::Run;
use crate::scenario::Scenario;
use crate::space::{Cell, Ground};

/// `cells` as runs of cells side by side along a row, in the order given (reading order when
/// they come from comparing two maps).
pub fn runs(cells: &[(Cell, Ground)]) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for &(cell, ground) in cells {
        match runs.last_mut() {
            Some(run) if run.row == cell.row && run.end() == u64::from(cell.col) => {
                run.ground.push(ground.char())
            }
            _ => runs.push(Run { row: cell.row, col: cell.col, ground: ground.char().to_string() }),
        }
    }
    runs
}

/// The cells `runs` paint on `scenario`'s map, in order, each on the map and of a known ground,
/// and no wall or water under a station (standing at `stations` by then) or a character's start:
/// the game paints none there, and a scenario file with one does not load.
pub fn cells_on(
    scenario: &Scenario,
    stations: &[[f32; 2]],
    runs: &[Run],
) -> Result<Vec<(Cell, Ground)>, Problem> {
    let map = scenario.map.as_ref().ok_or(Problem::NoMap)?;
    let mut cells = Vec::new();
    for (col, row, c) in runs.iter().flat_map(Run::cells) {
        let ground = Ground::from_char(c).ok_or(Problem::Ground { found: c })?;
        let cell = u32::try_from(col).ok().map(|col| Cell { col, row });
        let off = Problem::OffMap { col, row, width: map.width(), height: map.height() };
        let cell = cell.filter(|&cell| map.ground(cell).is_some()).ok_or(off)?;
        if !ground.walkable() {
            let on = |point: [f32; 2]| map.cell_of(point) == Some(cell);
            if let Some(station) = stations.iter().position(|&at| on(at)) {
                return Err(Problem::UnderStation { station: scenario.stations[station].id.clone(), ground });
            }
            if let Some(character) = scenario.characters.iter().find(|c| on(c.start)) {
                return Err(Problem::UnderStart { character: character.id.clone(), ground });
            }
        }
        cells.push((cell, ground));
    }
    Ok(cells)
}

impl Run {
    /// Each of its cells, west to east: its column (which a run written by hand may take past
    /// the largest a map has), its row, and the character it is painted with.
    pub fn cells(&self) -> impl Iterator<Item = (u64, u32, char)> + '_ {
        let (col, row) = (u64::from(self.col), self.row);
        self.ground.chars().enumerate().map(move |(i, c)| (col + i as u64, row, c))
    }

    /// How many cells it paints.
    pub fn len(&self) -> usize {
        self.ground.chars().count()
    }

    pub fn is_empty(&self) -> bool {
        self.ground.is_empty()
    }

    /// The column just east of its last cell.
    fn end(&self) -> u64 {
        u64::from(self.col) + self.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(col: u32, row: u32) -> Cell {
        Cell { col, row }
    }

    #[test]
    fn cells_side_by_side_on_a_row_make_one_run_and_read_back_as_they_were() {
        let cells = [
            (cell(3, 1), Ground::Wall),
            (cell(4, 1), Ground::Water),
            (cell(6, 1), Ground::Road),
            (cell(7, 2), Ground::Grass),
            (cell(8, 2), Ground::Grass),
        ];
        let runs = runs(&cells);
        let said: Vec<(u32, u32, &str)> = runs.iter().map(|r| (r.row, r.col, r.ground.as_str())).collect();
        assert_eq!(said, [(1, 3, "#~"), (1, 6, "="), (2, 7, "..")]);
        let back: Vec<(Cell, Ground)> = (runs.iter().flat_map(Run::cells))
            .map(|(col, row, c)| (cell(col as u32, row), Ground::from_char(c).unwrap()))
            .collect();
        assert_eq!(back, cells);
    }

    #[test]
    fn a_run_written_by_hand_past_the_last_column_says_where_its_cells_are() {
        let run = Run { row: 0, col: u32::MAX, ground: "#é".into() };
        let cells: Vec<_> = run.cells().collect();
        assert_eq!(cells, [(u64::from(u32::MAX), 0, '#'), (u64::from(u32::MAX) + 1, 0, 'é')]);
        assert_eq!(run.len(), 2);
    }
}
