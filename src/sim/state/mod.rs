//! The town's state, at the bottom of the simulation: what every phase reads and writes — each
//! villager's components, the shared world and its lines, the roster, time, need curves, the
//! planners, the log — with the methods that keep each consistent, and nothing that runs a phase.

pub(crate) mod ahead;
pub mod curves;
pub mod goals;
pub mod lines;
pub mod log;
pub mod needs;
pub mod planners;
pub mod roster;
pub mod table;
pub mod tally;
pub mod tiles;
pub mod time;
pub mod timing;
pub mod town;
pub mod villager;
pub mod wheel;
pub mod world;
