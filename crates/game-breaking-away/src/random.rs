//! Uniformly random play, for benchmarks, simulations and tests: a legal random line-up and a
//! random card for every rider. The generator is the caller's (seeded), never a global one.

use game_api::Rng;
use rand::{Rng as _, RngExt};

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
    let mut draws = SmallDraws {
        rng,
        bits: 0,
        left: 0,
    };
    for rider in &position.riders {
        let n = rider.hand.len();
        orders.push(
            (rider.on_track() && n > 0)
                .then(|| rider.hand.card(usize::from(draws.below(n as u16)))),
        );
    }
}

/// Uniform numbers below small bounds, four from each 64-bit word of the generator: a draw
/// costs a multiplication instead of a call to the generator.
struct SmallDraws<'a> {
    rng: &'a mut Rng,
    bits: u64,
    left: u32,
}

impl SmallDraws<'_> {
    /// A uniform number in `0..n` (`n` at least 1): Lemire's multiply-and-reject on 16 random
    /// bits, exact (a draw in the biased zone is thrown away).
    fn below(&mut self, n: u16) -> u16 {
        debug_assert!(n > 0);
        loop {
            if self.left == 0 {
                self.bits = self.rng.next_u64();
                self.left = 4;
            }
            let x = self.bits as u16;
            self.bits >>= 16;
            self.left -= 1;
            let m = u32::from(x) * u32::from(n);
            let low = m as u16;
            if low < n && low < 0u16.wrapping_sub(n) % n {
                continue;
            }
            return (m >> 16) as u16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Seed;

    #[test]
    fn small_draws_are_uniform_and_in_range() {
        let mut rng = Seed(7).rng(0);
        let mut draws = SmallDraws {
            rng: &mut rng,
            bits: 0,
            left: 0,
        };
        for n in 1..=8u16 {
            let mut seen = [0u32; 8];
            for _ in 0..8_000 {
                let d = draws.below(n);
                assert!(d < n);
                seen[usize::from(d)] += 1;
            }
            // Each value comes up 8000/n times, give or take well under 10%.
            let want = 8_000 / u32::from(n);
            for &count in &seen[..usize::from(n)] {
                assert!(count.abs_diff(want) < want / 10, "{n}: {seen:?}");
            }
        }
    }
}
