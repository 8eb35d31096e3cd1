//! Scenarios: RON files a designer edits, parsed and then validated into a typed [`Scenario`].
//!
//! [`load`] is the one entry point for the game, the tests and the command line, and
//! [`load_or_report`] the one way they print what is wrong with a file. Loading never
//! hangs, panics or takes more than time and memory linear in the file: the [`syntax`] stops at
//! the first syntax error; [`read`] then reports every value of the wrong shape, and
//! validation every problem of meaning — each with file, line:column and field path.

mod checker;
mod choice;
mod diagnostic;
pub mod diff;
mod expr;
pub mod fuzz;
pub mod limits;
mod lints;
mod locate;
mod raw;
mod read;
mod shipped;
pub mod syntax;
mod validate;

pub use choice::{SCENARIO_FOLDER, ScenarioChoice, available_scenarios, first_choice, load_or_report};
pub use diagnostic::{Diagnostic, Severity, did_you_mean};
pub use shipped::{SHIPPED, shipped};

use crate::planner::{self, FactId, FactTable, State, Value};
use std::path::Path;

/// Tuning shared by every villager of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Simulated seconds from one dawn to the next.
    pub day_length: f32,
    /// Arbitration: score = insistence − cost_weight × plan cost.
    pub cost_weight: f32,
    /// How far a challenger must outscore the current goal to take over.
    pub hysteresis: f32,
    /// With every insistence below this, a villager rests.
    pub rest_threshold: f32,
    /// The planner's expansion budget.
    pub planner_budget: usize,
    /// Simulated seconds between retries while waiting for the world to change.
    pub retry_interval: f32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Station {
    pub id: String,
    pub label: String,
    pub position: [f32; 2],
}

#[derive(Clone, Debug, PartialEq)]
pub struct ActionDef {
    pub id: String,
    pub label: String,
    /// Index into [`Scenario::stations`].
    pub station: usize,
    /// Simulated seconds of work at the station.
    pub duration: f32,
    /// What the planner sees: cost, preconditions, effects (named by `id`).
    pub planning: planner::Action,
}

/// How a goal's insistence moves over the day.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drift {
    /// Rises by `rate` per simulated second up to 1; back to `initial` once met (and spent).
    Need { rate: f32, initial: f32 },
    /// urgency × day progress × the unmet fraction of the goal.
    Quota { urgency: f32 },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    pub id: String,
    pub label: String,
    pub conditions: Vec<planner::Condition>,
    pub drift: Drift,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Character {
    pub id: String,
    pub name: String,
    pub start: [f32; 2],
    /// World units per simulated second.
    pub speed: f32,
    /// Every agent fact with this character's starting value.
    pub facts: Vec<(FactId, Value)>,
    /// Indices into [`Scenario::actions`], in the order ties are broken.
    pub actions: Vec<usize>,
    pub goals: Vec<Goal>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub description: String,
    /// The file it came from, as given to [`load`] (used in messages).
    pub file: String,
    pub settings: Settings,
    pub facts: FactTable,
    /// Every world fact and its value at dawn.
    pub world_seed: Vec<(FactId, Value)>,
    pub stations: Vec<Station>,
    pub actions: Vec<ActionDef>,
    pub characters: Vec<Character>,
    /// Problems that do not stop the scenario from running.
    pub warnings: Vec<Diagnostic>,
}

impl Scenario {
    pub fn character_index(&self, id: &str) -> Option<usize> {
        self.characters.iter().position(|c| c.id == id)
    }

    /// The world at dawn plus `character`'s own facts: what it plans from at the start.
    pub fn start_state(&self, character: usize) -> State {
        let mut state = State::zeros(self.facts.len());
        for &(fact, value) in self.world_seed.iter().chain(&self.characters[character].facts) {
            state.set(fact, value);
        }
        state
    }

    /// The planner's view of what `character` can do, in its tie-break order.
    pub fn planning_actions(&self, character: usize) -> Vec<planner::Action> {
        self.characters[character].actions.iter().map(|&a| self.actions[a].planning.clone()).collect()
    }
}

/// Why a scenario could not be loaded.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LoadError {
    #[error("{file}: cannot read: {reason}")]
    Unreadable { file: String, reason: String },
    #[error("{}", .diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))]
    Invalid { diagnostics: Vec<Diagnostic> },
}

impl LoadError {
    /// Every problem as a diagnostic (a read failure becomes one at 1:1).
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        match self {
            LoadError::Unreadable { file, reason } => vec![Diagnostic {
                severity: Severity::Error,
                file: file.clone(),
                line: 1,
                column: 1,
                field: String::new(),
                message: format!("cannot read: {reason}"),
            }],
            LoadError::Invalid { diagnostics } => diagnostics.clone(),
        }
    }
}

/// Reads and validates the scenario at `path`.
pub fn load(path: &Path) -> Result<Scenario, LoadError> {
    use std::io::Read;
    let file = path.display().to_string();
    let unreadable = |reason: String| LoadError::Unreadable { file: file.clone(), reason };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limits::MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| unreadable(e.to_string()))?;
    parse_bytes(&bytes, &file)
}

/// Validates a scenario file's bytes: UTF-8 text (a byte-order mark is skipped) of at most
/// [`limits::MAX_FILE_BYTES`]; `file` names it in messages.
pub fn parse_bytes(bytes: &[u8], file: &str) -> Result<Scenario, LoadError> {
    let at_start = |message: String| LoadError::Invalid {
        diagnostics: vec![Diagnostic {
            severity: Severity::Error,
            file: file.to_owned(),
            line: 1,
            column: 1,
            field: String::new(),
            message,
        }],
    };
    if bytes.len() > limits::MAX_FILE_BYTES {
        return Err(at_start(format!(
            "the file is larger than {} MiB, the most a scenario may be",
            limits::MAX_FILE_BYTES >> 20
        )));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text, file),
        Err(e) => {
            // Locate the first byte that is not UTF-8 within the part that is.
            let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            let lines = syntax::LineIndex::new(good);
            let (line, column) = lines.position(good.len());
            Err(LoadError::Invalid {
                diagnostics: vec![Diagnostic {
                    severity: Severity::Error,
                    file: file.to_owned(),
                    line,
                    column,
                    field: String::new(),
                    message: "this is not UTF-8 text: save the file as UTF-8".into(),
                }],
            })
        }
    }
}

/// Validates scenario `text`; `file` names it in messages.
pub fn parse(text: &str, file: &str) -> Result<Scenario, LoadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut at = locate::Locations::new(text);
    let document = syntax::parse(text).map_err(|e| {
        let position = at.position(e.at);
        LoadError::Invalid {
            diagnostics: vec![Diagnostic {
                severity: Severity::Error,
                file: file.to_owned(),
                line: position.line,
                column: position.column,
                field: String::new(),
                message: e.message,
            }],
        }
    })?;
    let raw =
        read::read(&document, file, &mut at).map_err(|diagnostics| LoadError::Invalid { diagnostics })?;
    validate::validate(raw, file, &at)
}
