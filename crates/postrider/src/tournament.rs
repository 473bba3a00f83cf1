//! `postrider tournament` and `postrider advise`: bots against each other, and a bot's advice.

use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use bots::BotKind;
use bots::Entrant;
use bots::mcts::{Budget, search_backpacks, search_breaking_away};
use bots::tournament::{TournamentGame, run, summarise};
use clap::Args;
use game_api::{Seed, Viewer};

use game_api::Game;
use game_backpacks::Backpacks;
use game_breaking_away::BreakingAway;

use crate::desk::load;
use crate::files::emit;

#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// breaking-away or backpacks.
    #[arg(long, default_value = "breaking-away")]
    game: String,
    /// Breaking Away: postal-2.2 or board.
    #[arg(long, default_value = "postal-2.2")]
    rules: String,
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

fn budget(ms: Option<u64>, playouts: Option<u32>, default: Budget) -> Budget {
    match (ms, playouts) {
        (Some(ms), _) => Budget::Millis(ms),
        (None, Some(p)) => Budget::Playouts(p),
        (None, None) => default,
    }
}

pub fn tournament(args: TournamentArgs) -> Result<()> {
    let game = match args.game.as_str() {
        "breaking-away" => TournamentGame::BreakingAway(
            BreakingAway::settings(&game_api::SetupText {
                rules: Some(&args.rules),
                ..Default::default()
            })
            .map_err(|e| anyhow!("--{e}"))?,
        ),
        "backpacks" => TournamentGame::Backpacks,
        other => bail!("--game: unknown game {other:?} (breaking-away or backpacks)"),
    };
    let default = if matches!(game, TournamentGame::Backpacks) {
        Budget::Playouts(40)
    } else {
        Budget::default()
    };
    let budget = budget(args.budget_ms, args.playouts, default);
    let entrants: Vec<Entrant> = args
        .bots
        .iter()
        .map(|b| {
            b.parse::<BotKind>()
                .map(|kind| Entrant { kind, budget })
                .map_err(|e| anyhow!("--bots: {e}"))
        })
        .collect::<Result<_>>()?;
    let (min, max) = match game {
        TournamentGame::BreakingAway(rules) => rules.set.team_limits(),
        TournamentGame::Backpacks => (1, 16),
    };
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
    let results = run(
        game,
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
        let json = serde_json::json!({"game": args.game, "rules": args.rules, "games": args.games, "seed": args.seed, "threads": threads,
            "budget": match budget { Budget::Playouts(p) => format!("{p} playouts"), Budget::Millis(ms) => format!("{ms} ms") },
            "elapsed_seconds": elapsed, "seats": seats});
        return emit(&format!("{}\n", serde_json::to_string_pretty(&json)?));
    }
    let mut out = format!(
        "{} games of {}{}, seed {}, {threads} thread{}, {elapsed:.1} s ({:.1} games/s)\n",
        args.games,
        args.game,
        if matches!(game, TournamentGame::BreakingAway(_)) {
            format!(" ({})", args.rules)
        } else {
            String::new()
        },
        args.seed,
        if threads == 1 { "" } else { "s" },
        args.games as f64 / elapsed.max(1e-9)
    );
    out.push_str("seat  bot        wins     win rate  95% CI            mean points  mean place\n");
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

pub fn advise(args: AdviseArgs) -> Result<()> {
    let mut rng = Seed(args.seed).rng(0);
    let file = load(&args.game)?;
    let record = file.record();
    let seat = record.seat(&args.team)?;
    if let Some(race) = record.downcast::<BreakingAway>() {
        {
            let Some(position) = race.state().filter(|p| !p.is_over()) else {
                bail!("advise: the race has not started or is over");
            };
            let budget = budget(args.budget_ms, args.playouts, Budget::default());
            let decision =
                search_breaking_away(&position.view(Viewer::Seat(seat)), budget, &mut rng);
            let mut out = format!(
                "Advice for {}, turn {} ({} playouts): A-B-C-D orders, then the search's estimate.\n\n",
                args.team,
                race.turn(),
                decision.playouts
            );
            out.push_str(&format!("  suggested: {}\n\n", decision.orders));
            out.push_str("  orders                 playouts   expected score (0–1: mostly the chance to win)\n");
            for (orders, visits, reward) in &decision.top {
                out.push_str(&format!(
                    "  {:<22} {:>8}   {:.3}\n",
                    orders.to_string(),
                    visits,
                    reward
                ));
            }
            out.push_str(&format!(
                "\nTo send it: postrider orders {} --team {} {}\n",
                args.game, args.team, decision.orders
            ));
            emit(&out)
        }
    } else if let Some(outing) = record.downcast::<Backpacks>() {
        {
            let day = outing.state().expect("a day begins at once");
            if outing.is_over() || !day.walkers[seat.index()].is_out() {
                bail!("advise: the day is over for {}", args.team);
            }
            let describe =
                |orders| Backpacks::orders_text(outing.settings(), outing.seats(), orders);
            let budget = budget(args.budget_ms, args.playouts, Budget::Playouts(40));
            let decision = search_backpacks(day.view_ref(Viewer::Seat(seat)), budget, &mut rng);
            let mut out = format!(
                "Advice for {} ({} playouts).\n\nSuggested orders:\n  {}\n\n",
                args.team,
                decision.playouts,
                describe(&decision.orders).replace('\n', "\n  ")
            );
            out.push_str(
                "The choices the search weighed (expected score 0–1, mostly the chance to win):\n",
            );
            for (orders, visits, reward) in &decision.top {
                out.push_str(&format!(
                    "  {:.3} after {visits:>4} playouts: {}\n",
                    reward,
                    describe(orders).replace('\n', "; ")
                ));
            }
            emit(&out)
        }
    } else {
        bail!("advise: no search bot plays {}", record.game().title)
    }
}
