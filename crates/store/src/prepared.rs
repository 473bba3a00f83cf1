//! A change prepared in full for the committer: the game row's new columns, its events, its
//! seats' rows, the mail it causes, and the change it was made on top of. Nothing in it reads
//! the database; `write` makes it, `commit` writes it.

use tokio::sync::watch;

use super::outbox_rows::{InboundDone, OutMail};

/// What this release writes in `games.record`: nothing. The column held the whole game file,
/// rewritten on every change (so an order cost as much as the game was long); the `events`
/// table holds the same log, and a process that has not seen a game's version replays it from
/// there. Rows written by earlier releases keep their game file, unread.
pub(crate) const NO_SNAPSHOT: &str = "";

/// One change to one game, ready to write: nothing in it reads the database.
#[derive(Debug, Default)]
pub struct Write {
    pub game_id: i64,
    /// The version the change was made against (the optimistic lock).
    pub read_version: i64,
    pub version: i64,
    pub all_ready: bool,
    pub over: bool,
    pub next_deadline: Option<i64>,
    pub paused: bool,
    pub archived: Option<bool>,
    pub turn: u16,
    pub started: bool,
    pub ready_seats: i64,
    pub at: i64,
    pub actor: String,
    /// The events' kinds (`Event::kind`) and JSON, numbered from `read_version + 1`.
    pub events: Vec<(&'static str, String)>,
    pub seats: Vec<SeatWrite>,
    pub mails: Vec<OutMail>,
    pub inbound: Option<InboundDone>,
    /// The change ends the game: its result as a season's stage and each seat's place (JSON),
    /// kept on its season's stage row if it is one (`store::seasons`).
    pub stage_result: Option<(String, String)>,
    /// The change this one was made on top of, when that one was not yet committed as this
    /// one was made (this process's later changes to a game are made on the game as its
    /// waiting changes leave it).
    pub after: Option<After>,
}

/// Whether a change was written: `None` while it waits, then `Some(written)`. A change made
/// on top of another that is not committed yet (`Write::after`) is written only if that one
/// was, and in the same transaction when they wait together.
pub type Outcome = watch::Receiver<Option<bool>>;

/// A change handed to a committer: which one (numbered in the order they were handed over),
/// and its outcome.
#[derive(Clone, Debug)]
pub struct After {
    pub id: u64,
    pub outcome: Outcome,
}

/// A change to a seat's row, with any new secrets already drawn.
#[derive(Clone, Debug)]
pub enum SeatWrite {
    Claim {
        seat: i64,
        player_id: i64,
    },
    Bot {
        seat: i64,
        bot: Option<String>,
    },
    /// A new player gets a new invitation and a new order address.
    Free {
        seat: i64,
        invite: String,
        mail_secret: String,
    },
    Offer {
        seat: i64,
        offered: bool,
    },
}
