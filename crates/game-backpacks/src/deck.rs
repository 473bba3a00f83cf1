//! The deck as data: walking cards (circles, triangles and the location each names), weather
//! cards, blister cards and the Heavy Rucksack; and the money each walker starts with. A GM can
//! replace it (`docs/backpacks-data.md`); the default is `data/keswick-deck.toml`.

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;
use toml::Spanned;

use crate::map::{DataError, LocationId, Map, line_in, parse_toml};
use locale::phrase;

pub const DECK_FORMAT: &str = "postrider-backpacks-deck";
pub const DECK_VERSION: u32 = 1;

/// One card of the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// A walking card: so many circles and triangles (4.1); it also names a location, which is
    /// how the day's targets are drawn (2.1).
    Walk {
        circles: u8,
        triangles: u8,
        names: LocationId,
    },
    /// Switch the weather Sunny ⇄ Cloudy, or discard it (9.1).
    Weather,
    /// A blister: stays in the hand until discarded; played, the walker does not move (9.2).
    Blister,
    /// The Heavy Rucksack (10.1): into play as soon as it is drawn.
    Rucksack,
}

impl Card {
    pub fn kind(self) -> CardKind {
        match self {
            Card::Walk {
                circles, triangles, ..
            } => CardKind::Walk { circles, triangles },
            Card::Weather => CardKind::Weather,
            Card::Blister => CardKind::Blister,
            Card::Rucksack => CardKind::Rucksack,
        }
    }
}

/// A card as a player names it: `4+2` (circles+triangles), `weather`, `blister`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardKind {
    Walk { circles: u8, triangles: u8 },
    Weather,
    Blister,
    Rucksack,
}

impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardKind::Walk { circles, triangles } => write!(f, "{circles}+{triangles}"),
            CardKind::Weather => f.write_str("weather"),
            CardKind::Blister => f.write_str("blister"),
            CardKind::Rucksack => f.write_str("rucksack"),
        }
    }
}

impl CardKind {
    /// The card as a reader names it: a walking card by its symbols (as orders write it), the
    /// others by name in the reader's language.
    pub fn phrase(self) -> locale::Phrase {
        match self {
            CardKind::Walk { .. } => locale::Phrase::verbatim(self.to_string()),
            CardKind::Weather => locale::Phrase::new("bb-card-weather"),
            CardKind::Blister => locale::Phrase::new("bb-card-blister"),
            CardKind::Rucksack => locale::Phrase::new("bb-card-rucksack"),
        }
    }
}

impl FromStr for CardKind {
    type Err = String;
    fn from_str(s: &str) -> Result<CardKind, String> {
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "weather" => return Ok(CardKind::Weather),
            "blister" => return Ok(CardKind::Blister),
            "rucksack" => return Ok(CardKind::Rucksack),
            _ => {}
        }
        let parsed = lower
            .split_once('+')
            .and_then(|(c, t)| Some((c.parse().ok()?, t.parse().ok()?)));
        match parsed {
            Some((circles, triangles)) => Ok(CardKind::Walk { circles, triangles }),
            None => Err(format!(
                "{s:?} is not a card (write circles+triangles such as 4+2, or weather, or blister)"
            )),
        }
    }
}

/// A checked deck.
#[derive(Clone, Debug, PartialEq)]
pub struct Deck {
    pub name: String,
    pub cards: Vec<Card>,
    /// Money each walker starts with, in 50p pieces.
    pub starting_money: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    format: String,
    version: u32,
    name: String,
    starting_money: u8,
    #[serde(default)]
    weather: u8,
    #[serde(default)]
    blisters: u8,
    #[serde(default)]
    rucksack: bool,
    walking: Vec<Spanned<WalkingFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WalkingFile {
    circles: u8,
    triangles: u8,
    locations: Vec<String>,
}

impl Deck {
    /// The default deck for the default map (`data/keswick-deck.toml`).
    pub fn keswick(map: &Map) -> Deck {
        Deck::from_toml(include_str!("../data/keswick-deck.toml"), map)
            .expect("the shipped deck is valid")
    }

    /// Reads and checks a deck file against the map its cards name.
    pub fn from_toml(text: &str, map: &Map) -> Result<Deck, DataError> {
        let file: DeckFile = parse_toml(text, "deck")?;
        if file.format != DECK_FORMAT {
            return Err(DataError(phrase!(
                "bb-data-format",
                file = "deck",
                format = file.format,
                expected = DECK_FORMAT
            )));
        }
        if file.version != DECK_VERSION {
            return Err(DataError(phrase!(
                "bb-data-version",
                file = "deck",
                version = file.version,
                expected = DECK_VERSION
            )));
        }
        let mut cards = Vec::new();
        for entry in &file.walking {
            let w = entry.get_ref();
            let place = phrase!(
                "bb-data-walking",
                place = line_in("deck", text, entry.span().start),
                card = format!("{}+{}", w.circles, w.triangles)
            );
            if w.circles + w.triangles == 0 || w.circles > 6 || w.triangles > 6 {
                return Err(DataError(phrase!("bb-data-walking-symbols", place = place)));
            }
            if w.locations.is_empty() {
                return Err(DataError(phrase!(
                    "bb-data-walking-locations",
                    place = place
                )));
            }
            for id in &w.locations {
                let Some(l) = map.locations.iter().position(|l| &l.id == id) else {
                    return Err(DataError(phrase!(
                        "bb-data-unknown-location",
                        place = place,
                        id = id
                    )));
                };
                if l == usize::from(map.home) {
                    return Err(DataError(phrase!(
                        "bb-data-card-home",
                        place = place,
                        id = id
                    )));
                }
                cards.push(Card::Walk {
                    circles: w.circles,
                    triangles: w.triangles,
                    names: l as LocationId,
                });
            }
        }
        let named: std::collections::BTreeSet<LocationId> = cards
            .iter()
            .filter_map(|c| match c {
                Card::Walk { names, .. } => Some(*names),
                _ => None,
            })
            .collect();
        if named.len() < crate::TARGETS {
            return Err(DataError(phrase!(
                "bb-data-targets",
                named = named.len(),
                needed = crate::TARGETS
            )));
        }
        cards.extend(std::iter::repeat_n(
            Card::Weather,
            usize::from(file.weather),
        ));
        cards.extend(std::iter::repeat_n(
            Card::Blister,
            usize::from(file.blisters),
        ));
        if file.rucksack {
            cards.push(Card::Rucksack);
        }
        if cards.len() > 250 {
            return Err(DataError(phrase!("bb-data-deck-size", most = 250)));
        }
        Ok(Deck {
            name: file.name,
            cards,
            starting_money: file.starting_money,
        })
    }

    pub fn card(&self, id: CardId) -> Card {
        self.cards[usize::from(id)]
    }
}

/// A physical card of the deck, by its index.
pub type CardId = u8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_names_round_trip() {
        for text in ["4+2", "0+6", "weather", "blister"] {
            assert_eq!(text.parse::<CardKind>().unwrap().to_string(), text);
        }
        assert_eq!("Blister".parse::<CardKind>(), Ok(CardKind::Blister));
        assert!(
            "4-2"
                .parse::<CardKind>()
                .unwrap_err()
                .contains("is not a card")
        );
    }
}
