//! The scenario's own shape — which structs it has, their names, fields and types — read with
//! the toolkit of [`super`].

use super::super::diagnostic::did_you_mean;
use super::super::limits;
use super::super::phrase::{Phrase, phrase};
use super::super::raw::{
    FactValues, RawAction, RawCharacter, RawDrift, RawGoal, RawScenario, RawSettings, RawStation,
};
use super::super::syntax::{Node, Value, cut};
use super::{Reader, Shape};

pub(super) const SCENARIO: Shape = Shape {
    name: "Scenario",
    what: || phrase!("scenario-shape-scenario"),
    fields: &["name", "description", "settings", "world", "agent", "stations", "actions", "characters"],
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
    ],
};
pub(super) const STATION: Shape = Shape {
    name: "Station",
    what: || phrase!("scenario-shape-station"),
    fields: &["id", "label", "pos", "kind", "capacity", "sprite"],
};
pub(super) const ACTION: Shape = Shape {
    name: "Action",
    what: || phrase!("scenario-shape-action"),
    fields: &["id", "label", "station", "duration", "cost", "needs", "effects"],
};
pub(super) const CHARACTER: Shape = Shape {
    name: "Character",
    what: || phrase!("scenario-shape-character"),
    fields: &["id", "name", "start", "speed", "facts", "actions", "goals", "sprite"],
};
pub(super) const GOAL: Shape = Shape {
    name: "Goal",
    what: || phrase!("scenario-shape-goal"),
    fields: &["id", "label", "wants", "drift"],
};
pub(super) const NEED: Shape =
    Shape { name: "Need", what: || phrase!("scenario-shape-need"), fields: &["rate", "initial"] };
pub(super) const QUOTA: Shape =
    Shape { name: "Quota", what: || phrase!("scenario-shape-quota"), fields: &["urgency"] };

impl Reader<'_, '_> {
    pub(super) fn scenario(&mut self, node: &Node) -> Option<RawScenario> {
        let fields = self.fields(node, "", &SCENARIO)?;
        let text = |reader: &mut Self, field: &str| match fields.get(field) {
            Some(node) => reader.string(node, field),
            None => Some(String::new()),
        };
        let name = text(self, "name");
        let description = text(self, "description");
        let settings = match fields.get("settings") {
            Some(node) => self.settings(node),
            None => Some(RawSettings::default()),
        };
        let facts = |reader: &mut Self, field: &str| match fields.get(field) {
            Some(node) => reader.fact_values(node, field),
            None => Some(FactValues::default()),
        };
        let world = facts(self, "world");
        let agent = facts(self, "agent");
        let stations = fields.get("stations").map_or(Some(Vec::new()), |n| {
            self.list(
                n,
                "stations",
                || phrase!("scenario-items-stations"),
                limits::MAX_STATIONS,
                Self::station,
            )
        });
        let actions = fields.get("actions").map_or(Some(Vec::new()), |n| {
            self.list(n, "actions", || phrase!("scenario-items-actions"), limits::MAX_ACTIONS, Self::action)
        });
        let characters = fields.get("characters").map_or(Some(Vec::new()), |n| {
            let characters = || phrase!("scenario-items-characters");
            self.list(n, "characters", characters, limits::MAX_CHARACTERS, Self::character)
        });
        Some(RawScenario {
            name: name?,
            description: description?,
            settings: settings?,
            world: world?,
            agent: agent?,
            stations: stations?,
            actions: actions?,
            characters: characters?,
        })
    }

    fn settings(&mut self, node: &Node) -> Option<RawSettings> {
        let fields = self.fields(node, "settings", &SETTINGS)?;
        let mut settings = RawSettings::default();
        let mut whole = true;
        for (field, value) in &fields.entries {
            let path = fields.path(field);
            let target = match *field {
                "day_length" => &mut settings.day_length,
                "cost_weight" => &mut settings.cost_weight,
                "hysteresis" => &mut settings.hysteresis,
                "rest_threshold" => &mut settings.rest_threshold,
                "retry_interval" => &mut settings.retry_interval,
                "walk_weight" => &mut settings.walk_weight,
                _ => {
                    match self.whole(value, &path) {
                        Some(budget) => settings.planner_budget = budget,
                        None => whole = false,
                    }
                    continue;
                }
            };
            match self.number(value, &path) {
                Some(number) => *target = number,
                None => whole = false,
            }
        }
        whole.then_some(settings)
    }

    fn station(&mut self, node: &Node, path: &str) -> Option<RawStation> {
        let fields = self.fields(node, path, &STATION)?;
        let id = self.required(&fields, "id").and_then(|n| self.string(n, &fields.path("id")));
        let label =
            fields.get("label").map_or(Some(String::new()), |n| self.string(n, &fields.path("label")));
        let pos = self.required(&fields, "pos").and_then(|n| self.pair(n, &fields.path("pos")));
        let kind = fields.get("kind").map_or(Some(String::new()), |n| self.string(n, &fields.path("kind")));
        let capacity = match fields.get("capacity") {
            Some(n) => self.whole(n, &fields.path("capacity")).map(Some),
            None => Some(None),
        };
        let sprite =
            fields.get("sprite").map_or(Some(String::new()), |n| self.string(n, &fields.path("sprite")));
        Some(RawStation {
            id: id?,
            label: label?,
            pos: pos?,
            kind: kind?,
            capacity: capacity?,
            sprite: sprite?,
        })
    }

    fn action(&mut self, node: &Node, path: &str) -> Option<RawAction> {
        let fields = self.fields(node, path, &ACTION)?;
        let id = self.required(&fields, "id").and_then(|n| self.string(n, &fields.path("id")));
        let label =
            fields.get("label").map_or(Some(String::new()), |n| self.string(n, &fields.path("label")));
        let station = self.required(&fields, "station").and_then(|n| self.string(n, &fields.path("station")));
        let duration =
            self.required(&fields, "duration").and_then(|n| self.number(n, &fields.path("duration")));
        let cost = self.required(&fields, "cost").and_then(|n| self.whole(n, &fields.path("cost")));
        let terms = |reader: &mut Self, field: &str, what: fn() -> Phrase| match fields.get(field) {
            Some(n) => reader.strings(n, &fields.path(field), what, limits::MAX_TERMS),
            None => Some(Vec::new()),
        };
        let needs = terms(self, "needs", || phrase!("scenario-items-conditions"));
        let effects = terms(self, "effects", || phrase!("scenario-items-effects"));
        Some(RawAction {
            id: id?,
            label: label?,
            station: station?,
            duration: duration?,
            cost: cost?,
            needs: needs?,
            effects: effects?,
        })
    }

    fn character(&mut self, node: &Node, path: &str) -> Option<RawCharacter> {
        let fields = self.fields(node, path, &CHARACTER)?;
        let id = self.required(&fields, "id").and_then(|n| self.string(n, &fields.path("id")));
        let name = fields.get("name").map_or(Some(String::new()), |n| self.string(n, &fields.path("name")));
        let start = self.required(&fields, "start").and_then(|n| self.pair(n, &fields.path("start")));
        let speed = self.required(&fields, "speed").and_then(|n| self.number(n, &fields.path("speed")));
        let facts = fields
            .get("facts")
            .map_or(Some(FactValues::default()), |n| self.fact_values(n, &fields.path("facts")));
        let actions = self.required(&fields, "actions").and_then(|n| {
            let actions = || phrase!("scenario-items-actions");
            self.strings(n, &fields.path("actions"), actions, limits::MAX_ACTIONS)
        });
        let goals = self.required(&fields, "goals").and_then(|n| {
            let goals = || phrase!("scenario-items-goals");
            self.list(n, &fields.path("goals"), goals, limits::MAX_GOALS, |reader, node, path| {
                reader.goal(node, path)
            })
        });
        let sprite =
            fields.get("sprite").map_or(Some(String::new()), |n| self.string(n, &fields.path("sprite")));
        Some(RawCharacter {
            id: id?,
            name: name?,
            start: start?,
            speed: speed?,
            facts: facts?,
            actions: actions?,
            goals: goals?,
            sprite: sprite?,
        })
    }

    fn goal(&mut self, node: &Node, path: &str) -> Option<RawGoal> {
        let fields = self.fields(node, path, &GOAL)?;
        let id = self.required(&fields, "id").and_then(|n| self.string(n, &fields.path("id")));
        let label =
            fields.get("label").map_or(Some(String::new()), |n| self.string(n, &fields.path("label")));
        let wants = self.required(&fields, "wants").and_then(|n| {
            let conditions = || phrase!("scenario-items-conditions");
            self.strings(n, &fields.path("wants"), conditions, limits::MAX_TERMS)
        });
        let drift = self.required(&fields, "drift").and_then(|n| self.drift(n, &fields.path("drift")));
        Some(RawGoal { id: id?, label: label?, wants: wants?, drift: drift? })
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
        let number = |reader: &mut Self, field: &str| {
            reader.required(&fields, field).and_then(|n| reader.number(n, &fields.path(field)))
        };
        Some(match shape.name {
            "Need" => {
                let rate = number(self, "rate");
                let initial =
                    fields.get("initial").map_or(Some(0.0), |n| self.number(n, &fields.path("initial")));
                RawDrift::Need { rate: rate?, initial: initial? }
            }
            _ => RawDrift::Quota { urgency: number(self, "urgency")? },
        })
    }
}
