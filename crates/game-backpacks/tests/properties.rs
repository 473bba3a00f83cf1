//! Property tests: any orders (legal, illegal or nonsense) on any day never panic the rules;
//! whole days of legal orders keep hands and money within the rules; orders that fail the check
//! are refused and change nothing; orders round-trip through their text form; a day replayed
//! from its log is the same day.
//!
//! Each property counts its cases by kind and prints the tally (`cargo test -- --nocapture`
//! shows it); no case may end before the property's assertions, and each property requires
//! enough cases of the kinds it is about.

use std::sync::Arc;

use game_api::{Game, Seat, Seed};
use game_backpacks::clock;
use game_backpacks::orders::{
    Action, RoundOrders, RucksackOrder, TurnOrders, WeatherChoice, describe_round,
    parse_round_orders,
};
use game_backpacks::scenario::Scenario;
use game_backpacks::{Backpacks, CardKind, Day, Deck, Map};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use rand::RngExt;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// How a property's cases went: how many were run, and of those that reached the end of the
/// property's assertions, how many of each kind.
#[derive(Debug, Default)]
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

    fn count(&mut self, kind: &'static str) {
        self.ran += 1;
        *self.kinds.entry(kind).or_default() += 1;
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
    let tally = Mutex::new(Tally::default());
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

fn card() -> impl Strategy<Value = CardKind> {
    prop_oneof![
        (0u8..7, 0u8..7).prop_map(|(circles, triangles)| CardKind::Walk { circles, triangles }),
        Just(CardKind::Blister),
        Just(CardKind::Weather),
    ]
}

fn turn_orders(spaces: u16, walkers: u8) -> impl Strategy<Value = TurnOrders> {
    let action = prop_oneof![
        Just(Action::Rest),
        (
            card(),
            any::<bool>(),
            prop::collection::vec(0..spaces, 0..6)
        )
            .prop_map(|(card, chocolate, waypoints)| Action::Walk {
                card,
                chocolate,
                waypoints
            }),
        prop::collection::vec(card(), 0..3).prop_map(|discards| Action::Tea { discards }),
        (0u8..35, prop::option::of(card())).prop_map(|(to, swap)| Action::Ferry { to, swap }),
        (0u8..35, prop::option::of(card())).prop_map(|(to, swap)| Action::Bus { to, swap }),
        Just(Action::Blister),
    ];
    let rucksack = prop::option::of(prop_oneof![
        Just(RucksackOrder::Take),
        prop::option::of(0..walkers).prop_map(RucksackOrder::Give)
    ]);
    (
        action,
        any::<bool>(),
        rucksack,
        any::<bool>(),
        prop::option::of(card()),
        prop::collection::vec(card(), 0..2),
    )
        .prop_map(
            |(action, buy_chocolate, rucksack, finish, discard, replace)| TurnOrders {
                action,
                buy_chocolate,
                rucksack,
                finish,
                discard,
                replace,
            },
        )
}

fn round_orders(spaces: u16, walkers: u8) -> impl Strategy<Value = RoundOrders> {
    (
        turn_orders(spaces, walkers),
        turn_orders(spaces, walkers),
        prop_oneof![
            Just(WeatherChoice::Discard),
            Just(WeatherChoice::Sunny),
            Just(WeatherChoice::Cloudy)
        ],
        prop::option::of(0..walkers),
    )
        .prop_map(|(a, b, weather, vote)| RoundOrders {
            turns: [a, b],
            weather,
            vote,
        })
}

fn keswick() -> (Arc<Map>, Arc<Deck>) {
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    (map, deck)
}

/// Turn orders worth trying for a walker where it stands, in a random order: a walk with a
/// walking card from the hand along one to three neighbouring spaces, a blister, a bus or a
/// ferry to a random stop, tea, and at lunch or coffee a discard; a rest comes last.
fn candidate_turns(
    day: &Day,
    w: usize,
    rng: &mut game_api::Rng,
) -> Vec<(&'static str, TurnOrders)> {
    let walker = &day.walkers[w];
    let mut hand: Vec<CardKind> = walker.hand.iter().map(|&c| day.card_kind(c)).collect();
    hand.sort_by_key(|_| rng.random_range(0..u32::MAX));
    let locations = day.map.locations.len() as u8;
    let mut actions = Vec::new();
    if let Some(at) = walker.space() {
        for &card in hand
            .iter()
            .filter(|c| matches!(c, CardKind::Walk { .. }))
            .take(2)
        {
            let mut waypoints = Vec::new();
            let mut here = at;
            for _ in 0..rng.random_range(1..=3) {
                let next = day.map.neighbours(here);
                here = next[rng.random_range(0..next.len())];
                waypoints.push(here);
            }
            let chocolate = false;
            actions.push((
                "walk",
                Action::Walk {
                    card,
                    chocolate,
                    waypoints,
                },
            ));
        }
    }
    actions.push(("blister", Action::Blister));
    let to = rng.random_range(0..locations);
    actions.push(("bus", Action::Bus { to, swap: None }));
    let to = rng.random_range(0..locations);
    actions.push(("ferry", Action::Ferry { to, swap: None }));
    actions.push((
        "tea",
        Action::Tea {
            discards: Vec::new(),
        },
    ));
    let mut candidates: Vec<(&'static str, TurnOrders)> = actions
        .into_iter()
        .map(|(kind, action)| {
            let orders = TurnOrders {
                action,
                buy_chocolate: rng.random_range(0..6) == 0,
                finish: rng.random_range(0..4) == 0,
                ..TurnOrders::default()
            };
            (kind, orders)
        })
        .collect();
    candidates.sort_by_key(|_| rng.random_range(0..u32::MAX));
    if let Some(&card) = hand.first() {
        let discard = TurnOrders {
            discard: Some(card),
            ..TurnOrders::default()
        };
        candidates.push(("rest, discarding", discard));
    }
    candidates.push(("rest", TurnOrders::default()));
    candidates
}

/// Legal orders for a walker: the first candidate whose first turn passes the check (B&B-7:
/// only the first turn is checked; the second is carried out as far as it can be from wherever
/// the first leaves the walker), and what kind it is; the NMR orders if none passes.
fn legal_round_orders(day: &Day, w: usize, rng: &mut game_api::Rng) -> (&'static str, RoundOrders) {
    let second = candidate_turns(day, w, rng).swap_remove(0).1;
    let walkers = day.walkers.len() as u8;
    for (kind, first) in candidate_turns(day, w, rng) {
        let orders = RoundOrders {
            turns: [first, second.clone()],
            weather: [
                WeatherChoice::Discard,
                WeatherChoice::Sunny,
                WeatherChoice::Cloudy,
            ][rng.random_range(0..3)],
            vote: Some(rng.random_range(0..walkers)),
        };
        if Backpacks::check_orders(day, Seat(w as u8), &orders).is_ok() {
            return (kind, orders);
        }
    }
    ("nothing legal: NMR", RoundOrders::nmr())
}

/// The invariants of a day after each round: hands within the clock's size (3.1), money never
/// more than at the start, no Weather or Rucksack card kept in a hand.
fn check_walkers(day: &Day, deck: &Deck) -> Result<(), TestCaseError> {
    for walker in day.walkers.iter().filter(|w| w.is_out()) {
        prop_assert!(
            walker.hand.len() <= clock::hand_size(day.turn.min(clock::TURNS - 1)),
            "hand {} at turn {}",
            walker.hand.len(),
            day.turn
        );
        prop_assert!(walker.money <= deck.starting_money);
        prop_assert!(walker.hand.iter().all(|&c| !matches!(
            deck.card(c),
            game_backpacks::Card::Weather | game_backpacks::Card::Rucksack
        )));
    }
    Ok(())
}

/// At 18:00 (5.2): everyone is back or lost, and a walker not back scores nothing.
fn check_day_end(day: &Day) -> Result<(), TestCaseError> {
    prop_assert!(day.is_over());
    for (w, walker) in day.walkers.iter().enumerate() {
        prop_assert!(
            walker.lost || walker.finished.is_some(),
            "everyone is back or lost at 18:00"
        );
        prop_assert!(
            !walker.lost || day.final_points(w) == 0,
            "5.2: a walker not back scores nothing"
        );
    }
    Ok(())
}

/// Whole days of legal orders: every round's orders pass the check, and the day's invariants
/// hold each round and at its end.
#[test]
fn legal_orders_keep_a_day_within_the_rules() {
    let rounds = Mutex::new(Tally::default());
    property(
        "legal_orders_keep_a_day_within_the_rules",
        48,
        (any::<u64>(), 1u8..7),
        |(seed, walkers)| {
            let (map, deck) = keswick();
            let mut day = Day::new(
                map,
                deck.clone(),
                usize::from(walkers),
                &mut Seed(seed).rng(0),
            );
            let mut rng = Seed(seed).rng(1 << 40);
            let mut k = 0;
            while !day.is_over() {
                let orders: Vec<Option<RoundOrders>> = (0..day.walkers.len())
                    .map(|w| {
                        if !day.walkers[w].is_out() {
                            return None;
                        }
                        let (kind, orders) = legal_round_orders(&day, w, &mut rng);
                        rounds.lock().unwrap().count(kind);
                        Some(orders)
                    })
                    .collect();
                k += 1;
                let (next, outcomes) = Backpacks::resolve(&day, &orders, &mut Seed(seed).rng(k));
                prop_assert_eq!(outcomes.len(), 2);
                check_walkers(&next, &deck)?;
                day = next;
                prop_assert!(k <= 12, "a day has 12 rounds");
            }
            check_day_end(&day)?;
            Ok(if day.walkers.iter().any(|w| w.points > 0) {
                "a day with points scored"
            } else {
                "a day without points"
            })
        },
    );
    let rounds = rounds.into_inner().unwrap();
    println!(
        "  walker-rounds by the kind of their first turn ({} in all): {:?}",
        rounds.ran, rounds.kinds
    );
    assert!(
        rounds.percent(&["walk", "bus", "ferry", "blister", "tea"]) >= 40,
        "{rounds:?}"
    );
    assert!(rounds.percent(&["walk"]) >= 25, "{rounds:?}");
}

/// Orders that fail the check are refused with one line naming the problem, and the check
/// changes nothing; orders that pass it are the orders given. (That a refused submission leaves
/// the game's record as it was is `gm`'s test `lifecycle.rs`.)
#[test]
fn refused_orders_change_nothing() {
    let cases = (any::<u64>(), 0u8..8, any::<bool>(), round_orders(248, 3));
    let tally = property(
        "refused_orders_change_nothing",
        96,
        cases,
        |(seed, rounds, legal, arbitrary)| {
            let terrain = game_backpacks::Terrain::load(None, None).unwrap();
            let mut day = Backpacks::start(&terrain, &[(), (), ()], Seed(seed));
            for r in 0..rounds {
                if !day.is_over() {
                    day = Backpacks::resolve(
                        &day,
                        &[None, None, None],
                        &mut Seed(seed).rng(u64::from(r)),
                    )
                    .0;
                }
            }
            if day.is_over() || !day.walkers[0].is_out() {
                return Ok("the walker's day is over");
            }
            let orders = if legal {
                legal_round_orders(&day, 0, &mut Seed(seed).rng(7)).1
            } else {
                arbitrary
            };
            let before = day.clone();
            match Backpacks::check_orders(&day, Seat(0), &orders) {
                Ok(()) => Ok("accepted"),
                Err(reason) => {
                    let reason = reason.to_string();
                    prop_assert!(!reason.is_empty() && !reason.contains('\n'), "{}", reason);
                    prop_assert_eq!(&day, &before, "a refused order changes nothing");
                    Ok("refused")
                }
            }
        },
    );
    assert!(tally.percent(&["accepted"]) >= 20, "{tally:?}");
    assert!(tally.percent(&["refused"]) >= 20, "{tally:?}");
}

/// Whole days of arbitrary orders (mostly refused by the check, carried out as far as they go):
/// never a panic, and the day's invariants hold each round and at its end.
#[test]
fn arbitrary_orders_never_break_a_day() {
    let rounds = Mutex::new(Tally::default());
    let cases = (
        any::<u64>(),
        1u8..7,
        prop::collection::vec(prop::collection::vec(round_orders(248, 6), 6), 12),
    );
    property(
        "arbitrary_orders_never_break_a_day",
        48,
        cases,
        |(seed, walkers, all)| {
            let (map, deck) = keswick();
            let mut day = Day::new(
                map,
                deck.clone(),
                usize::from(walkers),
                &mut Seed(seed).rng(0),
            );
            for (k, orders) in all.into_iter().enumerate() {
                let orders: Vec<Option<RoundOrders>> = orders
                    .into_iter()
                    .take(usize::from(walkers))
                    .map(|mut o| {
                        o.vote = o.vote.filter(|&v| v < walkers);
                        Some(o)
                    })
                    .collect();
                for (w, o) in orders
                    .iter()
                    .enumerate()
                    .filter(|(w, _)| day.walkers[*w].is_out())
                {
                    let legal =
                        Backpacks::check_orders(&day, Seat(w as u8), o.as_ref().unwrap()).is_ok();
                    rounds.lock().unwrap().count(if legal {
                        "legal first turn"
                    } else {
                        "refused first turn"
                    });
                }
                let (next, outcomes) =
                    Backpacks::resolve(&day, &orders, &mut Seed(seed).rng(k as u64 + 1));
                prop_assert_eq!(outcomes.len(), 2);
                check_walkers(&next, &deck)?;
                day = next;
            }
            check_day_end(&day)?;
            Ok("a whole day")
        },
    );
    let rounds = rounds.into_inner().unwrap();
    println!(
        "  walker-rounds ({} in all): {:?}",
        rounds.ran, rounds.kinds
    );
}

/// Orders survive their text form: what the engine echoes reads back to the same orders.
#[test]
fn orders_round_trip_through_text() {
    property(
        "orders_round_trip_through_text",
        256,
        round_orders(248, 3),
        |orders| {
            let map = Map::keswick();
            let names: Vec<String> = ["ann", "bob", "cat"].map(String::from).to_vec();
            let mut orders = orders;
            for t in &mut orders.turns {
                if let Action::Ferry { to, .. } | Action::Bus { to, .. } = &mut t.action {
                    *to = (*to).min(map.locations.len() as u8 - 1);
                }
                if let Action::Walk { waypoints, .. } = &mut t.action {
                    waypoints.retain(|&w| usize::from(w) < map.spaces.len());
                }
                if let Some(d) = t.discard.as_mut()
                    && *d == CardKind::Weather
                {
                    *d = CardKind::Blister;
                }
            }
            let text = describe_round(&orders, &map, &names);
            prop_assert_eq!(
                parse_round_orders(&text, &map, &names),
                Ok(orders),
                "{}",
                text
            );
            Ok("read back")
        },
    );
}

/// Any text is a scenario or a one-line error.
#[test]
fn scenario_parsing_never_panics() {
    property(
        "scenario_parsing_never_panics",
        256,
        "\\PC{0,200}",
        |text| match Scenario::from_json(&text, Arc::new(Map::keswick())) {
            Ok(_) => Ok("read"),
            Err(e) => {
                prop_assert!(!e.to_string().contains('\n'));
                Ok("refused in one line")
            }
        },
    );
}

/// Any text is orders or a one-line error.
#[test]
fn order_parsing_never_panics() {
    property("order_parsing_never_panics", 256, "\\PC{0,80}", |text| {
        let names = vec!["ann".to_string()];
        match parse_round_orders(&text, &Map::keswick(), &names) {
            Ok(_) => Ok("read"),
            Err(e) => {
                prop_assert!(!e.contains('\n'));
                Ok("refused in one line")
            }
        }
    });
}
