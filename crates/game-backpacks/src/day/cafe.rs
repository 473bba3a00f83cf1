//! Cafés (6.2–6.4, 11.2, B&B-13): tea takes the whole turn, costs 50p and scores 3, not on a
//! round's first turn (3.1.2); a bar of chocolate is bought at the end of a turn at a café,
//! one a turn, and doubles one card (6.4, in `plan.rs`).

use super::plan::{Plan, money_needed};
use super::turn::{Scratch, TurnOrdersOf};
use super::{Day, Did, Note, Recorder, Score, Walker};
use crate::clock;
use crate::deck::{CardId, CardKind};
use crate::map::SpaceId;
use crate::orders::TurnOrders;
use locale::{Phrase, phrase};

impl Day {
    /// Tea (6.2): at a café where the turn starts, not on a round's first turn (3.1.2); any
    /// cards named are discarded and replaced.
    pub(super) fn plan_tea(
        &self,
        walker: &Walker,
        here: SpaceId,
        orders: &TurnOrders,
        discards: &[CardKind],
    ) -> Result<Plan, Phrase> {
        if clock::is_first_of_round(self.turn) {
            return Err(phrase!("bb-refuse-tea-first-turn"));
        }
        if !self.map.location_at(here).is_some_and(|l| l.cafe) {
            return Err(phrase!(
                "bb-refuse-tea-no-cafe",
                space = self.map.space_id(here)
            ));
        }
        money_needed(walker, orders, 1)?;
        Ok(Plan::Tea {
            discards: self
                .cards(&walker.hand, discards)
                .map_err(|e| phrase!("bb-refuse-tea", problem = e))?,
        })
    }

    /// Tea taken (6.2): the cards named discarded, 50p paid, 3 points. Returns the
    /// replacements owed.
    pub(super) fn drink_tea(
        &mut self,
        rec: &mut impl Recorder,
        w: usize,
        discards: &[CardId],
    ) -> usize {
        for &c in discards {
            self.discard_card(rec, w, c);
        }
        self.walkers[w].money -= 1;
        self.walkers[w].points += 3;
        rec.scored(w, Score::Tea, 3);
        rec.did(w, Did::Tea);
        discards.len()
    }

    /// Chocolate, bought at the end of the turn by a walker then at a café, one bar a turn,
    /// if 50p are left (6.3, 11.2, B&B-13).
    pub(super) fn buy_chocolate(
        &mut self,
        orders: TurnOrdersOf<'_>,
        scratch: &Scratch,
        rec: &mut impl Recorder,
    ) {
        for w in 0..self.walkers.len() {
            if !orders.get(w).is_some_and(|o| o.buy_chocolate) || !scratch.was_out[w] {
                continue;
            }
            let cafe = scratch.at[w]
                .and_then(|s| self.map.location_at(s))
                .is_some_and(|l| l.cafe);
            if !cafe {
                rec.note(w, || Note::ChocolateNoCafe);
            } else if self.walkers[w].money == 0 {
                rec.note(w, || Note::ChocolateNoMoney);
            } else {
                self.walkers[w].money -= 1;
                self.walkers[w].chocolate += 1;
            }
        }
    }
}
