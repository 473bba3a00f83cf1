//! The bots play Goofspiel: whole games end with every order legal and the scores within the
//! prizes' total, the same seed gives the same game, the search beats random play, and
//! `advise` explains itself.

mod common;

use bots::mcts::Budget;
use bots::{AdviceRequest, BotGame, BotKind, Entrant};
use game_api::{Game, Seat, Seed, Viewer};
use game_goofspiel::{Goofspiel, Settings};

use common::play;

fn entrant(kind: BotKind, playouts: u32) -> Entrant {
    Entrant {
        kind,
        budget: Budget::Playouts(playouts),
    }
}

fn total(cards: u8) -> f64 {
    f64::from(u16::from(cards) * (u16::from(cards) + 1) / 2)
}

#[test]
fn a_whole_bots_game_ends_with_scores_summing_to_at_most_the_prizes_total() {
    let kinds = [
        BotKind::Random,
        BotKind::Nmr,
        BotKind::Heuristic,
        BotKind::Mcts,
        BotKind::FlatMc,
    ];
    for cards in [5, 9, 13] {
        for seats in 2..=6 {
            let seated: Vec<Entrant> = (0..seats).map(|s| entrant(kinds[s % 5], 40)).collect();
            let scores =
                Goofspiel::bot_game(&Settings { cards }, &seated, Seed(seats as u64)).points;
            assert_eq!(scores.len(), seats);
            let sum: f64 = scores.iter().sum();
            assert!(
                sum <= total(cards),
                "{cards} cards, {seats} seats: {scores:?}"
            );
        }
    }
}

/// Through the `Game` trait, as the lifecycle plays it: every bot's orders pass
/// `check_orders` (`common::play` asserts it), a seat that sends nothing is given its lowest
/// card, and the game ends after `cards` rounds.
#[test]
fn every_bot_kind_bids_legally_to_the_end() {
    let kinds = [
        Some(BotKind::Random),
        Some(BotKind::Nmr),
        Some(BotKind::Heuristic),
        Some(BotKind::Mcts),
        Some(BotKind::FlatMc),
        None,
    ];
    let played = play(9, &kinds, 11, None);
    assert_eq!(played.history.len(), 9);
    let end = played.now();
    assert!(Goofspiel::is_over(end));
    assert!(end.players.iter().all(|p| p.hand.is_empty()));
    let scores: u16 = end.players.iter().map(|p| p.score).sum();
    let discarded: u16 = end.discarded.iter().map(|&c| u16::from(c)).sum();
    assert_eq!(
        f64::from(scores + discarded),
        total(9),
        "every prize taken or discarded"
    );
    assert!(played.history.iter().all(|r| r.events[0].nmr[5]));
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let settings = Settings { cards: 13 };
    let seated = [
        entrant(BotKind::Mcts, 60),
        entrant(BotKind::Random, 0),
        entrant(BotKind::FlatMc, 60),
    ];
    assert_eq!(
        Goofspiel::bot_game(&settings, &seated, Seed(5)),
        Goofspiel::bot_game(&settings, &seated, Seed(5))
    );
    let kinds = [Some(BotKind::Random), Some(BotKind::Heuristic), None];
    let (a, b) = (play(13, &kinds, 8, None), play(13, &kinds, 8, None));
    let reports = |p: &common::Played| -> Vec<String> {
        p.history
            .iter()
            .map(|r| Goofspiel::turn_report(&p.table(p.history.len()), r, Viewer::Public))
            .collect()
    };
    assert_eq!(reports(&a), reports(&b));
    assert_ne!(
        reports(&a),
        reports(&play(13, &kinds, 9, None)),
        "another seed, another game"
    );
}

/// Measured, not timed: the search (200 playouts a bid) against random bids over 40 games of
/// 5 cards, the search seated first and second in turn, the seeds fixed. It wins far more than the half
/// that even play would give (measured: 36 won, 3 lost).
#[test]
fn mcts_beats_random_over_40_games_of_5_cards() {
    let settings = Settings { cards: 5 };
    let (mut wins, mut losses) = (0, 0);
    for game in 0..40u64 {
        let mcts_seat = (game % 2) as usize;
        let mut seated = [entrant(BotKind::Random, 0); 2];
        seated[mcts_seat] = entrant(BotKind::Mcts, 200);
        let scores = Goofspiel::bot_game(&settings, &seated, Seed(1000 + game)).standing;
        let (mine, theirs) = (scores[mcts_seat], scores[1 - mcts_seat]);
        if mine > theirs {
            wins += 1;
        } else if mine < theirs {
            losses += 1;
        }
    }
    eprintln!("mcts against random, 40 games of 5 cards: {wins} won, {losses} lost");
    assert!(wins >= 28 && losses <= 8, "{wins} won, {losses} lost");
}

#[test]
fn advise_suggests_a_bid_from_the_hand() {
    let played = play(
        9,
        &[Some(BotKind::Random), Some(BotKind::Random)],
        2,
        Some(3),
    );
    let position = played.now();
    let seats = &played.seats;
    let request = AdviceRequest::<Goofspiel> {
        settings: &played.settings,
        seats,
        state: Some(position),
        turn: 4,
        seat: Seat(1),
        seat_name: "bob",
        file: "game.json",
        budget: Some(Budget::Playouts(90)),
    };
    let advice = Goofspiel::advise(&request, &mut Seed(3).rng(3)).unwrap();
    assert!(
        advice.starts_with("Advice for bob, round 4 (90 playouts)"),
        "{advice}"
    );
    let suggested = advice
        .lines()
        .find_map(|l| l.trim().strip_prefix("suggested: "))
        .unwrap();
    let bid = Goofspiel::parse_orders(&played.settings, seats, suggested).unwrap();
    Goofspiel::check_orders(position, Seat(1), &bid).unwrap();
    let over = play(5, &[Some(BotKind::Nmr), Some(BotKind::Nmr)], 2, None);
    let request = AdviceRequest::<Goofspiel> {
        state: Some(over.now()),
        ..request
    };
    assert_eq!(
        Goofspiel::advise(&request, &mut Seed(3).rng(3))
            .unwrap_err()
            .to_string(),
        "advise: the game is over"
    );
}
