//! One round resolved: the sealed bids (a seat that sent none bids its lowest card, rule 5)
//! revealed at once, and what the reports tell of it.

use game_api::Seat;

use crate::orders::Bid;
use crate::position::Position;

/// What happened in one round, for the reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPlayed {
    pub round: u8,
    pub prize: u8,
    /// Each seat's bid card.
    pub bids: Vec<u8>,
    /// The seats that sent no orders and bid their lowest card (rule 5).
    pub nmr: Vec<bool>,
    /// The seat that took the prize; `None`: the highest bid was tied and the prize discarded.
    pub taker: Option<Seat>,
}

/// The bid of a seat that sent no orders: its lowest card (rule 5).
pub fn nmr_bid(position: &Position, seat: Seat) -> Bid {
    Bid(position.players[seat.index()]
        .hand
        .lowest()
        .unwrap_or_default())
}

/// Resolves the round `position` waits for: `orders[seat]` is `None` for a seat that sent
/// nothing. The orders have been checked.
pub fn resolve_round(position: &Position, orders: &[Option<Bid>]) -> (Position, RoundPlayed) {
    let nmr: Vec<bool> = (0..position.players.len())
        .map(|s| orders.get(s).is_none_or(Option::is_none))
        .collect();
    let bids: Vec<u8> = (0..position.players.len())
        .map(|s| {
            let seat = Seat(s as u8);
            orders
                .get(s)
                .copied()
                .flatten()
                .unwrap_or_else(|| nmr_bid(position, seat))
                .0
        })
        .collect();
    let mut next = position.clone();
    let round = position.round;
    let outcome = next.play_round(&bids);
    (
        next,
        RoundPlayed {
            round,
            prize: outcome.prize,
            bids,
            nmr,
            taker: outcome.taker,
        },
    )
}
