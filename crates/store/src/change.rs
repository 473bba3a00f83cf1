//! What one change does to a game (`Change`): its events, its seats, its deadline and
//! flags, and the outbox rows and inbound mark written with it.

use game_api::Seat;
use gm::Event;

use super::outbox_rows::{InboundDone, OutMail};

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
