//! Tunes the default Backpacks deck by simulation (docs/backpacks-tuning.md): plays many days
//! between four heuristic walkers for variants of the deck's numbers and prints, per variant,
//! how often a walker gets home, its mean points and targets, and when it gets back.
//!
//!     cargo run --release -p bots --example backpacks_tuning -- [DAYS]

use std::sync::Arc;

use bots::BotKind;
use game_api::{Game, Seat, Seed, Viewer};
use game_backpacks::{Backpacks, Day, Deck, Map, clock};

const DECK: &str = include_str!("../../game-backpacks/data/keswick-deck.toml");

fn variant(money: u8, weather: u8, blisters: u8) -> String {
    DECK.replace("starting_money = 4", &format!("starting_money = {money}"))
        .replace("weather = 4", &format!("weather = {weather}"))
        .replace("blisters = 3", &format!("blisters = {blisters}"))
}

fn main() {
    let days: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let map = Arc::new(Map::keswick());
    println!("{days} days of 4 heuristic walkers per variant, default Keswick map");
    println!("money weather blisters | home%  points  targets  back-at  bus/ferry-rides");
    for (money, weather, blisters) in [
        (4, 4, 3),
        (2, 4, 3),
        (6, 4, 3),
        (4, 0, 0),
        (4, 4, 6),
        (4, 8, 3),
    ] {
        let deck = Arc::new(
            Deck::from_toml(&variant(money, weather, blisters), &map).expect("a valid variant"),
        );
        let (mut home, mut points, mut targets, mut back_turns, mut rides, mut walkers) =
            (0u64, 0i64, 0u64, 0u64, 0u64, 0u64);
        for seed in 0..days {
            let mut day = Day::new(map.clone(), deck.clone(), 4, &mut Seed(seed).rng(0));
            while !day.is_over() {
                let orders: Vec<_> = (0..4)
                    .map(|w| {
                        let view = day.view_ref(Viewer::Seat(Seat(w as u8)));
                        Some(bots::backpacks::round_orders(
                            BotKind::Heuristic,
                            view,
                            &mut Seed(seed).rng(1000 + u64::from(day.turn) * 8 + w),
                        ))
                    })
                    .collect();
                let (next, outcomes) =
                    Backpacks::resolve(&day, &orders, &mut Seed(seed).rng(u64::from(day.turn) + 1));
                for o in &outcomes {
                    rides += o
                        .walkers
                        .iter()
                        .filter(|t| {
                            matches!(
                                t.did,
                                game_backpacks::day::Did::Bus { .. }
                                    | game_backpacks::day::Did::Ferry { .. }
                            )
                        })
                        .count() as u64;
                }
                day = next;
            }
            for (w, walker) in day.walkers.iter().enumerate() {
                walkers += 1;
                points += i64::from(day.final_points(w));
                targets += u64::from(walker.reached.count_ones());
                if let Some(t) = walker.finished {
                    home += 1;
                    back_turns += u64::from(t);
                }
            }
        }
        let back = clock::time_text((back_turns / home.max(1)) as u8);
        println!(
            "{money:>5} {weather:>7} {blisters:>8} | {:>5.1}  {:>6.1}  {:>7.2}  {back:>7}  {:>6.2}",
            100.0 * home as f64 / walkers as f64,
            points as f64 / walkers as f64,
            targets as f64 / walkers as f64,
            rides as f64 / walkers as f64
        );
    }
}
