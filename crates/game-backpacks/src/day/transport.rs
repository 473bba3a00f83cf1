//! Ferries and buses (8.1–8.5, B&B-8, B&B-14): a ferry at twenty past the hour between two stops
//! of the launch, a bus at twenty to the hour along one route; 50p a trip, a card may be swapped
//! (8.2); both arrive at the end of the turn, and a landing fails on a stop occupied or sought
//! by another ferry, leaving the walker on the lake (8.5).

use super::plan::{Plan, money_needed};
use super::turn::Scratch;
use super::{Day, Did, Note, Place, Recorder, Score, Walker};
use crate::clock::{self, Special};
use crate::deck::{CardId, CardKind};
use crate::map::{LocationId, SpaceId};
use crate::orders::{Action, TurnOrders};
use locale::{Phrase, phrase};

impl Day {
    /// On the lake (8.5, B&B-8): at a ferry turn the launch tries to land, where ordered or
    /// back at the stop it boarded at; otherwise the walker waits afloat.
    pub(super) fn plan_afloat(
        &self,
        boarded: LocationId,
        orders: &TurnOrders,
    ) -> Result<Plan, Phrase> {
        let special = clock::special(self.turn);
        match &orders.action {
            Action::Ferry { to, .. } if special == Special::Ferry => {
                self.check_ferry_stop(*to)?;
                Ok(Plan::Ferry {
                    to: *to,
                    swap: None,
                    fare: false,
                })
            }
            // Without a landing order the launch brings the walker back to the stop it
            // boarded at (docs/rulings.md B&B-8).
            Action::Rest if special == Special::Ferry => Ok(Plan::Ferry {
                to: boarded,
                swap: None,
                fare: false,
            }),
            Action::Rest => Ok(Plan::Afloat),
            _ if special == Special::Ferry => Err(phrase!("bb-refuse-lake-landing-only")),
            _ => Err(phrase!("bb-refuse-lake-wait")),
        }
    }

    /// A ferry trip (8.3): at twenty past the hour, from a stop to another, 50p.
    pub(super) fn plan_ferry(
        &self,
        walker: &Walker,
        here: SpaceId,
        orders: &TurnOrders,
        to: LocationId,
        swap: &Option<CardKind>,
    ) -> Result<Plan, Phrase> {
        if clock::special(self.turn) != Special::Ferry {
            return Err(phrase!(
                "bb-refuse-ferry-time",
                time = clock::time_text(self.turn)
            ));
        }
        let from = self
            .map
            .location_at(here)
            .filter(|l| l.ferry)
            .ok_or_else(|| phrase!("bb-refuse-ferry-not-a-stop", stop = self.map.space_id(here)))?;
        self.check_ferry_stop(to)?;
        if self.map.locations[usize::from(to)].space == from.space {
            return Err(phrase!("bb-refuse-ferry-same-stop"));
        }
        money_needed(walker, orders, 1)?;
        Ok(Plan::Ferry {
            to,
            swap: self
                .swap_card(walker, swap)
                .map_err(|e| phrase!("bb-refuse-ferry-swap", problem = e))?,
            fare: true,
        })
    }

    /// A bus ride (8.4): at twenty to the hour, between two stops of one route, 50p.
    pub(super) fn plan_bus(
        &self,
        walker: &Walker,
        here: SpaceId,
        orders: &TurnOrders,
        to: LocationId,
        swap: &Option<CardKind>,
    ) -> Result<Plan, Phrase> {
        if clock::special(self.turn) != Special::Bus {
            return Err(phrase!(
                "bb-refuse-bus-time",
                time = clock::time_text(self.turn)
            ));
        }
        let from = self
            .map
            .location_at(here)
            .filter(|l| !l.buses.is_empty())
            .ok_or_else(|| phrase!("bb-refuse-bus-not-a-stop", stop = self.map.space_id(here)))?;
        let from_id = self.map.spaces[usize::from(from.space)]
            .location
            .expect("a location");
        if from_id == to || self.map.bus_between(from_id, to).is_none() {
            return Err(phrase!(
                "bb-refuse-bus-no-route",
                from = from.id,
                to = self.map.location_id(to)
            ));
        }
        money_needed(walker, orders, 1)?;
        Ok(Plan::Bus {
            to,
            swap: self
                .swap_card(walker, swap)
                .map_err(|e| phrase!("bb-refuse-bus-swap", problem = e))?,
        })
    }

    /// The card swapped on a ferry or bus (8.2), from the hand.
    fn swap_card(
        &self,
        walker: &Walker,
        card: &Option<CardKind>,
    ) -> Result<Option<CardId>, Phrase> {
        card.map(|k| self.card(&walker.hand, k)).transpose()
    }

    pub(super) fn check_ferry_stop(&self, to: LocationId) -> Result<(), Phrase> {
        if self.map.locations[usize::from(to)].ferry {
            Ok(())
        } else {
            Err(phrase!(
                "bb-refuse-ferry-not-a-stop",
                stop = self.map.location_id(to)
            ))
        }
    }

    /// Boarding at the start of the turn: the swapped card discarded (8.2, B&B-14) and the
    /// fare paid. Returns the replacements owed.
    pub(super) fn board(&mut self, rec: &mut impl Recorder, w: usize, plan: &Plan) -> usize {
        let (swap, fare, did) = match *plan {
            Plan::Ferry { to, swap, fare } => (swap, fare, Did::Ferry { to, landed: false }),
            Plan::Bus { to, swap } => (swap, true, Did::Bus { to }),
            _ => return 0,
        };
        if let Some(c) = swap {
            self.discard_card(rec, w, c);
        }
        if fare {
            self.walkers[w].money -= 1;
        }
        rec.did(w, did);
        usize::from(swap.is_some())
    }

    /// The end of the turn (8.5): ferries land unless the stop is occupied or contested (the
    /// trip's 5 points, 5.1.6, on landing; otherwise still on the lake, B&B-8), and buses
    /// arrive. Both arrive after every walker on foot (B&B-6).
    pub(super) fn land_ferries_and_buses(
        &mut self,
        scratch: &mut Scratch,
        rec: &mut impl Recorder,
    ) {
        for w in 0..self.walkers.len() {
            match scratch.plans[w] {
                Plan::Ferry { to, .. } => self.land_ferry(scratch, w, to, rec),
                Plan::Bus { to, .. } => {
                    let space = self.map.locations[usize::from(to)].space;
                    scratch.at[w] = Some(space);
                    scratch.arrived[w] = (13, 0);
                    self.claim(&mut scratch.claims, w, space, 13, 0);
                }
                _ => {}
            }
        }
    }

    /// One ferry's landing at `to` (8.5, B&B-14).
    fn land_ferry(
        &mut self,
        scratch: &mut Scratch,
        w: usize,
        to: LocationId,
        rec: &mut impl Recorder,
    ) {
        let n = self.walkers.len();
        let space = self.map.locations[usize::from(to)].space;
        let contested = (0..n)
            .any(|v| v != w && matches!(scratch.plans[v], Plan::Ferry { to: t, .. } if t == to));
        let occupied = (0..n).any(|v| v != w && scratch.at[v] == Some(space));
        let landed = !contested && !occupied;
        rec.did(w, Did::Ferry { to, landed });
        if landed {
            scratch.at[w] = Some(space);
            scratch.arrived[w] = (13, 0);
            self.walkers[w].points += 5;
            rec.scored(w, Score::Ferry, 5);
            self.claim(&mut scratch.claims, w, space, 13, 0);
            return;
        }
        let boarded = match self.walkers[w].place {
            Place::At(s) => self.map.spaces[usize::from(s)]
                .location
                .expect("ferries leave from stops"),
            Place::Lake { boarded } => boarded,
        };
        self.walkers[w].place = Place::Lake { boarded };
        rec.note(w, || Note::FerryNotLanded { to, contested });
    }
}
