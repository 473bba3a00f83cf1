//! Property tests: the rules never panic, whatever the position and the orders; legal orders are
//! always resolved and keep the invariants (cards never fall below 1, no line pays out more than
//! its table); bad orders are refused, naming the first, and change nothing; a race replayed from
//! its log is the same race; the text forms and the notation never panic and round-trip.
//!
//! Each property counts its cases by kind and prints the tally (`cargo test -- --nocapture`
//! shows it); no case may end before the property's assertions, and each property requires
//! enough cases of the kinds it is about.

use game_api::{Game, Seed};
use game_breaking_away::Lineup;
use game_breaking_away::orders::{parse_lineup, parse_orders};
use game_breaking_away::rules::{Line, Options, RuleSet};
use game_breaking_away::scenario::Scenario;
use game_breaking_away::turn::{OrderError, Scratch, advance_with, resolve};
use game_breaking_away::{
    BreakingAway, Grade, Hand, Points, Position, Rider, Rules, Status, TeamOrders,
};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use rand::RngExt;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// How a property's cases went: how many were run, and of those that reached the end of the
/// property's assertions, how many of each kind.
#[derive(Debug)]
struct Tally {
    ran: u32,
    kinds: BTreeMap<&'static str, u32>,
}

impl Tally {
    /// The share of the cases run, in percent, that were of one of `kinds` (all kinds if empty).
    fn percent(&self, kinds: &[&str]) -> u32 {
        let n: u32 = self
            .kinds
            .iter()
            .filter(|(k, _)| kinds.is_empty() || kinds.contains(k))
            .map(|(_, n)| n)
            .sum();
        n * 100 / self.ran.max(1)
    }
}

/// Runs a property over `cases` generated cases. `check` makes the property's assertions and
/// says what kind of case it was; the tally is printed, and at least 90% of the cases must have
/// reached the end of the assertions (a case that returns early would not be counted).
fn property<S>(
    name: &str,
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<&'static str, TestCaseError>,
) -> Tally
where
    S: Strategy,
{
    let tally = Mutex::new(Tally {
        ran: 0,
        kinds: BTreeMap::new(),
    });
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let result = runner.run(&strategy, |value| {
        tally.lock().unwrap().ran += 1;
        let kind = check(value)?;
        *tally.lock().unwrap().kinds.entry(kind).or_default() += 1;
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let tally = tally.into_inner().unwrap();
    let reached: u32 = tally.kinds.values().sum();
    println!(
        "{name}: {reached} of {} cases reached the assertions ({}%): {:?}",
        tally.ran,
        tally.percent(&[]),
        tally.kinds
    );
    assert!(
        tally.percent(&[]) >= 90,
        "{name}: too few cases reached the assertions"
    );
    tally
}

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
    fn position()(rules in rules(), teams in 1u8..7, turn in 1u16..4)
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

fn legal_orders(position: &Position) -> impl Strategy<Value = Vec<Option<u16>>> + use<> {
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
fn mixed_orders(position: &Position) -> impl Strategy<Value = Vec<Option<u16>>> + use<> {
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
fn racing_position() -> impl Strategy<Value = Position> {
    position().prop_filter("a race that is not over", |p| !p.is_over())
}

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

/// The text forms never panic, and orders round-trip through their display.
#[test]
fn text_forms_never_panic() {
    let cases = (
        "\\PC{0,40}",
        prop::collection::vec((0usize..4, 1u16..40), 1..4),
    );
    property(
        "text_forms_never_panic",
        256,
        cases,
        |(text, grade_cards)| {
            let read = parse_orders(&text).is_ok() || parse_lineup(&text).is_ok();
            let mut orders = TeamOrders::default();
            for (g, c) in grade_cards {
                orders.set(Grade::ALL[g], c);
            }
            prop_assert_eq!(parse_orders(&orders.to_string()), Ok(orders));
            Ok(if read {
                "round trip; the text was read"
            } else {
                "round trip; the text was refused"
            })
        },
    );
}

/// Any text, any JSON: a scenario or a one-line error, never a panic.
#[test]
fn scenario_parsing_never_panics() {
    property(
        "scenario_parsing_never_panics",
        256,
        "\\PC{0,200}",
        |text| match Scenario::from_json(&text) {
            Ok(_) => Ok("read"),
            Err(e) => {
                prop_assert!(!e.to_string().contains('\n'));
                Ok("refused in one line")
            }
        },
    );
}

/// A position the notation can hold: no rider on the track past the finish line without a
/// place, no postal rider behind the start, on turn 1 set-up hands (else the position is a turn later), and a board race's first
/// team one with riders.
fn notation_position() -> impl Strategy<Value = Position> {
    position().prop_map(|mut p| {
        let finish = p.rules.set.line_distance(Line::Finish);
        for r in p.riders.iter_mut().filter(|r| r.on_track()) {
            r.distance = r.distance.min(finish);
        }
        // The postal track has no squares behind the start (postal 4.1).
        if p.rules.set == RuleSet::Postal22 {
            for r in &mut p.riders {
                r.distance = r.distance.max(0);
            }
        }
        let set_up = |r: &Rider| {
            !r.on_track()
                || game_breaking_away::rules::check_lineup_hand(p.rules, r.grade, &r.hand.cards())
                    .is_ok()
        };
        if p.turn == 1 && !p.riders.iter().all(set_up) {
            p.turn = 2;
            p.first_team = None;
        }
        // The notation names the first team by a rider of it: a team without riders cannot be
        // written as the board's first team (the refusal has its own property below).
        if let Some(first) = p.first_team
            && !p.riders.iter().any(|r| r.team == first)
        {
            p.first_team = p.riders.first().map(|r| r.team);
        }
        p
    })
}

fn scenario_of(position: Position) -> Scenario {
    let ids = (0..position.riders.len())
        .map(|i| format!("r{i}"))
        .collect();
    let teams = (0..position.team_count)
        .map(|t| format!("team{t}"))
        .collect();
    let orders = vec![None; position.riders.len()];
    Scenario {
        position,
        team_names: teams,
        rider_ids: ids,
        orders,
    }
}

/// The riders as the notation keeps them (line places are derived from distances in the
/// notation; everything else must match).
fn notation_riders(position: &Position) -> Vec<(i32, Hand, Points, Status, bool, u32, Grade)> {
    position
        .riders
        .iter()
        .map(|r| {
            (
                r.distance,
                r.hand,
                r.points,
                r.status,
                r.sole_leader,
                r.arrival,
                r.grade,
            )
        })
        .collect()
}

/// Positions written in the notation read back to the same position.
#[test]
fn notation_round_trips() {
    property(
        "notation_round_trips",
        400,
        notation_position(),
        |position| {
            let scenario = scenario_of(position);
            let back = Scenario::from_value(&scenario.to_json()).map_err(|e| {
                TestCaseError::fail(format!("the notation refused its own position: {e}"))
            })?;
            prop_assert_eq!(
                notation_riders(&back.position),
                notation_riders(&scenario.position)
            );
            prop_assert_eq!(back.position.turn, scenario.position.turn);
            Ok(if scenario.position.turn == 1 {
                "turn 1 read back"
            } else {
                "later turn read back"
            })
        },
    );
}

/// Any position written in the notation is read back the same, or refused in one line naming
/// the field (a racing rider past the finish line, a set-up hand out of the rules, a board
/// race's first team without riders).
#[test]
fn positions_the_notation_cannot_hold_are_refused_by_field() {
    let tally = property(
        "positions_the_notation_cannot_hold_are_refused_by_field",
        400,
        position(),
        |position| {
            let scenario = scenario_of(position);
            match Scenario::from_value(&scenario.to_json()) {
                Ok(back) => {
                    prop_assert_eq!(
                        notation_riders(&back.position),
                        notation_riders(&scenario.position)
                    );
                    Ok("read back")
                }
                Err(e) => {
                    let e = e.to_string();
                    prop_assert!(
                        !e.contains('\n')
                            && (e.starts_with("riders[") || e.starts_with("first_team: ")),
                        "{}",
                        e
                    );
                    Ok("refused, naming the field")
                }
            }
        },
    );
    assert!(
        tally.percent(&["refused, naming the field"]) >= 20,
        "{tally:?}"
    );
    assert!(tally.percent(&["read back"]) >= 20, "{tally:?}");
}

/// Any racing position, legal orders: the turn is always resolved, and every rule invariant
/// holds (postal 7.3-7.4 one card out and one in, cards never below 1, every rider on the track
/// moves, no line pays more than its table, at most one sole leader).
#[test]
fn legal_orders_are_resolved_and_keep_the_invariants() {
    let cases = racing_position().prop_flat_map(|p| {
        let o = legal_orders(&p);
        (Just(p), o)
    });
    let tally = property(
        "legal_orders_are_resolved_and_keep_the_invariants",
        400,
        cases,
        |(position, orders)| {
            let (next, outcome) = resolve(&position, &orders)
                .map_err(|e| TestCaseError::fail(format!("legal orders refused: {e}")))?;
            for (before, after) in position.riders.iter().zip(&next.riders) {
                prop_assert!(
                    after.hand.cards().iter().all(|&c| c >= 1),
                    "cards never below 1"
                );
                prop_assert!(after.points >= before.points, "points never go down");
                if before.on_track() && after.on_track() {
                    prop_assert_eq!(
                        after.hand.len(),
                        before.hand.len(),
                        "postal 7.3-7.4: one card out, one in"
                    );
                    prop_assert!(
                        after.distance > before.distance,
                        "every rider on the track moves"
                    );
                }
                if !before.on_track() {
                    prop_assert_eq!(
                        Rider {
                            sole_leader: false,
                            ..*after
                        },
                        Rider {
                            sole_leader: false,
                            ..*before
                        },
                        "riders off the track do not change"
                    );
                    prop_assert!(!after.sole_leader, "only a rider on the track can lead");
                }
            }
            for line in Line::ALL {
                let paid: Points = outcome
                    .awards
                    .iter()
                    .filter(|a| a.line == line)
                    .map(|a| (0..a.riders.len()).map(|_| a.points).sum::<Points>())
                    .sum();
                let table: u64 = line.points_table().iter().sum();
                prop_assert!(
                    paid <= Points::whole(table),
                    "a line never pays more than its table"
                );
            }
            prop_assert!(next.riders.iter().filter(|r| r.sole_leader).count() <= 1);
            prop_assert_eq!(next.turn, position.turn + 1);
            Ok(if outcome.awards.is_empty() {
                "resolved, no points"
            } else {
                "resolved, points awarded"
            })
        },
    );
    assert!(
        tally.percent(&["resolved, points awarded"]) >= 10,
        "{tally:?}"
    );
}

/// Any position, orders with mistakes: never a panic; the turn is resolved exactly when every
/// order is legal, and otherwise refused with the first mistake named (the race being over, a
/// list of the wrong length, then rider by rider) and nothing changed.
#[test]
fn bad_orders_are_refused_naming_the_first_and_change_nothing() {
    // A third of the cases all legal, the rest with mistakes.
    let cases = position().prop_flat_map(|p| {
        let o = prop_oneof![1 => legal_orders(&p), 2 => mixed_orders(&p)];
        (Just(p), o)
    });
    let tally = property(
        "bad_orders_are_refused_naming_the_first_and_change_nothing",
        400,
        cases,
        |(position, orders)| {
            let first_mistake = if position.is_over() {
                Some(OrderError::RaceOver)
            } else if orders.len() != position.riders.len() {
                Some(OrderError::WrongCount {
                    got: orders.len(),
                    want: position.riders.len(),
                })
            } else {
                position
                    .riders
                    .iter()
                    .zip(&orders)
                    .enumerate()
                    .find_map(|(i, (r, o))| match (r.on_track(), o) {
                        (false, Some(_)) => Some(OrderError::NotOnTrack { rider: i }),
                        (true, Some(card)) if !r.hand.contains(*card) => {
                            Some(OrderError::NotInHand {
                                rider: i,
                                card: *card,
                            })
                        }
                        _ => None,
                    })
            };
            let mut after = position.clone();
            let result = advance_with(&mut after, &orders, &mut (), &mut Scratch::default());
            match first_mistake {
                None => {
                    prop_assert_eq!(result, Ok(()));
                    Ok("legal: resolved")
                }
                Some(mistake) => {
                    prop_assert_eq!(result, Err(mistake.clone()));
                    prop_assert_eq!(&after, &position, "a refused turn changes nothing");
                    prop_assert_eq!(
                        resolve(&position, &orders).map(|_| ()),
                        Err(mistake.clone())
                    );
                    Ok(match mistake {
                        OrderError::RaceOver => "refused: the race is over",
                        OrderError::WrongCount { .. } => "refused: wrong count",
                        OrderError::NotInHand { .. } => "refused: not in hand",
                        OrderError::NotOnTrack { .. } => "refused: not on the track",
                        OrderError::EmptyHand { .. } => "refused: empty hand",
                    })
                }
            }
        },
    );
    assert!(tally.percent(&["legal: resolved"]) >= 10, "{tally:?}");
    assert!(tally.percent(&["refused: not in hand"]) >= 10, "{tally:?}");
    assert!(
        tally.percent(&["refused: not on the track"]) >= 5,
        "{tally:?}"
    );
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

/// The packed hand (eight 16-bit lanes in one integer) behaves as a sorted list of cards:
/// postal 7.3 (a played card leaves the hand) and 7.4 (the replacement joins it), any
/// cards from 1 to the largest, any mix of inserts and removals.
#[test]
fn a_packed_hand_is_a_sorted_list() {
    let cases = (
        prop::collection::vec(prop_oneof![1u16..20, 1u16..=Hand::MAX_CARD], 0..=8),
        prop::collection::vec(
            (any::<bool>(), prop_oneof![1u16..20, 0u16..=u16::MAX]),
            0..24,
        ),
    );
    property(
        "a_packed_hand_is_a_sorted_list",
        2000,
        cases,
        |(start, steps)| {
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
            Ok(if model.is_empty() {
                "ends empty"
            } else {
                "ends with cards"
            })
        },
    );
}

/// Postal 8.2.3-8.2.4: comparing the packed hands as numbers is comparing the cards
/// highest first, a hand that still has a card beating one that has run out.
#[test]
fn hands_compare_highest_card_first() {
    let cases = (
        prop::collection::vec(1u16..=Hand::MAX_CARD, 0..=8),
        prop::collection::vec(1u16..=Hand::MAX_CARD, 0..=8),
    );
    property("hands_compare_highest_card_first", 2000, cases, |(a, b)| {
        let (ha, hb) = (Hand::new(&a).unwrap(), Hand::new(&b).unwrap());
        let padded = |h: Hand| -> Vec<u16> { (0..8).map(|k| h.card(k)).collect() };
        let order = padded(ha).cmp(&padded(hb));
        prop_assert_eq!(ha.tie_break_key().cmp(&hb.tie_break_key()), order);
        Ok(if order.is_eq() {
            "equal hands"
        } else {
            "different hands"
        })
    });
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
