//! `goap-town plan FILE --character ID --goal ID [--set SCOPE.FACT=N]... [--json]`.

use crate::planner::{Planner, Value};
use crate::scenario::Scope;
use crate::scenario::{self, Scenario, did_you_mean};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

pub struct Request {
    pub file: PathBuf,
    pub character: String,
    pub goal: String,
    pub overrides: Vec<String>,
    pub json: bool,
}

/// Exit codes: 0 a plan, 1 a bad request or scenario, 2 no plan.
pub fn run(request: &Request, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Ok(scenario) = scenario::load_or_report(&request.file, err) else { return 1 };
    match answer(&scenario, request) {
        Ok((text, code)) => {
            let _ = write!(out, "{text}");
            code
        }
        Err(message) => {
            let _ = writeln!(err, "goap-town plan: {message}");
            1
        }
    }
}

/// The printed answer and exit code, or why the request itself is wrong.
fn answer(scenario: &Scenario, request: &Request) -> Result<(String, u8), String> {
    let character = scenario.character_index(&request.character).ok_or_else(|| {
        let hint = did_you_mean(&request.character, scenario.characters.iter().map(|c| c.id.as_str()));
        format!("no character \"{}\" in {}{hint}", request.character, scenario.file)
    })?;
    let who = &scenario.characters[character];
    let goal = who.goals.iter().find(|g| g.id == request.goal).ok_or_else(|| {
        let hint = did_you_mean(&request.goal, who.goals.iter().map(|g| g.id.as_str()));
        format!("character \"{}\" has no goal \"{}\"{hint}", who.id, request.goal)
    })?;

    let mut start = scenario.start_state(character);
    for text in &request.overrides {
        let (fact, value) = parse_override(scenario, text)?;
        start.set(fact, value);
    }

    let actions = scenario.planning_actions(character);
    let result = Planner::new(&actions, &goal.conditions).plan(&start, scenario.settings.planner_budget);
    let task = |step: &u32| who.tasks[*step as usize];
    let action_of = |step: &u32| scenario.actions[task(step).action].id.as_str();
    let station_of = |step: &u32| scenario.stations[task(step).station].id.as_str();
    Ok(match (result, request.json) {
        (Ok(plan), false) => {
            let mut text: String =
                plan.steps.iter().map(|s| format!("{} @ {}\n", action_of(s), station_of(s))).collect();
            text += &format!("cost {}\nexpanded {}\n", scenario::cost_text(plan.cost), plan.expanded);
            (text, 0)
        }
        (Ok(plan), true) => {
            let ids: Vec<&str> = plan.steps.iter().map(action_of).collect();
            let stations: Vec<&str> = plan.steps.iter().map(station_of).collect();
            let cost = scenario::cost_value(plan.cost);
            let object = json!({"plan": ids, "stations": stations, "cost": cost, "expanded": plan.expanded});
            (object.to_string() + "\n", 0)
        }
        (Err(why), false) => (format!("no plan: {}\n", scenario.facts.explain(&why)), 2),
        (Err(why), true) => {
            let object = json!({"plan": null, "reason": why.kind(), "detail": scenario.facts.explain(&why), "expanded": why.expanded()});
            (object.to_string() + "\n", 2)
        }
    })
}

/// `world.tools=1` → the fact and its value.
fn parse_override(scenario: &Scenario, text: &str) -> Result<(crate::planner::FactId, Value), String> {
    let bad = || format!("--set {text}: expected SCOPE.FACT=N, like world.tools=1 or agent.hasWeapon=1");
    let (lhs, value) = text.split_once('=').ok_or_else(bad)?;
    let (scope, name) = lhs.trim().split_once('.').ok_or_else(bad)?;
    let scope = match scope {
        "world" => Scope::World,
        "agent" => Scope::Agent,
        _ => return Err(bad()),
    };
    let value: Value = value.trim().parse().map_err(|_| bad())?;
    let fact = scenario.facts.get(scope, name).ok_or_else(|| {
        let hint = did_you_mean(name, scenario.facts.names_in(scope));
        format!("--set {text}: unknown {} fact \"{name}\"{hint}", scope.keyword())
    })?;
    Ok((fact, value))
}
