//! Property: every bot, in every game, only ever gives legal orders, whatever the seed; and
//! bots decide from their seat's view alone.

use std::sync::Arc;

use bots::BotKind;
use bots::Entrant;
use bots::mcts::Budget;
use game_api::{Game, Seat, Seed, Viewer};
use game_backpacks::{Backpacks, Day, Deck, Map};
use game_breaking_away::{BreakingAway, Grade, Hand, Options, Position, Rules};
use proptest::prelude::*;

const KINDS: [BotKind; 5] = [
    BotKind::Random,
    BotKind::Nmr,
    BotKind::Heuristic,
    BotKind::Mcts,
    BotKind::FlatMc,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn breaking_away_bots_play_only_legal_orders(seed in any::<u64>(), board in any::<bool>(), rotation in 0usize..5) {
        let rules = if board { Rules::board(Options { group_breakaways: true, staggered_start: true, ..Options::default() }) } else { Rules::postal() };
        let entrants: Vec<Entrant> = (0..4).map(|i| Entrant { kind: KINDS[(i + rotation) % KINDS.len()], budget: Budget::Playouts(24) }).collect();
        let mut rng = Seed(seed).rng(0);
        let hands: Vec<[Hand; 4]> = entrants.iter().map(|e| {
            let l = e.kind.lineup(rules, &mut rng);
            prop_assert!(l.check(rules).is_ok(), "{:?} line-up {l}", e.kind);
            Ok(Grade::ALL.map(|g| Hand::new(l.cards(g)).unwrap()))
        }).collect::<Result<_, TestCaseError>>()?;
        let mut position = Position::start(rules, &hands);
        while !position.is_over() {
            let mut orders = Vec::new();
            for (t, e) in entrants.iter().enumerate() {
                let view = position.view_ref(Viewer::Seat(Seat(t as u8)));
                let o = bots::play::breaking_away::entrant_orders(*e, view, &mut Seed(seed).rng(u64::from(position.turn) << 4 | t as u64));
                prop_assert!(BreakingAway::check_orders(&position, Seat(t as u8), &o).is_ok(), "{:?}: {o}", e.kind);
                orders.push(Some(o));
            }
            position = BreakingAway::resolve(&position, &orders, &mut Seed(seed).rng(u64::from(position.turn))).0;
        }
    }

    #[test]
    fn backpacks_bots_play_only_legal_orders(seed in any::<u64>(), rotation in 0usize..5) {
        let map = Arc::new(Map::keswick());
        let deck = Arc::new(Deck::keswick(&map));
        let entrants: Vec<Entrant> = (0..4).map(|i| Entrant { kind: KINDS[(i + rotation) % KINDS.len()], budget: Budget::Playouts(3) }).collect();
        let mut day = Day::new(map, deck, 4, &mut Seed(seed).rng(0));
        // The first rounds are enough to meet the search's moves; the rest are the heuristics'.
        for _ in 0..4 {
            let mut orders = Vec::new();
            for (w, e) in entrants.iter().enumerate() {
                let view = day.view_ref(Viewer::Seat(Seat(w as u8)));
                let o = bots::play::backpacks::entrant_orders(*e, view, &mut Seed(seed).rng(u64::from(day.turn) << 4 | w as u64));
                if day.walkers[w].is_out() {
                    prop_assert!(Backpacks::check_orders(&day, Seat(w as u8), &o).is_ok(), "{:?}: {o:?}", e.kind);
                }
                orders.push(Some(o));
            }
            day = Backpacks::resolve(&day, &orders, &mut Seed(seed).rng(u64::from(day.turn))).0;
        }
    }
}
