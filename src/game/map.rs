//! The map made to read: words that keep a readable size and never pile up ([`labels`], of the
//! [`word`]s figures, stations and tiles carry), a crowd at one place spread so each villager can
//! be seen and clicked ([`crowd`], [`pointer`](mod@pointer)), the tiles of a tiled town outlined
//! and named ([`tiles`]), what is selected shown (`selected`), and the scenario's map drawn
//! under it all ([`terrain`], each cell as [`looks`] says).

pub mod crowd;
pub mod labels;
pub mod looks;
pub mod pointer;
mod selected;
pub mod terrain;
pub mod tiles;
pub mod word;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((labels::plugin, tiles::plugin, selected::plugin, terrain::plugin));
}
