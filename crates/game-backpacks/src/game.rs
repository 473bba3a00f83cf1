//! Backpacks & Blisters on the common game API: a seat is a walker; its orders cover one postal
//! round (two turns); `resolve` plays the round.

use game_api::{Game, Rng, Seat};

use crate::day::{Day, TurnOutcome};
use crate::orders::RoundOrders;

#[derive(Clone, Copy, Debug, Default)]
pub struct Backpacks;

impl Game for Backpacks {
    type State = Day;
    type Orders = RoundOrders;
    type Event = TurnOutcome;

    fn seat_count(state: &Day) -> usize {
        state.walkers.len()
    }

    fn is_over(state: &Day) -> bool {
        state.is_over()
    }

    /// No orders: the walker rests both turns (docs/rulings.md B&B-11).
    fn nmr_orders(_state: &Day, _seat: Seat) -> RoundOrders {
        RoundOrders::nmr()
    }

    /// The round's first turn is checked strictly; the second turn is carried out as far as it
    /// can be from wherever the first turn really leaves the walker (B&B-7). A walker whose day
    /// is over may send a vote (10.5) and nothing else.
    fn check_orders(state: &Day, seat: Seat, orders: &RoundOrders) -> Result<(), String> {
        state.check_round_orders(seat.index(), orders)
    }

    fn resolve(
        state: &Day,
        orders: &[Option<RoundOrders>],
        rng: &mut Rng,
    ) -> (Day, Vec<TurnOutcome>) {
        let orders: Vec<RoundOrders> = orders
            .iter()
            .map(|o| o.clone().unwrap_or_default())
            .collect();
        state.resolve_round(&orders, rng)
    }
}
