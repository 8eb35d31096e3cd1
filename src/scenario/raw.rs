//! The scenario file exactly as written: plain values with string ids, before any checking
//! ([`read`](super::read) fills them in from the syntax tree).

#[derive(Debug)]
pub struct RawScenario {
    pub name: String,
    pub description: String,
    pub settings: RawSettings,
    /// World facts and their values at dawn.
    pub world: FactValues,
    /// Agent facts and the value each character starts with unless it says otherwise.
    pub agent: FactValues,
    pub stations: Vec<RawStation>,
    pub actions: Vec<RawAction>,
    pub characters: Vec<RawCharacter>,
}

#[derive(Debug)]
pub struct RawSettings {
    pub day_length: f64,
    pub cost_weight: f64,
    pub hysteresis: f64,
    pub rest_threshold: f64,
    pub planner_budget: i64,
    pub retry_interval: f64,
    pub walk_weight: f64,
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
            walk_weight: 0.1,
        }
    }
}

#[derive(Debug)]
pub struct RawStation {
    pub id: String,
    pub label: String,
    pub pos: (f64, f64),
    /// Empty: the station's own id.
    pub kind: String,
    pub capacity: Option<i64>,
    /// The picture it is drawn with (empty: the one its kind, id or label calls up).
    pub sprite: String,
}

#[derive(Debug)]
pub struct RawAction {
    pub id: String,
    pub label: String,
    pub station: String,
    pub duration: f64,
    pub cost: i64,
    pub needs: Vec<String>,
    pub effects: Vec<String>,
}

#[derive(Debug)]
pub struct RawCharacter {
    pub id: String,
    pub name: String,
    pub start: (f64, f64),
    pub speed: f64,
    /// Overrides of the scenario's agent defaults for this character.
    pub facts: FactValues,
    pub actions: Vec<String>,
    pub goals: Vec<RawGoal>,
    /// The figure it is drawn with (empty: the one its id or name calls up).
    pub sprite: String,
}

#[derive(Debug)]
pub struct RawGoal {
    pub id: String,
    pub label: String,
    pub wants: Vec<String>,
    pub drift: RawDrift,
}

#[derive(Debug)]
pub enum RawDrift {
    Need { rate: f64, initial: f64 },
    Quota { urgency: f64 },
}

/// A `{"name": value}` map kept in the order written, repeated keys included (so that
/// validation can report them instead of silently keeping one).
#[derive(Debug, Default)]
pub struct FactValues(pub Vec<(String, i64)>);
