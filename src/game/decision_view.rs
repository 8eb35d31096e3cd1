//! What the inspector says of a villager's decisions: the last decision's table in words, a
//! goal's row of it for its bar, and the last reason with its moment — or, where that reason
//! no longer fits what the villager does, the last decision's outcome standing in for it.

use crate::sim::{DecisionTable, EventLog, Happening, Intent, LastReason, RowResult, Town};
use crate::words::{Lang, words};
use std::sync::Arc;

/// A goal at the villager's last decision.
#[derive(Clone, Debug, PartialEq)]
pub struct AtDecision {
    /// Its insistence then.
    pub insistence: f32,
    /// Its plan's score and cost (the planner's hundredths, [`cost_text`](crate::scenario::cost_text)),
    /// when it had a plan.
    pub plan: Option<(f32, u32)>,
    pub met: bool,
    /// In a few words: `met`, `plan: cost 2.46, score 0.31`, `no plan (unreachable): needs wheat`.
    pub text: String,
}

/// Why the villager does what it does, and when that was said.
#[derive(Clone, Debug, PartialEq)]
pub struct ReasonView {
    /// The last reason — or, when it no longer fits what the villager does now (it overtook for a
    /// goal met since, it waited and has a plan now), the last decision's outcome in its place.
    pub text: String,
    /// Simulated seconds since dawn when it was so, when known.
    pub t: Option<f32>,
    /// Whether `text` is the last decision's outcome standing in for a stale reason.
    pub from_decision: bool,
    /// The stale reason, and when it was given.
    pub earlier: Option<(Option<f32>, String)>,
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

/// The stations a goal needs that the map parts the villager from ([`crate::sim::cut_off_for`]),
/// asked only of goals without a plan.
pub(super) type CutOff<'a> = &'a dyn Fn(usize) -> Vec<usize>;

/// A row's words, naming the stations the map parts the villager from where it has no plan.
fn row_words(
    town: &Town,
    lang: Lang,
    character: usize,
    row: &crate::sim::GoalRow,
    cut_off: CutOff<'_>,
) -> String {
    // Out of budget, a plan may yet exist: only a search that ran out of ways blames the map.
    let stations = match row.result {
        RowResult::NoPlan { why, .. } if why != "budget" => cut_off(usize::from(row.goal)),
        _ => Vec::new(),
    };
    crate::sim::row_text(town, lang, character, row, &stations)
}

/// `table` of a villager of `character`, in `lang`.
pub(super) fn table_view(
    town: &Town,
    lang: Lang,
    character: usize,
    table: &DecisionTable,
    cut_off: CutOff<'_>,
) -> TableView {
    let goals = &town.scenario.characters[character].goals;
    let row = |r: &crate::sim::GoalRow| {
        (goals[r.goal as usize].label.clone(), r.insistence, row_words(town, lang, character, r, cut_off))
    };
    TableView {
        rows: table.rows.iter().map(row).collect(),
        outcome: crate::sim::outcome_text(town, lang, character, &table.outcome),
    }
}

/// A goal's row of a decision, in a few words for its bar.
pub(super) fn at_decision(
    town: &Town,
    lang: Lang,
    character: usize,
    row: &crate::sim::GoalRow,
    cut_off: CutOff<'_>,
) -> AtDecision {
    let (plan, text) = match row.result {
        RowResult::Plan { cost, score, .. } => {
            let cost = u32::try_from(cost).unwrap_or(u32::MAX);
            let args = [
                ("cost", crate::scenario::cost_text(u64::from(cost)).into()),
                ("score", format!("{score:.2}").into()),
            ];
            (Some((score, cost)), words().say(lang, "bar-plan", &args))
        }
        _ => (None, row_words(town, lang, character, row, cut_off)),
    };
    AtDecision { insistence: row.insistence, plan, met: row.result == RowResult::Met, text }
}

/// The last reason, said with its moment — unless it no longer fits what the villager does now
/// (it overtook for a goal since met or given up, it waited or rested and has a plan now): then
/// the last decision's outcome stands in for it, and it is kept as what came earlier. A villager
/// waiting on a goal whose `cut_off` stations the map parts it from has them named.
pub(super) fn reason_view(
    town: &Town,
    lang: Lang,
    (character, number, intent, reason): (usize, usize, &Intent, &LastReason),
    log: Option<&EventLog>,
    day: Option<u32>,
    table: Option<(&Arc<DecisionTable>, Option<f32>)>,
    cut_off: &[usize],
) -> ReasonView {
    let text = crate::sim::reason_text(town, lang, character, reason, cut_off);
    // Its moment: the latest event that gave it, today.
    let gave = |e: &&crate::sim::SimEvent| {
        e.villager == Some(number) && matches!(&e.what, Happening::Changed(r) if r == reason)
    };
    let said =
        log.and_then(|log| log.recent.iter().rev().find(gave).or_else(|| log.today.iter().rev().find(gave)));
    let t = said.filter(|e| Some(e.day) == day).map(|e| e.t);
    let stale = match *reason {
        LastReason::Switched { to, .. }
        | LastReason::Pursuing { goal: to }
        | LastReason::Interrupted { goal: to, .. } => intent.goal() != Some(usize::from(to)),
        LastReason::Waiting { .. } | LastReason::Resting => intent.goal().is_some(),
        LastReason::None | LastReason::Abandoned { .. } | LastReason::Stopped { .. } => false,
    };
    match table {
        Some((table, decided)) if stale => ReasonView {
            text: crate::sim::outcome_text(town, lang, character, &table.outcome),
            t: decided,
            from_decision: true,
            earlier: Some((t, text)),
        },
        _ => ReasonView { text, t, from_decision: false, earlier: None },
    }
}
