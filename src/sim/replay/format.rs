//! A replay file's format: the fields a replay holds, as JSON reads and writes them — which
//! scenario text it played, the town's size, its end, and every edit with its moment. A file of
//! an older build (without painted cells) reads the same: the format only gained an edit.

use crate::planner::Value;
use serde::{Deserialize, Serialize};

/// What the first field of every replay file says, so another kind of file is told apart.
pub const FORMAT: &str = "goap-town replay 1";

/// A run as a replay file holds it.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    pub format: String,
    /// The scenario file as the game was given it, or a built-in scenario's name.
    pub scenario: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub built_in: bool,
    /// The scenario's own name, for messages.
    pub name: String,
    /// [`crate::scenario::text_hash`] of the text played, in hex.
    pub text_hash: String,
    /// The town's size, and the seed of its variations (none: every tile as written).
    pub villagers: usize,
    pub seed: Option<u64>,
    /// The last moment played.
    pub end: Moment,
    /// Every edit, in the order made.
    pub edits: Vec<Edited>,
    /// The scenario text the run started from (without a byte-order mark), when the replay keeps
    /// it: the day plays from it once its file is edited (or saved over by the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A moment of the run: a day, and steps since its dawn.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Moment {
    pub day: u32,
    pub step: u64,
}

/// One edit and its moment (made before that step was played).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Edited {
    pub day: u32,
    pub step: u64,
    #[serde(flatten)]
    pub change: Change,
}

/// An edit in the scenario's words.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// A world fact of a tile set to a value.
    Set { tile: usize, fact: String, value: Value },
    /// A station moved, in every tile.
    Move { station: String, to: [f32; 2] },
    /// Cells of the map painted, in every tile, in this order: every cell one edit of the game
    /// changed, as runs along the map's rows ([`Run`]).
    Paint(Vec<Run>),
    /// The player stopped villager number `villager` (from 0, in roster order).
    Stop { villager: usize },
}

/// Cells painted side by side along one row of the map: from column `col` (from 0 at the west
/// edge) of row `row` (from 0 at the north edge) eastward, one character of `ground` a cell,
/// written as the scenario's rows write them (`.` grass, `=` road, `#` wall, `~` water).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Run {
    pub row: u32,
    pub col: u32,
    pub ground: String,
}
