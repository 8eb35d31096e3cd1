//! The command line: `check` validates scenarios, `plan` asks the planner one question.

mod check;
mod plan;
#[cfg(feature = "game")]
mod run;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "goap-town",
    version,
    about = "A town of villagers that runs itself by Goal-Oriented Action Planning"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate scenario files: every error as `path:line:col: field: message`, exit 1 if any.
    Check {
        /// Scenario files (RON).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Plan one goal for one character from the scenario's start state.
    Plan {
        /// Scenario file (RON).
        file: PathBuf,
        /// The character's id.
        #[arg(long)]
        character: String,
        /// The goal's id.
        #[arg(long)]
        goal: String,
        /// Override a starting fact: `world.tools=1`, `agent.hasWeapon=1`. Repeatable.
        #[arg(long = "set", value_name = "SCOPE.FACT=N")]
        overrides: Vec<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Run the town headless, as fast as it goes, and print a report for each day.
    #[cfg(feature = "game")]
    Run {
        /// Scenario file (RON).
        file: PathBuf,
        /// How many days to play.
        #[arg(long, default_value_t = 1)]
        days: u32,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a parsed command line, writing to `out` and `err`; returns the process exit code.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match cli.command {
        Some(Command::Check { files }) => check::run(&files, out, err),
        Some(Command::Plan { file, character, goal, overrides, json }) => {
            plan::run(&plan::Request { file, character, goal, overrides, json }, out, err)
        }
        #[cfg(feature = "game")]
        Some(Command::Run { file, days, json }) => run::run(&file, days, json, out, err),
        None => {
            let _ = writeln!(
                out,
                "goap-town: the game window is not part of this build yet.\n\
                 Try `goap-town check scenarios/*.ron` or `goap-town plan scenarios/cook.ron --character cook --goal fed`."
            );
            0
        }
    }
}
