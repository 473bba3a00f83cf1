//! postrider: a play-by-mail game master. The one binary; every subcommand is a thin layer over
//! the library crates.

use std::io::Read;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "postrider", version, about = "A play-by-mail game master")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Scenarios in the public notation (shared/spec/breaking-away-scenario.md).
    #[command(subcommand)]
    Scenario(ScenarioCommand),
}

#[derive(Debug, Subcommand)]
enum ScenarioCommand {
    /// Resolve one turn of a scenario and print the result as JSON.
    Run {
        /// The scenario file, or - for standard input.
        file: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("postrider: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Scenario(ScenarioCommand::Run { file }) => {
            let text = read_input(&file)?;
            let result = game_breaking_away::scenario::run_json(&text)?;
            println!("{}", result.to_json_pretty());
            Ok(())
        }
    }
}

fn read_input(file: &str) -> Result<String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading standard input")?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).with_context(|| format!("reading {file}"))
    }
}
