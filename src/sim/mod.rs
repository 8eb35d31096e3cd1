//! The living town as Bevy ECS plugins that run without a window, one fixed step at a time.
//!
//! Every simulated step runs the [`SimTick`] schedule once, in a fixed order: clock → actions →
//! goals → walking → decisions → what is kept. A step visits only the villagers something falls
//! due for (an action ending, an arrival, a retry, a change where they live), as a calendar of
//! due steps says; insistence, walkers' positions and time spent are worked out when asked, in
//! the very arithmetic a step at a time would do. Nothing reads the wall clock, and villagers
//! are always visited in roster order wherever one's doing can change another's world; only
//! planning, which changes nothing shared, is spread over the cores. So the same scenario gives
//! the same event log every time, on any number of threads. A tiled town can also run as
//! shards of whole tiles, each its own world stepping on the compute task pool ([`shard_worlds`],
//! [`run_shards`]): tiles share nothing, so each villager lives the same day. The game runs
//! [`SimTick`] from its frame loop at the chosen speed; the headless `run` and `bench` commands
//! and the tests step it directly.
//!
//! The folder is in layers, each building only on those below it (docs/simulation.md):
//! - [`state`]: the town's state — villagers' components, world facts, lines, the roster, time,
//!   need curves, the log — and nothing that changes it but its own methods;
//! - [`calendar`]: which villagers fall due at which step, and who sleeps;
//! - [`phases`]: the step's phases, in order — actions, goals, walking, deliberating, deciding;
//! - [`report`]: the day in figures and in words, read from the state;
//! - [`wholesale`]: whatever replaces the town's state at once — installing a scenario, dawn,
//!   live edits, going back in time — and [`replay`] files, [`shards`] and the [`app`] on top.

mod app;
mod calendar;
mod options;
mod phases;
pub mod replay;
mod report;
mod schedule;
mod shards;
mod state;
mod wholesale;

pub use app::{SimPlugin, play, play_each, play_in, run_until, simulation_app, step, tiled_app, town_app};
pub use options::{Shortcuts, SimOptions};
pub use phases::deliberate::deciding_view;
pub use phases::walk::{Whereabouts, position_at, position_of};
pub use replay::{Fault, Moment, NotKept, Played, Problem, Replay, ReplayError};
pub use report::cut_off::{cut_off_for, cut_off_of};
pub use report::glance::{Glance, KindBusy, StationReport, WaitedOn};
pub use report::phrase::{
    condition_text, cut_off_text, event_text, outcome_text, reason_text, row_text, standstill_text,
    underway_text,
};
pub use report::standstill::{Stands, Standstills, action_making, standstill_of};
pub use report::{
    DayFigures, DayReport, EventReport, FinishedDays, GoalReport, PastDays, Seconds, VillagerReport,
    day_figures,
};
pub use schedule::{SimSet, SimTick};
pub use shards::{run_shards, shard_worlds};
pub use state::goals::{GoalState, Goals, Verdict};
pub use state::lines::Lines;
pub use state::log::{Cursor, EventKind, EventLog, Happening, Link, SimEvent, Standstill};
#[cfg(feature = "game")]
pub(crate) use state::needs::loudness;
pub use state::needs::{Asked, Loudness, hear, insistence, insistences};
pub use state::planners::CharacterPlanners;
pub use state::roster::Roster;
pub use state::table::{DecisionTable, DecisionTables, GoalRow, Outcome, RowResult};
pub use state::tally::{DECIDING, Met, Span, Tally};
pub use state::tiles::{DEFAULT_SEED, Layout, MOST_VILLAGERS, MOST_VILLAGERS_SHOWN, VARIATION};
pub use state::time::{Clock, MOST_DAYS, STEP, STEPS_PER_SECOND, as_written as time_as_written};
pub use state::timing::PlanTimes;
pub use state::town::Town;
pub use state::villager::{
    Activity, AgentFacts, Deliberation, Intent, LastReason, NO_GOAL, Position, Underway, Villager,
};
pub use state::world::{Outlook, TileFacts, WorldFacts};
pub use wholesale::edits::{edit_world_fact, move_station, paint_map, take_in_edit, update_scenario};
pub use wholesale::history::{DayHistory, Edit, SNAPSHOT_EVERY, keep_history};
pub use wholesale::install::{install, install_tiled, install_town, replace_scenario, villager_playing};
pub use wholesale::seek::seek;
pub use wholesale::stop::stop;
