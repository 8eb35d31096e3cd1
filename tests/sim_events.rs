//! The shortcuts that make the simulation's cost follow what happens, each checked against the
//! plain way: waits that sleep until their tile changes, and rests that know when they end, play
//! the days polled ones play, and a walker stands where its moves, one a step, take it.

mod common;

use common::shipped;
use goap_town::sim::{self, Activity, FinishedDays, Layout, Shortcuts, SimOptions};

/// `days` whole days of `name` tiled to `villagers`, taking `shortcuts`, and how many
/// villager-steps were spent asleep and resting with the end more than a retry away.
fn days(
    name: &str,
    villagers: usize,
    days: usize,
    shortcuts: Shortcuts,
) -> (Vec<sim::DayReport>, usize, usize) {
    let scenario = shipped(name);
    let steps = (scenario.settings.day_length / sim::STEP).ceil() as usize + 1;
    let layout = Layout::tiled(&scenario, villagers, Some(sim::DEFAULT_SEED));
    let options = SimOptions { parallel: false, shortcuts, ..SimOptions::default() };
    let mut app = sim::tiled_app(scenario, layout, options);
    let (mut asleep, mut foreseen) = (0, 0);
    let retry = (app.world().resource::<sim::Town>().retry_steps) as u64;
    let done = sim::run_until(&mut app, steps * days, |app| {
        let now = app.world().resource::<sim::Clock>().steps;
        for villager in app.world().iter_entities() {
            asleep += usize::from(villager.get::<sim::Deliberation>().is_some_and(|d| d.asleep));
            let rest = villager.get::<Activity>().and_then(|a| match a {
                Activity::Resting { until } => Some(u64::from(*until)),
                _ => None,
            });
            foreseen += usize::from(rest.is_some_and(|until| until > now + retry));
        }
        app.world().resource::<FinishedDays>().0.len() == days
    });
    assert!(done, "{name}: {days} days should end");
    (app.world().resource::<FinishedDays>().0.clone(), asleep, foreseen)
}

#[test]
fn waits_that_sleep_until_their_tile_changes_play_the_days_polled_waits_play() {
    // The shipped scenarios whose villagers wait with nothing to plan for.
    for name in ["town.ron", "bakery.ron", "forge.ron"] {
        let (polled, never, _) = days(name, 120, 2, Shortcuts { sleepers: false, ..Shortcuts::ALL });
        let (slept, asleep, _) = days(name, 120, 2, Shortcuts::ALL);
        assert_eq!(never, 0, "{name}: without the shortcut, no one sleeps");
        // (A villager with a goal too quiet to plan for is polled, not put to sleep: bakery.ron sleeps
        // about 500 villager-steps in two days.)
        assert!(asleep > 250, "{name}: villagers should sleep through waits ({asleep} villager-steps)");
        assert_eq!(polled.len(), 2);
        for (polled, slept) in polled.iter().zip(&slept) {
            assert!(!polled.events.is_empty());
            assert_eq!(polled, slept, "{name} day {}: the same day, event for event", polled.day);
        }
    }
}

/// A rest whose end is known (goals that read only the villager's own facts and only grow
/// louder) is not polled: the villager rests until the first retry at which a goal asks loudly
/// enough, worked out when it lies down — and the days are those polled rests play.
#[test]
fn rests_that_know_their_end_play_the_days_polled_rests_play() {
    for name in ["village.ron", "town.ron"] {
        let (polled, _, never) = days(name, 60, 2, Shortcuts { rest_ends: false, ..Shortcuts::ALL });
        let (unpolled, _, foreseen) = days(name, 60, 2, Shortcuts::ALL);
        assert_eq!(never, 0, "{name}: without the shortcut, every rest is polled");
        assert!(foreseen > 500, "{name}: rests should run past a retry ({foreseen} villager-steps)");
        for (polled, unpolled) in polled.iter().zip(&unpolled) {
            assert!(!polled.events.is_empty());
            assert_eq!(polled, unpolled, "{name} day {}: the same day, event for event", polled.day);
        }
    }
}

#[test]
fn a_walker_stands_where_its_moves_one_a_step_take_it() {
    // Straight walks: without its map (the ways across a map are tests/space_walks.rs's).
    let mut scenario = shipped("village.ron");
    scenario.map = None;
    scenario.lay_walks();
    let mut app = sim::simulation_app(scenario);
    let mut walks = 0;
    for _ in 0..3_000 {
        sim::step(&mut app);
        let walkers: Vec<_> = (app.world().resource::<sim::Roster>().0.clone().into_iter())
            .filter(|&e| matches!(app.world().get::<Activity>(e), Some(Activity::Walking { .. })))
            .collect();
        let Some(&walker) = walkers.first() else { continue };
        let Some(&Activity::Walking { from, until }) = app.world().get::<Activity>(walker) else { continue };
        let now = app.world().resource::<sim::Clock>().steps;
        if now != u64::from(from) {
            continue; // one that has just set off
        }
        let villager = *app.world().get::<sim::Villager>(walker).unwrap();
        let reach = villager.speed * sim::STEP;
        let (town, intent) =
            (app.world().resource::<sim::Town>(), app.world().get::<sim::Intent>(walker).unwrap());
        let station = town.station(villager.index(), intent.current().unwrap());
        let target = town.layout.station_position(&town.scenario, station, villager.tile());
        let mut was = sim::position_of(app.world(), walker).unwrap();
        for step in from + 1..=until {
            sim::step(&mut app);
            let at = sim::position_of(app.world(), walker).unwrap();
            let moved = ((at[0] - was[0]).powi(2) + (at[1] - was[1]).powi(2)).sqrt();
            assert!(moved <= reach * 1.0001, "step {step}: moved {moved}, more than a step's reach {reach}");
            if step < until {
                assert!(
                    (moved - reach).abs() <= reach * 1e-3,
                    "step {step}: on the way, a whole step's reach"
                );
            }
            was = at;
        }
        // Arrived on the step it was due: it stands at the station, and the position it keeps
        // says so.
        assert_eq!(was, target);
        assert_eq!(app.world().get::<sim::Position>(walker).unwrap().0, target);
        walks += 1;
        if walks == 5 {
            return;
        }
    }
    panic!("village.ron should have five walks to follow in 300 s, saw {walks}");
}

/// An edit of the scenario in the middle of a day (a retry interval, a duration) reaches sleeping
/// waits as it reaches polled ones: their timer keeps running, and each plans again at its next
/// retry under the new numbers.
#[test]
fn an_edit_mid_day_reaches_sleeping_waits_as_it_reaches_polled_ones() {
    let day = |shortcuts: Shortcuts| {
        let scenario = shipped("town.ron");
        let layout = Layout::tiled(&scenario, 120, Some(sim::DEFAULT_SEED));
        let options = SimOptions { parallel: false, shortcuts, ..SimOptions::default() };
        let mut edited = scenario.clone();
        edited.settings.retry_interval = 0.7;
        edited.actions[0].duration += 1.5;
        let mut app = sim::tiled_app(scenario, layout, options);
        for _ in 0..1_200 {
            sim::step(&mut app);
        }
        sim::update_scenario(app.world_mut(), edited);
        assert!(sim::run_until(&mut app, 3_000, |app| !app.world().resource::<FinishedDays>().0.is_empty()));
        app.world().resource::<FinishedDays>().0[0].clone()
    };
    let (polled, unpolled) = (day(Shortcuts::NONE), day(Shortcuts::ALL));
    assert!(polled.events.len() > 1_000);
    assert_eq!(polled, unpolled, "the same day, event for event");
}

/// The shortest retry the format allows (0.1 s, one step): one joining a line chooses again in
/// the very step it joins, and waits and rests retry every step. Debug builds (every test run)
/// check at every step that the calendar missed no one due.
#[test]
fn with_the_shortest_retry_no_one_due_is_missed() {
    let mut scenario = shipped("village.ron");
    scenario.settings.retry_interval = 0.1;
    let days = sim::play(scenario, 1);
    let queued = days[0].events.iter().filter(|e| e.kind == sim::EventKind::Queued).count();
    assert!(queued > 10, "village.ron's wells should have lines ({queued} joined)");
}
