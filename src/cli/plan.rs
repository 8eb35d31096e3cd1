//! `goap-town plan FILE --character ID --goal ID [--set SCOPE.FACT=N]... [--trace] [--json]`.

use crate::planner::{NoPlan, Planner, Trace, TriedResult, Value};
use crate::scenario::Scope;
use crate::scenario::{self, Scenario, StepCost, did_you_mean};
use crate::words::{Lang, verbatim, words};
use fluent_bundle::FluentValue;
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
    /// The language of its words: a broken scenario's problems, the plan, the search, why not.
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
        Err(problems) => {
            for bad in problems {
                let _ = writeln!(err, "goap-town plan: {}", bad.say(request.lang));
            }
            1
        }
    }
}

/// Why a `plan` request itself is wrong (`hint` is ` (did you mean "smith"?)`, or nothing).
#[derive(Debug)]
enum BadRequest {
    NoCharacter {
        character: String,
        file: String,
        hint: Option<scenario::Phrase>,
    },
    NoGoal {
        character: String,
        goal: String,
        hint: Option<scenario::Phrase>,
    },
    Malformed {
        text: String,
    },
    /// A scope that is neither `world` nor `agent`.
    NoScope {
        text: String,
        scope: String,
    },
    OutOfRange {
        text: String,
        value: i128,
    },
    /// A line at a station set shorter than nobody.
    NegativeLine {
        text: String,
    },
    UnknownFact {
        text: String,
        scope: &'static str,
        name: String,
        hint: Option<scenario::Phrase>,
    },
}

impl BadRequest {
    fn say(&self, lang: Lang) -> String {
        let hint = |hint: &Option<scenario::Phrase>| {
            verbatim(hint.as_ref().map(|h| h.text(lang)).unwrap_or_default())
        };
        let (id, args): (&str, Vec<(&str, FluentValue)>) = match self {
            BadRequest::NoCharacter { character, file, hint: h } => (
                "plan-no-character",
                vec![("character", verbatim(character)), ("file", verbatim(file)), ("hint", hint(h))],
            ),
            BadRequest::NoGoal { character, goal, hint: h } => (
                "plan-no-goal",
                vec![("character", verbatim(character)), ("goal", verbatim(goal)), ("hint", hint(h))],
            ),
            BadRequest::Malformed { text: t } => ("plan-set-malformed", vec![("text", verbatim(t))]),
            BadRequest::NoScope { text: t, scope } => {
                ("plan-set-no-scope", vec![("text", verbatim(t)), ("scope", verbatim(scope))])
            }
            BadRequest::NegativeLine { text: t } => ("plan-set-negative-line", vec![("text", verbatim(t))]),
            BadRequest::OutOfRange { text: t, value } => (
                "plan-set-problem",
                vec![("text", verbatim(t)), ("problem", verbatim(scenario::does_not_fit(*value).text(lang)))],
            ),
            BadRequest::UnknownFact { text: t, scope, name, hint: h } => (
                "plan-set-unknown",
                vec![
                    ("text", verbatim(t)),
                    ("scope", verbatim(*scope)),
                    ("name", verbatim(name)),
                    ("hint", hint(h)),
                ],
            ),
        };
        words().say(lang, id, &args)
    }
}

/// The printed answer and exit code, or every way the request itself is wrong (a goal is
/// looked for only in a character there is).
fn answer(scenario: &Scenario, request: &Request) -> Result<(String, u8), Vec<BadRequest>> {
    let overrides: Vec<_> = request.overrides.iter().map(|text| parse_override(scenario, text)).collect();
    let mut problems: Vec<BadRequest> = Vec::new();
    let character = scenario.character_index(&request.character);
    let goal = match character {
        None => {
            problems.push(BadRequest::NoCharacter {
                character: request.character.clone(),
                file: scenario.file.clone(),
                hint: did_you_mean(&request.character, scenario.characters.iter().map(|c| c.id.as_str())),
            });
            None
        }
        Some(c) => {
            let who = &scenario.characters[c];
            let goal = who.goals.iter().find(|g| g.id == request.goal);
            if goal.is_none() {
                problems.push(BadRequest::NoGoal {
                    character: who.id.clone(),
                    goal: request.goal.clone(),
                    hint: did_you_mean(&request.goal, who.goals.iter().map(|g| g.id.as_str())),
                });
            }
            goal
        }
    };
    let mut set = Vec::new();
    for parsed in overrides {
        match parsed {
            Ok(fact_value) => set.push(fact_value),
            Err(bad) => problems.push(bad),
        }
    }
    let (Some(character), Some(goal), true) = (character, goal, problems.is_empty()) else {
        return Err(problems);
    };

    let who = &scenario.characters[character];
    let mut start = scenario.start_state(character);
    for (fact, value) in set {
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
    let lang = request.lang;
    let why_not = |why: &NoPlan| match cut_off.is_empty() {
        true => (why.kind(), scenario.facts.explain(why, lang)),
        false => ("unreachable", scenario::explain_cut_off(&cut_off, lang)),
    };
    let say = |id: &str, args: &[(&str, FluentValue)]| words().say(lang, id, args);
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
            if trace.set_aside > 0 {
                object["set_aside"] = trace.set_aside.into();
            }
        }
        return Ok((object.to_string() + "\n", code));
    }
    let mut text = match result {
        Ok(plan) => {
            let costs = scenario.step_costs(&actions, &start, &plan.steps);
            let line = |(s, StepCost { base, walking, waiting }): (&u32, StepCost)| {
                let extra = |word: &str, cost: u64| match cost {
                    0 => String::new(),
                    _ => format!(" + {} {}", words().plain(lang, word), scenario::cost_text(cost)),
                };
                let (walking, waiting) = (extra("step-walking", walking), extra("step-waiting", waiting));
                let base = scenario::cost_text(base);
                format!("{} @ {}  ({base}{walking}{waiting})\n", action_of(s), station_of(s))
            };
            let mut text: String = plan.steps.iter().zip(costs).map(line).collect();
            text += &say("plan-cost", &[("cost", verbatim(scenario::cost_text(plan.cost)))]);
            text += "\n";
            text += &say("plan-expanded", &[("expanded", plan.expanded.into())]);
            text + "\n"
        }
        Err(why) => say("plan-none", &[("why", verbatim(why_not(&why).1))]) + "\n",
    };
    if let Some(trace) = &trace {
        text += &trace_text(scenario, character, trace, code == 0, lang);
    }
    Ok((text, code))
}

/// The search as text: one block per expanded state (★ on the plan), each action tried under it.
/// A search that `found` a plan lists the goal last, taken from the open list but not expanded.
fn trace_text(scenario: &Scenario, character: usize, trace: &Trace, found: bool, lang: Lang) -> String {
    let (task_of, state_of) = (task_name(scenario, character), state_words(scenario, trace));
    let taken = trace.expansions.len();
    let head = [
        ("expanded", (taken - usize::from(found && taken > 0)).into()),
        ("found", verbatim(if found { "yes" } else { "no" })),
        ("duplicates", trace.duplicates.into()),
        ("pruned", trace.pruned.into()),
    ];
    let mut s = match trace.set_aside {
        0 => String::new(),
        first => words().say(lang, "plan-trace-set-aside", &[("expanded", first.into())]) + "\n",
    };
    s += &(words().say(lang, "plan-trace-head", &head) + "\n");
    for (i, e) in trace.expansions.iter().enumerate() {
        let star = if e.on_plan { "★" } else { " " };
        let (g, h) = (scenario::cost_text(e.g), scenario::cost_text(e.h));
        let f = scenario::cost_text(e.g + e.h);
        s += &format!("{star} {:>3}. g {g} h {h} f {f}  {}\n", i + 1, state_of(&e.values).join(" "));
        for tried in &e.tried {
            let result = match tried.result {
                TriedResult::New { g, h } | TriedResult::Better { g, h } => format!(
                    "{} (g {} h {} f {})",
                    result_word(tried.result, lang),
                    scenario::cost_text(g),
                    scenario::cost_text(h),
                    scenario::cost_text(g + h)
                ),
                other => result_word(other, lang),
            };
            s += &format!("        {} → {result}\n", task_of(tried.action));
        }
        if e.skipped > 0 {
            s += &format!("        ({})\n", words().say(lang, "not-applicable", &[("n", e.skipped.into())]));
        }
    }
    s
}

/// What came of an action tried, in words: `new`, `better`, `duplicate`, `dead end`.
fn result_word(result: TriedResult, lang: Lang) -> String {
    words().plain(lang, &format!("plan-trace-{}", result_kind(result))).to_owned()
}

/// What came of an action tried, as data: `new`, `better`, `duplicate` or `dead_end`.
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

/// `world.tools=1` → the fact and its value.
fn parse_override(scenario: &Scenario, text: &str) -> Result<(crate::planner::FactId, Value), BadRequest> {
    let bad = || BadRequest::Malformed { text: text.to_owned() };
    let (lhs, value) = text.split_once('=').ok_or_else(bad)?;
    let (scope, name) = lhs.trim().split_once('.').ok_or_else(bad)?;
    let scope = match scope.trim() {
        "world" => Scope::World,
        "agent" => Scope::Agent,
        _ if name.is_empty() || value.trim().is_empty() => return Err(bad()),
        other => return Err(BadRequest::NoScope { text: text.to_owned(), scope: other.to_owned() }),
    };
    // A whole number too large for a fact is out of range, not malformed.
    let wide: i128 = value.trim().parse().map_err(|_| bad())?;
    let value =
        Value::try_from(wide).map_err(|_| BadRequest::OutOfRange { text: text.to_owned(), value: wide })?;
    let fact = scenario.facts.get(scope, name).ok_or_else(|| BadRequest::UnknownFact {
        text: text.to_owned(),
        scope: scope.keyword(),
        name: name.to_owned(),
        hint: match scenario::declared_in(&scenario.facts, name) {
            Some(other) => Some(scenario::scope_hint(name, other)),
            None => did_you_mean(name, scenario.facts.names_in(scope)),
        },
    })?;
    if value < 0 && scenario.lines.contains(&Some(fact)) {
        return Err(BadRequest::NegativeLine { text: text.to_owned() });
    }
    Ok((fact, value))
}
