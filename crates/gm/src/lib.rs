//! The game master's turn lifecycle, shared by the server and the command line: a game is its
//! event log (`event`), replayed into a record (`record`) that seals orders, knows who is
//! ready, lets bots take seats and adjudicates with the rules' NMR policy; `deadline` says when
//! a turn falls due. No IO, no clock: the caller gives the time.

pub mod deadline;
pub mod event;
pub mod picture;
pub mod record;

pub use deadline::{DeadlineRule, utc_text};
pub use event::{Author, Event, GameKind, Setup};
pub use picture::{Progress, Series};
pub use record::{BREAKING_AWAY_OPTIONS, GmError, Record, Submission, check_bot, default_lineup};
