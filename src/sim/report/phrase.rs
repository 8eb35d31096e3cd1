//! Events and reasons in words, in any language of [`crate::words`]: made where they are shown
//! (the game, `run`, the day report), never kept by the simulation.

use crate::planner::{Condition, Value};
use crate::scenario::{self, Scope};
use crate::sim::state::log::{Happening, SimEvent};
use crate::sim::state::table::{GoalRow, Outcome, RowResult};
use crate::sim::state::town::Town;
use crate::sim::state::villager::{LastReason, NO_GOAL, Underway};
use crate::words::{Lang, Whose, condition_words, fact_words, needs_words, verbatim, words};
use fluent_bundle::FluentValue;

/// `condition` in words (`tools (at least 3)`), and how it stands when `now` is known (`tools:
/// none in the town`).
pub fn condition_text(town: &Town, lang: Lang, condition: &Condition, now: Option<Value>) -> String {
    let facts = &town.scenario.facts;
    let whose = match facts.scope(condition.fact) {
        Scope::World => Whose::Town,
        Scope::Agent => Whose::Own,
    };
    condition_words(lang, facts.name(condition.fact), whose, condition.compare, condition.value, now)
}

/// The labels of a plan's tasks, in order: `Take a loaf, Eat`.
fn steps_text(town: &Town, character: usize, steps: &[u32]) -> String {
    let labels: Vec<&str> =
        steps.iter().map(|&t| town.action(character, t as usize).label.as_str()).collect();
    labels.join(", ")
}

/// `event` in words: `Queued at Oven 2 behind Baker 1 (2nd in line)`.
pub fn event_text(town: &Town, lang: Lang, event: &SimEvent) -> String {
    let character = event.villager.map_or(0, |n| town.layout.character_of(n));
    let goal = |g: u16| verbatim(&town.scenario.characters[character].goals[g as usize].label);
    let action = |task: u32| verbatim(&town.action(character, task as usize).label);
    let station = |s: u32| verbatim(&town.scenario.stations[s as usize].label);
    let say = |id: &str, args: &[(&str, FluentValue)]| words().say(lang, id, args);
    match &event.what {
        Happening::Dawn => say("event-dawn", &[("day", event.day.into())]),
        Happening::PlanMade { goal: g, plan, cost, expanded, part } => {
            let whole = town.scenario.characters[character].goals[*g as usize].conditions.first();
            let args = [
                ("goal", goal(*g)),
                ("steps", verbatim(steps_text(town, character, plan))),
                ("cost", verbatim(scenario::cost_text(*cost))),
                ("expanded", (*expanded).into()),
                ("part", part.map_or(0, i64::from).into()),
                ("whole", whole.map_or(0, |c| i64::from(c.value)).into()),
            ];
            say(if part.is_some() { "event-plan-made-part" } else { "event-plan-made" }, &args)
        }
        Happening::Started { task, station: s } => {
            say("event-started", &[("action", action(*task)), ("station", station(*s))])
        }
        Happening::Finished { task } => say("event-finished", &[("action", action(*task))]),
        Happening::Queued { station: s, behind, place } => {
            // By name: a tiled town's inspector speaks of one tile, where names are the scenario's.
            let name = |n: u32| &town.scenario.characters[town.layout.character_of(n as usize)].name;
            let behind = behind.map_or(verbatim("none"), |n| verbatim(name(n)));
            say("event-queued", &[("station", station(*s)), ("behind", behind), ("place", (*place).into())])
        }
        Happening::LeftQueue { station: s, to } => {
            let to = to.map_or(verbatim("none"), station);
            say("event-left-queue", &[("station", station(*s)), ("to", to)])
        }
        Happening::Met { goal: g } => say("event-met", &[("goal", goal(*g))]),
        Happening::Edited { fact, was, now } => {
            let fact = verbatim(fact_words(lang, town.scenario.facts.name(*fact)));
            say(
                "event-edited",
                &[("fact", fact), ("was", verbatim(was.to_string())), ("now", verbatim(now.to_string()))],
            )
        }
        Happening::Changed(reason) => reason_text(town, lang, character, reason, &[]),
        Happening::Standstill(standstill) => standstill_text(town, lang, standstill),
        Happening::WentOn { goal: g, was } => {
            let was = verbatim(underway_text(town, lang, character, was));
            say(
                "event-went-on",
                &[("goal", goal(*g)), ("at", verbatim(threshold_of(town, character, *g))), ("was", was)],
            )
        }
    }
}

/// A standstill in words: `Stuck: Farmer waits for bread, which only Baker makes; Baker waits
/// for wheat, which only Farmer makes`.
pub fn standstill_text(town: &Town, lang: Lang, standstill: &crate::sim::state::log::Standstill) -> String {
    // Villagers of one tile: named as their characters are.
    let named = |n: u32| town.scenario.characters[town.layout.character_of(n as usize)].name.clone();
    let name = |n: u32| verbatim(named(n));
    let links: Vec<String> = (standstill.links.iter())
        .map(|link| {
            let makers: Vec<String> = link.makers.iter().map(|&m| named(m)).collect();
            let args = [
                ("who", name(link.villager)),
                ("what", verbatim(condition_text(town, lang, &link.waits_for, None))),
                ("makers", verbatim(makers.join(", "))),
                ("count", makers.len().into()),
            ];
            words().say(lang, "standstill-link", &args)
        })
        .collect();
    let id = if standstill.ring { "standstill-ring" } else { "standstill-everyone" };
    words().say(lang, id, &[("links", verbatim(links.join("; ")))])
}

/// Why a villager of `character` last changed course, in words: `Resting: every unmet goal's
/// insistence is below 0.05`, `Hunger (0.72) overtook Smelt iron (0.51)`, `No viable plan for
/// Bake bread: waiting for wheat`, `Abandoned Take a loaf: needs bread: none in the town`.
///
/// `cut_off` are the stations a waiting villager's goal needs and the map parts it from
/// ([`cut_off_for`](super::cut_off::cut_off_for)): the reason names them.
pub fn reason_text(
    town: &Town,
    lang: Lang,
    character: usize,
    reason: &LastReason,
    cut_off: &[usize],
) -> String {
    let goals = &town.scenario.characters[character].goals;
    let goal = |g: u16| verbatim(&goals[g as usize].label);
    let say = |id: &str, args: &[(&str, FluentValue)]| words().say(lang, id, args);
    match *reason {
        LastReason::None => String::new(),
        LastReason::Resting => say(
            "event-resting",
            &[("threshold", verbatim(town.scenario.settings.rest_threshold.to_string()))],
        ),
        LastReason::Waiting { goal: g, .. } if !cut_off.is_empty() => say(
            "event-waiting-cut-off",
            &[("goal", goal(g)), ("cut-off", verbatim(cut_off_text(town, lang, cut_off)))],
        ),
        LastReason::Waiting { goal: g, over_budget: true, .. } => {
            let budget = town.scenario.settings.planner_budget;
            say("event-waiting-budget", &[("goal", goal(g)), ("budget", budget.into())])
        }
        LastReason::Waiting { goal: g, blocked, .. } => {
            let blocked =
                blocked.map_or(verbatim("none"), |c| verbatim(condition_text(town, lang, &c, None)));
            say("event-waiting", &[("goal", goal(g)), ("blocked", blocked)])
        }
        LastReason::Pursuing { goal: g } => say("event-pursuing", &[("goal", goal(g))]),
        LastReason::Switched { to, to_score, from, from_score } => {
            let args = [
                ("to", goal(to)),
                ("to-score", verbatim(format!("{to_score:.2}"))),
                ("from", goal(from)),
                ("from-score", verbatim(format!("{from_score:.2}"))),
            ];
            say("event-switched", &args)
        }
        LastReason::Abandoned { task, condition, was } => {
            let action = town.action(character, task as usize);
            let c = &action.planning.preconditions[condition as usize];
            let needs = needs_words(lang, condition_text(town, lang, c, Some(was)));
            say("event-abandoned", &[("action", verbatim(&action.label)), ("needs", verbatim(&needs))])
        }
        LastReason::Interrupted { goal: g, from, score, from_score, was } => {
            let mut args = vec![
                ("was", verbatim(underway_text(town, lang, character, &was))),
                ("goal", goal(g)),
                ("at", verbatim(threshold_of(town, character, g))),
                ("score", verbatim(format!("{score:.2}"))),
            ];
            if from == NO_GOAL {
                return say("event-interrupted-free", &args);
            }
            args.extend([("from", goal(from)), ("from-score", verbatim(format!("{from_score:.2}")))]);
            say("event-interrupted", &args)
        }
        LastReason::Stopped { was } => {
            say("event-stopped", &[("was", verbatim(underway_text(town, lang, character, &was)))])
        }
    }
}

/// What was under way, in words: `Walk to West sawmill`, `Bake bread`, `the line at West oven`.
pub fn underway_text(town: &Town, lang: Lang, character: usize, was: &Underway) -> String {
    let station =
        |task: u16| verbatim(&town.scenario.stations[town.station(character, usize::from(task))].label);
    let action = |task: u16| verbatim(&town.action(character, usize::from(task)).label);
    let say = |id: &str, args: &[(&str, FluentValue)]| words().say(lang, id, args);
    match *was {
        Underway::Walking { task } => say("underway-walking", &[("station", station(task))]),
        Underway::Acting { task } => say("underway-acting", &[("action", action(task))]),
        Underway::Queued { task } => say("underway-queued", &[("station", station(task))]),
        Underway::Waiting => say("underway-waiting", &[]),
        Underway::Resting => say("underway-resting", &[]),
    }
}

/// Goal `g`'s `interrupts_at`, written as insistences are (`0.80`).
fn threshold_of(town: &Town, character: usize, g: u16) -> String {
    let at = town.scenario.characters[character].goals[g as usize].interrupts_at;
    format!("{:.2}", at.unwrap_or(1.0))
}

/// Why a decision came out as it did: `Bake bread overtook Hunger: its lead 0.36 is more than the
/// hysteresis 0.15`.
pub fn outcome_text(town: &Town, lang: Lang, character: usize, outcome: &Outcome) -> String {
    let goals = &town.scenario.characters[character].goals;
    let goal = |g: u16| verbatim(&goals[g as usize].label);
    let number = |x: f32| verbatim(format!("{x:.2}"));
    let say = |id: &str, args: &[(&str, FluentValue)]| words().say(lang, id, args);
    match *outcome {
        Outcome::Rested { threshold } => say("outcome-rested", &[("threshold", number(threshold))]),
        Outcome::Waited { goal: g } => say("outcome-waited", &[("goal", goal(g))]),
        Outcome::Best { goal: g } => say("outcome-best", &[("goal", goal(g))]),
        Outcome::Overtook { goal: g, from, lead, hysteresis } => say(
            "outcome-overtook",
            &[
                ("goal", goal(g)),
                ("from", goal(from)),
                ("lead", number(lead)),
                ("hysteresis", number(hysteresis)),
            ],
        ),
        Outcome::Followed { goal: g } => say("outcome-followed", &[("goal", goal(g))]),
        Outcome::Kept { goal: g, best, lead, hysteresis } => say(
            "outcome-kept",
            &[
                ("goal", goal(g)),
                ("best", goal(best)),
                ("lead", number(lead)),
                ("hysteresis", number(hysteresis)),
            ],
        ),
        Outcome::Interrupted { goal: g, from, lead, hysteresis, was } => {
            let mut args = vec![
                ("goal", goal(g)),
                ("at", verbatim(threshold_of(town, character, g))),
                ("was", verbatim(underway_text(town, lang, character, &was))),
            ];
            if from == NO_GOAL {
                return say("outcome-interrupted-free", &args);
            }
            args.extend([("from", goal(from)), ("lead", number(lead)), ("hysteresis", number(hysteresis))]);
            say("outcome-interrupted", &args)
        }
        Outcome::WentOn { goal: g, best, from, lead, hysteresis, was } => {
            let mut args = vec![
                ("goal", goal(g)),
                ("at", verbatim(threshold_of(town, character, g))),
                ("was", verbatim(underway_text(town, lang, character, &was))),
            ];
            if best != NO_GOAL && best != g {
                args.push(("best", goal(best)));
                return say("outcome-went-on-best", &args);
            }
            if best == NO_GOAL || from == NO_GOAL || !lead.is_finite() {
                return say("outcome-went-on-no-plan", &args);
            }
            args.extend([("from", goal(from)), ("lead", number(lead)), ("hysteresis", number(hysteresis))]);
            say("outcome-went-on-lead", &args)
        }
    }
}

/// Stations the map parts a villager from, which a plan would need, in words: `the Well cannot
/// be reached from here (walls or water in the way)`.
pub fn cut_off_text(town: &Town, lang: Lang, stations: &[usize]) -> String {
    let labels: Vec<&str> = stations.iter().map(|&s| town.scenario.stations[s].label.as_str()).collect();
    words().say(lang, "cut-off", &[("stations", verbatim(labels.join(", "))), ("count", labels.len().into())])
}

/// One goal's line of a decision table, after its label and insistence: `plan Chop wood, Light
/// the fire (cost 2.46, score 0.11)`, `no plan (unreachable): needs wheat`, `met`, `not planned`;
/// a goal without a plan whose `cut_off` stations the map parts the villager from names them:
/// `no plan (unreachable): the Well cannot be reached from here (walls or water in the way)`.
pub fn row_text(town: &Town, lang: Lang, character: usize, row: &GoalRow, cut_off: &[usize]) -> String {
    let say = |id: &str, args: &[(&str, FluentValue)]| words().say(lang, id, args);
    match &row.result {
        RowResult::Met => words().plain(lang, "row-met").to_owned(),
        RowResult::Quiet => words().plain(lang, "row-quiet").to_owned(),
        // No plan can reach it from here (the estimate found it out of reach): nothing to score.
        RowResult::LeftOut { ceiling } if !ceiling.is_finite() => {
            words().plain(lang, "row-left-out-none").to_owned()
        }
        RowResult::LeftOut { ceiling } => {
            say("row-left-out", &[("ceiling", verbatim(format!("{ceiling:.2}")))])
        }
        RowResult::Plan { steps, cost, score, part } => {
            let args = [
                ("steps", verbatim(steps_text(town, character, steps))),
                ("cost", verbatim(scenario::cost_text(*cost))),
                ("score", verbatim(format!("{score:.2}"))),
                ("part", part.map_or(0, i64::from).into()),
            ];
            say(if part.is_some() { "row-plan-part" } else { "row-plan" }, &args)
        }
        RowResult::NoPlan { .. } if !cut_off.is_empty() => {
            let why = words().plain(lang, "why-unreachable");
            say(
                "row-no-plan",
                &[("why", verbatim(why)), ("blocked", verbatim(cut_off_text(town, lang, cut_off)))],
            )
        }
        RowResult::NoPlan { why, blocked } => {
            let blocked = blocked.map_or(verbatim("none"), |c| {
                verbatim(needs_words(lang, condition_text(town, lang, &c, None)))
            });
            let why = words().plain(
                lang,
                match *why {
                    "unreachable" => "why-unreachable",
                    "exhausted" => "why-exhausted",
                    _ => "why-budget",
                },
            );
            say("row-no-plan", &[("why", verbatim(why)), ("blocked", blocked)])
        }
    }
}
