//! The scenario file exactly as written: serde types with string ids, before any checking.

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;

#[derive(Debug, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct RawScenario {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub settings: RawSettings,
    /// World facts and their values at dawn.
    #[serde(default)]
    pub world: FactValues,
    /// Agent facts and the value each character starts with unless it says otherwise.
    #[serde(default)]
    pub agent: FactValues,
    #[serde(default)]
    pub stations: Vec<RawStation>,
    #[serde(default)]
    pub actions: Vec<RawAction>,
    #[serde(default)]
    pub characters: Vec<RawCharacter>,
}

#[derive(Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RawSettings {
    pub day_length: f64,
    pub cost_weight: f64,
    pub hysteresis: f64,
    pub rest_threshold: f64,
    pub planner_budget: i64,
    pub retry_interval: f64,
}

impl Default for RawSettings {
    fn default() -> Self {
        RawSettings {
            day_length: 240.0,
            cost_weight: 0.02,
            hysteresis: 0.15,
            rest_threshold: 0.05,
            planner_budget: crate::planner::DEFAULT_BUDGET as i64,
            retry_interval: 1.0,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStation {
    pub id: String,
    #[serde(default)]
    pub label: String,
    pub pos: (f64, f64),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAction {
    pub id: String,
    #[serde(default)]
    pub label: String,
    pub station: String,
    pub duration: f64,
    pub cost: i64,
    #[serde(default)]
    pub needs: Vec<String>,
    #[serde(default)]
    pub effects: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCharacter {
    pub id: String,
    #[serde(default)]
    pub name: String,
    pub start: (f64, f64),
    pub speed: f64,
    /// Overrides of the scenario's agent defaults for this character.
    #[serde(default)]
    pub facts: FactValues,
    pub actions: Vec<String>,
    pub goals: Vec<RawGoal>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGoal {
    pub id: String,
    #[serde(default)]
    pub label: String,
    pub wants: Vec<String>,
    pub drift: RawDrift,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RawDrift {
    Need {
        rate: f64,
        #[serde(default)]
        initial: f64,
    },
    Quota {
        urgency: f64,
    },
}

/// A `{"name": value}` map kept in the order written, repeated keys included (so that
/// validation can report them instead of silently keeping one).
#[derive(Debug, Default)]
pub struct FactValues(pub Vec<(String, i64)>);

impl<'de> Deserialize<'de> for FactValues {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct InOrder;
        impl<'de> Visitor<'de> for InOrder {
            type Value = FactValues;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map from fact name to a whole number, like {\"bread\": 2}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FactValues, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, i64>()? {
                    entries.push(entry);
                }
                Ok(FactValues(entries))
            }
        }
        deserializer.deserialize_map(InOrder)
    }
}
