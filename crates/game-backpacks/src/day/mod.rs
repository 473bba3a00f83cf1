//! The state of a day's walk and its adjudication, turn by turn (rules 2–11). Pure: a day, the
//! walkers' orders and a random stream give the next day and what happened.
//!
//! A turn is a sequence of rule-named steps ([`turn`] lists them in order); each step lives
//! with its rule:
//!
//! | rules | file |
//! |---|---|
//! | 3.1, B&B-7, B&B-11: a turn and a round, step by step | `turn.rs` |
//! | what orders come to, checked (B&B-7, B&B-18); 4.1, 4.2, 11.1: routes | `plan.rs` |
//! | 3.1.1, 4.3, 9.1, 9.2, 10.1, B&B-10, B&B-16: dealing, playing and replacing cards | `cards.rs` |
//! | 4.4 sub-turns, 4.5 bump-backs, 4.6 | `walking.rs` |
//! | 6.2 tea, 6.3 chocolate, 11.2 (B&B-13) | `cafe.rs` |
//! | 7.1–7.4 lunch and coffee | `breaks.rs` |
//! | 8.1–8.5 ferries, buses, the lake (B&B-8, B&B-14) | `transport.rs` |
//! | 5.1.1–5.1.5, 7.3: spaces and targets scored | `scoring.rs` |
//! | 5.1.8, 5.1.11, 5.1.12, 5.2: finishing and 18:00 (B&B-9) | `finish.rs` |
//! | 10.1–10.5: the Heavy Rucksack (B&B-15) | `rucksack.rs` |
//! | what a turn tells as it goes (reports, or nothing) | `recorder.rs` |

mod breaks;
mod cafe;
mod cards;
mod finish;
mod plan;
mod recorder;
mod rucksack;
mod scoring;
mod transport;
mod turn;
mod walking;

pub use recorder::Recorder;
pub use turn::Scratch;

use std::sync::Arc;

use game_api::Rng;
use rand::seq::SliceRandom;

use crate::clock::{self, TURNS};
use crate::deck::{Card, CardId, CardKind, Deck};
use crate::map::{LocationId, Map, SpaceId};
use crate::orders::WeatherChoice;
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
    pub notes: Vec<Note>,
    pub finished: bool,
}

/// Something that did not happen as ordered, and why: facts, so that each report writes them
/// in its reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The orders could not be carried out as a whole: the walker rests or takes its break
    /// (`problem`: the order checker's own reason).
    NotCarriedOut { problem: locale::Phrase },
    /// The walk stopped where the route could go no further.
    RouteCutShort { problem: locale::Phrase },
    /// "finish" ordered away from Keswick: the day goes on.
    FinishAway,
    /// Not back in Keswick by 18:00: every point is lost (1.3, 5.2). Public.
    NotBack,
    /// "buy chocolate" away from a café.
    ChocolateNoCafe,
    /// "buy chocolate" with an empty purse.
    ChocolateNoMoney,
    /// A ferry that could not land at `to`: the walker stays on the lake. Public.
    FerryNotLanded { to: LocationId, contested: bool },
}

impl Note {
    /// Whether every reader is told it, not only the walker and the GM.
    pub fn is_public(&self) -> bool {
        matches!(self, Note::NotBack | Note::FerryNotLanded { .. })
    }
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

    /// A walker's final score: its points, or 0 if it did not get back (5.2).
    pub fn final_points(&self, w: usize) -> i32 {
        let walker = &self.walkers[w];
        if walker.lost { 0 } else { walker.points }
    }

    /// Each walker's place (B&B-17, B&B-25): walkers back in Keswick by their final points,
    /// those level sharing a place; a walker not back has lost the game (5.2) and ranks below
    /// every walker who is back, whatever their points, the walkers not back sharing the place
    /// after them. The place every table and sentence of a report gives, and the season's.
    pub fn places(&self) -> Vec<u16> {
        game_api::season::places_from_scores(&self.standings())
    }

    /// What [`Day::places`] ranks by, higher is better: a walker's points if it is back in
    /// Keswick, −∞ if it is not (5.2: it has lost the game, whatever the others scored).
    pub fn standings(&self) -> Vec<f64> {
        self.walkers
            .iter()
            .map(|walker| {
                if walker.lost {
                    f64::NEG_INFINITY
                } else {
                    f64::from(walker.points)
                }
            })
            .collect()
    }

    /// The walkers best first, by [`Day::places`], those sharing a place in seating order.
    pub fn ranking(&self) -> Vec<usize> {
        let places = self.places();
        let mut order: Vec<usize> = (0..self.walkers.len()).collect();
        order.sort_by_key(|&w| (places[w], w));
        order
    }

    /// The walkers in first place and back in Keswick, in seating order: the day's winners
    /// once it is over (none when nobody got back, 5.2), the leaders before.
    pub fn winners(&self) -> Vec<usize> {
        let places = self.places();
        (0..self.walkers.len())
            .filter(|&w| places[w] == 1 && !self.walkers[w].lost)
            .collect()
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
mod tests;
