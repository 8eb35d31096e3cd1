//! The scenario being run and the shared world: what every villager plans against.

use super::clock::Clock;
pub use super::lines::Lines;
use super::log::{EventLog, Happening};
use super::planners::{CharacterPlanners, Planners};
use super::tiles::Layout;
use super::villager::{self, Position, Villager};
pub use super::world::{TileFacts, WorldFacts};
use crate::planner::{Condition, Effect, FactId, Facts, State, Value};
use crate::scenario::Scenario;
use crate::scenario::Scope;
use crate::scenario::diff::{Change, diff};
use bevy::ecs::prelude::*;
use std::sync::Arc;

/// The scenario with everything the planner needs compiled once per (character, goal).
#[derive(Resource, Clone)]
pub struct Town {
    pub scenario: Arc<Scenario>,
    /// Each character's planners, compiled when first asked and shared by the shards of one
    /// town: see [`Town::planners`].
    planners: Arc<Planners>,
    /// `rises[character][goal]`: a need's insistence after each step of a day from its initial
    /// value until full ([`super::needs::rises`]; empty for a quota), shared likewise.
    pub rises: Arc<[Vec<Arc<[f32]>>]>,
    /// Per character: whether its goals only ever grow louder while the facts stand still (no
    /// need falls, no quota quietens), so a villager that found no plan finds none again until
    /// what it can count on changes ([`super::deliberate`]).
    pub louder_only: Vec<bool>,
    /// Per character: whether a condition of one of its goals reads a shared fact. Only then can
    /// a change of its tile's world meet or unmeet a goal of its ([`super::act`]).
    pub goals_read_world: Vec<bool>,
    /// How many steps a retry lasts, and each action ([`villager::countdown_steps`]).
    pub retry_steps: u32,
    action_steps: Vec<u32>,
    /// How many facts are a villager's own: they are the first ids, the shared ones the rest
    /// (see `scenario::validate`).
    pub own_facts: usize,
    /// How many copies of the scenario play side by side, and who lives where.
    pub layout: Layout,
}

impl Town {
    /// The scenario as written: one tile.
    pub fn new(scenario: Scenario) -> Self {
        let layout = Layout::single(&scenario);
        Town::tiled(scenario, layout)
    }

    /// The scenario repeated as `layout` says.
    pub fn tiled(scenario: Scenario, layout: Layout) -> Self {
        Town::with_rises(scenario, layout, None)
    }

    /// This town as `scenario`, an edit of its scenario that lets the day go on, makes it: its
    /// needs' rises kept where the edit left them as they were, its planners compiled again as
    /// they are asked for.
    pub fn edited(&self, scenario: Scenario) -> Self {
        let kept = super::needs::rise_alike(&self.scenario, &scenario).then(|| self.rises.clone());
        Town::with_rises(scenario, self.layout.clone(), kept)
    }

    /// The town, with its needs' rises worked out unless `kept`.
    fn with_rises(scenario: Scenario, layout: Layout, kept: Option<Arc<[Vec<Arc<[f32]>>]>>) -> Self {
        let rises = kept.unwrap_or_else(|| super::needs::rises(&scenario));
        let own_facts = scenario.place.index() + 1;
        let own = |f: FactId| scenario.facts.scope(f) == Scope::Agent;
        debug_assert!(
            scenario.facts.ids().all(|f| own(f) == (f.index() < own_facts)),
            "own facts come first"
        );
        let louder = |goal: &crate::scenario::Goal| match goal.drift {
            crate::scenario::Drift::Need { rate, .. } => rate >= 0.0,
            crate::scenario::Drift::Quota { urgency } => urgency >= 0.0,
        };
        let louder_only = scenario.characters.iter().map(|c| c.goals.iter().all(louder)).collect();
        let reads_world = |goal: &crate::scenario::Goal| goal.conditions.iter().any(|c| !own(c.fact));
        let goals_read_world = scenario.characters.iter().map(|c| c.goals.iter().any(reads_world)).collect();
        let retry_steps = villager::countdown_steps(scenario.settings.retry_interval);
        let action_steps = scenario.actions.iter().map(|a| villager::countdown_steps(a.duration)).collect();
        let scenario = Arc::new(scenario);
        let planners = Arc::new(Planners::new(scenario.clone()));
        Town {
            scenario,
            planners,
            rises,
            louder_only,
            goals_read_world,
            retry_steps,
            action_steps,
            own_facts,
            layout,
        }
    }

    /// Character `character`'s planners, by goal, to be asked from `view`: its own where it
    /// stands at its start, else those it shares with every character who plans alike away
    /// from its start ([`Scenario::planning_actions_away`]), so that what a thread remembers
    /// of one's answers serves them all.
    pub fn planners(&self, character: usize, view: &State) -> CharacterPlanners<'_> {
        let away = view.get(self.scenario.place) != crate::scenario::START;
        self.planners.of(character, away)
    }

    /// One shard of this town: the tiles of `layout`, sharing the scenario and its planners.
    pub fn shard(&self, layout: Layout) -> Self {
        Town { layout, ..self.clone() }
    }

    /// How reports and logs name villager `number`: its character's id, and in a town of
    /// several tiles also its tile (`baker@3`).
    pub fn villager_id(&self, number: usize) -> String {
        let id = &self.scenario.characters[self.layout.character_of(number)].id;
        if self.layout.is_tiled() {
            format!("{id}@{}", self.layout.town_tile(self.layout.tile_of(number)))
        } else {
            id.clone()
        }
    }

    /// How the game and the words name villager `number` to a player: its character's name, and
    /// in a town of several tiles also its tile (`Baker 2 @ 7`).
    pub fn villager_name(&self, number: usize) -> String {
        let name = &self.scenario.characters[self.layout.character_of(number)].name;
        if self.layout.is_tiled() {
            format!("{name} @ {}", self.layout.town_tile(self.layout.tile_of(number)))
        } else {
            name.clone()
        }
    }

    /// The value of `fact` for a villager holding `agent` in `world`.
    pub fn value_of(&self, fact: FactId, world: Facts, agent: &State) -> Value {
        match self.scenario.facts.scope(fact) {
            Scope::World => world.get(fact),
            Scope::Agent => agent.get(fact),
        }
    }

    /// Applies `effect`, in the step stamped `step`, to the world of `tile` or to the
    /// villager's own facts, whichever it is about.
    pub fn apply(&self, effect: &Effect, world: &mut WorldFacts, tile: usize, step: u64, agent: &mut State) {
        match self.scenario.facts.scope(effect.fact) {
            Scope::World => world.apply(tile, step, effect),
            Scope::Agent => effect.apply(agent),
        }
    }

    /// What a villager can count on: its own facts, and of each shared fact what is there now
    /// and not already being used up by an action under way (the smaller of world and outlook).
    /// Decisions and arrival re-checks read this. It is written into `view`, which is reused: no
    /// allocation once it has the scenario's size.
    pub fn available(
        &self,
        world: &WorldFacts,
        outlook: &Outlook,
        tile: usize,
        agent: &State,
        view: &mut State,
    ) {
        self.available_in(world.tile(tile), outlook.0.tile(tile), agent, view);
    }

    /// [`available`](Self::available) given the villager's tile's world and outlook.
    pub fn available_in(&self, world: Facts, outlook: Facts, agent: &State, view: &mut State) {
        let facts = self.scenario.facts.len();
        if view.values().len() != facts {
            *view = State::zeros(facts);
        }
        // A copy of its own facts, then the smaller of two runs of shared numbers.
        let (own, shared) = view.values_mut().split_at_mut(self.own_facts);
        own.copy_from_slice(&agent.values()[..own.len()]);
        let (world_run, outlook_run) = (world.values_from(own.len()), outlook.values_from(own.len()));
        for ((view, &world), &outlook) in shared.iter_mut().zip(world_run).zip(outlook_run) {
            *view = world.min(outlook);
        }
        debug_assert!(
            (view.values().iter().enumerate())
                .all(|(f, &v)| v == self.available_fact(FactId(f as u16), world, outlook, agent)),
            "the view differs from what its villager can count on"
        );
    }

    /// What a villager holding `agent` can count on for `fact` in a tile of `world` and
    /// `outlook`: its own value, or the smaller of the world's and the outlook's (one value of
    /// the view [`available_in`](Self::available_in) makes, which debug builds check).
    pub fn available_fact(&self, fact: FactId, world: Facts, outlook: Facts, agent: &State) -> Value {
        match fact.index() < self.own_facts {
            true => agent.get(fact),
            false => world.get(fact).min(outlook.get(fact)),
        }
    }

    /// The scenario action behind plan step `step` (an index into `character`'s tasks).
    pub fn action(&self, character: usize, step: usize) -> &crate::scenario::ActionDef {
        &self.scenario.actions[self.scenario.characters[character].tasks[step].action]
    }

    /// How many steps plan step `step` (an index into `character`'s tasks) lasts.
    pub fn action_steps(&self, character: usize, step: usize) -> u32 {
        self.action_steps[self.scenario.characters[character].tasks[step].action]
    }

    /// The station plan step `step` (an index into `character`'s tasks) happens at.
    pub fn station(&self, character: usize, step: usize) -> usize {
        self.scenario.characters[character].tasks[step].station
    }

    /// The first of `conditions` that does not hold for what a villager holding `agent` can count
    /// on in a tile of `world` and `outlook` ([`available_fact`](Self::available_fact)) — its
    /// index, and its fact's value.
    pub fn unmet(
        &self,
        conditions: &[Condition],
        world: Facts,
        outlook: Facts,
        agent: &State,
    ) -> Option<(usize, Value)> {
        let values = conditions.iter().map(|c| (c, self.available_fact(c.fact, world, outlook, agent)));
        values.enumerate().find(|(_, (c, v))| !c.holds_for(*v)).map(|(i, (_, v))| (i, v))
    }
}

/// The villager entities in scenario order: every system that lets villagers act on the shared
/// world visits them in this order, so who goes first never depends on how entities are stored.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Roster(pub Vec<Entity>);

/// The world as it will be once every action under way has finished: effects of an action are
/// added here when it starts and to [`WorldFacts`] when it completes. Arrival re-checks read
/// it (through [`Town::available`]), so two villagers cannot both start taking the last loaf —
/// the second sees it gone and replans. It is what others are visibly doing, not a reservation.
/// One state per tile, like [`WorldFacts`].
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Outlook(pub TileFacts);

/// Puts `scenario` into `world`, as written: resources, and one entity per character.
pub fn install(world: &mut World, scenario: Scenario) {
    let layout = Layout::single(&scenario);
    install_tiled(world, scenario, layout);
}

/// Puts `scenario` into `world` repeated as `layout` says: one entity per villager.
pub fn install_tiled(world: &mut World, scenario: Scenario, layout: Layout) {
    install_town(world, Town::tiled(scenario, layout));
}

/// Puts `town` into `world`: its resources, and one entity per villager of its layout.
pub fn install_town(world: &mut World, town: Town) {
    let (scenario, layout) = (town.scenario.clone(), town.layout.clone());
    let seed = WorldFacts::seed(&scenario, layout.tiles);
    world.insert_resource(Outlook(seed.tiles().clone()));
    world.insert_resource(seed);
    world.insert_resource(Lines::empty(&scenario, layout.tiles));
    world.insert_resource(super::Standstills::default());
    world.insert_resource(Clock::new(scenario.settings.day_length));
    world.resource_mut::<EventLog>().record(1, 0.0, None, Happening::Dawn);
    // The town first: whatever reacts to a villager appearing (the game's view) can read it.
    world.insert_resource(town);
    super::history::start_over(world);
    // One batch, so that the ECS sizes its tables for exactly this many villagers.
    let villagers = (0..layout.villagers).map(|number| {
        let villager = layout.villager(&scenario, number);
        (villager::fresh(&scenario, villager.index(), 1), Position(villager.start), villager)
    });
    let roster = match world.resource::<EventLog>().keep_days {
        true => world
            .spawn_batch(
                villagers.map(|(fresh, at, v)| (fresh, at, v, villager::Tally::fresh(&scenario, v.index()))),
            )
            .collect(),
        false => world.spawn_batch(villagers).collect(),
    };
    world.insert_resource(Roster(roster));
    super::calendar::rebuild(world);
}

/// Dawn: the world back to its seed and every villager rebuilt at its start, for a day whose
/// first step is `first_step` ([`villager::fresh`]).
pub fn reset_day(world: &mut World, first_step: u32) {
    let town = world.resource::<Town>();
    let (scenario, layout) = (town.scenario.clone(), town.layout.clone());
    // Yesterday's shared state is overwritten in its own room: a town never holds two days of it.
    let seed = WorldFacts::seed(&scenario, layout.tiles);
    world.resource_mut::<Outlook>().0.clone_from(seed.tiles());
    world.resource_mut::<WorldFacts>().clone_from(&seed);
    world.resource_mut::<Lines>().clone_from(&Lines::empty(&scenario, layout.tiles));
    if let Some(mut standing) = world.get_resource_mut::<super::Standstills>() {
        standing.0.clear();
    }
    let keep_days = world.resource::<EventLog>().keep_days;
    for (number, entity) in world.resource::<Roster>().0.clone().into_iter().enumerate() {
        let mut villager = world.entity_mut(entity);
        let start = villager.get::<Villager>().map_or([0.0; 2], |v| v.start);
        let character = layout.character_of(number);
        villager.insert((villager::fresh(&scenario, character, first_step), Position(start)));
        if keep_days {
            villager.insert(villager::Tally::fresh(&scenario, character));
        }
    }
    super::calendar::rebuild(world);
}

/// Takes in `scenario`, an edit of the running one that changes only what the day can go on with
/// ([`crate::scenario::diff`]: labels, durations, costs, speeds, positions, rates, settings):
/// villagers keep what they are doing, a timer under way keeps running, new costs and settings
/// count from each villager's next decision, and a moved station is walked to where it now is.
pub fn update_scenario(world: &mut World, scenario: Scenario) {
    go_on_with(world, scenario);
    let scenario = world.resource::<Town>().scenario.clone();
    super::history::record(world, super::history::Edit::Scenario(scenario));
}

/// [`update_scenario`], the edit left for the caller to note in the history.
fn go_on_with(world: &mut World, scenario: Scenario) {
    world.resource_mut::<Clock>().day_length = scenario.settings.day_length;
    // Needs count their rise under the old rates up to now.
    super::needs::catch_up_everyone(world);
    let town = world.resource::<Town>().edited(scenario);
    let now = world.resource::<Clock>().steps;
    let shortcuts = world.resource::<super::SimOptions>().shortcuts;
    let old = world.remove_resource::<Town>().expect("a town is installed");
    let mut villagers = world.query::<(
        &mut Villager,
        &mut Position,
        &villager::Intent,
        &mut villager::Activity,
        &mut villager::Deliberation,
    )>();
    for (mut villager, mut position, intent, mut activity, mut deliberation) in villagers.iter_mut(world) {
        // A walker sets off again from where it is, toward where its station now stands.
        if let villager::Activity::Walking { .. } = *activity {
            position.0 = super::walk::position_at(&old, now, (&villager, &position, intent, &activity));
        }
        let fresh = town.layout.villager(&town.scenario, villager.number());
        (villager.start, villager.speed) = (fresh.start, fresh.speed);
        match &mut *activity {
            villager::Activity::Walking { .. } => {
                *activity = super::walk::set_off(&town, &villager, &position, intent, now, &shortcuts);
            }
            // One at work or in line at a station that moved moves with it.
            villager::Activity::Acting { .. } | villager::Activity::Queued { .. } => {
                if let Some(step) = intent.current() {
                    let at = town.station(villager.index(), step);
                    position.0 = town.layout.station_position(&town.scenario, at, villager.tile());
                }
            }
            // One asleep in a wait, or resting to an end worked out under the old rates, looks
            // again at the retry a polled one would come to next: the timer under way keeps
            // running at the old interval.
            villager::Activity::Waiting { until } | villager::Activity::Resting { until } => {
                *until = super::calendar::next_retry(u64::from(*until), now + 1, old.retry_steps) as u32;
            }
            _ => {}
        }
        // A search that failed under the old costs or budget is asked again.
        deliberation.hopeless = None;
    }
    world.insert_resource(town);
    super::calendar::rebuild(world);
}

/// Moves station `index` of the running town to `at`, in every tile: the day goes on, and
/// villagers walk to where it now stands. The history notes the move, not the whole scenario.
pub fn move_station(world: &mut World, index: usize, at: [f32; 2]) {
    let mut scenario = (*world.resource::<Town>().scenario).clone();
    let Some(station) = scenario.stations.get_mut(index) else { return };
    // Dropped where it stands, it has not moved: nothing to take in, nothing to keep.
    if station.position == at {
        return;
    }
    station.position = at;
    go_on_with(world, scenario);
    super::history::record(world, super::history::Edit::Move { station: index, to: at });
}

/// Takes in `fresh`, an edit of the running scenario, as little disturbed as it allows: the day
/// goes on ([`update_scenario`]) when only what it can go on with changed, and starts again
/// ([`replace_scenario`]) when a change [`restarts`](crate::scenario::diff::Change::restarts) it.
/// Returns what changed, in the scenario's words.
pub fn take_in_edit(world: &mut World, fresh: Scenario) -> Vec<Change> {
    let changes = diff(&world.resource::<Town>().scenario, &fresh);
    if changes.iter().any(|c| c.restarts) {
        replace_scenario(world, fresh);
    } else if !changes.is_empty() {
        update_scenario(world, fresh);
    }
    changes
}

/// The villager who plays the character with id `character` in `tile` (0 in a town of one tile),
/// if the running scenario has one: the same villager again after [`replace_scenario`].
pub fn villager_playing(world: &mut World, character: &str, tile: usize) -> Option<Entity> {
    let index = world.get_resource::<Town>()?.scenario.character_index(character)?;
    let mut villagers = world.query::<(Entity, &Villager)>();
    villagers.iter(world).find(|(_, v)| v.index() == index && v.tile() == tile).map(|(entity, _)| entity)
}

/// Swaps the running scenario for `scenario`: every villager is replaced and the day starts over,
/// in a town of as many villagers as before ([`Layout::for_scenario`]).
pub fn replace_scenario(world: &mut World, scenario: Scenario) {
    let layout = match world.get_resource::<Town>() {
        Some(town) => town.layout.for_scenario(&scenario),
        None => Layout::single(&scenario),
    };
    let mut villagers = world.query_filtered::<Entity, With<Villager>>();
    let old: Vec<Entity> = villagers.iter(world).collect();
    for entity in old {
        world.despawn(entity);
    }
    *world.resource_mut::<EventLog>() = EventLog::default();
    world.resource_mut::<super::FinishedDays>().0.clear();
    world.resource_mut::<super::PastDays>().0.clear();
    // Tables are by villager number, which a new roster gives to other villagers.
    if let Some(mut tables) = world.get_resource_mut::<super::DecisionTables>() {
        tables.0.clear();
    }
    install_tiled(world, scenario, layout);
}
