//! The simple ways to bid, from a seat's view alone: a random card, the lowest card (what the
//! rules bid for a seat that sent nothing, rule 5), and the heuristic's card — the prize's own
//! value, or the card held nearest it.

use game_api::{Rng, Seat};
use rand::RngExt;

use crate::orders::Bid;
use crate::view::TableView;

/// A card of the seat's hand, uniformly at random.
pub fn random_bid(view: &TableView, seat: Seat, rng: &mut Rng) -> Bid {
    let hand = view.players[seat.index()].hand;
    let n = hand.len();
    if n == 0 {
        return Bid(0);
    }
    let pick = rng.random_range(0..n);
    Bid(hand.cards().nth(pick).unwrap_or_default())
}

/// The seat's lowest card (rule 5).
pub fn lowest_bid(view: &TableView, seat: Seat) -> Bid {
    Bid(view.players[seat.index()].hand.lowest().unwrap_or_default())
}

/// The prize's value if the seat holds that card, else the card held nearest it (the lower of
/// two as near).
pub fn heuristic_bid(view: &TableView, seat: Seat) -> Bid {
    let hand = view.players[seat.index()].hand;
    let prize = view.prize.unwrap_or(0);
    Bid(hand.nearest(prize).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use game_api::{Seed, Viewer};

    #[test]
    fn the_heuristic_bids_the_prize_or_the_nearest_card() {
        let mut position = Position::new(5, 2, &mut Seed(1).rng(0));
        position.prize = Some(4);
        let view = position.view(Viewer::Seat(Seat(0)));
        assert_eq!(heuristic_bid(&view, Seat(0)), Bid(4));
        position.players[0].hand.remove(4);
        let view = position.view(Viewer::Seat(Seat(0)));
        assert_eq!(heuristic_bid(&view, Seat(0)), Bid(3));
        assert_eq!(lowest_bid(&view, Seat(0)), Bid(1));
        let mut rng = Seed(2).rng(9);
        for _ in 0..50 {
            let bid = random_bid(&view, Seat(0), &mut rng);
            assert!(position.players[0].hand.contains(bid.0), "{bid}");
        }
    }
}
