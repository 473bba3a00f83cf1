//! A turn played from the teams' orders: each rider's card (an order that does not fit counts
//! as none, postal 9.1), the board's first-team draw, and the turn in place with buffers the
//! caller keeps — what `Game::resolve` does, and the bots' and tournaments' path.

use game_api::Rng;
use rand::RngExt;

use crate::error::BreakingAwayError as Error;
use crate::game::rider_index;
use crate::orders::TeamOrders;
use crate::position::Position;
use crate::rules::{Grade, RuleSet};
use crate::turn;

/// Checks a team's orders; the message names the rider and the card.
pub fn check_team_orders(position: &Position, team: u8, orders: &TeamOrders) -> Result<(), Error> {
    for grade in Grade::ALL {
        let Some(card) = orders.card(grade) else {
            continue;
        };
        let Some(i) = rider_index(position, team, grade) else {
            return Err(Error::NoRider(grade));
        };
        let rider = &position.riders[i];
        if !rider.on_track() {
            return Err(Error::NotRacing(grade));
        }
        if !rider.hand.contains(card) {
            return Err(Error::NotInHand {
                grade,
                card,
                hand: rider.hand.ascending(),
            });
        }
    }
    Ok(())
}

/// Each rider's card from the teams' orders; an order that does not fit the position counts
/// as no order (so the rider plays its highest card).
pub fn rider_orders(position: &Position, orders: &[Option<TeamOrders>]) -> Vec<Option<u16>> {
    let mut cards = Vec::with_capacity(position.riders.len());
    rider_orders_into(position, orders, &mut cards);
    cards
}

/// [`rider_orders`] into a buffer the caller keeps.
pub fn rider_orders_into(
    position: &Position,
    orders: &[Option<TeamOrders>],
    cards: &mut Vec<Option<u16>>,
) {
    cards.clear();
    cards.extend(position.riders.iter().map(|r| {
        let card = orders
            .get(usize::from(r.team))
            .copied()
            .flatten()?
            .card(r.grade)?;
        (r.on_track() && r.hand.contains(card)).then_some(card)
    }));
}

/// Whether [`draw_first_team`] has a team to draw (board rules, turn 1, not yet drawn): a
/// caller that makes the draw's stream only when it is needed asks first.
pub fn first_team_to_draw(position: &Position) -> bool {
    position.rules.set == RuleSet::Board && position.turn == 1 && position.first_team.is_none()
}

/// Board rules, turn 1: the team that moves first, drawn at random once (the only draw the
/// game's resolution makes). Nothing happens on other turns, under postal rules or once drawn.
pub fn draw_first_team(position: &mut Position, rng: &mut Rng) {
    if first_team_to_draw(position) {
        // board: turn 1, the first player is chosen at random.
        position.first_team = Some(rng.random_range(0..position.team_count.max(1)));
    }
}

/// One turn in place from the teams' orders, with buffers the caller keeps: what
/// [`Game::resolve`] does, without copying the position or recording the outcome (the board's
/// first-team draw, [`draw_first_team`], is the caller's). `false` when the race was over or an
/// order was refused (then nothing changed).
pub fn play_turn(
    position: &mut Position,
    orders: &[Option<TeamOrders>],
    cards: &mut Vec<Option<u16>>,
    scratch: &mut turn::Scratch,
) -> bool {
    // Orders as given first: the turn checks every card before it changes anything, so when
    // one does not fit (not in the hand, a rider off the track) nothing has changed, and the
    // turn is played again with that order dropped, as `rider_orders` drops it.
    cards.clear();
    cards.extend(position.riders.iter().map(|r| {
        orders
            .get(usize::from(r.team))
            .copied()
            .flatten()?
            .card(r.grade)
    }));
    play_cards(position, cards, scratch)
}

/// [`play_turn`] from a card per rider (`None`: no order), as the teams' orders give them: a
/// card that does not fit (not in the hand, a rider off the track) counts as no order, as
/// [`rider_orders_into`] drops it. False if the turn was refused even so.
#[inline]
pub fn play_cards(
    position: &mut Position,
    cards: &mut [Option<u16>],
    scratch: &mut turn::Scratch,
) -> bool {
    if turn::advance_with(position, cards, &mut (), scratch).is_ok() {
        return true;
    }
    for (card, r) in cards.iter_mut().zip(&position.riders) {
        if card.is_some_and(|c| !(r.on_track() && r.hand.contains(c))) {
            *card = None;
        }
    }
    turn::advance_with(position, cards, &mut (), scratch).is_ok()
}

#[cfg(test)]
mod tests {
    use game_api::{Game, Seed};

    use super::*;
    use crate::BreakingAway;
    use crate::position::Hand;
    use crate::rules::{Options, Rules};

    /// `play_turn` (in place, the tournament's path) and `Game::resolve` are one turn: the same
    /// position after every turn, with legal orders, orders for cards not in hand (dropped to
    /// no order, postal 9.1) and teams without orders, postal and board (board: turn 1 draw).
    #[test]
    fn play_turn_is_resolve_in_place() {
        let mut rng = Seed(11).rng(0);
        for race in 0..200 {
            let rules = if race % 2 == 0 {
                Rules::postal()
            } else {
                Rules::board(Options::default())
            };
            let lineups: Vec<[Hand; 4]> = (0..4).map(|_| crate::random::lineup(&mut rng)).collect();
            let mut resolved = Position::start(rules, &lineups);
            let mut in_place = resolved.clone();
            draw_first_team(&mut in_place, &mut Seed(race).rng(1));
            let (mut cards, mut scratch) = (Vec::new(), turn::Scratch::default());
            while !resolved.is_over() {
                let orders: Vec<Option<TeamOrders>> = (0..4u8)
                    .map(|team| {
                        (rng.random_range(0..8) > 0).then(|| {
                            let mut o = TeamOrders::default();
                            for i in resolved.team_riders(team) {
                                let r = &resolved.riders[i];
                                let card = match r.hand.cards().first() {
                                    Some(&c) if rng.random_range(0..10) > 0 => c,
                                    _ => rng.random_range(1..=15),
                                };
                                o.set(r.grade, card);
                            }
                            o
                        })
                    })
                    .collect();
                let turn = resolved.turn;
                resolved =
                    BreakingAway::resolve(&resolved, &orders, &mut Seed(race).rng(u64::from(turn)))
                        .0;
                assert!(play_turn(&mut in_place, &orders, &mut cards, &mut scratch));
                assert_eq!(in_place, resolved, "race {race}, turn {turn}");
            }
            assert!(
                !play_turn(&mut in_place, &[], &mut cards, &mut scratch),
                "over"
            );
        }
    }
}
