//! What one viewer may see of a day (3.1.1, the information phase): every walker's position,
//! points and targets reached; its own hand, the card to come, money and chocolate. Reports and
//! bots see a day through this view only.

use std::sync::Arc;

use game_api::{Seat, Viewer};

use crate::Weather;
use crate::day::{Day, Place, Rucksack, Walker};
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

/// What one viewer may see of a day, read in place: the same visibility as [`DayView`] (which
/// is made from it, [`DayViewRef::to_view`]) without copying the day. Bots read a day through
/// it; [`DayViewRef::secrets`] is the one place that decides whose cards and purse show.
#[derive(Clone, Copy)]
pub struct DayViewRef<'a> {
    pub map: &'a Arc<Map>,
    /// The deck's list of cards (public data; where each card is, is not).
    pub deck: &'a Arc<Deck>,
    pub viewer: Viewer,
    pub turn: u8,
    pub weather: Weather,
    pub targets: &'a [LocationId],
    pub target_arrivals: &'a [u8],
    pub rucksack: Option<Rucksack>,
    /// Every walker: read only through `walker` and `secrets`.
    walkers: Walkers<'a>,
}

/// The walkers a borrowed view reads: a day's (cards included: `secrets` decides what shows),
/// or an owned view's (what it shows was decided when it was made).
#[derive(Clone, Copy)]
enum Walkers<'a> {
    Day(&'a [Walker]),
    View(&'a [WalkerView]),
}

/// What everybody sees of a walker (3.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicWalker {
    pub place: Place,
    pub points: i32,
    pub reached: u8,
    pub finished: Option<u8>,
    pub lost: bool,
    pub hand_size: usize,
    /// Where it ended the last turn, and since when it has stood in Keswick (public).
    pub last_space: Option<crate::map::SpaceId>,
    pub home_since: Option<u8>,
}

impl PublicWalker {
    pub fn is_out(&self) -> bool {
        self.finished.is_none() && !self.lost
    }
}

/// A walker's own cards and purse, as its owner (or the GM) sees them, read in place.
#[derive(Clone, Copy, Debug)]
pub struct SecretsRef<'a> {
    deck: &'a Deck,
    /// The hand as card ids (read from a day) or as kinds (read from an owned view).
    hand: &'a [crate::deck::CardId],
    kinds: &'a [CardKind],
    pub next_card: Option<CardKind>,
    pub money: u8,
    pub chocolate: u8,
}

impl<'a> SecretsRef<'a> {
    /// The cards in the hand, in the hand's order.
    pub fn hand(&self) -> impl Iterator<Item = CardKind> + 'a {
        let deck = self.deck;
        self.hand
            .iter()
            .map(move |&c| deck.card(c).kind())
            .chain(self.kinds.iter().copied())
    }

    pub fn to_secrets(&self) -> Secrets {
        Secrets {
            hand: self.hand().collect(),
            next_card: self.next_card,
            money: self.money,
            chocolate: self.chocolate,
        }
    }
}

/// What the viewer sees, and no more (a derived `Debug` would print every hand).
impl std::fmt::Debug for DayViewRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DayViewRef")
            .field("viewer", &self.viewer)
            .field("turn", &self.turn)
            .field("weather", &self.weather)
            .field("targets", &self.targets)
            .field("target_arrivals", &self.target_arrivals)
            .field("rucksack", &self.rucksack)
            .field("walkers", &self.walkers().collect::<Vec<_>>())
            .field(
                "secrets",
                &(0..self.walker_count())
                    .filter_map(|w| self.secrets(w).map(|s| (w, s.to_secrets())))
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl<'a> DayViewRef<'a> {
    pub fn walker_count(&self) -> usize {
        match self.walkers {
            Walkers::Day(walkers) => walkers.len(),
            Walkers::View(walkers) => walkers.len(),
        }
    }

    /// What everybody sees of walker `w`.
    pub fn walker(&self, w: usize) -> PublicWalker {
        match self.walkers {
            Walkers::Day(walkers) => {
                let walker = &walkers[w];
                PublicWalker {
                    place: walker.place,
                    points: walker.points,
                    reached: walker.reached,
                    finished: walker.finished,
                    lost: walker.lost,
                    hand_size: walker.hand.len(),
                    last_space: walker.last_space,
                    home_since: walker.home_since,
                }
            }
            Walkers::View(walkers) => {
                let walker = &walkers[w];
                PublicWalker {
                    place: walker.place,
                    points: walker.points,
                    reached: walker.reached,
                    finished: walker.finished,
                    lost: walker.lost,
                    hand_size: walker.hand_size,
                    last_space: walker.last_space,
                    home_since: walker.home_since,
                }
            }
        }
    }

    /// Every walker as everybody sees it, in seat order.
    pub fn walkers(&self) -> impl Iterator<Item = PublicWalker> + '_ {
        (0..self.walker_count()).map(|w| self.walker(w))
    }

    /// Walker `w`'s cards and purse, where the viewer may see them.
    pub fn secrets(&self, w: usize) -> Option<SecretsRef<'a>> {
        match self.walkers {
            Walkers::Day(walkers) => {
                let walker = &walkers[w];
                self.viewer
                    .sees_secrets_of(Seat(w as u8))
                    .then_some(SecretsRef {
                        deck: self.deck,
                        hand: &walker.hand,
                        kinds: &[],
                        next_card: walker.next_card.map(|c| self.deck.card(c).kind()),
                        money: walker.money,
                        chocolate: walker.chocolate,
                    })
            }
            // An owned view holds the secrets its viewer may see, and no others.
            Walkers::View(walkers) => walkers[w].secrets.as_ref().map(|s| SecretsRef {
                deck: self.deck,
                hand: &[],
                kinds: &s.hand,
                next_card: s.next_card,
                money: s.money,
                chocolate: s.chocolate,
            }),
        }
    }

    /// The view as an owned copy.
    pub fn to_view(&self) -> DayView {
        DayView {
            map: self.map.clone(),
            deck: self.deck.clone(),
            viewer: self.viewer,
            turn: self.turn,
            weather: self.weather,
            targets: self.targets.to_vec(),
            target_arrivals: self.target_arrivals.to_vec(),
            rucksack: self.rucksack,
            walkers: (0..self.walker_count())
                .map(|w| {
                    let p = self.walker(w);
                    WalkerView {
                        place: p.place,
                        points: p.points,
                        reached: p.reached,
                        finished: p.finished,
                        lost: p.lost,
                        hand_size: p.hand_size,
                        last_space: p.last_space,
                        home_since: p.home_since,
                        secrets: self.secrets(w).map(|s| s.to_secrets()),
                    }
                })
                .collect(),
        }
    }
}

impl Day {
    /// The day as `viewer` may see it, read in place.
    pub fn view_ref(&self, viewer: Viewer) -> DayViewRef<'_> {
        DayViewRef {
            map: &self.map,
            deck: &self.deck,
            viewer,
            turn: self.turn,
            weather: self.weather,
            targets: &self.targets,
            target_arrivals: &self.target_arrivals,
            rucksack: self.rucksack,
            walkers: Walkers::Day(&self.walkers),
        }
    }

    /// The day as `viewer` may see it, copied.
    pub fn view(&self, viewer: Viewer) -> DayView {
        self.view_ref(viewer).to_view()
    }
}

impl DayView {
    /// This owned view read as a borrowed one (what bots read), showing what it holds.
    pub fn as_view_ref(&self) -> DayViewRef<'_> {
        DayViewRef {
            map: &self.map,
            deck: &self.deck,
            viewer: self.viewer,
            turn: self.turn,
            weather: self.weather,
            targets: &self.targets,
            target_arrivals: &self.target_arrivals,
            rucksack: self.rucksack,
            walkers: Walkers::View(&self.walkers),
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

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Seed;

    #[test]
    fn bb_3_1_1_a_borrowed_view_shows_a_walkers_cards_to_its_owner_only() {
        let map = Arc::new(Map::keswick());
        let deck = Arc::new(Deck::keswick(&map));
        let day = Day::new(map, deck, 3, &mut Seed(4).rng(0));
        for (viewer, sees) in [
            (Viewer::Seat(Seat(1)), [false, true, false]),
            (Viewer::Gm, [true, true, true]),
            (Viewer::Public, [false, false, false]),
        ] {
            let view = day.view_ref(viewer);
            for (w, &sees) in sees.iter().enumerate() {
                let secrets = view.secrets(w);
                assert_eq!(secrets.is_some(), sees, "{viewer:?} and walker {w}");
                if let Some(s) = secrets {
                    let hand: Vec<CardKind> = s.hand().collect();
                    let want: Vec<CardKind> = day.walkers[w]
                        .hand
                        .iter()
                        .map(|&c| day.card_kind(c))
                        .collect();
                    assert_eq!(hand, want);
                }
                assert_eq!(view.walker(w).hand_size, day.walkers[w].hand.len());
            }
            // The owned view is the borrowed one, copied.
            let owned = day.view(viewer);
            assert_eq!(owned.walkers.len(), view.walker_count());
            for (w, v) in owned.walkers.iter().enumerate() {
                assert_eq!(v.secrets, view.secrets(w).map(|s| s.to_secrets()));
                assert_eq!(v.place, view.walker(w).place);
            }
        }
    }
}
