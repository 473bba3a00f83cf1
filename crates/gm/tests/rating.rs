//! Ratings: the rebuild replays the incremental updates exactly, left-out seats never move a
//! rating, level seats share a rank, and a game with fewer than two rated seats changes
//! nothing.

use gm::rating::{Ladder, LeftOut, RatedGame, RatedSeat, Rating, rebuild};
use proptest::prelude::*;

fn seat(player: Option<u8>, place: u16) -> RatedSeat<u8> {
    RatedSeat {
        player,
        bot: false,
        place,
        turns: 10,
        silent: 0,
    }
}

fn game(id: i64, seats: Vec<RatedSeat<u8>>) -> RatedGame<u8> {
    RatedGame {
        game: "breaking-away".into(),
        finished: 1_000 + id,
        id,
        seats,
    }
}

/// A seat: a player of six (or nobody), sometimes a bot, a place (ties likely), and turns
/// with some sent nothing.
fn any_seat() -> impl Strategy<Value = RatedSeat<u8>> {
    (
        prop::option::weighted(0.9, 0u8..6),
        prop::bool::weighted(0.15),
        1u16..5,
        1u16..12,
        0u16..12,
    )
        .prop_map(|(player, bot, place, turns, silent)| RatedSeat {
            player,
            bot,
            place,
            turns,
            silent: silent.min(turns),
        })
}

/// Games of two kinds finishing at a handful of times (so that many share one: the id
/// decides).
fn any_games() -> impl Strategy<Value = Vec<RatedGame<u8>>> {
    prop::collection::vec(
        (
            prop::bool::ANY,
            0i64..6,
            prop::collection::vec(any_seat(), 1..6),
        ),
        0..25,
    )
    .prop_map(|games| {
        games
            .into_iter()
            .enumerate()
            .map(|(id, (backpacks, finished, seats))| RatedGame {
                game: if backpacks {
                    "backpacks"
                } else {
                    "breaking-away"
                }
                .into(),
                finished,
                id: id as i64,
                seats,
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The ladder rebuilt from the games in any order equals the updates applied one by one
    /// as the games finished; and every update leaves the players of its left-out seats
    /// where they were.
    #[test]
    fn the_rebuild_equals_the_incremental_updates_and_left_out_seats_never_move(
        games in any_games(),
        shuffle in any::<u64>(),
    ) {
        let mut in_order = games.clone();
        in_order.sort_by_key(RatedGame::order_key);
        let mut ladder: Ladder<u8> = Ladder::default();
        for game in &in_order {
            let before = ladder.clone();
            let update = ladder.apply(game);
            for (seat, result) in game.seats.iter().zip(&update.seats) {
                if let (Some(player), Err(_)) = (&seat.player, &result.outcome) {
                    prop_assert_eq!(
                        ladder.rating(&game.game, player),
                        before.rating(&game.game, player),
                        "player {} left out of game {} moved", player, game.id
                    );
                }
            }
            if !update.applied() {
                prop_assert_eq!(&ladder, &before);
            }
        }
        // Any order in: a rotation and a reversal of the list.
        let mut given = games.clone();
        if !given.is_empty() {
            let turn = (shuffle as usize) % given.len();
            given.rotate_left(turn);
        }
        if shuffle % 2 == 1 {
            given.reverse();
        }
        prop_assert_eq!(rebuild(given), ladder);
    }
}

#[test]
fn level_seats_share_a_rank() {
    let mut ladder = Ladder::default();
    ladder.apply(&game(
        1,
        vec![seat(Some(1), 1), seat(Some(2), 2), seat(Some(3), 2)],
    ));
    let (a, b) = (
        ladder.rating("breaking-away", &2),
        ladder.rating("breaking-away", &3),
    );
    assert_eq!(a, b, "seats level in second place move alike");
    assert!(ladder.rating("breaking-away", &1).mu > a.mu);
}

#[test]
fn a_game_with_fewer_than_two_rated_seats_changes_nothing() {
    let mut ladder = Ladder::default();
    let lonely = game(
        1,
        vec![
            seat(Some(1), 1),
            RatedSeat {
                bot: true,
                ..seat(Some(2), 2)
            },
            seat(None, 3),
        ],
    );
    let update = ladder.apply(&lonely);
    assert!(!update.applied());
    let reasons: Vec<LeftOut> = update
        .seats
        .iter()
        .map(|s| s.outcome.unwrap_err())
        .collect();
    assert_eq!(
        reasons,
        [LeftOut::TooFewRated, LeftOut::Bot, LeftOut::NoPlayer]
    );
    assert_eq!(ladder, Ladder::default());
}

#[test]
fn a_seat_silent_for_more_than_half_the_turns_is_left_out_and_half_is_not() {
    let half = RatedSeat {
        turns: 4,
        silent: 2,
        ..seat(Some(2), 2)
    };
    let more = RatedSeat {
        turns: 4,
        silent: 3,
        ..seat(Some(3), 3)
    };
    let reasons = Ladder::left_out(&game(1, vec![seat(Some(1), 1), half, more]));
    assert_eq!(
        reasons,
        [
            None,
            None,
            Some(LeftOut::Silent {
                silent: 3,
                turns: 4
            })
        ]
    );
}

#[test]
fn a_player_in_two_seats_is_rated_in_neither() {
    let reasons = Ladder::left_out(&game(
        1,
        vec![
            seat(Some(1), 1),
            seat(Some(1), 2),
            seat(Some(2), 3),
            seat(Some(3), 4),
        ],
    ));
    assert_eq!(
        reasons,
        [Some(LeftOut::TwoSeats), Some(LeftOut::TwoSeats), None, None]
    );
}

#[test]
fn a_rating_shows_after_three_games_as_its_conservative_estimate() {
    let first = Rating::default();
    assert_eq!(first.shown(), 0, "μ − 3σ is 0 for a new player");
    assert!(!first.established());
    let mut ladder = Ladder::default();
    for id in 0..3 {
        ladder.apply(&game(id, vec![seat(Some(1), 1), seat(Some(2), 2)]));
    }
    let winner = ladder.rating("breaking-away", &1);
    assert_eq!(winner.games, 3);
    assert!(winner.established());
    assert!(winner.shown() > 0);
}
