//! A game's log as stored: whole (for a roll-back and export), a page of it, and its
//! resolutions and roll-backs.

use gm::Event;
use sqlx::Row;

use super::error::{StoreError, StoreResult};
use super::read::RESOLUTIONS;
use super::state::Store;
use super::table::Table;

/// The game's whole event log, in order (for a roll-back and `export`, never for a read a
/// visitor can ask for: the history reads a page at a time, [`history_page`]).
pub async fn events(state: &Store, id: i64) -> StoreResult<Vec<(i64, i64, String, Event)>> {
    sqlx::query("SELECT seq, at, actor, body FROM events WHERE game_id = $1 ORDER BY seq")
        .bind(id)
        .fetch_all(&state.db.pool)
        .await?
        .into_iter()
        .map(|r| log_row(id, &r))
        .collect()
}

fn log_row(id: i64, r: &sqlx::any::AnyRow) -> StoreResult<(i64, i64, String, Event)> {
    let body: String = r.get(3);
    let event =
        Event::from_json(&body).map_err(|e| StoreError::Internal(format!("game {id}: {e}")))?;
    Ok((r.get(0), r.get(1), r.get(2), event))
}

/// The most entries one page of the history holds.
pub const HISTORY_PAGE_MAX: i64 = 500;

/// Entries `from..from + limit` of the log of the game read as `table` (at most
/// [`HISTORY_PAGE_MAX`]; none after the version read): one range of the primary key, the same
/// cost however long the log is.
pub async fn history_page(
    state: &Store,
    table: &Table,
    from: i64,
    limit: i64,
) -> StoreResult<Vec<(i64, i64, String, Event)>> {
    let id = table.row.id;
    let last = table
        .row
        .version
        .min(from.saturating_add(limit.clamp(0, HISTORY_PAGE_MAX)) - 1);
    sqlx::query(
        "SELECT seq, at, actor, body FROM events WHERE game_id = $1 AND seq >= $2 AND seq <= $3 \
         ORDER BY seq",
    )
    .bind(id)
    .bind(from)
    .bind(last)
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| log_row(id, r))
    .collect()
}

/// The resolutions and roll-backs of the log of the game read as `table`, in order: what
/// decides which sealed orders are revealed and where each turn opened ([`RESOLUTIONS`]).
pub async fn resolutions(state: &Store, table: &Table) -> StoreResult<Vec<(i64, Event)>> {
    let id = table.row.id;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT seq, body FROM events WHERE game_id = $1 AND seq <= $2 AND {RESOLUTIONS} \
         ORDER BY seq"
    )))
    .bind(id)
    .bind(table.row.version)
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| {
        let event = Event::from_json(&r.get::<String, _>(1))
            .map_err(|e| StoreError::Internal(format!("game {id}: {e}")))?;
        Ok((r.get(0), event))
    })
    .collect()
}

/// A game whose log is kept without its row, if there is one (PostgreSQL has no foreign key
/// from an event to its game: migration 0023).
pub async fn orphan_log(state: &Store) -> StoreResult<Option<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT e.game_id FROM events e \
         WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = e.game_id) LIMIT 1",
    )
    .fetch_optional(&state.db.pool)
    .await?)
}
