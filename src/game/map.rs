//! The map made to read: words that keep a readable size and never pile up ([`labels`]), a crowd
//! at one place spread so each villager can be seen and clicked ([`crowd`]), and the tiles of a
//! tiled town outlined and named ([`tiles`]).

pub mod crowd;
pub mod labels;
pub mod tiles;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((labels::plugin, tiles::plugin));
}
