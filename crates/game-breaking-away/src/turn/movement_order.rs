//! The order of movement (postal 8; board: inside first, turn-1 rotation): every order read
//! and checked before anything moves, then the riders who move sorted into the order they
//! move, with those who move simultaneously (postal 8.2.5) marked.

use super::keys::{JOINS, front_first, rider_of, sort_keys};
use super::{OrderError, Source};
use crate::position::{Position, Rider, Status};
use crate::rules::RuleSet;

/// The card a rider on the track plays this turn, where it is in the hand, and who chose it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Play {
    pub(super) card: u16,
    pub(super) lane: u8,
    pub(super) source: Source,
}

/// The card rider `i` plays: `None` for a rider off the track. Riders without an order play
/// their highest card (postal 9.1 for an NMR, 10.1 for a dropped rider).
#[inline]
fn play_for(rider: &Rider, order: Option<u16>, i: usize) -> Result<Option<Play>, OrderError> {
    if !rider.on_track() {
        return match order {
            Some(_) => Err(OrderError::NotOnTrack { rider: i }),
            None => Ok(None),
        };
    }
    Ok(Some(match order {
        Some(card) => match rider.hand.lane_of(card) {
            Some(lane) => Play {
                card,
                lane: lane as u8,
                source: Source::Ordered,
            },
            None => return Err(OrderError::NotInHand { rider: i, card }),
        },
        None => Play {
            card: rider
                .hand
                .highest()
                .ok_or(OrderError::EmptyHand { rider: i })?,
            lane: 0,
            source: if rider.status == Status::Dropped {
                Source::Dropped
            } else {
                Source::Nmr
            },
        },
    }))
}
/// Reads the orders (every card checked before anything moves) into `played`, and puts the
/// riders who move into `keyed`, sorted into the order they move.
pub(super) fn movement_order(
    position: &Position,
    orders: &[Option<u16>],
    played: &mut Vec<Option<Play>>,
    keyed: &mut Vec<u64>,
) -> Result<(), OrderError> {
    let riders = &position.riders;
    if orders.len() != riders.len() {
        return Err(OrderError::WrongCount {
            got: orders.len(),
            want: riders.len(),
        });
    }
    let board = position.rules.set == RuleSet::Board;
    played.clear();
    keyed.clear();
    for (i, (r, &order)) in riders.iter().zip(orders).enumerate() {
        let play = play_for(r, order, i)?;
        played.push(play);
        if let Some(play) = play {
            // Front to back (postal 8.1). On one square: postal 8.2.1 grade, 8.2.2 the card
            // played; the board: arrival only (inside first). Distance, grade and card are
            // packed into one key with the rider's index (which keeps riders still tied in
            // input order); the hand and the arrival break the key's ties (8.2.3-8.2.5).
            let checks = if board {
                0
            } else {
                (r.grade as u64) << 16 | u64::from(u16::MAX - play.card)
            };
            keyed.push(front_first(r.distance) << 40 | checks << 16 | i as u64);
        }
    }

    if board && position.turn == 1 {
        // Board, turn 1: from a random first team, clockwise; every rider 1, then every
        // rider 2, 3 and 4. Nobody moves simultaneously.
        let teams = u64::from(position.team_count.max(1));
        let first = u64::from(position.first_team.unwrap_or(0));
        for key in keyed.iter_mut() {
            let r = &riders[rider_of(*key)];
            let seat = (u64::from(r.team) + teams - first % teams) % teams;
            *key = (r.grade as u64) << 40 | seat << 16 | rider_of(*key) as u64;
        }
    }
    sort_keys(keyed);
    if board && position.turn == 1 {
        return Ok(());
    }

    // Riders the key leaves tied (rare) are put in order by hand and arrival; those still
    // tied after every check move simultaneously (postal 8.2.5). The board game has no
    // simultaneous movement: riders on one square with equal arrival stamps move one at a
    // time in input order, each with its own card (docs/rulings.md BA-10).
    let checks = |key: u64| (key & !JOINS) >> 16;
    let rest = |key: u64| -> (std::cmp::Reverse<u128>, u32) {
        let r = &riders[rider_of(key)];
        let hand = if board { 0 } else { r.hand.tie_break_key() };
        (std::cmp::Reverse(hand), r.arrival)
    };
    let mut k = 1;
    while k < keyed.len() {
        if checks(keyed[k]) != checks(keyed[k - 1]) {
            k += 1;
            continue;
        }
        let mut end = k + 1;
        while end < keyed.len() && checks(keyed[end]) == checks(keyed[k]) {
            end += 1;
        }
        let tied = &mut keyed[k - 1..end];
        tied.sort_unstable_by_key(|&key| (rest(key), rider_of(key)));
        for j in 1..tied.len() {
            if !board && rest(tied[j]) == rest(tied[j - 1]) {
                tied[j] |= JOINS;
            }
        }
        k = end + 1;
    }
    Ok(())
}
