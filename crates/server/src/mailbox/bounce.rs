//! A relay's bounce arriving at a mail's bounce address (`crate::bounces` signs and checks
//! those): read by `mail::read_bounce`, a failure marks the outbox row and the player's address
//! with the relay's words (`store::bounces`); a delay warning, an out-of-office reply or a
//! forged address marks nothing.

use crate::bounces::{BounceAddress, verified};
use crate::error::ApiResult;
use crate::state::AppState;
use store::bounces;
use store::outbox_rows::InboundDone;

use super::handled::Handled;

/// Handles inbound message `id` (`raw`), delivered to the bounce address `bounce`.
pub(crate) async fn receive(
    state: &AppState,
    id: i64,
    raw: &[u8],
    bounce: &BounceAddress,
    now: i64,
) -> ApiResult<Handled> {
    let drop = |note: String| async move {
        tracing::warn!(inbound = id, "mail to a bounce address dropped: {note}");
        store::inbound::mark_alone(
            state,
            &InboundDone {
                id,
                status: "dropped",
                note: note.clone(),
                game_id: None,
                seat: None,
            },
        )
        .await?;
        ApiResult::Ok(Handled::Dropped(note))
    };
    let Some(row) = verified(state, bounce).await? else {
        return drop(format!(
            "bounce address of outbox {}: no such mail, or a wrong signature (forged?)",
            bounce.row
        ))
        .await;
    };
    let what = format!("{} {} to {}", row.kind, row.id, row.to);
    let Some(read) = mail::read_bounce(raw) else {
        return drop(format!(
            "to the bounce address of {what}: not a bounce (an automatic reply?)"
        ))
        .await;
    };
    match read.action {
        mail::bounce::Action::Failed => {}
        mail::bounce::Action::Delayed => {
            return drop(format!(
                "delay warning for {what}, still being tried: {}",
                read.words
            ))
            .await;
        }
        mail::bounce::Action::Delivered => {
            return drop(format!("delivery report for {what}: {}", read.words)).await;
        }
    }
    let note = format!("{what} bounced: {}", read.words);
    let done = InboundDone {
        id,
        status: "applied",
        note: note.clone(),
        game_id: None,
        seat: None,
    };
    let marked = bounces::record(state, &row, &read.words, &done, now).await?;
    tracing::warn!(
        inbound = id,
        outbox = row.id,
        address_marked = marked,
        "bounce: {note}"
    );
    Ok(Handled::Bounced(note))
}
