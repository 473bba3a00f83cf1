//! The game master's turn lifecycle, shared by the command line and the server: a game is its
//! event log (`event`), replayed into a record (`record`, generic over the game; `games` lists
//! the games and `registry` hides which one a record holds) that seals orders, knows who is
//! ready, lets bots take seats and adjudicates with the rules' NMR policy; `file` is the game
//! file both doors read and write; `deadline` says when a turn falls due. No IO, no clock: the
//! caller gives the time.

pub mod absence;
pub mod at_deadline;
pub mod deadline;
pub mod draws;
mod erased;
pub mod error;
pub mod event;
pub mod file;
pub mod games;
pub mod on_time;
pub mod rating;
pub mod record;
pub mod registry;
pub mod replay;
pub mod season;
pub mod season_result;
mod season_words;
pub mod seating;
pub mod stand_in;
mod typed;
pub mod verify;

pub use deadline::{DeadlineError, DeadlineRule, utc_text};
pub use error::GmError;
pub use event::{Author, Event, Setup};
pub use file::{GameFile, LogEntry};
pub use game_api::chart::{Progress, Series};
pub use game_api::settings::{Setting, SettingKind};
pub use games::{Asked, GAMES, GameInfo, GameVisitor, game_info, parse_bot, with_game};
pub use on_time::{OnTime, on_time};
pub use record::{GameRecord, MAX_SEALINGS, Submission};
pub use registry::Record;
pub use replay::Replay;
