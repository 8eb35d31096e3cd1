//! Bringing a distance field up to date after one cell is repainted, by searching again only
//! where values can have changed: the same values a search from scratch would give, bit for bit.

use super::field::{Field, Open, settle};
use super::map::{Cell, Map};
use std::collections::BinaryHeap;

impl Field {
    /// Makes the field what [`Field::toward`] would make of `after`, which is `before` with only
    /// `painted` changed. Returns how many cells it searched again (0: the field is unchanged).
    ///
    /// A paint changes only the steps into the cell and those round its corners, all between
    /// the cell and its eight neighbours (the *touched* cells). Made dearer (or gone), a step
    /// raises every value reached through it: those cells, and every cell whose least effort
    /// runs through one of them, are forgotten and searched again from the cells around them.
    /// Made cheaper (or new), a step can lower the touched cells' values, and the search goes
    /// on from them as far as it lowers others. Every value the search does not reach was the
    /// least effort of a way that uses no changed step, so it stays the least.
    pub(crate) fn repaint(&mut self, before: &Map, after: &Map, painted: Cell) -> usize {
        let Some(centre) = after.index(painted) else { return 0 };
        let touched: Vec<usize> = std::iter::once(centre).chain(after.around(centre)).collect();
        let values = &mut self.values;

        // The cells whose value came through a step the paint made dearer, and all below them.
        let mut forgotten: Vec<usize> = Vec::new();
        let mut seen = vec![false; values.len()];
        for &cell in &touched {
            if !values[cell].is_finite() || !before.walkable_at(cell) {
                continue;
            }
            let dearer = before.steps(cell).any(|(from, step)| {
                values[cell] == values[from] + step
                    && after.steps(cell).find(|&(next, _)| next == from).is_none_or(|(_, now)| now > step)
            });
            if dearer && !seen[cell] {
                seen[cell] = true;
                forgotten.push(cell);
            }
        }
        let mut next = 0;
        while let Some(&cell) = forgotten.get(next) {
            next += 1;
            for (below, step) in before.steps(cell) {
                if !seen[below] && values[below].is_finite() && values[below] == values[cell] + step {
                    seen[below] = true;
                    forgotten.push(below);
                }
            }
        }
        for &cell in &forgotten {
            values[cell] = f64::INFINITY;
        }

        // Each forgotten or touched cell at the least its steps give it now; the search goes on
        // from those that got lower.
        let target = self.target.and_then(|cell| after.index(cell)).filter(|&t| after.walkable_at(t));
        let mut open = BinaryHeap::new();
        for &cell in forgotten.iter().chain(&touched) {
            let least = match target {
                None => continue,
                Some(t) if t == cell => 0.0,
                Some(_) if !after.walkable_at(cell) => continue,
                Some(_) => {
                    after.steps(cell).map(|(from, step)| values[from] + step).fold(f64::INFINITY, f64::min)
                }
            };
            if least < values[cell] {
                values[cell] = least;
                open.push(Open { effort: least, index: cell });
            }
        }
        // A blocked cell holds no value (a wall painted on a cell nothing was reached through).
        if !after.walkable_at(centre) && values[centre].is_finite() {
            values[centre] = f64::INFINITY;
            forgotten.push(centre);
        }
        forgotten.len() + settle(after, values, open)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::Ground;

    fn map(rows: &[&str]) -> Map {
        Map::parse(10.0, [0.0, 0.0], rows, 1000).unwrap().with_road_speed(2.0)
    }

    /// Paints `cell` with `ground` on `rows`, repairs the field toward `target`, and checks it
    /// against one made from scratch; how many cells were searched again.
    fn repaint(rows: &[&str], target: Cell, cell: Cell, ground: Ground) -> usize {
        let before = map(rows);
        let mut after = before.clone();
        after.paint(cell, ground);
        let mut field = Field::toward(&before, Some(target));
        let searched = field.repaint(&before, &after, cell);
        assert_eq!(field, Field::toward(&after, Some(target)), "{rows:?} {cell:?} {ground:?}");
        searched
    }

    const OPEN: [&str; 4] = ["......", "......", "......", "......"];
    const HOME: Cell = Cell { col: 0, row: 0 };

    #[test]
    fn a_wall_across_the_way_is_walked_round() {
        assert!(repaint(&OPEN, HOME, Cell { col: 1, row: 1 }, Ground::Wall) > 0);
        assert!(repaint(&OPEN, HOME, HOME, Ground::Water) > 0);
        assert!(repaint(&["#.....", "......"], HOME, HOME, Ground::Grass) > 0);
    }

    #[test]
    fn a_road_lowers_what_it_leads_to() {
        assert!(repaint(&OPEN, HOME, Cell { col: 3, row: 2 }, Ground::Road) > 0);
        assert!(repaint(&["=====.", "......"], HOME, Cell { col: 2, row: 0 }, Ground::Grass) > 0);
    }

    #[test]
    fn a_paint_nothing_is_reached_through_changes_nothing() {
        let walled = ["..#...", "..#...", "..#..."];
        assert_eq!(repaint(&walled, HOME, Cell { col: 4, row: 1 }, Ground::Road), 0);
        assert_eq!(repaint(&walled, HOME, Cell { col: 2, row: 1 }, Ground::Water), 0);
    }
}
