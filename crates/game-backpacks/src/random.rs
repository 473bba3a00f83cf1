//! Uniformly random play, for benchmarks and simulations: a random walking card walked a random
//! number of random steps its symbols allow. The generator is the caller's (seeded).

use game_api::Rng;
use rand::RngExt;

use crate::clock;
use crate::day::{Day, Place};
use crate::deck::CardKind;
use crate::map::Shape;
use crate::orders::{Action, TurnOrders};

/// Cheap random orders: a random walking card, walked a random number of random steps its
/// symbols allow (a random legal walk, not a good one).
pub fn turn_orders(day: &Day, w: usize, rng: &mut Rng) -> TurnOrders {
    let walker = &day.walkers[w];
    let (Place::At(mut at), false) = (walker.place, clock::is_break(day.turn)) else {
        return TurnOrders::default();
    };
    let walking: Vec<CardKind> = walker
        .hand
        .iter()
        .map(|&c| day.card_kind(c))
        .filter(|k| matches!(k, CardKind::Walk { .. }))
        .collect();
    if walking.is_empty() {
        return TurnOrders::default();
    }
    let card = walking[rng.random_range(0..walking.len())];
    let (mut c, mut t) = day.symbols(w, card, false);
    let start = at;
    let mut route = Vec::new();
    for _ in 0..rng.random_range(0..=c + t) {
        let options: Vec<u16> = day
            .map
            .neighbours(at)
            .iter()
            .copied()
            .filter(|&n| n != start && !route.contains(&n))
            .filter(|&n| match day.map.spaces[usize::from(n)].shape {
                Shape::Circle => c > 0,
                Shape::Triangle => t > 0,
            })
            .collect();
        if options.is_empty() {
            break;
        }
        let n = options[rng.random_range(0..options.len())];
        match day.map.spaces[usize::from(n)].shape {
            Shape::Circle => c -= 1,
            Shape::Triangle => t -= 1,
        }
        route.push(n);
        at = n;
    }
    TurnOrders {
        action: Action::Walk {
            card,
            chocolate: false,
            waypoints: route,
        },
        ..TurnOrders::default()
    }
}
