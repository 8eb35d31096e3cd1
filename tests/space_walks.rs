//! Walking across a scenario's map: plans price the way round a wall, not the straight line;
//! walkers take that very way, one step's reach a step, arriving when its length says; and no
//! villager ever stands in a wall or the water.

mod common;

use common::shipped;
use goap_town::planner::Planner;
use goap_town::scenario::{self, Scenario};
use goap_town::sim::{self, Activity, Happening};

/// The station the cook's plan chops wood at first.
fn first_chop(town: &Scenario) -> String {
    let cook = town.character_index("cook").unwrap();
    let actions = town.planning_actions(cook);
    let goal = &town.characters[cook].goals[0];
    let plan = Planner::new(&actions, &goal.conditions).plan(&town.start_state(cook), 5000).unwrap();
    actions[plan.steps[0] as usize].name.clone()
}

#[test]
fn a_wall_round_the_near_woodpile_sends_the_cook_to_the_far_one() {
    let walled = shipped("walls.ron");
    let [near, far] =
        [0, 1].map(|s| walled.walk_length((scenario::START, walled.characters[0].start), s).unwrap());
    let crow = |s: usize| {
        let (p, q) = (walled.stations[s].position, walled.characters[0].start);
        (p[0] - q[0]).hypot(p[1] - q[1])
    };
    assert!(crow(0) < crow(1), "the walled woodpile is the nearer as the crow flies");
    assert!(near > far, "but the longer walk: {near} against {far}");
    assert_eq!(first_chop(&walled), "chopWood@far");
    // The same town without its wall: the near woodpile, and its walk the straight line.
    let open =
        scenario::parse(&scenario::shipped("walls.ron").unwrap().replace('#', "."), "walls.ron").unwrap();
    assert_eq!(first_chop(&open), "chopWood@walled");
    let straight = open.walk_length((scenario::START, open.characters[0].start), 0).unwrap();
    assert!((straight - crow(0)).abs() < 1e-3, "{straight} against {}", crow(0));
}

/// Three days of walls.ron, looked at every step: the cook is never in a blocked cell, each walk
/// takes the steps its way's length over a step's reach says, and it chops at the far woodpile.
#[test]
fn the_cook_walks_its_planned_way_and_never_through_the_wall() {
    let town = shipped("walls.ron");
    let map = town.map.clone().unwrap();
    let mut app = sim::simulation_app(town);
    let cook = app.world().resource::<sim::Roster>().0[0];
    let (mut walks, mut steps) = (0, 0);
    while app.world().resource::<sim::Clock>().day <= 3 {
        sim::step(&mut app);
        steps += 1;
        let at = sim::position_of(app.world(), cook).unwrap();
        assert!(!map.blocked_at(at), "step {steps}: the cook stands in a blocked cell at {at:?}");
        let Some(&Activity::Walking { from, until }) = app.world().get::<Activity>(cook) else { continue };
        if app.world().resource::<sim::Clock>().steps != u64::from(from) || until == u32::MAX {
            continue;
        }
        let town = app.world().resource::<sim::Town>();
        let villager = *app.world().get::<sim::Villager>(cook).unwrap();
        let station =
            town.station(villager.index(), app.world().get::<sim::Intent>(cook).unwrap().current().unwrap());
        let place = town
            .scenario
            .stations
            .iter()
            .position(|s| s.position == at)
            .map_or(scenario::START, |s| s as i32);
        let length = town.scenario.walk_length((place, at), station).unwrap();
        let strides = (f64::from(length) / f64::from(villager.speed * sim::STEP)).ceil().max(1.0);
        assert!(
            (f64::from(until - from) - strides).abs() <= 1.0,
            "a walk of {length} took {} steps",
            until - from
        );
        walks += 1;
    }
    assert!(walks > 10, "only {walks} walks in three days");
    let log = app.world().resource::<sim::EventLog>();
    let far = 1;
    assert!(
        log.recent.iter().any(|e| matches!(e.what, Happening::Started { station, .. } if station == far)),
        "the cook chops at the far woodpile"
    );
}

/// Three days of village.ron, every villager looked at every step: nobody stands in the river or
/// a wall, and the woodcutters, sawyers and builders cross a bridge (their wells are across it).
#[test]
fn nobody_in_the_village_stands_in_the_river_or_a_wall() {
    let town = shipped("village.ron");
    let map = town.map.clone().unwrap();
    let bridges = |at: [f32; 2]| map.cell_of(at).is_some_and(|c| c.row == 10 || c.row == 11);
    let mut app = sim::simulation_app(town);
    let everyone = app.world().resource::<sim::Roster>().0.clone();
    let (mut steps, mut crossings) = (0, 0);
    while app.world().resource::<sim::Clock>().day <= 3 {
        sim::step(&mut app);
        steps += 1;
        for &villager in &everyone {
            let at = sim::position_of(app.world(), villager).unwrap();
            assert!(!map.blocked_at(at), "step {steps}: a villager stands in a blocked cell at {at:?}");
            crossings += usize::from(bridges(at));
        }
    }
    assert!(crossings > 100, "only {crossings} villager-steps on the bridges in three days ({steps} steps)");
}

/// A wall painted across the cook's way while it walks: it takes the new way round from where it
/// stands (stepping out first if the wall went up under it), arrives later than it would have,
/// and never stands in the wall.
#[test]
fn a_wall_painted_across_a_walkers_way_sends_it_round() {
    use goap_town::space::{Cell, Ground};
    let town = shipped("walls.ron");
    let mut app = sim::simulation_app(town.clone());
    let cook = app.world().resource::<sim::Roster>().0[0];
    // Until the cook is on its first walk, a few steps out.
    let until = loop {
        sim::step(&mut app);
        if let Some(&Activity::Walking { from, until }) = app.world().get::<Activity>(cook)
            && app.world().resource::<sim::Clock>().steps >= u64::from(from) + 3
        {
            break until;
        }
    };
    let at = sim::position_of(app.world(), cook).unwrap();
    let map = town.map.as_ref().unwrap();
    let here = map.cell_of(at).unwrap();
    // A wall three cells wide across the map's whole height, through where the cook stands.
    let mut walled = (*app.world().resource::<sim::Town>().scenario).clone();
    for row in 0..map.height() {
        for col in here.col.saturating_sub(1)..=here.col + 1 {
            walled.paint(Cell { col, row }, Ground::Wall);
        }
    }
    // Leave a gate at the top row: the way round exists.
    for col in here.col.saturating_sub(1)..=here.col + 1 {
        walled.paint(Cell { col, row: 0 }, Ground::Grass);
    }
    let walls = walled.map.clone().unwrap();
    sim::update_scenario(app.world_mut(), walled);
    let Some(&Activity::Walking { until: later, .. }) = app.world().get::<Activity>(cook) else {
        panic!("the cook walks on")
    };
    assert!(later > until, "the way round is longer: due at {later}, was {until}");
    for _ in 0..600 {
        sim::step(&mut app);
        let now = sim::position_of(app.world(), cook).unwrap();
        assert!(!walls.blocked_at(now), "the cook stands in the new wall at {now:?}");
    }
}
