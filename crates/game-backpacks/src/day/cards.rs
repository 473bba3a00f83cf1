//! Cards (3.1.1, 4.3, 9.1, 9.2, 10.1, B&B-10, B&B-16): the card to come dealt face down at the
//! start of a round, cards played at the start of a turn, replacements drawn at its end (a
//! weather card played or discarded, the Heavy Rucksack put into play, each replaced), and the
//! discards shuffled into a new pile when it runs out.

use game_api::Rng;
use rand::seq::SliceRandom;

use super::plan::Plan;
use super::turn::{Scratch, TurnOrdersOf};
use super::{Day, Did, Note, Recorder, Rucksack, RucksackHow, RucksackMove};
use crate::Weather;
use crate::clock::TURNS;
use crate::deck::{Card, CardId, CardKind};
use crate::orders::WeatherChoice;
use locale::{Phrase, phrase};

impl Day {
    /// The information phase (3.1.1): every walker still out gets its next card dealt face down.
    pub fn open_round(&mut self, rng: &mut Rng) {
        for w in 0..self.walkers.len() {
            if self.walkers[w].is_out() && self.walkers[w].next_card.is_none() {
                self.walkers[w].next_card = self.take_from_pile(rng);
            }
        }
    }

    fn take_from_pile(&mut self, rng: &mut Rng) -> Option<CardId> {
        if self.pile.is_empty() {
            // Out of cards: the discards are shuffled into a new pile.
            self.pile = std::mem::take(&mut self.discards);
            self.pile.shuffle(rng);
        }
        self.pile.pop()
    }

    /// One card into a walker's hand, following the special cards: a weather card is played or
    /// discarded and replaced (9.1); the Heavy Rucksack goes into play and is replaced (10.1).
    pub(super) fn deal(
        &mut self,
        w: usize,
        choice: WeatherChoice,
        rng: &mut Rng,
        rec: &mut impl Recorder,
    ) {
        // A deck of nothing but special cards would loop for ever; a hand's worth of tries is plenty.
        for _ in 0..self.deck.cards.len() + 1 {
            let card = match self.walkers[w].next_card.take() {
                Some(c) => c,
                None => match self.take_from_pile(rng) {
                    Some(c) => c,
                    None => break,
                },
            };
            rec.drew(w, self.card_kind(card));
            match self.deck.card(card) {
                Card::Weather => {
                    let switch = matches!(
                        (choice, self.weather),
                        (WeatherChoice::Sunny, Weather::Cloudy)
                            | (WeatherChoice::Cloudy, Weather::Sunny)
                    );
                    if switch {
                        self.weather = self.weather.other();
                        rec.weather_changed(w, self.weather);
                    }
                    self.discards.push(card);
                }
                Card::Rucksack => {
                    rec.rucksack(RucksackMove {
                        from: None,
                        to: w as u8,
                        how: RucksackHow::Drawn,
                    });
                    self.rucksack = Some(Rucksack {
                        carrier: w as u8,
                        since: self.turn.saturating_add(1).min(TURNS),
                    });
                }
                Card::Walk { .. } | Card::Blister => {
                    self.walkers[w].hand.push(card);
                    break;
                }
            }
        }
    }

    fn find_card(&self, hand: &[CardId], kind: CardKind, taken: &[CardId]) -> Option<CardId> {
        hand.iter()
            .copied()
            .find(|c| !taken.contains(c) && self.card_kind(*c) == kind)
    }

    /// One card of a kind from the hand.
    pub(super) fn card(&self, hand: &[CardId], kind: CardKind) -> Result<CardId, Phrase> {
        self.find_card(hand, kind, &[])
            .ok_or_else(|| self.no_card(hand, kind))
    }

    pub(super) fn cards(&self, hand: &[CardId], kinds: &[CardKind]) -> Result<Vec<CardId>, Phrase> {
        let mut taken = Vec::new();
        for &k in kinds {
            match self.find_card(hand, k, &taken) {
                Some(c) => taken.push(c),
                None => return Err(self.no_card(hand, k)),
            }
        }
        Ok(taken)
    }

    fn no_card(&self, hand: &[CardId], kind: CardKind) -> Phrase {
        let mut kinds: Vec<CardKind> = hand.iter().map(|&c| self.card_kind(c)).collect();
        kinds.sort();
        let hand = Phrase::each(|lang| {
            let names: Vec<String> = kinds.iter().map(|k| k.phrase().text(lang)).collect();
            lang.separated(&names)
        });
        phrase!("bb-refuse-no-card", card = kind.phrase(), hand = hand)
    }

    /// A card played or discarded: out of the hand, onto the discards.
    pub(super) fn discard_card(&mut self, rec: &mut impl Recorder, w: usize, card: CardId) {
        self.walkers[w].hand.retain(|&c| c != card);
        self.discards.push(card);
        rec.discarded(w, self.card_kind(card));
    }

    /// Cards played and money spent at the start of the turn (4.3, 6.2, 7.2, 7.4, 8.2, 9.2), and
    /// the replacements each walker is owed at its end.
    pub(super) fn play_cards(&mut self, scratch: &mut Scratch, rec: &mut impl Recorder) {
        let Scratch { plans, owed, .. } = scratch;
        owed.clear();
        owed.resize(self.walkers.len(), 0);
        for (w, plan) in plans.iter().enumerate() {
            owed[w] += match plan {
                Plan::Rest => 0,
                Plan::Afloat => {
                    rec.did(w, Did::Afloat);
                    0
                }
                Plan::Walk { .. } => self.play_walk(rec, w, plan),
                Plan::Tea { discards } => self.drink_tea(rec, w, discards),
                Plan::Ferry { .. } | Plan::Bus { .. } => self.board(rec, w, plan),
                Plan::Blister { card } => {
                    // The blister card: no move this turn, and replaced like any card (9.2).
                    self.discard_card(rec, w, *card);
                    rec.did(w, Did::Blister);
                    1
                }
                Plan::Break {
                    discard,
                    replace,
                    tea,
                } => self.take_break(rec, w, *discard, replace, *tea),
            };
        }
    }

    /// A walking card played (4.1), with a bar of chocolate if ordered (6.4). Owes one card.
    fn play_walk(&mut self, rec: &mut impl Recorder, w: usize, plan: &Plan) -> usize {
        let Plan::Walk {
            card,
            chocolate,
            circles,
            triangles,
            cut,
        } = plan
        else {
            return 0;
        };
        if let Some(problem) = cut {
            rec.note(w, || Note::RouteCutShort {
                problem: problem.clone(),
            });
        }
        self.discard_card(rec, w, *card);
        if *chocolate {
            self.walkers[w].chocolate -= 1;
        }
        rec.did(
            w,
            Did::Walked {
                card: self.card_kind(*card),
                chocolate: *chocolate,
                circles: *circles,
                triangles: *triangles,
            },
        );
        1
    }

    /// Replacement cards (4.3), in seat order, for walkers still out, each following its
    /// weather choice (9.1, B&B-10).
    pub(super) fn deal_replacements(
        &mut self,
        orders: TurnOrdersOf<'_>,
        scratch: &Scratch,
        rng: &mut Rng,
        rec: &mut impl Recorder,
    ) {
        for (w, &owed) in scratch.owed.iter().enumerate() {
            if !self.walkers[w].is_out() {
                continue;
            }
            for _ in 0..owed {
                self.deal(w, orders.weather(w), rng, rec);
            }
        }
    }
}
