//! The outbox's rows on their way out: a worker claims the due rows with a lease (so that two
//! `serve` processes never send the same row at once), reads each one it holds, and records
//! what became of it — sent, due again later, or given up. Only the lease's holder records.

use sqlx::Row;

use super::error::StoreResult;
use super::state::Store;

/// A claimed row, with what its mail needs from the player it goes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub id: i64,
    pub message_id: String,
    pub to: String,
    pub reply_secret: Option<String>,
    pub in_reply_to: Option<String>,
    pub subject: String,
    pub body: String,
    pub attempts: i64,
    /// The secret of the player's one-click unsubscribe link.
    pub unsubscribe: Option<String>,
    pub kind: String,
    pub game_id: Option<i64>,
    pub seat: Option<i64>,
    pub turn: Option<i64>,
    /// The reader's language (a code; `None`: English).
    pub lang: Option<String>,
    /// The relay's words, when the mail is for a player's address that bounces (and is not
    /// the confirmation that clears it): it is not sent.
    pub bouncing: Option<String>,
}

/// Which rows a worker may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kinds {
    /// Every row: the server has a relay.
    All,
    /// Webhook posts and pushes only: mail waits for a server with a relay.
    NoMail,
}

/// Claims at most `batch` due rows for `owner` until `until`: their ids, in order. A row is
/// due when unsent, not given up, its retry time reached, and not leased (or its lease ran
/// out). Each claim counts as an attempt. One statement, one commit: of two servers claiming
/// at once, the second finds the rows the first took leased (the update checks the lease
/// again on the row it writes) and takes none of them.
pub async fn claim(
    store: &Store,
    owner: &str,
    now: i64,
    until: i64,
    batch: i64,
    kinds: Kinds,
) -> StoreResult<Vec<i64>> {
    let kinds = match kinds {
        Kinds::All => "",
        Kinds::NoMail => "AND kind IN ('webhook', 'push') ",
    };
    let mut claimed: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "UPDATE outbox SET lease_owner = $1, lease_until = $2, attempts = attempts + 1 \
         WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL \
         AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until < $3) {kinds}\
         ORDER BY id LIMIT $4) \
         AND sent_at IS NULL AND failed_at IS NULL AND (lease_until IS NULL OR lease_until < $3) \
         RETURNING id"
    )))
    .bind(owner)
    .bind(until)
    .bind(now)
    .bind(batch)
    .fetch_all(&store.db.pool)
    .await?;
    claimed.sort_unstable();
    Ok(claimed)
}

/// The rows of `ids` that `owner` holds and that are unsent, in order (one left out: another
/// worker took it after this one's lease ran out, or it went). One query for a pass.
pub async fn held(store: &Store, owner: &str, ids: &[i64]) -> StoreResult<Vec<Outgoing>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The list padded to a power of two (`store::sql`): a statement of a few shapes.
    let backend = store.db.backend;
    let (list, padded) = super::sql::in_list(backend, ids);
    let owner_at = super::sql::placeholders_after(backend, padded.len(), 1, 1);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT o.id, o.message_id, o.to_addr, o.reply_secret, o.in_reply_to, o.subject, o.body, \
         o.attempts, p.unsubscribe_token, o.kind, o.game_id, o.seat, o.turn, p.lang, \
         CASE WHEN p.email_bounced_at IS NOT NULL AND lower(p.email) = lower(o.to_addr) \
         AND o.kind <> 'confirm' THEN COALESCE(p.email_bounce, '') END \
         FROM outbox o LEFT JOIN players p ON p.id = o.player_id \
         WHERE o.id IN {list} AND o.lease_owner = {owner_at} AND o.sent_at IS NULL ORDER BY o.id"
    )));
    for id in padded {
        query = query.bind(id);
    }
    let rows = query.bind(owner).fetch_all(&store.db.pool).await?;
    Ok(rows
        .iter()
        .map(|r| Outgoing {
            id: r.get(0),
            message_id: r.get(1),
            to: r.get(2),
            reply_secret: r.get(3),
            in_reply_to: r.get(4),
            subject: r.get(5),
            body: r.get(6),
            attempts: r.get(7),
            unsubscribe: r.get(8),
            kind: r.get(9),
            game_id: r.get(10),
            seat: r.get(11),
            turn: r.get(12),
            lang: r.get(13),
            bouncing: r.get(14),
        })
        .collect())
}

/// What became of a held row that was not sent (a sent one: [`sent`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not sent for now: due again at `at`, with the reason kept.
    Retry { at: i64, error: String },
    /// Not sent, for good, with the reason kept.
    GivenUp { error: String },
}

/// Records rows `ids` sent at `now`, those `owner` still holds: one statement for a pass's
/// mails (a commit each was most of a report mail's time on SQLite, its fsync).
pub async fn sent(store: &Store, owner: &str, ids: &[i64], now: i64) -> StoreResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    // The parameters in the order of the text (SQLite numbers anonymous ones so).
    let backend = store.db.backend;
    let one = |n: usize| super::sql::placeholders_after(backend, n, 1, 1);
    let (_, padded) = super::sql::in_list(backend, ids);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE outbox SET sent_at = {now}, lease_until = NULL, last_error = NULL \
         WHERE lease_owner = {owner} AND id IN {list}",
        now = one(0),
        owner = one(1),
        list = super::sql::placeholders_after(backend, 2, 1, padded.len()),
    )))
    .bind(now)
    .bind(owner);
    for id in padded {
        query = query.bind(id);
    }
    query.execute(&store.db.pool).await?;
    Ok(())
}

/// Records what became of row `id`, if `owner` still holds it.
pub async fn record(
    store: &Store,
    owner: &str,
    id: i64,
    now: i64,
    outcome: &Outcome,
) -> StoreResult<()> {
    let query = match outcome {
        Outcome::Retry { at, error } => sqlx::query(
            "UPDATE outbox SET next_attempt_at = $1, lease_owner = NULL, lease_until = NULL, last_error = $2 \
             WHERE id = $3 AND lease_owner = $4",
        )
        .bind(*at)
        .bind(error.as_str()),
        Outcome::GivenUp { error } => sqlx::query(
            "UPDATE outbox SET failed_at = $1, lease_owner = NULL, lease_until = NULL, last_error = $2 \
             WHERE id = $3 AND lease_owner = $4",
        )
        .bind(now)
        .bind(error.as_str()),
    };
    query.bind(id).bind(owner).execute(&store.db.pool).await?;
    Ok(())
}
