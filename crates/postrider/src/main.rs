//! postrider: a play-by-mail game master. The one binary; every subcommand is a thin layer over
//! the library crates. Errors print one line and exit with status 2.

/// mimalloc rather than glibc's malloc: see docs/performance.md, the deadline storm.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod account;
mod backpacks;
mod database;
mod desk;
mod files;
mod healthcheck;
mod in_use;
mod logging;
mod permissions;
mod season;
mod serve;
mod serve_settings;
mod settings_flags;
mod stop;
mod tournament;
mod upkeep;

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use files::{emit, read_input};

/// This release: the workspace version, and the git commit it was built from if any
/// (`build.rs`), e.g. `0.3.0 (git 13875d2abcde)`.
pub const RELEASE: &str = env!("POSTRIDER_RELEASE");

#[derive(Debug, Parser)]
#[command(
    name = "postrider",
    version = RELEASE,
    about = "A play-by-mail game master",
    max_term_width = 100
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the GM server: games with deadlines, sealed orders and reports, on the web and a JSON API.
    Serve(Box<serve::ServeArgs>),
    /// Write a server's game as a game file (for report, replay, resolve): export --game ID > FILE.
    Export(serve::ExportArgs),
    /// Read one mail message on standard input for a server (an MTA's pipe): orders by mail.
    /// Exit 0 when handled, 75 when the database cannot be reached (the MTA tries again).
    MailIn(serve::MailInArgs),
    /// Put a game file on a server, run by an account there: import FILE --gm NAME.
    Import(serve::ImportArgs),
    /// Copy a server's database to one file while it runs: backup --to FILE [--verify].
    Backup(upkeep::BackupArgs),
    /// Put a backup into a new database: restore FILE [--data DIR | --database URL]; or only
    /// check it, writing nothing: restore --dry-run FILE.
    Restore(upkeep::RestoreArgs),
    /// The upgrade check: replay every game of a database with this binary and compare every
    /// published report. Prints `N games, M turns reproduced` (exit 0) or the first turn that
    /// differs (exit 1).
    Check(upkeep::CheckArgs),
    /// The mail that did not get through, newest first: outbox mail the relay refused or that
    /// was given up on, inbound mail dropped or answered with its errors: mail-log [--game ID].
    MailLog(upkeep::MailLogArgs),
    /// Ratings of rated games: `ratings rebuild` replays every finished rated game.
    #[command(subcommand)]
    Ratings(upkeep::RatingsCommand),
    /// The operator's care of accounts: reset-password NAME, grant-operator NAME,
    /// revoke-operator NAME.
    #[command(subcommand)]
    Account(account::AccountCommand),
    /// Ask a running server whether it is ready (GET URL, default path /readyz): exit 0 if so,
    /// 1 with one line saying what is wrong if not (nothing listens, no answer in time, or
    /// /readyz's reasons): healthcheck URL [--timeout SECONDS].
    Healthcheck {
        /// The server's own address, e.g. http://127.0.0.1:8080.
        url: String,
        /// How long the whole check may take, in seconds: a server that takes the connection
        /// but does not answer by then is called wedged.
        #[arg(long, value_name = "SECONDS", default_value_t = healthcheck::TIMEOUT_SECONDS,
              value_parser = clap::value_parser!(u64).range(1..=3600))]
        timeout: u64,
    },
    /// Play a whole game between bots and print it turn by turn: `demo` or `demo backpacks`.
    Demo(DemoArgs),
    /// Start a new game and write its game file: `new [breaking-away|backpacks] FILE ...`.
    New(NewArgs),
    /// Breaking Away: seal a team's starting cards, e.g. "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6".
    Lineup(SeatText),
    /// Seal a seat's orders: "A 12 B 3 C 9 D 7" (Breaking Away), "1: walk 4+2 FRI; 2: rest"
    /// (Backpacks); `-` reads them from standard input, a whole mail message or its body.
    Orders(SeatText),
    /// Adjudicate the coming turn (Backpacks: round); missing orders get the NMR policy.
    Resolve(ResolveArgs),
    /// Print the game as it stands, or a past turn's (round's) report.
    Report(ReportArgs),
    /// Breaking Away: declare a rider dropped (postal 10.1): it needs no more orders.
    Drop(RiderArgs),
    /// Breaking Away: retire a rider from the race (board: by agreement).
    Retire(RiderArgs),
    /// A GM's action on one of the game's pieces, as the game names it: piece FILE VERB PIECE
    /// (Breaking Away: `drop` or `retire` a rider, as the two commands above).
    Piece(PieceArgs),
    /// Replay a game file's log from its seed and check it reproduces the stored game.
    Replay {
        /// The game file.
        game: String,
    },
    /// Check a finished game's public record: the published commitment, the revealed seed,
    /// every bot's draws and every turn's report. Prints `verified: N turns` (exit 0) or the
    /// first turn that differs (exit 1).
    Verify {
        /// The game's public record (downloaded from its page or the API), or `-`.
        record: String,
        /// The commitment the game's pages showed while it ran (SHA-256, hexadecimal).
        #[arg(long)]
        commitment: Option<String>,
    },
    /// Scenarios in the public notations (Breaking Away, Backpacks & Blisters).
    #[command(subcommand)]
    Scenario(ScenarioCommand),
    /// Backpacks & Blisters maps.
    #[command(subcommand)]
    Map(MapCommand),
    /// Play many games between bots, in parallel, and print their results.
    Tournament(tournament::TournamentArgs),
    /// A season of games at the desk (a stage race, a walking week, a league): season new
    /// FILE --name NAME --first GAME_FILE, season add FILE, season standings FILE.
    #[command(subcommand)]
    Season(season::SeasonCommand),
    /// Suggest a seat's orders: what the search bot would play, with its best choices.
    Advise(tournament::AdviseArgs),
}

#[derive(Debug, Args)]
struct DemoArgs {
    /// The game: breaking-away (the default) or backpacks.
    #[arg(default_value = "breaking-away")]
    game: String,
    #[command(flatten)]
    settings: settings_flags::SettingsFlags,
    /// The bots, one per seat (random, nmr, heuristic, mcts, flatmc).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The language to write the reports in (`en`, `ja`).
    #[arg(long, default_value = "en")]
    lang: String,
}

#[derive(Debug, Args)]
struct NewArgs {
    /// `[GAME] FILE`: the game (breaking-away, the default, or backpacks) and where to write it.
    #[arg(num_args = 1..=2, required = true)]
    target: Vec<String>,
    #[command(flatten)]
    settings: settings_flags::SettingsFlags,
    /// The seats in order, comma-separated: teams (Breaking Away) or walkers (Backpacks).
    #[arg(
        long,
        visible_alias = "walkers",
        value_delimiter = ',',
        required = true
    )]
    teams: Vec<String>,
    /// The seed every random draw of the game comes from (default: drawn now and stored).
    #[arg(long)]
    seed: Option<u64>,
    /// Overwrite an existing file.
    #[arg(long)]
    force: bool,
}

#[derive(Debug, Args)]
struct SeatText {
    /// The game file.
    game: String,
    /// The team (Breaking Away) or walker (Backpacks).
    #[arg(long, visible_alias = "walker")]
    team: String,
    /// The text, as words on the command line, or - to read it from standard input (orders: a
    /// whole mail message or a mail's body; greetings, quotes and signatures are left out).
    #[arg(required_unless_present = "bot", num_args = 1.., allow_hyphen_values = true)]
    text: Vec<String>,
    /// Orders only: let a bot (random, nmr, heuristic, mcts, flatmc) play this seat from now on:
    /// its orders now and at every later resolve, from its view, recorded in the game file
    /// (`off` hands the seat back).
    #[arg(long, conflicts_with = "text")]
    bot: Option<String>,
}

#[derive(Debug, Args)]
struct ResolveArgs {
    /// The game file.
    game: String,
    /// Print the report as this seat sees it (default: the GM's copy).
    #[arg(long, visible_alias = "walker")]
    team: Option<String>,
    /// The language to write the report in (`en`, `ja`).
    #[arg(long, default_value = "en")]
    lang: String,
}

#[derive(Debug, Args)]
struct ReportArgs {
    /// The game file.
    game: String,
    /// The report as this seat (team or walker) sees it (default: the GM's copy).
    #[arg(long, visible_alias = "walker", conflicts_with = "public")]
    team: Option<String>,
    /// The public copy: no hands, no sealed orders.
    #[arg(long)]
    public: bool,
    /// Every seat's report and the public one, each to a file in --out DIR (for mailing by hand).
    #[arg(long, conflicts_with_all = ["team", "public"], requires = "out")]
    all: bool,
    /// With --all: the directory to write SEAT.txt and public.txt in.
    #[arg(long, requires = "all")]
    out: Option<String>,
    /// A past turn's report (Breaking Away: turn number; Backpacks: round number).
    #[arg(long, alias = "round")]
    turn: Option<u16>,
    /// The language to write the report in (`en`, `ja`).
    #[arg(long, default_value = "en")]
    lang: String,
}

#[derive(Debug, Args)]
struct PieceArgs {
    /// The game file.
    game: String,
    /// What to do, as the game names it (`drop`).
    verb: String,
    /// The piece (`red-C`).
    piece: String,
}

#[derive(Debug, Args)]
struct RiderArgs {
    /// The game file.
    game: String,
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
    /// Print a Breaking Away race's current position and sealed orders as a scenario (GM only).
    Export {
        /// The game file.
        game: String,
    },
}

#[derive(Debug, Subcommand)]
enum MapCommand {
    /// Draw a map as SVG (the default Keswick map, a map file, or a game's map with its walkers).
    Show {
        /// A map file to draw instead of the default.
        #[arg(long, conflicts_with = "game")]
        map: Option<String>,
        /// A Backpacks game file: draw its map and where the walkers stand.
        #[arg(long)]
        game: Option<String>,
        /// The language of the map's labels (`en`, `ja`; place names stay the map's own).
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Check a map file (and optionally a deck file) and summarise it.
    Check {
        map: String,
        #[arg(long)]
        deck: Option<String>,
    },
}

fn main() -> ExitCode {
    let definition = Cli::command();
    let matches = definition.clone().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let Command::MailIn(args) = cli.command {
        // Its own exit statuses: 0 handled, 75 try again (never 2, which an MTA bounces).
        return serve::mail_in(args);
    }
    // Where each of `serve`'s settings came from, for its start-up log.
    let settings = match (
        definition.find_subcommand("serve"),
        matches.subcommand_matches("serve"),
    ) {
        (Some(command), Some(matches)) => serve_settings::taken(command, matches),
        _ => Vec::new(),
    };
    match run(cli, settings) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`postrider demo | head`): not an error of ours.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) if e.downcast_ref::<desk::Differs>().is_some() => {
            eprintln!("postrider: {e:#}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("postrider: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli, settings: Vec<serve_settings::Taken>) -> Result<()> {
    match cli.command {
        Command::Serve(args) => serve::serve(*args, &settings),
        Command::Export(args) => serve::export(args),
        Command::Import(args) => serve::import(args),
        Command::Backup(args) => upkeep::backup(args),
        Command::Restore(args) => upkeep::restore(args),
        Command::Check(args) => upkeep::check(args),
        Command::MailLog(args) => upkeep::mail_log(args),
        Command::Ratings(command) => upkeep::ratings(command),
        Command::Account(command) => account::account(command),
        Command::Healthcheck { url, timeout } => {
            let body = healthcheck::check(&url, std::time::Duration::from_secs(timeout))
                .map_err(|e| desk::Differs(format!("{e:#}")))?;
            emit(&format!("{body}\n"))
        }
        Command::MailIn(_) => bail!("mail-in: handled before run"),
        Command::Demo(args) => desk::demo(
            &args.game,
            &args.settings,
            &args.bots,
            args.seed,
            game_api::Lang::from_code(&args.lang)?,
        ),
        Command::New(args) => {
            let (game, file) = match args.target.as_slice() {
                [file] => ("breaking-away", file.as_str()),
                [game, file] => (game.as_str(), file.as_str()),
                _ => bail!("new: give [GAME] FILE"),
            };
            // Held from the check to the write: two `new` for one file cannot both see it free.
            let _hold = files::hold_new(file)?;
            if std::path::Path::new(file).exists() && !args.force {
                bail!("{file}: already exists (use --force to overwrite)");
            }
            desk::new(desk::NewGame {
                file,
                game,
                settings: &args.settings,
                seats: args.teams,
                seed: match args.seed {
                    Some(seed) => seed,
                    None => files::fresh_seed()?,
                },
            })
        }
        Command::Lineup(args) if args.bot.is_some() => bail!("lineup: --bot is for orders"),
        Command::Lineup(args) => desk::lineup(&args.game, &args.team, &args.text),
        Command::Orders(args) => {
            desk::orders(&args.game, &args.team, &args.text, args.bot.as_deref())
        }
        Command::Resolve(args) => desk::resolve(
            &args.game,
            args.team.as_deref(),
            game_api::Lang::from_code(&args.lang)?,
        ),
        Command::Report(ReportArgs {
            game,
            turn,
            all: true,
            out: Some(dir),
            lang,
            ..
        }) => desk::report_all(&game, turn, &dir, game_api::Lang::from_code(&lang)?),
        Command::Report(args) => desk::report(
            &args.game,
            args.team.as_deref(),
            args.public,
            args.turn,
            game_api::Lang::from_code(&args.lang)?,
        ),
        Command::Drop(args) => desk::piece_action(&args.game, "drop", &args.rider),
        Command::Retire(args) => desk::piece_action(&args.game, "retire", &args.rider),
        Command::Piece(args) => desk::piece_action(&args.game, &args.verb, &args.piece),
        Command::Replay { game } => desk::replay(&game),
        Command::Verify { record, commitment } => desk::verify(&record, commitment.as_deref()),
        Command::Scenario(ScenarioCommand::Run { file }) => {
            let text = read_input(&file)?;
            let game = serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(String::from));
            let json = match game.as_deref() {
                Some("backpacks") => game_backpacks::scenario::run_json(&text)?.to_json_pretty(),
                _ => game_breaking_away::scenario::run_json(&text)?.to_json_pretty(),
            };
            emit(&format!("{json}\n"))
        }
        Command::Scenario(ScenarioCommand::Export { game }) => desk::export_scenario(&game),
        Command::Tournament(args) => tournament::tournament(args),
        Command::Season(command) => season::run(command),
        Command::Advise(args) => tournament::advise(args),
        Command::Map(MapCommand::Show { map, game, lang }) => backpacks::map_show(
            map.as_deref(),
            game.as_deref(),
            game_api::Lang::from_code(&lang)?,
        ),
        Command::Map(MapCommand::Check { map, deck }) => {
            backpacks::map_check(&map, deck.as_deref())
        }
    }
}
