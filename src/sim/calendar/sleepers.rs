//! Sleeping villagers: one waiting with nothing to plan for, whose goals only grow louder, has no
//! calendar entry at all until its tile's world or outlook changes, and is then woken at its next
//! retry ([`Shortcuts::sleepers`](crate::sim::Shortcuts::sleepers)).

use crate::sim::calendar::{Calendar, Due};
use crate::sim::options::Shortcuts;
use crate::sim::state::roster::Roster;
use crate::sim::state::time::{Clock, next_retry, stamp};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, Deliberation, Villager};
use crate::sim::state::world::WorldFacts;
use bevy::ecs::prelude::*;

/// Wakes the sleepers of every tile whose world or outlook changed since the step before: each
/// is due at its next retry from now on, the one a wait polled every retry would have come to.
pub(crate) fn wake(
    clock: Res<Clock>,
    town: Res<Town>,
    mut world: ResMut<WorldFacts>,
    roster: Res<Roster>,
    mut calendar: ResMut<Calendar>,
    mut villagers: Query<(&mut Activity, &mut Deliberation)>,
) {
    let now = clock.steps;
    for &tile in world.tiles_changed_since(stamp(&clock).saturating_sub(1)) {
        let Some(sleepers) = calendar.sleepers.get_mut(tile as usize) else { continue };
        for number in std::mem::take(sleepers) {
            let Ok((mut activity, mut deliberation)) = villagers.get_mut(roster.0[number as usize]) else {
                continue;
            };
            deliberation.asleep = false;
            let Activity::Waiting { until } = *activity else { continue };
            let retry = next_retry(u64::from(until), now, town.retry_steps);
            *activity = Activity::Waiting { until: retry as u32 };
            match retry == now {
                true => calendar.idle(number as usize),
                false => calendar.at(retry, number as usize, Due::Retries),
            }
        }
    }
}

/// Whether a villager that found no plan sleeps ([`Shortcuts::sleepers`]): where its goals only
/// grow louder and every one of them failed from what it counts on now, nothing can change for it
/// until its tile does.
pub(crate) fn sleeps(
    shortcuts: &Shortcuts,
    town: &Town,
    villager: &Villager,
    deliberation: &Deliberation,
) -> bool {
    shortcuts.sleepers && town.louder_only[villager.index()] && deliberation.hopeless.is_some()
}
