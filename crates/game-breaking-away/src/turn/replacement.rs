//! Replacement cards (postal 7.4–7.9; board replacement, breaking away, turn-1 congestion):
//! slipstream, the sole leader's card, crowded squares, given on the positions at the end of
//! the movement.

use std::hint::select_unpredictable;

use super::keys::{rider_of, sort_keys};
use super::{Recorder, Replacement, Why};
use crate::position::{Hand, Position};
use crate::rules::RuleSet;

/// Gives every rider on the track its replacement card (postal 7.4-7.9; board replacement,
/// breaking away, turn-1 congestion) on the positions at the end of the movement, and marks the
/// new sole leader. `field` holds a key for every rider on the track, in any order; it is
/// left sorted front first.
pub(super) fn replace_cards(
    position: &mut Position,
    first_turn: bool,
    recorder: &mut impl Recorder,
    field: &mut [u64],
) {
    let rules = position.rules;
    let postal_crowding = first_turn && rules.set == RuleSet::Postal22;
    let board_congestion =
        first_turn && rules.set == RuleSet::Board && rules.options.turn1_congestion;

    // Riders on the track, front first. Slipstream is measured in race distance, so on the
    // board loop a lapped rider neither gives nor takes it.
    sort_keys(field);
    let field: &[u64] = field;
    let square = |key: u64| key >> 40;
    if field.is_empty() {
        for r in position.riders.iter_mut() {
            r.sole_leader = false;
        }
        return;
    }

    // The sole leader: the only rider on the track with the greatest distance (postal 7.8).
    let sole_leader =
        (field.len() == 1 || square(field[1]) > square(field[0])).then_some(rider_of(field[0]));
    let leader_card = sole_leader.map(|l| leader_card(position, l, field));
    for r in position.riders.iter_mut() {
        r.sole_leader = false;
    }

    // Sweep the riders from the front, one square after another. A square is known by its
    // distance, its rider count so far, the unbroken string ahead of it (7.5-7.6) and whether
    // it counts as blank for the riders behind it. One pass with no loop per square: squares
    // of one rider and of several come in no pattern a branch predictor could learn.
    let riders = &mut position.riders[..];
    let mut here = Square::NONE;
    for (k, &key) in field.iter().enumerate() {
        let i = rider_of(key);
        let d = i64::from(riders[i].distance);
        // A new square takes over from `here`, which becomes the square in front of it. Every
        // value is computed and then chosen (a conditional move), not branched to.
        let new = d != here.distance;
        // Turn 1: five or more riders on a square (field sorted: look four ahead).
        let crowded = first_turn
            && field
                .get(k + 4)
                .is_some_and(|&far| square(far) == square(key));
        // The square in front of a crowded one counts as blank (postal 7.9), for this square's
        // riders and everyone behind them.
        let string = (here.distance == d + 1) & !here.blank & !(postal_crowding & crowded);
        let ahead = select_unpredictable(string, here.riders + here.ahead, 0);
        here = Square {
            distance: d,
            riders: select_unpredictable(new, 1, here.riders + 1),
            ahead: select_unpredictable(new, ahead, here.ahead),
            // A board-congested square counts as empty for every other rider.
            blank: select_unpredictable(new, board_congestion & crowded, here.blank),
            crowded: select_unpredictable(new, crowded, here.crowded),
        };
        let replacement = if Some(i) == sole_leader {
            leader_card.expect("the sole leader's card")
        } else if board_congestion && here.crowded {
            Replacement {
                card: 3,
                why: Why::Crowded,
            }
        } else {
            Replacement {
                card: 3 + here.ahead,
                why: Why::Slipstream {
                    riders_ahead: here.ahead,
                },
            }
        };
        riders[i].hand.insert(replacement.card);
        recorder.replaced(i, replacement);
    }
    if let Some(l) = sole_leader {
        position.riders[l].sole_leader = true;
    }
}

/// An occupied square in the replacement sweep.
#[derive(Clone, Copy)]
struct Square {
    distance: i64,
    riders: u16,
    /// The riders in the unbroken string ahead of this square.
    ahead: u16,
    /// Counts as empty for the riders behind it (board turn-1 congestion).
    blank: bool,
    /// Turn 1: five riders or more.
    crowded: bool,
}

impl Square {
    /// Before the first square: nothing is ever just in front of it.
    const NONE: Square = Square {
        distance: i64::MIN,
        riders: 0,
        ahead: 0,
        blank: false,
        crowded: false,
    };
}

/// The sole leader's replacement (postal 7.8): its lead over the next rider (with group
/// breakaways, over the nearest rider of another team) when it has just made the lead, 3 when
/// it already had it, 3 when nobody is left to lead.
fn leader_card(position: &Position, leader: usize, field: &[u64]) -> Replacement {
    let l = &position.riders[leader];
    if l.sole_leader {
        return Replacement {
            card: 3,
            why: Why::KeptLead,
        };
    }
    let rival = if position.rules.options.group_breakaways {
        field
            .iter()
            .map(|&key| &position.riders[rider_of(key)])
            .filter(|r| r.team != l.team)
            .map(|r| r.distance)
            .max()
    } else {
        field
            .get(1)
            .map(|&key| position.riders[rider_of(key)].distance)
    };
    match rival {
        Some(rival) => {
            let lead = u16::try_from(l.distance - rival)
                .unwrap_or(u16::MAX)
                .min(Hand::MAX_CARD);
            Replacement {
                card: lead,
                why: Why::BreakingAway { lead },
            }
        }
        None => Replacement {
            card: 3,
            why: Why::Alone,
        },
    }
}
