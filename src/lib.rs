//! goap-town: a town of villagers that runs itself by Goal-Oriented Action Planning.
//!
//! [`planner`] is the pure GOAP search; [`scenario`] loads and validates RON scenario files;
//! [`words`] says things in any language of `assets/i18n/`; [`sim`] runs a town headless as Bevy
//! ECS plugins (the `sim` feature); [`game`] draws it in a window (the `game` feature), with the
//! pictures [`art`] names; [`cli`] is the command line built on them; [`files`] reads the files
//! users name, within a cap, and writes those they save without ever losing one; [`space`] is
//! the map a town may have and the ways villagers walk across it.

pub mod art;
pub mod cli;
pub mod files;
#[cfg(feature = "game")]
pub mod game;
pub mod planner;
pub mod random;
pub mod scenario;
#[cfg(feature = "sim")]
pub mod sim;
pub mod space;
#[doc(hidden)]
pub mod testing;
pub mod words;
