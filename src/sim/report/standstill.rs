//! A town that stands still, named: villagers who wait on what only other waiting villagers
//! can make, round a ring (the farmer waits for bread, which only the baker makes, who waits
//! for wheat, which only the farmer makes) or down to what nobody left can make. Such a wait
//! ends only with the day or an edit, so it is worth saying once, with its ring: the log gets a
//! [`Happening::Standstill`] when a tile's standstill begins or changes, and the game shows the
//! one standing now ([`standstill_of`]).

use crate::planner::{Condition, Delta, Facts, State};
use crate::scenario::Scope;
use crate::sim::schedule::{SimSet, SimTick};
use crate::sim::state::goals::{Goals, Verdict};
use crate::sim::state::log::{EventLog, Happening, Link, Standstill};
use crate::sim::state::roster::Roster;
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, AgentFacts, LastReason, Villager};
use crate::sim::state::world::WorldFacts;
use bevy::app::App;
use bevy::ecs::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Standstills>().add_systems(SimTick, notice.in_set(SimSet::Keep));
}

/// Per tile, the standstill last logged there (until it ends), so each is said once.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Standstills(pub std::collections::BTreeMap<u32, Standstill>);

/// What [`standstill_of`] reads of a villager.
pub type Stands<'a> = (&'a Villager, &'a Activity, &'a Goals, &'a AgentFacts);

/// Looks again at each tile where someone's reason changed this step.
fn notice(
    clock: Res<Clock>,
    town: Res<Town>,
    world: Res<WorldFacts>,
    roster: Res<Roster>,
    mut log: ResMut<EventLog>,
    mut standing: ResMut<Standstills>,
    changed: Query<&Villager, Changed<LastReason>>,
    villagers: Query<Stands>,
) {
    // Only a kept day has a log to say it in (a town run only for speed keeps none).
    if !log.keep_days {
        return;
    }
    let mut tiles: Vec<u32> = changed.iter().map(|v| v.tile() as u32).collect();
    tiles.sort_unstable();
    tiles.dedup();
    for tile in tiles {
        let numbers = town.layout.villagers_of(tile as usize);
        let them = numbers.filter_map(|n| villagers.get(*roster.0.get(n)?).ok());
        match standstill_of(&town, world.tile(tile as usize), tile, them) {
            Some(now) if standing.0.get(&tile) != Some(&now) => {
                standing.0.insert(tile, now.clone());
                // Told of the ring's first villager, so that a tile's standstill is its own.
                let first = now.links.first().map(|l| l.villager as usize);
                log.record(clock.day, clock.time, first, Happening::Standstill(now));
            }
            Some(_) => {}
            None => {
                standing.0.remove(&tile);
            }
        }
    }
}

/// Whether tile `tile`, whose world is `world` and whose villagers are `villagers`, stands
/// still: see [`Standstill`]. A waiting villager is stuck when each of its unmet goals waits on a
/// named shared fact that only stuck villagers could bring about; one that waits without a
/// named blocker for some goal, has a goal too quiet to have been planned, or is not waiting at
/// all might still change its world, so it never counts as stuck.
pub fn standstill_of<'a>(
    town: &Town,
    world: Facts,
    tile: u32,
    villagers: impl Iterator<Item = Stands<'a>>,
) -> Option<Standstill> {
    let villagers: Vec<Stands> = villagers.collect();
    let makers_of = |wanted: &Condition| -> smallvec::SmallVec<[u32; 2]> {
        (villagers.iter())
            .filter(|(v, _, _, agent)| action_making(town, world, (v.index(), &agent.0), wanted).is_some())
            .map(|(v, ..)| v.number() as u32)
            .collect()
    };
    // Each waiter's blockers, one a goal, with who could bring each about.
    let mut waiting: Vec<(u32, Vec<Link>)> = (villagers.iter())
        .filter_map(|&(villager, activity, goals, agent)| {
            if !matches!(activity, Activity::Waiting { .. }) {
                return None;
            }
            let character = &town.scenario.characters[villager.index()];
            let mut links = Vec::new();
            for (goal, live) in character.goals.iter().zip(&goals.0) {
                let met = goal.conditions.iter().all(|c| c.holds_for(town.value_of(c.fact, world, &agent.0)));
                match live.verdict {
                    _ if met => {}
                    Verdict::NoPlan { blocked: Some(waits_for) } => {
                        let makers = makers_of(&waits_for);
                        links.push(Link { villager: villager.number() as u32, waits_for, makers });
                    }
                    _ => return None,
                }
            }
            (!links.is_empty()).then_some((villager.number() as u32, links))
        })
        .collect();
    // Stuck: waiting on what only the stuck could make (the largest such set).
    loop {
        let before = waiting.len();
        let stuck: Vec<u32> = waiting.iter().map(|w| w.0).collect();
        waiting.retain(|(_, links)| links.iter().all(|l| l.makers.iter().all(|m| stuck.contains(m))));
        if waiting.len() == before {
            break;
        }
    }
    if waiting.is_empty() {
        return None;
    }
    let links_of = |n: u32| waiting.iter().find(|w| w.0 == n).map(|w| &w.1[..]);
    // A ring: from each stuck villager follow the first maker of its first blocker that has
    // one, until a villager comes again.
    let onward = |n: u32| links_of(n)?.iter().find_map(|l| Some((l, *l.makers.first()?)));
    for &(start, _) in &waiting {
        let mut path: Vec<(u32, Link)> = Vec::new();
        let mut at = start;
        while let Some((link, next)) = onward(at) {
            path.push((at, link.clone()));
            if let Some(from) = path.iter().position(|(n, _)| *n == next) {
                let ring: Vec<Link> = path.drain(from..).map(|(_, l)| l).collect();
                return Some(Standstill { tile, links: ring_from_least(ring).into(), ring: true });
            }
            at = next;
        }
    }
    // No ring: a standstill only when every villager of the tile waits, stuck.
    (waiting.len() == villagers.len()).then(|| {
        let links: Vec<Link> = waiting.into_iter().flat_map(|(_, links)| links).collect();
        Standstill { tile, links: links.into(), ring: false }
    })
}

/// The ring turned to begin at its least-numbered villager, so that a ring is said one way.
fn ring_from_least(mut ring: Vec<Link>) -> Vec<Link> {
    let least = (0..ring.len()).min_by_key(|&i| ring[i].villager).unwrap_or(0);
    ring.rotate_left(least);
    ring
}

/// The first action of character `character` that moves `wanted`'s fact the way it needs to go
/// from where `world` stands, at a station it can walk to from where its own facts `own` place
/// it, if it has one (a shared fact: no one makes another's own facts). The game's waiting chain
/// asks it too.
pub fn action_making(
    town: &Town,
    world: Facts,
    (character, own): (usize, &State),
    wanted: &Condition,
) -> Option<usize> {
    if town.scenario.facts.scope(wanted.fact) != Scope::World {
        return None;
    }
    let need = wanted.compare.need(world.get(wanted.fact), wanted.value);
    town.scenario.characters[character].actions.iter().copied().find(|&action| {
        let effects = town.scenario.actions[action].planning.effects.iter().filter(|e| e.fact == wanted.fact);
        let delta = effects.fold(Delta::NONE, |delta, e| delta.then(e.change, e.value));
        delta != Delta::NONE
            && delta.moves_as(need)
            && town.scenario.can_walk_to(character, action, own.get(town.scenario.place))
    })
}
