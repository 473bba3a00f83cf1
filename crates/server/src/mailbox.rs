//! The inbound mail door (`receive`, behind `postrider mail-in` and `serve --smtp-listen`):
//! one RFC 5322 message, stored raw before anything reads it, authenticated by the secret in the address it was sent to (`orders+SECRET@domain`,
//! never the From header), its orders read by `mail::orders_from_mail` and sealed through
//! `actions::submit`, the same path as the API and the forms, and answered through the outbox.

use locale::{Phrase, tr};

use crate::AppState;
use crate::actions::{self, Via};
use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::letters::refusal;
use crate::store;
use crate::store::inbound::{self, Claim, SeatBySecret, seat_by_secret};
use crate::store::outbox_rows::{InboundDone, OutMail};

pub use crate::letters::MailSettings;

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
    let mut id = inbound::store_raw(state, now, recipient, stored).await?;
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
        return crate::bounces::receive(state, id, raw, &bounce, now).await;
    }
    let Some(secret) = addresses.iter().find_map(|a| address_secret(a)) else {
        return bare_address(state, id, &letter, &addresses, now).await;
    };
    let Some(found) = seat_by_secret(state, &secret).await? else {
        return dropped(
            state,
            id,
            "no seat has this order address (rotated, or never given)".into(),
        )
        .await;
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
        .await;
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
            return Ok(Handled::Duplicate);
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
        .await;
    };
    let table = store::load(state, game_id).await?;
    // Every answer in the seat's language (the seat's own, else the account's).
    let lang = crate::letters::seat_lang(state, &table, seat).await?;
    let player = Player {
        id: player_id,
        name,
        secret: String::new(),
        time_zone: None,
        echo_to: None,
        operator: false,
        lang: Some(lang),
    };
    // Press under its headings is published, and taken out of what is read for orders.
    let parted = crate::press_mail::part(&letter.body);
    let mut letter = letter;
    if !parted.press.is_empty() {
        letter.body = parted.rest;
    }
    let read = mail::orders_in(&table.record, &letter);
    let published = crate::press_mail::publish(state, &player, game_id, id, &parted.press).await?;
    if !parted.press.is_empty() {
        let (subject, body) = crate::press_mail::receipt(&table, seat, lang, &published);
        let press_answer = OutMail {
            kind: "press".into(),
            to: reply_to.clone(),
            game_id: Some(game_id),
            seat: Some(seat),
            player_id: Some(player_id),
            reply_secret: Some(secret.clone()),
            in_reply_to: letter.message_id.clone(),
            subject,
            body,
            ..OutMail::default()
        };
        let orders_too =
            read.lineup.is_some() || read.orders.is_some() || !read.problems.is_empty();
        if !orders_too {
            let status = if published.all { "applied" } else { "refused" };
            let note = published.lines.join("; ");
            let done = InboundDone {
                id,
                status,
                note,
                game_id: Some(game_id),
                seat: Some(seat),
            };
            answer(state, press_answer, done, now).await?;
            return Ok(if published.all {
                Handled::Applied
            } else {
                Handled::Refused
            });
        }
        // With orders, their echo answers the mail; the press is answered apart only when
        // some of it was refused.
        if !published.all {
            store::outbox_rows::queue_alone(state, &press_answer).await?;
        }
    }
    let via = Via::Mail {
        inbound: id,
        to: reply_to.clone(),
        in_reply_to: letter.message_id.clone(),
        ignored: read.ignored.clone(),
    };
    let outcome = match read.submission() {
        Ok(submission) => actions::submit_via(state, &player, game_id, &submission, via).await,
        Err(problems) => Err(ApiError::Bad(Phrase::each(|lang| {
            let lines: Vec<String> = problems.iter().map(|p| p.text(lang)).collect();
            lines.join("\n")
        }))),
    };
    // Only a database failure is tried again (the MTA's 75); every refusal is answered.
    let (problems, stale) = match outcome {
        Ok(_) => return Ok(Handled::Applied),
        Err(e @ ApiError::Internal(_)) => return Err(e),
        Err(ApiError::Bad(message)) => {
            let text = message.text(lang);
            (text.lines().map(String::from).collect::<Vec<_>>(), false)
        }
        Err(ApiError::Stale { message, .. } | ApiError::Conflict(message)) => {
            (vec![message.text(lang)], true)
        }
        Err(other) => (vec![other.text(lang)], false),
    };
    // Answered, not applied: the reply and the inbound row's status in one transaction.
    let table = store::load(state, game_id).await?;
    let (subject, body) = refusal(&table, seat, lang, &problems, stale);
    answer(
        state,
        OutMail {
            kind: "refusal".into(),
            to: reply_to,
            game_id: Some(game_id),
            seat: Some(seat),
            player_id: Some(player_id),
            reply_secret: Some(secret),
            in_reply_to: letter.message_id.clone(),
            subject,
            body,
            ..OutMail::default()
        },
        InboundDone {
            id,
            status: "refused",
            note: problems.join("; "),
            game_id: Some(game_id),
            seat: Some(seat),
        },
        now,
    )
    .await?;
    Ok(Handled::Refused)
}

/// Writes `mail` to the outbox and marks the inbound row, in one transaction.
async fn answer(state: &AppState, mail: OutMail, done: InboundDone, now: i64) -> ApiResult<()> {
    inbound::answer(state, &mail, now, |_| done).await?;
    Ok(())
}

/// Marks a message dropped, with its log line.
async fn dropped(state: &AppState, id: i64, note: String) -> ApiResult<Handled> {
    dropped_for(state, id, note, None).await
}

/// Marks a message dropped, with its log line and the seat it came to, so that the game's
/// mail log on the GM's console shows it. Only where no other row of the seat can hold the
/// message's Message-ID (the unique index of game, seat and Message-ID): after the claim, or
/// for a message without one.
async fn dropped_for(
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

/// A message to an order address without a seat's secret (`orders@club.example`): a player
/// who wrote a new mail instead of replying. It is answered with how to send orders — each of
/// the player's seats in a running game and its order address — but only when its From is an
/// address an account has confirmed, and then only to that address (a forged From gets the
/// owner a mail they can ignore, never a stranger), at most once an hour per account. Any
/// other such message is dropped.
async fn bare_address(
    state: &AppState,
    id: i64,
    letter: &mail::Letter,
    addresses: &[String],
    now: i64,
) -> ApiResult<Handled> {
    let no_secret = format!("no order address among {addresses:?}");
    let Some(from) = letter.from.as_deref() else {
        return dropped(state, id, no_secret).await;
    };
    let Some((player_id, email)) = inbound::account_by_address(state, from).await? else {
        return dropped(
            state,
            id,
            format!("{no_secret}; {from} is no confirmed address"),
        )
        .await;
    };
    // The address the mail came to names the domain of the seats' addresses.
    let orders_address = addresses
        .iter()
        .find(|a| a.contains('@'))
        .map(|a| a.trim().trim_matches(['<', '>']).to_string())
        .or_else(|| state.mail.as_ref().map(|m| m.orders_address.clone()))
        .unwrap_or_else(|| "orders".into());
    let settings = MailSettings {
        public_url: String::new(),
        from: String::new(),
        orders_address,
    };
    let seats = inbound::order_addresses(state, player_id).await?;
    let lang = crate::letters::account_lang(state, player_id).await?;
    let mut body = format!(
        "{}\n\n{}",
        tr!(lang, "mail-howto-intro"),
        tr!(lang, "mail-howto-reply")
    );
    if seats.is_empty() {
        body.push_str(&format!("{}\n", tr!(lang, "mail-howto-no-seat")));
    } else {
        body.push_str(&format!("{}\n\n", tr!(lang, "mail-howto-seats")));
        for (title, seat, secret) in &seats {
            let line = tr!(
                lang,
                "mail-howto-seat",
                title = title.as_str(),
                seat = seat.as_str(),
                address = settings.order_address(secret)
            );
            body.push_str(&format!("  {line}\n"));
        }
        body.push_str(&format!("\n{}\n", tr!(lang, "mail-howto-keep")));
    }
    let answered = format!("{no_secret}; {email} was answered within the hour: not again");
    let mut note = String::new();
    let written = inbound::answer(
        state,
        &OutMail {
            kind: "howto".into(),
            to: email.clone(),
            player_id: Some(player_id),
            in_reply_to: letter.message_id.clone(),
            subject: tr!(lang, "mail-howto-subject"),
            body,
            dedup_key: Some(format!("howto/{player_id}/{}", now.div_euclid(3600))),
            ..OutMail::default()
        },
        now,
        |written| {
            note = if written {
                format!("{no_secret}; answered {email} with how to send orders")
            } else {
                answered
            };
            InboundDone {
                id,
                status: if written { "refused" } else { "dropped" },
                note: note.clone(),
                game_id: None,
                seat: None,
            }
        },
    )
    .await?;
    tracing::info!(inbound = id, "{note}");
    Ok(if written {
        Handled::Refused
    } else {
        Handled::Dropped(note)
    })
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
