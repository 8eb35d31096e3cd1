//! A map read from the rows a scenario writes it in (`"..##=="`), each wrong row said with
//! where it is wrong.

use super::ground::Ground;
use super::map::Map;

/// Why rows cannot be read as a map. Rows and columns count from 0.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MapError {
    #[error("a map needs at least one row of at least one cell")]
    Empty,
    #[error("a cell's side must be a positive number, not {0}")]
    CellSize(f64),
    #[error("row {row} is {length} cells long, but the first row is {expected}")]
    Ragged { row: usize, length: usize, expected: usize },
    #[error("row {row}, column {column}: {found:?} is no kind of ground ({LEGEND})")]
    UnknownGround { row: usize, column: usize, found: char },
    #[error("a map of {cells} cells is larger than the {most} cells allowed")]
    TooManyCells { cells: usize, most: usize },
}

/// The characters a row is written with.
pub const LEGEND: &str = ". grass, = road, # wall, ~ water";

impl Map {
    /// The map that `rows` draw, row 0 the northern edge, with cells of side `cell` and the
    /// north-west corner at `origin`; at most `most_cells` cells. Every row is as long as the
    /// first; a row's first problem is its only one.
    pub fn parse<S: AsRef<str>>(
        cell: f32,
        origin: [f32; 2],
        rows: &[S],
        most_cells: usize,
    ) -> Result<Map, Vec<MapError>> {
        let mut problems = Vec::new();
        if !(cell > 0.0 && cell.is_finite()) {
            problems.push(MapError::CellSize(f64::from(cell)));
        }
        let width = rows.first().map_or(0, |row| row.as_ref().chars().count());
        if width == 0 {
            problems.push(MapError::Empty);
            return Err(problems);
        }
        let cells = rows.len().saturating_mul(width);
        if cells > most_cells || width > u32::MAX as usize {
            problems.push(MapError::TooManyCells { cells, most: most_cells });
            return Err(problems);
        }
        let mut ground = Vec::with_capacity(cells);
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            let unknown = row.chars().enumerate().find(|&(_, c)| Ground::from_char(c).is_none());
            if let Some((column, found)) = unknown {
                problems.push(MapError::UnknownGround { row: r, column, found });
            }
            let length = row.chars().count();
            if length != width {
                problems.push(MapError::Ragged { row: r, length, expected: width });
            }
            if unknown.is_none() && length == width {
                ground.extend(row.chars().filter_map(Ground::from_char));
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Map::from_parts(f64::from(cell), origin.map(f64::from), width as u32, ground))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::Cell;

    #[test]
    fn rows_become_cells_row_by_row() {
        let map = Map::parse(10.0, [0.0, 0.0], &["..#", "=~."], 100).unwrap();
        assert_eq!((map.width(), map.height()), (3, 2));
        assert_eq!(map.ground(Cell { col: 2, row: 0 }), Some(Ground::Wall));
        assert_eq!(map.ground(Cell { col: 0, row: 1 }), Some(Ground::Road));
        assert_eq!(map.ground(Cell { col: 1, row: 1 }), Some(Ground::Water));
        assert_eq!(map.rows(), ["..#", "=~."]);
    }

    #[test]
    fn each_wrong_row_is_said_with_where() {
        let rows = ["....", "..x.", "...", "....", "#~=.."];
        let problems = Map::parse(10.0, [0.0, 0.0], &rows, 100).unwrap_err();
        assert_eq!(
            problems,
            [
                MapError::UnknownGround { row: 1, column: 2, found: 'x' },
                MapError::Ragged { row: 2, length: 3, expected: 4 },
                MapError::Ragged { row: 4, length: 5, expected: 4 },
            ]
        );
        assert!(problems[0].to_string().contains(LEGEND), "{}", problems[0]);
    }

    #[test]
    fn an_empty_map_a_bad_cell_and_too_many_cells_are_refused() {
        let none: [&str; 0] = [];
        assert_eq!(Map::parse(10.0, [0.0, 0.0], &none, 100), Err(vec![MapError::Empty]));
        assert_eq!(Map::parse(10.0, [0.0, 0.0], &[""], 100), Err(vec![MapError::Empty]));
        assert_eq!(Map::parse(0.0, [0.0, 0.0], &["."], 100), Err(vec![MapError::CellSize(0.0)]));
        assert_eq!(
            Map::parse(1.0, [0.0, 0.0], &["...", "..."], 5),
            Err(vec![MapError::TooManyCells { cells: 6, most: 5 }])
        );
    }
}
