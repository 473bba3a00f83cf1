//! The state of a day's walk and its adjudication, turn by turn (rules 2–11). Pure: a day, the
//! walkers' orders and a random stream give the next day and what happened.

use crate::error::BackpacksError;
use std::sync::Arc;

use game_api::Rng;
use rand::RngExt;
use rand::seq::SliceRandom;

use crate::clock::{self, Special, TURNS};
use crate::deck::{Card, CardId, CardKind, Deck};
use crate::map::{LocationId, Map, SpaceId};
use crate::orders::{Action, RoundOrders, RucksackOrder, TurnOrders, WeatherChoice};
use crate::schedule::sub_turns;
use crate::{TARGETS, Weather};

/// Where a walker is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    At(SpaceId),
    /// Aboard the launch after a failed landing (8.5), having boarded at this stop.
    Lake {
        boarded: LocationId,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walker {
    pub place: Place,
    pub hand: Vec<CardId>,
    /// The next card this walker will draw, dealt face down at the start of the round and
    /// shown to its owner (3.1.1: the card to come at the end of the round's first turn).
    pub next_card: Option<CardId>,
    /// Money in 50p pieces.
    pub money: u8,
    pub chocolate: u8,
    pub points: i32,
    /// Bit `k`: target `k` reached (a target bonus is claimed once, 7.3).
    pub reached: u8,
    /// The day ended for this walker in Keswick at the end of this turn.
    pub finished: Option<u8>,
    /// Not back in Keswick by 18:00: all points lost (1.3, 5.2).
    pub lost: bool,
    /// In Keswick since the end of this turn (for the 18:00 check).
    pub home_since: Option<u8>,
    /// Where the walker ended the previous turn: a space scores once on consecutive turns (7.3).
    pub last_space: Option<SpaceId>,
}

impl Walker {
    /// Still out walking: neither finished nor lost.
    pub fn is_out(&self) -> bool {
        self.finished.is_none() && !self.lost
    }

    pub fn space(&self) -> Option<SpaceId> {
        match self.place {
            Place::At(s) => Some(s),
            Place::Lake { .. } => None,
        }
    }
}

/// The Heavy Rucksack in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rucksack {
    pub carrier: u8,
    /// The first turn the carrier carried it.
    pub since: u8,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Day {
    pub map: Arc<Map>,
    pub deck: Arc<Deck>,
    /// The turn to be resolved next (0 = 10:00); `TURNS` when the day is over.
    pub turn: u8,
    pub weather: Weather,
    pub walkers: Vec<Walker>,
    /// The draw pile; the next card is the last.
    pub pile: Vec<CardId>,
    pub discards: Vec<CardId>,
    /// The day's 5 target locations (2.1).
    pub targets: Vec<LocationId>,
    /// How many walkers have reached each target.
    pub target_arrivals: Vec<u8>,
    pub rucksack: Option<Rucksack>,
}

/// Why points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Ending the turn on a viewpoint, beauty spot or location (5.1.1, 5.1.2).
    Space(SpaceId),
    /// First, second or later walker to reach a target (5.1.3–5.1.5); `order` is 1-based.
    Target {
        location: LocationId,
        order: u8,
    },
    Ferry,
    Tea,
    /// Carrying the Heavy Rucksack at the start of lunch or coffee (5.1.9, 5.1.10).
    RucksackAtBreak,
    /// Back in Keswick by turn (5.1.12).
    Finish,
    /// Carrying the Heavy Rucksack home (5.1.8).
    RucksackHome,
    /// 2 points per 50p left (5.1.11).
    Money,
}

/// What a walker did with its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Did {
    /// Finished or lost: no longer on the board.
    Off,
    Rested,
    Walked {
        card: CardKind,
        chocolate: bool,
        circles: u8,
        triangles: u8,
    },
    Tea,
    Ferry {
        to: LocationId,
        landed: bool,
    },
    Bus {
        to: LocationId,
    },
    Blister,
    /// Lunch or coffee (7).
    Break,
    /// On the lake: waiting for the next ferry turn.
    Afloat,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkerTurn {
    pub from: Place,
    pub to: Place,
    pub did: Did,
    /// Spaces entered, with the sub-turn of each step (4.4).
    pub steps: Vec<(SpaceId, u8)>,
    /// Bumped back at the end of sub-turn 12 (4.5), to `to`.
    pub bumped: bool,
    pub scores: Vec<(Score, i32)>,
    /// Cards drawn (private to the walker).
    pub drew: Vec<CardKind>,
    /// Cards discarded or played (private).
    pub discarded: Vec<CardKind>,
    /// Things that did not happen as ordered, and why.
    pub notes: Vec<String>,
    pub finished: bool,
}

/// A Heavy Rucksack changing hands (or coming into play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RucksackMove {
    pub from: Option<u8>,
    pub to: u8,
    pub how: RucksackHow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RucksackHow {
    /// Drawn from the deck (10.1).
    Drawn,
    /// Handed over by order at the end of a sub-turn (1–12) or of the turn (13), 10.4.
    Handed { sub_turn: u8 },
    /// Voted on at the end of the round (10.5).
    Voted,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnOutcome {
    pub turn: u8,
    pub weather: Weather,
    pub walkers: Vec<WalkerTurn>,
    pub rucksack: Vec<RucksackMove>,
    /// Weather cards played: who switched it, and to what (9.1).
    pub weather_changes: Vec<(u8, Weather)>,
    pub day_over: bool,
}

/// What a walker's orders come to, checked against where it actually is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Plan {
    Rest,
    /// The route walked is in the buffer given to [`Day::plan`].
    Walk {
        card: CardId,
        chocolate: bool,
        circles: u8,
        triangles: u8,
        cut: Option<String>,
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
    /// Sets up a day (2.1–2.3): shuffles the deck, draws the 5 targets from the locations the
    /// walking cards name, deals 4 cards each, Sunny weather, everyone in Keswick.
    pub fn new(map: Arc<Map>, deck: Arc<Deck>, walkers: usize, rng: &mut Rng) -> Day {
        let mut pile: Vec<CardId> = (0..deck.cards.len() as CardId).collect();
        pile.shuffle(rng);
        let mut targets = Vec::new();
        for &c in pile.iter().rev() {
            if let Card::Walk { names, .. } = deck.card(c)
                && !targets.contains(&names)
                && targets.len() < TARGETS
            {
                targets.push(names);
            }
        }
        pile.shuffle(rng);
        let home = map.home_space();
        let walker = Walker {
            place: Place::At(home),
            hand: Vec::new(),
            next_card: None,
            money: deck.starting_money,
            chocolate: 0,
            points: 0,
            reached: 0,
            finished: None,
            lost: false,
            home_since: None,
            last_space: Some(home),
        };
        let mut day = Day {
            map,
            deck,
            turn: 0,
            weather: Weather::Sunny,
            walkers: vec![walker; walkers],
            pile,
            discards: Vec::new(),
            target_arrivals: vec![0; targets.len()],
            targets,
            rucksack: None,
        };
        for _ in 0..clock::hand_size(0) {
            for w in 0..walkers {
                // No weather choice is possible before the day starts: a weather card is discarded.
                day.deal(w, WeatherChoice::Discard, rng, &mut ());
            }
        }
        // A Rucksack dealt before the day starts is carried from the first turn.
        if let Some(r) = day.rucksack.as_mut() {
            r.since = 0;
        }
        day.open_round(rng);
        day
    }

    pub fn is_over(&self) -> bool {
        self.turn >= TURNS
    }

    /// The time on the day's clock: the coming turn's start, or 18:00 once the day is over.
    pub fn clock_text(&self) -> String {
        if self.is_over() {
            "18:00".to_string()
        } else {
            clock::time_text(self.turn)
        }
    }

    pub fn card_kind(&self, card: CardId) -> CardKind {
        self.deck.card(card).kind()
    }

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
    fn deal(&mut self, w: usize, choice: WeatherChoice, rng: &mut Rng, rec: &mut impl Recorder) {
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
    fn card(&self, hand: &[CardId], kind: CardKind) -> Result<CardId, String> {
        self.find_card(hand, kind, &[])
            .ok_or_else(|| format!("no {kind} card in the hand {}", self.hand_text(hand)))
    }

    fn cards(&self, hand: &[CardId], kinds: &[CardKind]) -> Result<Vec<CardId>, String> {
        let mut taken = Vec::new();
        for &k in kinds {
            match self.find_card(hand, k, &taken) {
                Some(c) => taken.push(c),
                None => return Err(format!("no {k} card in the hand {}", self.hand_text(hand))),
            }
        }
        Ok(taken)
    }

    pub fn hand_text(&self, hand: &[CardId]) -> String {
        let mut kinds: Vec<CardKind> = hand.iter().map(|&c| self.card_kind(c)).collect();
        kinds.sort();
        format!(
            "[{}]",
            kinds
                .iter()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    /// The symbols a walking card gives this walker this turn: less one circle and one triangle
    /// for the Rucksack's carrier (10.1), then doubled by chocolate (6.4, 10.2).
    pub fn symbols(&self, w: usize, card: CardKind, chocolate: bool) -> (u8, u8) {
        let carrier = self.rucksack.is_some_and(|r| usize::from(r.carrier) == w);
        card_symbols(card, carrier, chocolate)
    }

    /// The longest walkable start of a route: stops before a step with no symbol left or a
    /// space already entered this turn (11.1). Returns the steps and the first problem.
    fn walkable(
        &self,
        from: SpaceId,
        waypoints: &[SpaceId],
        circles: u8,
        triangles: u8,
        route: &mut Vec<SpaceId>,
    ) -> Option<String> {
        let map = &self.map;
        route.clear();
        let mut at = from;
        let (mut c, mut t) = (circles, triangles);
        for &w in waypoints {
            // A waypoint where the walker already is, or was this turn, would enter it twice.
            if w == at || w == from || route.contains(&w) {
                return Some(format!("the route enters {} twice (11.1)", map.space_id(w)));
            }
            // A neighbouring space is one step; anything further is walked along its path.
            let one = [w];
            let further;
            let steps: &[SpaceId] = if map.neighbours(at).contains(&w) {
                &one
            } else {
                further = match map.expand_route(at, &[w]) {
                    Ok(steps) => steps,
                    Err(e) => return Some(e),
                };
                &further
            };
            for &s in steps {
                if s == from || route.contains(&s) {
                    return Some(format!("the route enters {} twice (11.1)", map.space_id(s)));
                }
                let left = match map.spaces[usize::from(s)].shape {
                    crate::map::Shape::Circle => &mut c,
                    crate::map::Shape::Triangle => &mut t,
                };
                if *left == 0 {
                    let (need_c, need_t) = self.route_symbols(from, waypoints);
                    return Some(format!(
                        "the route needs {} and {}, the card gives {circles} and {triangles}",
                        count(need_c, "circle"),
                        count(need_t, "triangle"),
                    ));
                }
                *left -= 1;
                route.push(s);
                at = s;
            }
        }
        None
    }

    fn route_symbols(&self, from: SpaceId, waypoints: &[SpaceId]) -> (usize, usize) {
        let route = self.map.expand_route(from, waypoints).unwrap_or_default();
        let circles = route
            .iter()
            .filter(|&&s| self.map.spaces[usize::from(s)].shape == crate::map::Shape::Circle)
            .count();
        (circles, route.len() - circles)
    }

    /// Checks one walker's orders for the coming turn, strictly: an order that cannot be carried
    /// out in full is an error naming it.
    pub fn check_turn_orders(&self, w: usize, orders: &TurnOrders) -> Result<(), BackpacksError> {
        self.plan(w, orders, true, &mut Vec::new())
            .and_then(|_| self.check_rucksack_order(w, orders))
            .map_err(BackpacksError::Refused)
    }

    /// Only the carrier gives the Rucksack and only another walker takes it (10.4): a statement
    /// that could mean nothing is refused, not ignored (B&B-18).
    fn check_rucksack_order(&self, w: usize, orders: &TurnOrders) -> Result<(), String> {
        let carrier = self.rucksack.map(|r| usize::from(r.carrier));
        match orders.rucksack {
            Some(RucksackOrder::Give(_)) if carrier != Some(w) => Err(
                "give rucksack: this walker does not carry the Heavy Rucksack (10.4, B&B-18)"
                    .into(),
            ),
            Some(RucksackOrder::Take) if carrier == Some(w) => Err(
                "take rucksack: this walker carries the Heavy Rucksack already (10.4, B&B-18)"
                    .into(),
            ),
            Some(RucksackOrder::Take) if carrier.is_none() => {
                Err("take rucksack: the Heavy Rucksack is not in play (10.1, 10.4, B&B-18)".into())
            }
            _ => Ok(()),
        }
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
                return Err(BackpacksError::Refused(
                    "this walker's day is over: only a vote may be sent (10.5)".into(),
                ));
            }
            return Ok(());
        }
        self.check_turn_orders(w, &orders.turns[0])
            .map_err(|e| BackpacksError::Refused(format!("turn 1: {e}")))
    }

    fn is_carrier(&self, w: usize) -> bool {
        self.rucksack.is_some_and(|r| usize::from(r.carrier) == w)
    }

    /// A vote (10.5) names a walker still out, who could carry the Rucksack on, or its carrier
    /// (a vote to keep it, whether or not the carrier's day is over, B&B-15).
    pub fn check_vote(&self, orders: &RoundOrders) -> Result<(), BackpacksError> {
        let refused = |message: &str| Err(BackpacksError::Refused(message.into()));
        if let Some(v) = orders.vote {
            match self.walkers.get(usize::from(v)) {
                None => return refused("vote: no such walker"),
                Some(walker) if !walker.is_out() && !self.is_carrier(usize::from(v)) => {
                    return refused(
                        "vote: that walker's day is over; vote for a walker still out (10.5)",
                    );
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// The plan for a walker's orders. With `strict`, anything that cannot be done is an error;
    /// otherwise (a round's second turn, after an unplanned first turn) a route is walked as far
    /// as it goes and anything else impossible becomes a rest (docs/rulings.md B&B-7). A walk's
    /// route is written into `route`.
    fn plan(
        &self,
        w: usize,
        orders: &TurnOrders,
        strict: bool,
        route: &mut Vec<SpaceId>,
    ) -> Result<Plan, String> {
        let walker = &self.walkers[w];
        if !walker.is_out() {
            return Err("the walker's day is over".into());
        }
        let special = clock::special(self.turn);
        let hand = &walker.hand;
        let at_location = walker.space().and_then(|s| self.map.location_at(s));
        let money_needed = |n: u8| -> Result<(), String> {
            let total = n + u8::from(orders.buy_chocolate);
            if walker.money < total {
                Err(format!(
                    "{total} × 50p needed, the walker has {}",
                    walker.money
                ))
            } else {
                Ok(())
            }
        };
        let swap = |card: &Option<CardKind>| -> Result<Option<CardId>, String> {
            card.map(|k| self.card(hand, k)).transpose()
        };
        if clock::is_break(self.turn) {
            let cafe = at_location.is_some_and(|l| l.cafe);
            let tea = match &orders.action {
                Action::Rest => false,
                Action::Tea { discards } if discards.is_empty() => true,
                _ => return Err("lunch and coffee: nobody moves (7.2); write \"discard CARD\", and at a café \"tea\" or \"replace CARD ...\"".into()),
            };
            if (tea || !orders.replace.is_empty()) && !cafe {
                return Err("tea and replacing cards need a café (7.4)".into());
            }
            if tea {
                money_needed(1)?;
            }
            let discard = match orders.discard {
                Some(k) => Some(
                    self.cards(hand, &[k])
                        .map_err(|e| format!("discard: {e}"))?[0],
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
                .map_err(|e| format!("replace: {e}"))?;
            return Ok(Plan::Break {
                discard,
                replace,
                tea,
            });
        }
        let here = match walker.place {
            Place::At(here) => here,
            Place::Lake { boarded } => {
                return match &orders.action {
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
                    _ if special == Special::Ferry => {
                        Err("on the lake: only a ferry landing (\"ferry STOP\") is possible".into())
                    }
                    _ => Err("on the lake: nothing can be done until the next ferry turn".into()),
                };
            }
        };
        if !orders.replace.is_empty() || orders.discard.is_some() {
            return Err("discard and replace are for the lunch and coffee turns (7)".into());
        }
        match &orders.action {
            Action::Rest => {
                money_needed(0)?;
                Ok(Plan::Rest)
            }
            Action::Blister => {
                money_needed(0)?;
                let card = self.card(hand, CardKind::Blister)?;
                Ok(Plan::Blister { card })
            }
            Action::Walk {
                card,
                chocolate,
                waypoints,
            } => {
                money_needed(0)?;
                let id = self.card(hand, *card)?;
                if !matches!(card, CardKind::Walk { .. }) {
                    return Err(format!("{card} is not a walking card"));
                }
                if *chocolate && walker.chocolate == 0 {
                    return Err("no chocolate to play (buy a bar at a café first, 6.3)".into());
                }
                let (circles, triangles) = self.symbols(w, *card, *chocolate);
                let problem = self.walkable(here, waypoints, circles, triangles, route);
                let carrier = self.rucksack.is_some_and(|r| usize::from(r.carrier) == w);
                // The carrier's card is short of one circle and one triangle: say why (10.1, 10.2).
                let problem = match problem {
                    Some(p) if carrier && p.starts_with("the route needs") => Some(format!(
                        "{p} ({card}{} less one circle and one triangle for the Heavy Rucksack, 10.1{})",
                        if *chocolate { " with chocolate" } else { "" },
                        if *chocolate {
                            ", then doubled, 10.2"
                        } else {
                            ""
                        }
                    )),
                    p => p,
                };
                if let (true, Some(problem)) = (strict, &problem) {
                    return Err(format!("walk: {problem}"));
                }
                Ok(Plan::Walk {
                    card: id,
                    chocolate: *chocolate,
                    circles,
                    triangles,
                    cut: problem,
                })
            }
            Action::Tea { discards } => {
                if clock::is_first_of_round(self.turn) {
                    return Err(
                        "no tea on the first turn of a round: the waitresses are busy (3.1.2)"
                            .into(),
                    );
                }
                if !at_location.is_some_and(|l| l.cafe) {
                    return Err(format!("tea: {} has no café", self.map.space_id(here)));
                }
                money_needed(1)?;
                Ok(Plan::Tea {
                    discards: self
                        .cards(hand, discards)
                        .map_err(|e| format!("tea: {e}"))?,
                })
            }
            Action::Ferry { to, swap: card } => {
                if special != Special::Ferry {
                    return Err(format!(
                        "ferry: ferries run at twenty past the hour, not at {} (8.3)",
                        clock::time_text(self.turn)
                    ));
                }
                let from = at_location.filter(|l| l.ferry).ok_or_else(|| {
                    format!("ferry: {} is not a ferry stop", self.map.space_id(here))
                })?;
                self.check_ferry_stop(*to)?;
                if self.map.locations[usize::from(*to)].space == from.space {
                    return Err("ferry: the trip must go to another stop".into());
                }
                money_needed(1)?;
                Ok(Plan::Ferry {
                    to: *to,
                    swap: swap(card).map_err(|e| format!("ferry: swap: {e}"))?,
                    fare: true,
                })
            }
            Action::Bus { to, swap: card } => {
                if special != Special::Bus {
                    return Err(format!(
                        "bus: buses run at twenty to the hour, not at {} (8.4)",
                        clock::time_text(self.turn)
                    ));
                }
                let from = at_location
                    .filter(|l| !l.buses.is_empty())
                    .ok_or_else(|| format!("bus: {} is not a bus stop", self.map.space_id(here)))?;
                let from_id = self.map.spaces[usize::from(from.space)]
                    .location
                    .expect("a location");
                if from_id == *to || self.map.bus_between(from_id, *to).is_none() {
                    return Err(format!(
                        "bus: no bus route runs from {} to {}",
                        from.id,
                        self.map.location_id(*to)
                    ));
                }
                money_needed(1)?;
                Ok(Plan::Bus {
                    to: *to,
                    swap: swap(card).map_err(|e| format!("bus: swap: {e}"))?,
                })
            }
        }
    }

    fn check_ferry_stop(&self, to: LocationId) -> Result<(), String> {
        if self.map.locations[usize::from(to)].ferry {
            Ok(())
        } else {
            Err(format!(
                "ferry: {} is not a ferry stop",
                self.map.location_id(to)
            ))
        }
    }

    /// The card discarded at lunch or coffee when the player names none: a blister if held,
    /// else the walking card with the fewest symbols (docs/rulings.md B&B-11).
    fn default_discard(&self, hand: &[CardId]) -> Option<CardId> {
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

    /// Resolves one 20-minute turn. `orders[w]` are walker `w`'s orders for this turn; `strict`
    /// orders were checked already, the others are carried out as far as they can be.
    pub fn resolve_turn(
        &self,
        orders: &[TurnOrders],
        weather: &[WeatherChoice],
        rng: &mut Rng,
    ) -> (Day, TurnOutcome) {
        let mut next = self.clone();
        let mut outcome = TurnOutcome::empty();
        next.advance_turn(
            TurnOrdersOf::Turn(orders, weather),
            rng,
            &mut outcome,
            &mut Scratch::default(),
        );
        (next, outcome)
    }

    /// The turn in place: what [`Day::resolve_turn`] does, telling `rec` what happens, with
    /// buffers the caller keeps from turn to turn.
    fn advance_turn(
        &mut self,
        orders: TurnOrdersOf<'_>,
        rng: &mut Rng,
        rec: &mut impl Recorder,
        scratch: &mut Scratch,
    ) {
        let n = self.walkers.len();
        let turn = self.turn;
        let start_weather = self.weather;
        let special = clock::special(turn);
        rec.turn_began(self);
        let Scratch {
            plans,
            priority,
            owed,
            routes,
            at,
            arrived,
            claims,
            was_out,
            here,
        } = scratch;
        // 4.5 "and then randomly": one random priority per walker for this turn's ties.
        priority.clear();
        priority.extend((0..n).map(|_| rng.random::<u32>()));
        let none = TurnOrders::default();
        let order = |w: usize| orders.get(w).unwrap_or(&none);
        // Who was out at the start of the turn (a walker may finish during it).
        was_out.clear();
        was_out.extend(self.walkers.iter().map(Walker::is_out));

        routes.resize_with(n.max(routes.len()), Vec::new);
        plans.clear();
        for w in 0..n {
            let route = &mut routes[w];
            route.clear();
            let plan = if !was_out[w] {
                Plan::Rest
            } else {
                match self.plan(w, order(w), false, route) {
                    Ok(plan) => plan,
                    Err(problem) => {
                        rec.note(w, || format!("orders not carried out: {problem}"));
                        // What the rules do with no orders instead: rest, or at lunch and coffee
                        // the compulsory discard (7.2), or on the lake the way back (B&B-8).
                        self.plan(w, &TurnOrders::default(), false, route)
                            .unwrap_or(Plan::Rest)
                    }
                }
            };
            if !matches!(plan, Plan::Walk { .. }) {
                route.clear();
            }
            plans.push(plan);
        }

        // The start of lunch and coffee: the Rucksack's carrier scores (5.1.9, 5.1.10), a
        // finished one too: it still carries it (B&B-15).
        if matches!(special, Special::Lunch | Special::Coffee)
            && let Some(r) = self.rucksack
        {
            let c = usize::from(r.carrier);
            self.walkers[c].points += 2;
            rec.scored(c, Score::RucksackAtBreak, 2);
        }

        // Cards played and money spent at the start of the turn; replacements owed.
        owed.clear();
        owed.resize(n, 0);
        for (w, plan) in plans.iter_mut().enumerate() {
            match plan {
                Plan::Rest => {}
                Plan::Afloat => rec.did(w, Did::Afloat),
                Plan::Walk {
                    card,
                    chocolate,
                    circles,
                    triangles,
                    cut,
                } => {
                    if let Some(problem) = cut {
                        rec.note(w, || format!("route cut short: {problem}"));
                    }
                    self.discard_card(rec, w, *card);
                    owed[w] += 1;
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
                }
                Plan::Tea { discards } => {
                    for &c in discards.iter() {
                        self.discard_card(rec, w, c);
                    }
                    owed[w] += discards.len();
                    self.walkers[w].money -= 1;
                    self.walkers[w].points += 3;
                    rec.scored(w, Score::Tea, 3);
                    rec.did(w, Did::Tea);
                }
                Plan::Ferry { swap, fare, to } => {
                    if let Some(c) = swap {
                        self.discard_card(rec, w, *c);
                        owed[w] += 1;
                    }
                    if *fare {
                        self.walkers[w].money -= 1;
                    }
                    rec.did(
                        w,
                        Did::Ferry {
                            to: *to,
                            landed: false,
                        },
                    );
                }
                Plan::Bus { swap, to } => {
                    if let Some(c) = swap {
                        self.discard_card(rec, w, *c);
                        owed[w] += 1;
                    }
                    self.walkers[w].money -= 1;
                    rec.did(w, Did::Bus { to: *to });
                }
                Plan::Blister { card } => {
                    self.discard_card(rec, w, *card);
                    owed[w] += 1;
                    rec.did(w, Did::Blister);
                }
                Plan::Break {
                    discard: d,
                    replace,
                    tea,
                } => {
                    // One card discarded without replacement (7.2); at a café, cards replaced (7.4).
                    if let Some(c) = d {
                        self.discard_card(rec, w, *c);
                    }
                    for &c in replace.iter() {
                        self.discard_card(rec, w, c);
                    }
                    owed[w] += replace.len();
                    if *tea {
                        self.walkers[w].money -= 1;
                        self.walkers[w].points += 3;
                        rec.scored(w, Score::Tea, 3);
                    }
                    rec.did(w, Did::Break);
                }
            }
        }

        // Movement in 12 sub-turns (4.4). Walkers on a ferry are on the lake until it lands.
        // (Places do not change before the landings below: `self.walkers[w].place` is still
        // where each walker began the turn.)
        at.clear();
        at.extend((0..n).map(|w| match plans[w] {
            Plan::Ferry { .. } => None,
            _ if !was_out[w] => None,
            _ => self.walkers[w].space(),
        }));
        // (sub-turn, spaces moved) of each walker's arrival on its current space; 0 = was there.
        arrived.clear();
        arrived.resize(n, (0, 0));
        claims.clear(); // (target, sub-turn, moved, walker)
        // Nobody ordered a hand-over (10.4): nothing to look for after each sub-turn.
        let mut rucksack_handed = self.rucksack.is_none()
            || !(0..orders.len()).any(|w| orders.get(w).is_some_and(|o| o.rucksack.is_some()));
        for sub_turn in 1..=12u8 {
            for w in 0..n {
                let route = &routes[w];
                if let Some(k) = sub_turns(route.len()).iter().position(|&s| s == sub_turn) {
                    let space = route[k];
                    at[w] = Some(space);
                    arrived[w] = (sub_turn, k as u8 + 1);
                    rec.stepped(w, space, sub_turn);
                    self.claim(claims, w, space, sub_turn, k as u8 + 1);
                }
            }
            if !rucksack_handed {
                rucksack_handed = self.hand_over_rucksack(at, &orders, priority, sub_turn, rec);
            }
        }

        // The end of sub-turn 12: on a shared small space the later arrival goes back (4.5).
        loop {
            let mut crowded: Option<SpaceId> = None;
            for w in 0..n {
                if let Some(s) = at[w]
                    && self.map.is_small(s)
                    && (0..n).any(|v| v != w && at[v] == Some(s))
                {
                    crowded = Some(crowded.map_or(s, |c: SpaceId| c.min(s)));
                }
            }
            let Some(space) = crowded else { break };
            here.clear();
            here.extend((0..n).filter(|&v| at[v] == Some(space)));
            // Earliest arrival first; same sub-turn: furthest moved first; then at random.
            here.sort_by_key(|&v| (arrived[v].0, std::cmp::Reverse(arrived[v].1), priority[v]));
            for &v in &here[1..] {
                let moved = usize::from(arrived[v].1);
                // Back to the previous space, where it arrived at the step before.
                let (back, when) = if moved >= 2 {
                    let k = moved - 2;
                    (routes[v][k], (sub_turns(routes[v].len())[k], k as u8 + 1))
                } else {
                    (
                        self.walkers[v]
                            .space()
                            .expect("a walker that moved was on a space"),
                        (0, 0),
                    )
                };
                at[v] = Some(back);
                arrived[v] = when;
                rec.bumped(v);
            }
        }

        // Ferries land and buses arrive at the end of the turn (8.5); a landing fails on a stop
        // occupied at the end of the turn or sought by another ferry.
        for w in 0..n {
            match plans[w] {
                Plan::Ferry { to, .. } => {
                    let space = self.map.locations[usize::from(to)].space;
                    let contested = (0..n).any(|v| {
                        v != w && matches!(plans[v], Plan::Ferry { to: t, .. } if t == to)
                    });
                    let occupied = (0..n).any(|v| v != w && at[v] == Some(space));
                    let landed = !contested && !occupied;
                    rec.did(w, Did::Ferry { to, landed });
                    if landed {
                        at[w] = Some(space);
                        arrived[w] = (13, 0);
                        self.walkers[w].points += 5;
                        rec.scored(w, Score::Ferry, 5);
                        self.claim(claims, w, space, 13, 0);
                    } else {
                        let boarded = match self.walkers[w].place {
                            Place::At(s) => self.map.spaces[usize::from(s)]
                                .location
                                .expect("ferries leave from stops"),
                            Place::Lake { boarded } => boarded,
                        };
                        self.walkers[w].place = Place::Lake { boarded };
                        rec.note(w, || {
                            format!(
                                "the ferry could not land at {} ({}): still on the lake",
                                self.map.location_id(to),
                                if contested {
                                    "another ferry sought the same stop"
                                } else {
                                    "the stop was occupied"
                                }
                            )
                        });
                    }
                }
                Plan::Bus { to, .. } => {
                    let space = self.map.locations[usize::from(to)].space;
                    at[w] = Some(space);
                    arrived[w] = (13, 0);
                    self.claim(claims, w, space, 13, 0);
                }
                _ => {}
            }
        }
        if !rucksack_handed {
            self.hand_over_rucksack(at, &orders, priority, 13, rec);
        }

        // Targets: first 10, second 7, later 5 (5.1.3–5.1.5), in order of arrival.
        claims.sort_by_key(|&(target, sub_turn, moved, w)| {
            (target, sub_turn, std::cmp::Reverse(moved), priority[w])
        });
        for &(target, _, _, w) in claims.iter() {
            let order = self.target_arrivals[target];
            self.target_arrivals[target] += 1;
            self.walkers[w].reached |= 1 << target;
            let points = match order {
                0 => 10,
                1 => 7,
                _ => 5,
            };
            self.walkers[w].points += points;
            rec.scored(
                w,
                Score::Target {
                    location: self.targets[target],
                    order: order + 1,
                },
                points,
            );
        }

        // Where everyone ends the turn, and what it scores (5.1.1, 5.1.2, 7.3).
        let home = self.map.home_space();
        for w in 0..n {
            if !was_out[w] {
                continue;
            }
            let walker = &mut self.walkers[w];
            if let Some(space) = at[w] {
                walker.place = Place::At(space);
                rec.ended(w, Place::At(space));
                if clock::is_break(turn) || walker.last_space != Some(space) {
                    let points = i32::from(self.map.points(space, start_weather));
                    if points > 0 {
                        walker.points += points;
                        rec.scored(w, Score::Space(space), points);
                    }
                }
                walker.last_space = Some(space);
            } else {
                rec.ended(w, walker.place);
                walker.last_space = None;
            }
            let at_home = at[w] == Some(home);
            walker.home_since = if at_home {
                walker.home_since.or(Some(turn))
            } else {
                None
            };
            if order(w).finish {
                if at_home {
                    // 5.1.12 rewards arriving back early: a walker who has stood in Keswick
                    // since an earlier turn arrived then, whenever it orders `finish` (B&B-9).
                    let arrived = walker.home_since.unwrap_or(turn);
                    walker.finished = Some(arrived);
                    let points = clock::finishing_points(arrived);
                    walker.points += points;
                    rec.scored(w, Score::Finish, points);
                    rec.finished(w);
                } else {
                    rec.note(w, || {
                        "finish: not in Keswick at the end of the turn, the day goes on".into()
                    });
                }
            }
        }

        // Chocolate, bought at the end of the turn at a café, one bar a turn (6.3, 11.2).
        for w in 0..n {
            if !order(w).buy_chocolate || !was_out[w] {
                continue;
            }
            let cafe = at[w]
                .and_then(|s| self.map.location_at(s))
                .is_some_and(|l| l.cafe);
            if !cafe {
                rec.note(w, || {
                    "buy chocolate: not at a café at the end of the turn".into()
                });
            } else if self.walkers[w].money == 0 {
                rec.note(w, || "buy chocolate: no money left".into());
            } else {
                self.walkers[w].money -= 1;
                self.walkers[w].chocolate += 1;
            }
        }

        // Replacement cards (4.3), in seat order, for walkers still out.
        for (w, &owed) in owed.iter().enumerate() {
            if !self.walkers[w].is_out() {
                continue;
            }
            for _ in 0..owed {
                self.deal(w, orders.weather(w), rng, rec);
            }
        }

        self.turn += 1;
        let day_over = self.turn >= TURNS;
        if day_over {
            self.end_of_day(rec);
        }
        rec.turn_ended(day_over);
    }

    /// A card played or discarded: out of the hand, onto the discards.
    fn discard_card(&mut self, rec: &mut impl Recorder, w: usize, card: CardId) {
        self.walkers[w].hand.retain(|&c| c != card);
        self.discards.push(card);
        rec.discarded(w, self.card_kind(card));
    }

    /// Records a walker reaching a target it has not reached before.
    fn claim(
        &self,
        claims: &mut Vec<(usize, u8, u8, usize)>,
        w: usize,
        space: SpaceId,
        sub_turn: u8,
        moved: u8,
    ) {
        let Some(location) = self.map.spaces[usize::from(space)].location else {
            return;
        };
        for (k, &t) in self.targets.iter().enumerate() {
            if t == location
                && self.walkers[w].reached & (1 << k) == 0
                && !claims.iter().any(|c| c.0 == k && c.3 == w)
            {
                claims.push((k, sub_turn, moved, w));
            }
        }
    }

    /// Hands the Rucksack over if its carrier shares a space with a walker and one of them
    /// ordered it (10.4). Returns whether it changed hands.
    fn hand_over_rucksack(
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

    /// 18:00: walkers in Keswick are back (since they arrived), the others lose everything (5.2);
    /// money left and the Rucksack carried home score (5.1.8, 5.1.11).
    fn end_of_day(&mut self, rec: &mut impl Recorder) {
        for (w, walker) in self.walkers.iter_mut().enumerate() {
            if walker.lost {
                continue;
            }
            if walker.finished.is_none() {
                match walker.home_since {
                    Some(t) => {
                        walker.finished = Some(t);
                        let points = clock::finishing_points(t);
                        walker.points += points;
                        rec.scored(w, Score::Finish, points);
                        rec.finished(w);
                    }
                    None => {
                        walker.lost = true;
                        rec.note(w, || {
                            "not back in Keswick by 18:00: every point is lost (5.2)".into()
                        });
                        continue;
                    }
                }
            }
            let money = 2 * i32::from(walker.money);
            if money > 0 {
                walker.points += money;
                rec.scored(w, Score::Money, money);
            }
            if self.rucksack.is_some_and(|r| usize::from(r.carrier) == w) {
                walker.points += 5;
                rec.scored(w, Score::RucksackHome, 5);
            }
        }
    }

    /// A walker's final score: its points, or 0 if it did not get back (5.2).
    pub fn final_points(&self, w: usize) -> i32 {
        let walker = &self.walkers[w];
        if walker.lost { 0 } else { walker.points }
    }

    /// Resolves a whole round: both turns, then the Rucksack vote (10.5), then the next round's
    /// information phase. Orders for the first turn are carried out as checked; the second
    /// turn's are re-checked from where each walker really is.
    pub fn resolve_round(&self, orders: &[RoundOrders], rng: &mut Rng) -> (Day, Vec<TurnOutcome>) {
        let mut day = self.clone();
        let mut outcomes = Vec::new();
        day.advance_round(orders, rng, &mut outcomes, &mut Scratch::default());
        (day, outcomes)
    }

    /// The round in place: what [`Day::resolve_round`] does, telling `rec` what happens (a
    /// `Vec<TurnOutcome>` gets one outcome a turn; `()` nothing), with buffers the caller keeps.
    /// The hot path of tournaments and searches, without a second copy of the rules.
    pub fn advance_round(
        &mut self,
        orders: &[RoundOrders],
        rng: &mut Rng,
        rec: &mut impl Recorder,
        scratch: &mut Scratch,
    ) {
        for k in 0..2 {
            if self.is_over() {
                break;
            }
            self.advance_turn(TurnOrdersOf::Round(orders, k), rng, rec, scratch);
            if k == 1
                && let Some(m) = self.cast_votes(orders)
            {
                rec.rucksack(m);
            }
        }
        if !self.is_over() {
            self.open_round(rng);
        }
    }

    /// The Rucksack vote at the end of a round, once its carrier has held it 80 minutes (10.5):
    /// most votes wins; a tie goes to the carrier's vote, or stays with the carrier.
    pub fn vote(&mut self, orders: &[RoundOrders], moves: &mut Vec<RucksackMove>) {
        moves.extend(self.cast_votes(orders));
    }

    /// [`Day::vote`], returning the Rucksack's move if it changes hands.
    fn cast_votes(&mut self, orders: &[RoundOrders]) -> Option<RucksackMove> {
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

/// A turn's orders as the adjudication reads them: a turn's list, with each walker's weather
/// choice, or turn `k` of a round's orders (read in place, not copied out).
#[derive(Clone, Copy)]
enum TurnOrdersOf<'a> {
    Turn(&'a [TurnOrders], &'a [WeatherChoice]),
    Round(&'a [RoundOrders], usize),
}

impl<'a> TurnOrdersOf<'a> {
    fn len(&self) -> usize {
        match self {
            TurnOrdersOf::Turn(orders, _) => orders.len(),
            TurnOrdersOf::Round(orders, _) => orders.len(),
        }
    }

    fn get(&self, w: usize) -> Option<&'a TurnOrders> {
        match *self {
            TurnOrdersOf::Turn(orders, _) => orders.get(w),
            TurnOrdersOf::Round(orders, k) => orders.get(w).map(|o| &o.turns[k]),
        }
    }

    /// The walker's weather choice for the cards it draws (9.1).
    fn weather(&self, w: usize) -> WeatherChoice {
        match *self {
            TurnOrdersOf::Turn(_, weather) => weather.get(w).copied().unwrap_or_default(),
            TurnOrdersOf::Round(orders, _) => orders.get(w).map(|o| o.weather).unwrap_or_default(),
        }
    }
}

/// Buffers a turn's adjudication keeps from one turn to the next (see [`Day::advance_round`]).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    plans: Vec<Plan>,
    priority: Vec<u32>,
    owed: Vec<usize>,
    routes: Vec<Vec<SpaceId>>,
    at: Vec<Option<SpaceId>>,
    arrived: Vec<(u8, u8)>,
    claims: Vec<(usize, u8, u8, usize)>,
    was_out: Vec<bool>,
    here: Vec<usize>,
}

/// What a turn's adjudication tells as it goes: the outcome for reports ([`TurnOutcome`], or a
/// `Vec<TurnOutcome>` for a round) or nothing (`()`, for simulations, where it all compiles
/// away). Notes are written only for a recorder that keeps them.
pub trait Recorder {
    /// A turn begins, on the day as it is before anything changes.
    fn turn_began(&mut self, _day: &Day) {}
    /// What walker `w` did (told again when a ferry's landing is known).
    fn did(&mut self, _w: usize, _did: Did) {}
    /// Something that did not happen as ordered, and why.
    fn note(&mut self, _w: usize, _text: impl FnOnce() -> String) {}
    fn scored(&mut self, _w: usize, _score: Score, _points: i32) {}
    fn stepped(&mut self, _w: usize, _space: SpaceId, _sub_turn: u8) {}
    fn bumped(&mut self, _w: usize) {}
    fn drew(&mut self, _w: usize, _card: CardKind) {}
    fn discarded(&mut self, _w: usize, _card: CardKind) {}
    fn finished(&mut self, _w: usize) {}
    /// Where walker `w` ends the turn.
    fn ended(&mut self, _w: usize, _place: Place) {}
    fn rucksack(&mut self, _move: RucksackMove) {}
    fn weather_changed(&mut self, _w: usize, _weather: Weather) {}
    fn turn_ended(&mut self, _day_over: bool) {}
}

impl Recorder for () {}

impl TurnOutcome {
    /// An outcome to be filled in by [`Recorder::turn_began`].
    fn empty() -> TurnOutcome {
        TurnOutcome {
            turn: 0,
            weather: Weather::Sunny,
            walkers: Vec::new(),
            rucksack: Vec::new(),
            weather_changes: Vec::new(),
            day_over: false,
        }
    }
}

impl Recorder for TurnOutcome {
    fn turn_began(&mut self, day: &Day) {
        self.turn = day.turn;
        self.weather = day.weather;
        self.walkers = day
            .walkers
            .iter()
            .map(|wk| WalkerTurn {
                from: wk.place,
                to: wk.place,
                did: if wk.is_out() { Did::Rested } else { Did::Off },
                steps: Vec::new(),
                bumped: false,
                scores: Vec::new(),
                drew: Vec::new(),
                discarded: Vec::new(),
                notes: Vec::new(),
                finished: false,
            })
            .collect();
    }
    fn did(&mut self, w: usize, did: Did) {
        self.walkers[w].did = did;
    }
    fn note(&mut self, w: usize, text: impl FnOnce() -> String) {
        self.walkers[w].notes.push(text());
    }
    fn scored(&mut self, w: usize, score: Score, points: i32) {
        self.walkers[w].scores.push((score, points));
    }
    fn stepped(&mut self, w: usize, space: SpaceId, sub_turn: u8) {
        self.walkers[w].steps.push((space, sub_turn));
    }
    fn bumped(&mut self, w: usize) {
        self.walkers[w].bumped = true;
    }
    fn drew(&mut self, w: usize, card: CardKind) {
        self.walkers[w].drew.push(card);
    }
    fn discarded(&mut self, w: usize, card: CardKind) {
        self.walkers[w].discarded.push(card);
    }
    fn finished(&mut self, w: usize) {
        self.walkers[w].finished = true;
    }
    fn ended(&mut self, w: usize, place: Place) {
        self.walkers[w].to = place;
    }
    fn rucksack(&mut self, m: RucksackMove) {
        self.rucksack.push(m);
    }
    fn weather_changed(&mut self, w: usize, weather: Weather) {
        self.weather_changes.push((w as u8, weather));
    }
    fn turn_ended(&mut self, day_over: bool) {
        self.day_over = day_over;
    }
}

/// A round's outcomes, one a turn.
impl Recorder for Vec<TurnOutcome> {
    fn turn_began(&mut self, day: &Day) {
        let mut outcome = TurnOutcome::empty();
        outcome.turn_began(day);
        self.push(outcome);
    }
    fn did(&mut self, w: usize, did: Did) {
        self.last_mut().expect("a turn began").did(w, did);
    }
    fn note(&mut self, w: usize, text: impl FnOnce() -> String) {
        self.last_mut().expect("a turn began").note(w, text);
    }
    fn scored(&mut self, w: usize, score: Score, points: i32) {
        self.last_mut()
            .expect("a turn began")
            .scored(w, score, points);
    }
    fn stepped(&mut self, w: usize, space: SpaceId, sub_turn: u8) {
        self.last_mut()
            .expect("a turn began")
            .stepped(w, space, sub_turn);
    }
    fn bumped(&mut self, w: usize) {
        self.last_mut().expect("a turn began").bumped(w);
    }
    fn drew(&mut self, w: usize, card: CardKind) {
        self.last_mut().expect("a turn began").drew(w, card);
    }
    fn discarded(&mut self, w: usize, card: CardKind) {
        self.last_mut().expect("a turn began").discarded(w, card);
    }
    fn finished(&mut self, w: usize) {
        self.last_mut().expect("a turn began").finished(w);
    }
    fn ended(&mut self, w: usize, place: Place) {
        self.last_mut().expect("a turn began").ended(w, place);
    }
    fn rucksack(&mut self, m: RucksackMove) {
        self.last_mut().expect("a turn began").rucksack(m);
    }
    fn weather_changed(&mut self, w: usize, weather: Weather) {
        self.last_mut()
            .expect("a turn began")
            .weather_changed(w, weather);
    }
    fn turn_ended(&mut self, day_over: bool) {
        self.last_mut().expect("a turn began").turn_ended(day_over);
    }
}

impl Weather {
    pub fn other(self) -> Weather {
        match self {
            Weather::Sunny => Weather::Cloudy,
            Weather::Cloudy => Weather::Sunny,
        }
    }
}

/// "1 circle", "2 circles".
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The circles and triangles a card gives: less one of each for the Heavy Rucksack's carrier
/// (10.1), then doubled by a bar of chocolate (6.4, 10.2). Not a walking card: none.
pub fn card_symbols(card: CardKind, carrier: bool, chocolate: bool) -> (u8, u8) {
    let CardKind::Walk { circles, triangles } = card else {
        return (0, 0);
    };
    let (mut c, mut t) = (circles, triangles);
    if carrier {
        c = c.saturating_sub(1);
        t = t.saturating_sub(1);
    }
    if chocolate { (c * 2, t * 2) } else { (c, t) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Seed;

    fn keswick_day(walkers: usize, seed: u64) -> Day {
        let map = Arc::new(Map::keswick());
        let deck = Arc::new(Deck::keswick(&map));
        Day::new(map, deck, walkers, &mut Seed(seed).rng(0))
    }

    #[test]
    fn bb_2_1_five_distinct_targets_drawn_from_the_cards() {
        for seed in 0..50 {
            let day = keswick_day(4, seed);
            assert_eq!(day.targets.len(), 5);
            let mut t = day.targets.clone();
            t.sort();
            t.dedup();
            assert_eq!(t.len(), 5, "distinct");
            assert!(
                !day.targets.contains(&day.map.home),
                "Keswick is never a target"
            );
            for &l in &day.targets {
                assert!(
                    day.deck
                        .cards
                        .iter()
                        .any(|c| matches!(c, Card::Walk { names, .. } if *names == l)),
                    "a target is named by a card"
                );
            }
        }
        assert_ne!(
            keswick_day(4, 1).targets,
            keswick_day(4, 2).targets,
            "targets are drawn at random"
        );
        assert_eq!(
            keswick_day(4, 1).targets,
            keswick_day(4, 1).targets,
            "from the seed"
        );
    }

    #[test]
    fn bb_2_2_and_2_3_sunny_start_four_cards_in_keswick() {
        for seed in 0..50 {
            let day = keswick_day(6, seed);
            assert_eq!(
                day.weather,
                Weather::Sunny,
                "2.2 (a weather card dealt at set-up is discarded)"
            );
            for w in &day.walkers {
                assert_eq!(w.hand.len(), 4, "2.3");
                assert_eq!(
                    w.place,
                    Place::At(day.map.home_space()),
                    "1.1: the day starts in Keswick"
                );
                assert!(
                    w.hand
                        .iter()
                        .all(|&c| matches!(day.deck.card(c), Card::Walk { .. } | Card::Blister))
                );
                assert_eq!(w.money, day.deck.starting_money);
            }
        }
    }

    #[test]
    fn bb_3_1_1_the_card_to_come_is_dealt_at_the_start_of_the_round_and_drawn_first() {
        let day = keswick_day(3, 11);
        for w in &day.walkers {
            assert!(w.next_card.is_some(), "every walker knows its next card");
        }
        let next = day.walkers[0].next_card.unwrap();
        let card = day.card_kind(day.walkers[0].hand[0]);
        let orders = vec![
            TurnOrders {
                action: Action::Walk {
                    card,
                    chocolate: false,
                    waypoints: vec![],
                },
                ..TurnOrders::default()
            },
            TurnOrders::default(),
            TurnOrders::default(),
        ];
        let (after, outcome) =
            day.resolve_turn(&orders, &[WeatherChoice::Discard; 3], &mut Seed(1).rng(1));
        assert_eq!(
            outcome.walkers[0].drew.first(),
            Some(&day.card_kind(next)),
            "the revealed card is the one drawn"
        );
        assert!(
            after.walkers[0].next_card.is_none(),
            "used up until the next round's information phase"
        );
        assert_eq!(
            after.walkers[1].next_card, day.walkers[1].next_card,
            "a walker that drew nothing keeps its card to come"
        );
    }

    #[test]
    fn bb_11_2_one_bar_of_chocolate_a_turn() {
        let day = keswick_day(1, 3);
        let orders =
            crate::orders::parse_round_orders("1: rest; buy chocolate", &day.map, &["ann".into()])
                .unwrap();
        let (after, _) = day.resolve_turn(
            &[orders.turns[0].clone()],
            &[WeatherChoice::Discard],
            &mut Seed(1).rng(1),
        );
        assert_eq!(after.walkers[0].chocolate, 1);
        assert_eq!(after.walkers[0].money, day.walkers[0].money - 1);
    }

    #[test]
    fn bb_5_1_10_rucksack_at_the_coffee_break() {
        let mut day = keswick_day(2, 5);
        day.turn = clock::COFFEE;
        day.rucksack = Some(Rucksack {
            carrier: 1,
            since: 0,
        });
        let before = day.walkers[1].points;
        let (after, outcome) = day.resolve_turn(
            &[TurnOrders::default(), TurnOrders::default()],
            &[WeatherChoice::Discard; 2],
            &mut Seed(1).rng(1),
        );
        assert!(
            outcome.walkers[1]
                .scores
                .contains(&(Score::RucksackAtBreak, 2))
        );
        assert!(after.walkers[1].points >= before + 2);
        assert_eq!(
            after.walkers[0].hand.len(),
            3,
            "7.2: one card discarded at the break"
        );
    }
}
