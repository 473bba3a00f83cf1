//! Turns at their deadline: one game's coming turn played (bots' orders, NMR, the
//! resolution) as a change ready to commit, and the due games found and claimed a batch at a
//! time (the worker, `server::change::process_due`, commits them with their letters).

use std::collections::HashMap;

use gm::{Event, Record};
use sqlx::Row;

use super::change::Change;
use super::error::{StoreError, StoreResult};
use super::locks::{GameGuard, lock};
use super::read::{load, load_many_to_change};
use super::state::Store;
use super::table::{SeatRow, Table};
use super::write::{Pending, prepare};
use crate::db::Backend;

/// Game `id` locked and read, for its coming turn ([`turn`]).
pub async fn locked(state: &Store, id: i64) -> StoreResult<(GameGuard, Table)> {
    let mut guard = lock(state, id).await;
    let table = guard.load(state).await?;
    Ok((guard, table))
}

/// The coming turn of the game read as `table` (through `guard`) played, if it is due (its
/// deadline has passed, or every seat is ready) or `force`d by the GM: seats handed to bots
/// get the bot's orders, players away with nothing sealed their stand-ins, everyone else
/// without orders the rules' NMR policy, and the turn is adjudicated — one change, ready to
/// commit with its letters. `None` when the turn is not to be played.
pub async fn turn<'s>(
    state: &'s Store,
    guard: GameGuard,
    mut table: Table,
    force: bool,
    actor: &str,
) -> StoreResult<Option<Pending<'s>>> {
    let now = state.clock.now();
    let due = gm::at_deadline::Due {
        next_deadline: table.row.next_deadline,
        over: table.row.over,
        paused: table.row.paused,
        all_ready: table.all_ready(),
    };
    if !gm::at_deadline::plays(due, table.record.is_over(), now, force) {
        return Ok(None);
    }
    // Players away with nothing sealed: their stand-ins, logged before the resolution.
    let mut events = super::absences::stand_in(state, &mut table, now).await?;
    events.extend(play_turn(&mut table.record, &table.seats)?);
    let next = table
        .row
        .deadline_rule
        .next_after(now)
        .map_err(|e| StoreError::Internal(e.to_string()))?;
    let change = Change {
        events,
        next_deadline: Some(Some(next)),
        ..Change::default()
    };
    Ok(Some(prepare(state, guard, table, actor, change)?))
}

/// Adjudicates the coming turn on `record`: the bots in their seats send their orders, then
/// the turn is resolved (missing orders get the rules' NMR policy). Returns the log entries.
pub fn play_turn(record: &mut Record, seats: &[SeatRow]) -> Result<Vec<Event>, gm::GmError> {
    let seats: Vec<_> = seats.iter().map(super::absences::holder).collect();
    gm::at_deadline::play_turn(record, &seats)
}

/// Whether any game is due now (the worker's backup is made only before a pass with work).
pub async fn any_due(state: &Store) -> StoreResult<bool> {
    let due: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM games WHERE all_ready = 1 AND over = 0 AND paused = 0 \
         UNION ALL SELECT id FROM games WHERE over = 0 AND paused = 0 AND next_deadline <= $1 \
         LIMIT 1",
    )
    .bind(state.clock.now())
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(due.is_some())
}

/// The earliest deadline after `now` of a game still playing: the worker wakes then, to the
/// second, instead of up to a tick later (index `games_due`).
pub async fn next_deadline_after(state: &Store, now: i64) -> StoreResult<Option<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT MIN(next_deadline) FROM games WHERE over = 0 AND paused = 0 AND next_deadline > $1",
    )
    .bind(now)
    .fetch_one(&state.db.pool)
    .await?)
}

/// Where a pass over the due games has got to. It takes the games whose every seat is ready
/// first, by id (index `games_all_ready`), then those past their deadline in deadline order
/// (index `games_due`); each batch continues from the last game the one before it looked at,
/// so that it reads its own index entries only, however many games are due at once.
#[derive(Clone, Copy, Debug)]
pub enum Sweep {
    /// Ready games with ids above this one.
    Ready(i64),
    /// Games past their deadline after this (deadline, id).
    PastDeadline(i64, i64),
}

impl Sweep {
    /// The next up to `most` games of the sweep at `now`, as `(sweep_key, id)` in the sweep's
    /// order, `ORDER BY sweep_key, id` (the key is the id again in the first sweep).
    fn query(self, sql: &str, most: usize, now: i64) -> Query<'_> {
        let query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(most as i64);
        match self {
            Sweep::Ready(id) => query.bind(id),
            Sweep::PastDeadline(deadline, id) => query.bind(id).bind(deadline).bind(now),
        }
    }

    fn sql(self) -> &'static str {
        match self {
            Sweep::Ready(_) => {
                "SELECT id AS sweep_key, id FROM games \
                 WHERE all_ready = 1 AND over = 0 AND paused = 0 AND id > $2 \
                 ORDER BY id LIMIT $1"
            }
            Sweep::PastDeadline(..) => {
                "SELECT next_deadline AS sweep_key, id FROM games \
                 WHERE over = 0 AND paused = 0 AND next_deadline <= $4 \
                 AND (next_deadline, id) > ($3, $2) \
                 ORDER BY next_deadline, id LIMIT $1"
            }
        }
    }

    /// The sweep continued after the game `(sweep_key, id)`.
    pub fn after(self, (key, id): (i64, i64)) -> Sweep {
        match self {
            Sweep::Ready(_) => Sweep::Ready(id),
            Sweep::PastDeadline(..) => Sweep::PastDeadline(key, id),
        }
    }
}

type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// A batch of due games this process has claimed. On PostgreSQL a claim is a session advisory
/// lock on each game's id, taken on a connection held until the batch is played and let go
/// then: another process passes over the games it cannot lock, and a process that dies loses
/// its claims with its connections. On SQLite (one server process, as a rule) there are none;
/// with two, the optimistic lock still plays each turn once.
#[derive(Debug)]
pub struct Claim {
    session: Option<sqlx::pool::PoolConnection<sqlx::Any>>,
    pub ids: Vec<i64>,
}

impl Claim {
    /// The next up to `most` games of `sweep`: the last one looked at, as (sweep key, id)
    /// (`None` when there are no more), and those of them this process claimed, by id.
    pub async fn next(
        state: &Store,
        sweep: Sweep,
        most: usize,
    ) -> StoreResult<Option<((i64, i64), Claim)>> {
        // Made before the first lock is tried: whatever stops this (an error, a cancel), the
        // connection is then closed by `Drop`, never pooled with locks on it.
        let mut claim = Claim {
            session: None,
            ids: Vec::new(),
        };
        let sql = match state.db.backend {
            Backend::Postgres => format!(
                "SELECT sweep_key, id, pg_try_advisory_lock(id) FROM ({}) due \
                 ORDER BY sweep_key, id",
                sweep.sql()
            ),
            Backend::Sqlite => sweep.sql().to_owned(),
        };
        let query = sweep.query(&sql, most, state.clock.now());
        let rows: Vec<(i64, i64, bool)> = match state.db.backend {
            Backend::Postgres => {
                let session = claim.session.insert(state.db.pool.acquire().await?);
                query
                    .fetch_all(&mut **session)
                    .await?
                    .iter()
                    .map(|r| (r.get(0), r.get(1), r.get(2)))
                    .collect()
            }
            Backend::Sqlite => query
                .fetch_all(&state.db.pool)
                .await?
                .iter()
                .map(|r| (r.get(0), r.get(1), true))
                .collect(),
        };
        claim.ids = rows
            .iter()
            .filter(|&&(_, _, mine)| mine)
            .map(|&(_, id, _)| id)
            .collect();
        // Locked in ascending order, as every holder of more than one game's lock takes them.
        claim.ids.sort_unstable();
        if claim.ids.is_empty() {
            // No lock was taken: the connection goes back to the pool as it is.
            drop(claim.session.take());
        }
        Ok(rows.last().map(|&(key, id, _)| ((key, id), claim)))
    }

    /// Lets the batch's games go (played, or left to the next pass).
    pub async fn release(mut self) -> StoreResult<()> {
        if let Some(session) = self.session.as_mut() {
            sqlx::query("SELECT pg_advisory_unlock_all()")
                .execute(&mut **session)
                .await?;
        }
        // Unlocked: back to the pool. (Had the unlocking failed or been cancelled, `Drop`
        // would close it instead.)
        drop(self.session.take());
        Ok(())
    }
}

impl Drop for Claim {
    /// A batch that stopped on an error: its connection is closed, not pooled, and its
    /// claims go with it.
    fn drop(&mut self) {
        if let Some(session) = self.session.take() {
            drop(session.detach());
        }
    }
}

/// The games of `ids` (ascending) locked and read, to play their turns ([`turn`]): a game
/// with a change of this process waiting as that change leaves it, the others read together.
/// A game that cannot be read is logged and left out.
pub async fn lock_batch(state: &Store, ids: &[i64]) -> Vec<(GameGuard, Table)> {
    // In ascending order, as every holder of more than one game's lock takes them.
    let mut guards = Vec::with_capacity(ids.len());
    for &id in ids {
        guards.push(lock(state, id).await);
    }
    let mut tables: HashMap<i64, Table> = HashMap::with_capacity(ids.len());
    let mut read = Vec::with_capacity(ids.len());
    for guard in &mut guards {
        match guard.waiting_table() {
            Some(table) => {
                tables.insert(guard.id, table);
            }
            None => {
                guard.settle().await;
                read.push(guard.id);
            }
        }
    }
    match load_many_to_change(state, &read).await {
        Ok(read) => tables.extend(read.into_iter().map(|t| (t.row.id, t))),
        // One game that cannot be read (a log that no longer replays) does not hold up the
        // others: each is read again through `load`, where one read's failure is its own
        // (`group_read`), and those that fail are logged.
        Err(_) => {
            for id in read {
                match load(state, id).await {
                    Ok(table) => {
                        tables.insert(id, table);
                    }
                    Err(e) => tracing::error!(game = id, error = %e, "reading a due game failed"),
                }
            }
        }
    }
    guards
        .into_iter()
        .filter_map(|guard| {
            let table = tables.remove(&guard.id)?;
            Some((guard, table))
        })
        .collect()
}
