//! Breaking Away on the common game API: a seat is a team, its orders a card per rider.

use game_api::{Game, Rng, Seat};
use rand::RngExt;

use crate::orders::TeamOrders;
use crate::position::Position;
use crate::rules::{Grade, RuleSet};
use crate::turn::{self, TurnOutcome};

/// The Breaking Away rules as a [`Game`].
#[derive(Clone, Copy, Debug, Default)]
pub struct BreakingAway;

/// The index of a team's rider of a grade in a position built by [`Position::start`].
pub fn rider_index(position: &Position, team: u8, grade: Grade) -> Option<usize> {
    position
        .riders
        .iter()
        .position(|r| r.team == team && r.grade == grade)
}

/// Checks a team's orders; the message names the rider and the card.
pub fn check_team_orders(position: &Position, team: u8, orders: &TeamOrders) -> Result<(), String> {
    for grade in Grade::ALL {
        let Some(card) = orders.card(grade) else {
            continue;
        };
        let Some(i) = rider_index(position, team, grade) else {
            return Err(format!("rider {grade}: the team has no such rider"));
        };
        let rider = &position.riders[i];
        if !rider.on_track() {
            return Err(format!(
                "rider {grade}: not racing any more, no orders needed"
            ));
        }
        if !rider.hand.contains(card) {
            return Err(format!(
                "rider {grade}: card {card} is not in the hand {:?}",
                rider.hand.ascending()
            ));
        }
    }
    Ok(())
}

/// Each rider's card from the teams' orders; an order that does not fit the position counts
/// as no order (so the rider plays its highest card).
pub fn rider_orders(position: &Position, orders: &[Option<TeamOrders>]) -> Vec<Option<u16>> {
    position
        .riders
        .iter()
        .map(|r| {
            let card = orders
                .get(usize::from(r.team))
                .copied()
                .flatten()?
                .card(r.grade)?;
            (r.on_track() && r.hand.contains(card)).then_some(card)
        })
        .collect()
}

impl Game for BreakingAway {
    type State = Position;
    type Orders = TeamOrders;
    type Event = TurnOutcome;

    fn seat_count(state: &Position) -> usize {
        usize::from(state.team_count)
    }

    fn is_over(state: &Position) -> bool {
        state.is_over()
    }

    /// No orders: every rider plays its highest card (postal 9.1; the same on the board).
    fn nmr_orders(_state: &Position, _seat: Seat) -> TeamOrders {
        TeamOrders::default()
    }

    fn check_orders(state: &Position, seat: Seat, orders: &TeamOrders) -> Result<(), String> {
        check_team_orders(state, seat.0, orders)
    }

    fn resolve(
        state: &Position,
        orders: &[Option<TeamOrders>],
        rng: &mut Rng,
    ) -> (Position, Vec<TurnOutcome>) {
        if state.is_over() {
            return (state.clone(), Vec::new());
        }
        let mut position = state.clone();
        if position.rules.set == RuleSet::Board
            && position.turn == 1
            && position.first_team.is_none()
        {
            // board: turn 1, the first player is chosen at random.
            position.first_team = Some(rng.random_range(0..position.team_count.max(1)));
        }
        let cards = rider_orders(&position, orders);
        match turn::resolve(&position, &cards) {
            Ok((next, outcome)) => (next, vec![outcome]),
            // Unreachable for positions made by `Position::start` and `resolve` (hands never
            // empty while racing); kept total so that no input can make the rules panic.
            Err(_) => (state.clone(), Vec::new()),
        }
    }
}
