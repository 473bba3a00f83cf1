//! What a walker's orders come to, checked against where it stands: strictly when they are sent
//! (an order that cannot be carried out in full is refused, naming it), or leniently for a
//! round's second turn, walked as far as it goes (B&B-7). The plans for a break, the lake,
//! ferries, buses and tea are in the files of their rules.

use super::{Day, Place, Walker};
use crate::clock;
use crate::deck::{CardId, CardKind};
use crate::error::BackpacksError;
use crate::map::{LocationId, SpaceId};
use crate::orders::{Action, RoundOrders, TurnOrders, WeatherChoice};
use locale::{Phrase, phrase};

/// What a walker's orders come to, checked against where it actually is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    Rest,
    /// The route walked is in the buffer given to [`Day::plan`].
    Walk {
        card: CardId,
        chocolate: bool,
        circles: u8,
        triangles: u8,
        cut: Option<Phrase>,
    },
    Tea {
        discards: Vec<CardId>,
    },
    Ferry {
        to: LocationId,
        swap: Option<CardId>,
        fare: bool,
    },
    Bus {
        to: LocationId,
        swap: Option<CardId>,
    },
    Blister {
        card: CardId,
    },
    Break {
        discard: Option<CardId>,
        replace: Vec<CardId>,
        tea: bool,
    },
    Afloat,
}

impl Day {
    /// Checks one walker's orders for the coming turn, strictly: an order that cannot be carried
    /// out in full is an error naming it.
    pub fn check_turn_orders(&self, w: usize, orders: &TurnOrders) -> Result<(), BackpacksError> {
        self.turn_problem(w, orders)
            .map_err(BackpacksError::Refused)
    }

    fn turn_problem(&self, w: usize, orders: &TurnOrders) -> Result<(), Phrase> {
        self.plan(w, orders, true, &mut Vec::new())
            .and_then(|_| self.check_rucksack_order(w, orders))
    }

    /// Checks a walker's orders for a round: the first turn in full (B&B-7), and the vote. A
    /// walker whose day is over may still vote (10.5: "all players can vote"), and do nothing else.
    pub fn check_round_orders(&self, w: usize, orders: &RoundOrders) -> Result<(), BackpacksError> {
        self.check_vote(orders)?;
        if !self.walkers[w].is_out() {
            let nothing = TurnOrders::default();
            if orders.vote.is_none()
                || orders.turns.iter().any(|t| *t != nothing)
                || orders.weather != WeatherChoice::Discard
            {
                return Err(BackpacksError::Refused(phrase!(
                    "bb-refuse-day-over-vote-only"
                )));
            }
            return Ok(());
        }
        self.turn_problem(w, &orders.turns[0])
            .map_err(|e| BackpacksError::Refused(phrase!("bb-refuse-turn-1", problem = e)))
    }

    /// The plan for a walker's orders. With `strict`, anything that cannot be done is an error;
    /// otherwise (a round's second turn, after an unplanned first turn) a route is walked as far
    /// as it goes and anything else impossible becomes a rest (docs/rulings.md B&B-7). A walk's
    /// route is written into `route`.
    pub(super) fn plan(
        &self,
        w: usize,
        orders: &TurnOrders,
        strict: bool,
        route: &mut Vec<SpaceId>,
    ) -> Result<Plan, Phrase> {
        let walker = &self.walkers[w];
        if !walker.is_out() {
            return Err(phrase!("bb-refuse-day-over"));
        }
        if clock::is_break(self.turn) {
            return self.plan_break(walker, orders);
        }
        let here = match walker.place {
            Place::At(here) => here,
            Place::Lake { boarded } => return self.plan_afloat(boarded, orders),
        };
        if !orders.replace.is_empty() || orders.discard.is_some() {
            return Err(phrase!("bb-refuse-discard-not-at-break"));
        }
        match &orders.action {
            Action::Rest => {
                money_needed(walker, orders, 0)?;
                Ok(Plan::Rest)
            }
            Action::Blister => {
                money_needed(walker, orders, 0)?;
                let card = self.card(&walker.hand, CardKind::Blister)?;
                Ok(Plan::Blister { card })
            }
            Action::Walk {
                card,
                chocolate,
                waypoints,
            } => {
                money_needed(walker, orders, 0)?;
                let plan = self.plan_walk(w, here, *card, *chocolate, waypoints, route)?;
                match plan {
                    Plan::Walk {
                        cut: Some(problem), ..
                    } if strict => Err(phrase!("bb-refuse-walk", problem = problem)),
                    plan => Ok(plan),
                }
            }
            Action::Tea { discards } => self.plan_tea(walker, here, orders, discards),
            Action::Ferry { to, swap } => self.plan_ferry(walker, here, orders, *to, swap),
            Action::Bus { to, swap } => self.plan_bus(walker, here, orders, *to, swap),
        }
    }

    /// A walk (4.1, 4.2): the card's symbols, less the Rucksack's (10.1), doubled by chocolate
    /// (6.4, 10.2), and the route as far as they and the paths allow (11.1). Where the route is
    /// cut short, `cut` says why.
    fn plan_walk(
        &self,
        w: usize,
        here: SpaceId,
        card: CardKind,
        chocolate: bool,
        waypoints: &[SpaceId],
        route: &mut Vec<SpaceId>,
    ) -> Result<Plan, Phrase> {
        let id = self.card(&self.walkers[w].hand, card)?;
        if !matches!(card, CardKind::Walk { .. }) {
            return Err(phrase!("bb-refuse-not-walking-card", card = card.phrase()));
        }
        if chocolate && self.walkers[w].chocolate == 0 {
            return Err(phrase!("bb-refuse-no-chocolate"));
        }
        let (circles, triangles) = self.symbols(w, card, chocolate);
        let problem = self.walkable(here, waypoints, circles, triangles, route);
        // The carrier's card is short of one circle and one triangle: say why (10.1, 10.2).
        let problem = match problem {
            Some(p) if self.is_carrier(w) && p.id() == Some("bb-refuse-route-needs") => {
                Some(phrase!(
                    "bb-refuse-route-needs-carrier",
                    problem = p,
                    card = card.phrase(),
                    chocolate = if chocolate { "yes" } else { "no" }
                ))
            }
            p => p,
        };
        Ok(Plan::Walk {
            card: id,
            chocolate,
            circles,
            triangles,
            cut: problem,
        })
    }
}

/// The money an order needs, with a bar of chocolate if one is to be bought (6.3): `n` × 50p.
pub(super) fn money_needed(walker: &Walker, orders: &TurnOrders, n: u8) -> Result<(), Phrase> {
    let total = n + u8::from(orders.buy_chocolate);
    if walker.money < total {
        Err(phrase!(
            "bb-refuse-money",
            total = total,
            money = walker.money
        ))
    } else {
        Ok(())
    }
}
