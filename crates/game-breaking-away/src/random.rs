//! Uniformly random play, for benchmarks, simulations and tests: a legal random line-up and a
//! random card for every rider. The generator is the caller's (seeded), never a global one.

use game_api::Rng;
use rand::{Rng as _, RngExt};

use crate::position::{Hand, Position};
use crate::rules::{Grade, Rules};

/// A legal random line-up under the postal limits (3.1: totals at most). Board races made
/// from it (benchmarks, the fingerprint) may start below the board's exact totals (BA-12);
/// the rules of a turn do not depend on how the hands were chosen.
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

/// A random postal race of `teams` teams: every position from the start (a random line-up
/// each) to the finish, a random card for every rider each turn; at most `most` positions.
pub fn race(teams: usize, most: usize, rng: &mut Rng) -> Vec<Position> {
    let lineups: Vec<[Hand; 4]> = (0..teams).map(|_| lineup(rng)).collect();
    let mut positions = vec![Position::start(Rules::postal(), &lineups)];
    let mut cards = Vec::new();
    while let Some(now) = positions
        .last()
        .filter(|p| !p.is_over() && positions.len() < most)
    {
        orders(now, &mut cards, rng);
        let (next, _) = crate::turn::resolve(now, &cards).expect("random cards are legal");
        positions.push(next);
    }
    positions
}

/// A random card from each racing rider's hand, written into `orders` (reused between turns).
/// Every four riders share one 64-bit word of the generator, 16 bits each.
pub fn orders(position: &Position, orders: &mut Vec<Option<u16>>, rng: &mut Rng) {
    orders.clear();
    for four in position.riders.chunks(4) {
        let mut bits = rng.next_u64();
        for rider in four {
            let n = rider.hand.len();
            let draw = below(bits as u16, n as u16, rng);
            bits >>= 16;
            orders.push((rider.on_track() && n > 0).then(|| rider.hand.card(draw)));
        }
    }
}

/// A uniform number in `0..n` from 16 random bits: Lemire's multiply-and-reject, exact (a
/// draw in the biased zone, rare for small `n`, is replaced by a fresh one). 0 if `n` is 0.
#[inline]
pub fn below(bits: u16, n: u16, rng: &mut Rng) -> usize {
    let mut m = u32::from(bits) * u32::from(n);
    while (m as u16) < n && (m as u16) < 0u16.wrapping_sub(n) % n {
        m = u32::from(rng.next_u32() as u16) * u32::from(n);
    }
    (m >> 16) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Seed;

    #[test]
    fn small_draws_are_uniform_and_in_range() {
        let mut rng = Seed(7).rng(0);
        assert_eq!(below(12345, 0, &mut rng), 0);
        for n in 1..=8u16 {
            let mut seen = [0u32; 8];
            for _ in 0..8_000 {
                let bits = rng.next_u32() as u16;
                let d = below(bits, n, &mut rng);
                assert!(d < usize::from(n));
                seen[d] += 1;
            }
            // Each value comes up 8000/n times, give or take well under 10%.
            let want = 8_000 / u32::from(n);
            for &count in &seen[..usize::from(n)] {
                assert!(count.abs_diff(want) < want / 10, "{n}: {seen:?}");
            }
        }
    }
}
