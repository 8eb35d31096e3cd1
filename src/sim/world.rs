//! The shared facts of each tile, and when they changed: insistence reads them as the step
//! began, goals are looked at again and sleepers woken where they changed.

use crate::planner::State;
use crate::scenario::Scenario;
use bevy::ecs::prelude::*;

/// The shared world facts of each tile (only world-scope entries are meaningful). Villagers
/// of one tile share them; tiles share nothing. Each tile also keeps when its facts last
/// changed, and what they were at the start of that step: insistence is what the facts said
/// as a step began, whenever in the step it is asked ([`super::needs`]).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct WorldFacts {
    tiles: Vec<State>,
    /// Per tile, the [`stamp`](super::act::stamp) of the step its facts last changed in, and
    /// the facts as that step began.
    changed: Vec<(u64, State)>,
    /// The tiles whose facts changed lately (a tile once a step; see
    /// [`WorldFacts::tiles_changed_since`]).
    lately: Vec<u32>,
}

impl WorldFacts {
    /// Every tile at dawn.
    pub fn seed(scenario: &Scenario, tiles: usize) -> Self {
        let mut state = State::zeros(scenario.facts.len());
        for &(fact, value) in &scenario.world_seed {
            state.set(fact, value);
        }
        WorldFacts {
            tiles: vec![state; tiles],
            changed: vec![(0, State::zeros(0)); tiles],
            lately: Vec::new(),
        }
    }

    /// Every tile's facts now.
    pub fn tiles(&self) -> &[State] {
        &self.tiles
    }

    /// Tile `tile`'s facts now.
    pub fn tile(&self, tile: usize) -> &State {
        &self.tiles[tile]
    }

    /// Tile `tile`'s facts as the step stamped `step` began.
    pub fn at_start(&self, tile: usize, step: u64) -> &State {
        match &self.changed[tile] {
            (at, before) if *at == step => before,
            _ => &self.tiles[tile],
        }
    }

    /// Whether `tile`'s facts changed in or after the step stamped `step`.
    pub fn changed_since(&self, tile: usize, step: u64) -> bool {
        self.changed[tile].0 >= step
    }

    /// The tiles whose facts changed in or after the step stamped `step`, in order; those that
    /// changed before are forgotten (ask with steps that never go back).
    pub fn tiles_changed_since(&mut self, step: u64) -> &[u32] {
        let changed = &self.changed;
        self.lately.retain(|&t| changed[t as usize].0 >= step);
        self.lately.sort_unstable();
        self.lately.dedup();
        &self.lately
    }

    /// Notes that what villagers of `tile` can count on changed in the step stamped `step`,
    /// though its facts did not (an action started: the outlook changed).
    pub fn touch(&mut self, tile: usize, step: u64) {
        self.change(tile, step);
    }

    /// Tile `tile`'s facts, to be changed in the step stamped `step`.
    pub fn change(&mut self, tile: usize, step: u64) -> &mut State {
        let (at, before) = &mut self.changed[tile];
        if *at != step {
            *at = step;
            before.clone_from(&self.tiles[tile]);
            self.lately.push(tile as u32);
        }
        &mut self.tiles[tile]
    }
}
