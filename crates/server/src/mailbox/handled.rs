//! What becomes of an inbound message, and the mail it is answered with: shared by the door
//! (`mailbox`), the press and orders it carries, the how-to answer and a relay's bounce.

use game_api::{Lang, Seat};

use crate::auth::Player;
use crate::error::ApiResult;
use crate::state::AppState;
use store::inbound;
use store::outbox_rows::{InboundDone, OutMail};

/// What became of one inbound message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handled {
    /// Orders sealed; the echo is in the outbox.
    Applied,
    /// Answered with its errors, or with how to send orders (in the outbox); nothing sealed.
    Refused,
    /// A Message-ID handled before for the same seat: not applied again (logged, and its row
    /// names the earlier one).
    Duplicate,
    /// Not acted on, with the log line: huge, malformed, or for no known seat.
    Dropped(String),
    /// A relay's bounce at a mail's bounce address: the mail and the player's address are
    /// marked (`crate::bounces`), with the log line.
    Bounced(String),
}

/// A mail that reached a seat: the inbound row, the seat, its player and where the answers go.
pub(crate) struct SeatMail {
    /// The inbound row (the earlier delivery's, when this one finishes it).
    pub(crate) id: i64,
    pub(crate) game_id: i64,
    pub(crate) seat: Seat,
    /// The seat's player, in the seat's language.
    pub(crate) player: Player,
    pub(crate) lang: Lang,
    /// The seat's secret, the address replies come back to.
    pub(crate) secret: String,
    pub(crate) reply_to: String,
    pub(crate) message_id: Option<String>,
    pub(crate) now: i64,
}

impl SeatMail {
    /// An answer to this mail: `kind` in the outbox, to the seat's player.
    pub(crate) fn answer(&self, kind: &str, subject: String, body: String) -> OutMail {
        OutMail {
            kind: kind.into(),
            to: self.reply_to.clone(),
            game_id: Some(self.game_id),
            seat: Some(self.seat),
            player_id: Some(self.player.id),
            reply_secret: Some(self.secret.clone()),
            in_reply_to: self.message_id.clone(),
            subject,
            body,
            ..OutMail::default()
        }
    }

    /// The inbound row's end: `status`, with its log line.
    pub(crate) fn done(&self, status: &'static str, note: String) -> InboundDone {
        InboundDone {
            id: self.id,
            status,
            note,
            game_id: Some(self.game_id),
            seat: Some(self.seat),
        }
    }
}

/// Writes `mail` to the outbox and marks the inbound row, in one transaction.
pub(crate) async fn answer(
    state: &AppState,
    mail: OutMail,
    done: InboundDone,
    now: i64,
) -> ApiResult<()> {
    inbound::answer(state, &mail, now, |_| done).await?;
    Ok(())
}

/// Marks a message dropped, with its log line.
pub(crate) async fn dropped(state: &AppState, id: i64, note: String) -> ApiResult<Handled> {
    dropped_for(state, id, note, None).await
}

/// Marks a message dropped, with its log line and the seat it came to, so that the game's
/// mail log on the GM's console shows it. Only where no other row of the seat can hold the
/// message's Message-ID (the unique index of game, seat and Message-ID): after the claim, or
/// for a message without one.
pub(crate) async fn dropped_for(
    state: &AppState,
    id: i64,
    note: String,
    seat: Option<(i64, game_api::Seat)>,
) -> ApiResult<Handled> {
    tracing::warn!(inbound = id, "mail dropped: {note}");
    inbound::mark_alone(
        state,
        &InboundDone {
            id,
            status: "dropped",
            note: note.clone(),
            game_id: seat.map(|(game_id, _)| game_id),
            seat: seat.map(|(_, seat)| seat),
        },
    )
    .await?;
    Ok(Handled::Dropped(note))
}
