//! Uniformly random play, for benchmarks, simulations and tests: a legal random line-up and a
//! random card for every rider. The generator is the caller's (seeded), never a global one.

use game_api::Rng;
use rand::RngExt;

use crate::position::{Hand, Position};
use crate::rules::Grade;

/// A legal random line-up (postal 3.1): each rider's cards drawn from 1–15 until they fit.
pub fn lineup(rng: &mut Rng) -> [Hand; 4] {
    Grade::ALL.map(|grade| {
        let (counts, max) = grade.lineup_limits();
        let n = rng.random_range(counts);
        loop {
            let cards: Vec<u16> = (0..n).map(|_| rng.random_range(1..=15)).collect();
            if cards.iter().map(|&c| u32::from(c)).sum::<u32>() <= max {
                return Hand::new(&cards).expect("at most 4 cards");
            }
        }
    })
}

/// A random card from each racing rider's hand, written into `orders` (reused between turns).
pub fn orders(position: &Position, orders: &mut Vec<Option<u16>>, rng: &mut Rng) {
    orders.clear();
    orders.extend(position.riders.iter().map(|rider| {
        let hand = rider.hand;
        (rider.on_track() && !hand.is_empty())
            .then(|| hand.card(rng.random_range(0..hand.len() as u32) as usize))
    }));
}
