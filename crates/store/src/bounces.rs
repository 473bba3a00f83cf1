//! Bounces as the store keeps them: the outbox row a bounce address names, a bounce recorded
//! on that row and on the player's address (with the bounce's inbound row, in one
//! transaction), and a player's address as bouncing or not. Confirming an address again
//! (`accounts::confirm_email`) clears its mark.

use sqlx::Row;

use super::error::StoreResult;
use super::outbox_rows::{InboundDone, mark};
use super::state::Store;

/// The mail a bounce address names, as a bounce needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BouncedRow {
    pub id: i64,
    pub kind: String,
    /// The address it was sent to.
    pub to: String,
    pub player_id: Option<i64>,
    /// The key its bounce address was signed with: the player's unsubscribe token.
    pub key: Option<String>,
    pub game_id: Option<i64>,
}

/// The outbox row `id`, if there is one.
pub async fn row(state: &Store, id: i64) -> StoreResult<Option<BouncedRow>> {
    let row = sqlx::query(
        "SELECT o.id, o.kind, o.to_addr, o.player_id, p.unsubscribe_token, o.game_id \
         FROM outbox o LEFT JOIN players p ON p.id = o.player_id WHERE o.id = $1",
    )
    .bind(id)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.map(|r| BouncedRow {
        id: r.get(0),
        kind: r.get(1),
        to: r.get(2),
        player_id: r.get(3),
        key: r.get(4),
        game_id: r.get(5),
    }))
}

/// Records a bounce of `row` with the relay's `words`: the row bounced; the player's address
/// bounces if the mail went to it as it still is (a bounce of an address since replaced marks
/// nothing); and the bounce's inbound row is marked `done`. Whether the address was marked.
pub async fn record(
    state: &Store,
    row: &BouncedRow,
    words: &str,
    done: &InboundDone,
    now: i64,
) -> StoreResult<bool> {
    let mut tx = state.db.pool.begin().await?;
    sqlx::query(
        "UPDATE outbox SET bounced_at = COALESCE(bounced_at, $1), bounce = COALESCE(bounce, $2) WHERE id = $3",
    )
    .bind(now)
    .bind(words)
    .bind(row.id)
    .execute(&mut *tx)
    .await?;
    let marked = match row.player_id {
        Some(player) => {
            sqlx::query(
                "UPDATE players SET email_bounced_at = $1, email_bounce = $2 \
                 WHERE id = $3 AND lower(email) = lower($4)",
            )
            .bind(now)
            .bind(words)
            .bind(player)
            .bind(&row.to)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                > 0
        }
        None => false,
    };
    mark(&mut tx, done).await?;
    tx.commit().await?;
    Ok(marked)
}

/// A player's confirmed address that bounces: since when, and the relay's words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Bouncing {
    pub since: i64,
    pub words: String,
}

/// Whether `player`'s confirmed address bounces.
pub async fn of_player(state: &Store, player: i64) -> StoreResult<Option<Bouncing>> {
    let row = sqlx::query(
        "SELECT email_bounced_at, email_bounce FROM players WHERE id = $1 AND email IS NOT NULL",
    )
    .bind(player)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.and_then(|r| {
        r.get::<Option<i64>, _>(0).map(|since| Bouncing {
            since,
            words: r.get::<Option<String>, _>(1).unwrap_or_default(),
        })
    }))
}
