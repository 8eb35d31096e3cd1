//! The replays the fuzz mutates: saved from towns of the shipped scenarios played a little, with
//! facts set, stations moved and maps painted on the way.

use crate::random::SplitMix64 as Rng;
use crate::scenario::{SHIPPED, Scenario};
use crate::sim::replay::{Moment, Replay};
use crate::sim::{self, Town};
use crate::space::{Cell, Ground};
use bevy::app::App;

/// A replay saved from a played town, and the scenario it played.
pub struct Base {
    pub scenario: Scenario,
    pub replay: Replay,
    pub json: String,
}

/// Replays to mutate: each shipped scenario played as written and tiled three times with
/// variations, for 60 to 100 steps, with world facts set, stations moved and (on a map) a few
/// cells painted on the way.
pub fn bases() -> Vec<Base> {
    let mut rng = Rng(41);
    let mut bases = Vec::new();
    for (name, text) in SHIPPED {
        let scenario = crate::scenario::parse(text, name).expect("a shipped scenario loads");
        let per_tile = scenario.characters.len();
        for (villagers, seed) in [(per_tile, None), (2 * per_tile + 1, Some(7))] {
            let replay = played(&scenario, name, villagers, seed, &mut rng);
            let json = replay.to_json();
            bases.push(Base { scenario: scenario.clone(), replay, json });
        }
    }
    bases
}

/// `scenario` played with a few edits, kept as a replay.
fn played(scenario: &Scenario, name: &str, villagers: usize, seed: Option<u64>, rng: &mut Rng) -> Replay {
    let layout = sim::Layout::tiled(scenario, villagers, seed);
    let (tiles, stations) = (layout.tiles, scenario.stations.len());
    let facts: Vec<_> = scenario.world_seed.iter().map(|&(fact, _)| fact).collect();
    let mut app = town_app(Town::tiled(scenario.clone(), layout));
    let end = 60 + rng.below(40) as u64;
    for step in 0..end {
        if step % 40 == 5 && !facts.is_empty() {
            let fact = *rng.pick(&facts);
            sim::edit_world_fact(app.world_mut(), rng.below(tiles), fact, rng.below(20) as i32);
        }
        if step % 40 == 25 && stations > 0 {
            let to = [rng.below(400) as f32 - 200.0, rng.below(4000) as f32 / 10.0 - 200.0];
            sim::move_station(app.world_mut(), rng.below(stations), to);
        }
        if step % 40 == 15 {
            let stroke = stroke(&app.world().resource::<Town>().scenario, rng);
            sim::paint_map(app.world_mut(), &stroke);
        }
        sim::step(&mut app);
    }
    let end = Moment { day: 1, step: end };
    Replay::of(app.world(), name, true, end).expect("a town keeping its history")
}

/// A short stroke along a row of `scenario`'s map (none without one) of one ground, as the
/// game paints one: no wall or water under a station or a start.
fn stroke(scenario: &Scenario, rng: &mut Rng) -> Vec<(Cell, Ground)> {
    let Some(map) = &scenario.map else { return Vec::new() };
    let ground = *rng.pick(&Ground::ALL);
    let (row, col) = (rng.below(map.height() as usize) as u32, rng.below(map.width() as usize) as u32);
    let places =
        scenario.stations.iter().map(|s| s.position).chain(scenario.characters.iter().map(|c| c.start));
    let taken: Vec<Cell> = places.filter_map(|at| map.cell_of(at)).collect();
    (col..(col + 1 + rng.below(6) as u32).min(map.width()))
        .map(|col| (Cell { col, row }, ground))
        .filter(|(cell, ground)| ground.walkable() || !taken.contains(cell))
        .collect()
}

/// An app of the simulation playing `town`, keeping its history (as the game does).
pub(super) fn town_app(town: Town) -> App {
    let mut app = App::new();
    app.add_plugins(sim::SimPlugin);
    sim::install_town(app.world_mut(), town);
    sim::keep_history(app.world_mut());
    app
}
