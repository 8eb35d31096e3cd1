//! Breaking off what a villager is doing — for an urgent goal that won its vote
//! ([`decide`](super::decide)), or because the player said stop (`sim::stop`): a walker stands
//! where it got to, an action's promises to the others are taken back (its effects never land)
//! and its place at the station freed, one in line leaves it.

use crate::planner::{Change, Effect};
use crate::scenario::Scope;
use crate::sim::state::lines::Lines;
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::tally::Tally;
use crate::sim::state::time::{Clock, stamp};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{Activity, AgentFacts, Intent, Position, Villager};
use crate::sim::state::world::{Outlook, WorldFacts};

/// What breaking off changes of the town.
pub(crate) struct Shared<'a> {
    pub world: &'a mut WorldFacts,
    pub outlook: &'a mut Outlook,
    pub lines: &'a mut Lines,
    pub log: &'a mut EventLog,
}

/// Breaks off `activity` (following `intent`) of `villager` at the step `clock` is at; for one in
/// line, `to` is the station it goes to instead, if another. The activity itself is left for the
/// caller to replace.
pub(crate) fn break_off(
    town: &Town,
    clock: &Clock,
    shared: Shared,
    (villager, agent, position, intent, activity): (
        &Villager,
        &mut AgentFacts,
        &mut Position,
        &Intent,
        &Activity,
    ),
    tally: Option<&mut Tally>,
    to: Option<usize>,
) {
    let Some(task) = intent.current() else { return };
    if let Some(tally) = tally {
        tally.aborts += 1; // the plan it followed is given up
    }
    let (tile, at, now) = (villager.tile(), town.station(villager.index(), task), stamp(clock));
    match activity {
        Activity::Walking { .. } => {
            let whereabouts = (villager, &*position, intent, activity);
            position.0 = crate::sim::phases::walk::position_at(town, clock.steps, whereabouts);
            // It stands where no station is: its next walks are priced from here. (No goal reads
            // where one stands, so nothing heard of them changes.)
            agent.0.set(town.scenario.place, crate::scenario::HERE);
        }
        Activity::Acting { .. } => {
            let action = town.action(villager.index(), task);
            let shared_effects =
                action.planning.effects.iter().filter(|e| town.scenario.facts.scope(e.fact) == Scope::World);
            for effect in shared_effects {
                take_back(shared.world, shared.outlook, tile, effect);
            }
            shared.world.touch(tile, now);
            if town.scenario.stations[at].capacity.is_some() {
                shared.lines.finished(tile, at);
                town.post_line((tile, now), at, shared.lines, shared.world, shared.outlook);
            }
        }
        Activity::Queued { .. } => {
            shared.lines.leave(tile, at, villager.number());
            town.post_line((tile, now), at, shared.lines, shared.world, shared.outlook);
            let left = Happening::LeftQueue { station: at as u32, to: to.map(|s| s as u32) };
            shared.log.record(clock.day, clock.time, Some(villager.number()), left);
        }
        Activity::Idle | Activity::Waiting { .. } | Activity::Resting { .. } => {}
    }
}

/// Takes back what an action that started promised of a shared fact: what it adds or takes,
/// exactly; what it sets (only the player stops such an action: validation keeps them from being
/// interruptible), back to the fact as it is now.
fn take_back(world: &WorldFacts, outlook: &mut Outlook, tile: usize, effect: &Effect) {
    let undo = match effect.change {
        Change::Add => Effect { change: Change::Subtract, ..*effect },
        Change::Subtract => Effect { change: Change::Add, ..*effect },
        Change::Set => Effect::set(effect.fact, world.tile(tile).get(effect.fact)),
    };
    outlook.0.apply(tile, &undo);
}
