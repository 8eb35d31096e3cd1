//! Whatever replaces the town's state at once, from outside the step: installing a scenario
//! ([`install`]), dawn ([`dawn`]), live edits ([`edits`]), the day's history ([`history`]), and going
//! back to any moment of it ([`seek`]), the player stopping a villager ([`stop`]). Each leaves the calendar rebuilt from the villagers.

pub mod dawn;
pub mod edits;
pub mod history;
pub mod install;
pub mod seek;
pub mod stop;
