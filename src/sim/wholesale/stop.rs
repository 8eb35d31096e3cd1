//! The player's Stop: the selected villager drops what it is doing — interruptible or not, an
//! action's effects lost — and decides at the next step, weighing every goal alike. It is logged,
//! kept in the day's history (and so in replay files), and undone by going back in time.

use crate::sim::phases::interrupt::{Shared, break_off};
use crate::sim::state::lines::Lines;
use crate::sim::state::log::{EventLog, Happening};
use crate::sim::state::roster::Roster;
use crate::sim::state::tally::{Tally, switch};
use crate::sim::state::time::Clock;
use crate::sim::state::town::Town;
use crate::sim::state::villager::{
    Activity, AgentFacts, Deliberation, Intent, LastReason, Position, Underway, Villager,
};
use crate::sim::state::world::{Outlook, WorldFacts};
use crate::sim::wholesale::history::{Edit, record};
use bevy::ecs::prelude::*;

/// Stops villager `number` now; whether there was anything to stop (an idle one has nothing).
pub fn stop(world: &mut World, number: usize) -> bool {
    let Some(&entity) = world.resource::<Roster>().0.get(number) else { return false };
    let (Some(intent), Some(activity)) = (world.get::<Intent>(entity), world.get::<Activity>(entity)) else {
        return false;
    };
    let Some(was) = Underway::of(activity, intent) else { return false };
    let (town, clock) = (world.resource::<Town>().clone(), world.resource::<Clock>().clone());
    let (mut facts, mut outlook) =
        (world.remove_resource::<WorldFacts>(), world.remove_resource::<Outlook>());
    let (mut lines, mut log) = (world.remove_resource::<Lines>(), world.remove_resource::<EventLog>());
    let (Some(facts_now), Some(outlook_now), Some(lines_now), Some(log_now)) =
        (facts.as_mut(), outlook.as_mut(), lines.as_mut(), log.as_mut())
    else {
        return false;
    };
    let mut villager = world.entity_mut(entity);
    let me = *villager.get::<Villager>().expect("a villager");
    let (intent, activity) =
        (villager.get::<Intent>().cloned().unwrap_or_default(), villager.get::<Activity>().cloned());
    let activity = activity.unwrap_or(Activity::Idle);
    let shared = Shared { world: facts_now, outlook: outlook_now, lines: lines_now, log: log_now };
    let mut tally = villager.get::<Tally>().cloned();
    if let (Some(mut position), Some(mut agent)) =
        (villager.get::<Position>().copied(), villager.get::<AgentFacts>().cloned())
    {
        let whereabouts = (&me, &mut agent, &mut position, &intent, &activity);
        break_off(&town, &clock, shared, whereabouts, tally.as_mut(), None);
        villager.insert((position, agent));
    }
    let reason = LastReason::Stopped { was };
    log_now.record(clock.day, clock.time, Some(number), Happening::Changed(reason));
    villager.insert((Intent::default(), reason));
    let mut doing = activity;
    switch(&mut doing, tally.as_mut(), Activity::Idle, clock.steps);
    villager.insert(doing);
    if let Some(tally) = tally {
        villager.insert(tally);
    }
    if let Some(mut deliberation) = villager.get_mut::<Deliberation>() {
        (deliberation.hopeless, deliberation.asleep, deliberation.resting) = (None, false, false);
    }
    world.insert_resource(facts.expect("taken"));
    world.insert_resource(outlook.expect("taken"));
    world.insert_resource(lines.expect("taken"));
    world.insert_resource(log.expect("taken"));
    record(world, Edit::Stop { villager: number });
    crate::sim::calendar::rebuild(world);
    true
}
