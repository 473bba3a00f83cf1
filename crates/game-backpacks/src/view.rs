//! What one viewer may see of a day (3.1.1, the information phase): every walker's position,
//! points and targets reached; its own hand, the card to come, money and chocolate. Reports and
//! bots see a day through this view only.

use std::sync::Arc;

use game_api::{Seat, Viewer};

use crate::Weather;
use crate::day::{Day, Place, Rucksack};
use crate::deck::{CardKind, Deck};
use crate::map::{LocationId, Map};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secrets {
    pub hand: Vec<CardKind>,
    pub next_card: Option<CardKind>,
    pub money: u8,
    pub chocolate: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkerView {
    pub place: Place,
    pub points: i32,
    pub reached: u8,
    pub finished: Option<u8>,
    pub lost: bool,
    pub hand_size: usize,
    /// Where it ended the last turn, and since when it has stood in Keswick (public).
    pub last_space: Option<crate::map::SpaceId>,
    pub home_since: Option<u8>,
    /// The walker's own cards and purse, where the viewer may see them.
    pub secrets: Option<Secrets>,
}

impl WalkerView {
    pub fn is_out(&self) -> bool {
        self.finished.is_none() && !self.lost
    }
}

#[derive(Clone, Debug)]
pub struct DayView {
    pub map: Arc<Map>,
    /// The deck's list of cards (public data; where each card is, is not).
    pub deck: Arc<Deck>,
    pub viewer: Viewer,
    pub turn: u8,
    pub weather: Weather,
    pub targets: Vec<LocationId>,
    pub target_arrivals: Vec<u8>,
    pub rucksack: Option<Rucksack>,
    pub walkers: Vec<WalkerView>,
}

impl Day {
    pub fn view(&self, viewer: Viewer) -> DayView {
        DayView {
            map: self.map.clone(),
            deck: self.deck.clone(),
            viewer,
            turn: self.turn,
            weather: self.weather,
            targets: self.targets.clone(),
            target_arrivals: self.target_arrivals.clone(),
            rucksack: self.rucksack,
            walkers: self
                .walkers
                .iter()
                .enumerate()
                .map(|(w, walker)| WalkerView {
                    place: walker.place,
                    points: walker.points,
                    reached: walker.reached,
                    finished: walker.finished,
                    lost: walker.lost,
                    hand_size: walker.hand.len(),
                    last_space: walker.last_space,
                    home_since: walker.home_since,
                    secrets: viewer.sees_secrets_of(Seat(w as u8)).then(|| Secrets {
                        hand: walker.hand.iter().map(|&c| self.card_kind(c)).collect(),
                        next_card: walker.next_card.map(|c| self.card_kind(c)),
                        money: walker.money,
                        chocolate: walker.chocolate,
                    }),
                })
                .collect(),
        }
    }
}
