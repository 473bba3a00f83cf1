//! What the tests share: a game played through the `Game` trait by bots, round by round, as
//! the GM's lifecycle plays it (orders checked, then resolved on the round's own stream).

#![allow(dead_code)]

use bots::{BotGame, BotKind};
use game_api::{Game, Resolution, Sealed, Seat, Seed, Table};
use game_goofspiel::{Goofspiel, Position, Settings};

/// A game at the table, as the lifecycle holds it.
#[derive(Debug)]
pub struct Played {
    pub settings: Settings,
    pub seats: Vec<String>,
    pub start: Position,
    pub history: Vec<Resolution<Goofspiel>>,
    pub sealed: Vec<Sealed<Goofspiel>>,
}

impl Played {
    pub fn now(&self) -> &Position {
        self.history.last().map_or(&self.start, |r| &r.after)
    }

    /// The table after the first `rounds` rounds.
    pub fn table(&self, rounds: usize) -> Table<'_, Goofspiel> {
        let history = &self.history[..rounds];
        Table {
            settings: &self.settings,
            seats: &self.seats,
            state: Some(history.last().map_or(&self.start, |r| &r.after)),
            sealed: &self.sealed,
            history,
            lang: game_api::Lang::EN,
        }
    }
}

pub fn names(n: usize) -> Vec<String> {
    ["ann", "bob", "cy", "dee", "ed", "fran"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A game of `cards` cards between `kinds` (one seat each; `None`: the seat sends nothing),
/// every draw from `seed`, played to the end or for `rounds` rounds.
pub fn play(cards: u8, kinds: &[Option<BotKind>], seed: u64, rounds: Option<usize>) -> Played {
    let settings = Settings { cards };
    let seats = names(kinds.len());
    let seed = Seed(seed);
    let start = Goofspiel::start(&settings, &vec![(); kinds.len()], seed);
    let mut played = Played {
        settings,
        seats,
        start,
        history: Vec::new(),
        sealed: vec![Sealed::default(); kinds.len()],
    };
    while !played.now().is_over() && rounds.is_none_or(|r| played.history.len() < r) {
        let before = played.now().clone();
        let orders: Vec<_> = kinds
            .iter()
            .enumerate()
            .map(|(s, kind)| {
                let seat = Seat(s as u8);
                kind.map(|kind| {
                    let mut rng = seed.rng(1000 + u64::from(before.round) * 10 + s as u64);
                    let bid = Goofspiel::bot_orders(kind, &before, seat, &mut rng);
                    Goofspiel::check_orders(&before, seat, &bid)
                        .unwrap_or_else(|e| panic!("{kind} bid {bid}: {e}"));
                    bid
                })
            })
            .collect();
        let mut rng = seed.rng(Goofspiel::resolution_stream(&before));
        let (after, events) = Goofspiel::resolve(&before, &orders, &mut rng);
        played.history.push(Resolution {
            before,
            orders,
            after,
            events,
        });
    }
    played
}
