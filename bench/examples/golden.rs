//! Prints the planner's answer to every question of every shipped scenario — each character and
//! goal, from its start and from random states reached by random walks — one line each, so that a
//! planner change can be checked for changed answers by diffing two runs: `golden > before.txt`.

use goap_town::planner::{Action, Planner, State};
use goap_town::scenario::{self, SHIPPED};

/// Random reachable states asked per character and goal, besides the start.
const WALKS: usize = 60;

fn main() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (file, text) in SHIPPED {
        let s = scenario::parse(text, file).expect("a valid shipped scenario");
        for (c, character) in s.characters.iter().enumerate() {
            let actions = s.planning_actions(c);
            for goal in &character.goals {
                let planner = Planner::new(&actions, &goal.conditions);
                let mut state = s.start_state(c);
                for walk in 0..=WALKS {
                    let answer = match planner.plan(&state, 5000) {
                        Ok(p) => format!("plan {:?} cost {} expanded {}", p.steps, p.cost, p.expanded),
                        Err(why) => format!("none {} expanded {}", why.kind(), why.expanded()),
                    };
                    println!("{file} {} {} #{walk}: {answer}", character.id, goal.id);
                    state = walk_from(&state, &actions, (next() % 12) as usize, &mut next);
                }
            }
        }
    }
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
