//! A tiled town run as shards of whole tiles, as tasks on Bevy's compute task pool.
//!
//! Tiles share nothing, so shards never meet while they run: no step waits for another thread,
//! which a town of ten thousand needs, since waking the pool for each phase of a step costs more
//! than that phase's work. And a shard small enough for the cache runs through all its steps
//! there, so a big town costs no more per villager than a small one (stepped as one world, a large
//! town spends most of each step waiting on memory: docs/performance.md). Shards share the town's compiled
//! planners. Each villager lives exactly the day it lives in the whole town, and
//! `tests/sim_scale.rs` checks that, event for event.

use crate::sim::app::town_app;
use crate::sim::options::SimOptions;
use crate::sim::schedule::SimTick;
use crate::sim::state::town::Town;
use bevy::ecs::world::World;
use bevy::tasks::ComputeTaskPool;

/// `whole` as at most `count` worlds of whole tiles, each ready to step on its own and sharing its
/// planners. Their phases do not spread over the pool: the shards are what runs in parallel.
pub fn shard_worlds(whole: &Town, count: usize, options: &SimOptions) -> Vec<World> {
    let options = SimOptions { parallel: false, ..options.clone() };
    let shards = whole.layout.shards(count).into_iter();
    shards.map(|shard| std::mem::take(town_app(whole.shard(shard), options.clone()).world_mut())).collect()
}

/// Steps each world `steps` times, then gives back what `collect` takes from each world, in
/// shard order. The worlds run as one task per thread of the compute task pool, each task
/// stepping its run of worlds one after another: never more at once than the pool has threads
/// (the thread that waits for the scope would otherwise run shards as well).
pub fn run_shards<R: Send + 'static>(
    worlds: Vec<World>,
    steps: u64,
    collect: impl Fn(&mut World) -> R + Sync,
) -> Vec<R> {
    let pool = ComputeTaskPool::get();
    let per_task = worlds.len().div_ceil(pool.thread_num().max(1)).max(1);
    let mut worlds = worlds.into_iter().peekable();
    let collect = &collect;
    let runs = pool.scope(|scope| {
        while worlds.peek().is_some() {
            let run: Vec<World> = worlds.by_ref().take(per_task).collect();
            scope.spawn(async move {
                run.into_iter()
                    .map(|mut world| {
                        for _ in 0..steps {
                            world.run_schedule(SimTick);
                        }
                        collect(&mut world)
                    })
                    .collect::<Vec<R>>()
            });
        }
    });
    runs.into_iter().flatten().collect()
}
