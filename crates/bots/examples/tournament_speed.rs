//! Runs a tournament of four random bots on one thread, as `postrider tournament --threads 1`
//! does, without the command line around it: for profiling the tournament under
//! `valgrind --tool=callgrind` beside the bare kernel (docs/performance.md).
//! `cargo run --release -p bots --example tournament_speed -- [breaking-away|backpacks] GAMES`

use std::hash::{Hash, Hasher};
use std::time::Instant;

use bots::mcts::Budget;
use bots::tournament::{GameResult, run};
use bots::{BotKind, Entrant};
use game_api::settings::Given;
use game_api::{Game, Seed};
use game_backpacks::Backpacks;
use game_breaking_away::{BreakingAway, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let backpacks = args.next().as_deref() == Some("backpacks");
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let kind: BotKind = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(BotKind::Random);
    let entrants = vec![
        Entrant {
            kind,
            budget: Budget::Playouts(100),
        };
        4
    ];
    let started = Instant::now();
    let results: Vec<GameResult> = if backpacks {
        let keswick = Backpacks::settings(Given::none()).expect("the shipped map");
        run::<Backpacks>(&keswick, &entrants, games, Seed(1), 1, &|_| {})
    } else {
        run::<BreakingAway>(&Rules::postal(), &entrants, games, Seed(1), 1, &|_| {})
    };
    let seconds = started.elapsed().as_secs_f64();
    // A fingerprint of every game's result, to see that a speed change kept the draws.
    let mut hasher = std::hash::DefaultHasher::new();
    for r in &results {
        for v in r.win.iter().chain(&r.points).chain(&r.place) {
            v.to_bits().hash(&mut hasher);
        }
    }
    println!(
        "{games} games, {seconds:.3} s: {:.0} games/s, results {:016x}",
        games as f64 / seconds,
        hasher.finish()
    );
}
