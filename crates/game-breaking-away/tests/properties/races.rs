//! Whole races from random lineups and orders, and the first board turn drawn from the seed.

use game_api::{Game, Seed};
use game_breaking_away::Lineup;
use game_breaking_away::rules::{Line, Options};
use game_breaking_away::{BreakingAway, Grade, Hand, Points, Position, Rules, TeamOrders};
use proptest::prelude::*;
use rand::RngExt;

use crate::property;

fn random_lineup(rules: Rules, rng: &mut game_api::Rng) -> Lineup {
    let mut lineup = Lineup::default();
    for grade in Grade::ALL {
        let n = if grade == Grade::A {
            rng.random_range(3..=4)
        } else {
            3
        };
        loop {
            let cards: Vec<u16> = (0..n).map(|_| rng.random_range(1..=15)).collect();
            if game_breaking_away::rules::check_lineup_hand(rules, grade, &cards).is_ok() {
                lineup.0[grade.index()] = cards;
                break;
            }
        }
    }
    lineup
}

fn random_orders(position: &Position, team: u8, rng: &mut game_api::Rng) -> TeamOrders {
    let mut orders = TeamOrders::default();
    for r in position
        .riders
        .iter()
        .filter(|r| r.team == team && r.on_track())
    {
        let cards = r.hand.cards();
        orders.set(r.grade, cards[rng.random_range(0..cards.len())]);
    }
    orders
}

/// A whole race of random legal orders: the points of each line never exceed its table and
/// the race ends. (That a race's log replays to the same race is `gm`'s test `replay.rs`.)
#[test]
fn random_races_end() {
    let cases = (any::<u64>(), 3usize..=6, any::<bool>());
    property("random_races_end", 400, cases, |(seed, teams, board)| {
        let rules = if board {
            Rules::board(Options::default())
        } else {
            Rules::postal()
        };
        let mut rng = Seed(seed).rng(99);
        let lineups: Vec<Lineup> = (0..teams).map(|_| random_lineup(rules, &mut rng)).collect();
        let mut position = BreakingAway::start(&rules, &lineups, Seed(seed));
        let mut turns = 0;
        while !position.is_over() {
            let orders: Vec<Option<TeamOrders>> = (0..teams)
                .map(|t| {
                    let orders = random_orders(&position, t as u8, &mut rng);
                    // Now and then a team sends nothing (NMR).
                    (!orders.is_empty() && seed.wrapping_add(turns + t as u64) % 7 != 0)
                        .then_some(orders)
                })
                .collect();
            position = BreakingAway::resolve(&position, &orders, &mut Seed(seed).rng(turns)).0;
            turns += 1;
            prop_assert!(
                turns <= 130,
                "a race ends: every rider moves at least 1 square a turn"
            );
        }
        let total: Points = position.riders.iter().map(|r| r.points).sum();
        let most: u64 = Line::ALL
            .iter()
            .map(|l| l.points_table().iter().sum::<u64>())
            .sum();
        prop_assert!(
            total <= Points::whole(most),
            "no more points than the three tables hold"
        );
        Ok(if board {
            "board race ended"
        } else {
            "postal race ended"
        })
    });
}

#[test]
fn game_trait_turn_one_on_the_board_draws_the_first_team_from_the_seed() {
    let hand = Hand::new(&[5, 5, 5]).unwrap();
    let start = Position::start(
        Rules::board(Options::default()),
        &[[hand; 4], [hand; 4], [hand; 4]],
    );
    let firsts: Vec<Option<u8>> = (0..20)
        .map(|s| {
            BreakingAway::resolve(&start, &[None, None, None], &mut Seed(s).rng(1)).1[0].first_team
        })
        .collect();
    let again: Vec<Option<u8>> = (0..20)
        .map(|s| {
            BreakingAway::resolve(&start, &[None, None, None], &mut Seed(s).rng(1)).1[0].first_team
        })
        .collect();
    assert_eq!(firsts, again, "the draw is reproducible from the seed");
    for t in 0..3u8 {
        assert!(
            firsts.contains(&Some(t)),
            "board: turn 1, the first player is chosen at random (any team can be drawn)"
        );
    }
}
