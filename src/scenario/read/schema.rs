//! The scenario's own shape — which structs it has, their names, fields and types — read with
//! the toolkit of [`super`].

use super::super::diagnostic::did_you_mean;
use super::super::limits;
use super::super::phrase::{Phrase, phrase};
use super::super::raw::{
    RawAction, RawCharacter, RawDrift, RawGoal, RawMap, RawScenario, RawSettings, RawStation,
};
use super::super::syntax::{Node, Value, cut};
use super::{Reader, Shape};

pub(super) const SCENARIO: Shape = Shape {
    name: "Scenario",
    what: || phrase!("scenario-shape-scenario"),
    fields: &[
        "name",
        "description",
        "settings",
        "world",
        "agent",
        "stations",
        "actions",
        "characters",
        "map",
    ],
};
pub(super) const SETTINGS: Shape = Shape {
    name: "Settings",
    what: || phrase!("scenario-shape-settings"),
    fields: &[
        "day_length",
        "cost_weight",
        "hysteresis",
        "rest_threshold",
        "planner_budget",
        "retry_interval",
        "walk_weight",
        "road_speed",
    ],
};
pub(super) const MAP: Shape =
    Shape { name: "Map", what: || phrase!("scenario-shape-map"), fields: &["cell", "origin", "rows"] };
pub(super) const STATION: Shape = Shape {
    name: "Station",
    what: || phrase!("scenario-shape-station"),
    fields: &["id", "label", "pos", "kind", "capacity", "sprite"],
};
pub(super) const ACTION: Shape = Shape {
    name: "Action",
    what: || phrase!("scenario-shape-action"),
    fields: &["id", "label", "station", "duration", "cost", "needs", "effects", "interruptible"],
};
pub(super) const CHARACTER: Shape = Shape {
    name: "Character",
    what: || phrase!("scenario-shape-character"),
    fields: &["id", "name", "start", "speed", "facts", "actions", "goals", "sprite"],
};
pub(super) const GOAL: Shape = Shape {
    name: "Goal",
    what: || phrase!("scenario-shape-goal"),
    fields: &["id", "label", "wants", "drift", "interrupts_at"],
};
pub(super) const NEED: Shape =
    Shape { name: "Need", what: || phrase!("scenario-shape-need"), fields: &["rate", "initial"] };
pub(super) const QUOTA: Shape =
    Shape { name: "Quota", what: || phrase!("scenario-shape-quota"), fields: &["urgency"] };

impl Reader<'_, '_> {
    pub(super) fn scenario(&mut self, node: &Node) -> Option<RawScenario> {
        let fields = self.fields(node, "", &SCENARIO)?;
        let name = self.field(&fields, "name", false, Self::string);
        let description = self.field(&fields, "description", false, Self::string);
        let settings = match fields.get("settings") {
            Some(node) => self.settings(node),
            None => RawSettings::default(),
        };
        let declared = |reader: &mut Self, n: &Node, path: &str| reader.fact_values(n, path, true);
        let world = self.field(&fields, "world", false, declared);
        let agent = self.field(&fields, "agent", false, declared);
        if self.gaps.covers("world") || self.gaps.covers("agent") {
            self.gaps.facts = true;
        }
        let stations = self.field(&fields, "stations", false, |reader, n, path| {
            let stations = || phrase!("scenario-items-stations");
            reader.list(n, path, stations, limits::MAX_STATIONS, Self::station)
        });
        if self.gaps.covers("stations") {
            self.gaps.stations = true;
        }
        let actions = self.field(&fields, "actions", false, |reader, n, path| {
            reader.list(n, path, || phrase!("scenario-items-actions"), limits::MAX_ACTIONS, Self::action)
        });
        if self.gaps.covers("actions") {
            self.gaps.actions = true;
        }
        let characters = self.field(&fields, "characters", false, |reader, n, path| {
            let characters = || phrase!("scenario-items-characters");
            reader.list(n, path, characters, limits::MAX_CHARACTERS, Self::character)
        });
        let map = self.field(&fields, "map", false, Self::map);
        Some(RawScenario {
            name,
            description,
            settings,
            world,
            agent,
            stations,
            actions,
            characters,
            map,
            gaps: Default::default(),
        })
    }

    /// The settings written; the default of any that cannot be read.
    fn settings(&mut self, node: &Node) -> RawSettings {
        let mut settings = RawSettings::default();
        let Some(fields) = self.fields(node, "settings", &SETTINGS) else {
            return self.gap("settings");
        };
        for (field, value) in &fields.entries {
            let path = fields.path(field);
            let target = match *field {
                "day_length" => &mut settings.day_length,
                "cost_weight" => &mut settings.cost_weight,
                "hysteresis" => &mut settings.hysteresis,
                "rest_threshold" => &mut settings.rest_threshold,
                "retry_interval" => &mut settings.retry_interval,
                "walk_weight" => &mut settings.walk_weight,
                "road_speed" => &mut settings.road_speed,
                _ => {
                    if let Some(budget) = self.whole(value, &path) {
                        settings.planner_budget = budget;
                    }
                    continue;
                }
            };
            if let Some(number) = self.number(value, &path) {
                *target = number;
            }
        }
        settings
    }

    /// `(cell: …, origin: (x, y), rows: ["..##", …])`; the origin is optional.
    fn map(&mut self, node: &Node, path: &str) -> Option<Option<RawMap>> {
        let fields = self.fields(node, path, &MAP)?;
        Some(Some(RawMap {
            cell: self.field(&fields, "cell", true, Self::number),
            origin: self.field(&fields, "origin", false, Self::pair),
            rows: self.field(&fields, "rows", true, |reader, n, path| {
                reader.strings(n, path, || phrase!("scenario-items-rows"), limits::MAX_MAP_CELLS)
            }),
        }))
    }

    fn station(&mut self, node: &Node, path: &str) -> RawStation {
        let Some(fields) = self.fields(node, path, &STATION) else {
            self.gaps.stations = true;
            return self.gap(path);
        };
        let station = RawStation {
            id: self.field(&fields, "id", true, Self::string),
            label: self.field(&fields, "label", false, Self::string),
            pos: self.field(&fields, "pos", true, Self::pair),
            kind: self.field(&fields, "kind", false, Self::string),
            capacity: self
                .field(&fields, "capacity", false, |reader, n, path| reader.whole(n, path).map(Some)),
            sprite: self.field(&fields, "sprite", false, Self::string),
        };
        if self.gaps.covers(&fields.path("id")) || self.gaps.covers(&fields.path("kind")) {
            self.gaps.stations = true;
        }
        station
    }

    fn action(&mut self, node: &Node, path: &str) -> RawAction {
        let Some(fields) = self.fields(node, path, &ACTION) else {
            self.gaps.actions = true;
            return self.gap(path);
        };
        let terms = |what: fn() -> Phrase| {
            move |reader: &mut Self, n: &Node, path: &str| reader.strings(n, path, what, limits::MAX_TERMS)
        };
        let action = RawAction {
            id: self.field(&fields, "id", true, Self::string),
            label: self.field(&fields, "label", false, Self::string),
            station: self.field(&fields, "station", true, Self::string),
            duration: self.field(&fields, "duration", true, Self::number),
            cost: self.field(&fields, "cost", true, Self::whole),
            needs: self.field(&fields, "needs", false, terms(|| phrase!("scenario-items-conditions"))),
            effects: self.field(&fields, "effects", false, terms(|| phrase!("scenario-items-effects"))),
            interruptible: self.field(&fields, "interruptible", false, Self::boolean),
        };
        if self.gaps.covers(&fields.path("id")) {
            self.gaps.actions = true;
        }
        action
    }

    fn character(&mut self, node: &Node, path: &str) -> RawCharacter {
        let Some(fields) = self.fields(node, path, &CHARACTER) else {
            return self.gap(path);
        };
        RawCharacter {
            id: self.field(&fields, "id", true, Self::string),
            name: self.field(&fields, "name", false, Self::string),
            start: self.field(&fields, "start", true, Self::pair),
            speed: self.field(&fields, "speed", true, Self::number),
            facts: self.field(&fields, "facts", false, |reader, n, path| reader.fact_values(n, path, false)),
            actions: self.field(&fields, "actions", true, |reader, n, path| {
                reader.strings(n, path, || phrase!("scenario-items-actions"), limits::MAX_ACTIONS)
            }),
            goals: self.field(&fields, "goals", true, |reader, n, path| {
                reader.list(n, path, || phrase!("scenario-items-goals"), limits::MAX_GOALS, Self::goal)
            }),
            sprite: self.field(&fields, "sprite", false, Self::string),
        }
    }

    fn goal(&mut self, node: &Node, path: &str) -> RawGoal {
        let Some(fields) = self.fields(node, path, &GOAL) else {
            return self.gap(path);
        };
        RawGoal {
            id: self.field(&fields, "id", true, Self::string),
            label: self.field(&fields, "label", false, Self::string),
            wants: self.field(&fields, "wants", true, |reader, n, path| {
                reader.strings(n, path, || phrase!("scenario-items-conditions"), limits::MAX_TERMS)
            }),
            drift: self.field(&fields, "drift", true, Self::drift),
            interrupts_at: self.field(&fields, "interrupts_at", false, Self::optional_number),
        }
    }

    /// `Need(rate: …, initial: …)` or `Quota(urgency: …)`.
    fn drift(&mut self, node: &Node, path: &str) -> Option<RawDrift> {
        let expected = || phrase!("scenario-a-drift");
        let name = match &node.value {
            Value::Struct { name: Some(name), .. }
            | Value::Tuple { name: Some(name), .. }
            | Value::Ident(name) => name,
            _ => {
                self.at.record(path, node.at);
                self.wrong(node, path, expected());
                return None;
            }
        };
        let shape = match name.text.as_str() {
            "Need" => &NEED,
            "Quota" => &QUOTA,
            other => {
                self.at.record(path, node.at);
                let hint = did_you_mean(other, ["Need", "Quota"]);
                let unknown = phrase!(
                    "scenario-unknown-variant",
                    expected = expected(),
                    found = cut(other),
                    hint = hint
                );
                self.error(name.at, path, unknown);
                return None;
            }
        };
        if matches!(node.value, Value::Ident(_)) {
            self.at.record(path, node.at);
            let what = (shape.what)();
            let bare =
                phrase!("scenario-needs-numbers", what = what, name = shape.name, field = shape.fields[0]);
            self.error(node.at, path, bare);
            return None;
        }
        // A variant's own name is part of how it is written, not a struct name to check.
        let fields = self.fields(node, path, shape)?;
        Some(match shape.name {
            "Need" => RawDrift::Need {
                rate: self.field(&fields, "rate", true, Self::number),
                initial: self.field(&fields, "initial", false, Self::number),
            },
            _ => RawDrift::Quota { urgency: self.field(&fields, "urgency", true, Self::number) },
        })
    }
}
