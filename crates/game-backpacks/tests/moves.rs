//! The legal-move list (`moves::legal_moves`) against the engine: whole days in which every
//! walker's every listed move is checked by `Day::check_turn_orders` (rules 4, 6, 7, 8, 9.2, 11.1),
//! and one of them, picked from the seed, is played; a turn's second-turn projection
//! (`Standing::after`) lists moves the engine accepts once the first turn went as planned.

use std::sync::Arc;

use game_api::{Seat, Seed, Viewer};
use game_backpacks::clock;
use game_backpacks::day::Place;
use game_backpacks::moves::{Standing, legal_moves};
use game_backpacks::orders::{Action, RoundOrders, TurnOrders};
use game_backpacks::{Day, Deck, Map};
use rand::RngExt;

#[test]
fn every_listed_move_is_accepted_by_the_engine_all_day() {
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    let (mut checked, mut kinds) = (0u32, [0u32; 6]);
    for seed in 0..12u64 {
        let mut day = Day::new(map.clone(), deck.clone(), 4, &mut Seed(seed).rng(0));
        let mut rng = Seed(seed).rng(99);
        // Turn by turn, as `resolve_round` plays a round, so that both turns of a round are
        // listed from where the walkers really stand.
        while !day.is_over() {
            let mut orders = Vec::new();
            for w in 0..4 {
                let view = day.view(Viewer::Seat(Seat(w as u8)));
                let Some(standing) = Standing::from_view(&view) else {
                    orders.push(TurnOrders::default());
                    continue;
                };
                let moves = legal_moves(&map, &standing);
                assert!(!moves.is_empty(), "resting is always a move");
                for m in &moves {
                    let t = TurnOrders {
                        action: m.action.clone(),
                        ..TurnOrders::default()
                    };
                    day.check_turn_orders(w, &t).unwrap_or_else(|e| {
                        panic!(
                            "seed {seed}, {} walker {w}: listed move {:?} refused: {e}",
                            clock::time_text(day.turn),
                            m.text(&map)
                        )
                    });
                    checked += 1;
                    kinds[match m.action {
                        Action::Rest => 0,
                        Action::Walk {
                            chocolate: false, ..
                        } => 1,
                        Action::Walk {
                            chocolate: true, ..
                        } => 2,
                        Action::Tea { .. } => 3,
                        Action::Ferry { .. } | Action::Bus { .. } => 4,
                        Action::Blister => 5,
                    }] += 1;
                }
                // Play a walk more often than not, so that the walkers travel the map.
                let walks: Vec<_> = moves
                    .iter()
                    .filter(|m| !matches!(m.action, Action::Rest))
                    .collect();
                let pick = if !walks.is_empty() && rng.random_range(0..4) > 0 {
                    walks[rng.random_range(0..walks.len())].clone()
                } else {
                    moves[rng.random_range(0..moves.len())].clone()
                };
                let at_cafe = matches!(standing.place,
                    Place::At(s) if map.location_at(s).is_some_and(|l| l.cafe));
                let tea = matches!(pick.action, Action::Tea { .. });
                orders.push(TurnOrders {
                    action: pick.action,
                    buy_chocolate: at_cafe && standing.money >= 2 + u8::from(tea),
                    finish: day.turn >= 18,
                    ..TurnOrders::default()
                });
            }
            let weather = vec![Default::default(); 4];
            let first = clock::is_first_of_round(day.turn);
            let (mut next, mut outcome) = day.resolve_turn(
                &orders,
                &weather,
                &mut Seed(seed).rng(u64::from(day.turn) + 1),
            );
            if !first {
                next.vote(&vec![RoundOrders::default(); 4], &mut outcome.rucksack);
                if !next.is_over() {
                    next.open_round(&mut Seed(seed).rng(1000 + u64::from(day.turn)));
                }
            }
            day = next;
        }
    }
    // Every kind of move was listed and accepted.
    assert!(kinds.iter().all(|&k| k > 0), "kinds listed: {kinds:?}");
    assert!(checked > 10_000, "{checked} moves checked");
}

#[test]
fn the_second_turn_is_listed_from_where_the_first_leaves_the_walker() {
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    let day = Day::new(map.clone(), deck, 2, &mut Seed(3).rng(0));
    let view = day.view(Viewer::Seat(Seat(0)));
    let standing = Standing::from_view(&view).unwrap();
    assert_eq!(standing.place, Place::At(map.home_space()));
    // The longest walk of the first turn.
    let first = legal_moves(&map, &standing)
        .into_iter()
        .max_by_key(|m| match &m.action {
            Action::Walk { waypoints, .. } => waypoints.len(),
            _ => 0,
        })
        .unwrap();
    let orders = TurnOrders {
        action: first.action.clone(),
        ..TurnOrders::default()
    };
    let next_card = view.walkers[0].secrets.as_ref().unwrap().next_card;
    let then = standing.after(&map, &orders, next_card);
    assert_eq!(then.place, Place::At(first.end.unwrap()));
    assert_eq!(then.turn, 1);
    // Resolve the first turn as planned, alone on the map: every move listed for the second
    // turn is accepted from where the walker really stands.
    let (after, _) = day.resolve_turn(
        &[orders, TurnOrders::default()],
        &[Default::default(), Default::default()],
        &mut Seed(3).rng(1),
    );
    assert_eq!(after.walkers[0].place, then.place);
    for m in legal_moves(&map, &then) {
        let t = TurnOrders {
            action: m.action.clone(),
            ..TurnOrders::default()
        };
        after
            .check_turn_orders(0, &t)
            .unwrap_or_else(|e| panic!("second-turn move {:?} refused: {e}", m.text(&map)));
    }
}
