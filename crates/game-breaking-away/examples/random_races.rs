//! Plays N complete random 4-team postal races on one core and prints races per second
//! (docs/performance.md): `cargo run --release -p game-breaking-away --example random_races -- 20000`.
//! Run it under `perf stat -e instructions` or `valgrind --tool=callgrind` to count instructions.

use std::time::Instant;

use game_api::Seed;
use game_breaking_away::turn::{Scratch, advance_with};
use game_breaking_away::{Position, Rules, random};

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
                    random::lineup(&mut rng),
                    random::lineup(&mut rng),
                    random::lineup(&mut rng),
                    random::lineup(&mut rng),
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
            random::orders(&position, &mut orders, &mut rng);

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
