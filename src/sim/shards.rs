//! A tiled town run as shards of whole tiles, one per thread of Bevy's compute task pool.
//!
//! Tiles share nothing, so shards never meet while they run: no step waits for another thread,
//! which a town of ten thousand needs, since waking the pool for each phase of a step costs more
//! than that phase's work. Each villager lives exactly the day it lives in the whole town, and
//! `tests/sim_scale.rs` checks that, event for event.

use super::{Layout, SimOptions, SimTick, tiled_app};
use crate::scenario::Scenario;
use bevy::ecs::world::World;
use bevy::tasks::ComputeTaskPool;

/// The town of `layout` as at most `count` worlds of whole tiles, each ready to step on its own.
/// Their phases do not spread over the pool: the shards are what runs in parallel.
pub fn shard_worlds(scenario: &Scenario, layout: &Layout, count: usize, options: &SimOptions) -> Vec<World> {
    let options = SimOptions { parallel: false, ..options.clone() };
    let shards = layout.shards(count).into_iter();
    shards
        .map(|shard| std::mem::take(tiled_app(scenario.clone(), shard, options.clone()).world_mut()))
        .collect()
}

/// Steps each world `steps` times, each in its own task on the compute task pool, then gives
/// back what `collect` takes from each world, in shard order.
pub fn run_shards<R: Send + 'static>(
    worlds: Vec<World>,
    steps: u64,
    collect: impl Fn(&mut World) -> R + Sync,
) -> Vec<R> {
    let collect = &collect;
    ComputeTaskPool::get().scope(|scope| {
        for mut world in worlds {
            scope.spawn(async move {
                for _ in 0..steps {
                    world.run_schedule(SimTick);
                }
                collect(&mut world)
            });
        }
    })
}
