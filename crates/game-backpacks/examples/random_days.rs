//! Plays N complete random Backpacks days (4 walkers) on one core and prints days per second
//! (docs/performance.md): `cargo run --release -p game-backpacks --example random_days -- 5000`.
//! Under `valgrind --tool=callgrind` it counts instructions.

use std::sync::Arc;
use std::time::Instant;

use game_api::Seed;
use game_backpacks::orders::{RoundOrders, TurnOrders};
use game_backpacks::{Day, Deck, Map, clock};

fn main() {
    let days: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5000);
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    let mut rng = Seed(3).rng(0);
    let rounds = vec![RoundOrders::default(); 4];
    let started = Instant::now();
    let mut turns = 0u64;
    for _ in 0..days {
        let mut day = Day::new(map.clone(), deck.clone(), 4, &mut rng);
        while !day.is_over() {
            let orders: Vec<TurnOrders> = (0..4)
                .map(|w| game_backpacks::random::turn_orders(&day, w, &mut rng))
                .collect();
            day = day
                .resolve_turn(&orders, &[Default::default(); 4], &mut rng)
                .0;
            turns += 1;
            if !clock::is_first_of_round(day.turn.saturating_sub(1)) {
                let mut moves = Vec::new();
                day.vote(&rounds, &mut moves);
                if !day.is_over() {
                    day.open_round(&mut rng);
                }
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{days} random 4-walker days, {turns} turns, {seconds:.3} s: {:.0} days/s, {:.1} µs a day, {:.0} ns a turn",
        days as f64 / seconds,
        1e6 * seconds / days as f64,
        1e9 * seconds / turns as f64
    );
}
