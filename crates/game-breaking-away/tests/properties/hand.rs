//! The packed hand: a sorted list of cards that compares highest card first (postal 7.3-7.4,
//! 8.2.3-8.2.4).

use game_breaking_away::Hand;
use proptest::prelude::*;

use crate::property;

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
