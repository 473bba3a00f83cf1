//! Breaking Away, the cycling race game: the postal rules v2.2 and the original board game
//! with its optional rules, adjudicated exactly.
//!
//! The core is [`turn::resolve`]: a [`Position`] and one card per rider give the next position
//! and a [`TurnOutcome`]. Around it: the public scenario notation ([`scenario`]), the GM's race
//! record with its log and replay ([`race`]), the order text form ([`orders`]) and the turn
//! reports ([`report`]). Nothing here does IO, reads a clock or uses a global RNG.

pub mod bulletin;
pub mod error;
pub mod game;
mod glance;
pub mod limits;
mod marks;
pub mod mistake;
pub mod orders;
pub mod play;
pub mod points;
pub mod position;
pub mod random;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod season;
pub mod svg;
pub mod turn;
pub mod view;

pub use error::BreakingAwayError;
pub use game::{BreakingAway, default_lineup, rider_by_name, rider_name};
pub use limits::{Limits, lineup_help};
pub use mistake::{Mistake, Mistakes};
pub use orders::{Lineup, TeamOrders};
pub use points::Points;
pub use position::{Hand, Position, Rider, Status};
pub use rules::{Grade, Line, Options, RuleSet, Rules};
pub use turn::{Award, Move, OrderError, Replacement, Source, TurnOutcome, Why};
pub use view::{RiderView, View, ViewRef};
