//! Goofspiel, a simultaneous sealed-bid card game (RULES.md): each round a prize card is turned
//! face up and every player seals a bid card from their hand; the single highest bid takes the
//! prize. Small and complete, it is the third game that proves games are plug-ins, played by
//! the tests only.
//!
//! The core is [`Position::play_round`]. Around it: the set-up ([`settings`], its one setting), the orders players type ([`orders`]), the views per viewer ([`view`]),
//! the reports ([`report`], [`bulletin`]), the picture ([`svg`]), the simple bots
//! ([`strategy`]) and, with the `bots` feature, the bots' and searches' traits (`play`). No
//! IO, no clock, no global random number generator: every draw comes from the game's seed.

pub mod bulletin;
pub mod error;
pub mod game;
pub mod hand;
pub mod orders;
#[cfg(feature = "bots")]
pub mod play;
pub mod position;
pub mod report;
pub mod round;
pub mod settings;
pub mod strategy;
pub mod svg;
pub mod view;

pub use error::GoofspielError;
pub use game::Goofspiel;
pub use hand::Hand;
pub use orders::Bid;
pub use position::{Player, Position};
pub use round::RoundPlayed;
pub use settings::Settings;
pub use view::TableView;
