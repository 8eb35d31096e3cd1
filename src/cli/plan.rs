//! `goap-town plan FILE --character ID --goal ID [--set SCOPE.FACT=N]... [--trace] [--json]`.

use crate::planner::{NoPlan, Planner, Trace, TriedResult, Value};
use crate::scenario::Scope;
use crate::scenario::{self, Scenario, StepCost, did_you_mean};
use crate::words::Lang;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

pub struct Request {
    pub file: PathBuf,
    pub character: String,
    pub goal: String,
    pub overrides: Vec<String>,
    /// Print the search, state by state, too.
    pub trace: bool,
    pub json: bool,
    /// The language a broken scenario's problems are said in.
    pub lang: Lang,
}

/// Exit codes: 0 a plan, 1 a bad request or scenario, 2 no plan.
pub fn run(request: &Request, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Ok(scenario) = scenario::load_or_report(&request.file, request.lang, err) else { return 1 };
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

/// Why a `plan` request itself is wrong, in English as the rest of `plan`'s answers (`hint` is
/// ` (did you mean "smith"?)`, or nothing).
#[derive(Debug, thiserror::Error)]
enum BadRequest {
    #[error("no character \"{character}\" in {file}{hint}")]
    NoCharacter { character: String, file: String, hint: String },
    #[error("character \"{character}\" has no goal \"{goal}\"{hint}")]
    NoGoal { character: String, goal: String, hint: String },
    #[error("--set {text}: expected SCOPE.FACT=N, like world.tools=1 or agent.hasWeapon=1")]
    Malformed { text: String },
    #[error("--set {text}: unknown {scope} fact \"{name}\"{hint}")]
    UnknownFact { text: String, scope: &'static str, name: String, hint: String },
}

/// The printed answer and exit code, or why the request itself is wrong.
fn answer(scenario: &Scenario, request: &Request) -> Result<(String, u8), BadRequest> {
    let character = scenario.character_index(&request.character).ok_or_else(|| BadRequest::NoCharacter {
        character: request.character.clone(),
        file: scenario.file.clone(),
        hint: english_hint(&request.character, scenario.characters.iter().map(|c| c.id.as_str())),
    })?;
    let who = &scenario.characters[character];
    let goal = who.goals.iter().find(|g| g.id == request.goal).ok_or_else(|| BadRequest::NoGoal {
        character: who.id.clone(),
        goal: request.goal.clone(),
        hint: english_hint(&request.goal, who.goals.iter().map(|g| g.id.as_str())),
    })?;

    let mut start = scenario.start_state(character);
    for text in &request.overrides {
        let (fact, value) = parse_override(scenario, text)?;
        start.set(fact, value);
    }

    let actions = scenario.planning_actions(character);
    let planner = Planner::new(&actions, &goal.conditions);
    let budget = scenario.settings.planner_budget;
    let (result, trace) = match request.trace {
        true => {
            let (result, trace) = planner.plan_traced(&start, budget);
            (result, Some(trace))
        }
        false => (planner.plan(&start, budget), None),
    };
    let task = |step: &u32| who.tasks[*step as usize];
    let action_of = |step: &u32| scenario.actions[task(step).action].id.as_str();
    let station_of = |step: &u32| scenario.stations[task(step).station].id.as_str();
    let code = if result.is_ok() { 0 } else { 2 };
    // A plan that would need a station the map parts the character from: that is the reason (a
    // search stopped by its budget may yet have a plan, so it blames nothing).
    let cut_off: Vec<&str> = match &result {
        Err(NoPlan::Unreachable { .. } | NoPlan::Exhausted { .. }) => {
            let stations = scenario.cut_off(character, &goal.conditions, &start);
            stations.iter().map(|&s| scenario.stations[s].id.as_str()).collect()
        }
        _ => Vec::new(),
    };
    let why_not = |why: &NoPlan| match cut_off.is_empty() {
        true => (why.kind(), scenario.facts.explain(why)),
        false => ("unreachable", scenario::explain_cut_off(&cut_off)),
    };
    if request.json {
        let mut object = match result {
            Ok(plan) => {
                let ids: Vec<&str> = plan.steps.iter().map(action_of).collect();
                let stations: Vec<&str> = plan.steps.iter().map(station_of).collect();
                let cost = scenario::cost_value(plan.cost);
                let steps = scenario.step_costs(&actions, &start, &plan.steps).into_iter().map(|step| {
                    let [base, walking, waiting] =
                        [step.base, step.walking, step.waiting].map(scenario::cost_value);
                    json!({"cost": base, "walking": walking, "waiting": waiting})
                });
                let steps: Vec<_> = steps.collect();
                json!({"plan": ids, "stations": stations, "cost": cost, "step_costs": steps, "expanded": plan.expanded})
            }
            Err(why) => {
                let (reason, detail) = why_not(&why);
                json!({"plan": null, "reason": reason, "cut_off": cut_off, "detail": detail, "expanded": why.expanded()})
            }
        };
        if let Some(trace) = &trace {
            object["trace"] = trace_json(scenario, character, trace);
            object["duplicates"] = trace.duplicates.into();
            object["pruned"] = trace.pruned.into();
        }
        return Ok((object.to_string() + "\n", code));
    }
    let mut text = match result {
        Ok(plan) => {
            let costs = scenario.step_costs(&actions, &start, &plan.steps);
            let line = |(s, StepCost { base, walking, waiting }): (&u32, StepCost)| {
                let extra = |word: &str, cost: u64| match cost {
                    0 => String::new(),
                    _ => format!(" + {word} {}", scenario::cost_text(cost)),
                };
                let (walking, waiting) = (extra("walking", walking), extra("waiting", waiting));
                let base = scenario::cost_text(base);
                format!("{} @ {}  ({base}{walking}{waiting})\n", action_of(s), station_of(s))
            };
            let mut text: String = plan.steps.iter().zip(costs).map(line).collect();
            text += &format!("cost {}\nexpanded {}\n", scenario::cost_text(plan.cost), plan.expanded);
            text
        }
        Err(why) => format!("no plan: {}\n", why_not(&why).1),
    };
    if let Some(trace) = &trace {
        text += &trace_text(scenario, character, trace, code == 0);
    }
    Ok((text, code))
}

/// The search as text: one block per expanded state (★ on the plan), each action tried under it.
/// A search that `found` a plan lists the goal last, taken from the open list but not expanded.
fn trace_text(scenario: &Scenario, character: usize, trace: &Trace, found: bool) -> String {
    let (task_of, state_of) = (task_name(scenario, character), state_words(scenario, trace));
    let (taken, goal) = (trace.expansions.len(), if found { ", then the goal" } else { "" });
    let mut s = format!(
        "search: {} states expanded in this order{goal}; {} duplicates dropped, {} dead ends pruned (★ on the plan)\n",
        taken - usize::from(found && taken > 0),
        trace.duplicates,
        trace.pruned
    );
    for (i, e) in trace.expansions.iter().enumerate() {
        let star = if e.on_plan { "★" } else { " " };
        let (g, h) = (scenario::cost_text(e.g), scenario::cost_text(e.h));
        let f = scenario::cost_text(e.g + e.h);
        s += &format!("{star} {:>3}. g {g} h {h} f {f}  {}\n", i + 1, state_of(&e.values).join(" "));
        for tried in &e.tried {
            let result = match tried.result {
                TriedResult::New { g, h } | TriedResult::Better { g, h } => format!(
                    "{} (g {} h {} f {})",
                    result_kind(tried.result),
                    scenario::cost_text(g),
                    scenario::cost_text(h),
                    scenario::cost_text(g + h)
                ),
                other => result_kind(other).to_owned(),
            };
            s += &format!("        {} → {result}\n", task_of(tried.action));
        }
        if e.skipped > 0 {
            s += &format!("        ({} actions do not apply)\n", e.skipped);
        }
    }
    s
}

/// What came of an action tried: `new`, `better`, `duplicate` or `dead_end`.
fn result_kind(result: TriedResult) -> &'static str {
    match result {
        TriedResult::New { .. } => "new",
        TriedResult::Better { .. } => "better",
        TriedResult::Duplicate => "duplicate",
        TriedResult::DeadEnd => "dead_end",
    }
}

/// The search as JSON: one object per expanded state, in order.
fn trace_json(scenario: &Scenario, character: usize, trace: &Trace) -> serde_json::Value {
    let entry = |e: &crate::planner::Expansion| {
        let tried: Vec<serde_json::Value> = e
            .tried
            .iter()
            .map(|t| {
                let task = scenario.characters[character].tasks[t.action as usize];
                let (action, station) =
                    (&scenario.actions[task.action].id, &scenario.stations[task.station].id);
                let mut object =
                    json!({"action": action, "station": station, "result": result_kind(t.result)});
                if let TriedResult::New { g, h } | TriedResult::Better { g, h } = t.result {
                    object["g"] = scenario::cost_value(g).into();
                    object["h"] = scenario::cost_value(h).into();
                    object["f"] = scenario::cost_value(g + h).into();
                }
                object
            })
            .collect();
        let state: serde_json::Map<String, serde_json::Value> = (trace.facts.iter().zip(&e.values))
            .map(|(&f, &v)| (scenario.facts.qualified(f), value_json(scenario, f, v)))
            .collect();
        json!({
            "state": state,
            "g": scenario::cost_value(e.g),
            "h": scenario::cost_value(e.h),
            "f": scenario::cost_value(e.g + e.h),
            "on_plan": e.on_plan,
            "tried": tried,
            "skipped": e.skipped,
        })
    };
    trace.expansions.iter().map(entry).collect()
}

/// A traced fact's value: a number, or for where the villager stands the station's id (`start`
/// before it has walked anywhere).
fn value_json(scenario: &Scenario, fact: crate::planner::FactId, value: Value) -> serde_json::Value {
    match fact == scenario.place {
        true => place_name(scenario, value).into(),
        false => value.into(),
    }
}

fn place_name(scenario: &Scenario, value: Value) -> String {
    scenario.station_at(value).map_or_else(|| "start".to_owned(), |s| s.id.clone())
}

/// `action @ station` of the character's task `t`.
fn task_name(scenario: &Scenario, character: usize) -> impl Fn(u32) -> String + '_ {
    move |t| {
        let task = scenario.characters[character].tasks[t as usize];
        format!("{} @ {}", scenario.actions[task.action].id, scenario.stations[task.station].id)
    }
}

/// A traced state as `scope.fact=value` words, in the order of the trace's facts.
fn state_words<'s>(scenario: &'s Scenario, trace: &'s Trace) -> impl Fn(&[Value]) -> Vec<String> + 's {
    move |values| {
        let facts = trace.facts.iter().zip(values);
        let value = |f, v: Value| if f == scenario.place { place_name(scenario, v) } else { v.to_string() };
        facts.map(|(&f, &v)| format!("{}={}", scenario.facts.qualified(f), value(f, v))).collect()
    }
}

/// ` (did you mean "smith"?)`, or nothing; in English, as the rest of `plan`'s answers.
fn english_hint<'a>(wrong: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(wrong, known).map(|hint| hint.to_string()).unwrap_or_default()
}

/// `world.tools=1` → the fact and its value.
fn parse_override(scenario: &Scenario, text: &str) -> Result<(crate::planner::FactId, Value), BadRequest> {
    let bad = || BadRequest::Malformed { text: text.to_owned() };
    let (lhs, value) = text.split_once('=').ok_or_else(bad)?;
    let (scope, name) = lhs.trim().split_once('.').ok_or_else(bad)?;
    let scope = match scope {
        "world" => Scope::World,
        "agent" => Scope::Agent,
        _ => return Err(bad()),
    };
    let value: Value = value.trim().parse().map_err(|_| bad())?;
    let fact = scenario.facts.get(scope, name).ok_or_else(|| BadRequest::UnknownFact {
        text: text.to_owned(),
        scope: scope.keyword(),
        name: name.to_owned(),
        hint: english_hint(name, scenario.facts.names_in(scope)),
    })?;
    Ok((fact, value))
}
