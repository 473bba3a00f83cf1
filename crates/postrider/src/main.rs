//! postrider: a play-by-mail game master. The one binary; every subcommand is a thin layer over
//! the library crates. Errors print one line and exit with status 2.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use bots::breaking_away::BotKind;
use clap::{Args, Parser, Subcommand};
use game_api::{Seat, Seed, Viewer};
use game_breaking_away::orders::{parse_lineup, parse_orders};
use game_breaking_away::race::Race;
use game_breaking_away::report;
use game_breaking_away::{Options, RuleSet, Rules};

#[derive(Debug, Parser)]
#[command(
    name = "postrider",
    version,
    about = "A play-by-mail game master",
    max_term_width = 100
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a whole race between bots and print it turn by turn.
    Demo(DemoArgs),
    /// Start a new race and write its game file.
    New(NewArgs),
    /// Seal a team's starting cards (postal 3.1), e.g. "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6".
    Lineup(TeamText),
    /// Seal a team's orders for the coming turn, e.g. "A 12 B 3 C 9 D 7".
    Orders(TeamText),
    /// Adjudicate the coming turn (NMR for missing orders) and print the turn report.
    Resolve(ResolveArgs),
    /// Print the race as it stands, or a past turn's report.
    Report(ReportArgs),
    /// Declare a rider dropped (postal 10.1): it needs no more orders.
    Drop(RiderArgs),
    /// Retire a rider from the race (board: by agreement).
    Retire(RiderArgs),
    /// Replay a game file's log from its seed and check it reproduces the stored race.
    Replay {
        /// The game file.
        game: PathBuf,
    },
    /// Scenarios in the public notation (shared/spec/breaking-away-scenario.md).
    #[command(subcommand)]
    Scenario(ScenarioCommand),
}

#[derive(Debug, Args)]
struct DemoArgs {
    /// The rule set: postal-2.2 or board.
    #[arg(long, default_value = "postal-2.2")]
    rules: String,
    /// A board-game option (repeatable): group_breakaways, turn1_congestion, staggered_start, open_hands.
    #[arg(long = "option")]
    options: Vec<String>,
    /// The bots, one per team (random, nmr, heuristic).
    #[arg(
        long,
        default_value = "heuristic,heuristic,random,nmr",
        value_delimiter = ','
    )]
    bots: Vec<String>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Debug, Args)]
struct NewArgs {
    /// Where to write the game file.
    game: PathBuf,
    /// The rule set: postal-2.2 or board.
    #[arg(long, default_value = "postal-2.2")]
    rules: String,
    /// A board-game option (repeatable): group_breakaways, turn1_congestion, staggered_start, open_hands.
    #[arg(long = "option")]
    options: Vec<String>,
    /// The teams in seating order, comma-separated (e.g. red,blue,green).
    #[arg(long, value_delimiter = ',', required = true)]
    teams: Vec<String>,
    /// The seed every random draw of the race comes from (default: drawn now and stored).
    #[arg(long)]
    seed: Option<u64>,
    /// Overwrite an existing file.
    #[arg(long)]
    force: bool,
}

#[derive(Debug, Args)]
struct TeamText {
    /// The game file.
    game: PathBuf,
    /// The team.
    #[arg(long)]
    team: String,
    /// The text, as words on the command line, or - to read it from standard input.
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    text: Vec<String>,
}

#[derive(Debug, Args)]
struct ResolveArgs {
    /// The game file.
    game: PathBuf,
    /// Print the report as this team sees it (default: the GM's copy).
    #[arg(long)]
    team: Option<String>,
}

#[derive(Debug, Args)]
struct ReportArgs {
    /// The game file.
    game: PathBuf,
    /// The report as this team sees it (default: the GM's copy).
    #[arg(long, conflicts_with = "public")]
    team: Option<String>,
    /// The public copy: no hands, no sealed orders.
    #[arg(long)]
    public: bool,
    /// A past turn's report instead of the current standing.
    #[arg(long)]
    turn: Option<u16>,
}

#[derive(Debug, Args)]
struct RiderArgs {
    /// The game file.
    game: PathBuf,
    /// The rider, as team-grade (e.g. red-C).
    #[arg(long)]
    rider: String,
}

#[derive(Debug, Subcommand)]
enum ScenarioCommand {
    /// Resolve one turn of a scenario and print the result as JSON.
    Run {
        /// The scenario file, or - for standard input.
        file: String,
    },
    /// Print a race's current position and sealed orders as a scenario (GM only: it shows hands).
    Export {
        /// The game file.
        game: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`postrider demo | head`): not an error of ours.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("postrider: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Demo(args) => demo(args),
        Command::New(args) => {
            if args.game.exists() && !args.force {
                bail!(
                    "{}: already exists (use --force to overwrite)",
                    args.game.display()
                );
            }
            let rules = parse_rules(&args.rules, &args.options)?;
            let seed = Seed(args.seed.unwrap_or_else(fresh_seed));
            let race = Race::new(rules, args.teams, seed)?;
            save(&args.game, &race)?;
            println!(
                "New {} race for {} with seed {}: {}. Next: each team's line-up (postrider lineup).",
                rules.set,
                race.teams().join(", "),
                seed.0,
                args.game.display()
            );
            Ok(())
        }
        Command::Lineup(args) => {
            let mut race = load(&args.game)?;
            let lineup = parse_lineup(&text_argument(&args.text)?)
                .map_err(|e| anyhow::anyhow!("line-up: {e}"))?;
            race.submit_lineup(&args.team, lineup.clone())?;
            save(&args.game, &race)?;
            println!("Line-up sealed for {}: {lineup}", args.team);
            Ok(())
        }
        Command::Orders(args) => {
            let mut race = load(&args.game)?;
            let orders = parse_orders(&text_argument(&args.text)?)
                .map_err(|e| anyhow::anyhow!("orders: {e}"))?;
            race.submit_orders(&args.team, orders)?;
            save(&args.game, &race)?;
            println!(
                "Orders sealed for {}, turn {}: {orders}",
                args.team,
                race.turn()
            );
            Ok(())
        }
        Command::Resolve(args) => {
            let mut race = load(&args.game)?;
            let viewer = viewer(&race, args.team.as_deref(), false)?;
            let record = race.resolve()?.clone();
            save(&args.game, &race)?;
            emit(&report::turn_report(&race, &record, viewer))?;
            Ok(())
        }
        Command::Report(args) => {
            let race = load(&args.game)?;
            let viewer = viewer(&race, args.team.as_deref(), args.public)?;
            match args.turn {
                None => emit(&report::race_report(&race, viewer))?,
                Some(turn) => {
                    let Some(record) = race.history().iter().find(|r| r.outcome.turn == turn)
                    else {
                        bail!(
                            "--turn: turn {turn} has not been resolved (resolved: {})",
                            race.history().len()
                        );
                    };
                    emit(&report::turn_report(&race, record, viewer))?;
                }
            }
            Ok(())
        }
        Command::Drop(args) => {
            let mut race = load(&args.game)?;
            race.drop_rider(&args.rider)?;
            save(&args.game, &race)?;
            println!(
                "{} is dropped: no more orders needed; without orders it plays its highest card.",
                args.rider
            );
            Ok(())
        }
        Command::Retire(args) => {
            let mut race = load(&args.game)?;
            race.retire_rider(&args.rider)?;
            save(&args.game, &race)?;
            println!("{} has retired from the race.", args.rider);
            Ok(())
        }
        Command::Replay { game } => {
            // Loading replays the log from the seed and refuses a file whose stored position
            // differs from the replay.
            let race = load(&game)?;
            println!(
                "{}: replayed {} log entries ({} turns) from seed {}; the replay matches the stored race.",
                game.display(),
                race.log().len(),
                race.history().len(),
                race.seed().0
            );
            Ok(())
        }
        Command::Scenario(ScenarioCommand::Run { file }) => {
            let text = read_input(&file)?;
            let result = game_breaking_away::scenario::run_json(&text)?;
            emit(&format!("{}\n", result.to_json_pretty()))?;
            Ok(())
        }
        Command::Scenario(ScenarioCommand::Export { game }) => {
            let race = load(&game)?;
            let Some(scenario) = race.scenario() else {
                bail!(
                    "{}: the race has not started, there is no position yet",
                    game.display()
                );
            };
            emit(&format!(
                "{}\n",
                serde_json::to_string_pretty(&scenario.to_json())?
            ))?;
            Ok(())
        }
    }
}

/// Writes to standard output; a closed pipe comes back as an error instead of a panic.
fn emit(text: &str) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

fn parse_rules(set: &str, options: &[String]) -> Result<Rules> {
    let set: RuleSet = set.parse().map_err(anyhow::Error::msg).context("--rules")?;
    let mut opts = Options::default();
    for name in options {
        opts.set(name)
            .map_err(anyhow::Error::msg)
            .context("--option")?;
    }
    Rules::new(set, opts).map_err(anyhow::Error::msg)
}

fn viewer(race: &Race, team: Option<&str>, public: bool) -> Result<Viewer> {
    Ok(match (team, public) {
        (Some(team), _) => Viewer::Seat(Seat(race.team_index(team)?)),
        (None, true) => Viewer::Public,
        (None, false) => Viewer::Gm,
    })
}

/// A seed for a new game: the one place postrider reads the clock for randomness. It is stored
/// with the game, so everything after is reproducible.
fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    (now.as_nanos() as u64) ^ (u64::from(std::process::id()) << 32)
}

fn text_argument(words: &[String]) -> Result<String> {
    if words.len() == 1 && words[0] == "-" {
        read_input("-")
    } else {
        Ok(words.join(" "))
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

fn load(path: &Path) -> Result<Race> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Race::from_json(&text).with_context(|| path.display().to_string())
}

/// Writes the game file whole or not at all: a temporary file beside it, then a rename.
fn save(path: &Path, race: &Race) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .context("the game file needs a file name")?;
    let tmp = dir.join(format!(".{}.tmp", name.to_string_lossy()));
    std::fs::write(&tmp, race.to_json()).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

const TEAM_NAMES: [&str; 16] = [
    "red", "blue", "green", "yellow", "white", "black", "orange", "purple", "pink", "grey",
    "brown", "cyan", "gold", "silver", "navy", "lime",
];

fn demo(args: DemoArgs) -> Result<()> {
    let rules = parse_rules(&args.rules, &args.options)?;
    let kinds: Vec<BotKind> = args
        .bots
        .iter()
        .map(|b| b.parse().map_err(anyhow::Error::msg))
        .collect::<Result<_>>()
        .context("--bots")?;
    let teams: Vec<String> = (0..kinds.len())
        .map(|i| {
            TEAM_NAMES
                .get(i)
                .map_or(format!("team{i}"), |n| n.to_string())
        })
        .collect();
    emit(&demo_race(rules, &kinds, teams, Seed(args.seed))?)?;
    Ok(())
}

/// A whole race between bots, every turn's GM report in order.
fn demo_race(rules: Rules, kinds: &[BotKind], teams: Vec<String>, seed: Seed) -> Result<String> {
    let mut race = Race::new(rules, teams.clone(), seed)?;
    let mut out = String::new();
    out.push_str(&format!(
        "A demonstration race: {} (seed {}).\n\n",
        teams
            .iter()
            .zip(kinds)
            .map(|(t, k)| format!("{t} ({k})"))
            .collect::<Vec<_>>()
            .join(", "),
        seed.0
    ));
    for (t, kind) in kinds.iter().enumerate() {
        let mut rng = seed.rng(1 << 40 | t as u64);
        race.submit_lineup(&teams[t], kind.lineup(rules, &mut rng))?;
    }
    race.start()?;
    while let Some(position) = race.position().filter(|p| !p.is_over()) {
        let views: Vec<_> = (0..kinds.len())
            .map(|t| position.view(Viewer::Seat(Seat(t as u8))))
            .collect();
        for (t, kind) in kinds.iter().enumerate() {
            let mut rng = seed.rng(1 << 41 | u64::from(race.turn()) << 8 | t as u64);
            let orders = kind.orders(&views[t], &mut rng);
            if !orders.is_empty() {
                race.submit_orders(&teams[t], orders)?;
            }
        }
        let record = race.resolve()?.clone();
        out.push_str(&report::turn_report(&race, &record, Viewer::Gm));
        out.push('\n');
    }
    Ok(out)
}
