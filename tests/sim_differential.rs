//! The simulation's shortcuts proven exact in the build people run: every shipped scenario, and
//! town.ron tiled to 300 villagers, plays three days with every shortcut taken and with none, and
//! the days' reports — every event, as `run --json` writes them — are the same byte for byte;
//! so are they with each shortcut alone left out, and where the game keeps its decision tables.
//! `.ci/run` runs this file in release as well as in the dev profile.

mod common;

use common::shipped;
use goap_town::scenario::Scenario;
use goap_town::sim::{self, DecisionTables, FinishedDays, Layout, PlanTimes, Shortcuts, SimOptions};

const DAYS: usize = 3;

/// What `DAYS` days of `scenario` in `layout` come to, taking `shortcuts`: their reports as JSON,
/// and how many plans were searched for.
fn play(scenario: &Scenario, layout: &Layout, shortcuts: Shortcuts, tables: bool) -> (String, u64) {
    let options = SimOptions { parallel: false, time_plans: true, shortcuts, ..SimOptions::default() };
    let steps = sim::Clock::steps_in_a_day(scenario.settings.day_length) as usize + 1;
    let mut app = sim::tiled_app(scenario.clone(), layout.clone(), options);
    if tables {
        app.init_resource::<DecisionTables>();
    }
    let done = sim::run_until(&mut app, steps * DAYS + 1, |app| {
        app.world().resource::<FinishedDays>().0.len() == DAYS
    });
    assert!(done, "{DAYS} days should end");
    let reports = serde_json::to_string(&app.world().resource::<FinishedDays>().0).unwrap();
    (reports, app.world().resource::<PlanTimes>().count)
}

/// Each shortcut alone left out, then all of them.
fn without_each() -> Vec<(&'static str, Shortcuts)> {
    let all = Shortcuts::ALL;
    vec![
        ("sleepers", Shortcuts { sleepers: false, ..all }),
        ("rest_ends", Shortcuts { rest_ends: false, ..all }),
        ("skipped_goals", Shortcuts { skipped_goals: false, ..all }),
        ("followed_plans", Shortcuts { followed_plans: false, ..all }),
        ("arrivals_at_once", Shortcuts { arrivals_at_once: false, ..all }),
        ("kept_ways", Shortcuts { kept_ways: false, ..all }),
        ("every shortcut", Shortcuts::NONE),
    ]
}

/// Plays `scenario` in `layout` with every shortcut and without each, and checks the days agree;
/// returns how many plans were searched for with all of them and with none.
fn same_days(name: &str, scenario: &Scenario, layout: &Layout, tables: bool) -> (u64, u64) {
    let (taken, fewest) = play(scenario, layout, Shortcuts::ALL, tables);
    assert!(taken.len() > 1_000, "{name}: {DAYS} days should say something");
    let mut most = 0;
    for (left_out, shortcuts) in without_each() {
        let (plain, plans) = play(scenario, layout, shortcuts, tables);
        // Not `assert_eq!`: a day's JSON runs to megabytes; say where they part.
        if plain != taken {
            let at = plain.bytes().zip(taken.bytes()).take_while(|(a, b)| a == b).count();
            let around = |s: &str| s[at.saturating_sub(300)..(at + 300).min(s.len())].to_owned();
            panic!(
                "{name}, without {left_out}: the days part at byte {at}:\n{}\n--- with it:\n{}",
                around(&plain),
                around(&taken)
            );
        }
        most = most.max(plans);
    }
    (fewest, most)
}

#[test]
fn every_shipped_scenario_plays_the_same_days_with_its_shortcuts_or_without() {
    let mut names: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".ron"))
        .collect();
    names.sort();
    assert!(names.len() >= 7, "the shipped scenarios: {names:?}");
    for name in &names {
        let scenario = shipped(name);
        let layout = Layout::single(&scenario);
        same_days(name, &scenario, &layout, false);
    }
}

/// A town of 300 (town.ron: blocked bakers who sleep, rests that end when known, plans followed
/// across many stations), where the shortcuts leave out most of the searches.
#[test]
fn town_tiled_to_300_plays_the_same_days_with_its_shortcuts_or_without() {
    let scenario = shipped("town.ron");
    let layout = Layout::tiled(&scenario, 300, Some(sim::DEFAULT_SEED));
    let (fewest, most) = same_days("town.ron × 300", &scenario, &layout, false);
    assert!(fewest * 2 < most, "the shortcuts should leave out searches: {fewest} plans against {most}");
}

/// Where the game keeps every decision's table, it takes the same shortcuts, and they change no
/// event there either (a table shows what was left out and why: see `tests/decisions.rs`).
#[test]
fn the_games_tables_change_nothing_the_shortcuts_prove() {
    for name in ["village.ron", "town.ron"] {
        let scenario = shipped(name);
        let layout = Layout::tiled(&scenario, 40, Some(sim::DEFAULT_SEED));
        let (with_tables, _) = play(&scenario, &layout, Shortcuts::ALL, true);
        let (without, _) = play(&scenario, &layout, Shortcuts::ALL, false);
        assert!(with_tables == without, "{name}: keeping tables changed the days");
        same_days(name, &scenario, &layout, true);
    }
}

/// A walker's route read from the ways its town keeps (each cell's straightened way, worked out
/// once) is the route straightened afresh down the whole descent, bit for bit: from points
/// anywhere on village.ron's map to every station, later routes reading ways earlier ones made.
#[test]
fn routes_read_from_the_kept_ways_are_the_routes_straightened_afresh() {
    let scenario = shipped("village.ron");
    let fields = scenario.walks.as_ref().expect("village.ron has a map").fields();
    let map = fields.map();
    let mut random = goap_town::random::SplitMix64(43);
    let (width, height) = (map.cell_size() * map.width() as f32, map.cell_size() * map.height() as f32);
    let mut compared = 0;
    for _ in 0..400 {
        let fraction =
            |random: &mut goap_town::random::SplitMix64| (random.below(1 << 20) as f32) / (1 << 20) as f32;
        let [x, y] = [fraction(&mut random), fraction(&mut random)];
        let from = [map.origin()[0] + x * width, map.origin()[1] - y * height];
        for (station, &to) in fields.targets().iter().enumerate() {
            let plain = goap_town::space::route(map, fields.field(station).unwrap(), from, to);
            compared += usize::from(plain.is_some());
            assert_eq!(fields.route(from, station), plain, "from {from:?} to station {station}");
        }
    }
    assert!(compared > 1000, "only {compared} routes compared");
}
