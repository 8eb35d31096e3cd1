//! The shared facts of each tile, and when they changed: insistence reads them as the step
//! began, goals are looked at again and sleepers woken where they changed.

use crate::planner::{Effect, FactId, Facts, State, Value};
use crate::scenario::Scenario;
use bevy::ecs::prelude::*;

/// A row of shared facts for each tile, side by side in one allocation: a town of a million
/// villagers keeps no header and no allocation of its own per tile, and no room for the facts
/// each villager keeps itself (the first ids, see `scenario::validate`).
#[derive(Debug, PartialEq)]
pub struct TileFacts {
    /// The first fact a row holds.
    first: usize,
    /// Facts in a row.
    width: usize,
    values: Vec<Value>,
}

impl Clone for TileFacts {
    fn clone(&self) -> Self {
        TileFacts { first: self.first, width: self.width, values: self.values.clone() }
    }

    /// In the room `self` has: see [`WorldFacts::clone_from`].
    fn clone_from(&mut self, source: &Self) {
        (self.first, self.width) = (source.first, source.width);
        self.values.clone_from(&source.values);
    }
}

impl TileFacts {
    /// `tiles` rows, each `row` from fact `first` on.
    pub fn repeat(row: &State, first: usize, tiles: usize) -> Self {
        let row = &row.values()[first.min(row.values().len())..];
        TileFacts { first, width: row.len(), values: row.repeat(tiles) }
    }

    /// Tile `tile`'s row.
    pub fn tile(&self, tile: usize) -> Facts<'_> {
        Facts { values: &self.values[tile * self.width..(tile + 1) * self.width], first: self.first }
    }

    /// Sets shared fact `fact` of tile `tile`.
    pub fn set(&mut self, tile: usize, fact: FactId, value: Value) {
        self.values[tile * self.width + fact.index() - self.first] = value;
    }

    /// Applies `effect` to tile `tile`'s row.
    pub fn apply(&mut self, tile: usize, effect: &Effect) {
        let was = self.tile(tile).get(effect.fact);
        self.set(tile, effect.fact, effect.change.apply(was, effect.value));
    }

    /// Copies tile `tile`'s row from `other`.
    fn copy_tile(&mut self, tile: usize, other: &TileFacts) {
        let row = tile * self.width..(tile + 1) * self.width;
        self.values[row.clone()].copy_from_slice(&other.values[row]);
    }
}

/// The shared world facts of each tile (only world-scope entries are meaningful). Villagers
/// of one tile share them; tiles share nothing. Each tile also keeps when its facts last
/// changed, and what they were at the start of that step: insistence is what the facts said
/// as a step began, whenever in the step it is asked ([`super::needs`]).
#[derive(Resource, Debug, PartialEq)]
pub struct WorldFacts {
    tiles: TileFacts,
    /// Per tile, the [`stamp`](crate::sim::state::time::stamp) of the step its facts last changed in...
    changed: Vec<u64>,
    /// ...and its facts as that step began.
    before: TileFacts,
    /// The tiles whose facts changed lately (a tile once a step; see
    /// [`WorldFacts::tiles_changed_since`]).
    lately: Vec<u32>,
}

impl Clone for WorldFacts {
    fn clone(&self) -> Self {
        let (tiles, before) = (self.tiles.clone(), self.before.clone());
        WorldFacts { tiles, changed: self.changed.clone(), before, lately: self.lately.clone() }
    }

    /// In the room `self` has: a dawn puts each tile back this way, so a shard of a big town
    /// stepping on another thread never holds a second day's facts in that thread's memory
    /// while yesterday's room lies unused in the memory of the thread that built it.
    fn clone_from(&mut self, source: &Self) {
        self.tiles.clone_from(&source.tiles);
        self.changed.clone_from(&source.changed);
        self.before.clone_from(&source.before);
        self.lately.clone_from(&source.lately);
    }
}

impl WorldFacts {
    /// Every tile at dawn.
    pub fn seed(scenario: &Scenario, tiles: usize) -> Self {
        let mut state = State::zeros(scenario.facts.len());
        for &(fact, value) in &scenario.world_seed {
            state.set(fact, value);
        }
        let (own_facts, changed) = (scenario.place.index() + 1, vec![0; tiles]);
        let tiles = TileFacts::repeat(&state, own_facts, tiles);
        WorldFacts { before: tiles.clone(), changed, tiles, lately: Vec::new() }
    }

    /// Every tile's facts now.
    pub fn tiles(&self) -> &TileFacts {
        &self.tiles
    }

    /// Tile `tile`'s facts now.
    pub fn tile(&self, tile: usize) -> Facts<'_> {
        self.tiles.tile(tile)
    }

    /// Tile `tile`'s facts as the step stamped `step` began.
    pub fn at_start(&self, tile: usize, step: u64) -> Facts<'_> {
        match self.changed[tile] == step {
            true => self.before.tile(tile),
            false => self.tiles.tile(tile),
        }
    }

    /// Whether `tile`'s facts changed in or after the step stamped `step`.
    pub fn changed_since(&self, tile: usize, step: u64) -> bool {
        self.changed[tile] >= step
    }

    /// The tiles whose facts changed in or after the step stamped `step`, in order; those that
    /// changed before are forgotten (ask with steps that never go back).
    pub fn tiles_changed_since(&mut self, step: u64) -> &[u32] {
        let changed = &self.changed;
        self.lately.retain(|&t| changed[t as usize] >= step);
        crate::sim::state::roster::in_order(&mut self.lately);
        &self.lately
    }

    /// Notes that what villagers of `tile` can count on changed in the step stamped `step`,
    /// though its facts did not (an action started: the outlook changed).
    pub fn touch(&mut self, tile: usize, step: u64) {
        if self.changed[tile] != step {
            self.changed[tile] = step;
            self.before.copy_tile(tile, &self.tiles);
            self.lately.push(tile as u32);
        }
    }

    /// Sets fact `fact` of tile `tile` in the step stamped `step`.
    pub fn set(&mut self, tile: usize, step: u64, fact: FactId, value: Value) {
        self.touch(tile, step);
        self.tiles.set(tile, fact, value);
    }

    /// Applies `effect` to tile `tile` in the step stamped `step`.
    pub fn apply(&mut self, tile: usize, step: u64, effect: &Effect) {
        self.touch(tile, step);
        self.tiles.apply(tile, effect);
    }
}

/// The world as it will be once every action under way has finished: effects of an action are
/// added here when it starts and to [`WorldFacts`] when it completes. Arrival re-checks read
/// it (through [`Town::available`](super::town::Town::available)), so two villagers cannot both start taking the last loaf —
/// the second sees it gone and replans. It is what others are visibly doing, not a reservation.
/// One state per tile, like [`WorldFacts`].
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Outlook(pub TileFacts);
