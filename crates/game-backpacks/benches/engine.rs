//! Benchmarks of the Backpacks & Blisters engine (docs/performance.md):
//! `cargo bench -p game-backpacks --bench engine`.

use std::sync::Arc;

use divan::{Bencher, black_box};
use game_api::{Rng, Seed};
use game_backpacks::orders::{RoundOrders, TurnOrders};
use game_backpacks::{Day, Deck, Map, clock};

fn main() {
    divan::main();
}

fn keswick() -> (Arc<Map>, Arc<Deck>) {
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    (map, deck)
}

/// One 20-minute turn of six walkers out on the fells (mid-morning).
#[divan::bench]
fn one_turn_6_walkers(bencher: Bencher) {
    let (map, deck) = keswick();
    let mut rng = Seed(1).rng(0);
    let mut day = Day::new(map, deck, 6, &mut rng);
    for _ in 0..2 {
        let orders: Vec<TurnOrders> = (0..6)
            .map(|w| game_backpacks::random::turn_orders(&day, w, &mut rng))
            .collect();
        day = day
            .resolve_turn(&orders, &[Default::default(); 6], &mut rng)
            .0;
    }
    let orders: Vec<TurnOrders> = (0..6)
        .map(|w| game_backpacks::random::turn_orders(&day, w, &mut rng))
        .collect();
    bencher.bench_local(|| {
        black_box(&day).resolve_turn(
            black_box(&orders),
            &[Default::default(); 6],
            &mut Seed(2).rng(2),
        )
    });
}

/// A complete day of four walkers giving random orders (set-up included), turn by turn, with
/// the vote and the information phase between rounds as `Day::resolve_round` has them.
#[divan::bench]
fn full_random_day_4_walkers(bencher: Bencher) {
    let (map, deck) = keswick();
    let mut rng = Seed(3).rng(0);
    bencher.bench_local(|| random_day(&map, &deck, &mut rng));
}

fn random_day(map: &Arc<Map>, deck: &Arc<Deck>, rng: &mut Rng) -> Day {
    let mut day = Day::new(map.clone(), deck.clone(), 4, rng);
    let rounds = vec![RoundOrders::default(); 4];
    while !day.is_over() {
        let orders: Vec<TurnOrders> = (0..4)
            .map(|w| game_backpacks::random::turn_orders(&day, w, rng))
            .collect();
        day = day.resolve_turn(&orders, &[Default::default(); 4], rng).0;
        if !clock::is_first_of_round(day.turn.saturating_sub(1)) {
            let mut moves = Vec::new();
            day.vote(&rounds, &mut moves);
            if !day.is_over() {
                day.open_round(rng);
            }
        }
    }
    day
}
