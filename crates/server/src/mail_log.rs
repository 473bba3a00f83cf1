//! The mail log for the GM and the operator (`postrider mail-log`): what did not get through,
//! newest first — outbox rows the relay refused for good or gave up on, and inbound mail that
//! was dropped (no seat, too large, malformed) or answered with its errors — from the outbox
//! and `inbound_mail` tables as they are.

use crate::Db;

/// One line of the mail log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// When it failed (outbox) or arrived (inbound), in Unix seconds.
    pub at: i64,
    /// `outbox failed`, `inbound dropped` or `inbound refused`.
    pub what: &'static str,
    pub game: Option<i64>,
    /// The address it was for: the recipient of a mail out, the order address of a mail in.
    pub address: String,
    /// The mail's subject and the relay's last answer, or what was done with a mail in.
    pub detail: String,
}

/// The newest `limit` entries, of one game if `game` is given.
pub async fn entries(db: &Db, game: Option<i64>, limit: i64) -> Result<Vec<Entry>, sqlx::Error> {
    // The only text put into the queries: one of two fixed filters; the game is bound.
    let game_filter = if game.is_some() {
        " AND game_id = $2"
    } else {
        ""
    };
    let outbox = format!(
        "SELECT failed_at, game_id, to_addr, subject, last_error, attempts FROM outbox \
         WHERE failed_at IS NOT NULL{game_filter} ORDER BY failed_at DESC, id DESC LIMIT $1"
    );
    let mut query = sqlx::query_as::<_, (i64, Option<i64>, String, String, Option<String>, i64)>(
        sqlx::AssertSqlSafe(outbox),
    )
    .bind(limit);
    if let Some(game) = game {
        query = query.bind(game);
    }
    let mut entries: Vec<Entry> = query
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(|(at, game, to, subject, error, attempts)| Entry {
            at,
            what: "outbox failed",
            game,
            address: to,
            detail: format!(
                "{subject:?}: {} (after {attempts} attempts)",
                error.unwrap_or_else(|| "no answer recorded".into())
            ),
        })
        .collect();
    let inbound = format!(
        "SELECT received_at, game_id, recipient, status, note FROM inbound_mail \
         WHERE status IN ('dropped', 'refused'){game_filter} \
         ORDER BY received_at DESC, id DESC LIMIT $1"
    );
    let mut query =
        sqlx::query_as::<_, (i64, Option<i64>, Option<String>, String, Option<String>)>(
            sqlx::AssertSqlSafe(inbound),
        )
        .bind(limit);
    if let Some(game) = game {
        query = query.bind(game);
    }
    entries.extend(query.fetch_all(&db.pool).await?.into_iter().map(
        |(at, game, recipient, status, note)| Entry {
            at,
            what: if status == "dropped" {
                "inbound dropped"
            } else {
                "inbound refused"
            },
            game,
            address: recipient.unwrap_or_else(|| "(no order address)".into()),
            detail: note.unwrap_or_else(|| "answered with its errors".into()),
        },
    ));
    // Newest first; of two at one second, the outbox's first, as listed.
    entries.sort_by_key(|e| std::cmp::Reverse(e.at));
    entries.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(entries)
}
