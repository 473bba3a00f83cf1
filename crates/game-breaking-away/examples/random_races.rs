//! Plays N complete random 4-team postal races on one core and prints races per second
//! (docs/performance.md): `cargo run --release -p game-breaking-away --example random_races -- 20000`.
//! Run it under `perf stat -e instructions` or `valgrind --tool=callgrind` to count instructions.

use std::time::Instant;

use game_api::{Rng, Seed};
use game_breaking_away::turn::{Scratch, advance_with};
use game_breaking_away::{Grade, Hand, Position, Rules};
use rand::RngExt;

fn lineup(rng: &mut Rng) -> [Hand; 4] {
    Grade::ALL.map(|grade| {
        let (counts, max) = grade.lineup_limits();
        let n = rng.random_range(counts);
        loop {
            let cards: Vec<u16> = (0..n).map(|_| rng.random_range(1..=15)).collect();
            if cards.iter().map(|&c| u32::from(c)).sum::<u32>() <= max {
                return Hand::new(&cards).unwrap();
            }
        }
    })
}

fn main() {
    let races: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let mut rng = Seed(1).rng(0);
    // Line-ups are drawn before the clock starts: the figure is the engine's, races only.
    let starts: Vec<Position> = (0..64)
        .map(|_| {
            Position::start(
                Rules::postal(),
                &[
                    lineup(&mut rng),
                    lineup(&mut rng),
                    lineup(&mut rng),
                    lineup(&mut rng),
                ],
            )
        })
        .collect();
    let mut scratch = Scratch::default();
    let mut orders = Vec::with_capacity(16);
    let mut turns = 0u64;
    let started = Instant::now();
    for r in 0..races {
        let mut position = starts[(r % 64) as usize].clone();
        while !position.is_over() {
            orders.clear();
            orders.extend(position.riders.iter().map(|rider| {
                let cards = rider.hand.cards();
                (rider.on_track() && !cards.is_empty())
                    .then(|| cards[rng.random_range(0..cards.len())])
            }));
            advance_with(&mut position, &orders, &mut (), &mut scratch)
                .expect("legal random orders");
            turns += 1;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{races} random 4-team postal races, {turns} turns, {seconds:.3} s: {:.0} races/s, {:.2} µs a race, {:.0} ns a turn",
        races as f64 / seconds,
        1e6 * seconds / races as f64,
        1e9 * seconds / turns as f64
    );
}
