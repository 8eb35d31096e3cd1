//! The scenario being run and the shared world: what every villager plans against.

use crate::planner::{Condition, Effect, FactId, Facts, State, Value};
use crate::scenario::{Scenario, Scope};
use crate::sim::state::planners::{CharacterPlanners, Planners};
use crate::sim::state::tiles::Layout;
use crate::sim::state::world::{Outlook, WorldFacts};
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
    /// value until full ([`crate::sim::state::curves::rises`]; empty for a quota), shared likewise.
    pub rises: Arc<[Vec<Arc<[f32]>>]>,
    /// `loud_from[character][goal]`: where on its rise a need with an `interrupts_at` first asks
    /// that loudly ([`crate::sim::state::curves::loud_from`]), read when a villager sets off.
    pub loud_from: Vec<Vec<usize>>,
    /// How many steps the day has ([`Clock::steps_in_a_day`](crate::sim::state::time::Clock::steps_in_a_day)).
    pub day_steps: u64,
    /// Per character: whether its goals only ever grow louder while the facts stand still (no
    /// need falls, no quota quietens), so a villager that found no plan finds none again until
    /// what it can count on changes ([`crate::sim::calendar::sleepers`]).
    pub louder_only: Vec<bool>,
    /// Per character: whether a condition of one of its goals reads a shared fact. Only then can
    /// a change of its tile's world meet or unmeet a goal of its ([`crate::sim::phases::goals`]).
    pub goals_read_world: Vec<bool>,
    /// How many steps a retry lasts, and each action ([`crate::sim::state::time::countdown_steps`]).
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
        let kept =
            crate::sim::state::curves::rise_alike(&self.scenario, &scenario).then(|| self.rises.clone());
        Town::with_rises(scenario, self.layout.clone(), kept)
    }

    /// This town taking `shortcuts` where they reach its scenario: without the kept ways, its
    /// walks straighten every route afresh (the plain path they are checked against).
    pub fn taking(self, shortcuts: &crate::sim::options::Shortcuts) -> Self {
        let mut scenario = (*self.scenario).clone();
        match &mut scenario.walks {
            Some(walks) if !shortcuts.kept_ways => walks.keep_ways(false),
            _ => return self,
        }
        Town::with_rises(scenario, self.layout, Some(self.rises))
    }

    /// The town, with its needs' rises worked out unless `kept`.
    fn with_rises(mut scenario: Scenario, layout: Layout, kept: Option<Arc<[Vec<Arc<[f32]>>]>>) -> Self {
        scenario.keep_walks_laid();
        let rises = kept.unwrap_or_else(|| crate::sim::state::curves::rises(&scenario));
        // Worked out again even where the rises were kept: an edit may move a threshold alone.
        let loud_from = crate::sim::state::curves::loud_from(&scenario, &rises);
        let day_steps = crate::sim::state::time::Clock::steps_in_a_day(scenario.settings.day_length);
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
        let retry_steps = crate::sim::state::time::countdown_steps(scenario.settings.retry_interval);
        let action_steps =
            scenario.actions.iter().map(|a| crate::sim::state::time::countdown_steps(a.duration)).collect();
        let scenario = Arc::new(scenario);
        let planners = Arc::new(Planners::new(scenario.clone()));
        Town {
            scenario,
            planners,
            rises,
            loud_from,
            day_steps,
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

    /// What walking from world point `at`, off every station, to each of `villager`'s tasks
    /// costs it in a plan ([`Scenario::first_walks`](crate::scenario::Scenario::first_walks), in
    /// its tile's own coordinates).
    pub fn first_walks(
        &self,
        villager: &crate::sim::state::villager::Villager,
        at: [f32; 2],
    ) -> Vec<Option<u32>> {
        let origin = self.layout.origin(villager.tile());
        self.scenario.first_walks(villager.index(), [at[0] - origin[0], at[1] - origin[1]])
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
