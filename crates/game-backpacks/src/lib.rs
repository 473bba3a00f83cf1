//! Backpacks & Blisters, a day's walk around Keswick: the PBM rules v2.1 (Ragnar Brothers 1993,
//! PBM rules by Howard Bishop 2002), on a map and deck loaded from data.
//!
//! The core is [`Day::resolve_turn`] and [`Day::resolve_round`]: a day, the walkers' orders and a
//! seeded random stream give the next day and what happened. Around it: the map and deck data
//! formats ([`map`], [`deck`]), the order text form ([`orders`]), the scenario notation
//! ([`scenario`]), the GM's record ([`walk`]) and reports ([`report`]). No IO, no clock, no
//! global RNG.

pub mod bulletin;
pub mod clock;
pub mod day;
pub mod deck;
pub mod error;
pub mod game;
pub mod map;
pub mod mistake;
pub mod moves;
pub mod orders;
pub mod random;
pub mod report;
pub mod scenario;
pub mod schedule;
pub mod season;
pub mod svg;
pub mod view;
pub mod words;

pub use day::{Day, Place, Walker};
pub use deck::{Card, CardKind, Deck};
pub use map::Map;
pub use orders::{RoundOrders, TurnOrders};

/// How many target locations a day has (2.1).
pub const TARGETS: usize = 5;

/// The weather (2.2, 9.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Weather {
    #[default]
    Sunny,
    Cloudy,
}

pub use error::BackpacksError;
pub use game::{Backpacks, Terrain};
pub use view::{DayView, WalkerView};
