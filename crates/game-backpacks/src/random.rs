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
    let is_walking = |c: &u8| matches!(day.card_kind(*c), CardKind::Walk { .. });
    let walking = walker.hand.iter().filter(|c| is_walking(c)).count();
    if walking == 0 {
        return TurnOrders::default();
    }
    let pick = rng.random_range(0..walking);
    let card = day.card_kind(
        *walker
            .hand
            .iter()
            .filter(|c| is_walking(c))
            .nth(pick)
            .expect("counted"),
    );
    let (mut c, mut t) = day.symbols(w, card, false);
    let start = at;
    let steps = rng.random_range(0..=c + t);
    let mut route = Vec::with_capacity(usize::from(steps));
    for _ in 0..steps {
        let open = |n: &u16| {
            *n != start
                && !route.contains(n)
                && match day.map.spaces[usize::from(*n)].shape {
                    Shape::Circle => c > 0,
                    Shape::Triangle => t > 0,
                }
        };
        let options = day.map.neighbours(at).iter().filter(|n| open(n)).count();
        if options == 0 {
            break;
        }
        let n = *day
            .map
            .neighbours(at)
            .iter()
            .filter(|n| open(n))
            .nth(rng.random_range(0..options))
            .expect("counted");
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
