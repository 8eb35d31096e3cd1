//! Which scenario to play: a file, or one built into the binary when there is no `scenarios/`
//! folder; and loading one with its problems reported, the same way for every command.

use super::{Diagnostic, LoadError, SHIPPED, Scenario};
use crate::words::Lang;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where shipped scenarios live next to the working directory.
pub const SCENARIO_FOLDER: &str = "scenarios";

/// A scenario file, or one of the scenarios built into the binary.
#[derive(Debug, Clone, PartialEq)]
pub enum ScenarioChoice {
    File(PathBuf),
    BuiltIn(&'static str),
}

impl ScenarioChoice {
    /// The file's path, or the built-in one's name marked as such.
    pub fn name(&self) -> String {
        match self {
            ScenarioChoice::File(path) => path.display().to_string(),
            ScenarioChoice::BuiltIn(name) => format!("{name} (built-in)"),
        }
    }

    pub fn load(&self) -> Result<Scenario, LoadError> {
        match self {
            ScenarioChoice::File(path) => super::load(path),
            ScenarioChoice::BuiltIn(name) => super::parse(super::shipped(name).unwrap_or_default(), name),
        }
    }

    /// [`load`](Self::load), with the text it was read from ([`super::load_with_text`]).
    pub fn load_with_text(&self) -> Result<(Scenario, String), LoadError> {
        match self {
            ScenarioChoice::File(path) => super::load_with_text(path),
            ScenarioChoice::BuiltIn(name) => {
                let text = super::shipped(name).unwrap_or_default();
                super::parse(text, name).map(|s| (s, text.to_owned()))
            }
        }
    }

    /// [`load`](Self::load), or every problem written to `err` in `lang`, one a line, and
    /// handed back (to be said again, in whatever language the reader picks later).
    pub fn load_or_report(&self, lang: Lang, err: &mut dyn Write) -> Result<Scenario, Vec<Diagnostic>> {
        reported(self.load(), lang, err)
    }

    /// [`load_with_text`](Self::load_with_text), its problems reported as
    /// [`load_or_report`](Self::load_or_report) reports them.
    pub fn load_with_text_or_report(
        &self,
        lang: Lang,
        err: &mut dyn Write,
    ) -> Result<(Scenario, String), Vec<Diagnostic>> {
        reported(self.load_with_text(), lang, err)
    }
}

/// `loaded`, or its problems written to `err` in `lang`, one a line, and handed back.
fn reported<T>(loaded: Result<T, LoadError>, lang: Lang, err: &mut dyn Write) -> Result<T, Vec<Diagnostic>> {
    loaded.map_err(|e| {
        let diagnostics = e.diagnostics();
        for diagnostic in &diagnostics {
            let _ = writeln!(err, "{}", diagnostic.text(lang));
        }
        diagnostics
    })
}

/// Loads the scenario file at `path`, or writes every problem to `err` in `lang`, one a line,
/// and hands them back (for a banner, say). What every command that plays or asks about one
/// file uses.
pub fn load_or_report(path: &Path, lang: Lang, err: &mut dyn Write) -> Result<Scenario, Vec<Diagnostic>> {
    ScenarioChoice::File(path.to_path_buf()).load_or_report(lang, err)
}

/// The scenario the game opens without a FILE: a village busy from dawn to dusk.
pub const DEFAULT_SCENARIO: &str = "village.ron";

/// The scenario to start with: FILE, else `DEFAULT_SCENARIO` in `scenarios/`, else the
/// built-in one.
pub fn first_choice(file: Option<&Path>) -> ScenarioChoice {
    file_or(file, DEFAULT_SCENARIO)
}

/// FILE, else the shipped scenario `name` in `scenarios/`, else the one built into the binary.
pub fn file_or(file: Option<&Path>, name: &'static str) -> ScenarioChoice {
    let shipped = Path::new(SCENARIO_FOLDER).join(name);
    match file {
        Some(path) => ScenarioChoice::File(path.to_path_buf()),
        None if shipped.is_file() => ScenarioChoice::File(shipped),
        None => ScenarioChoice::BuiltIn(name),
    }
}

/// The scenario files in `scenarios/`, or the built-in ones when there is no such folder.
pub fn available_scenarios() -> Vec<ScenarioChoice> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(SCENARIO_FOLDER)
        .map(|dir| {
            dir.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    if files.is_empty() {
        SHIPPED.iter().map(|(name, _)| ScenarioChoice::BuiltIn(name)).collect()
    } else {
        files.into_iter().map(ScenarioChoice::File).collect()
    }
}
