//! What a save changed, in the scenario's own words (`forgeTools.duration 6 → 4`, `+ action
//! sharpen`, `− station mill`), and whether the day can go on with it: labels, durations, costs,
//! speeds, positions, rates, settings and the map (its rows painted, the ground a town walks on)
//! can; facts, conditions, effects, goals and the roster (who exists, in which order, doing
//! what) cannot, and restart the day.

use super::{Drift, Scenario};
use crate::space::Map;
use rustc_hash::FxHashMap;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// What changed: `forgeTools.duration`, `settings.hysteresis`, `action sharpen`.
    pub what: String,
    pub edit: Edit,
    /// Whether the day must start again for it to take effect.
    pub restarts: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A value, old and new, in words.
    Value {
        was: String,
        now: String,
    },
    Added,
    Removed,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.edit {
            Edit::Value { was, now } => write!(f, "{} {was} → {now}", self.what),
            Edit::Added => write!(f, "+ {}", self.what),
            Edit::Removed => write!(f, "− {}", self.what),
        }
    }
}

/// Every difference between `old` and `new`, in file order.
pub fn diff(old: &Scenario, new: &Scenario) -> Vec<Change> {
    let mut changes = Changes(Vec::new());
    let c = &mut changes;
    c.live("name", &old.name, &new.name);
    c.live("description", &old.description, &new.description);
    let (s, t) = (&old.settings, &new.settings);
    c.live("settings.day_length", s.day_length, t.day_length);
    c.live("settings.cost_weight", s.cost_weight, t.cost_weight);
    c.live("settings.hysteresis", s.hysteresis, t.hysteresis);
    c.live("settings.rest_threshold", s.rest_threshold, t.rest_threshold);
    c.live("settings.planner_budget", s.planner_budget, t.planner_budget);
    c.live("settings.retry_interval", s.retry_interval, t.retry_interval);
    c.live("settings.walk_weight", s.walk_weight, t.walk_weight);
    c.live("settings.road_speed", s.road_speed, t.road_speed);
    map(c, old.map.as_ref(), new.map.as_ref());

    let facts =
        |s: &Scenario, seed: &[(crate::planner::FactId, crate::planner::Value)]| -> Vec<(String, String)> {
            seed.iter().map(|&(f, v)| (s.facts.qualified(f), v.to_string())).collect()
        };
    c.by_id("", "fact", &facts(old, &old.world_seed), &facts(new, &new.world_seed), |c, what, a, b| {
        c.restart(what, a, b)
    });

    c.by_id(
        "",
        "station",
        &keyed(old, &old.stations, |x| &x.id),
        &keyed(new, &new.stations, |x| &x.id),
        |c, id, (_, a), (_, b)| {
            c.live(&format!("{id}.label"), &a.label, &b.label);
            c.live(&format!("{id}.sprite"), sprite(&a.sprite), sprite(&b.sprite));
            c.live(&format!("{id}.pos"), position(a.position), position(b.position));
            c.restart(&format!("{id}.kind"), &a.kind, &b.kind);
            let capacity = |s: &super::Station| s.capacity.map_or("none".to_owned(), |n| n.to_string());
            c.restart(&format!("{id}.capacity"), capacity(a), capacity(b));
        },
    );

    // Where an action can be done: the stations its station or kind names now.
    let stations_of = |s: &Scenario, x: &super::ActionDef| {
        terms(x.stations.iter().filter_map(|&i| s.stations.get(i)).map(|st| st.id.clone()))
    };
    c.by_id(
        "",
        "action",
        &keyed(old, &old.actions, |x| &x.id),
        &keyed(new, &new.actions, |x| &x.id),
        |c, id, (so, a), (sn, b)| {
            c.live(&format!("{id}.label"), &a.label, &b.label);
            c.restart(&format!("{id}.station"), stations_of(so, a), stations_of(sn, b));
            c.live(&format!("{id}.duration"), a.duration, b.duration);
            c.live(&format!("{id}.cost"), a.planning.cost, b.planning.cost);
            c.live(&format!("{id}.interruptible"), a.interruptible, b.interruptible);
            let needs = |s: &Scenario, x: &super::ActionDef| {
                terms(x.planning.preconditions.iter().map(|p| s.facts.condition(p)))
            };
            let effects = |s: &Scenario, x: &super::ActionDef| {
                terms(x.planning.effects.iter().map(|e| s.facts.effect(e)))
            };
            c.restart(&format!("{id}.needs"), needs(so, a), needs(sn, b));
            c.restart(&format!("{id}.effects"), effects(so, a), effects(sn, b));
        },
    );

    c.by_id(
        "",
        "character",
        &keyed(old, &old.characters, |x| &x.id),
        &keyed(new, &new.characters, |x| &x.id),
        |c, id, (so, a), (sn, b)| {
            c.live(&format!("{id}.name"), &a.name, &b.name);
            c.live(&format!("{id}.sprite"), sprite(&a.sprite), sprite(&b.sprite));
            c.live(&format!("{id}.start"), position(a.start), position(b.start));
            c.live(&format!("{id}.speed"), a.speed, b.speed);
            let own = |s: &Scenario, x: &super::Character| {
                terms(x.facts.iter().map(|&(f, v)| format!("{} = {v}", s.facts.qualified(f))))
            };
            c.restart(&format!("{id}.facts"), own(so, a), own(sn, b));
            let can = |s: &Scenario, x: &super::Character| {
                terms(x.actions.iter().map(|&i| s.actions[i].id.clone()))
            };
            c.restart(&format!("{id}.actions"), can(so, a), can(sn, b));
            c.by_id(
                id,
                "goal",
                &keyed(so, &a.goals, |x| &x.id),
                &keyed(sn, &b.goals, |x| &x.id),
                |c, goal, (so, g), (sn, h)| {
                    c.live(&format!("{goal}.label"), &g.label, &h.label);
                    let wants = |s: &Scenario, x: &super::Goal| {
                        terms(x.conditions.iter().map(|p| s.facts.condition(p)))
                    };
                    c.restart(&format!("{goal}.wants"), wants(so, g), wants(sn, h));
                    let at = |x: &super::Goal| x.interrupts_at.map_or("none".to_owned(), |t| t.to_string());
                    c.live(&format!("{goal}.interrupts_at"), at(g), at(h));
                    match (g.drift, h.drift) {
                        (Drift::Need { rate: r, initial: i }, Drift::Need { rate: s, initial: j }) => {
                            c.live(&format!("{goal}.rate"), r, s);
                            c.live(&format!("{goal}.initial"), i, j);
                        }
                        (Drift::Quota { urgency: u }, Drift::Quota { urgency: v }) => {
                            c.live(&format!("{goal}.urgency"), u, v)
                        }
                        (a, b) => c.restart(&format!("{goal}.drift"), drift_name(a), drift_name(b)),
                    }
                },
            );
        },
    );
    changes.0
}

/// A map drawn, rubbed out or redrawn: walkers take their ways on the new ground, so the day
/// goes on. A redrawn map changes row by row.
fn map(c: &mut Changes, old: Option<&Map>, new: Option<&Map>) {
    match (old, new) {
        (None, None) => {}
        (None, Some(_)) => c.0.push(Change { what: "map".to_owned(), edit: Edit::Added, restarts: false }),
        (Some(_), None) => c.0.push(Change { what: "map".to_owned(), edit: Edit::Removed, restarts: false }),
        (Some(a), Some(b)) => {
            c.live("map.cell", a.cell_size(), b.cell_size());
            c.live("map.origin", position(a.origin()), position(b.origin()));
            let (was, now) = (a.rows(), b.rows());
            let row =
                |rows: &[String], i: usize| rows.get(i).map_or("none".to_owned(), |r| format!("\"{r}\""));
            for i in 0..was.len().max(now.len()) {
                c.live(&format!("map.rows[{i}]"), row(&was, i), row(&now, i));
            }
        }
    }
}

struct Changes(Vec<Change>);

impl Changes {
    fn push<T: PartialEq + fmt::Display>(&mut self, what: &str, was: T, now: T, restarts: bool) {
        if was != now {
            let edit = Edit::Value { was: was.to_string(), now: now.to_string() };
            self.0.push(Change { what: what.to_owned(), edit, restarts });
        }
    }

    fn live<T: PartialEq + fmt::Display>(&mut self, what: &str, was: T, now: T) {
        self.push(what, was, now, false);
    }

    fn restart<T: PartialEq + fmt::Display>(&mut self, what: &str, was: T, now: T) {
        self.push(what, was, now, true);
    }

    /// Items matched by id: added and removed ones, a new order (all restart the day), then
    /// `same` for each item in both. `within` prefixes the ids (`smith.hunger`).
    fn by_id<T>(
        &mut self,
        within: &str,
        kind: &str,
        old: &[(String, T)],
        new: &[(String, T)],
        mut same: impl FnMut(&mut Self, &str, &T, &T),
    ) {
        let named = |id: &str| if within.is_empty() { id.to_owned() } else { format!("{within}.{id}") };
        let index = |list: &[(String, T)]| -> FxHashMap<String, usize> {
            list.iter().enumerate().map(|(i, (id, _))| (id.clone(), i)).collect()
        };
        let (in_old, in_new) = (index(old), index(new));
        let mut membership = |list: &[(String, T)], other: &FxHashMap<String, usize>, edit: Edit| {
            for (id, _) in list.iter().filter(|(id, _)| !other.contains_key(id)) {
                let what = format!("{kind} {}", named(id));
                self.0.push(Change { what, edit: edit.clone(), restarts: true });
            }
        };
        membership(old, &in_new, Edit::Removed);
        membership(new, &in_old, Edit::Added);
        let kept = |list: &[(String, T)], other: &FxHashMap<String, usize>| -> Vec<String> {
            list.iter().filter(|(id, _)| other.contains_key(id)).map(|(id, _)| id.clone()).collect()
        };
        let (before, after) = (kept(old, &in_new), kept(new, &in_old));
        if before != after {
            let of = if within.is_empty() { String::new() } else { format!(" of {within}") };
            self.restart(&format!("{kind} order{of}"), before.join(", "), after.join(", "));
        }
        for (id, a) in old {
            if let Some(&j) = in_new.get(id) {
                same(self, &named(id), a, &new[j].1);
            }
        }
    }
}

/// `items` by id, each with the scenario it belongs to (to describe its facts).
fn keyed<'s, T>(
    scenario: &'s Scenario,
    items: &'s [T],
    id: fn(&T) -> &String,
) -> Vec<(String, (&'s Scenario, &'s T))> {
    items.iter().map(|item| (id(item).clone(), (scenario, item))).collect()
}

/// A named picture, or `none`.
fn sprite(sprite: &Option<String>) -> &str {
    sprite.as_deref().unwrap_or("none")
}

fn position([x, y]: [f32; 2]) -> String {
    format!("({x}, {y})")
}

fn terms(items: impl Iterator<Item = String>) -> String {
    let all: Vec<String> = items.collect();
    format!("[{}]", all.join(", "))
}

fn drift_name(drift: Drift) -> &'static str {
    match drift {
        Drift::Need { .. } => "Need",
        Drift::Quota { .. } => "Quota",
    }
}
