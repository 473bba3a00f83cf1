//! Property tests: the rules never panic, whatever the position and the orders; cards never
//! fall below 1; no line pays out more than its table; a race replayed from its log is the same
//! race; the text forms and the notation never panic and round-trip.

use game_api::{Game, Seed};
use game_breaking_away::orders::{parse_lineup, parse_orders};
use game_breaking_away::rules::{Line, Options, RuleSet};
use game_breaking_away::scenario::Scenario;
use game_breaking_away::turn::resolve;
use game_breaking_away::{
    BreakingAway, Grade, Hand, Points, Position, Rider, Rules, Status, TeamOrders,
};
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
        Rider {
            team, grade: Grade::ALL[grade], distance, hand: Hand::new(&cards).unwrap(),
            points: Points::share(half_points, 2), sole_leader, status, arrival,
        }
    }
}

prop_compose! {
    fn position()(rules in rules(), teams in 1u8..7, turn in 1u16..4)
                 (riders in prop::collection::vec(rider(teams), 1..24), rules in Just(rules), teams in Just(teams),
                  turn in Just(turn), first in 0..teams, taken in prop::array::uniform3(0u16..10)) -> Position {
        Position {
            rules, turn, team_count: teams, riders, line_places: taken, next_arrival: 10,
            first_team: (rules.set == RuleSet::Board && turn == 1).then_some(first),
        }
    }
}

/// Orders that are mostly legal (a card from the hand) and sometimes not.
fn orders_for(position: &Position) -> impl Strategy<Value = Vec<Option<u16>>> + use<> {
    let hands: Vec<Vec<u16>> = position
        .riders
        .iter()
        .map(|r| r.hand.cards().to_vec())
        .collect();
    hands
        .into_iter()
        .map(|cards| {
            prop_oneof![
                3 => prop::sample::select(cards).prop_map(Some),
                1 => Just(None),
                1 => (0u16..30).prop_map(Some),
            ]
        })
        .collect::<Vec<_>>()
}


proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Any position, any orders: a result or a refusal, never a panic; and when the turn is
    /// resolved, every rule invariant holds.
    #[test]
    fn resolve_never_panics_and_keeps_the_invariants((position, orders) in position().prop_flat_map(|p| {
        let o = orders_for(&p);
        (Just(p), o)
    })) {
        let Ok((next, outcome)) = resolve(&position, &orders) else { return Ok(()) };
        for (before, after) in position.riders.iter().zip(&next.riders) {
            prop_assert!(after.hand.cards().iter().all(|&c| c >= 1), "cards never below 1");
            prop_assert!(after.points >= before.points, "points never go down");
            if before.on_track() && after.on_track() {
                prop_assert_eq!(after.hand.len(), before.hand.len(), "postal 7.3-7.4: one card out, one in");
                prop_assert!(after.distance > before.distance, "every rider on the track moves");
            }
            if !before.on_track() {
                prop_assert_eq!(Rider { sole_leader: false, ..*after }, Rider { sole_leader: false, ..*before },
                    "riders off the track do not change");
                prop_assert!(!after.sole_leader, "only a rider on the track can lead");
            }
        }
        for line in Line::ALL {
            let paid: Points = outcome.awards.iter().filter(|a| a.line == line)
                .map(|a| (0..a.riders.len()).map(|_| a.points).sum::<Points>()).sum();
            let table: u64 = line.points_table().iter().sum();
            prop_assert!(paid <= Points::whole(table), "a line never pays more than its table");
        }
        prop_assert!(next.riders.iter().filter(|r| r.sole_leader).count() <= 1);
        prop_assert_eq!(next.turn, position.turn + 1);
    }

    /// The text forms never panic, and orders round-trip through their display.
    #[test]
    fn text_forms_never_panic(text in "\\PC{0,40}", grade_cards in prop::collection::vec((0usize..4, 1u16..40), 1..4)) {
        let _ = parse_orders(&text);
        let _ = parse_lineup(&text);
        let mut orders = TeamOrders::default();
        for (g, c) in grade_cards {
            orders.set(Grade::ALL[g], c);
        }
        prop_assert_eq!(parse_orders(&orders.to_string()), Ok(orders));
    }

    /// Any text, any JSON: a scenario or a one-line error, never a panic.
    #[test]
    fn scenario_parsing_never_panics(text in "\\PC{0,200}") {
        if let Err(e) = Scenario::from_json(&text) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }

    /// Positions written in the notation read back to the same position.
    #[test]
    fn notation_round_trips(position in position()) {
        let ids = (0..position.riders.len()).map(|i| format!("r{i}")).collect();
        let teams = (0..position.team_count).map(|t| format!("team{t}")).collect();
        let orders = vec![None; position.riders.len()];
        let scenario = Scenario { position, team_names: teams, rider_ids: ids, orders };
        let Ok(back) = Scenario::from_value(&scenario.to_json()) else { return Ok(()) };
        // Line places are derived from distances in the notation; everything else must match.
        prop_assert_eq!(&back.position.riders.iter().map(|r| (r.distance, r.hand, r.points, r.status, r.sole_leader, r.arrival, r.grade)).collect::<Vec<_>>(),
                        &scenario.position.riders.iter().map(|r| (r.distance, r.hand, r.points, r.status, r.sole_leader, r.arrival, r.grade)).collect::<Vec<_>>());
    }
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// The packed hand (eight 16-bit lanes in one integer) behaves as a sorted list of cards:
    /// postal 7.3 (a played card leaves the hand) and 7.4 (the replacement joins it), any
    /// cards from 1 to the largest, any mix of inserts and removals.
    #[test]
    fn a_packed_hand_is_a_sorted_list(
        start in prop::collection::vec(prop_oneof![1u16..20, 1u16..=Hand::MAX_CARD], 0..=8),
        steps in prop::collection::vec((any::<bool>(), prop_oneof![1u16..20, 0u16..=u16::MAX]), 0..24),
    ) {
        let mut hand = Hand::new(&start).expect("at most 8 cards, 1 to MAX_CARD");
        let mut model = start.clone();
        model.sort_unstable_by(|a, b| b.cmp(a));
        for (insert, card) in steps {
            if insert {
                if model.len() < 8 && (1..=Hand::MAX_CARD).contains(&card) {
                    hand.insert(card);
                    model.push(card);
                    model.sort_unstable_by(|a, b| b.cmp(a));
                }
            } else {
                let at = model.iter().position(|&c| c == card);
                prop_assert_eq!(hand.remove(card), at.is_some());
                if let Some(at) = at {
                    model.remove(at);
                }
            }
            prop_assert_eq!(&*hand.cards(), model.as_slice());
            prop_assert_eq!(hand.len(), model.len());
            prop_assert_eq!(hand.highest(), model.first().copied());
            prop_assert_eq!(hand.contains(card), model.contains(&card));
            for (k, &c) in model.iter().enumerate() {
                prop_assert_eq!(hand.card(k), c);
            }
            prop_assert_eq!(hand.card(model.len()), 0);
        }
    }

    /// Postal 8.2.3-8.2.4: comparing the packed hands as numbers is comparing the cards
    /// highest first, a hand that still has a card beating one that has run out.
    #[test]
    fn hands_compare_highest_card_first(
        a in prop::collection::vec(1u16..=Hand::MAX_CARD, 0..=8),
        b in prop::collection::vec(1u16..=Hand::MAX_CARD, 0..=8),
    ) {
        let (ha, hb) = (Hand::new(&a).unwrap(), Hand::new(&b).unwrap());
        let padded = |h: Hand| -> Vec<u16> { (0..8).map(|k| h.card(k)).collect() };
        prop_assert_eq!(ha.tie_break_key().cmp(&hb.tie_break_key()), padded(ha).cmp(&padded(hb)));
    }
}

#[test]
fn hands_refuse_cards_out_of_range() {
    assert!(Hand::new(&[0]).is_none(), "a card of 0");
    assert!(Hand::new(&[Hand::MAX_CARD + 1]).is_none());
    assert!(Hand::new(&[Hand::MAX_CARD; 8]).is_some());
    assert!(Hand::new(&[1; 9]).is_none(), "nine cards");
}

#[test]
fn the_first_bad_order_is_named_and_nothing_moves() {
    let hand = Hand::new(&[4, 5, 6]).unwrap();
    let position = Position::start(Rules::postal(), &[[hand; 4], [hand; 4]]);
    // Rider 2 orders a card it does not hold, rider 5 too: rider 2 is named.
    let mut orders = vec![Some(4); 8];
    orders[2] = Some(9);
    orders[5] = Some(1);
    let before = position.clone();
    assert_eq!(
        resolve(&position, &orders).unwrap_err(),
        game_breaking_away::turn::OrderError::NotInHand { rider: 2, card: 9 }
    );
    let mut after = position.clone();
    let mut scratch = game_breaking_away::turn::Scratch::default();
    assert!(
        game_breaking_away::turn::advance_with(&mut after, &orders, &mut (), &mut scratch).is_err()
    );
    assert_eq!(after, before, "a refused turn changes nothing");
}
