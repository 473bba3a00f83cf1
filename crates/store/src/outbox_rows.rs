//! The outbox rows and inbound marks a change writes in its own transaction: the mail it
//! causes (made outside the store, by the letters) and what became of the message that caused it.

use game_api::Seat;
use sqlx::AnyConnection;

use super::error::StoreResult;
use super::sql::{MAX_PARAMETERS, padded_chunks, padded_row, placeholders};
use super::state::Store;

/// One mail to send, as the outbox holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutMail {
    /// What it is: `report`, `echo`, `refusal`, `howto` (the answer to a mail without a seat's
    /// secret), `welcome`, `invitation`, `confirm`, `reminder`, `digest`, or `webhook` (a post: `to` is its URL and `body` its JSON).
    pub kind: String,
    pub to: String,
    pub game_id: Option<i64>,
    pub seat: Option<Seat>,
    pub player_id: Option<i64>,
    /// The seat's order-address secret: the mail's Reply-To is made from it when it is sent.
    pub reply_secret: Option<String>,
    /// The Message-ID this mail answers.
    pub in_reply_to: Option<String>,
    pub subject: String,
    pub body: String,
    /// A key that makes the row once-only whatever the number of servers writing it
    /// (`reminder/GAME/TURN/SEAT/STAGE`): a second row with the key is dropped.
    pub dedup_key: Option<String>,
    /// The turn a report reports (its HTML alternative and picture are made when it is sent).
    pub turn: Option<u16>,
}

/// An inbound message's outcome, recorded in the transaction that acts on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboundDone {
    pub id: i64,
    /// `applied`, `refused`, `duplicate` or `dropped`.
    pub status: &'static str,
    pub note: String,
    pub game_id: Option<i64>,
    pub seat: Option<Seat>,
}

/// Writes `mail` to the outbox, due at once. Its Message-ID's left part is drawn here and
/// kept: a retry sends the same Message-ID, so a mail sent twice is seen as one. A mail with a
/// `dedup_key` already in the outbox is not written again (false).
pub async fn queue(conn: &mut AnyConnection, mail: &OutMail, now: i64) -> StoreResult<bool> {
    Ok(queue_many(conn, &[(mail, now)]).await? == 1)
}

/// Writes `mail` to the outbox in a transaction of its own (a mail no change of a game
/// causes): whether it was written (see [`queue`]).
pub async fn queue_alone(state: &Store, mail: &OutMail) -> StoreResult<bool> {
    let mut tx = state.db.pool.begin().await?;
    let written = queue(&mut tx, mail, state.clock.now()).await?;
    tx.commit().await?;
    Ok(written)
}

/// [`queue`] for many mails, each with its time, in multi-row statements (the committer's
/// batches); returns how many were written.
pub async fn queue_many(conn: &mut AnyConnection, mails: &[(&OutMail, i64)]) -> StoreResult<u64> {
    const COLUMNS: usize = 14;
    let mut written = 0;
    for (chunk, rows) in padded_chunks(mails, MAX_PARAMETERS / COLUMNS) {
        // Padding rows have no Message-ID, and are skipped.
        let sql = format!(
            "INSERT INTO outbox (message_id, kind, game_id, seat, player_id, to_addr, reply_secret, in_reply_to, subject, body, created_at, next_attempt_at, dedup_key, turn) \
             SELECT {} FROM (VALUES {}) AS v WHERE column1 IS NOT NULL ON CONFLICT DO NOTHING",
            (1..=COLUMNS)
                .map(|c| format!("column{c}"))
                .collect::<Vec<_>>()
                .join(", "),
            placeholders(crate::db::Backend::of(conn), rows, COLUMNS)
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for k in 0..rows {
            let ((mail, now), real) = padded_row(chunk, k);
            let message_id = if real {
                Some(format!(
                    "{}.{}",
                    mail.kind,
                    &super::secrets::new_secret()?[..20]
                ))
            } else {
                None
            };
            query = query
                .bind(message_id)
                .bind(&mail.kind)
                .bind(mail.game_id)
                .bind(mail.seat.map(|s| i64::from(s.0)))
                .bind(mail.player_id)
                .bind(&mail.to)
                .bind(&mail.reply_secret)
                .bind(&mail.in_reply_to)
                .bind(&mail.subject)
                .bind(&mail.body)
                .bind(*now)
                .bind(*now)
                .bind(&mail.dedup_key)
                .bind(mail.turn.map(i64::from));
        }
        written += query.execute(&mut *conn).await?.rows_affected();
    }
    Ok(written)
}

/// Records what became of an inbound message.
pub async fn mark(conn: &mut AnyConnection, done: &InboundDone) -> StoreResult<()> {
    sqlx::query(
        "UPDATE inbound_mail SET status = $1, note = $2, game_id = $3, seat = $4 WHERE id = $5",
    )
    .bind(done.status)
    .bind(&done.note)
    .bind(done.game_id)
    .bind(done.seat.map(|s| i64::from(s.0)))
    .bind(done.id)
    .execute(conn)
    .await?;
    Ok(())
}
