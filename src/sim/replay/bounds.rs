//! How large a replay may be and what it may ask, checked before anything plays: a file read
//! to a cap, a counted number of edits, each at a moment of its day, in order, no later than
//! the end, stations moved only where a scenario file could put them, a town the game can hold,
//! and an end that opening the replay reaches in reasonable time.

use super::fault::{Fault, Problem};
use super::{Change, Moment, Replay};
use crate::scenario::{Scenario, limits};
use crate::sim::{Clock, MOST_VILLAGERS_SHOWN};

/// The largest replay file read: 8 MiB. A replay's edits take about 100 bytes each as the game
/// writes them, so the most edits fill about 1 MiB; the scenario text a replay may carry (at most
/// the loader's 1 MiB, [`limits::MAX_FILE_BYTES`], up to twice that escaped in JSON) and long
/// names get the rest, with room to spare.
pub const MAX_FILE_BYTES: usize = 8 << 20;

/// The most edits a replay holds: each was made by hand in the game (a fact set, a station
/// dropped), so ten thousand is hours of editing.
pub const MOST_EDITS: usize = 10_000;

/// A step's own cost, counted as this many villagers' (the schedule's systems run whatever the
/// town's size; measured in `docs/simulation.md`).
pub const STEP_VILLAGERS: u64 = 10;

/// The most work opening a replay may ask, in villager-steps ([`work`]): a day of village.ron
/// (300 s, 3,000 steps) at 33,000 villagers, or 1,100 days of its twenty (ten hours of play at
/// 8×) — seconds on a release build (`docs/simulation.md`).
pub const MOST_WORK: u64 = 100_000_000;

/// The latest day a replay may end on: the most days of the shortest day a scenario may have
/// (one second, ten steps) that the least town could play within [`MOST_WORK`].
pub const MOST_DAYS: u32 = (MOST_WORK / (10 * STEP_VILLAGERS)) as u32;

/// Work beyond this is more than a moment: opening such a replay says so first.
pub const A_MOMENT: u64 = 10_000_000;

/// What can be checked without the scenario: the count of edits, the town's size, each moment
/// on a day from 1 to [`MOST_DAYS`], in order and not after the end, and every position.
pub fn check_without_scenario(replay: &Replay) -> Result<(), Fault> {
    if replay.edits.len() > MOST_EDITS {
        return Err(Fault::TooManyEdits { count: replay.edits.len() });
    }
    if replay.villagers > MOST_VILLAGERS_SHOWN {
        return Err(Fault::TooManyVillagers { villagers: replay.villagers });
    }
    let end = replay.end;
    if let Some(problem) = day_problem(end) {
        return Err(Fault::End { end, problem });
    }
    let mut previous = None;
    for (number, (at, change)) in moments(replay).enumerate().map(|(i, edit)| (i + 1, edit)) {
        let fault = |problem| Err(Fault::Edit { number, at, problem });
        if let Some(problem) = day_problem(at) {
            return fault(problem);
        }
        if at > end {
            return fault(Problem::AfterEnd { end });
        }
        if let Some(previous) = previous.filter(|&previous| at < previous) {
            return fault(Problem::OutOfOrder { previous });
        }
        if let Change::Move { to, .. } = change {
            let (least, most, _) = limits::POSITION;
            if !to.iter().all(|&x| x.is_finite() && (least..=most).contains(&f64::from(x))) {
                return fault(Problem::Position { to: *to });
            }
        }
        previous = Some(at);
    }
    Ok(())
}

/// What needs the scenario: every moment before the end of its day, and the work of playing to
/// the end within [`MOST_WORK`].
pub fn check_with_scenario(replay: &Replay, scenario: &Scenario) -> Result<(), Fault> {
    let steps = Clock::steps_in_a_day(scenario.settings.day_length);
    let end = replay.end;
    if end.step >= steps {
        return Err(Fault::End { end, problem: Problem::PastDayEnd { steps } });
    }
    for (number, (at, _)) in moments(replay).enumerate().map(|(i, edit)| (i + 1, edit)) {
        if at.step >= steps {
            return Err(Fault::Edit { number, at, problem: Problem::PastDayEnd { steps } });
        }
    }
    let work = work(replay, scenario);
    if work > MOST_WORK {
        return Err(Fault::End { end, problem: Problem::TooLong { villagers: replay.villagers, work } });
    }
    Ok(())
}

/// What opening the replay costs, in villager-steps: every step from the first dawn to the end,
/// and the town's making as one more, each at the town's villagers plus [`STEP_VILLAGERS`].
pub fn work(replay: &Replay, scenario: &Scenario) -> u64 {
    let steps = Clock::steps_in_a_day(scenario.settings.day_length);
    let played =
        u64::from(replay.end.day.saturating_sub(1)).saturating_mul(steps).saturating_add(replay.end.step);
    played.saturating_add(1).saturating_mul((replay.villagers as u64).saturating_add(STEP_VILLAGERS))
}

/// What is wrong with `at`'s day, if anything.
fn day_problem(at: Moment) -> Option<Problem> {
    match at.day {
        0 => Some(Problem::DayZero),
        day if day > MOST_DAYS => Some(Problem::TooLate),
        _ => None,
    }
}

fn moments(replay: &Replay) -> impl Iterator<Item = (Moment, &Change)> {
    replay.edits.iter().map(|e| (Moment { day: e.day, step: e.step }, &e.change))
}
