//! The command line: no subcommand opens the game; `check` validates scenarios, `plan` asks the
//! planner one question, `run` plays a scenario headless (or shows a villager at a moment of its
//! day), `replay` opens a saved day in the game, `bench` measures a town of thousands,
//! `fuzz` feeds the loader mutated scenarios (or, with `--replays`, replays mutated replay files).

#[cfg(feature = "sim")]
mod bench;
mod check;
mod fuzz;
#[cfg(feature = "sim")]
mod fuzz_replays;
#[cfg(feature = "sim")]
mod moment;
mod plan;
#[cfg(feature = "sim")]
mod run;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "goap-town",
    version,
    about = "A town of villagers that runs itself by Goal-Oriented Action Planning",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Without a subcommand: the scenario to open in the game (default: scenarios/village.ron).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub game: GameArgs,
    /// The language of the interface, the log and a scenario's problems: en, es, or any
    /// assets/i18n/ID.ftl.
    #[arg(long, value_name = "LANG", default_value = "en", global = true)]
    pub lang: String,
}

/// The town overview's tabs: the game's, and named by `--overview TAB`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OverviewTab {
    #[default]
    Villagers,
    Stations,
    Bottlenecks,
    Alerts,
    Lanes,
    Days,
}

/// How the game window starts: with a scenario, or with a replay.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// Save a PNG of the game window after `--after` simulated seconds, then exit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Simulated seconds to play before `--screenshot`.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    pub after: f32,
    /// Select this villager, or this station, (by id) when the game starts.
    #[arg(long, value_name = "ID")]
    pub select: Option<String>,
    /// Play a town of this many villagers (1 to 50,000), the scenario tiled as `bench` tiles it.
    #[cfg(feature = "sim")]
    #[arg(long, value_name = "N", value_parser = villagers_up_to(crate::sim::MOST_VILLAGERS_SHOWN))]
    pub villagers: Option<usize>,
    /// Start at this speed: simulated seconds per second, 1 to 8.
    #[arg(long, value_name = "X", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub speed: u32,
    /// On leaving, print how long frames took: the app's own work (simulation, view and
    /// interface) and the whole frame.
    #[arg(long)]
    pub frame_stats: bool,
    /// Follow the villager `--select` names with the camera (F turns it on and off).
    #[arg(long)]
    pub follow: bool,
    /// Open the town overview (T) from the start, on a tab (`--overview=lanes`; villagers unless named).
    #[arg(long, value_name = "TAB", num_args = 0..=1, require_equals = true, default_missing_value = "villagers")]
    pub overview: Option<OverviewTab>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate scenario files: every error as `path:line:col: field: message`, exit 1 if any.
    Check {
        /// Scenario files (RON).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Feed the scenario loader mutated copies of the shipped scenarios and check that each one
    /// loads or gets located errors, without a panic; exit 1 if any broke that rule. With
    /// `--replays`, mutated replay files: each refused with a located fault or played faithfully.
    Fuzz {
        /// Fuzz replay files instead of scenarios (needs the simulation: the `sim` feature).
        #[arg(long)]
        replays: bool,
        /// How many mutants to check.
        #[arg(long, default_value_t = 100_000)]
        inputs: usize,
        /// Seed of the mutations (the same seed checks the same mutants).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads to check on (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Save each mutant that broke a rule into this folder, to reproduce it.
        #[arg(long, value_name = "DIR")]
        save: Option<PathBuf>,
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
        /// Print the search too: every state expanded, in order, with g, h, f and the actions tried.
        #[arg(long)]
        trace: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Run the town headless, as fast as it goes, and print a report for each day.
    #[cfg(feature = "sim")]
    Run {
        /// Scenario file (RON).
        file: PathBuf,
        /// How many days to play (1 to 1,000); each day's report is printed as it ends.
        #[arg(long, default_value_t = 1, value_parser = days_up_to())]
        days: u32,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Instead of the report: the villager `--villager` at this moment, seconds from the
        /// first dawn (0 to 1,000 days' length).
        #[arg(long, value_name = "SECONDS", requires = "villager")]
        at: Option<f32>,
        /// The villager (character id) to show `--at` a moment.
        #[arg(long, value_name = "ID", requires = "at")]
        villager: Option<String>,
        /// Play the day as this replay file (from the game's `Save day`) kept it, with its edits.
        #[arg(long, value_name = "FILE", requires = "at")]
        replay: Option<PathBuf>,
    },
    /// Open the game at the end of a day saved with `Save day`, its edits made again.
    #[cfg(feature = "game")]
    Replay {
        /// The replay file.
        file: PathBuf,
        #[command(flatten)]
        game: GameArgs,
    },
    /// Measure a town of many villagers, tiled from one scenario, run headless as fast as it goes.
    #[cfg(feature = "sim")]
    Bench {
        /// How many villagers, 1 to 10,000,000 (the scenario is repeated, each copy with its own
        /// world and stations).
        #[arg(long, default_value_t = 10_000, value_parser = villagers_up_to(crate::sim::MOST_VILLAGERS))]
        villagers: usize,
        /// How many days to play (1 to 1,000).
        #[arg(long, default_value_t = 1, value_parser = days_up_to())]
        days: u32,
        /// Threads to run on (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Villagers per shard: the town runs as shards of whole tiles of about this many, each
        /// through the whole run while its state stays in the cache, spread over the threads
        /// (0: one shard per thread).
        #[arg(long, default_value_t = bench::SHARD_VILLAGERS)]
        shard_villagers: usize,
        /// Seed of the ±20 % variations of start positions and walking speeds.
        #[arg(long, default_value_t = crate::sim::DEFAULT_SEED)]
        seed: u64,
        /// The scenario to tile (default: scenarios/town.ron).
        #[arg(long, value_name = "FILE")]
        scenario: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a parsed command line, writing to `out` and `err`; returns the process exit code.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match cli.command {
        Some(Command::Check { files }) => {
            let Some(lang) = lang(&cli.lang, err) else { return 1 };
            check::run(&files, lang, out, err)
        }
        Some(Command::Fuzz { replays, inputs, seed, threads, save }) => {
            let threads =
                threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            match replays {
                false => fuzz::run(inputs, seed, threads, save.as_deref(), out),
                #[cfg(feature = "sim")]
                true => fuzz_replays::run(inputs, seed, threads, save.as_deref(), out),
                #[cfg(not(feature = "sim"))]
                true => {
                    let _ =
                        writeln!(err, "fuzz --replays: this build has no simulation (built without `sim`)");
                    2
                }
            }
        }
        Some(Command::Plan { file, character, goal, overrides, trace, json }) => {
            let Some(lang) = lang(&cli.lang, err) else { return 1 };
            plan::run(&plan::Request { file, character, goal, overrides, trace, json, lang }, out, err)
        }
        #[cfg(feature = "sim")]
        Some(Command::Run { file, days, json, at, villager, replay }) => {
            let Some(lang) = lang(&cli.lang, err) else { return 1 };
            match (at, villager) {
                (Some(at), Some(villager)) => {
                    moment::run(&moment::Request { file, replay, at, villager, lang, json }, out, err)
                }
                _ => run::run(&file, days, lang, json, out, err),
            }
        }
        #[cfg(feature = "sim")]
        Some(Command::Bench { villagers, days, threads, shard_villagers, seed, scenario, json }) => {
            let Some(lang) = lang(&cli.lang, err) else { return 1 };
            bench::run(
                &bench::Request {
                    file: scenario.as_deref(),
                    villagers,
                    days,
                    threads,
                    shard_villagers,
                    seed,
                    json,
                    lang,
                },
                out,
                err,
            )
        }
        #[cfg(feature = "game")]
        Some(Command::Replay { file, game }) => {
            let Some(lang) = lang(&cli.lang, err) else { return 1 };
            let _ = out.flush();
            crate::game::run(game_options(game, None, Some(file), lang))
        }
        #[cfg(feature = "game")]
        None => {
            let Some(lang) = lang(&cli.lang, err) else { return 1 };
            let _ = out.flush();
            crate::game::run(game_options(cli.game, cli.file, None, lang))
        }
        #[cfg(not(feature = "game"))]
        None => {
            let _ =
                writeln!(out, "goap-town: this build has no game window (built without the `game` feature)");
            0
        }
    }
}

#[cfg(feature = "game")]
fn game_options(
    game: GameArgs,
    file: Option<PathBuf>,
    replay: Option<PathBuf>,
    lang: crate::words::Lang,
) -> crate::game::GameOptions {
    crate::game::GameOptions {
        file,
        replay,
        screenshot: game.screenshot,
        after: game.after,
        select: game.select,
        villagers: game.villagers,
        speed: game.speed,
        frame_stats: game.frame_stats,
        follow: game.follow,
        overview: game.overview,
        lang,
    }
}

/// `--villagers`: a town of 1 to `most`.
#[cfg(feature = "sim")]
fn villagers_up_to(most: usize) -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=most as u64)
}

/// `--days`: 1 to [`crate::sim::MOST_DAYS`].
#[cfg(feature = "sim")]
fn days_up_to() -> clap::builder::RangedU64ValueParser<u32> {
    clap::builder::RangedU64ValueParser::new().range(1..=u64::from(crate::sim::MOST_DAYS))
}

/// The language `--lang` names, or `None` having said which there are.
fn lang(id: &str, err: &mut dyn Write) -> Option<crate::words::Lang> {
    let words = crate::words::words();
    let found = words.lang(id);
    if found.is_none() {
        let ids: Vec<&str> = (0..words.count()).map(|i| words.id(crate::words::Lang(i))).collect();
        let _ = writeln!(err, "--lang {id}: expected one of {}", ids.join(", "));
    }
    found
}
