//! The set-up Goofspiel takes: how many cards it is played with (rule 1), its one setting.

use game_api::settings::{Given, Setting, SettingKind};

use crate::error::GoofspielError;

/// The numbers of cards a game may be played with (rule 1).
pub const CARD_COUNTS: [u8; 3] = [5, 9, 13];

/// The game's settings as it describes them (`Game::SETTINGS`): `{"cards": "9"}`.
pub const SETTINGS: [Setting; 1] = [Setting {
    name: "cards",
    flag: "cards",
    label: "Cards in each hand",
    kind: SettingKind::Choice(&[("13", "13 cards"), ("9", "9 cards"), ("5", "5 cards")]),
}];

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
    /// Reads the set-up (checked against [`SETTINGS`]): `cards`, 5, 9 or 13; 13 when not given.
    pub fn read(given: Given<'_>) -> Result<Settings, GoofspielError> {
        let Some(text) = given.text("cards") else {
            return Ok(Settings::default());
        };
        text.trim()
            .parse()
            .ok()
            .filter(|n| CARD_COUNTS.contains(n))
            .map(|cards| Settings { cards })
            .ok_or_else(|| GoofspielError::Cards(text.to_string()))
    }

    /// The rule set's name, as `Game::rules_name` gives it.
    pub fn rules_name(self) -> &'static str {
        match self.cards {
            5 => "cards-5",
            9 => "cards-9",
            _ => "cards-13",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goofspiel;

    fn read(json: &str) -> Result<Settings, String> {
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        game_api::settings::read::<Goofspiel>(value.as_object().unwrap()).map_err(|e| e.to_string())
    }

    /// Rule 1: 5, 9 or 13 cards; 13 when not given.
    #[test]
    fn rule_1_cards_are_5_9_or_13_and_13_by_default() {
        assert_eq!(read("{}").unwrap().cards, 13);
        assert_eq!(read(r#"{"cards": "5"}"#).unwrap().cards, 5);
        assert_eq!(read(r#"{"cards": "9"}"#).unwrap().cards, 9);
        assert_eq!(read(r#"{"cards": "13"}"#).unwrap().cards, 13);
        for bad in [r#"{"cards": "7"}"#, r#"{"cards": "x"}"#, r#"{"cards": 5}"#] {
            let e = read(bad).unwrap_err();
            assert!(e.starts_with("cards: "), "{e}");
        }
        assert_eq!(
            read(r#"{"cards": "7"}"#).unwrap_err(),
            "cards: \"7\" is not a number of cards Goofspiel is played with (5, 9 or 13)"
        );
    }

    /// Rule 12: the set-up's one key is `cards`.
    #[test]
    fn rule_12_an_unknown_key_is_refused_by_name() {
        for key in ["jokers", "rules", "options", "map", "deck"] {
            assert_eq!(
                read(&format!(r#"{{"cards": "5", "{key}": "x"}}"#)).unwrap_err(),
                format!("{key}: Goofspiel has no setting \"{key}\" (its settings: cards)")
            );
        }
    }
}
