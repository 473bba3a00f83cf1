//! The day's own tests: set-up (2.1–2.3), the card to come (3.1.1), chocolate (11.2) and
//! the Rucksack at coffee (5.1.10).

use super::*;
use crate::orders::{Action, TurnOrders};
use game_api::Seed;

fn keswick_day(walkers: usize, seed: u64) -> Day {
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    Day::new(map, deck, walkers, &mut Seed(seed).rng(0))
}

#[test]
fn bb_2_1_five_distinct_targets_drawn_from_the_cards() {
    for seed in 0..50 {
        let day = keswick_day(4, seed);
        assert_eq!(day.targets.len(), 5);
        let mut t = day.targets.clone();
        t.sort();
        t.dedup();
        assert_eq!(t.len(), 5, "distinct");
        assert!(
            !day.targets.contains(&day.map.home),
            "Keswick is never a target"
        );
        for &l in &day.targets {
            assert!(
                day.deck
                    .cards
                    .iter()
                    .any(|c| matches!(c, Card::Walk { names, .. } if *names == l)),
                "a target is named by a card"
            );
        }
    }
    assert_ne!(
        keswick_day(4, 1).targets,
        keswick_day(4, 2).targets,
        "targets are drawn at random"
    );
    assert_eq!(
        keswick_day(4, 1).targets,
        keswick_day(4, 1).targets,
        "from the seed"
    );
}

#[test]
fn bb_2_2_and_2_3_sunny_start_four_cards_in_keswick() {
    for seed in 0..50 {
        let day = keswick_day(6, seed);
        assert_eq!(
            day.weather,
            Weather::Sunny,
            "2.2 (a weather card dealt at set-up is discarded)"
        );
        for w in &day.walkers {
            assert_eq!(w.hand.len(), 4, "2.3");
            assert_eq!(
                w.place,
                Place::At(day.map.home_space()),
                "1.1: the day starts in Keswick"
            );
            assert!(
                w.hand
                    .iter()
                    .all(|&c| matches!(day.deck.card(c), Card::Walk { .. } | Card::Blister))
            );
            assert_eq!(w.money, day.deck.starting_money);
        }
    }
}

#[test]
fn bb_3_1_1_the_card_to_come_is_dealt_at_the_start_of_the_round_and_drawn_first() {
    let day = keswick_day(3, 11);
    for w in &day.walkers {
        assert!(w.next_card.is_some(), "every walker knows its next card");
    }
    let next = day.walkers[0].next_card.unwrap();
    let card = day.card_kind(day.walkers[0].hand[0]);
    let orders = vec![
        TurnOrders {
            action: Action::Walk {
                card,
                chocolate: false,
                waypoints: vec![],
            },
            ..TurnOrders::default()
        },
        TurnOrders::default(),
        TurnOrders::default(),
    ];
    let (after, outcome) =
        day.resolve_turn(&orders, &[WeatherChoice::Discard; 3], &mut Seed(1).rng(1));
    assert_eq!(
        outcome.walkers[0].drew.first(),
        Some(&day.card_kind(next)),
        "the revealed card is the one drawn"
    );
    assert!(
        after.walkers[0].next_card.is_none(),
        "used up until the next round's information phase"
    );
    assert_eq!(
        after.walkers[1].next_card, day.walkers[1].next_card,
        "a walker that drew nothing keeps its card to come"
    );
}

#[test]
fn bb_11_2_one_bar_of_chocolate_a_turn() {
    let day = keswick_day(1, 3);
    let orders =
        crate::orders::parse_round_orders("1: rest; buy chocolate", &day.map, &["ann".into()])
            .unwrap();
    let (after, _) = day.resolve_turn(
        &[orders.turns[0].clone()],
        &[WeatherChoice::Discard],
        &mut Seed(1).rng(1),
    );
    assert_eq!(after.walkers[0].chocolate, 1);
    assert_eq!(after.walkers[0].money, day.walkers[0].money - 1);
}

#[test]
fn bb_5_1_10_rucksack_at_the_coffee_break() {
    let mut day = keswick_day(2, 5);
    day.turn = clock::COFFEE;
    day.rucksack = Some(Rucksack {
        carrier: 1,
        since: 0,
    });
    let before = day.walkers[1].points;
    let (after, outcome) = day.resolve_turn(
        &[TurnOrders::default(), TurnOrders::default()],
        &[WeatherChoice::Discard; 2],
        &mut Seed(1).rng(1),
    );
    assert!(
        outcome.walkers[1]
            .scores
            .contains(&(Score::RucksackAtBreak, 2))
    );
    assert!(after.walkers[1].points >= before + 2);
    assert_eq!(
        after.walkers[0].hand.len(),
        3,
        "7.2: one card discarded at the break"
    );
}

/// B&B-17 (docs/rulings.md): walkers level on points share their place, and a lost walker
/// (5.2) scores 0 whatever it gathered.
#[test]
fn bb_17_walkers_level_on_points_share_their_place() {
    let mut day = keswick_day(4, 3);
    for (walker, points) in day.walkers.iter_mut().zip([12, 20, 12, 30]) {
        walker.points = points;
    }
    assert_eq!(day.places(), [3, 2, 3, 1]);
    day.walkers[3].lost = true;
    assert_eq!(day.places(), [2, 1, 2, 4]);
}

/// 5.2 (B&B-25): a walker not back by 6pm loses the game: it ranks below every walker who is
/// back, even one whose late return left it below nothing, and never wins; when nobody is
/// back, nobody wins.
#[test]
fn bb_5_2_a_walker_not_back_loses_the_game() {
    let mut day = keswick_day(3, 3);
    for (walker, points) in day.walkers.iter_mut().zip([-4, 15, 0]) {
        walker.points = points;
    }
    day.walkers[1].lost = true;
    day.walkers[2].lost = true;
    // 15 and 0 are lost with them (1.3); the walker back on -4 wins.
    assert_eq!(day.final_points(1), 0);
    assert_eq!(day.places(), [1, 2, 2]);
    assert_eq!(
        day.standings(),
        [-4.0, f64::NEG_INFINITY, f64::NEG_INFINITY]
    );
    assert_eq!(day.ranking(), [0, 1, 2]);
    assert_eq!(day.winners(), [0]);
    day.walkers[0].lost = true;
    assert_eq!(day.places(), [1, 1, 1]);
    assert!(day.winners().is_empty(), "nobody back, nobody wins");
}
