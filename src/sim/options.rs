//! How the simulation runs, not what it does: threads, what is kept, and the shortcuts it takes.
//! No option changes a single event; the shortcuts are each proven so by a differential test
//! (`tests/sim_differential.rs`) in the build people run.

use bevy::ecs::prelude::Resource;

/// How the simulation runs, not what it does: no option changes a single event.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SimOptions {
    /// Plan, drift and tally on every thread of Bevy's compute task pool (else on the calling
    /// thread) — once the town has at least `parallel_from` villagers.
    pub parallel: bool,
    /// Below this many villagers every phase runs on one thread: waking the pool's threads for a
    /// phase costs more than splitting a small town's work saves (docs/performance.md).
    pub parallel_from: usize,
    /// Count every plan, and time a sample on the wall clock, into
    /// [`PlanTimes`](crate::sim::state::timing::PlanTimes) (for the `bench` command).
    pub time_plans: bool,
    /// Keep each day whole for its report and for time travel
    /// ([`EventLog::keep_days`](super::EventLog::keep_days)); a town run only for speed keeps
    /// neither, nor any event (only their count), nor a [`Tally`](crate::sim::state::tally::Tally) per villager.
    pub keep_days: bool,
    /// Where days are kept, also file each finished day's whole report (every event, megabytes
    /// a day in a big town) in [`FinishedDays`](crate::sim::report::FinishedDays), for a caller that takes
    /// them; without it a day leaves only its [`DayFigures`](crate::sim::report::DayFigures).
    pub file_reports: bool,
    /// The work the simulation leaves out because its outcome is known.
    pub shortcuts: Shortcuts,
}

/// The work the simulation may leave out because its outcome is known without it. Each is exact:
/// with any of them off the town lives the same day, only slower (docs/simulation.md says why
/// each holds; `tests/sim_differential.rs` checks it, in release too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortcuts {
    /// A waiting villager whose goals only grow louder and whose every search failed sleeps
    /// until its tile's world changes, instead of searching again at every retry.
    pub sleepers: bool,
    /// A rest's end is worked out when it begins, where the villager's goals read only its own
    /// facts, instead of looking again at every retry.
    pub rest_ends: bool,
    /// A goal whose plan could not win is not searched, nor a goal whose search failed from this
    /// very view before.
    pub skipped_goals: bool,
    /// A plan being followed is priced by following it, and kept without searching when no other
    /// goal could overtake it.
    pub followed_plans: bool,
    /// A walk's number of strides is worked out from its length, where rounding cannot change
    /// it, instead of making each stride.
    pub arrivals_at_once: bool,
    /// A walk across a map reads its route from the ways kept toward its station (each cell's
    /// straightened way, worked out once), instead of straightening the whole descent afresh.
    pub kept_ways: bool,
}

impl Shortcuts {
    /// Every shortcut taken: how every build runs.
    pub const ALL: Shortcuts = Shortcuts {
        sleepers: true,
        rest_ends: true,
        skipped_goals: true,
        followed_plans: true,
        arrivals_at_once: true,
        kept_ways: true,
    };

    /// None taken: every villager at a safe point plans every goal, every walk is counted stride
    /// by stride. The plain path the shortcuts are checked against.
    pub const NONE: Shortcuts = Shortcuts {
        sleepers: false,
        rest_ends: false,
        skipped_goals: false,
        followed_plans: false,
        arrivals_at_once: false,
        kept_ways: false,
    };
}

impl Default for Shortcuts {
    fn default() -> Self {
        Shortcuts::ALL
    }
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            parallel: true,
            parallel_from: 20_000,
            time_plans: false,
            keep_days: true,
            file_reports: true,
            shortcuts: Shortcuts::ALL,
        }
    }
}

impl SimOptions {
    /// As the game runs the town: every day kept to be watched and gone back through, but no
    /// whole reports, which nothing there reads (a day leaves its figures), so memory stays
    /// flat over hours of play.
    pub fn game() -> Self {
        SimOptions { file_reports: false, ..SimOptions::default() }
    }

    /// Whether a phase over `villagers` villagers is spread over the pool's threads.
    pub fn spread(&self, villagers: usize) -> bool {
        self.parallel && villagers >= self.parallel_from
    }
}
