//! `postrider tournament` and `postrider advise`: bots against each other, and a bot's advice.

use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use bots::mcts::Budget;
use bots::tournament::{run, summarise};
use bots::{BotGame, BotKind, Entrant};
use clap::Args;
use game_api::Seed;
use gm::{Asked, GAMES, GameVisitor, with_game};

use crate::files::{emit, load};
use crate::settings_flags::SettingsFlags;

#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// breaking-away or backpacks.
    #[arg(long, default_value = "breaking-away")]
    game: String,
    #[command(flatten)]
    settings: SettingsFlags,
    /// The bots, one per seat (random, nmr, heuristic, mcts, flatmc); seats rotate from game to game.
    #[arg(long, value_delimiter = ',', required = true)]
    bots: Vec<String>,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// The search bot's budget per decision in milliseconds (results then depend on the machine).
    #[arg(long, conflicts_with = "playouts")]
    budget_ms: Option<u64>,
    /// The search bots' (mcts, flatmc) budget per decision in playouts (reproducible).
    #[arg(long)]
    playouts: Option<u32>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The game file.
    game: String,
    /// The team (Breaking Away) or walker (Backpacks) to advise.
    #[arg(long, alias = "walker")]
    team: String,
    /// The search's budget in milliseconds.
    #[arg(long, conflicts_with = "playouts")]
    budget_ms: Option<u64>,
    /// The search's budget in playouts (reproducible).
    #[arg(long)]
    playouts: Option<u32>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The budget the arguments give, if any.
fn budget(ms: Option<u64>, playouts: Option<u32>) -> Option<Budget> {
    match (ms, playouts) {
        (Some(ms), _) => Some(Budget::Millis(ms)),
        (None, Some(p)) => Some(Budget::Playouts(p)),
        (None, None) => None,
    }
}

pub fn tournament(args: TournamentArgs) -> Result<()> {
    let game = args.game.clone();
    with_game(&game, Tournament(args)).map_err(|_| {
        anyhow!(
            "--game: unknown game {game:?} ({})",
            GAMES
                .iter()
                .map(|g| g.name)
                .collect::<Vec<_>>()
                .join(" or ")
        )
    })?
}

/// A tournament of whichever game `--game` names.
struct Tournament(TournamentArgs);

impl GameVisitor for Tournament {
    type Output = Result<()>;

    fn visit<G: BotGame>(self) -> Result<()> {
        let args = self.0;
        let info = gm::game_info(G::NAME)?;
        let given = args.settings.for_game(&info)?;
        let settings = game_api::settings::read::<G>(&given)
            .map_err(|e| anyhow!("{}", crate::settings_flags::as_flags(&info, &e.to_string())))?;
        // The rule set played: the one given, or the game's own (a Backpacks tournament said
        // "postal-2.2" here until 2026-11-23).
        let rules = G::rules_name(&settings);
        let budget = budget(args.budget_ms, args.playouts).unwrap_or(G::SEARCH_BUDGET);
        let entrants: Vec<Entrant> = args
            .bots
            .iter()
            .map(|b| {
                b.parse::<BotKind>()
                    .map(|kind| Entrant { kind, budget })
                    .map_err(|e| anyhow!("--bots: {e}"))
            })
            .collect::<Result<_>>()?;
        let limits = G::seat_limits(&settings);
        let (min, max) = (*limits.start(), *limits.end());
        if !(min.max(1)..=max).contains(&entrants.len()) {
            bail!(
                "--bots: {} given, this game takes {}–{}",
                entrants.len(),
                min.max(1),
                max
            );
        }
        if args.games == 0 {
            bail!("--games: play at least one game");
        }
        let threads = args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1);
        let bar = indicatif::ProgressBar::new(args.games);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {elapsed} ({eta} left)",
            )
            .expect("a valid template"),
        );
        let started = Instant::now();
        let results = run::<G>(
            &settings,
            &entrants,
            args.games,
            Seed(args.seed),
            threads,
            &|n| bar.inc(n),
        );
        bar.finish_and_clear();
        let elapsed = started.elapsed().as_secs_f64();
        let summary = summarise(&entrants, &results);
        if args.json {
            let seats: Vec<serde_json::Value> = summary
                .iter()
                .map(|s| {
                    serde_json::json!({"bot": s.bot, "wins": s.wins, "win_rate": s.win_rate, "ci95": [s.ci95.0, s.ci95.1], "mean_points": s.mean_points, "mean_place": s.mean_place})
                })
                .collect();
            let json = serde_json::json!({"game": args.game, "rules": rules, "games": args.games, "seed": args.seed, "threads": threads,
                "budget": match budget { Budget::Playouts(p) => format!("{p} playouts"), Budget::Millis(ms) => format!("{ms} ms") },
                "elapsed_seconds": elapsed, "seats": seats});
            return emit(&format!("{}\n", serde_json::to_string_pretty(&json)?));
        }
        let mut out = format!(
            "{} games of {}{}, seed {}, {threads} thread{}, {elapsed:.1} s ({:.1} games/s)\n",
            args.games,
            args.game,
            // The rule set is named when the game was played by the one echoed (a game of one
            // rule set is not asked for one).
            if G::rules_name(&settings) == rules {
                format!(" ({rules})")
            } else {
                String::new()
            },
            args.seed,
            if threads == 1 { "" } else { "s" },
            args.games as f64 / elapsed.max(1e-9)
        );
        out.push_str(
            "seat  bot        wins     win rate  95% CI            mean points  mean place\n",
        );
        for (i, s) in summary.iter().enumerate() {
            out.push_str(&format!(
                "{:>4}  {:<9} {:>6.1}  {:>8.1}%  [{:>5.1}%, {:>5.1}%]  {:>11.1}  {:>10.2}\n",
                i + 1,
                s.bot,
                s.wins,
                100.0 * s.win_rate,
                100.0 * s.ci95.0,
                100.0 * s.ci95.1,
                s.mean_points,
                s.mean_place
            ));
        }
        emit(&out)
    }
}

pub fn advise(args: AdviseArgs) -> Result<()> {
    let mut rng = Seed(args.seed).rng(0);
    let file = load(&args.game)?;
    let record = file.record();
    let seat = record.seat(&args.team)?;
    let asked = Asked {
        seat,
        seat_name: &args.team,
        file: &args.game,
        budget: budget(args.budget_ms, args.playouts),
    };
    emit(&record.advise(asked, &mut rng)?)
}
