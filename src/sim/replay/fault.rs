//! What can be wrong with a replay file, as data — which part of the file, and why — said as one
//! located line in whichever language reads it (`FILE: edit 12 (day 1, step 99999): past the end
//! of a day of 3,000 steps`).

use super::format::{FORMAT, Moment};
use super::limits::{LATEST_DAY, MAX_FILE_BYTES, MOST_EDITS, MOST_PAINTED_CELLS, MOST_WORK};
use crate::files::ReadError;
use crate::scenario::{count_text, limits};
use crate::space::Ground;
use crate::words::{Lang, words};
use fluent_bundle::FluentValue;

/// A replay file that cannot be played, and why.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", self.text(Lang::ENGLISH))]
pub struct ReplayError {
    /// The file as it was named.
    pub file: String,
    pub fault: Fault,
}

/// What is wrong, and where in the file.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// The file could not be opened or read.
    Unreadable { reason: String },
    /// The path names something else than a file, which is never read (a pipe would block).
    NotAFile { kind: NotAFile },
    /// Longer than [`MAX_FILE_BYTES`].
    TooLarge,
    /// Not the JSON of a replay: where, and what the parser said.
    NotJson { line: usize, column: usize, why: String },
    /// JSON of another format (its `format` field).
    OtherKind { format: String },
    /// More edits than [`MOST_EDITS`].
    TooManyEdits { count: usize },
    /// More cells painted, over all its edits, than [`MOST_PAINTED_CELLS`].
    TooManyCells { count: usize },
    /// A town larger than the game plays ([`crate::sim::MOST_VILLAGERS_SHOWN`]).
    TooManyVillagers { villagers: usize },
    /// The replay's end, and what is wrong with it.
    End { end: Moment, problem: Problem },
    /// Edit `number` (from 1), and what is wrong with it.
    Edit { number: usize, at: Moment, problem: Problem },
    /// The scenario's text is not the one played.
    OtherText { name: String, played: String, file: String, now: String },
    /// The scenario text the replay keeps (its file changed since) does not load, or is not
    /// the text played.
    KeptText { why: String },
}

/// What the path names instead of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAFile {
    Directory,
    Fifo,
    Device,
    Socket,
    Other,
}

/// What is wrong with one moment or one edit.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// Day 0: days are counted from 1.
    DayZero,
    /// At or past the step that begins the next day.
    PastDayEnd {
        steps: u64,
    },
    /// A day later than [`LATEST_DAY`].
    TooLate,
    /// Playing the town to the end asks more than [`MOST_WORK`].
    TooLong {
        villagers: usize,
        work: u64,
    },
    /// An edit after the replay's end, never made.
    AfterEnd {
        end: Moment,
    },
    /// An edit before the one listed before it.
    OutOfOrder {
        previous: Moment,
    },
    /// A station moved outside the positions a scenario file may hold.
    Position {
        to: [f32; 2],
    },
    NoFact {
        fact: String,
    },
    NoTile {
        tile: usize,
        tiles: usize,
    },
    /// A villager stopped whom the town does not have.
    NoVillager {
        villager: usize,
        villagers: usize,
    },
    NoStation {
        station: String,
    },
    /// A cell painted with a character that is no kind of ground.
    Ground {
        found: char,
    },
    /// Cells painted on a scenario without a map.
    NoMap,
    /// A cell painted off the map, of `width` columns and `height` rows.
    OffMap {
        col: u64,
        row: u32,
        width: u32,
        height: u32,
    },
    /// A wall or water painted under a station where it stands then, or under a character's start.
    UnderStation {
        station: String,
        ground: Ground,
    },
    UnderStart {
        character: String,
        ground: Ground,
    },
}

impl ReplayError {
    /// One line: the file, where in it, and why, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match &self.fault {
            Fault::NotJson { line, column, .. } => {
                format!("{}:{line}:{column}: {}", self.file, self.fault.text(lang))
            }
            fault => format!("{}: {}", self.file, fault.text(lang)),
        }
    }
}

/// In English, without the file.
impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::ENGLISH))
    }
}

impl Fault {
    /// This fault in `file`.
    pub fn in_file(self, file: &std::path::Path) -> ReplayError {
        ReplayError { file: file.display().to_string(), fault: self }
    }

    /// Its kind, for counting faults of a kind (the fuzz's figures).
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Unreadable { .. } => "unreadable",
            Fault::NotAFile { .. } => "not a file",
            Fault::TooLarge => "too large",
            Fault::NotJson { .. } => "not JSON of a replay",
            Fault::OtherKind { .. } => "another kind of file",
            Fault::TooManyEdits { .. } => "too many edits",
            Fault::TooManyCells { .. } => "too many painted cells",
            Fault::TooManyVillagers { .. } => "too many villagers",
            Fault::End { problem, .. } => match problem {
                Problem::TooLong { .. } => "end: too long to play",
                _ => "end: not a moment of the run",
            },
            Fault::Edit { problem, .. } => match problem {
                Problem::DayZero | Problem::PastDayEnd { .. } | Problem::TooLate => {
                    "edit: not a moment of a day"
                }
                Problem::AfterEnd { .. } => "edit: after the end",
                Problem::OutOfOrder { .. } => "edit: out of order",
                Problem::Position { .. } => "edit: position out of bounds",
                Problem::NoFact { .. }
                | Problem::NoTile { .. }
                | Problem::NoVillager { .. }
                | Problem::NoStation { .. }
                | Problem::NoMap => "edit: not in the scenario",
                Problem::Ground { .. } => "edit: no kind of ground",
                Problem::OffMap { .. } => "edit: cell off the map",
                Problem::UnderStation { .. } | Problem::UnderStart { .. } => {
                    "edit: a wall or water under a station or a start"
                }
                Problem::TooLong { .. } => "edit: too long to play",
            },
            Fault::OtherText { .. } => "another text of the scenario",
            Fault::KeptText { .. } => "a kept text that is not the one played",
        }
    }

    /// The fault in `lang`, without the file.
    pub fn text(&self, lang: Lang) -> String {
        let w = words();
        let count = |n: u64| FluentValue::from(count_text(lang, n));
        match self {
            Fault::Unreadable { reason } => w.say(lang, "replay-unreadable", &[("reason", reason.into())]),
            Fault::NotAFile { kind } => {
                let kind = w.plain(lang, kind.id());
                w.say(lang, "replay-not-a-file", &[("kind", kind.into())])
            }
            Fault::TooLarge => {
                let most = count(MAX_FILE_BYTES as u64);
                w.say(lang, "replay-too-large", &[("most", most)])
            }
            Fault::NotJson { why, .. } => w.say(lang, "replay-not-json", &[("why", why.into())]),
            Fault::OtherKind { format } => w.say(
                lang,
                "replay-other-kind",
                &[("format", format!("{format:?}").into()), ("expected", format!("{:?}", FORMAT).into())],
            ),
            Fault::TooManyEdits { count: n } => w.say(
                lang,
                "replay-too-many-edits",
                &[("count", count(*n as u64)), ("most", count(MOST_EDITS as u64))],
            ),
            Fault::TooManyCells { count: n } => w.say(
                lang,
                "replay-too-many-cells",
                &[("count", count(*n as u64)), ("most", count(MOST_PAINTED_CELLS as u64))],
            ),
            Fault::TooManyVillagers { villagers } => w.say(
                lang,
                "replay-too-many-villagers",
                &[
                    ("villagers", count(*villagers as u64)),
                    ("most", count(crate::sim::MOST_VILLAGERS_SHOWN as u64)),
                ],
            ),
            Fault::End { end, problem } => w.say(
                lang,
                "replay-end",
                &[("day", end.day.into()), ("step", end.step.into()), ("problem", problem.text(lang).into())],
            ),
            Fault::Edit { number, at, problem } => w.say(
                lang,
                "replay-edit",
                &[
                    ("n", (*number as u64).into()),
                    ("day", at.day.into()),
                    ("step", at.step.into()),
                    ("problem", problem.text(lang).into()),
                ],
            ),
            Fault::KeptText { why } => w.say(lang, "replay-kept-text", &[("why", why.into())]),
            Fault::OtherText { name, played, file, now } => w.say(
                lang,
                "replay-other-text",
                &[
                    ("name", name.into()),
                    ("played", played.into()),
                    ("file", file.into()),
                    ("now", now.into()),
                ],
            ),
        }
    }
}

/// A replay file that could not be read: the fault of each way.
impl From<ReadError> for Fault {
    fn from(error: ReadError) -> Fault {
        match error {
            ReadError::NotAFile(kind) => Fault::NotAFile { kind: NotAFile::of(kind) },
            ReadError::TooLarge => Fault::TooLarge,
            ReadError::Io(error) => Fault::Unreadable { reason: error.to_string() },
        }
    }
}

impl NotAFile {
    /// What `kind` of thing it is, from its metadata.
    pub fn of(kind: std::fs::FileType) -> NotAFile {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() {
                return NotAFile::Fifo;
            }
            if kind.is_block_device() || kind.is_char_device() {
                return NotAFile::Device;
            }
            if kind.is_socket() {
                return NotAFile::Socket;
            }
        }
        if kind.is_dir() { NotAFile::Directory } else { NotAFile::Other }
    }

    fn id(self) -> &'static str {
        match self {
            NotAFile::Directory => "replay-kind-directory",
            NotAFile::Fifo => "replay-kind-fifo",
            NotAFile::Device => "replay-kind-device",
            NotAFile::Socket => "replay-kind-socket",
            NotAFile::Other => "replay-kind-other",
        }
    }
}

/// A scenario's id as its messages quote one.
fn quoted(id: &str) -> FluentValue<'static> {
    format!("\"{}\"", crate::scenario::syntax::cut(id)).into()
}

impl Problem {
    fn text(&self, lang: Lang) -> String {
        let w = words();
        let count = |n: u64| FluentValue::from(count_text(lang, n));
        let moment = |at: &Moment| [("day", FluentValue::from(at.day)), ("step", FluentValue::from(at.step))];
        match self {
            Problem::DayZero => w.plain(lang, "replay-day-zero").to_owned(),
            Problem::PastDayEnd { steps } => w.say(lang, "replay-past-day-end", &[("steps", count(*steps))]),
            Problem::TooLate => w.say(lang, "replay-too-late", &[("most", count(u64::from(LATEST_DAY)))]),
            Problem::TooLong { villagers, work } => w.say(
                lang,
                "replay-too-long",
                &[
                    ("villagers", count(*villagers as u64)),
                    ("work", count(*work)),
                    ("most", count(MOST_WORK)),
                ],
            ),
            Problem::AfterEnd { end } => w.say(lang, "replay-after-end", &moment(end)),
            Problem::OutOfOrder { previous } => w.say(lang, "replay-out-of-order", &moment(previous)),
            Problem::Position { to } => {
                let (least, most, what) = limits::POSITION;
                let at = |x: f32| crate::scenario::number(f64::from(x));
                w.say(
                    lang,
                    "replay-position",
                    &[
                        ("x", at(to[0]).into()),
                        ("y", at(to[1]).into()),
                        ("what", what().text(lang).into()),
                        ("min", least.to_string().into()),
                        ("max", most.to_string().into()),
                    ],
                )
            }
            Problem::NoFact { fact } => w.say(lang, "replay-no-fact", &[("fact", fact.into())]),
            Problem::NoTile { tile, tiles } => w.say(
                lang,
                "replay-no-tile",
                &[("tile", count(*tile as u64)), ("tiles", count(*tiles as u64))],
            ),
            Problem::NoVillager { villager, villagers } => w.say(
                lang,
                "replay-no-villager",
                &[("villager", count(*villager as u64)), ("villagers", count(*villagers as u64))],
            ),
            Problem::NoStation { station } => {
                w.say(lang, "replay-no-station", &[("station", station.into())])
            }
            // What the scenario's own rows and places are told when they are so.
            Problem::Ground { found } => {
                let legend = Ground::ALL.map(|g| (g.name(), FluentValue::from(g.char().to_string())));
                let legend = w.say(lang, "scenario-map-legend", &legend);
                let args = [("char", found.to_string().into()), ("legend", legend.into())];
                w.say(lang, "scenario-map-unknown-ground", &args)
            }
            Problem::NoMap => w.plain(lang, "replay-no-map").to_owned(),
            Problem::OffMap { col, row, width, height } => w.say(
                lang,
                "replay-off-map",
                &[
                    ("col", count(*col)),
                    ("row", count(u64::from(*row))),
                    ("width", count(u64::from(*width))),
                    ("height", count(u64::from(*height))),
                ],
            ),
            Problem::UnderStation { station, ground } => {
                let args = [("name", quoted(station)), ("ground", ground.name().into())];
                w.say(lang, "scenario-station-off-ground", &args)
            }
            Problem::UnderStart { character, ground } => {
                let args = [("name", quoted(character)), ("ground", ground.name().into())];
                w.say(lang, "scenario-start-off-ground", &args)
            }
        }
    }
}
