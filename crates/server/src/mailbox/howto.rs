//! A mail to the order address without a seat's secret (`orders@club.example`): answered with
//! how to send orders, or dropped.

use locale::tr;

use super::handled::{Handled, dropped};
use crate::error::ApiResult;
use crate::sender::MailSettings;
use crate::state::AppState;
use store::inbound;
use store::outbox_rows::{InboundDone, OutMail};

/// A message to an order address without a seat's secret (`orders@club.example`): a player
/// who wrote a new mail instead of replying. It is answered with how to send orders — each of
/// the player's seats in a running game and its order address — but only when its From is an
/// address an account has confirmed, and then only to that address (a forged From gets the
/// owner a mail they can ignore, never a stranger), at most once an hour per account. Any
/// other such message is dropped.
pub(super) async fn answer(
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
    let lang = store::players::lang(state, player_id).await?;
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
