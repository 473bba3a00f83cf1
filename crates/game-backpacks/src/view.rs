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

/// The day now as `viewer` may see it, as JSON: what the API's game state shows.
pub fn day_json(
    table: &game_api::Table<'_, crate::Backpacks>,
    viewer: Viewer,
) -> serde_json::Value {
    use crate::clock;
    use crate::scenario::{place_json, weather_name};
    use serde_json::json;
    let day = table.state.expect("a day begins at once");
    let walkers = table.seats;
    let view = day.view(viewer);
    json!({
        "game": "backpacks",
        "turn": table.turn(),
        "time": day.clock_text(),
        "over": day.is_over(),
        "weather": weather_name(view.weather),
        "targets": view.targets.iter().zip(&view.target_arrivals).map(|(&t, &n)| json!({
            "location": day.map.location_id(t),
            "reached": n,
        })).collect::<Vec<_>>(),
        "rucksack": view.rucksack.map(|r| walkers[usize::from(r.carrier)].clone()),
        "walkers": view.walkers.iter().enumerate().map(|(w, walker)| json!({
            "name": walkers[w],
            "at": place_json(&day.map, walker.place),
            "at_text": crate::report::place_text(day, walker.place),
            "points": walker.points,
            "reached": walker.reached,
            "finished": walker.finished.map(clock::time_text),
            "lost": walker.lost,
            "hand_size": walker.hand_size,
            "hand": walker.secrets.as_ref().map(|s| s.hand.iter().map(|c| c.to_string()).collect::<Vec<_>>()),
            "next_card": walker.secrets.as_ref().and_then(|s| s.next_card.map(|c| c.to_string())),
            "money": walker.secrets.as_ref().map(|s| s.money),
            "money_text": walker.secrets.as_ref().map(|s| crate::report::money_text(s.money)),
            "chocolate": walker.secrets.as_ref().map(|s| s.chocolate),
        })).collect::<Vec<_>>(),
        // The seat's own legal moves for the coming turn (the list the order form offers).
        "moves": crate::moves::Standing::from_view(&view).map(|standing| {
            crate::moves::legal_moves(&day.map, &standing)
                .iter()
                .map(|m| moves_json(&day.map, m, view.weather))
                .collect::<Vec<_>>()
        }),
    })
}

/// One legal move as JSON: its order text, what kind it is, the card, and where it ends.
fn moves_json(map: &Map, m: &crate::moves::Move, weather: crate::Weather) -> serde_json::Value {
    use crate::orders::Action;
    let (kind, card, chocolate) = match &m.action {
        Action::Rest => ("rest", None, false),
        Action::Walk {
            card, chocolate, ..
        } => ("walk", Some(card.to_string()), *chocolate),
        Action::Tea { .. } => ("tea", None, false),
        Action::Ferry { .. } => ("ferry", None, false),
        Action::Bus { .. } => ("bus", None, false),
        Action::Blister => ("blister", None, false),
    };
    serde_json::json!({
        "order": m.text(map),
        "kind": kind,
        "card": card,
        "chocolate": chocolate,
        "to": m.end.map(|s| map.space_id(s)),
        "to_name": m.end.and_then(|s| map.location_at(s)).map(|l| l.name.clone()),
        "points": m.end.map(|s| map.points(s, weather)),
    })
}
