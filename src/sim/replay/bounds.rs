//! A replay checked against its [`limits`](super::limits) before anything plays: a counted number of edits,
//! each at a moment of its day, in order, no later than the end, stations moved only where a
//! scenario file could put them, a counted number of cells painted, each with a kind of ground,
//! a town the game can hold, and an end that opening the replay reaches in reasonable time.
//! (Whether a painted cell is on the map, and clear of the stations and starts, needs the
//! scenario: the replay's edits are checked against it as they are read into its terms.)

use super::fault::{Fault, Problem};
use super::format::{Change, Moment, Replay};
use super::limits::{LATEST_DAY, MOST_EDITS, MOST_PAINTED_CELLS, MOST_WORK, STEP_VILLAGERS};
use crate::scenario::{self, Scenario};
use crate::sim::{Clock, MOST_VILLAGERS_SHOWN};
use crate::space::Ground;

/// What can be checked without the scenario: the count of edits and of cells painted, the
/// town's size, each moment on a day from 1 to [`LATEST_DAY`], in order and not after the end,
/// every position, and every painted cell's ground.
pub fn check_without_scenario(replay: &Replay) -> Result<(), Fault> {
    if replay.edits.len() > MOST_EDITS {
        return Err(Fault::TooManyEdits { count: replay.edits.len() });
    }
    let painted = replay.edits.iter().map(|edited| match &edited.change {
        Change::Paint(runs) => runs.iter().map(|run| run.len()).sum::<usize>(),
        _ => 0,
    });
    let painted: usize = painted.sum();
    if painted > MOST_PAINTED_CELLS {
        return Err(Fault::TooManyCells { count: painted });
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
            let (least, most, _) = scenario::limits::POSITION;
            if !to.iter().all(|&x| x.is_finite() && (least..=most).contains(&f64::from(x))) {
                return fault(Problem::Position { to: *to });
            }
        }
        if let Change::Stop { villager } = *change
            && villager >= replay.villagers
        {
            return fault(Problem::NoVillager { villager, villagers: replay.villagers });
        }
        if let Change::Paint(runs) = change {
            let mut chars = runs.iter().flat_map(|run| run.ground.chars());
            if let Some(found) = chars.find(|&c| Ground::from_char(c).is_none()) {
                return fault(Problem::Ground { found });
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
        day if day > LATEST_DAY => Some(Problem::TooLate),
        _ => None,
    }
}

fn moments(replay: &Replay) -> impl Iterator<Item = (Moment, &Change)> {
    replay.edits.iter().map(|e| (Moment { day: e.day, step: e.step }, &e.change))
}
