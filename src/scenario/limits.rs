//! How large a scenario may be and which numbers it may hold: each limit is checked where the
//! file says it, and reported with the limit in words, so what is stored stays finite and sane.

use super::phrase::{Phrase, phrase};

/// The largest scenario file read (a town of six specialists is about 12 KB).
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// World and agent facts together.
pub const MAX_FACTS: usize = 4096;
pub const MAX_STATIONS: usize = 1000;
pub const MAX_ACTIONS: usize = 4096;
/// What one character can do, each action counted at each of its stations: a villager keeps a
/// plan's steps in 16 bits.
pub const MAX_TASKS: usize = 1 << 16;
pub const MAX_CHARACTERS: usize = 1000;
/// Goals of one character.
pub const MAX_GOALS: usize = 64;
/// Conditions or effects in one list (`needs`, `effects`, `wants`).
pub const MAX_TERMS: usize = 64;

/// A number's allowed range, as `(least, most, what it is)`; the unit is in the words.
pub type Range = (f64, f64, fn() -> Phrase);

pub const DAY_LENGTH: Range = (1.0, 86_400.0, || phrase!("scenario-range-day-length"));
pub const COST_WEIGHT: Range = (0.0, 1000.0, || phrase!("scenario-range-cost-weight"));
pub const HYSTERESIS: Range = (0.0, 1.0, || phrase!("scenario-range-hysteresis"));
pub const REST_THRESHOLD: Range = (0.0, 1.0, || phrase!("scenario-range-rest-threshold"));
/// At least one simulation step.
pub const RETRY_INTERVAL: Range = (0.1, 3600.0, || phrase!("scenario-range-retry-interval"));
pub const POSITION: Range = (-1e6, 1e6, || phrase!("scenario-range-position"));
pub const SPEED: Range = (0.01, 100_000.0, || phrase!("scenario-range-speed"));
pub const DURATION: Range = (0.0, 86_400.0, || phrase!("scenario-range-duration"));
pub const NEED_RATE: Range = (0.0, 1.0, || phrase!("scenario-range-need-rate"));
pub const NEED_INITIAL: Range = (0.0, 1.0, || phrase!("scenario-range-need-initial"));
pub const URGENCY: Range = (0.0, 10.0, || phrase!("scenario-range-urgency"));
pub const WALK_WEIGHT: Range = (0.0, 1000.0, || phrase!("scenario-range-walk-weight"));
/// How much faster walking is on a road than on grass (below 1, slower).
pub const ROAD_SPEED: Range = (0.1, 100.0, || phrase!("scenario-range-road-speed"));
/// A map cell's side, in world units.
pub const MAP_CELL: Range = (0.1, 10_000.0, || phrase!("scenario-range-map-cell"));

/// The most cells a map has (256 × 256): a station's distance field holds 8 bytes a cell.
pub const MAX_MAP_CELLS: usize = 1 << 16;

/// The most villagers one station serves at once.
pub const MAX_CAPACITY: i64 = 1000;

/// The largest cost of one action.
pub const MAX_COST: i64 = 1_000_000;
/// The largest planner budget: a plan's search memory is bounded by the planner itself
/// ([`crate::planner::MAX_BUDGET`]), and a town's step by how long one search may take.
pub const MAX_BUDGET: i64 = crate::planner::MAX_BUDGET as i64;
