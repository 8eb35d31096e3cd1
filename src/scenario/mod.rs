//! Scenarios: RON files a designer edits, parsed and then validated into a typed [`Scenario`].
//!
//! [`load`] is the one entry point for the game, the tests and the command line, and
//! [`load_or_report`] the one way they print what is wrong with a file. Loading never
//! hangs, panics or takes more than time and memory linear in the file: the [`syntax`] stops at
//! the first syntax error; reading (`read`) then reports every value of the wrong shape, and
//! validation every problem of meaning in all the rest — each with file, line:column and field
//! path — so that one pass over a file says everything wrong with it that its shape allows.

mod checker;
mod choice;
mod cut_off;
mod cycles;
#[cfg(test)]
mod cycles_tests;
mod diagnostic;
pub mod diff;
mod expr;
pub mod fuzz;
mod interrupts;
pub mod limits;
mod lints;
mod locate;
mod map;
mod names;
mod phrase;
pub mod pictures;
mod positions;
mod raw;
mod read;
mod rows;
mod shipped;
mod step_costs;
pub mod syntax;
mod validate;
mod walks;

pub(crate) use checker::{declared_in, does_not_fit, scope_hint};
pub use choice::{
    SCENARIO_FOLDER, ScenarioChoice, available_scenarios, file_or, first_choice, load_or_report,
};
pub use diagnostic::{Diagnostic, Severity, did_you_mean, number};
pub use names::{FactTable, Scope, explain_cut_off};
pub use phrase::{Arg, ID_PREFIX, Phrase, count_text};
pub use positions::{PositionsError, with_positions};
pub use rows::{RowsError, with_rows};
pub use shipped::{SHIPPED, shipped};
pub use step_costs::StepCost;
pub use walks::Walks;

use crate::files::{self, ReadError};
use crate::planner::{self, FactId, State, Value};
use phrase::phrase;
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
    /// With every unmet goal's insistence below this, a villager rests.
    pub rest_threshold: f32,
    /// The planner's expansion budget.
    pub planner_budget: usize,
    /// Simulated seconds between retries while waiting for the world to change.
    pub retry_interval: f32,
    /// What a second of walking costs in a plan, in the units of the actions' costs.
    pub walk_weight: f32,
    /// How many times faster walking is on a road of the map than on grass.
    pub road_speed: f32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Station {
    pub id: String,
    pub label: String,
    pub position: [f32; 2],
    /// What an action names to be done at any station like this one (its id unless it says).
    pub kind: String,
    /// How many villagers may act here at once (`None`: any number).
    pub capacity: Option<u32>,
    /// The picture the scenario names for it, if it names one ([`crate::art`]).
    pub sprite: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ActionDef {
    pub id: String,
    pub label: String,
    /// The station id or kind it names.
    pub at: String,
    /// Where it can be done: indices into [`Scenario::stations`], at least one.
    pub stations: Vec<usize>,
    /// Simulated seconds of work at the station.
    pub duration: f32,
    /// What the planner sees: cost, preconditions, effects (named by `id`).
    pub planning: planner::Action,
    /// Whether a goal reaching its `interrupts_at` may break it off (its effects never land).
    pub interruptible: bool,
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
    /// The insistence, in (0, 1], at which it breaks off what its villager is doing where that
    /// may be broken off (a walk, a line, a wait, a rest, an interruptible action).
    pub interrupts_at: Option<f32>,
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
    /// Each of its actions at each station it can be done at, in that order: what it plans with.
    pub tasks: Vec<Task>,
    pub goals: Vec<Goal>,
    /// The figure the scenario names for it, if it names one ([`crate::art`]).
    pub sprite: Option<String>,
}

/// One thing a character can plan to do: an action, at one of its stations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// Index into [`Scenario::actions`].
    pub action: usize,
    /// Index into [`Scenario::stations`].
    pub station: usize,
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
    /// The agent fact the planner keeps a villager's place in: the index of the station it
    /// stands at, [`START`] before its first step of the day, or [`HERE`] where it stopped on the
    /// way. No scenario can name it.
    pub place: FactId,
    /// For each station with a capacity, the world fact the simulation keeps how many are ahead
    /// of one arriving there now in: the one to wait for if it is full, and those in line.
    pub lines: Vec<Option<FactId>>,
    /// The ground the town stands on, if the scenario draws a map (its roads at
    /// [`Settings::road_speed`]); without one, everyone walks straight across open ground.
    pub map: Option<crate::space::Map>,
    /// The ways across the map to each station, and what they cost ([`Walks`]); kept up to date
    /// by [`Scenario::lay_walks`] whenever the map or a station moves.
    pub walks: Option<Walks>,
    /// Problems that do not stop the scenario from running.
    pub warnings: Vec<Diagnostic>,
    /// [`text_hash`] of the text it was read from: a replay of its day names the text it needs.
    pub text_hash: u64,
}

impl Scenario {
    /// The station a value of the place fact stands for (`None` for [`START`] and [`HERE`]).
    pub fn station_at(&self, place: Value) -> Option<&Station> {
        usize::try_from(place).ok().and_then(|i| self.stations.get(i))
    }

    pub fn character_index(&self, id: &str) -> Option<usize> {
        self.characters.iter().position(|c| c.id == id)
    }

    /// The world at dawn plus `character`'s own facts, standing at its start: what it plans
    /// from at the start.
    pub fn start_state(&self, character: usize) -> State {
        let mut state = State::zeros(self.facts.len());
        for &(fact, value) in self.world_seed.iter().chain(&self.characters[character].facts) {
            state.set(fact, value);
        }
        state.set(self.place, START);
        state
    }

    /// The planner's view of what `character` can do, one action per task, in its tie-break
    /// order: each task's action, which also puts the villager at the task's station, and costs
    /// the walk there from wherever the villager stands on top of the action's own cost. Costs
    /// are in [`COST_SCALE`]ths of the scenario's.
    pub fn planning_actions(&self, character: usize) -> Vec<planner::Action> {
        self.actions_of(character, true)
    }

    /// [`planning_actions`](Self::planning_actions) as seen from a station: the walks from where
    /// the character starts its day are left out. No action leads back there, so from a station
    /// they plan alike, and characters who differ only in where they start see the same actions.
    pub fn planning_actions_away(&self, character: usize) -> Vec<planner::Action> {
        self.actions_of(character, false)
    }

    fn actions_of(&self, character: usize, from_start: bool) -> Vec<planner::Action> {
        let c = &self.characters[character];
        let start = from_start.then_some((START, c.start));
        let origins = (start.into_iter())
            .chain(self.stations.iter().enumerate().map(|(s, station)| (s as Value, station.position)));
        c.tasks
            .iter()
            .map(|task| {
                let def = &self.actions[task.action];
                let mut action = def.planning.clone();
                action.name = format!("{}@{}", def.id, self.stations[task.station].id);
                action.cost = action.cost.saturating_mul(COST_SCALE);
                action.effects.push(planner::Effect::set(self.place, task.station as Value));
                for (origin, from) in origins.clone() {
                    action = match self.walk_cost(c, (origin, from), task.station) {
                        Some(0) => action,
                        Some(walk) => action.costs_more_where(self.place, origin, walk),
                        // The map gives no way there from this place: not from here.
                        None => action.needs(planner::Condition::differs(self.place, origin)),
                    };
                }
                // Waiting in line costs as walking does, a second for a second: each one ahead
                // holds the station about as long as this action would, shared by its capacity.
                // More ahead than a plan tells apart cost as much as the most it does.
                let station = &self.stations[task.station];
                if let (Some(line), Some(capacity)) = (self.lines[task.station], station.capacity) {
                    for ahead in 1..=MAX_AHEAD {
                        let seconds = ahead as f32 * def.duration / capacity as f32;
                        let cost = self.seconds_cost(seconds);
                        action = match (cost, ahead) {
                            (0, _) => action,
                            (_, MAX_AHEAD) => action.costs_more_from(line, ahead, cost),
                            _ => action.costs_more_where(line, ahead, cost),
                        };
                    }
                }
                action
            })
            .collect()
    }

    /// What `seconds` of walking or waiting cost in a plan, in [`COST_SCALE`]ths.
    pub(crate) fn seconds_cost(&self, seconds: f32) -> u32 {
        (seconds * self.settings.walk_weight * COST_SCALE as f32).round().min(u32::MAX as f32) as u32
    }
}

/// The longest line a plan tells apart: more ahead cost as much as this many.
pub const MAX_AHEAD: Value = 8;

/// A villager's place before its first step of the day (at its start): see [`Scenario::place`].
pub const START: Value = -1;

/// A villager's place where it stopped between stations (a walk broken off): no table of the
/// planner's prices walking from there, so its first walk is priced from where it stands, with
/// the question ([`Scenario::first_walks`], [`Planner::plan_afar`](crate::planner::Planner::plan_afar)).
pub const HERE: Value = -2;

/// Planner costs are hundredths of a scenario's costs, so that a short walk can cost a fraction
/// of an action.
pub const COST_SCALE: u32 = 100;

/// A planner cost in the scenario's units: `4.37`, or `4` when whole.
pub fn cost_text(cost: u64) -> String {
    let scale = u64::from(COST_SCALE);
    match cost % scale {
        0 => (cost / scale).to_string(),
        cents => format!("{}.{:02}", cost / scale, cents).trim_end_matches('0').to_owned(),
    }
}

/// A planner cost in the scenario's units, as a number.
pub fn cost_value(cost: u64) -> f64 {
    cost as f64 / f64::from(COST_SCALE)
}

/// Why a scenario could not be loaded.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LoadError {
    #[error("{file}: cannot read: {reason}")]
    Unreadable { file: String, reason: Phrase },
    #[error("{}", .diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))]
    Invalid { diagnostics: Vec<Diagnostic> },
}

impl LoadError {
    /// Every problem as a diagnostic (a read failure becomes one at 1:1).
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        match self {
            LoadError::Unreadable { file, reason } => {
                vec![Diagnostic::at_start(file, phrase!("scenario-cannot-read", reason = reason.clone()))]
            }
            LoadError::Invalid { diagnostics } => diagnostics.clone(),
        }
    }
}

/// Reads and validates the scenario at `path`.
pub fn load(path: &Path) -> Result<Scenario, LoadError> {
    parse_bytes(&read_capped(path)?, &path.display().to_string())
}

/// [`load`], with the text the scenario was read from (without a byte-order mark: the text
/// its [`text_hash`] is of), for a replay of its day to keep.
pub fn load_with_text(path: &Path) -> Result<(Scenario, String), LoadError> {
    let bytes = read_capped(path)?;
    let scenario = parse_bytes(&bytes, &path.display().to_string())?;
    let text = String::from_utf8(bytes).expect("a scenario that loads is UTF-8");
    Ok((scenario, text.strip_prefix('\u{feff}').map_or(text.clone(), str::to_owned)))
}

/// The bytes of the scenario file at `path`: a plain file (a named pipe is not opened: it would
/// wait for a writer) of at most [`limits::MAX_FILE_BYTES`].
fn read_capped(path: &Path) -> Result<Vec<u8>, LoadError> {
    let file = path.display().to_string();
    files::read_capped(path, limits::MAX_FILE_BYTES).map_err(|e| match e {
        ReadError::TooLarge => too_large(&file),
        e => LoadError::Unreadable { file, reason: unreadable(&e) },
    })
}

/// Why a file could not be read, in the reader's words where the system's are common ones.
fn unreadable(error: &ReadError) -> Phrase {
    match error {
        ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound => phrase!("scenario-no-such-file"),
        ReadError::Io(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            phrase!("scenario-permission-denied")
        }
        ReadError::NotAFile(_) => phrase!("scenario-not-a-file"),
        e => phrase!("scenario-system-says", why = e.to_string()),
    }
}

/// A scenario file longer than [`limits::MAX_FILE_BYTES`], said at its start.
pub(crate) fn too_large(file: &str) -> LoadError {
    let mib = (limits::MAX_FILE_BYTES >> 20) as i64;
    let too_large = Diagnostic::at_start(file, phrase!("scenario-too-large", mib = mib));
    LoadError::Invalid { diagnostics: vec![too_large] }
}

/// Validates a scenario file's bytes: UTF-8 text (a byte-order mark is skipped) of at most
/// [`limits::MAX_FILE_BYTES`]; `file` names it in messages.
pub fn parse_bytes(bytes: &[u8], file: &str) -> Result<Scenario, LoadError> {
    if bytes.len() > limits::MAX_FILE_BYTES {
        return Err(too_large(file));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text, file),
        Err(e) => {
            // Locate the first byte that is not UTF-8 within the part that is.
            let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            let lines = syntax::LineIndex::new(good);
            let at = lines.position(good.len());
            let not_utf8 = Diagnostic::new(Severity::Error, file, at, "", phrase!("scenario-not-utf8"));
            Err(LoadError::Invalid { diagnostics: vec![not_utf8] })
        }
    }
}

/// Validates scenario `text`; `file` names it in messages.
pub fn parse(text: &str, file: &str) -> Result<Scenario, LoadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut at = locate::Locations::new(text);
    let document = syntax::parse(text).map_err(|e| {
        let position = at.position(e.at);
        let place = (position.line, position.column);
        LoadError::Invalid { diagnostics: vec![Diagnostic::new(Severity::Error, file, place, "", e.phrase)] }
    })?;
    let (raw, read_problems) =
        read::read(&document, file, &mut at).map_err(|diagnostics| LoadError::Invalid { diagnostics })?;
    let mut scenario = validate::validate(raw, read_problems, file, &at)?;
    scenario.text_hash = text_hash(text);
    Ok(scenario)
}

/// The 64-bit FNV-1a hash of a scenario's text: the same text, the same hash, on any machine.
pub fn text_hash(text: &str) -> u64 {
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3))
}
