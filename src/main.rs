//! The `goap-town` binary: parses the command line and hands it to [`goap_town::cli`].

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = goap_town::cli::Cli::parse();
    let code = goap_town::cli::run(cli, &mut std::io::stdout(), &mut std::io::stderr());
    ExitCode::from(code)
}
