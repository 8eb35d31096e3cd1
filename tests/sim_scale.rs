//! A town tiled from one scenario: tiles share nothing, seeded variations make them diverge,
//! planning spread over threads logs exactly what a single thread does, and so does a town run
//! as shards of whole tiles on several threads.

mod common;

use bevy::tasks::{ComputeTaskPool, TaskPoolBuilder};
use common::shipped;
use goap_town::sim::{self, DayReport, EventReport, FinishedDays, Layout, SimOptions, Villager};
use std::collections::HashSet;

/// Plays one whole day of `villagers` villagers tiled from town.ron and returns its report.
fn one_day(villagers: usize, seed: Option<u64>, parallel: bool) -> DayReport {
    one_day_of(shipped("town.ron"), villagers, seed, parallel)
}

/// [`one_day`] of `town`.
fn one_day_of(
    town: goap_town::scenario::Scenario,
    villagers: usize,
    seed: Option<u64>,
    parallel: bool,
) -> DayReport {
    let steps = (town.settings.day_length / sim::STEP).ceil() as usize + 1;
    let layout = Layout::tiled(&town, villagers, seed);
    let mut app = sim::tiled_app(
        town,
        layout,
        SimOptions { parallel, parallel_from: 0, time_plans: false, ..SimOptions::default() },
    );
    let done = sim::run_until(&mut app, steps, |app| !app.world().resource::<FinishedDays>().0.is_empty());
    assert!(done, "a day should end within {steps} steps");
    app.world_mut().resource_mut::<FinishedDays>().0.remove(0)
}

fn two_threads() {
    let pool = ComputeTaskPool::get_or_init(|| TaskPoolBuilder::new().num_threads(2).build());
    assert!(pool.thread_num() >= 2, "the parallel run must really have several threads");
}

#[test]
fn planning_on_several_threads_logs_exactly_what_one_thread_does() {
    two_threads();
    let single = one_day(60, Some(7), false);
    let parallel = one_day(60, Some(7), true);
    assert!(single.events.len() > 1000, "a busy day: {} events", single.events.len());
    assert_eq!(single.events.len(), parallel.events.len());
    for (i, (a, b)) in single.events.iter().zip(&parallel.events).enumerate() {
        assert_eq!(a, b, "event {i} differs");
    }
    assert_eq!(single, parallel);
}

/// With stations that serve one at a time, lines form, and who waits where and for how long is
/// the same on one thread and on several.
#[test]
fn queues_are_the_same_on_several_threads() {
    two_threads();
    let text = std::fs::read_to_string(format!("{}/scenarios/town.ron", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let narrow = |station: &str, text: String| {
        let id = format!(r#"(id: "{station}","#);
        let at = text.find(&id).unwrap();
        let end = at + text[at..].find("))").unwrap() + 1;
        format!("{}, capacity: 1{}", &text[..end], &text[end..])
    };
    let town = goap_town::scenario::parse(&narrow("oven", narrow("table", text)), "town.ron").unwrap();
    let single = one_day_of(town.clone(), 60, Some(7), false);
    let parallel = one_day_of(town, 60, Some(7), true);
    let queued = single.events.iter().filter(|e| e.kind == sim::EventKind::Queued).count();
    assert!(queued > 10, "only {queued} villagers queued");
    assert_eq!(single, parallel);
}

#[test]
fn the_shipped_town_logs_the_same_on_several_threads() {
    two_threads();
    assert_eq!(one_day(6, None, false), one_day(6, None, true));
}

/// The village's lines and choices between nearer and freer stations, two tiles of it.
#[test]
fn the_shipped_village_logs_the_same_on_several_threads() {
    two_threads();
    let single = one_day_of(shipped("village.ron"), 40, Some(3), false);
    let parallel = one_day_of(shipped("village.ron"), 40, Some(3), true);
    let left = single.events.iter().filter(|e| e.kind == sim::EventKind::LeftQueue).count();
    assert!(left > 5, "only {left} villagers left a line for another station");
    assert_eq!(single, parallel);
}

#[test]
fn tiles_without_variation_each_live_the_single_town_day() {
    let alone = one_day(6, None, false);
    let tiled = one_day(18, None, false);
    for tile in 0..3 {
        let suffix = format!("@{tile}");
        let events: Vec<_> = tiled
            .events
            .iter()
            .filter(|e| e.villager.as_deref().is_some_and(|v| v.ends_with(&suffix)))
            .map(|e| {
                (e.t, e.villager.as_deref().unwrap().trim_end_matches(&suffix).to_owned(), e.text.clone())
            })
            .collect();
        let expected: Vec<_> = alone
            .events
            .iter()
            .filter(|e| e.villager.is_some())
            .map(|e| (e.t, e.villager.clone().unwrap(), e.text.clone()))
            .collect();
        assert_eq!(events, expected, "tile {tile} shares nothing, so it lives the town's day");
    }
}

#[test]
fn seeded_variations_move_starts_and_speeds_by_at_most_a_fifth_and_tiles_diverge() {
    let town = shipped("town.ron");
    let layout = Layout::tiled(&town, 600, Some(1));
    let plain = Layout::tiled(&town, 600, None);
    let mut faster = 0;
    for number in 0..600 {
        let (varied, exact): (Villager, Villager) =
            (layout.villager(&town, number), plain.villager(&town, number));
        assert_eq!(varied.tile(), number / 6);
        let ratio = varied.speed / exact.speed;
        assert!((0.8..=1.2).contains(&ratio), "speed ×{ratio}");
        faster += usize::from(ratio > 1.0);
        assert_ne!(varied.start, exact.start);
    }
    assert!((200..400).contains(&faster), "speeds spread both ways: {faster} of 600 faster");
    let day = one_day(12, Some(1), false);
    let of_tile = |tile: usize| -> Vec<(String, String)> {
        let suffix = format!("@{tile}");
        day.events
            .iter()
            .filter_map(|e| {
                let who = e.villager.as_deref()?.strip_suffix(&suffix)?;
                Some((who.to_owned(), format!("{:.1} {}", e.t, e.text)))
            })
            .collect()
    };
    assert_ne!(of_tile(0), of_tile(1), "varied tiles should not repeat one another");
}

#[test]
fn shards_of_whole_tiles_each_live_exactly_their_part_of_the_whole_towns_day() {
    two_threads();
    let town = shipped("town.ron");
    let steps = (town.settings.day_length / sim::STEP).ceil() as u64 + 1;
    // 40 villagers: six full tiles and one of four, in shards of 3, 2 and 2 tiles.
    let whole = one_day(40, Some(7), false);
    let layout = Layout::tiled(&town, 40, Some(7));
    let options =
        SimOptions { parallel: false, parallel_from: 0, time_plans: false, ..SimOptions::default() };
    let worlds = sim::shard_worlds(&sim::Town::tiled(town.clone(), layout), 3, &options);
    let shards = sim::run_shards(worlds, steps, |world| world.resource_mut::<FinishedDays>().0.remove(0));
    let sizes: Vec<usize> = shards.iter().map(|s| s.villagers.len()).collect();
    assert_eq!(sizes, [18, 12, 10]);
    let villagers: Vec<_> = shards.iter().flat_map(|s| s.villagers.clone()).collect();
    assert_eq!(villagers, whole.villagers, "every villager's day, goals and times, as in the whole town");
    for (s, shard) in shards.iter().enumerate() {
        let names: HashSet<&str> = shard.villagers.iter().map(|v| v.id.as_str()).collect();
        let of_shard = |events: &[EventReport]| -> Vec<_> {
            let mine = |e: &&EventReport| e.villager.as_deref().is_some_and(|v| names.contains(v));
            events.iter().filter(mine).cloned().collect()
        };
        let expected = of_shard(&whole.events);
        assert!(expected.len() > 200, "shard {s} has a busy day: {} events", expected.len());
        assert_eq!(
            of_shard(&shard.events),
            expected,
            "shard {s} logs its villagers' events as the whole town does"
        );
        let town_wide = |report: &DayReport| report.events.iter().filter(|e| e.villager.is_none()).count();
        assert_eq!(town_wide(shard), town_wide(&whole));
    }
}

/// What every villager of a big town keeps is small and fixed: its components' bytes (the ECS
/// adds 8 bytes of change ticks a component, and its entity bookkeeping), with nothing of its
/// own on the heap for a town.ron or village.ron villager. A town run for speed keeps no day
/// (`keep_days: false`), so no [`sim::Tally`]; one that keeps its days carries one each. The
/// bench measures the whole (`bench --villagers 1000000`); this pins the part a change of a
/// component's layout moves.
#[test]
fn a_villager_keeps_few_components_of_few_bytes() {
    for (file, keep_days) in [("town.ron", false), ("village.ron", false), ("town.ron", true)] {
        let scenario = shipped(file);
        let layout = Layout::tiled(&scenario, 12, Some(1));
        let mut app = sim::tiled_app(scenario, layout, SimOptions { keep_days, ..SimOptions::default() });
        for _ in 0..100 {
            sim::step(&mut app);
        }
        let world = app.world();
        let entity = world.resource::<sim::Roster>().0[0];
        let components = world.entity(entity).archetype().components().to_vec();
        let bytes: usize = components
            .iter()
            .map(|&id| world.components().get_info(id).expect("a registered component").layout().size())
            .sum();
        let names: Vec<String> =
            components.iter().map(|&id| world.components().get_name(id).unwrap().to_string()).collect();
        // A kept day's Tally: 64 bytes of figures and 24 of its spans' vector (the day's lanes).
        let (most, tally) = if keep_days { (9, 88) } else { (8, 0) };
        assert_eq!(world.get::<sim::Tally>(entity).is_some(), keep_days, "{file}: {names:?}");
        assert!(components.len() <= most, "{file}: {} components: {names:?}", components.len());
        assert!(bytes <= 228 + tally, "{file}: {bytes} bytes of components: {names:?}");
        let goals = world.get::<sim::Goals>(entity).unwrap();
        assert!(!goals.0.spilled(), "{file}: a villager's goals are kept inline");
        let facts = world.get::<sim::AgentFacts>(entity).unwrap();
        assert!(facts.0.values().len() > 5, "{file}: its own facts and its place");
        assert!(!facts.0.spilled(), "{file}: a villager's own facts are kept inline");
    }
}

/// A town that keeps no day (as the bench runs) plays the very day one that keeps it plays: it
/// keeps no events, but it records as many (but for the standstills, which only a kept day
/// looks for, to say them), and every villager stands, does, plans, wants and holds the same at
/// every step checked.
#[test]
fn a_town_that_keeps_no_day_plays_the_same_day() {
    for file in ["town.ron", "village.ron"] {
        let scenario = shipped(file);
        let steps = (scenario.settings.day_length / sim::STEP) as usize - 1;
        let town = |keep_days: bool| {
            let layout = Layout::tiled(&scenario, 3 * scenario.characters.len(), Some(5));
            let options = SimOptions { parallel: false, keep_days, ..SimOptions::default() };
            sim::tiled_app(scenario.clone(), layout, options)
        };
        // How many events were recorded and kept, and every villager, in roster order.
        let seen = |app: &mut bevy::app::App| {
            let world = app.world_mut();
            let log = world.resource::<sim::EventLog>();
            let told = |e: &&sim::SimEvent| matches!(e.what, sim::Happening::Standstill(_));
            let standstills = log.today.iter().filter(told).count() as u64;
            let events = (log.recorded - standstills, log.today.len(), log.recent.len());
            let roster = world.resource::<sim::Roster>().0.clone();
            let mut query =
                world
                    .query::<(&sim::Position, &sim::Activity, &sim::Intent, &sim::Goals, &sim::AgentFacts)>();
            let villagers: Vec<_> = (roster.iter().map(|&e| query.get(world, e).unwrap()))
                .map(|(p, a, i, g, f)| (*p, a.clone(), i.clone(), g.clone(), f.clone()))
                .collect();
            (events, villagers)
        };
        let (mut kept, mut unkept) = (town(true), town(false));
        for step in 1..=steps {
            sim::step(&mut kept);
            sim::step(&mut unkept);
            if step % 50 == 0 || step == steps {
                let (
                    ((recorded, today, recent), villagers),
                    ((unkept_recorded, none, nor), unkept_villagers),
                ) = (seen(&mut kept), seen(&mut unkept));
                assert_eq!(recorded, unkept_recorded, "{file}: events recorded by step {step}");
                assert!(today > 0 && recent > 0, "{file}: the kept town keeps its day and recent events");
                assert_eq!((none, nor), (0, 0), "{file}: a town that keeps no day keeps no events");
                assert!(villagers == unkept_villagers, "{file}: villagers differ at step {step}");
            }
        }
        assert!(seen(&mut kept).0.0 > 500, "{file}: a busy day");
    }
}
