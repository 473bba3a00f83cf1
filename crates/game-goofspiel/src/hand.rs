//! A seat's hand of bid cards: a set of the numbers 1 to 13, one bit each.

use std::fmt;

/// The bid cards a seat still holds (bit `c` for card `c`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(u16);

impl Hand {
    pub const EMPTY: Hand = Hand(0);

    /// Cards 1 to `cards` (rule 1).
    pub fn full(cards: u8) -> Hand {
        Hand((1..=cards).fold(0, |bits, c| bits | 1 << c))
    }

    pub fn contains(self, card: u8) -> bool {
        card < 16 && self.0 & 1 << card != 0
    }

    pub fn insert(&mut self, card: u8) {
        if card < 16 {
            self.0 |= 1 << card;
        }
    }

    pub fn remove(&mut self, card: u8) {
        if card < 16 {
            self.0 &= !(1 << card);
        }
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest card held (rule 5's bid).
    pub fn lowest(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// The card held nearest `value` (the lower of two as near).
    pub fn nearest(self, value: u8) -> Option<u8> {
        self.cards().min_by_key(|&c| (c.abs_diff(value), c))
    }

    /// The cards held, lowest first.
    pub fn cards(self) -> impl Iterator<Item = u8> {
        (1..16u8).filter(move |&c| self.contains(c))
    }
}

impl FromIterator<u8> for Hand {
    fn from_iter<I: IntoIterator<Item = u8>>(cards: I) -> Hand {
        let mut hand = Hand::EMPTY;
        for card in cards {
            hand.insert(card);
        }
        hand
    }
}

impl fmt::Display for Hand {
    /// The cards, lowest first, separated by spaces (`1 2 5`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards: Vec<String> = self.cards().map(|c| c.to_string()).collect();
        f.write_str(&cards.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_holds_its_cards_and_finds_the_nearest() {
        let mut hand = Hand::full(5);
        assert_eq!(hand.to_string(), "1 2 3 4 5");
        hand.remove(3);
        assert!(!hand.contains(3) && hand.contains(4));
        assert_eq!(hand.len(), 4);
        assert_eq!(hand.lowest(), Some(1));
        assert_eq!(hand.nearest(3), Some(2), "2 and 4 as near: the lower");
        assert_eq!(hand.nearest(13), Some(5));
        assert!(!hand.contains(0) && !hand.contains(200));
        assert_eq!(Hand::EMPTY.lowest(), None);
        assert_eq!([1, 2, 4, 5].into_iter().collect::<Hand>(), hand);
    }
}
