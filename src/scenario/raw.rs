//! The scenario file exactly as written: plain values with string ids, before any checking
//! ([`read`](super::read) fills them in from the syntax tree).

use rustc_hash::FxHashSet;

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
    /// The map, if the scenario draws one.
    pub map: Option<RawMap>,
    /// What could not be read, and what stands in for it.
    pub gaps: Gaps,
}

/// The parts of a file the reader could not read (each already reported): placeholders stand in
/// for them, so that the rest of the file is still validated, but validation neither checks a
/// placeholder nor calls a reference unknown when what it names may be in a gap.
#[derive(Debug, Default)]
pub struct Gaps {
    /// Field paths whose values are placeholders: nothing at or inside them is checked.
    pub paths: FxHashSet<String>,
    /// Some station's id or kind could not be read.
    pub stations: bool,
    /// Some action's id could not be read.
    pub actions: bool,
    /// Some fact's name could not be read.
    pub facts: bool,
}

impl Gaps {
    /// Whether `field` is a placeholder or lies inside one.
    pub fn covers(&self, field: &str) -> bool {
        if self.paths.is_empty() {
            return false;
        }
        let mut path = field;
        loop {
            if self.paths.contains(path) {
                return true;
            }
            match path.rfind(['.', '[']) {
                Some(cut) => path = &path[..cut],
                None => return false,
            }
        }
    }
}

impl Gaps {
    /// Whether anything at or inside `field` is a placeholder.
    pub fn within(&self, field: &str) -> bool {
        self.paths.iter().any(|path| {
            path.strip_prefix(field).is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
        })
    }
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
    pub road_speed: f64,
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
            road_speed: f64::from(crate::space::DEFAULT_ROAD_SPEED),
        }
    }
}

/// `map: (cell: 20.0, origin: (-500.0, 440.0), rows: ["..##", ...])`.
#[derive(Debug, Default)]
pub struct RawMap {
    pub cell: f64,
    /// Where the first row's first cell has its top-left corner; (0, 0) unless given.
    pub origin: (f64, f64),
    pub rows: Vec<String>,
}

#[derive(Debug, Default)]
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

#[derive(Debug, Default)]
pub struct RawAction {
    pub id: String,
    pub label: String,
    pub station: String,
    pub duration: f64,
    pub cost: i64,
    pub needs: Vec<String>,
    pub effects: Vec<String>,
    /// Whether an urgent goal may break it off (its effects then never land).
    pub interruptible: bool,
}

#[derive(Debug, Default)]
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

#[derive(Debug, Default)]
pub struct RawGoal {
    pub id: String,
    pub label: String,
    pub wants: Vec<String>,
    pub drift: RawDrift,
    /// The insistence at which it breaks off a walk, a line, a wait, a rest or an interruptible
    /// action.
    pub interrupts_at: Option<f64>,
}

#[derive(Debug)]
pub enum RawDrift {
    Need { rate: f64, initial: f64 },
    Quota { urgency: f64 },
}

/// Only ever a placeholder for a drift that could not be read.
impl Default for RawDrift {
    fn default() -> Self {
        RawDrift::Quota { urgency: 0.0 }
    }
}

/// A `{"name": value}` map kept in the order written, repeated keys included (so that
/// validation can report them instead of silently keeping one).
#[derive(Debug, Default)]
pub struct FactValues(pub Vec<(String, i64)>);
