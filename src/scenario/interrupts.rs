//! What a scenario says of interruptions, checked: `interrupts_at` an insistence in (0, 1], an
//! interruptible action that sets no shared fact (errors); a goal that can never reach its
//! threshold and an interruptible action nobody does (warnings).

use super::checker::Checker;
use super::diagnostic::quoted;
use super::phrase::phrase;
use super::raw::RawAction;
use super::{Drift, FactTable, Scenario, Scope};
use crate::planner::{self, Change};

/// Whether raw action `a` (at `field`) is interruptible, refusing it where it sets a shared fact:
/// what it promised the others (the outlook) could not be taken back, a set fact's value before it
/// not being kept.
pub(super) fn interruptible(
    check: &mut Checker,
    facts: &FactTable,
    field: &str,
    a: &RawAction,
    planning: &planner::Action,
) -> bool {
    if a.interruptible {
        let shared = |e: &&planner::Effect| facts.scope(e.fact) == Scope::World;
        if let Some(e) = planning.effects.iter().filter(shared).find(|e| e.change == Change::Set) {
            let effect = facts.effect(e);
            let problem =
                phrase!("scenario-interruptible-sets", name = quoted(&a.id), effect = quoted(&effect));
            check.error(&format!("{field}.interruptible"), problem);
        }
    }
    a.interruptible
}

/// A goal's `interrupts_at` (at `field`), refused outside (0, 1].
pub(super) fn interrupts_at(check: &mut Checker, field: &str, written: Option<f64>) -> Option<f32> {
    written.map(|at| {
        if !(at > 0.0 && at <= 1.0) {
            let value = super::diagnostic::number(at);
            check.error(&format!("{field}.interrupts_at"), phrase!("scenario-interrupts-at", value = value));
        }
        at.clamp(f64::MIN_POSITIVE, 1.0) as f32
    })
}

/// A goal whose insistence can never reach its `interrupts_at` (a quota asks less than its
/// urgency — the day ends before its progress is whole — and a need that does not rise stays
/// where it starts), and an interruptible action no character does.
pub(super) fn warn_interruptions(check: &mut Checker, scenario: &Scenario) {
    for (i, c) in scenario.characters.iter().enumerate() {
        for (j, goal) in c.goals.iter().enumerate() {
            let Some(at) = goal.interrupts_at else { continue };
            // As written (an `f32`'s shortest digits), not widened.
            let (name, at_text) = (quoted(&goal.id), at.to_string());
            let never = match goal.drift {
                Drift::Quota { urgency } if urgency <= at => {
                    let most = urgency.to_string();
                    phrase!("scenario-quota-never-interrupts", name = name, most = most, at = at_text)
                }
                Drift::Need { rate, initial } if rate <= 0.0 && initial < at => {
                    let most = initial.to_string();
                    phrase!("scenario-never-interrupts", name = name, most = most, at = at_text)
                }
                _ => continue,
            };
            check.warning(&format!("characters[{i}].goals[{j}].interrupts_at"), never);
        }
    }
    let mut done_by_someone = vec![false; scenario.actions.len()];
    for &a in scenario.characters.iter().flat_map(|c| &c.actions) {
        done_by_someone[a] = true;
    }
    for (a, action) in scenario.actions.iter().enumerate() {
        if action.interruptible && !done_by_someone[a] {
            let idle = phrase!("scenario-interruptible-unused", name = quoted(&action.id));
            check.warning(&format!("actions[{a}].interruptible"), idle);
        }
    }
}
