//! goap-town: a town of villagers that runs itself by Goal-Oriented Action Planning.
//!
//! [`planner`] is the pure GOAP search; [`scenario`] loads and validates RON scenario files;
//! [`cli`] is the command line built on both.

pub mod cli;
pub mod planner;
pub mod scenario;
