//! Whatever replaces the town's state at once, from outside the step: installing a scenario
//! ([`install`]), dawn ([`dawn`]), live edits ([`edits`]), and the day's history that seeks any
//! moment again ([`history`]). Each leaves the calendar rebuilt from the villagers.

pub mod dawn;
pub mod edits;
pub mod history;
pub mod install;
