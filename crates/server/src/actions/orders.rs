//! A player at the table: taking a seat by invitation, sealing orders (by any door), and a
//! seat's order address.

use game_api::Seat;
use gm::{Author, Event, Record, Submission};
use locale::phrase;

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::letters;
use crate::state::AppState;
use store::{self, Change, InboundDone, OutMail, SeatChange, Table};

/// Claims the seat an invitation is for, while the game's invitations work
/// ([`invitations_open`](super::access::invitations_open)).
pub async fn join(state: &AppState, player: &Player, id: i64, invite: &str) -> ApiResult<()> {
    super::access::check_on_time(state, player, id).await?;
    crate::change::change(state, id, &player.name, |table| {
        super::access::invitations_open(table)?;
        let Some(seat) = table.seats.iter().find(|s| s.invite == invite) else {
            return Err(ApiError::Forbidden(phrase!("error-invite-unknown")));
        };
        if let Some(held) = table.seat_of(player.id) {
            return Err(ApiError::Conflict(phrase!(
                "error-invite-seated-already",
                held = held.0,
                name = table.seats[held.index()].name
            )));
        }
        if seat.player_id.is_some() {
            return Err(ApiError::Conflict(phrase!(
                "error-invite-seat-taken",
                name = seat.name
            )));
        }
        Ok(Change {
            events: vec![Event::SeatClaimed {
                seat: seat.seat,
                player: player.name.clone(),
            }],
            seats: vec![SeatChange::Claim {
                seat: seat.seat,
                player_id: player.id,
                player_name: player.name.clone(),
            }],
            ..Change::default()
        })
    })
    .await?;
    Ok(())
}

/// The door orders came through: the web (the API and the forms) or a mail.
#[derive(Clone, Debug)]
pub enum Via {
    Web,
    /// An inbound mail (`mailbox::receive`): the echo answers it, and the message is marked
    /// handled in the same transaction as the orders.
    Mail {
        inbound: i64,
        /// Where the answer goes.
        to: String,
        in_reply_to: Option<String>,
        /// The mail's lines not read as orders, listed in the echo.
        ignored: Vec<String>,
    },
}

/// Seals (or amends) the player's orders for the coming turn: the record with them sealed,
/// and the seat.
pub async fn submit(
    state: &AppState,
    player: &Player,
    id: i64,
    submission: &Submission,
) -> ApiResult<(Record, Seat)> {
    submit_via(state, player, id, submission, Via::Web).await
}

/// [`submit`] through a given door. Whatever the door, the orders as read are mailed back to
/// the player (their confirmed address; a mail's sender) in the transaction that seals them.
pub async fn submit_via(
    state: &AppState,
    player: &Player,
    id: i64,
    submission: &Submission,
    via: Via,
) -> ApiResult<(Record, Seat)> {
    let echo_to: Option<String> = match &via {
        // A player who wants no mail is not told of orders sent on the web.
        Via::Web => player.echo_to.clone(),
        Via::Mail { to, .. } => Some(to.clone()),
    };
    // The orders were written for the turn first read: a resolution in between refuses them
    // rather than seal them on a position that no longer exists.
    let mut turn = None;
    let mut sealed = None;
    let table = crate::change::change(state, id, &player.name, |table| {
        let seat = super::access::own_seat(table, player)?;
        if *turn.get_or_insert(table.record.turn()) != table.record.turn() {
            return Err(ApiError::Conflict(phrase!(
                "error-orders-resolved-meanwhile"
            )));
        }
        let events = table.record.check(seat, submission, Author::Player)?;
        for e in &events {
            table.record.apply(e)?;
        }
        sealed = Some(seat);
        Ok(sealing(
            table,
            player,
            seat,
            events,
            &via,
            echo_to.as_deref(),
        ))
    })
    .await?
    .expect("sealed orders are a change");
    if table.all_ready() {
        state.wake.notify_one();
    }
    Ok((table.record, sealed.expect("sealed above")))
}

/// The change that seals `events` (checked and applied to `table`'s record) for `seat`: with
/// the echo to `echo_to`, and for a mail, the message marked handled.
fn sealing(
    table: &Table,
    player: &Player,
    seat: Seat,
    events: Vec<Event>,
    via: &Via,
    echo_to: Option<&str>,
) -> Change {
    let id = table.row.id;
    let (ignored, in_reply_to) = match via {
        Via::Web => (&[][..], None),
        Via::Mail {
            ignored,
            in_reply_to,
            ..
        } => (ignored.as_slice(), in_reply_to.clone()),
    };
    let mut change = Change::default();
    if let Some(to) = echo_to {
        // The seat's own language, else the account's (the mail door looks the account's up).
        let lang = table.seats[seat.index()]
            .lang
            .or(player.lang)
            .unwrap_or_default();
        let (subject, body) = letters::echo(table, seat, lang, &events, ignored);
        change.mails.push(OutMail {
            kind: "echo".into(),
            to: to.to_string(),
            game_id: Some(id),
            seat: Some(seat),
            player_id: Some(player.id),
            reply_secret: table.seats[seat.index()].mail_secret.clone(),
            in_reply_to,
            subject,
            body,
            ..OutMail::default()
        });
    }
    if let Via::Mail { inbound, .. } = via {
        change.inbound = Some(InboundDone {
            id: *inbound,
            status: "applied",
            note: format!(
                "orders sealed for {} {}",
                table.row.game.turn_noun,
                table.record.turn()
            ),
            game_id: Some(id),
            seat: Some(seat),
        });
    }
    change.events = events;
    change
}

/// Gives the player's seat in game `id` a new order address (the old one stops working): its
/// new secret.
pub async fn rotate_mail_secret(state: &AppState, player: &Player, id: i64) -> ApiResult<String> {
    store::new_order_address(state, id, |table| super::access::own_seat(table, player)).await
}
