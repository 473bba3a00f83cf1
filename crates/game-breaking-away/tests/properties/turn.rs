//! One turn: legal orders resolve and keep the rules' invariants; bad orders are refused,
//! the first named, and change nothing.

use game_breaking_away::rules::Line;
use game_breaking_away::turn::{OrderError, Scratch, advance_with, resolve};
use game_breaking_away::{Hand, Points, Position, Rider, Rules};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::property;
use crate::strategies::{legal_orders, mixed_orders, position, racing_position};

/// Any racing position, legal orders: the turn is always resolved, and every rule invariant
/// holds (postal 7.3-7.4 one card out and one in, cards never below 1, every rider on the track
/// moves, no line pays more than its table, at most one sole leader).
#[test]
fn legal_orders_are_resolved_and_keep_the_invariants() {
    let cases = racing_position().prop_flat_map(|p| {
        let o = legal_orders(&p);
        (Just(p), o)
    });
    let tally = property(
        "legal_orders_are_resolved_and_keep_the_invariants",
        400,
        cases,
        |(position, orders)| {
            let (next, outcome) = resolve(&position, &orders)
                .map_err(|e| TestCaseError::fail(format!("legal orders refused: {e}")))?;
            for (before, after) in position.riders.iter().zip(&next.riders) {
                prop_assert!(
                    after.hand.cards().iter().all(|&c| c >= 1),
                    "cards never below 1"
                );
                prop_assert!(after.points >= before.points, "points never go down");
                if before.on_track() && after.on_track() {
                    prop_assert_eq!(
                        after.hand.len(),
                        before.hand.len(),
                        "postal 7.3-7.4: one card out, one in"
                    );
                    prop_assert!(
                        after.distance > before.distance,
                        "every rider on the track moves"
                    );
                }
                if !before.on_track() {
                    prop_assert_eq!(
                        Rider {
                            sole_leader: false,
                            ..*after
                        },
                        Rider {
                            sole_leader: false,
                            ..*before
                        },
                        "riders off the track do not change"
                    );
                    prop_assert!(!after.sole_leader, "only a rider on the track can lead");
                }
            }
            for line in Line::ALL {
                let paid: Points = outcome
                    .awards
                    .iter()
                    .filter(|a| a.line == line)
                    .map(|a| (0..a.riders.len()).map(|_| a.points).sum::<Points>())
                    .sum();
                let table: u64 = line.points_table().iter().sum();
                prop_assert!(
                    paid <= Points::whole(table),
                    "a line never pays more than its table"
                );
            }
            prop_assert!(next.riders.iter().filter(|r| r.sole_leader).count() <= 1);
            prop_assert_eq!(next.turn, position.turn + 1);
            Ok(if outcome.awards.is_empty() {
                "resolved, no points"
            } else {
                "resolved, points awarded"
            })
        },
    );
    assert!(
        tally.percent(&["resolved, points awarded"]) >= 10,
        "{tally:?}"
    );
}

/// Any position, orders with mistakes: never a panic; the turn is resolved exactly when every
/// order is legal, and otherwise refused with the first mistake named (the race being over, a
/// list of the wrong length, then rider by rider) and nothing changed.
#[test]
fn bad_orders_are_refused_naming_the_first_and_change_nothing() {
    // A third of the cases all legal, the rest with mistakes.
    let cases = position().prop_flat_map(|p| {
        let o = prop_oneof![1 => legal_orders(&p), 2 => mixed_orders(&p)];
        (Just(p), o)
    });
    let tally = property(
        "bad_orders_are_refused_naming_the_first_and_change_nothing",
        400,
        cases,
        |(position, orders)| {
            let first_mistake = if position.is_over() {
                Some(OrderError::RaceOver)
            } else if orders.len() != position.riders.len() {
                Some(OrderError::WrongCount {
                    got: orders.len(),
                    want: position.riders.len(),
                })
            } else {
                position
                    .riders
                    .iter()
                    .zip(&orders)
                    .enumerate()
                    .find_map(|(i, (r, o))| match (r.on_track(), o) {
                        (false, Some(_)) => Some(OrderError::NotOnTrack { rider: i }),
                        (true, Some(card)) if !r.hand.contains(*card) => {
                            Some(OrderError::NotInHand {
                                rider: i,
                                card: *card,
                            })
                        }
                        _ => None,
                    })
            };
            let mut after = position.clone();
            let result = advance_with(&mut after, &orders, &mut (), &mut Scratch::default());
            match first_mistake {
                None => {
                    prop_assert_eq!(result, Ok(()));
                    Ok("legal: resolved")
                }
                Some(mistake) => {
                    prop_assert_eq!(result, Err(mistake.clone()));
                    prop_assert_eq!(&after, &position, "a refused turn changes nothing");
                    prop_assert_eq!(
                        resolve(&position, &orders).map(|_| ()),
                        Err(mistake.clone())
                    );
                    Ok(match mistake {
                        OrderError::RaceOver => "refused: the race is over",
                        OrderError::WrongCount { .. } => "refused: wrong count",
                        OrderError::NotInHand { .. } => "refused: not in hand",
                        OrderError::NotOnTrack { .. } => "refused: not on the track",
                        OrderError::EmptyHand { .. } => "refused: empty hand",
                    })
                }
            }
        },
    );
    assert!(tally.percent(&["legal: resolved"]) >= 10, "{tally:?}");
    assert!(tally.percent(&["refused: not in hand"]) >= 10, "{tally:?}");
    assert!(
        tally.percent(&["refused: not on the track"]) >= 5,
        "{tally:?}"
    );
}

#[test]
fn the_first_bad_order_is_named_and_nothing_moves() {
    let hand = Hand::new(&[4, 5, 6]).unwrap();
    let position = Position::start(Rules::postal(), &[[hand; 4], [hand; 4]]);
    // Rider 2 orders a card it does not hold, rider 5 too: rider 2 is named.
    let mut orders = vec![Some(4); 8];
    orders[2] = Some(9);
    orders[5] = Some(1);
    let before = position.clone();
    assert_eq!(
        resolve(&position, &orders).unwrap_err(),
        game_breaking_away::turn::OrderError::NotInHand { rider: 2, card: 9 }
    );
    let mut after = position.clone();
    let mut scratch = game_breaking_away::turn::Scratch::default();
    assert!(
        game_breaking_away::turn::advance_with(&mut after, &orders, &mut (), &mut scratch).is_err()
    );
    assert_eq!(after, before, "a refused turn changes nothing");
}
