//! The table: each seat's hand, the prizes it has taken and its score, the prize face up, the
//! pile of prizes face down (hidden from everyone but the GM) and the discarded prizes.

use game_api::{Rng, Seat};
use rand::seq::SliceRandom;

use crate::hand::Hand;

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The bid cards not yet played (public: every played card was seen).
    pub hand: Hand,
    /// The prizes taken, in the order taken.
    pub taken: Vec<u8>,
    /// The sum of the prizes taken (rule 3).
    pub score: u16,
}

/// The full position, the face-down pile included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub cards: u8,
    pub players: Vec<Player>,
    /// The coming round, from 1; `cards + 1` once the game is over.
    pub round: u8,
    /// The prize face up, bid for this round; `None` once the game is over.
    pub prize: Option<u8>,
    /// The prizes face down, the next to be turned last: nobody but the GM sees their order.
    pub pile: Vec<u8>,
    /// The prizes nobody took (a tied highest bid, rule 3), in the order discarded.
    pub discarded: Vec<u8>,
}

/// How one round's bids came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub prize: u8,
    /// The seat with the single highest bid; `None` when the highest is tied (rule 3).
    pub taker: Option<Seat>,
}

impl Position {
    /// The opening position: every seat holds cards 1 to `cards`, the prizes are shuffled from
    /// `rng` and the first is turned face up (rules 1 and 2).
    pub fn new(cards: u8, seats: usize, rng: &mut Rng) -> Position {
        let mut pile: Vec<u8> = (1..=cards).collect();
        pile.shuffle(rng);
        let prize = pile.pop();
        Position {
            cards,
            players: vec![
                Player {
                    hand: Hand::full(cards),
                    taken: Vec::new(),
                    score: 0,
                };
                seats
            ],
            round: 1,
            prize,
            pile,
            discarded: Vec::new(),
        }
    }

    /// Rule 6: over once the last prize has been bid for.
    pub fn is_over(&self) -> bool {
        self.prize.is_none()
    }

    /// The prizes not yet turned, lowest first: what anybody can work out (every card not
    /// seen), never their order.
    pub fn unturned(&self) -> Vec<u8> {
        let mut cards = self.pile.clone();
        cards.sort_unstable();
        cards
    }

    /// Plays one round in place: `bids[seat]` is each seat's card, checked to be in its hand.
    /// The bids are revealed at once; the single highest takes the prize, a tied highest
    /// takes nothing and the prize is discarded (rule 3); every bid card leaves play (rule 4);
    /// the next prize is turned, or the game ends (rule 6).
    pub fn play_round(&mut self, bids: &[u8]) -> Outcome {
        let prize = self
            .prize
            .expect("a round is played only before the game is over");
        let high = bids.iter().copied().max().unwrap_or(0);
        let mut highest = bids.iter().enumerate().filter(|(_, b)| **b == high);
        let taker = match (highest.next(), highest.next()) {
            (Some((seat, _)), None) => Some(Seat(seat as u8)),
            _ => None,
        };
        match taker {
            Some(seat) => {
                let player = &mut self.players[seat.index()];
                player.taken.push(prize);
                player.score += u16::from(prize);
            }
            None => self.discarded.push(prize),
        }
        for (player, &bid) in self.players.iter_mut().zip(bids) {
            player.hand.remove(bid);
        }
        self.round += 1;
        self.prize = self.pile.pop();
        Outcome { prize, taker }
    }

    /// Each seat's place: 1 and one more for every seat with a higher score; equal scores
    /// share a place (rule 6).
    pub fn places(&self) -> Vec<usize> {
        self.players
            .iter()
            .map(|p| 1 + self.players.iter().filter(|o| o.score > p.score).count())
            .collect()
    }
}
