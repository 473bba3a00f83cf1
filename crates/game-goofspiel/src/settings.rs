//! The set-up Goofspiel takes: how many cards it is played with (rule 1), read from the game's
//! JSON object (`{"cards": 13}`) and written back to it.

use serde_json::{Map, Value};

use crate::error::GoofspielError;

/// The numbers of cards a game may be played with (rule 1).
pub const CARD_COUNTS: [u8; 3] = [5, 9, 13];

/// The checked set-up: the number of cards each seat holds and the prize pile has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub cards: u8,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { cards: 13 }
    }
}

impl Settings {
    /// The rule set's name, as `Game::rules_name` gives it.
    pub fn rules_name(self) -> &'static str {
        match self.cards {
            5 => "cards-5",
            9 => "cards-9",
            _ => "cards-13",
        }
    }

    /// The set-up as the game's JSON object (what [`settings_from_json`] reads back).
    pub fn to_json(self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("cards".into(), Value::from(self.cards));
        map
    }
}

/// Reads the set-up from the game's JSON object: `cards` (a number or a string, 5, 9 or 13;
/// 13 when missing); any other key is refused, named.
pub fn settings_from_json(given: &Map<String, Value>) -> Result<Settings, GoofspielError> {
    let mut settings = Settings::default();
    for (key, value) in given {
        match key.as_str() {
            "cards" => settings.cards = cards(value)?,
            _ => return Err(GoofspielError::UnknownSetting(key.clone())),
        }
    }
    Ok(settings)
}

fn cards(value: &Value) -> Result<u8, GoofspielError> {
    let number = match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    number
        .and_then(|n| u8::try_from(n).ok())
        .filter(|n| CARD_COUNTS.contains(n))
        .ok_or_else(|| GoofspielError::Cards(value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Settings, GoofspielError> {
        let value: Value = serde_json::from_str(json).unwrap();
        settings_from_json(value.as_object().unwrap())
    }

    /// Rule 1: 5, 9 or 13 cards, as a number or a string; 13 when not given.
    #[test]
    fn rule_1_cards_are_5_9_or_13_and_13_by_default() {
        assert_eq!(read("{}").unwrap().cards, 13);
        assert_eq!(read(r#"{"cards": 5}"#).unwrap().cards, 5);
        assert_eq!(read(r#"{"cards": "9"}"#).unwrap().cards, 9);
        assert_eq!(read(r#"{"cards": "13"}"#).unwrap().cards, 13);
        for bad in [r#"{"cards": 7}"#, r#"{"cards": "x"}"#, r#"{"cards": -5}"#] {
            let e = read(bad).unwrap_err().to_string();
            assert!(e.starts_with("cards: "), "{e}");
        }
        assert_eq!(
            read(r#"{"cards": 7}"#).unwrap_err().to_string(),
            "cards: 7 is not a number of cards Goofspiel is played with (5, 9 or 13)"
        );
    }

    /// Rule 12: the set-up's one key is `cards`.
    #[test]
    fn rule_12_an_unknown_key_is_refused_by_name() {
        assert_eq!(
            read(r#"{"cards": 5, "jokers": true}"#)
                .unwrap_err()
                .to_string(),
            "jokers: not a Goofspiel setting (its one setting is cards)"
        );
    }

    #[test]
    fn the_settings_round_trip_through_json() {
        for cards in CARD_COUNTS {
            let settings = Settings { cards };
            assert_eq!(settings_from_json(&settings.to_json()).unwrap(), settings);
        }
    }
}
