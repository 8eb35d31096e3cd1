//! What the inspector says about one villager, built from ECS data alone, so that a headless
//! test can read exactly what a player would see.

use super::i18n::Label;
use crate::planner::{Condition, Delta};
use crate::sim::{
    Activity, AgentFacts, EventKind, EventLog, Goals, Intent, LastReason, Town, Verdict, Villager, WorldFacts,
};
use crate::words::Lang;
use bevy::ecs::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub enum StateLine {
    Deciding,
    WalkingTo(String),
    /// In line at a station, and where in line (1: next).
    Queued(String, usize),
    Acting {
        label: String,
        done: f32,
        duration: f32,
    },
    /// Waiting, and for what, when the planner named it (`world.wheat >= 1`).
    Waiting(Option<String>),
    Resting,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepStatus {
    Done,
    Current,
    Next,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GoalLine {
    pub label: String,
    pub insistence: f32,
    /// Whether the last arbitration planned for it (not while resting, nor once met).
    pub planned: bool,
    /// From the last arbitration; `None` when it had no viable plan (or was not planned).
    pub score: Option<f32>,
    /// The plan's cost in the planner's hundredths ([`cost_text`](crate::scenario::cost_text)).
    pub cost: Option<u32>,
    pub current: bool,
}

/// One who can bring about what a waiting villager waits for.
#[derive(Clone, Debug, PartialEq)]
pub struct Maker {
    pub name: String,
    /// The action of theirs that does it.
    pub action: String,
    /// What they are doing now.
    pub state: StateLine,
    /// 0 for who can make what the inspected villager waits for, 1 for who can make what that
    /// one waits for, and so on.
    pub depth: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InspectorView {
    pub name: String,
    pub state: StateLine,
    /// While it waits on a named blocker: who in the town can bring it about.
    pub makers: Vec<Maker>,
    pub goal: Option<String>,
    pub steps: Vec<(String, StepStatus)>,
    pub goals: Vec<GoalLine>,
    pub own_facts: Vec<(String, i32)>,
    pub world_facts: Vec<(String, i32)>,
    pub reason: String,
    /// (simulated seconds since dawn, text), oldest first.
    pub decisions: Vec<Decision>,
    /// The villager's last decision's table (where tables are kept).
    pub table: Option<TableView>,
}

/// A line of the decision log, with the table of the decision that logged it, if kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub t: f32,
    /// Logged today: the timeline can go back to it.
    pub today: bool,
    pub text: String,
    pub table: Option<TableView>,
}

/// A decision's table in words: each goal's label, insistence and what planning it came to,
/// and why the winner won.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    pub rows: Vec<(String, f32, String)>,
    pub outcome: String,
}

/// `table` of a villager of `character`, in `lang`.
fn table_view(town: &Town, lang: Lang, character: usize, table: &crate::sim::DecisionTable) -> TableView {
    let goals = &town.scenario.characters[character].goals;
    let row = |r: &crate::sim::GoalRow| {
        (goals[r.goal as usize].label.clone(), r.insistence, crate::sim::row_text(town, lang, character, r))
    };
    TableView {
        rows: table.rows.iter().map(row).collect(),
        outcome: crate::sim::outcome_text(town, lang, character, &table.outcome),
    }
}

/// How many recent decisions the inspector lists.
const DECISIONS: usize = 10;

/// The inspector's content for `entity`, or `None` if it is not a villager.
pub fn inspect(world: &World, entity: Entity) -> Option<InspectorView> {
    let villager = world.get::<Villager>(entity)?;
    let (agent, goals, intent) =
        (world.get::<AgentFacts>(entity)?, world.get::<Goals>(entity)?, world.get::<Intent>(entity)?);

    let town = world.get_resource::<Town>()?;
    let world_facts = world.get_resource::<WorldFacts>()?;
    let scenario = &town.scenario;
    let character = &scenario.characters[villager.index()];
    // The words are the interface's: the log and the reasons are kept as data.
    let lang = world.get_resource::<Lang>().copied().unwrap_or_default();
    let reason = world
        .get::<LastReason>(entity)
        .map_or_else(String::new, |r| crate::sim::reason_text(town, lang, villager.index(), r));

    let state = state_line(world, entity)?;
    let tile = villager.tile();
    let makers = match world.get::<LastReason>(entity) {
        Some(LastReason::Waiting { blocked: Some(blocked), .. })
            if matches!(state, StateLine::Waiting(_)) =>
        {
            makers(world, tile, blocked)
        }
        _ => Vec::new(),
    };
    let steps = intent
        .plan()
        .enumerate()
        .map(|(i, s)| {
            let status = match i.cmp(&intent.step()) {
                std::cmp::Ordering::Less => StepStatus::Done,
                std::cmp::Ordering::Equal => StepStatus::Current,
                std::cmp::Ordering::Greater => StepStatus::Next,
            };
            (town.action(villager.index(), s).label.clone(), status)
        })
        .collect();
    let insistences = crate::sim::insistences(world, entity)?;
    let table =
        (world.get_resource::<crate::sim::DecisionTables>()).and_then(|t| t.0.get(&villager.number()));
    // A plan's score and cost, from the table of the last decision.
    let planned = |g: usize| {
        let row = table.and_then(|t| t.rows.iter().find(|r| usize::from(r.goal) == g))?;
        match row.result {
            crate::sim::RowResult::Plan { cost, score, .. } => {
                Some((u32::try_from(cost).unwrap_or(u32::MAX), score))
            }
            _ => None,
        }
    };
    let goal_lines = character
        .goals
        .iter()
        .zip(&goals.0)
        .enumerate()
        .map(|(g, (goal, live))| GoalLine {
            label: goal.label.clone(),
            insistence: insistences[g],
            planned: live.verdict != Verdict::NotPlanned,
            score: planned(g).map(|(_, score)| score),
            cost: planned(g).map(|(cost, _)| cost),
            current: intent.goal() == Some(g),
        })
        .collect();
    let facts_of = |scope_values: crate::planner::Facts,
                    ids: &mut dyn Iterator<Item = crate::planner::FactId>| {
        ids.map(|f| (scenario.facts.name(f).to_owned(), scope_values.get(f))).collect::<Vec<_>>()
    };
    let own_facts = facts_of(agent.0.facts(), &mut character.facts.iter().map(|&(f, _)| f));
    let world_list = facts_of(world_facts.tile(tile), &mut scenario.world_seed.iter().map(|&(f, _)| f));
    let decisions: Vec<Decision> = world
        .get_resource::<EventLog>()
        .map(|log| {
            let mine: Vec<Decision> = log
                .recent
                .iter()
                .filter(|e| e.villager == Some(villager.number()))
                .filter(|e| !matches!(e.kind(), EventKind::ActionStarted | EventKind::ActionFinished))
                .map(|e| Decision {
                    t: e.t,
                    today: world.get_resource::<crate::sim::Clock>().is_some_and(|c| c.day == e.day),
                    text: crate::sim::event_text(town, lang, e),
                    table: e.table.as_ref().map(|t| table_view(town, lang, villager.index(), t)),
                })
                .collect();
            mine[mine.len().saturating_sub(DECISIONS)..].to_vec()
        })
        .unwrap_or_default();
    Some(InspectorView {
        name: character.name.clone(),
        state,
        makers,
        // A waiting villager names the goal it waits on.
        goal: match world.get::<LastReason>(entity) {
            Some(LastReason::Waiting { goal, .. }) if intent.goal().is_none() => Some(*goal as usize),
            _ => intent.goal(),
        }
        .map(|g| character.goals[g].label.clone()),
        steps,
        goals: goal_lines,
        own_facts,
        world_facts: world_list,
        reason,
        decisions,
        table: table.map(|t| table_view(town, lang, villager.index(), t)),
    })
}

/// What `entity` is doing, as the inspector's state line says it.
fn state_line(world: &World, entity: Entity) -> Option<StateLine> {
    let (villager, intent, activity) =
        (world.get::<Villager>(entity)?, world.get::<Intent>(entity)?, world.get::<Activity>(entity)?);
    let town = world.get_resource::<Town>()?;
    let scenario = &town.scenario;
    let current_action = intent.current().map(|s| town.action(villager.index(), s));
    let state = match activity {
        Activity::Idle => StateLine::Deciding,
        Activity::Walking { .. } => StateLine::WalkingTo(
            (intent.current().map(|s| scenario.stations[town.station(villager.index(), s)].label.clone()))
                .unwrap_or_default(),
        ),
        Activity::Acting { .. } => {
            let action = current_action?;
            let left = activity.seconds_left(world.get_resource::<crate::sim::Clock>()?.steps);
            StateLine::Acting {
                label: action.label.clone(),
                done: (action.duration - left).max(0.0),
                duration: action.duration,
            }
        }
        Activity::Queued { .. } => {
            let at = town.station(villager.index(), intent.current()?);
            let lines = world.get_resource::<crate::sim::Lines>()?;
            let tile = world.get::<Villager>(entity)?.tile();
            let place = lines.place_of(tile, at, villager.number())? + 1;
            StateLine::Queued(scenario.stations[at].label.clone(), place)
        }
        Activity::Waiting { .. } => StateLine::Waiting(match world.get::<LastReason>(entity) {
            Some(LastReason::Waiting { blocked: Some(c), .. }) => Some(scenario.facts.condition(c)),
            _ => None,
        }),
        Activity::Resting { .. } => StateLine::Resting,
    };
    Some(state)
}

/// The villagers of `tile`, in roster order.
pub(super) fn in_tile(world: &World, tile: usize) -> impl Iterator<Item = (Entity, &Villager)> {
    let roster = world.get_resource::<crate::sim::Roster>().map(|r| r.0.as_slice()).unwrap_or_default();
    roster.iter().filter_map(move |&entity| {
        let villager = world.get::<Villager>(entity)?;
        (villager.tile() == tile).then_some((entity, villager))
    })
}

/// How many links of "waiting for what someone else waits for" the inspector follows.
const CHAIN: usize = 3;

/// Who in `tile` can bring `blocked` about: each villager with an action that moves its
/// fact the way the condition needs from where the world stands now — with that action and what
/// the villager is doing now (making it, or waiting itself). A maker that waits is followed to
/// who can bring about what it waits for, while the chain stays short and does not come back to
/// a condition already on it; the list is depth first.
fn makers(world: &World, tile: usize, blocked: &Condition) -> Vec<Maker> {
    let mut found = Vec::new();
    follow(world, tile, blocked, 0, &mut vec![*blocked], &mut found);
    found
}

fn follow(
    world: &World,
    tile: usize,
    blocked: &Condition,
    depth: usize,
    seen: &mut Vec<Condition>,
    found: &mut Vec<Maker>,
) {
    let (Some(town), Some(facts)) = (world.get_resource::<Town>(), world.get_resource::<WorldFacts>()) else {
        return;
    };
    let now = facts.tile(tile).get(blocked.fact);
    let need = blocked.compare.need(now, blocked.value);
    let helps = |action: &&usize| {
        let effects =
            town.scenario.actions[**action].planning.effects.iter().filter(|e| e.fact == blocked.fact);
        let delta = effects.fold(Delta::NONE, |delta, e| delta.then(e.change, e.value));
        delta != Delta::NONE && delta.moves_as(need)
    };
    for (entity, villager) in in_tile(world, tile) {
        let character = &town.scenario.characters[villager.index()];
        let (Some(&action), Some(state)) = (character.actions.iter().find(helps), state_line(world, entity))
        else {
            continue;
        };
        let action = town.scenario.actions[action].label.clone();
        found.push(Maker { name: character.name.clone(), action, state, depth });
        if let Some(LastReason::Waiting { blocked: Some(next), .. }) = world.get::<LastReason>(entity)
            && matches!(found.last().map(|m| &m.state), Some(StateLine::Waiting(_)))
            && depth + 1 < CHAIN
            && !seen.contains(next)
        {
            seen.push(*next);
            follow(world, tile, next, depth + 1, seen, found);
        }
    }
}

impl StateLine {
    /// "walking to Oven", "queued at Oven 2 (2nd)", "acting: Bake bread 2.5 / 6.0 s", "waiting",
    /// "resting".
    pub fn describe(&self, lang: Lang) -> String {
        match self {
            StateLine::Deciding => lang.text(Label::Idle).to_owned(),
            StateLine::WalkingTo(station) => format!("{} {station}", lang.text(Label::Walking)),
            StateLine::Queued(station, place) => {
                format!("{} {station} ({})", lang.text(Label::Queued), lang.ordinal(*place))
            }
            StateLine::Acting { label, done, duration } => {
                format!("{}: {label} {done:.1} / {duration:.1} s", lang.text(Label::Acting))
            }
            StateLine::Waiting(None) => format!("{}…", lang.text(Label::Waiting)),
            StateLine::Waiting(Some(blocker)) => format!("{} {blocker}", lang.text(Label::WaitingFor)),
            StateLine::Resting => lang.text(Label::Resting).to_owned(),
        }
    }
}

/// Where the steps of a plan happen, as stops in the order they are walked: a station and the
/// numbers (from 1) of the steps done there in a row, and whether the stop is still to come.
pub fn plan_stops(town: &Town, villager: &Villager, intent: &Intent) -> Vec<(usize, Vec<usize>, bool)> {
    let mut stops: Vec<(usize, Vec<usize>, bool)> = Vec::new();
    for (i, step) in intent.plan().enumerate() {
        let station = town.station(villager.index(), step);
        let ahead = i >= intent.step();
        match stops.last_mut() {
            Some((at, numbers, still)) if *at == station => {
                numbers.push(i + 1);
                *still |= ahead;
            }
            _ => stops.push((station, vec![i + 1], ahead)),
        }
    }
    stops
}
