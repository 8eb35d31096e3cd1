//! "Why this plan?": the inspector's button re-plans the selected villager's goal with a trace
//! ([`Planner::plan_traced`](crate::planner::Planner::plan_traced)) and a window shows the search
//! — every state in the order expanded with g, h and f, the actions tried from each, the plan's
//! states highlighted, duplicates and dead ends counted.

use super::i18n::Label;
use super::selection::Selection;
use crate::planner::{NoPlan, Trace, TriedResult};
use crate::scenario::{self, StepCost, cost_text};
use crate::sim::{Activity, AgentFacts, Intent, LastReason, Lines, Outlook, Town, Villager, WorldFacts};
use crate::words::{Lang, fact_words, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The search shown, if any, and whether the button was just pressed.
#[derive(Resource, Debug, Default)]
pub struct WhyThisPlan {
    pub asked: bool,
    pub shown: Option<SearchView>,
}

/// One search, ready to show.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchView {
    pub villager: String,
    pub goal: String,
    /// The plan's actions, or why there is none.
    pub answer: Result<Vec<String>, NoPlanView>,
    pub cost: Option<u64>,
    /// What each step of the plan costs: its own cost, its walk and its wait in line.
    pub step_costs: Vec<StepCost>,
    pub rows: Vec<SearchRow>,
    pub duplicates: usize,
    pub pruned: usize,
    /// States a first search in action order expanded before this one, fewest steps first.
    pub set_aside: usize,
}

/// Why a search found no plan, ready to say ([`no_plan_text`]).
#[derive(Clone, Debug, PartialEq)]
pub struct NoPlanView {
    pub why: NoPlan,
    /// The conditions nothing it can do brings about, in words, when the planner named them.
    pub blocked: Vec<String>,
    /// The stations the plan would need that the map parts the villager from, in words
    /// ([`Scenario::cut_off`](crate::scenario::Scenario::cut_off)): when there are any, the reason.
    pub cut_off: Option<String>,
}

/// One expanded state.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchRow {
    pub g: u64,
    pub h: u64,
    pub on_plan: bool,
    /// Each fact the search ran over, in words: `at the Woodpile`, `wood: 1`.
    pub state: Vec<String>,
    /// `action @ station` and what came of it.
    pub tried: Vec<(String, TriedResult)>,
    pub skipped: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WhyThisPlan>()
        .add_systems(Update, answer)
        .add_systems(EguiPrimaryContextPass, window);
}

/// Traces the search when the button was pressed.
fn answer(world: &mut World) {
    if !std::mem::take(&mut world.resource_mut::<WhyThisPlan>().asked) {
        return;
    }
    let shown = world.resource::<Selection>().0.and_then(|e| search_view(world, e));
    world.resource_mut::<WhyThisPlan>().shown = shown;
}

/// The search for `entity`'s goal — the one it pursues, else the one it waits on, else its most
/// insistent — from what it can count on now.
pub fn search_view(world: &World, entity: Entity) -> Option<SearchView> {
    let (villager, agent, intent) =
        (world.get::<Villager>(entity)?, world.get::<AgentFacts>(entity)?, world.get::<Intent>(entity)?);
    let town = world.get_resource::<Town>()?;
    let lang = world.get_resource::<Lang>().copied().unwrap_or_default();
    let character = &town.scenario.characters[villager.index()];
    let insistences = crate::sim::insistences(world, entity)?;
    let loudest = (0..insistences.len()).max_by(|&a, &b| insistences[a].total_cmp(&insistences[b]));
    let waited = match world.get::<LastReason>(entity) {
        Some(LastReason::Waiting { goal, .. }) => Some(*goal as usize),
        _ => None,
    };
    let goal = intent.goal().or(waited).or(loudest)?;
    let mut view = crate::planner::State::zeros(0);
    let tile_state = (
        world.get_resource::<WorldFacts>()?,
        world.get_resource::<Outlook>()?,
        world.get_resource::<Lines>()?,
    );
    let activity = world.get::<Activity>(entity)?;
    crate::sim::deciding_view(town, tile_state, (villager, agent, intent, activity), &mut view);
    // Where it stopped on the way, its first walk is priced from there (no trace: the search
    // is one per first step, `Planner::plan_afar`).
    let afar = (view.get(town.scenario.place) == crate::scenario::HERE)
        .then(|| world.get::<crate::sim::Position>(entity))
        .flatten()
        .map(|at| town.first_walks(villager, at.0));
    let (planners, budget) = (town.planners(villager.index(), &view), town.scenario.settings.planner_budget);
    let (answer, trace) = match &afar {
        None => planners.whole(goal).plan_traced(&view, budget),
        Some(walks) => {
            let answer = planners.whole(goal).plan_afar(planners.actions(), &view, budget, |a| walks[a]);
            (answer, crate::planner::Trace::default())
        }
    };
    let task = |t: u32| {
        let task = character.tasks[t as usize];
        format!(
            "{} @ {}",
            town.scenario.actions[task.action].label, town.scenario.stations[task.station].label
        )
    };
    let step_costs = match &answer {
        Ok(plan) => {
            let actions = town.scenario.planning_actions(villager.index());
            let mut costs = town.scenario.step_costs(&actions, &view, &plan.steps);
            if let (Some(walks), Some(first), Some(&step)) = (&afar, costs.first_mut(), plan.steps.first()) {
                first.walking += u64::from(walks[step as usize].unwrap_or(0));
            }
            costs
        }
        Err(_) => Vec::new(),
    };
    Some(SearchView {
        villager: character.name.clone(),
        goal: character.goals[goal].label.clone(),
        cost: answer.as_ref().ok().map(|p| p.cost),
        step_costs,
        answer: match &answer {
            Ok(plan) => Ok(plan.steps.iter().map(|&t| task(t)).collect()),
            Err(why) => {
                let blocked: &[_] = match why {
                    NoPlan::Unreachable { blocked } => blocked,
                    _ => &[],
                };
                let blocked =
                    blocked.iter().map(|c| super::villager_state::condition_text(town, lang, c, None));
                // Out of budget, a plan may yet exist: only a search that ran out of ways blames the map.
                let cut_off = match why {
                    NoPlan::Budget { .. } => Vec::new(),
                    _ => town.scenario.cut_off(villager.index(), &character.goals[goal].conditions, &view),
                };
                let cut_off = (!cut_off.is_empty()).then(|| crate::sim::cut_off_text(town, lang, &cut_off));
                Err(NoPlanView { why: why.clone(), blocked: blocked.collect(), cut_off })
            }
        },
        rows: rows(&town.scenario, lang, &trace, task),
        duplicates: trace.duplicates,
        pruned: trace.pruned,
        set_aside: trace.set_aside,
    })
}

/// The states a search expanded, in words: `at the Woodpile`, `wood: 1`.
fn rows(
    scenario: &scenario::Scenario,
    lang: Lang,
    trace: &Trace,
    task: impl Fn(u32) -> String,
) -> Vec<SearchRow> {
    let fact = |fact, v: crate::planner::Value| match fact == scenario.place {
        true => match scenario.station_at(v) {
            Some(station) => words().say(lang, "at-place", &[("station", station.label.clone().into())]),
            None => words().plain(lang, "at-start").to_owned(),
        },
        false => format!("{}: {v}", fact_words(lang, scenario.facts.name(fact))),
    };
    let row = |e: &crate::planner::Expansion| SearchRow {
        g: e.g,
        h: e.h,
        on_plan: e.on_plan,
        state: (trace.facts.iter().zip(&e.values)).map(|(&f, &v)| fact(f, v)).collect(),
        tried: e.tried.iter().map(|t| (task(t.action), t.result)).collect(),
        skipped: e.skipped,
    };
    trace.expansions.iter().map(row).collect()
}

/// Why there is no plan, in words: the stations the map parts the villager from, when there are
/// any, else the planner's reason.
pub fn no_plan_text(lang: Lang, no_plan: &NoPlanView) -> String {
    let NoPlanView { why, blocked, cut_off } = no_plan;
    let expanded = ("expanded", why.expanded().into());
    if let Some(cut_off) = cut_off {
        return cut_off.clone();
    }
    match why {
        NoPlan::Unreachable { .. } => {
            words().say(lang, "no-plan-unreachable", &[("blocked", blocked.join(", ").into())])
        }
        NoPlan::Exhausted { .. } => words().say(lang, "no-plan-exhausted", &[expanded]),
        NoPlan::Budget { .. } => words().say(lang, "no-plan-budget", &[expanded]),
    }
}

/// The plan's steps, each with what it costs as `plan` prints it: `Chop wood @ Woodpile (1 +
/// walking 0.32)`; none without a plan.
pub fn step_lines(lang: Lang, search: &SearchView) -> Vec<String> {
    let Ok(steps) = &search.answer else { return Vec::new() };
    let line = |(step, cost): (&String, &StepCost)| format!("{step}  ({})", step_cost_text(lang, cost));
    steps.iter().zip(&search.step_costs).map(line).collect()
}

/// A step's cost as its parts: `1 + walking 0.32 + waiting 0.5` (no part that costs nothing but
/// the action's own).
pub fn step_cost_text(lang: Lang, cost: &StepCost) -> String {
    let mut text = cost_text(cost.base);
    for (id, extra) in [("step-walking", cost.walking), ("step-waiting", cost.waiting)] {
        if extra > 0 {
            text += &format!(" + {} {}", words().plain(lang, id), cost_text(extra));
        }
    }
    text
}

/// What came of an action tried, in words.
pub fn result_text(lang: Lang, result: TriedResult) -> String {
    let words = words();
    match result {
        TriedResult::New { g, h } | TriedResult::Better { g, h } => {
            let id = if matches!(result, TriedResult::New { .. }) { "result-new" } else { "result-better" };
            let (g, h, f) = (cost_text(g), cost_text(h), cost_text(g + h));
            format!("{} (g {g} h {h} f {f})", words.plain(lang, id))
        }
        TriedResult::Duplicate => words.plain(lang, "result-duplicate").to_owned(),
        TriedResult::DeadEnd => words.plain(lang, "result-dead-end").to_owned(),
    }
}

fn window(mut contexts: EguiContexts, mut why: ResMut<WhyThisPlan>, lang: Res<Lang>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (l, words) = (*lang, words());
    let Some(search) = &why.shown else { return Ok(()) };
    let mut open = true;
    egui::Window::new(format!("{} — {}: {}", l.text(Label::Search), search.villager, search.goal))
        .id(egui::Id::new("why-this-plan"))
        .open(&mut open)
        .default_pos([16.0, 300.0])
        .default_size([560.0, 380.0])
        .show(ctx, |ui| {
            match &search.answer {
                Ok(_) => {
                    let cost = cost_text(search.cost.unwrap_or_default());
                    ui.label(format!("{} ({} {cost}):", l.text(Label::Plan), l.text(Label::Cost)));
                    for (i, line) in step_lines(l, search).iter().enumerate() {
                        ui.label(format!("  {}. {line}", i + 1));
                    }
                }
                Err(no_plan) => {
                    ui.label(format!("{}: {}", l.text(Label::NoPlan), no_plan_text(l, no_plan)));
                }
            }
            let counts = [
                ("expanded", search.rows.len().into()),
                ("duplicates", search.duplicates.into()),
                ("pruned", search.pruned.into()),
            ];
            if search.set_aside > 0 {
                ui.small(words.say(l, "plan-trace-set-aside", &[("expanded", search.set_aside.into())]));
            }
            ui.small(words.say(l, "search-summary", &counts));
            ui.separator();
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                for (i, row) in search.rows.iter().enumerate() {
                    let (g, h, f) = (cost_text(row.g), cost_text(row.h), cost_text(row.g + row.h));
                    let head =
                        format!("{} {}. g {g} h {h} f {f}", if row.on_plan { "★" } else { " " }, i + 1);
                    let color = if row.on_plan {
                        egui::Color32::from_rgb(255, 200, 80)
                    } else {
                        egui::Color32::LIGHT_GRAY
                    };
                    ui.colored_label(color, head);
                    ui.small(row.state.join(" · "));
                    for (action, result) in &row.tried {
                        ui.small(format!("      {action} — {}", result_text(l, *result)));
                    }
                    if row.skipped > 0 {
                        ui.small(format!(
                            "      {}",
                            words.say(l, "not-applicable", &[("n", row.skipped.into())])
                        ));
                    }
                }
            });
        });
    if !open {
        why.shown = None;
    }
    Ok(())
}
