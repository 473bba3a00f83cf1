//! What the server keeps of mail, and for how long: a handled inbound message's raw text and
//! the outbox's sent and given-up rows are kept (the server's `Config::keep_mail_days`)
//! days, then cleaned by the deadline worker. The inbound row itself stays (its Message-ID
//! still tells a redelivery from a new message; its status and note stay in the mail log),
//! and an unhandled message is never touched.

use super::error::StoreResult;
use super::state::Store;

/// What one cleaning removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cleaned {
    /// Inbound messages whose raw text was emptied.
    pub raw_mails: u64,
    /// Outbox rows deleted (sent, or given up).
    pub outbox_rows: u64,
}

/// Empties the raw text of inbound messages handled and received before `before`, and deletes
/// the outbox rows sent or given up before it (Unix seconds).
pub async fn clean(state: &Store, before: i64) -> StoreResult<Cleaned> {
    let raw_mails = sqlx::query(
        "UPDATE inbound_mail SET raw = $1 WHERE received_at < $2 AND status <> 'new' \
         AND length(raw) > 0",
    )
    .bind(Vec::<u8>::new())
    .bind(before)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    let outbox_rows = sqlx::query(
        "DELETE FROM outbox WHERE (sent_at IS NOT NULL AND sent_at < $1) \
         OR (failed_at IS NOT NULL AND failed_at < $1)",
    )
    .bind(before)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    Ok(Cleaned {
        raw_mails,
        outbox_rows,
    })
}
