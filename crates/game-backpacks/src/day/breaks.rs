//! Lunch and coffee (7.1–7.4): nobody moves; one card is discarded without replacement (7.2,
//! by default the one B&B-11 names), and at a café tea may be taken and cards replaced (7.4).
//! The space is scored again (7.3, in `scoring.rs`); the Rucksack's carrier scores at the start
//! (5.1.9, 5.1.10, in `rucksack.rs`).

use super::plan::{Plan, money_needed};
use super::{Day, Did, Recorder, Score, Walker};
use crate::deck::{Card, CardId};
use crate::orders::{Action, TurnOrders};
use locale::{Phrase, phrase};

impl Day {
    /// A walker's plan at lunch or coffee (7.2, 7.4).
    pub(super) fn plan_break(&self, walker: &Walker, orders: &TurnOrders) -> Result<Plan, Phrase> {
        let hand = &walker.hand;
        let cafe = walker
            .space()
            .and_then(|s| self.map.location_at(s))
            .is_some_and(|l| l.cafe);
        let tea = match &orders.action {
            Action::Rest => false,
            Action::Tea { discards } if discards.is_empty() => true,
            _ => return Err(phrase!("bb-refuse-break-nobody-moves")),
        };
        if (tea || !orders.replace.is_empty()) && !cafe {
            return Err(phrase!("bb-refuse-break-cafe-needed"));
        }
        if tea {
            money_needed(walker, orders, 1)?;
        }
        let discard = match orders.discard {
            Some(k) => Some(
                self.cards(hand, &[k])
                    .map_err(|e| phrase!("bb-refuse-discard", problem = e))?[0],
            ),
            None => self.default_discard(hand),
        };
        let rest: Vec<CardId> = hand
            .iter()
            .copied()
            .filter(|c| Some(*c) != discard)
            .collect();
        let replace = self
            .cards(&rest, &orders.replace)
            .map_err(|e| phrase!("bb-refuse-replace", problem = e))?;
        Ok(Plan::Break {
            discard,
            replace,
            tea,
        })
    }

    /// The card discarded at lunch or coffee when the player names none: a blister if held,
    /// else the walking card with the fewest symbols (docs/rulings.md B&B-11).
    pub(super) fn default_discard(&self, hand: &[CardId]) -> Option<CardId> {
        hand.iter()
            .copied()
            .min_by_key(|&c| match self.deck.card(c) {
                Card::Blister => (0, 0),
                Card::Walk {
                    circles, triangles, ..
                } => (1, circles + triangles),
                _ => (2, 0),
            })
    }

    /// The break taken: one card discarded without replacement (7.2); at a café, cards
    /// replaced (7.4) and tea (6.2). Returns the replacements owed.
    pub(super) fn take_break(
        &mut self,
        rec: &mut impl Recorder,
        w: usize,
        discard: Option<CardId>,
        replace: &[CardId],
        tea: bool,
    ) -> usize {
        if let Some(c) = discard {
            self.discard_card(rec, w, c);
        }
        for &c in replace {
            self.discard_card(rec, w, c);
        }
        if tea {
            self.walkers[w].money -= 1;
            self.walkers[w].points += 3;
            rec.scored(w, Score::Tea, 3);
        }
        rec.did(w, Did::Break);
        replace.len()
    }
}
