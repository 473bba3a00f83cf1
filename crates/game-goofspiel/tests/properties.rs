//! Properties over any input: reading orders never panics and whatever reads echoes back the
//! same; any game of random or search bots, any size and seed, is played with legal bids to
//! its end, every prize taken or discarded.

use bots::mcts::Budget;
use bots::{BotGame, BotKind, Entrant};
use game_api::{Game, Seat, Seed, Viewer};
use game_goofspiel::{Goofspiel, Position, Settings};
use proptest::prelude::*;

proptest! {
    #[test]
    fn reading_any_orders_never_panics_and_the_echo_reads_back(text in ".{0,40}") {
        let settings = Settings::default();
        match Goofspiel::parse_orders(&settings, &[], &text) {
            Ok(bid) => {
                let echo = Goofspiel::orders_text(&settings, &[], &bid);
                prop_assert_eq!(Goofspiel::parse_orders(&settings, &[], &echo), Ok(bid));
            }
            Err(e) => prop_assert!(!e.to_string().contains('\n')),
        }
    }

    #[test]
    fn any_bots_game_bids_legally_and_accounts_for_every_prize(
        seed in any::<u64>(),
        seats in 2usize..=6,
        size in 0usize..3,
        kinds in proptest::collection::vec(0usize..5, 6),
    ) {
        let cards = [5, 9, 13][size];
        let kinds: Vec<BotKind> = kinds[..seats]
            .iter()
            .map(|&k| [BotKind::Random, BotKind::Nmr, BotKind::Heuristic, BotKind::Mcts, BotKind::FlatMc][k])
            .collect();
        let settings = Settings { cards };
        let mut position: Position = Goofspiel::start(&settings, &vec![(); seats], Seed(seed));
        while !Goofspiel::is_over(&position) {
            let orders: Vec<_> = (0..seats)
                .map(|s| {
                    let seat = Seat(s as u8);
                    let mut rng = Seed(seed).rng(100 + s as u64);
                    let bid = match kinds[s] {
                        BotKind::Mcts | BotKind::FlatMc => game_goofspiel::play::entrant_bid(
                            Entrant { kind: kinds[s], budget: Budget::Playouts(20) },
                            &position.view(Viewer::Seat(seat)),
                            seat,
                            &mut rng,
                        ),
                        kind => Goofspiel::bot_orders(kind, &position, seat, &mut rng),
                    };
                    Goofspiel::check_orders(&position, seat, &bid).map(|()| Some(bid))
                })
                .collect::<Result<_, _>>()
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            position = Goofspiel::resolve(&position, &orders, &mut Seed(seed).rng(1)).0;
        }
        let taken: u32 = position.players.iter().map(|p| u32::from(p.score)).sum();
        let discarded: u32 = position.discarded.iter().map(|&c| u32::from(c)).sum();
        let total = u32::from(cards) * (u32::from(cards) + 1) / 2;
        prop_assert_eq!(taken + discarded, total);
        prop_assert!(position.players.iter().all(|p| p.hand.is_empty()));
    }
}

/// `bot_game` and the `Game` trait agree: the scores of one whole game between bots.
#[test]
fn a_bots_game_gives_each_seat_its_score() {
    let seated = [Entrant {
        kind: BotKind::Nmr,
        budget: Budget::Playouts(1),
    }; 3];
    let ending = Goofspiel::bot_game(&Settings { cards: 5 }, &seated, Seed(3));
    // Every seat bids its lowest card every round: every highest bid is a three-way tie.
    assert_eq!(ending.points, [0.0, 0.0, 0.0]);
    assert_eq!(ending.standing, ending.points);
}
