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
use std::sync::Mutex;

/// `whole` as at most `count` worlds of whole tiles, each ready to step on its own and sharing its
/// planners. Their phases do not spread over the pool: the shards are what runs in parallel.
pub fn shard_worlds(whole: &Town, count: usize, options: &SimOptions) -> Vec<World> {
    let options = SimOptions { parallel: false, ..options.clone() };
    let shards = whole.layout.shards(count).into_iter();
    shards.map(|shard| std::mem::take(town_app(whole.shard(shard), options.clone()).world_mut())).collect()
}

/// Steps each world `steps` times, then gives back what `collect` takes from each world, in
/// shard order. One task per thread of the compute task pool takes the next world not yet taken
/// until none is left: never more at once than the pool has threads (the thread that waits for
/// the scope would otherwise run shards as well), and a thread slowed by the rest of the machine
/// takes fewer worlds instead of holding the whole run back.
pub fn run_shards<R: Send + 'static>(
    worlds: Vec<World>,
    steps: u64,
    collect: impl Fn(&mut World) -> R + Sync,
) -> Vec<R> {
    let pool = ComputeTaskPool::get();
    let tasks = pool.thread_num().clamp(1, worlds.len().max(1));
    let queue = Mutex::new(worlds.into_iter().enumerate());
    let (queue, collect) = (&queue, &collect);
    let runs = pool.scope(|scope| {
        for _ in 0..tasks {
            scope.spawn(async move {
                let mut done = Vec::new();
                loop {
                    // The lock is held only to take a world, never while one runs.
                    let next = queue.lock().expect("no task panics holding it").next();
                    let Some((shard, mut world)) = next else { break };
                    for _ in 0..steps {
                        world.run_schedule(SimTick);
                    }
                    done.push((shard, collect(&mut world)));
                }
                done
            });
        }
    });
    let mut gathered: Vec<(usize, R)> = runs.into_iter().flatten().collect();
    gathered.sort_unstable_by_key(|&(shard, _)| shard);
    gathered.into_iter().map(|(_, r)| r).collect()
}
