//! Paint mode: the map's cells painted with the pointer — grass, road, wall or water — each
//! stroke a live edit of the running scenario (the day goes on on the new ground, and the day's
//! history keeps the stroke at its step), unsaved until Save writes the painted rows into the
//! file ([`crate::scenario::with_rows`]). Switching the mode and choosing the ground is
//! [`palette`]'s; following the pointer, [`stroke`]'s.

pub mod palette;
pub mod stroke;

pub use stroke::{PaintPointer, Stroke, cells_between};

use crate::scenario::Scenario;
use crate::sim::Town;
use crate::space::{Cell, Ground};
use bevy::prelude::*;

/// Whether left-drags paint, and with what.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaintMode {
    pub on: bool,
    pub ground: Ground,
}

impl Default for PaintMode {
    fn default() -> Self {
        PaintMode { on: false, ground: Ground::Wall }
    }
}

/// Cells painted since the file was last saved, each with its ground, in the order painted (a
/// cell painted again moves to the end).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct UnsavedPaint(pub Vec<(Cell, Ground)>);

impl UnsavedPaint {
    fn note(&mut self, painted: &[(Cell, Ground)]) {
        for &(cell, ground) in painted {
            self.0.retain(|(c, _)| *c != cell);
            self.0.push((cell, ground));
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PaintMode>()
        .init_resource::<UnsavedPaint>()
        .add_plugins((stroke::plugin, palette::plugin));
}

/// Whether `ground` may be painted on `cell` of `scenario`'s map: on the map, and not a wall or
/// water under a station or a character's start (loading the file would refuse it).
pub fn paintable(scenario: &Scenario, cell: Cell, ground: Ground) -> bool {
    let Some(map) = &scenario.map else { return false };
    if map.ground(cell).is_none() {
        return false;
    }
    let mut places =
        scenario.stations.iter().map(|s| s.position).chain(scenario.characters.iter().map(|c| c.start));
    ground.walkable() || !places.any(|p| map.cell_of(p) == Some(cell))
}

/// Paints `cells` of the running town's map, in order: one live edit of its scenario
/// ([`crate::sim::update_scenario`]: the day goes on, and its history keeps the edit at this
/// step), noted unsaved. Cells that cannot be painted ([`paintable`]) or are already of that
/// ground are left as they are. Returns the cells that changed.
pub fn paint(world: &mut World, cells: &[(Cell, Ground)]) -> Vec<(Cell, Ground)> {
    let town = world.resource::<Town>();
    let mut scenario = (*town.scenario).clone();
    let painted = paint_into(&mut scenario, cells);
    if !painted.is_empty() {
        crate::sim::update_scenario(world, scenario);
        world.get_resource_or_init::<UnsavedPaint>().note(&painted);
    }
    painted
}

/// Paints `cells` into `scenario`'s map where they can be; the cells that changed.
fn paint_into(scenario: &mut Scenario, cells: &[(Cell, Ground)]) -> Vec<(Cell, Ground)> {
    let mut painted = Vec::new();
    for &(cell, ground) in cells {
        if !paintable(scenario, cell, ground) {
            continue;
        }
        if scenario.paint(cell, ground) {
            painted.push((cell, ground));
        }
    }
    painted
}

/// The unsaved paint `fresh` (a reload of the scenario file) still has room for, painted into
/// its map and returned; the cells that no longer can be (off its map, or it has none) are
/// forgotten.
pub(in crate::game) fn unsaved_in(world: &mut World, fresh: &mut Scenario) -> Vec<(Cell, Ground)> {
    let Some(mut unsaved) = world.get_resource_mut::<UnsavedPaint>() else { return Vec::new() };
    unsaved.0.retain(|&(cell, ground)| paintable(fresh, cell, ground));
    paint_into(fresh, &unsaved.0);
    unsaved.0.clone()
}
