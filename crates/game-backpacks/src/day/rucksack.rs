//! The Heavy Rucksack (10.1–10.5, 5.1.8–5.1.10, B&B-15, B&B-18): one card; its carrier's cards
//! give one circle and one triangle less (10.1, in `walking.rs`); it scores 2 at the start of
//! lunch and coffee; it changes hands by order when carrier and taker share a space at the end of
//! a sub-turn or turn (10.4), or by vote at the end of a round once held 4 turns (10.5).

use super::turn::TurnOrdersOf;
use super::{Day, Recorder, Rucksack, RucksackHow, RucksackMove, Score, Walker};
use crate::clock::{self, Special};
use crate::error::BackpacksError;
use crate::map::SpaceId;
use crate::orders::{RoundOrders, RucksackOrder, TurnOrders};
use locale::{Phrase, phrase};

impl Day {
    /// Only the carrier gives the Rucksack and only another walker takes it (10.4): a statement
    /// that could mean nothing is refused, not ignored (B&B-18).
    pub(super) fn check_rucksack_order(&self, w: usize, orders: &TurnOrders) -> Result<(), Phrase> {
        let carrier = self.rucksack.map(|r| usize::from(r.carrier));
        match orders.rucksack {
            Some(RucksackOrder::Give(_)) if carrier != Some(w) => {
                Err(phrase!("bb-refuse-give-rucksack-not-carried"))
            }
            Some(RucksackOrder::Take) if carrier == Some(w) => {
                Err(phrase!("bb-refuse-take-rucksack-carried"))
            }
            Some(RucksackOrder::Take) if carrier.is_none() => {
                Err(phrase!("bb-refuse-take-rucksack-not-in-play"))
            }
            _ => Ok(()),
        }
    }

    pub(super) fn is_carrier(&self, w: usize) -> bool {
        self.rucksack.is_some_and(|r| usize::from(r.carrier) == w)
    }

    /// A vote (10.5) names a walker still out, who could carry the Rucksack on, or its carrier
    /// (a vote to keep it, whether or not the carrier's day is over, B&B-15).
    pub fn check_vote(&self, orders: &RoundOrders) -> Result<(), BackpacksError> {
        let refused = |id: &'static str| Err(BackpacksError::Refused(Phrase::new(id)));
        if let Some(v) = orders.vote {
            match self.walkers.get(usize::from(v)) {
                None => return refused("bb-refuse-vote-no-walker"),
                Some(walker) if !walker.is_out() && !self.is_carrier(usize::from(v)) => {
                    return refused("bb-refuse-vote-day-over");
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// The start of lunch and coffee: the carrier scores 2 (5.1.9, 5.1.10), a finished one too,
    /// since it still carries it (B&B-15).
    pub(super) fn score_rucksack_at_break(&mut self, rec: &mut impl Recorder) {
        if matches!(clock::special(self.turn), Special::Lunch | Special::Coffee)
            && let Some(r) = self.rucksack
        {
            let c = usize::from(r.carrier);
            self.walkers[c].points += 2;
            rec.scored(c, Score::RucksackAtBreak, 2);
        }
    }

    /// Hands the Rucksack over if its carrier shares a space with a walker and one of them
    /// ordered it (10.4). Returns whether it changed hands.
    pub(super) fn hand_over_rucksack(
        &mut self,
        at: &[Option<SpaceId>],
        orders: &TurnOrdersOf<'_>,
        priority: &[u32],
        sub_turn: u8,
        rec: &mut impl Recorder,
    ) -> bool {
        let Some(r) = self.rucksack else { return false };
        let c = usize::from(r.carrier);
        let Some(space) = at.get(c).copied().flatten() else {
            return false;
        };
        if !self.walkers[c].is_out() {
            return false;
        }
        let give = orders.get(c).and_then(|o| o.rucksack);
        let mut candidates: Vec<usize> = (0..self.walkers.len())
            .filter(|&v| v != c && at[v] == Some(space) && self.walkers[v].is_out())
            .filter(|&v| match give {
                Some(RucksackOrder::Give(Some(to))) if usize::from(to) == v => true,
                Some(RucksackOrder::Give(None)) => true,
                _ => orders.get(v).and_then(|o| o.rucksack) == Some(RucksackOrder::Take),
            })
            .collect();
        // A walker the carrier named goes first; otherwise at random (4.5's tie rule).
        candidates.sort_by_key(|&v| {
            (
                give != Some(RucksackOrder::Give(Some(v as u8))),
                priority[v],
            )
        });
        let Some(&to) = candidates.first() else {
            return false;
        };
        self.rucksack = Some(Rucksack {
            carrier: to as u8,
            since: self.turn,
        });
        rec.rucksack(RucksackMove {
            from: Some(c as u8),
            to: to as u8,
            how: RucksackHow::Handed { sub_turn },
        });
        true
    }

    /// The Rucksack vote at the end of a round, once its carrier has held it 80 minutes (10.5):
    /// most votes wins; a tie goes to the carrier's vote, or stays with the carrier. None after
    /// the last round (B&B-20).
    pub fn vote(&mut self, orders: &[RoundOrders], moves: &mut Vec<RucksackMove>) {
        moves.extend(self.cast_votes(orders));
    }

    /// [`Day::vote`], returning the Rucksack's move if it changes hands.
    pub(super) fn cast_votes(&mut self, orders: &[RoundOrders]) -> Option<RucksackMove> {
        // The last round ends at 18:00 with the day, whose end has scored the Rucksack carried
        // home (5.1.8): there is no vote after it (docs/rulings.md B&B-20).
        if self.is_over() {
            return None;
        }
        let r = self.rucksack?;
        let carrier = usize::from(r.carrier);
        // 10.5 makes no exception for a carrier whose day is over: its Rucksack can be voted
        // away like any other (B&B-15).
        if self.turn < r.since + 4 {
            return None;
        }
        // "All players can vote" (10.5): a walker whose day is over still has a player, so its
        // vote counts; only a walker still out can be voted to carry it (B&B-15).
        let mut votes = vec![0u32; self.walkers.len()];
        for (w, o) in orders.iter().enumerate() {
            if let Some(v) = o.vote.filter(|&v| {
                usize::from(v) == carrier
                    || self.walkers.get(usize::from(v)).is_some_and(Walker::is_out)
            }) && !self.walkers[w].lost
            {
                votes[usize::from(v)] += 1;
            }
        }
        let most = votes.iter().copied().max().unwrap_or(0);
        if most == 0 {
            return None;
        }
        let tied: Vec<usize> = (0..votes.len()).filter(|&v| votes[v] == most).collect();
        let winner = if tied.len() == 1 {
            tied[0]
        } else {
            match orders.get(carrier).and_then(|o| o.vote).map(usize::from) {
                Some(v) if tied.contains(&v) => v,
                _ => carrier,
            }
        };
        if winner == carrier {
            return None;
        }
        self.rucksack = Some(Rucksack {
            carrier: winner as u8,
            since: self.turn,
        });
        Some(RucksackMove {
            from: Some(carrier as u8),
            to: winner as u8,
            how: RucksackHow::Voted,
        })
    }
}
