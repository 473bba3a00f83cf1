//! Benchmarks of the Breaking Away engine (docs/performance.md):
//! `cargo bench -p game-breaking-away --bench engine`.

use divan::{Bencher, black_box};
use game_api::{Rng, Seed};
use game_breaking_away::turn::{Scratch, advance_with, resolve};
use game_breaking_away::{Hand, Position, Rules, random};

fn main() {
    divan::main();
}

fn start(teams: usize, rng: &mut Rng) -> Position {
    let lineups: Vec<[Hand; 4]> = (0..teams).map(|_| random::lineup(rng)).collect();
    Position::start(Rules::postal(), &lineups)
}

/// A whole race of uniformly random cards; returns the number of turns.
fn random_race(
    position: &Position,
    rng: &mut Rng,
    orders: &mut Vec<Option<u16>>,
    scratch: &mut Scratch,
) -> u32 {
    let mut position = position.clone();
    let mut turns = 0;
    while !position.is_over() {
        random::orders(&position, orders, rng);

        advance_with(&mut position, orders, &mut (), scratch).expect("random legal orders");
        turns += 1;
    }
    turns
}

/// One turn of a 16-rider (4-team) postal race, mid-race.
#[divan::bench]
fn one_turn_16_riders(bencher: Bencher) {
    let mut rng = Seed(1).rng(0);
    let mut position = start(4, &mut rng);
    for _ in 0..8 {
        let orders: Vec<Option<u16>> = position.riders.iter().map(|r| r.hand.highest()).collect();
        position = resolve(&position, &orders).unwrap().0;
    }
    let orders: Vec<Option<u16>> = position.riders.iter().map(|r| r.hand.highest()).collect();
    bencher.bench_local(|| resolve(black_box(&position), black_box(&orders)).unwrap());
}

/// A complete random 4-team postal race (set-up excluded).
#[divan::bench]
fn full_random_race_4_teams(bencher: Bencher) {
    let mut rng = Seed(2).rng(0);
    let position = start(4, &mut rng);
    let mut orders = Vec::new();
    let mut scratch = Scratch::default();
    bencher.bench_local(|| random_race(black_box(&position), &mut rng, &mut orders, &mut scratch));
}
