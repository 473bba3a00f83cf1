//! The game's event log: everything that happens to a game on the server, in order. The log is
//! the source of truth; a game's record is the replay of its log (`Record::replay`).

use crate::GmError;
use game_api::Seat;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// How a game is set up: everything the rules need to start it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SetupAsRead")]
pub struct Setup {
    /// The game's name (`breaking-away`, `backpacks`): one of `games::GAMES`.
    pub game: String,
    /// The game's own settings as given (`{"rules": "board", "options": ["open_hands"]}`),
    /// read by the game (`Game::SETTINGS`, `Game::settings`); empty: its defaults.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub settings: Map<String, Value>,
    /// The seats' names (teams or walkers), in seating order.
    pub seats: Vec<String>,
    /// Every random draw of the game comes from this seed.
    pub seed: u64,
    /// The secret the seed was derived from (`draws`), on the server; `None` where the GM
    /// chose the seed. Withheld from everyone but the server until the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

/// A set-up as logs hold it: today's, or one of a release before games owned their settings,
/// whose `rules`, `options`, `map` and `deck` sat beside the seats (they become settings).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupAsRead {
    game: String,
    #[serde(default)]
    settings: Map<String, Value>,
    seats: Vec<String>,
    seed: u64,
    #[serde(default)]
    secret: Option<String>,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    options: Vec<String>,
    #[serde(default)]
    map: Option<String>,
    #[serde(default)]
    deck: Option<String>,
}

impl From<SetupAsRead> for Setup {
    fn from(read: SetupAsRead) -> Setup {
        let mut settings = read.settings;
        for (name, text) in [
            ("rules", read.rules),
            ("map", read.map),
            ("deck", read.deck),
        ] {
            if let Some(text) = text {
                settings.insert(name.into(), Value::String(text));
            }
        }
        if !read.options.is_empty() {
            settings.insert("options".into(), read.options.into());
        }
        Setup {
            game: read.game,
            settings,
            seats: read.seats,
            seed: read.seed,
            secret: read.secret,
        }
    }
}

impl Setup {
    /// A game of `game` for `seats`, drawn from `seed`: the game's default settings, a
    /// GM-chosen seed.
    pub fn new(game: &str, seats: &[&str], seed: u64) -> Setup {
        Setup {
            game: game.to_string(),
            settings: Map::new(),
            seats: seats.iter().map(|s| s.to_string()).collect(),
            seed,
            secret: None,
        }
    }

    /// The same set-up with one setting given (`with("rules", "board")`).
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Setup {
        self.settings.insert(name.to_string(), value.into());
        self
    }
}

/// Who sent a set of orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by", content = "name")]
pub enum Author {
    Player,
    /// A bot playing the seat (the GM's choice, or standing in for a missing player).
    Bot(String),
    Gm,
}

/// One entry of a game's log. Entries that change the game come first; the rest record the
/// GM's and the server's actions for the history and change nothing in the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Event {
    Created {
        setup: Setup,
    },
    /// A Breaking Away team's sealed line-up (postal 3.1), as the engine read it.
    Lineup {
        seat: Seat,
        text: String,
        author: Author,
    },
    /// A seat's sealed orders for the coming turn (or round), as the engine read them.
    Orders {
        seat: Seat,
        text: String,
        author: Author,
    },
    /// The coming turn (Breaking Away) or round (Backpacks) was adjudicated.
    Resolved {
        turn: u16,
        /// SHA-256 of the turn's public report as it was published (`draws::report_digest`);
        /// `None` in logs of earlier releases. Checked by `verify`, not by a replay.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        digest: Option<String>,
        /// The edition of the report's text the digest was taken of (`Game::REPORT_FORMAT`);
        /// `None` in logs of releases before editions were numbered: edition 1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        format: Option<u16>,
    },
    /// The GM acted on one of the game's pieces, as the game names the action
    /// (`Game::PIECE_ACTIONS`): `drop` `red-A` (postal 10.1), `retire` `red-B`.
    Piece {
        verb: String,
        piece: String,
    },
    /// A rider declared dropped, as logs of earlier releases say `piece` `drop`.
    Dropped {
        rider: String,
    },
    /// A rider retired, as logs of earlier releases say `piece` `retire`.
    Retired {
        rider: String,
    },
    /// The GM took back the last resolution: the record returns to the moment before it, with
    /// the orders that had been sealed for it.
    RolledBack {
        turn: u16,
    },
    /// A player took a seat.
    SeatClaimed {
        seat: Seat,
        player: String,
    },
    /// The GM handed a seat to a bot (`None`: back to a person).
    SeatBot {
        seat: Seat,
        bot: Option<String>,
    },
    /// The GM freed a seat for a new player.
    SeatFreed {
        seat: Seat,
    },
    /// The deadline moved (set, extended or shortened), in Unix seconds.
    Deadline {
        at: i64,
    },
    Paused,
    Resumed,
    /// At the deadline, the seat's player was away (an absence window declared until `until`,
    /// Unix seconds) and had sealed nothing: the seat is played by `bot`'s orders (logged
    /// next, `Author::Bot`) or, with none, by the rules' NMR default. `excused`: within the
    /// game's allowance, so the turn is not the player's NMR (`on_time`); beyond it the bot
    /// does not play and the turn is an NMR (`absence`).
    Away {
        seat: Seat,
        until: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot: Option<String>,
        excused: bool,
    },
}

impl Event {
    /// The coming turn was resolved (the digest is filled in by whoever logs it).
    pub fn resolved(turn: u16) -> Event {
        Event::Resolved {
            turn,
            digest: None,
            format: None,
        }
    }

    /// Whether the entry changes the game's record (rather than only its history).
    pub fn changes_record(&self) -> bool {
        matches!(
            self,
            Event::Created { .. }
                | Event::Lineup { .. }
                | Event::Orders { .. }
                | Event::Resolved { .. }
                | Event::Piece { .. }
                | Event::Dropped { .. }
                | Event::Retired { .. }
                | Event::RolledBack { .. }
        )
    }

    /// Whether the entry is a resolution or a roll-back: what decides which entries a replay
    /// skips ([`crate::replay::Replay`]).
    pub fn takes_back_or_resolves(&self) -> bool {
        matches!(self, Event::Resolved { .. } | Event::RolledBack { .. })
    }

    /// The seat whose sealed line-up or orders this entry holds: secret until the turn is
    /// resolved.
    pub fn sealed_seat(&self) -> Option<Seat> {
        match self {
            Event::Lineup { seat, .. } | Event::Orders { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    /// The seat this entry hands to a bot (`Some`), or back to a person (`None`): a
    /// `seat_bot` entry, or a player claiming the seat (which ends a bot's play there). The
    /// server plays the seats so handed at each resolution.
    pub fn hands_seat(&self) -> Option<(Seat, Option<&str>)> {
        match self {
            Event::SeatBot { seat, bot } => Some((*seat, bot.as_deref())),
            Event::SeatClaimed { seat, .. } => Some((*seat, None)),
            _ => None,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("events serialise")
    }

    /// The entry's kind, as its JSON's `kind` tag says it: the store keeps it in a column of
    /// its own, so that entries are picked by kind without reading their JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Created { .. } => "created",
            Event::Lineup { .. } => "lineup",
            Event::Orders { .. } => "orders",
            Event::Resolved { .. } => "resolved",
            Event::Piece { .. } => "piece",
            Event::Dropped { .. } => "dropped",
            Event::Retired { .. } => "retired",
            Event::RolledBack { .. } => "rolled_back",
            Event::SeatClaimed { .. } => "seat_claimed",
            Event::SeatBot { .. } => "seat_bot",
            Event::SeatFreed { .. } => "seat_freed",
            Event::Deadline { .. } => "deadline",
            Event::Paused => "paused",
            Event::Resumed => "resumed",
            Event::Away { .. } => "away",
        }
    }

    pub fn from_json(text: &str) -> Result<Event, GmError> {
        serde_json::from_str(text).map_err(|e| GmError::Log(format!("event: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_up_of_an_earlier_release_reads_its_rules_options_map_and_deck_as_settings() {
        let old = r#"{"kind":"created","setup":{"game":"breaking-away","rules":"board","options":["open_hands"],"seats":["red","blue"],"seed":11}}"#;
        let Event::Created { setup } = Event::from_json(old).unwrap() else {
            panic!("not a set-up")
        };
        assert_eq!(
            setup,
            Setup::new("breaking-away", &["red", "blue"], 11)
                .with("rules", "board")
                .with("options", vec!["open_hands"])
        );
        // Written again, it is today's form: the settings object.
        assert_eq!(
            Event::Created { setup }.to_json(),
            r#"{"kind":"created","setup":{"game":"breaking-away","settings":{"options":["open_hands"],"rules":"board"},"seats":["red","blue"],"seed":11}}"#
        );
        let old = r#"{"kind":"created","setup":{"game":"backpacks","rules":null,"options":[],"seats":["ann"],"seed":7,"map":"M","deck":"D"}}"#;
        let Event::Created { setup } = Event::from_json(old).unwrap() else {
            panic!("not a set-up")
        };
        assert_eq!(
            setup.settings,
            Setup::new("backpacks", &[], 0)
                .with("map", "M")
                .with("deck", "D")
                .settings
        );
        let unknown = r#"{"kind":"created","setup":{"game":"backpacks","seats":["ann"],"seed":7,"colour":"red"}}"#;
        assert!(Event::from_json(unknown).is_err());
    }

    #[test]
    fn an_entrys_kind_is_its_json_tag() {
        let seat = Seat(1);
        let text = String::from("x");
        let every = [
            Event::Created {
                setup: Setup::new("backpacks", &["ann"], 7),
            },
            Event::Lineup {
                seat,
                text: text.clone(),
                author: Author::Player,
            },
            Event::Orders {
                seat,
                text,
                author: Author::Gm,
            },
            Event::resolved(3),
            Event::Piece {
                verb: "drop".into(),
                piece: "red-A".into(),
            },
            Event::Dropped { rider: "a".into() },
            Event::Retired { rider: "a".into() },
            Event::RolledBack { turn: 3 },
            Event::SeatClaimed {
                seat,
                player: "ann".into(),
            },
            Event::SeatBot { seat, bot: None },
            Event::SeatFreed { seat },
            Event::Deadline { at: 0 },
            Event::Paused,
            Event::Resumed,
            Event::Away {
                seat,
                until: 0,
                bot: None,
                excused: true,
            },
        ];
        for event in every {
            let json: Value = serde_json::from_str(&event.to_json()).unwrap();
            assert_eq!(json["kind"], event.kind(), "{event:?}");
        }
    }
}
