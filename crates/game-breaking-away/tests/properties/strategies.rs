//! The generators: rule sets, riders, positions, and legal, bad and mixed orders for them.

use game_breaking_away::rules::{Options, RuleSet};
use game_breaking_away::{Grade, Hand, Points, Position, Rider, Rules, Status};
use proptest::prelude::*;

fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::postal()),
        (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(g, c, s)| Rules::board(Options {
            group_breakaways: g,
            turn1_congestion: c,
            staggered_start: s,
            open_hands: false,
        })),
    ]
}

fn status() -> impl Strategy<Value = Status> {
    prop_oneof![
        6 => Just(Status::Racing),
        1 => Just(Status::Dropped),
        1 => Just(Status::Retired),
        1 => (1u16..12).prop_map(Status::Finished),
    ]
}

prop_compose! {
    fn rider(teams: u8)(team in 0..teams, grade in 0usize..4, distance in -3i32..125,
                        cards in prop::collection::vec(1u16..25, 1..=4), status in status(),
                        sole_leader in any::<bool>(), arrival in 0u32..6, half_points in 0u64..80) -> Rider {
        // A finished rider has crossed the finish line: past 120 (postal) and 100 (board).
        let distance =
            if matches!(status, Status::Finished(_)) { 121 + distance.rem_euclid(5) } else { distance };
        Rider {
            team, grade: Grade::ALL[grade], distance, hand: Hand::new(&cards).unwrap(),
            points: Points::share(half_points, 2), sole_leader, status, arrival,
        }
    }
}

prop_compose! {
    pub(crate) fn position()(rules in rules(), teams in 1u8..7, turn in 1u16..4)
                 (riders in prop::collection::vec(rider(teams), 1..24), rules in Just(rules), teams in Just(teams),
                  turn in Just(turn), first in 0..teams, taken in prop::array::uniform3(0u16..10)) -> Position {
        Position {
            rules, turn, team_count: teams, riders, line_places: taken, next_arrival: 10,
            first_team: (rules.set == RuleSet::Board && turn == 1).then_some(first),
        }
    }
}

/// A legal order for one rider: a card from the hand or no order (NMR) for a rider on the track,
/// no order for one off it.
fn legal_order(rider: &Rider) -> BoxedStrategy<Option<u16>> {
    if rider.on_track() {
        prop_oneof![
            4 => prop::sample::select(rider.hand.cards().to_vec()).prop_map(Some),
            1 => Just(None),
        ]
        .boxed()
    } else {
        Just(None).boxed()
    }
}

pub(crate) fn legal_orders(position: &Position) -> impl Strategy<Value = Vec<Option<u16>>> + use<> {
    position.riders.iter().map(legal_order).collect::<Vec<_>>()
}

/// An order that is not legal for this rider: a card it does not hold, or any card for a rider
/// off the track.
fn bad_order(rider: &Rider) -> impl Strategy<Value = Option<u16>> + use<> {
    let hand = rider.hand;
    let on_track = rider.on_track();
    (0u16..30)
        .prop_filter("a card the rider does not hold", move |&c| {
            !on_track || !hand.contains(c)
        })
        .prop_map(Some)
}

/// Orders that are mostly legal and sometimes not (one rider in five, on average, or a list of
/// the wrong length now and then).
pub(crate) fn mixed_orders(position: &Position) -> impl Strategy<Value = Vec<Option<u16>>> + use<> {
    let each: Vec<_> = position
        .riders
        .iter()
        .map(|r| prop_oneof![4 => legal_order(r), 1 => bad_order(r)])
        .collect();
    (each, 0u8..20).prop_map(|(mut orders, length)| {
        match length {
            0 => orders.push(None),
            1 => {
                orders.pop();
            }
            _ => {}
        }
        orders
    })
}

/// A position the rules can resolve: the race is not over.
pub(crate) fn racing_position() -> impl Strategy<Value = Position> {
    position().prop_filter("a race that is not over", |p| !p.is_over())
}
