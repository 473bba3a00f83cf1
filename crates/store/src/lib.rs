//! The store: games in the database behind one door. Every change to a game is begun by
//! [`begin`], which owns the game's lock and the read, and written by [`Pending::commit`];
//! reads go through typed functions (`load`, `list`, `history_page`, …). The store imports
//! no door, no action and no letter: the mail a change causes is made by the mail side from
//! the pending change and handed to its commit as outbox rows.

pub mod absences;
pub mod account_care;
pub mod accounts;
pub mod attention;
pub mod backlog;
pub mod backup;
pub mod bounces;
pub mod change;
pub mod clock;
pub mod commit;
pub mod create;
pub mod db;
pub mod deadlines;
pub mod door;
pub mod error;
pub mod export;
pub mod failpoint;
pub mod feeds;
pub mod group_read;
pub mod history;
pub mod inbound;
pub mod lobby;
pub mod locks;
pub mod mail_log;
pub mod outbox_leases;
pub mod outbox_rows;
pub mod players;
pub mod prepared;
pub mod press;
pub mod profiles;
pub mod push;
pub mod ratings;
pub mod read;
pub mod records;
pub mod reminders;
pub mod retention;
pub mod seasons;
pub mod seat_rows;
pub mod secrets;
pub mod sessions;
pub mod sql;
pub mod state;
pub mod table;
pub mod write;

pub use change::{Change, SeatChange};
pub use clock::{Clock, ManualClock, SystemClock};
pub use create::{create, create_rated, delete, insert};
pub use db::{Backend, Db};
pub use deadlines::play_turn;
pub use door::{begin, begin_roll_back, checked, delete_game, new_order_address, set_webhook};
pub use error::{StoreError, StoreResult};
pub use export::{MAX_IMPORT_BYTES, check_import, export};
pub use history::{HISTORY_PAGE_MAX, events, history_page, resolutions};
pub use locks::{Ahead, GameGuard, GameLocks, lock};
pub use outbox_rows::{InboundDone, OutMail};
pub use players::player_id;
pub use read::{Tables, list, load, load_many};
pub use records::Records;
pub use state::Store;
pub use table::{GameRow, SeatRow, SeatSummary, Summary, Table};
pub use write::{Pending, prepare};
