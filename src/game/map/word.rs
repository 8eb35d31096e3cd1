//! The words on the map as components — what kind each is and where it wants to be — for those
//! who spawn them (figures, stations, tiles) and for [`super::labels`], which places them.

use bevy::prelude::*;

/// A word on the map whose place and visibility [`super::labels`] decides.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// A villager's name, above its head (anchored at its bottom middle).
    Name,
    /// A villager's status line, under its bar (anchored at its top middle).
    Status,
    /// A station's label, over its picture (anchored at its bottom middle).
    Station,
    /// A tile's name, over its outline's top-left corner (anchored at its bottom left).
    Tile,
}

/// Where each word wants to be (the unmoved local place it was spawned at) is kept here.
#[derive(Component, Clone, Copy, Debug)]
pub struct Home(pub Vec2);
