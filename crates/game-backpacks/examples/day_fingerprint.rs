//! Plays 2,000 seeded Backpacks days (1–6 walkers, random legal orders, a tenth of the walkers
//! silent each round) through the round the lifecycle plays (`Game::resolve`) and prints one
//! fingerprint of every outcome and day. Run it before and after a change: the same fingerprint
//! means the same days. `cargo run --release -p game-backpacks --example day_fingerprint`
//! (docs/performance.md).

use game_api::{Game, Seed};
use game_backpacks::orders::{RoundOrders, TurnOrders};
use game_backpacks::{Backpacks, Day, Deck, Map};
use rand::RngExt;
use std::sync::Arc;

/// FNV-1a, 64 bits: stable across platforms and Rust versions, unlike `DefaultHasher`.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, text: &str) {
        for byte in text.bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x100_0000_01B3);
        }
    }
}

fn main() {
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    let mut rng = Seed(99).rng(0);
    let mut print = Fnv(0xCBF2_9CE4_8422_2325);
    let mut rounds = 0u64;
    for game in 0..2000u64 {
        let walkers = 1 + game as usize % 6;
        let mut day = Day::new(map.clone(), deck.clone(), walkers, &mut Seed(game).rng(0));
        while !day.is_over() {
            let orders: Vec<Option<RoundOrders>> = (0..walkers)
                .map(|w| {
                    (rng.random_range(0..10) != 0).then(|| RoundOrders {
                        turns: [
                            game_backpacks::random::turn_orders(&day, w, &mut rng),
                            TurnOrders::default(),
                        ],
                        ..RoundOrders::default()
                    })
                })
                .collect();
            let orders: Vec<Option<RoundOrders>> = orders
                .into_iter()
                .enumerate()
                .map(|(w, o)| {
                    o.filter(|o| Backpacks::check_orders(&day, game_api::Seat(w as u8), o).is_ok())
                })
                .collect();
            let (next, outcomes): (Day, _) = Backpacks::resolve(
                &day,
                &orders,
                &mut Seed(game).rng(Backpacks::resolution_stream(&day)),
            );
            print.add(&format!("{outcomes:?}"));
            print.add(&format!("{:?}", next.view(game_api::Viewer::Gm)));
            day = next;
            rounds += 1;
        }
    }
    println!("{:016x} (2000 days, {rounds} rounds)", print.0);
}
