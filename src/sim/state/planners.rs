//! A town's planners, one per goal of each character (and per part of a quota that may be met in
//! part), compiled when first asked and shared wherever characters plan alike: a thread remembers
//! each planner's answers, so one planner asked by a whole trade answers most of its questions
//! from memory. A town rebuilt by an edit that lets the day go on (a station moved) costs only
//! what its villagers go on to ask.

use crate::planner::{Action, Condition, Planner, Value};
use crate::scenario::{Goal, Scenario};
use std::sync::{Arc, Mutex, OnceLock};

/// A town's planners, for its scenario.
pub(crate) struct Planners {
    scenario: Arc<Scenario>,
    /// `[away][character]`: each character's planners as asked from where it starts its day,
    /// and as asked away from there ([`Town::planners`](super::town::Town::planners)). Characters of
    /// a trade differ only in where they start, so away from it they plan alike.
    characters: [Box<[Character]>; 2],
    /// Every planner compiled so far: one that plans alike ([`Planner::plans_alike`]) is taken
    /// instead of a new one, with its tables and its answers.
    compiled: Mutex<Vec<Planner>>,
}

/// One character's planners from one side of its start, each compiled when first asked.
struct Character {
    /// Its planning actions from that side ([`Scenario::planning_actions_away`]).
    actions: OnceLock<Vec<Action>>,
    /// By goal: the whole, then the parts ([`partial_target`]), `[m]` planning for `fact >= m`.
    goals: Box<[Box<[OnceLock<Planner>]>]>,
}

/// The most a quota may ask for and still be met in part: each part is a planner of its own.
pub const MOST_PARTS: Value = 64;

/// The condition of a goal that may be met in part: a quota whose one condition is `fact >= n`,
/// with `2 <= n <=` [`MOST_PARTS`]. When the whole of it is out of reach, the villager plans
/// for as much of it as it can reach now.
pub fn partial_target(goal: &Goal) -> Option<Condition> {
    use crate::planner::Compare;
    let [condition] = goal.conditions[..] else { return None };
    let quota = matches!(goal.drift, crate::scenario::Drift::Quota { .. });
    let counted = condition.compare == Compare::AtLeast && (2..=MOST_PARTS).contains(&condition.value);
    (quota && counted).then_some(condition)
}

impl Planners {
    /// `scenario`'s planners, none compiled yet.
    pub fn new(scenario: Arc<Scenario>) -> Self {
        let character = |c: &crate::scenario::Character| {
            let goal = |goal: &Goal| {
                let planners = partial_target(goal).map_or(1, |target| target.value as usize);
                (0..planners).map(|_| OnceLock::new()).collect()
            };
            Character { actions: OnceLock::new(), goals: c.goals.iter().map(goal).collect() }
        };
        let side = || scenario.characters.iter().map(character).collect();
        Planners { characters: [side(), side()], compiled: Mutex::default(), scenario }
    }

    /// Character `character`'s planners from its start, or away from it.
    pub fn of(&self, character: usize, away: bool) -> CharacterPlanners<'_> {
        CharacterPlanners { planners: self, character, away }
    }

    /// Planner `which` of goal `goal` (0 the whole, `m` the part `fact >= m`), compiled now if
    /// it was not.
    fn planner(&self, character: usize, away: bool, goal: usize, which: usize) -> &Planner {
        let own = &self.characters[usize::from(away)][character];
        match own.goals[goal][which].get() {
            Some(planner) => planner,
            None => self.compile(own, character, away, goal, which),
        }
    }

    /// Character `character`'s planning actions from its start, or away from it.
    fn actions(&self, character: usize, away: bool) -> &[Action] {
        self.characters[usize::from(away)][character].actions.get_or_init(|| match away {
            false => self.scenario.planning_actions(character),
            true => self.scenario.planning_actions_away(character),
        })
    }

    /// [`planner`](Self::planner) the first time it is asked for: compiled, or taken from one
    /// that plans alike.
    #[cold]
    fn compile<'a>(
        &'a self,
        own: &'a Character,
        character: usize,
        away: bool,
        goal: usize,
        which: usize,
    ) -> &'a Planner {
        own.goals[goal][which].get_or_init(|| {
            let actions = self.actions(character, away);
            let goal = &self.scenario.characters[character].goals[goal];
            let planner = match (which, partial_target(goal)) {
                (0, _) | (_, None) => Planner::new(actions, &goal.conditions),
                (m, Some(c)) => Planner::new(actions, &[Condition { value: m as Value, ..c }]),
            };
            let mut compiled = self.compiled.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if let Some(alike) = compiled.iter().find(|c| c.plans_alike(&planner)) {
                return alike.clone();
            }
            compiled.push(planner);
            compiled[compiled.len() - 1].clone()
        })
    }
}

/// One character's planners, from one side of its start.
#[derive(Clone, Copy)]
pub struct CharacterPlanners<'a> {
    planners: &'a Planners,
    character: usize,
    away: bool,
}

impl<'a> CharacterPlanners<'a> {
    /// The planner of goal `goal`.
    pub fn whole(&self, goal: usize) -> &'a Planner {
        self.planners.planner(self.character, self.away, goal, 0)
    }

    /// The actions its planners were given (a plan's steps index them).
    pub fn actions(&self) -> &'a [Action] {
        self.planners.actions(self.character, self.away)
    }

    /// The planner of part `fact >= m` of goal `goal`, a quota that may be met in part, for `m`
    /// from 1 to below its whole ([`partial_target`]).
    pub fn part(&self, goal: usize, m: Value) -> Option<&'a Planner> {
        let parts = self.planners.characters[usize::from(self.away)][self.character].goals[goal].len();
        let m = usize::try_from(m).ok().filter(|m| (1..parts).contains(m))?;
        Some(self.planners.planner(self.character, self.away, goal, m))
    }
}

#[cfg(test)]
mod tests {
    use crate::planner::{NoPlan, Plan, Planner, State, Value};
    use crate::scenario::{self, Scenario};
    use crate::sim::Town;

    fn village() -> Scenario {
        let text = scenario::shipped("village.ron").expect("village.ron is shipped");
        scenario::parse(text, "village.ron").expect("village.ron loads")
    }

    /// Views of every fact at small values, standing at each station and at the start, in a
    /// fixed pseudo-random sequence.
    fn views(scenario: &Scenario, count: usize) -> Vec<State> {
        let mut random = crate::random::SplitMix64(7);
        (0..count)
            .map(|i| {
                let mut view = State::zeros(scenario.facts.len());
                for f in scenario.facts.ids() {
                    view.set(f, random.below(14) as Value);
                }
                let place = (i % (scenario.stations.len() + 1)) as Value - 1; // START is -1
                view.set(scenario.place, place);
                view
            })
            .collect()
    }

    #[test]
    fn a_shared_planner_answers_as_the_characters_own_would() {
        let scenario = village();
        let town = Town::new(scenario.clone());
        let views = views(&scenario, 400);
        for c in 0..scenario.characters.len() {
            let actions = scenario.planning_actions(c);
            for (g, goal) in scenario.characters[c].goals.iter().enumerate() {
                let own = Planner::new(&actions, &goal.conditions);
                for view in &views {
                    let shared = town.planners(c, view).whole(g);
                    let budget = scenario.settings.planner_budget;
                    assert_eq!(shared.plan(view, budget), own.plan(view, budget), "{c} {g} {view:?}");
                    assert_eq!(shared.least_cost(view), own.least_cost(view), "{c} {g} {view:?}");
                    assert_eq!(shared.least_cost_ahead(view), own.least_cost_ahead(view));
                }
            }
        }
    }

    /// What every planner of `town` answers from each of `views`: every goal's whole and parts,
    /// for every character, from its start or away from it as the view says.
    fn answers(town: &Town, views: &[State]) -> Vec<(Result<Plan, NoPlan>, Option<u64>, Option<u64>)> {
        let budget = town.scenario.settings.planner_budget;
        let mut answers = Vec::new();
        for (c, character) in town.scenario.characters.iter().enumerate() {
            for view in views {
                let planners = town.planners(c, view);
                for g in 0..character.goals.len() {
                    let parts = (1..).map_while(|m| planners.part(g, m));
                    for planner in std::iter::once(planners.whole(g)).chain(parts) {
                        let (least, ahead) = (planner.least_cost(view), planner.least_cost_ahead(view));
                        answers.push((planner.plan(view, budget), least, ahead));
                    }
                }
            }
        }
        answers
    }

    /// A running town whose stations were moved — its planners asked and their tables built
    /// before — plans as a town built afresh from the moved scenario: every goal and part of
    /// every character, from its start and away. The moves matter: one answer in twenty or more
    /// changes.
    #[test]
    fn a_town_after_moves_plans_as_one_built_from_the_moved_scenario() {
        let scenario = village();
        let views = views(&scenario, 60);
        let mut app = crate::sim::simulation_app(scenario.clone());
        for _ in 0..200 {
            crate::sim::step(&mut app);
        }
        let before = answers(app.world().resource::<Town>(), &views);
        let mut random = crate::random::SplitMix64(3);
        for _ in 0..6 {
            let station = random.below(scenario.stations.len());
            let [x, y] = scenario.stations[station].position;
            let mut nearby = |at: f32| at + random.below(301) as f32 - 150.0;
            crate::sim::move_station(app.world_mut(), station, [nearby(x), nearby(y)]);
        }
        let moved = app.world().resource::<Town>();
        let after = answers(moved, &views);
        let fresh = answers(&Town::new((*moved.scenario).clone()), &views);
        for (n, (after, fresh)) in after.iter().zip(&fresh).enumerate() {
            assert_eq!(after, fresh, "answer {n}");
        }
        let changed = before.iter().zip(&after).filter(|(b, a)| b != a).count();
        assert!(changed * 20 > after.len(), "only {changed} answers of {} changed", after.len());
    }

    #[test]
    fn characters_who_plan_alike_share_a_planner() {
        let scenario = village();
        let town = Town::new(scenario.clone());
        let (start, away) = (views(&scenario, 1).remove(0), views(&scenario, 2).remove(1));
        assert_eq!(start.get(scenario.place), scenario::START);
        let distinct = |view: &State| {
            let mut kinds: Vec<&Planner> = Vec::new();
            for c in 0..scenario.characters.len() {
                let planners = town.planners(c, view);
                for planner in (0..scenario.characters[c].goals.len()).map(|g| planners.whole(g)) {
                    if !kinds.iter().any(|k| k.plans_alike(planner)) {
                        kinds.push(planner);
                    }
                }
            }
            kinds.len()
        };
        // Twenty villagers of six trades, each with a trade's goal, thirst and hunger: from
        // their starts all differ but the two builders' work (each starts as far from one site
        // as from the other); away from them a trade plans alike. Work is a detour on the way
        // to a drink or a meal (`planner/detours.rs`), so thirst is one planner for all, and
        // hunger for all but the bakers, whose baking makes the bread they eat.
        assert_eq!(distinct(&start), 20 * 3 - 1);
        assert_eq!(distinct(&away), 6 + 1 + 2);
    }
}
