//! The store: games in the database behind one door. Every change to a game goes through
//! [`change`], which owns the game's lock, the read, the retry on conflict and the commit;
//! reads go through typed functions (`load`, `list`, `history_page`, …). The store imports
//! no door, no action and no letter: the mail a change causes is made by the `Letters` the
//! server hands it (`AppState::letters`), from the change's events.

pub mod absences;
pub mod account_care;
pub mod accounts;
pub mod attention;
pub mod backlog;
pub mod bounces;
pub mod change;
pub mod commit;
pub mod create;
pub mod deadlines;
pub mod door;
pub mod error;
pub mod export;
pub mod feeds;
pub mod group_read;
pub mod history;
pub mod inbound;
pub mod lobby;
pub mod locks;
pub mod mail_log;
pub mod outbox_rows;
pub mod players;
pub mod press;
pub mod profiles;
pub mod push;
pub mod ratings;
pub mod read;
pub mod records;
pub mod retention;
pub mod seasons;
pub mod seat_rows;
pub mod secrets;
pub mod sql;
pub mod table;
pub mod write;

pub use change::{Change, Letters, SeatChange};
pub use create::{create, create_rated, delete, insert};
pub use deadlines::{play_turn, process, process_due, process_locked};
pub use door::{change, delete_game, new_order_address, resolve_now, roll_back, set_webhook};
pub use error::{StoreError, StoreResult};
pub use export::{MAX_IMPORT_BYTES, check_import, export};
pub use history::{HISTORY_PAGE_MAX, events, history_page, resolutions};
pub use locks::{Ahead, GameGuard, GameLocks, lock};
pub use outbox_rows::{InboundDone, OutMail};
pub use players::player_id;
pub use read::{Tables, list, load, load_many};
pub use records::Records;
pub use table::{GameRow, SeatRow, SeatSummary, Summary, Table};
pub use write::append;
