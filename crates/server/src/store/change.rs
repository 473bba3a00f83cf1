//! What one change does to a game (`Change`): its events, its seats, its deadline and
//! flags, and the outbox rows and inbound mark written with it.

use futures_util::future::BoxFuture;
use game_api::Seat;
use gm::Event;

use super::error::StoreResult;
use super::outbox_rows::{InboundDone, OutMail};
use super::table::{SeatRow, Table};
use crate::AppState;

/// A change to a seat, made in the same transaction as its event.
#[derive(Clone, Debug)]
pub enum SeatChange {
    Claim {
        seat: Seat,
        player_id: i64,
        player_name: String,
    },
    Bot {
        seat: Seat,
        bot: Option<String>,
    },
    Free {
        seat: Seat,
    },
    /// Offers the seat in the lobby to anyone signed in, or withdraws the offer.
    Offer {
        seat: Seat,
        offered: bool,
    },
}

/// What one write does to a game.
#[derive(Debug, Default)]
pub struct Change {
    pub events: Vec<Event>,
    pub seats: Vec<SeatChange>,
    /// `Some(new)` to move the deadline.
    pub next_deadline: Option<Option<i64>>,
    pub paused: Option<bool>,
    /// `Some(new)` to archive the game or take it out of the archive.
    pub archived: Option<bool>,
    /// Mail the change causes (the echo of orders, the reports of a resolved turn), written to
    /// the outbox in the same transaction.
    pub mails: Vec<OutMail>,
    /// The inbound message that caused the change, marked handled in the same transaction.
    pub inbound: Option<InboundDone>,
}

impl Change {
    /// One event, nothing else.
    pub fn event(e: Event) -> Change {
        Change {
            events: vec![e],
            ..Change::default()
        }
    }

    /// Nothing to write: the door commits nothing.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
            && self.seats.is_empty()
            && self.next_deadline.is_none()
            && self.paused.is_none()
            && self.archived.is_none()
            && self.mails.is_empty()
            && self.inbound.is_none()
    }
}

/// What makes the mail a change causes from its events (a seat's report of a resolved turn, a
/// welcome, the webhook's post): the mail-out side's, handed to the store through
/// `AppState::letters`, so that the store never imports a letter. Its rows are written in the
/// change's transaction.
pub trait Letters: Send + Sync + std::fmt::Debug {
    /// The mail that `events` cause, appended to the game read as `table` (whose record
    /// includes them), `seats` as the change leaves them, `next_deadline` the game's deadline
    /// after it.
    fn for_events<'a>(
        &'a self,
        state: &'a AppState,
        table: &'a Table,
        seats: &'a [SeatRow],
        next_deadline: Option<i64>,
        events: &'a [Event],
    ) -> BoxFuture<'a, StoreResult<Vec<OutMail>>>;
}
