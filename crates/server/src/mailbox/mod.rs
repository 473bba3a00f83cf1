//! The inbound mail door (`receive`, behind `postrider mail-in` and `serve --smtp-listen`):
//! one RFC 5322 message, stored raw before anything reads it, authenticated by the secret in
//! the address it was sent to (`orders+SECRET@domain`, never the From header), de-duplicated
//! per seat, then handed to the seat's two actions: its press (`press`) and its orders
//! (`orders`: read by `mail::orders_in` and sealed through `actions::submit_via`, the same path
//! as the API and the forms), each answered through the outbox. A mail that names no seat is
//! answered with how to send orders (`howto`) or dropped.

use locale::tr;

use crate::auth::Player;
use crate::error::ApiResult;
use crate::letters::refusal;
use crate::state::AppState;
use store::inbound::{self, Claim, SeatBySecret, seat_by_secret};
use store::outbox_rows::{InboundDone, OutMail};
use store::{self, Table};

mod bounce;
mod handled;
mod howto;
mod orders;
mod press;

pub use crate::sender::MailSettings;
pub use handled::Handled;
use handled::{SeatMail, answer, dropped, dropped_for};

/// The secret in an order address: what follows the first `+` of the local part, if it is
/// made of letters and digits.
pub fn address_secret(address: &str) -> Option<String> {
    let local = address.trim().trim_matches(['<', '>']).split('@').next()?;
    let (_, secret) = local.split_once('+')?;
    let secret = secret.to_ascii_lowercase();
    (!secret.is_empty() && secret.len() <= 64 && secret.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then_some(secret)
}

/// Handles one inbound message: stores it raw, then reads and acts on it. `recipient` is the
/// envelope recipient the MTA gives (`${recipient}` in Postfix), the only address read when
/// given; without it the message's own Delivered-To, X-Original-To, To and Cc are searched for
/// an order address. An `Err` means the
/// database failed: the MTA should try again later (the raw message may be stored, and a
/// redelivery finishes it). Anything else is final: applied, answered, a duplicate, or dropped.
pub async fn receive(state: &AppState, raw: &[u8], recipient: Option<&str>) -> ApiResult<Handled> {
    let handled = handle(state, raw, recipient).await;
    crate::metrics::inbound_mail(match &handled {
        Ok(Handled::Applied) => "applied",
        Ok(Handled::Refused) => "refused",
        Ok(Handled::Duplicate) => "duplicate",
        Ok(Handled::Dropped(_)) => "dropped",
        Ok(Handled::Bounced(_)) => "bounced",
        Err(_) => "failed",
    });
    handled
}

async fn handle(state: &AppState, raw: &[u8], recipient: Option<&str>) -> ApiResult<Handled> {
    let now = state.clock.now();
    // As every text read from the mail (`mail::read`): PostgreSQL's text holds no NUL.
    let recipient = recipient.map(|r| r.replace('\0', "\u{fffd}"));
    let recipient = recipient.as_deref();
    let stored = &raw[..raw.len().min(mail::message::MAX_MESSAGE)];
    let id = inbound::store_raw(state, now, recipient, stored).await?;
    // The one reading of the message: its orders are read from this letter below.
    let letter = match mail::read(raw) {
        Ok(letter) => letter,
        Err(e) => return unreadable(state, id, recipient, &e, now).await,
    };
    if let Some(message_id) = &letter.message_id {
        // Kept for the record; it counts as a duplicate only once a seat is known (below).
        inbound::set_message_id(state, id, message_id).await?;
    }
    // The envelope recipient alone when the MTA gives one: the headers name whatever the
    // sender wrote (a mail to the bare `orders@` with a seat's address in To is no seat's).
    let addresses: Vec<String> = match recipient {
        Some(recipient) => vec![recipient.to_string()],
        None => letter.recipients.clone(),
    };
    // A relay's bounce of a mail sent from here, at that mail's own bounce address.
    if let Some(bounce) = addresses.iter().find_map(|a| crate::bounces::parse(a)) {
        return bounce::receive(state, id, raw, &bounce, now).await;
    }
    let Some(secret) = addresses.iter().find_map(|a| address_secret(a)) else {
        return howto::answer(state, id, &letter, &addresses, now).await;
    };
    let (from_seat, table) = match to_seat(state, id, secret, &letter, now).await? {
        Ok(found) => found,
        Err(handled) => return Ok(handled),
    };
    act(state, from_seat, &table, letter).await
}

/// The seat a mail is for, by the secret in its address, de-duplicated per seat, with whom to
/// answer and the game as it is (`Ok`); else what became of the mail (`Err`: dropped, or a
/// duplicate).
async fn to_seat(
    state: &AppState,
    mut id: i64,
    secret: String,
    letter: &mail::Letter,
    now: i64,
) -> ApiResult<Result<(SeatMail, Table), Handled>> {
    let Some(found) = seat_by_secret(state, &secret).await? else {
        return dropped(
            state,
            id,
            "no seat has this order address (rotated, or never given)".into(),
        )
        .await
        .map(Err);
    };
    let (game_id, seat) = (found.game_id, found.seat);
    let Some((player_id, name, email)) = found.player else {
        return dropped(
            state,
            id,
            format!(
                "game {game_id} seat {}: nobody holds the seat (or its player is suspended or gone)",
                seat.0
            ),
        )
        .await.map(Err);
    };
    // De-duplicated per seat, now that the secret is checked: the same Message-ID sent to two
    // seats is two deliveries; a redelivery to the same seat is one.
    if let Some(message_id) = &letter.message_id
        && let Claim::Earlier {
            id: earlier_id,
            status: earlier_status,
        } = inbound::claim(state, id, game_id, seat, message_id).await?
    {
        let note = format!(
            "Message-ID {message_id} to game {game_id} seat {} is inbound mail {earlier_id} ({earlier_status})",
            seat.0
        );
        inbound::mark_alone(
            state,
            &InboundDone {
                id,
                status: "duplicate",
                note: note.clone(),
                game_id: Some(game_id),
                seat: Some(seat),
            },
        )
        .await?;
        if earlier_status != "new" {
            tracing::warn!(inbound = id, "duplicate, not applied again: {note}");
            return Ok(Err(Handled::Duplicate));
        }
        // The earlier delivery stopped before it was handled: this one finishes it.
        id = earlier_id;
    }
    // The answer goes to the seat's player at their confirmed address; without one, to the
    // sender (who knew the seat's secret).
    let Some(reply_to) = email.or(letter.from.clone()) else {
        return dropped_for(
            state,
            id,
            "nobody to answer: no confirmed address and no From".into(),
            Some((game_id, seat)),
        )
        .await
        .map(Err);
    };
    let table = store::load(state, game_id).await?;
    // Every answer in the seat's language (the seat's own, else the account's).
    let lang = crate::letters::seat_lang(state, &table, seat).await?;
    let from_seat = SeatMail {
        id,
        game_id,
        seat,
        player: Player {
            id: player_id,
            name,
            secret: String::new(),
            time_zone: None,
            echo_to: None,
            operator: false,
            lang: Some(lang),
        },
        lang,
        secret,
        reply_to,
        message_id: letter.message_id.clone(),
        now,
    };
    Ok(Ok((from_seat, table)))
}

/// The seat's two actions on its mail: its press is published, then its orders sealed (each
/// answered as it says).
async fn act(
    state: &AppState,
    from_seat: SeatMail,
    table: &Table,
    mut letter: mail::Letter,
) -> ApiResult<Handled> {
    // Press under its headings is published, and taken out of what is read for orders.
    let parted = crate::press_mail::part(&letter.body);
    if !parted.press.is_empty() {
        letter.body = parted.rest;
    }
    let read = mail::orders_in(&table.record, &letter);
    let orders_too = read.lineup.is_some() || read.orders.is_some() || !read.problems.is_empty();
    if let Some(handled) =
        press::publish(state, &from_seat, table, &parted.press, orders_too).await?
    {
        return Ok(handled);
    }
    orders::submit(state, from_seat, &read).await
}

/// A message that cannot be read (too large, endless headers, no headers). Its envelope
/// recipient may still name a seat: that seat's player is told at their confirmed address
/// (never a header's, which could be forged) why nothing was read, so that a reply that
/// quoted too much is not lost in silence. Otherwise it is dropped.
async fn unreadable(
    state: &AppState,
    id: i64,
    recipient: Option<&str>,
    why: &mail::Unreadable,
    now: i64,
) -> ApiResult<Handled> {
    let found = match recipient.and_then(address_secret) {
        Some(secret) => seat_by_secret(state, &secret)
            .await?
            .map(|found| (secret, found)),
        None => None,
    };
    let (secret, game_id, seat, player_id, email) = match found {
        Some((
            secret,
            SeatBySecret {
                game_id,
                seat,
                player: Some((player_id, _, Some(email))),
            },
        )) => (secret, game_id, seat, player_id, email),
        // Nobody to answer. An unreadable message has no Message-ID read, so the seat it came
        // to, if known, is recorded with it.
        found => {
            let at = found.map(|(_, f)| (f.game_id, f.seat));
            return dropped_for(state, id, why.to_string(), at).await;
        }
    };
    let table = store::load(state, game_id).await?;
    let lang = crate::letters::seat_lang(state, &table, seat).await?;
    let (subject, mut body) = refusal(&table, seat, lang, &[why.to_string()], false);
    body.push_str(&format!("\n{}\n", tr!(lang, "echo-too-long")));
    answer(
        state,
        OutMail {
            kind: "refusal".into(),
            to: email,
            game_id: Some(game_id),
            seat: Some(seat),
            player_id: Some(player_id),
            reply_secret: Some(secret),
            subject,
            body,
            ..OutMail::default()
        },
        InboundDone {
            id,
            status: "refused",
            note: why.to_string(),
            game_id: Some(game_id),
            seat: Some(seat),
        },
        now,
    )
    .await?;
    Ok(Handled::Refused)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_is_the_plus_part_of_the_local_part() {
        assert_eq!(
            address_secret("orders+ab12cd@club.example").as_deref(),
            Some("ab12cd")
        );
        assert_eq!(
            address_secret("<Orders+AB12@club.example>").as_deref(),
            Some("ab12")
        );
        assert_eq!(address_secret("orders@club.example"), None);
        assert_eq!(address_secret("orders+a.b@club.example"), None);
        assert_eq!(address_secret("orders+@club.example"), None);
    }
}
