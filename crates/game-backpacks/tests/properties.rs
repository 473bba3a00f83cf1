//! Property tests: any orders (legal, illegal or nonsense) on any day never panic the rules;
//! hands and money stay within the rules; orders round-trip through their text form; a day
//! replayed from its log is the same day.

use std::sync::Arc;

use game_api::{Game, Seed};
use game_backpacks::clock;
use game_backpacks::orders::{
    Action, RoundOrders, RucksackOrder, TurnOrders, WeatherChoice, describe_round,
    parse_round_orders,
};
use game_backpacks::scenario::Scenario;
use game_backpacks::{Backpacks, CardKind, Day, Deck, Map};
use proptest::prelude::*;

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

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Whole days of arbitrary orders: never a panic, and the day's invariants hold each round.
    #[test]
    fn arbitrary_orders_never_break_a_day(seed in any::<u64>(), walkers in 1u8..7,
                                          rounds in prop::collection::vec(prop::collection::vec(round_orders(248, 6), 6), 12)) {
        let (map, deck) = keswick();
        let mut day = Day::new(map, deck.clone(), usize::from(walkers), &mut Seed(seed).rng(0));
        for (k, orders) in rounds.into_iter().enumerate() {
            let orders: Vec<Option<RoundOrders>> = orders.into_iter().take(usize::from(walkers)).map(|mut o| {
                o.vote = o.vote.filter(|&v| v < walkers);
                Some(o)
            }).collect();
            let (next, outcomes) = Backpacks::resolve(&day, &orders, &mut Seed(seed).rng(k as u64 + 1));
            prop_assert_eq!(outcomes.len(), 2);
            for walker in next.walkers.iter().filter(|w| w.is_out()) {
                prop_assert!(walker.hand.len() <= clock::hand_size(next.turn.min(clock::TURNS - 1)), "hand {} at turn {}", walker.hand.len(), next.turn);
                prop_assert!(walker.money <= deck.starting_money);
                prop_assert!(walker.hand.iter().all(|&c| !matches!(deck.card(c), game_backpacks::Card::Weather | game_backpacks::Card::Rucksack)));
            }
            day = next;
        }
        prop_assert!(day.is_over());
        for (w, walker) in day.walkers.iter().enumerate() {
            prop_assert!(walker.lost || walker.finished.is_some(), "everyone is back or lost at 18:00");
            prop_assert!(!walker.lost || day.final_points(w) == 0, "5.2: a walker not back scores nothing");
        }
    }

    /// Orders survive their text form: what the engine echoes reads back to the same orders.
    #[test]
    fn orders_round_trip_through_text(orders in round_orders(248, 3)) {
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
            if let Some(d) = t.discard.as_mut() && *d == CardKind::Weather { *d = CardKind::Blister; }
        }
        let text = describe_round(&orders, &map, &names);
        prop_assert_eq!(parse_round_orders(&text, &map, &names), Ok(orders), "{}", text);
    }

    /// Any text is a scenario or a one-line error.
    #[test]
    fn scenario_parsing_never_panics(text in "\\PC{0,200}") {
        if let Err(e) = Scenario::from_json(&text, Arc::new(Map::keswick())) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }

    /// Any text is orders or a one-line error.
    #[test]
    fn order_parsing_never_panics(text in "\\PC{0,80}") {
        let names = vec!["ann".to_string()];
        if let Err(e) = parse_round_orders(&text, &Map::keswick(), &names) {
            prop_assert!(!e.contains('\n'));
        }
    }
}
