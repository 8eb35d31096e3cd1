//! Space: the map a scenario may lay over its town — grass, roads, walls and water — and the
//! ways villagers walk across it. Pure geometry and search, no Bevy types.
//!
//! A [`Map`] says what each square cell is made of. For each station, a distance [`Field`]
//! holds the least effort from every cell to the station's; a walker's [`Route`] is read down
//! it and straightened, and its effort (length × slowness of the ground crossed; walking time
//! = effort / speed) is what a plan counts and what the walk takes. [`Fields`] builds a map's
//! fields when first asked, shares them, and repairs them after a repaint; it keeps the
//! straightened way from each cell's middle once worked out, so a walker's route costs one
//! straight stretch.

mod field;
mod fields;
mod ground;
mod map;
mod regions;
mod repair;
mod route;
mod rows;
mod segment;
mod ways;

pub use field::Field;
pub use fields::{Fields, Repaint};
pub use ground::Ground;
pub use map::{Cell, DEFAULT_ROAD_SPEED, Map};
pub use regions::Regions;
pub use route::{Route, descend, route};
pub use rows::{LEGEND, MapError};
pub use segment::segment_effort;

#[cfg(test)]
mod properties;
#[cfg(test)]
mod route_tests;
