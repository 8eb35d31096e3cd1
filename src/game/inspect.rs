//! What the inspector says about one villager, built from ECS data alone, so that a headless
//! test can read exactly what a player would see.

pub use super::decision_view::{AtDecision, Decision, ReasonView, TableView};
use super::decision_view::{at_decision, reason_view, table_view};
use super::i18n::Label;
pub use super::villager_state::StateLine;
use super::villager_state::state_line;
pub use super::waiting_chain::Maker;
use super::waiting_chain::makers;
use crate::planner::Value;
use crate::sim::{
    AgentFacts, DecisionTable, EventKind, EventLog, Happening, Intent, LastReason, Town, Villager, WorldFacts,
};
use crate::words::{Lang, fact_words, words};
use bevy::prelude::*;
use std::sync::Arc;

pub use super::history::DecisionTimes;

/// Notes when each decision is made, as the game does, so that the inspector can say when its
/// figures were so (for headless apps; the game adds it itself).
pub fn keep_decision_times(app: &mut App) {
    super::history::note_decision_times(app);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepStatus {
    Done,
    Current,
    Next,
}

/// One goal: its insistence now, and what the last decision made of it.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalLine {
    pub label: String,
    /// Its insistence now.
    pub insistence: f32,
    /// Its row of the last decision's table — the row "Why it chose" shows — or `None` before the
    /// villager's first decision (or where tables are not kept).
    pub at_decision: Option<AtDecision>,
    /// The goal pursued now.
    pub current: bool,
    /// The insistence at which it breaks off what the villager does, if it says one.
    pub interrupts_at: Option<f32>,
}

/// One fact: its name in words, as written in the scenario, and its value (a count below zero
/// shown as none).
#[derive(Clone, Debug, PartialEq)]
pub struct FactLine {
    pub name: String,
    pub id: String,
    pub value: i32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InspectorView {
    pub name: String,
    /// Its number in the town's roster.
    pub number: usize,
    pub state: StateLine,
    /// While it waits on a named blocker: who in the town can bring it about.
    pub makers: Vec<Maker>,
    /// The standstill it is part of, in words (`Stuck: Farmer waits for bread, …`), if any.
    pub stuck: Option<String>,
    pub goal: Option<String>,
    pub steps: Vec<(String, StepStatus)>,
    pub goals: Vec<GoalLine>,
    /// When its last decision was made (simulated seconds since dawn), when known.
    pub decided_at: Option<f32>,
    pub own_facts: Vec<FactLine>,
    /// The facts of its own tile of the town.
    pub world_facts: Vec<FactLine>,
    /// Its tile of the town, in the town's numbering, when the town is tiled.
    pub tile: Option<usize>,
    pub reason: ReasonView,
    /// (simulated seconds since dawn, text), oldest first.
    pub decisions: Vec<Decision>,
    /// The villager's last decision's table (where tables are kept).
    pub table: Option<TableView>,
    /// The same in the scenario's ids, for the curious: goal, plan steps, what it waits for,
    /// facts as stored.
    pub details: Vec<String>,
}

/// How many recent decisions the inspector lists.
const DECISIONS: usize = 10;

/// The inspector's content for `entity`, or `None` if it is not a villager.
pub fn inspect(world: &World, entity: Entity) -> Option<InspectorView> {
    let villager = world.get::<Villager>(entity)?;
    let (agent, intent) = (world.get::<AgentFacts>(entity)?, world.get::<Intent>(entity)?);

    let town = world.get_resource::<Town>()?;
    let world_facts = world.get_resource::<WorldFacts>()?;
    let scenario = &town.scenario;
    let (c, number, tile) = (villager.index(), villager.number(), villager.tile());
    let character = &scenario.characters[c];
    // The words are the interface's: the log and the reasons are kept as data.
    let lang = world.get_resource::<Lang>().copied().unwrap_or_default();
    let clock_day = world.get_resource::<crate::sim::Clock>().map(|clock| clock.day);
    let last_reason = world.get::<LastReason>(entity).copied().unwrap_or_default();

    let state = state_line(world, entity, lang)?;
    // The standstill of its tile, when it is one of those stuck in it.
    let standstill = super::stuck::standstill_at(world, tile)
        .filter(|s| s.links.iter().any(|l| l.villager as usize == number));
    let ring: Vec<u32> = standstill.iter().flat_map(|s| s.links.iter().map(|l| l.villager)).collect();
    let stuck = standstill.map(|s| crate::sim::standstill_text(town, lang, &s));
    let makers = match last_reason {
        LastReason::Waiting { blocked: Some(blocked), .. } if matches!(state, StateLine::Waiting(_)) => {
            makers(world, lang, tile, &blocked, &ring)
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
            (town.action(c, s).label.clone(), status)
        })
        .collect();
    let insistences = crate::sim::insistences(world, entity)?;
    let cut_off = |g: usize| crate::sim::cut_off_for(world, entity, g);
    let table = world.get_resource::<crate::sim::DecisionTables>().and_then(|t| t.0.get(&number));
    // When a table was made: today's decisions by their moment, an older one not at all.
    let when = |table: &Arc<DecisionTable>| {
        let (day, t) = world.get_resource::<DecisionTimes>()?.of(number, table)?;
        (Some(day) == clock_day).then_some(t)
    };
    let decided_at = table.and_then(when);
    // Insistence now; score and cost from the last decision's table, as "Why it chose" shows it.
    let goal_lines = character
        .goals
        .iter()
        .enumerate()
        .map(|(g, goal)| GoalLine {
            label: goal.label.clone(),
            insistence: insistences[g],
            at_decision: table
                .and_then(|t| t.rows.iter().find(|r| usize::from(r.goal) == g))
                .map(|row| at_decision(town, lang, c, row, &cut_off)),
            current: intent.goal() == Some(g),
            interrupts_at: goal.interrupts_at,
        })
        .collect();
    let fact_line = |fact: crate::planner::FactId, value: Value| FactLine {
        name: fact_words(lang, scenario.facts.name(fact)),
        id: scenario.facts.qualified(fact),
        value: value.max(0),
    };
    let own = agent.0.facts();
    let own_facts: Vec<FactLine> = character.facts.iter().map(|&(f, _)| fact_line(f, own.get(f))).collect();
    let here = world_facts.tile(tile);
    let world_list: Vec<FactLine> =
        scenario.world_seed.iter().map(|&(f, _)| fact_line(f, here.get(f))).collect();
    let mine: Vec<&crate::sim::SimEvent> = world
        .get_resource::<EventLog>()
        .map(|log| log.recent.iter().filter(|e| e.villager == Some(number)).collect())
        .unwrap_or_default();
    let decisions: Vec<Decision> = {
        let shown: Vec<Decision> = (mine.iter())
            .filter(|e| !matches!(e.kind(), EventKind::ActionStarted | EventKind::ActionFinished))
            .map(|e| Decision {
                t: e.t,
                today: clock_day == Some(e.day),
                // A wait for want of a plan names the stations the map parts it from, as its reason does.
                text: match &e.what {
                    Happening::Changed(reason @ LastReason::Waiting { goal, .. }) => {
                        crate::sim::reason_text(town, lang, c, reason, &cut_off(usize::from(*goal)))
                    }
                    _ => crate::sim::event_text(town, lang, e),
                },
                table: e.table.as_ref().map(|t| table_view(town, lang, c, t, &cut_off)),
            })
            .collect();
        shown[shown.len().saturating_sub(DECISIONS)..].to_vec()
    };
    let log = world.get_resource::<EventLog>();
    let decision = table.map(|t| (t, decided_at));
    let stations = crate::sim::cut_off_of(world, entity);
    let reason =
        reason_view(town, lang, (c, number, intent, &last_reason), log, clock_day, decision, &stations);
    // A waiting villager names the goal it waits on.
    let goal = match last_reason {
        LastReason::Waiting { goal, .. } if intent.goal().is_none() => Some(goal as usize),
        _ => intent.goal(),
    };
    let mut details = Vec::new();
    if let Some(g) = goal {
        details.push(format!("goal {}", character.goals[g].id));
    }
    for s in intent.plan() {
        let station = &scenario.stations[town.station(c, s)].id;
        details.push(format!("step {} @ {station}", town.action(c, s).id));
    }
    if let LastReason::Waiting { blocked: Some(blocked), .. } = last_reason {
        details.push(format!("blocked {}", scenario.facts.condition(&blocked)));
    }
    let raw = |f: crate::planner::FactId, v: Value| format!("{} = {v}", scenario.facts.qualified(f));
    details.extend(character.facts.iter().map(|&(f, _)| raw(f, own.get(f))));
    details.extend(scenario.world_seed.iter().map(|&(f, _)| raw(f, here.get(f))));
    Some(InspectorView {
        number,
        name: character.name.clone(),
        state,
        makers,
        stuck,
        goal: goal.map(|g| character.goals[g].label.clone()),
        steps,
        goals: goal_lines,
        decided_at,
        own_facts,
        world_facts: world_list,
        tile: town.layout.is_tiled().then(|| town.layout.town_tile(tile)),
        reason,
        decisions,
        table: table.map(|t| table_view(town, lang, c, t, &cut_off)),
        details,
    })
}

/// Which tile's world facts the world panel shows, and its title: in a tiled town the selected
/// villager's own tile, named as such (`World of tile 7 (Builder)`), else the first tile.
pub fn shown_world(town: &Town, selected: Option<&Villager>, lang: Lang) -> (usize, String) {
    let tile = selected.map_or(0, Villager::tile);
    let number = ("tile", town.layout.town_tile(tile).into());
    let title = match (town.layout.is_tiled(), selected) {
        (false, _) => lang.text(Label::WorldFacts).to_owned(),
        (true, Some(v)) => {
            let who = town.scenario.characters[v.index()].name.clone();
            words().say(lang, "world-of-tile", &[number, ("who", who.into())])
        }
        (true, None) => words().say(lang, "its-world", &[number]),
    };
    (tile, title)
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
