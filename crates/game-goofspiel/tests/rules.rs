//! Each rule of RULES.md checked on a table set by hand: one `check` of a round (the hands,
//! the prize, the bids) per case, the test named after the rule it checks.

use game_api::settings::Given;
use game_api::{Game, Seat, Seed};
use game_goofspiel::{Bid, Goofspiel, Hand, Player, Position, RoundPlayed, Settings};

/// A table of `cards` cards: seat `s` holds `hands[s]`, `prize` is face up and `pile` face
/// down (the next to be turned last).
fn table(cards: u8, hands: &[&[u8]], prize: u8, pile: &[u8]) -> Position {
    let mut position = Position::new(cards, hands.len(), &mut Seed(0).rng(0));
    for (player, cards) in position.players.iter_mut().zip(hands) {
        *player = Player {
            hand: cards.iter().copied().collect(),
            taken: Vec::new(),
            score: 0,
        };
    }
    position.prize = Some(prize);
    position.pile = pile.to_vec();
    position.round = cards - pile.len() as u8;
    position
}

/// One round of `position` with `bids` (`None`: the seat sent nothing), each checked first.
fn check(position: &Position, bids: &[Option<u8>]) -> (Position, RoundPlayed) {
    let orders: Vec<Option<Bid>> = bids.iter().map(|b| b.map(Bid)).collect();
    for (s, bid) in orders.iter().enumerate() {
        if let Some(bid) = bid {
            Goofspiel::check_orders(position, Seat(s as u8), bid).unwrap();
        }
    }
    let (after, mut events) = Goofspiel::resolve(position, &orders, &mut Seed(1).rng(1));
    assert_eq!(events.len(), 1, "one event a round");
    (after, events.remove(0))
}

#[test]
fn rule_1_two_to_six_seats_hold_cards_1_to_n_and_the_pile_holds_every_prize() {
    for cards in [5, 9, 13] {
        let settings = Settings { cards };
        assert_eq!(Goofspiel::seat_limits(&settings), 2..=6);
        let position = Goofspiel::start(&settings, &[(), (), ()], Seed(4));
        for player in &position.players {
            assert_eq!(player.hand, Hand::full(cards));
        }
        let mut prizes = position.pile.clone();
        prizes.push(position.prize.unwrap());
        prizes.sort_unstable();
        assert_eq!(prizes, (1..=cards).collect::<Vec<u8>>());
    }
}

#[test]
fn rule_1_the_pile_is_shuffled_from_the_seed() {
    let settings = Settings::default();
    let deal = |seed| Goofspiel::start(&settings, &[(), ()], Seed(seed));
    assert_eq!(deal(7), deal(7), "the same seed, the same pile");
    let orders: std::collections::BTreeSet<Vec<u8>> = (0..20).map(|s| deal(s).pile).collect();
    assert!(orders.len() > 15, "seeds shuffle differently: {orders:?}");
}

#[test]
fn rule_12_the_set_up_takes_no_rules_options_map_or_deck() {
    assert_eq!(
        Goofspiel::settings(Given::none()).unwrap(),
        Settings { cards: 13 }
    );
    for field in ["rules", "options", "map", "deck"] {
        let given = serde_json::json!({ field: "x" });
        let e = game_api::settings::read::<Goofspiel>(given.as_object().unwrap()).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{field}: Goofspiel has no setting \"{field}\" (its settings: cards)")
        );
    }
}

#[test]
fn rule_2_a_card_not_in_the_hand_is_refused_naming_it() {
    let position = table(13, &[&[1, 2, 5, 9], &[3, 4, 6, 7]], 8, &[10, 11, 12]);
    let e = Goofspiel::check_orders(&position, Seat(0), &Bid(7)).unwrap_err();
    assert_eq!(e.to_string(), "bid: 7 is not in your hand (1 2 5 9)");
    Goofspiel::check_orders(&position, Seat(0), &Bid(9)).unwrap();
}

#[test]
fn rule_2_each_round_the_top_prize_is_turned_face_up() {
    let position = table(5, &[&[1, 2, 3], &[1, 2, 3]], 4, &[5, 1]);
    let (after, played) = check(&position, &[Some(1), Some(2)]);
    assert_eq!(played.prize, 4);
    assert_eq!(after.prize, Some(1), "the top of the pile (its last card)");
    assert_eq!(after.pile, [5]);
    assert_eq!(after.round, position.round + 1);
}

#[test]
fn rule_3_the_single_highest_bid_takes_the_prize() {
    let position = table(5, &[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]], 4, &[5, 1]);
    let (after, played) = check(&position, &[Some(2), Some(3), Some(2)]);
    assert_eq!(played.taker, Some(Seat(1)));
    assert_eq!(after.players[1].taken, [4]);
    assert_eq!(after.players[1].score, 4);
    assert_eq!(after.players[0].score + after.players[2].score, 0);
    assert!(after.discarded.is_empty());
}

#[test]
fn rule_3_tied_highest_bid_takes_nothing() {
    let position = table(5, &[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]], 4, &[5, 1]);
    let (after, played) = check(&position, &[Some(3), Some(3), Some(2)]);
    assert_eq!(played.taker, None);
    assert_eq!(after.discarded, [4], "the prize is discarded");
    assert!(
        after
            .players
            .iter()
            .all(|p| p.score == 0 && p.taken.is_empty())
    );
    // A tie below the highest does not matter.
    let (after, played) = check(&position, &[Some(1), Some(1), Some(2)]);
    assert_eq!(played.taker, Some(Seat(2)));
    assert_eq!(after.players[2].score, 4);
}

#[test]
fn rule_4_every_bid_card_leaves_play_taken_or_not() {
    let position = table(5, &[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]], 4, &[5, 1]);
    for bids in [[3, 3, 2], [1, 2, 3]] {
        let (after, _) = check(&position, &bids.map(Some));
        for (player, bid) in after.players.iter().zip(bids) {
            assert!(!player.hand.contains(bid));
            assert_eq!(player.hand.len(), 2);
        }
    }
}

#[test]
fn rule_5_a_seat_that_sends_no_orders_bids_its_lowest_card() {
    let position = table(5, &[&[2, 4, 5], &[1, 3, 5]], 4, &[3, 1]);
    assert_eq!(Goofspiel::nmr_orders(&position, Seat(0)), Bid(2));
    let (after, played) = check(&position, &[None, Some(1)]);
    assert_eq!(played.bids, [2, 1]);
    assert_eq!(played.nmr, [true, false]);
    assert_eq!(played.taker, Some(Seat(0)));
    assert!(!after.players[0].hand.contains(2));
}

#[test]
fn rule_8_a_discarded_prize_scores_for_nobody_and_everybody_sees_it() {
    let position = table(5, &[&[1, 2, 3], &[1, 2, 3]], 4, &[5, 1]);
    let (after, _) = check(&position, &[Some(3), Some(3)]);
    assert!(after.players.iter().all(|p| p.score == 0));
    for viewer in [game_api::Viewer::Public, game_api::Viewer::Seat(Seat(0))] {
        assert_eq!(after.view(viewer).discarded, [4]);
    }
}

#[test]
fn rule_10_places_count_the_higher_scores_with_no_tie_break() {
    let mut position = table(5, &[&[1], &[1], &[1], &[1]], 4, &[]);
    for (player, score) in position.players.iter_mut().zip([3, 7, 3, 1]) {
        player.score = score;
    }
    assert_eq!(position.places(), [2, 1, 2, 4]);
}

#[test]
fn rule_6_the_game_ends_after_the_last_prize_and_equal_scores_share_a_place() {
    let position = table(5, &[&[5], &[4], &[5]], 3, &[]);
    assert_eq!(position.round, 5);
    assert!(!Goofspiel::is_over(&position));
    let (after, played) = check(&position, &[Some(5), Some(4), Some(5)]);
    assert_eq!(played.taker, None);
    assert!(Goofspiel::is_over(&after));
    assert!(!Goofspiel::takes_orders(&after, Seat(0)));
    assert_eq!(
        Goofspiel::check_orders(&after, Seat(0), &Bid(1))
            .unwrap_err()
            .to_string(),
        "orders: the game is over"
    );
    let mut scored = after.clone();
    scored.players[0].score = 9;
    scored.players[1].score = 6;
    scored.players[2].score = 9;
    assert_eq!(scored.places(), [1, 3, 1]);
}

#[test]
fn rule_7_the_first_prize_is_face_up_before_the_first_orders() {
    let position = Goofspiel::start(&Settings { cards: 9 }, &[(), ()], Seed(3));
    assert!(position.prize.is_some());
    assert_eq!(position.round, 1);
    assert_eq!(position.pile.len(), 8);
}

#[test]
fn rule_13_a_round_draws_nothing_and_a_preview_reshuffles_only_the_pile() {
    let position = Goofspiel::start(&Settings { cards: 13 }, &[(), ()], Seed(3));
    let orders = [Some(Bid(5)), Some(Bid(6))];
    let (a, _) = Goofspiel::resolve(&position, &orders, &mut Seed(1).rng(1));
    let (b, _) = Goofspiel::resolve(&position, &orders, &mut Seed(2).rng(9));
    assert_eq!(a, b);
    let mut preview = position.clone();
    Goofspiel::redraw_hidden(&mut preview, &mut Seed(5).rng(5));
    assert_ne!(preview.pile, position.pile);
    assert_eq!(preview.unturned(), position.unturned());
    assert_eq!(preview.prize, position.prize, "the prize face up stays");
}

#[test]
fn rule_12_the_game_has_no_line_ups_scenarios_or_riders() {
    let settings = Settings::default();
    assert!(!Goofspiel::has_lineups(&settings));
    assert_eq!(
        Goofspiel::parse_lineup("x").unwrap_err().to_string(),
        "Goofspiel has no line-ups"
    );
    assert!(Goofspiel::check_lineup(&settings, &()).is_err());
    let mut position = Goofspiel::start(&settings, &[(), ()], Seed(1));
    let e = Goofspiel::piece_action(
        &settings,
        &[],
        &mut position,
        &game_api::PieceAction {
            verb: "drop".into(),
            piece: "A".into(),
        },
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "drop: Goofspiel has no such action on its pieces"
    );
    let table = game_api::Table::<Goofspiel> {
        settings: &settings,
        seats: &[],
        state: Some(&position),
        sealed: &[],
        history: &[],
        lang: game_api::Lang::EN,
    };
    assert!(Goofspiel::scenario_json(&table).is_err());
}

/// Rule 11: the echo reads back as the same bid.
#[test]
fn rule_11_orders_text_round_trips() {
    let settings = Settings::default();
    for card in 1..=13 {
        let bid = Bid(card);
        let text = Goofspiel::orders_text(&settings, &[], &bid);
        assert_eq!(text, format!("bid {card}"));
        assert_eq!(Goofspiel::parse_orders(&settings, &[], &text).unwrap(), bid);
        assert_eq!(
            Goofspiel::parse_orders(&settings, &[], &card.to_string()).unwrap(),
            bid
        );
    }
}
