//! The benchmark's questions (the shipped scenarios' cells, `logs >= 8`, the distractor chains)
//! and the golden dump's: every character and goal of every shipped scenario, from its start and
//! from states reached by random walks.

use crate::planner::{Action, Condition, Effect, Planner, State};
use crate::scenario::{self, SHIPPED};
use crate::scenario::{FactTable, Scope};

/// One planning question, with the fact names another planner needs as keys.
pub struct Problem {
    pub name: String,
    pub facts: FactTable,
    pub actions: Vec<Action>,
    pub goal: Vec<Condition>,
    pub start: State,
}

/// Every problem of the benchmark, in the order its table prints them.
pub fn problems() -> Vec<Problem> {
    let mut all = vec![
        from_scenario("cook", "cook.ron", "cook", "fed"),
        from_scenario("soldier-kill", "soldier.ron", "soldier", "killPlayer"),
        from_scenario("soldier-survive", "soldier.ron", "soldier", "survive"),
        from_scenario("miner", "miner.ron", "miner", "deliver"),
        logs(),
    ];
    for length in [10, 20, 40] {
        for distractors in [0, 10, 30] {
            all.push(chain(length, distractors));
        }
    }
    all
}

/// A shipped scenario's question without walking (dogoap has no costs that depend on the state;
/// the town benchmark measures plans with walking).
fn from_scenario(name: &str, file: &str, character: &str, goal: &str) -> Problem {
    let mut s =
        scenario::parse(scenario::shipped(file).expect("shipped"), file).expect("valid shipped scenario");
    s.settings.walk_weight = 0.0;
    let c = s.character_index(character).expect("character");
    let goal = s.characters[c].goals.iter().find(|g| g.id == goal).expect("goal").conditions.clone();
    Problem {
        name: name.into(),
        actions: s.planning_actions(c),
        goal,
        start: s.start_state(c),
        facts: s.facts,
    }
}

/// `logs >= 8`: chop +1 (cost 1); chopWithAxe +2 (cost 1, needs hasAxe); getAxe (cost 2).
/// The optimum is getAxe + 4 × chopWithAxe, cost 6.
fn logs() -> Problem {
    let mut facts = FactTable::default();
    let logs = facts.intern(Scope::Agent, "logs");
    let axe = facts.intern(Scope::Agent, "hasAxe");
    let actions = vec![
        Action::new("chop", 1).does(Effect::add(logs, 1)),
        Action::new("chopWithAxe", 1).needs(Condition::at_least(axe, 1)).does(Effect::add(logs, 2)),
        Action::new("getAxe", 2).needs(Condition::exactly(axe, 0)).does(Effect::set(axe, 1)),
    ];
    let start = State::zeros(facts.len());
    Problem { name: "logs>=8".into(), facts, actions, goal: vec![Condition::at_least(logs, 8)], start }
}

/// Action i needs `step(i-1) >= 1` and sets `step(i) = 1`; K distractors each set `noise(j) = 1`.
fn chain(length: usize, distractors: usize) -> Problem {
    let mut facts = FactTable::default();
    let steps: Vec<_> = (0..=length).map(|i| facts.intern(Scope::Agent, &format!("step{i}"))).collect();
    let mut actions = Vec::new();
    for i in 1..=length {
        let mut a = Action::new(format!("step{i}"), 1).does(Effect::set(steps[i], 1));
        if i > 1 {
            a = a.needs(Condition::at_least(steps[i - 1], 1));
        }
        actions.push(a);
    }
    for j in 0..distractors {
        let noise = facts.intern(Scope::Agent, &format!("noise{j}"));
        actions.push(Action::new(format!("noise{j}"), 1).does(Effect::set(noise, 1)));
    }
    let start = State::zeros(facts.len());
    let goal = vec![Condition::at_least(steps[length], 1)];
    Problem { name: format!("chain{length}/K{distractors}"), facts, actions, goal, start }
}

/// Random reachable states asked per character and goal, besides the start.
const WALKS: usize = 60;

/// The planner's answer to every golden question, one line each — with the expansion count when
/// `expansions`, which a change to the estimate may move while plans and costs must not.
pub fn golden(expansions: bool) -> Vec<String> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut lines = Vec::new();
    for (file, text) in SHIPPED {
        let s = scenario::parse(text, file).expect("a valid shipped scenario");
        for (c, character) in s.characters.iter().enumerate() {
            let actions = s.planning_actions(c);
            for goal in &character.goals {
                let planner = Planner::new(&actions, &goal.conditions);
                let mut state = s.start_state(c);
                for walk in 0..=WALKS {
                    let (answer, expanded) = match planner.plan(&state, 5000) {
                        Ok(p) => (format!("plan {:?} cost {}", p.steps, p.cost), p.expanded),
                        Err(why) => (format!("none {}", why.kind()), why.expanded()),
                    };
                    let expanded = if expansions { format!(" expanded {expanded}") } else { String::new() };
                    lines.push(format!("{file} {} {} #{walk}: {answer}{expanded}", character.id, goal.id));
                    state = walk_from(&state, &actions, (next() % 12) as usize, &mut next);
                }
            }
        }
    }
    lines
}

/// `steps` random applicable actions taken from `start`.
fn walk_from(start: &State, actions: &[Action], steps: usize, next: &mut impl FnMut() -> u64) -> State {
    let mut state = start.clone();
    for _ in 0..steps {
        let open: Vec<_> = actions.iter().filter(|a| a.is_applicable(&state)).collect();
        if open.is_empty() {
            break;
        }
        open[(next() % open.len() as u64) as usize].apply(&mut state);
    }
    state
}
