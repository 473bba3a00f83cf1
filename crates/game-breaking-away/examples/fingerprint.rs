//! Plays 3,000 seeded races (postal and board, every option, 3-6 teams, a tenth of the orders
//! missing) through `turn::resolve` and prints one fingerprint of every outcome and position.
//! Run it before and after a change to the engine: the same fingerprint means the same races.
//! `cargo run --release -p game-breaking-away --example fingerprint`
//! (docs/performance.md).

use game_api::Seed;
use game_breaking_away::turn::resolve;
use game_breaking_away::{Options, Position, RuleSet, Rules, random};
use rand::RngExt;

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
    let mut rng = Seed(99).rng(0);
    let mut print = Fnv(0xCBF2_9CE4_8422_2325);
    let mut turns = 0u64;
    for race in 0..3000u32 {
        let rules = match race % 4 {
            0 | 1 => Rules::postal(),
            2 => Rules::board(Options::default()),
            _ => Rules::board(Options {
                group_breakaways: true,
                turn1_congestion: true,
                staggered_start: true,
                open_hands: false,
            }),
        };
        let teams = 3 + race as usize % 4;
        let lineups: Vec<_> = (0..teams).map(|_| random::lineup(&mut rng)).collect();
        let mut position = Position::start(rules, &lineups);
        if rules.set == RuleSet::Board {
            position.first_team = Some((race as usize % teams) as u8);
        }
        while !position.is_over() {
            let orders: Vec<Option<u16>> = position
                .riders
                .iter()
                .map(|r| {
                    let cards = r.hand.cards();
                    (r.on_track() && !cards.is_empty() && rng.random_range(0..10) != 0)
                        .then(|| cards[rng.random_range(0..cards.len())])
                })
                .collect();
            let (next, outcome) = resolve(&position, &orders).expect("legal random orders");
            print.add(&format!("{outcome:?}"));
            for r in &next.riders {
                print.add(&format!(
                    "{} {:?} {} {:?} {:?} {} {:?} {}",
                    r.team,
                    r.grade,
                    r.distance,
                    r.hand.ascending(),
                    r.points,
                    r.sole_leader,
                    r.status,
                    r.arrival
                ));
            }
            position = next;
            turns += 1;
        }
    }
    println!("{:016x} (3000 races, {turns} turns)", print.0);
}
