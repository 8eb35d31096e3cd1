//! The distance fields of a map's targets (its stations), one per target cell, each built when
//! first asked for and shared from then on — by every walker, every thread and every tile of a
//! tiled town — and brought up to date when a cell is repainted; and the routes from target to
//! target, each read once and shared by everyone who walks it.

use super::field::Field;
use super::ground::Ground;
use super::map::{Cell, Map};
use super::route::Route;
use super::ways::Ways;
use std::sync::{Arc, OnceLock};

/// A map and the fields toward its targets. Cloning it is cheap: the clone shares the fields
/// built so far (a repaint of one copies only the fields it changes).
#[derive(Clone, Debug)]
pub struct Fields {
    map: Map,
    targets: Vec<[f32; 2]>,
    /// Which field each target reads (`None`: it is off the map, and nothing leads there).
    field_of: Vec<Option<usize>>,
    /// One per distinct target cell, in the order targets first name them.
    fields: Vec<Slot>,
    /// The ways to each target from every cell's middle, each made when first walked.
    ways: Vec<OnceLock<Arc<Ways>>>,
    /// The routes from each target to each other, each row made when first asked from it.
    between: Vec<OnceLock<Box<[OnceLock<Option<Arc<Route>>>]>>>,
    /// Whether routes are read from the ways kept (`ways`), or straightened afresh down the
    /// whole descent each time — the plain path the kept ways are checked against.
    keep_ways: bool,
}

#[derive(Clone, Debug)]
struct Slot {
    cell: Cell,
    built: OnceLock<Arc<Field>>,
}

/// What a repaint did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Repaint {
    /// Whether the cell's ground changed at all.
    pub changed: bool,
    /// How many built fields it changed.
    pub fields: usize,
    /// How many cells of them were searched again.
    pub cells: usize,
}

impl Fields {
    /// The fields of `map` toward `targets` (none built yet).
    pub fn new(map: Map, targets: &[[f32; 2]]) -> Fields {
        let mut fields = Fields {
            map,
            targets: Vec::new(),
            field_of: Vec::new(),
            fields: Vec::new(),
            ways: Vec::new(),
            between: Vec::new(),
            keep_ways: true,
        };
        for &target in targets {
            let slot = fields.slot_for(target);
            fields.targets.push(target);
            fields.field_of.push(slot);
        }
        fields.forget_routes();
        fields
    }

    pub fn map(&self) -> &Map {
        &self.map
    }

    pub fn targets(&self) -> &[[f32; 2]] {
        &self.targets
    }

    /// The field toward target `target` (built now if it is the first ask), or `None` when the
    /// target is off the map.
    pub fn field(&self, target: usize) -> Option<&Field> {
        let slot = &self.fields[self.field_of[target]?];
        Some(slot.built.get_or_init(|| Arc::new(Field::toward(&self.map, Some(slot.cell)))))
    }

    /// The way from `from` to target `target`, or `None` when it cannot be walked: the route
    /// [`route`](super::route()) reads, from the ways to the target already worked out.
    pub fn route(&self, from: [f32; 2], target: usize) -> Option<Route> {
        let field = self.field(target)?;
        if !self.keep_ways {
            return super::route(&self.map, field, from, self.targets[target]);
        }
        let ways = self.ways[target].get_or_init(|| Arc::new(Ways::new(&self.map, self.targets[target])));
        ways.route(&self.map, field, from)
    }

    /// Reads routes from the ways kept (`true`, as every build runs) or straightens each afresh.
    pub fn keep_ways(&mut self, keep: bool) {
        self.keep_ways = keep;
    }

    /// The route from target `from` to target `to`, read when first asked and shared from then
    /// on (until a repaint), or `None` when it cannot be walked.
    pub fn between(&self, from: usize, to: usize) -> Option<Arc<Route>> {
        let row =
            self.between[from].get_or_init(|| (0..self.targets.len()).map(|_| OnceLock::new()).collect());
        row[to].get_or_init(|| self.route(self.targets[from], to).map(Arc::new)).clone()
    }

    /// How many fields have been built.
    pub fn built(&self) -> usize {
        self.fields.iter().filter(|slot| slot.built.get().is_some()).count()
    }

    /// The bytes the fields, the ways worked out and the routes between targets hold (the map
    /// and the list of targets apart).
    pub fn memory_bytes(&self) -> usize {
        let built = self.fields.iter().filter_map(|slot| slot.built.get());
        let fields = built.map(|field| field.memory_bytes()).sum::<usize>()
            + self.fields.capacity() * size_of::<Slot>();
        let rows = self.between.iter().filter_map(OnceLock::get);
        let routes = rows
            .flat_map(|row| row.iter())
            .map(|slot| {
                size_of_val(slot)
                    + slot.get().and_then(Option::as_ref).map_or(0, |route| route.memory_bytes())
            })
            .sum::<usize>();
        let ways = self.ways.iter().filter_map(OnceLock::get).map(|ways| ways.memory_bytes()).sum::<usize>()
            + self.ways.capacity() * size_of::<OnceLock<Arc<Ways>>>();
        fields
            + ways
            + routes
            + self.between.capacity() * size_of::<OnceLock<Box<[OnceLock<Option<Arc<Route>>>]>>>()
    }

    /// Repaints `cell` with `ground` and brings every built field up to date, searching again
    /// only where values can have changed ([`Field::repaint`]).
    pub fn paint(&mut self, cell: Cell, ground: Ground) -> Repaint {
        let before = self.map.clone();
        if !self.map.paint(cell, ground) {
            return Repaint::default();
        }
        self.forget_routes();
        let mut repaint = Repaint { changed: true, ..Repaint::default() };
        for slot in &mut self.fields {
            let Some(field) = slot.built.get_mut() else { continue };
            // Repaired in place unless a clone of these fields shares it (which keeps its own).
            let cells = match Arc::get_mut(field) {
                Some(only) => only.repaint(&before, &self.map, cell),
                None => {
                    let mut fresh = (**field).clone();
                    let cells = fresh.repaint(&before, &self.map, cell);
                    if cells > 0 {
                        *field = Arc::new(fresh);
                    }
                    cells
                }
            };
            if cells > 0 {
                repaint.fields += 1;
                repaint.cells += cells;
            }
        }
        repaint
    }

    /// Moves target `target` to `to`: it reads the field of its new cell (a new one, unbuilt,
    /// if no other target is there).
    pub fn move_target(&mut self, target: usize, to: [f32; 2]) {
        let slot = self.slot_for(to);
        self.targets[target] = to;
        self.field_of[target] = slot;
        self.forget_routes();
    }

    /// Drops every way worked out: the map or a target moved.
    fn forget_routes(&mut self) {
        self.ways = (0..self.targets.len()).map(|_| OnceLock::new()).collect();
        self.between = (0..self.targets.len()).map(|_| OnceLock::new()).collect();
    }

    /// The slot of `point`'s cell, made if there is none yet.
    fn slot_for(&mut self, point: [f32; 2]) -> Option<usize> {
        let cell = self.map.cell_of(point)?;
        let found = self.fields.iter().position(|slot| slot.cell == cell);
        Some(found.unwrap_or_else(|| {
            self.fields.push(Slot { cell, built: OnceLock::new() });
            self.fields.len() - 1
        }))
    }
}
