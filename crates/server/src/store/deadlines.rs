//! Turns at their deadline: one game's coming turn processed (bots' orders, NMR, the
//! resolution), and every due game a batch at a time.

use std::collections::HashMap;

use gm::{Event, Record};
use sqlx::Row;
use tokio::task::JoinSet;

use super::change::Change;
use super::error::{StoreError, StoreResult};
use super::locks::{GameGuard, lock};
use super::read::{load, load_many_to_change};
use super::table::{SeatRow, Table};
use super::write::append;
use crate::AppState;
use crate::db::Backend;

/// Processes the coming turn of a game if it is due (its deadline has passed, or every seat
/// is ready) or `force`d by the GM: seats handed to bots get the bot's orders, everyone else
/// without orders gets the rules' NMR policy, and the turn is adjudicated — all in one
/// transaction. Returns whether this call resolved the turn (false when another server
/// process got there first).
pub async fn process(state: &AppState, id: i64, force: bool) -> StoreResult<bool> {
    let mut guard = lock(state, id).await;
    let table = guard.load(state).await?;
    process_locked(state, guard, table, force, "server").await
}

/// [`process`] for a caller that holds the game's lock and has loaded it.
pub async fn process_locked(
    state: &AppState,
    guard: GameGuard,
    mut table: Table,
    force: bool,
    actor: &str,
) -> StoreResult<bool> {
    let now = state.clock.now();
    let due = gm::at_deadline::Due {
        next_deadline: table.row.next_deadline,
        over: table.row.over,
        paused: table.row.paused,
        all_ready: table.all_ready(),
    };
    if !gm::at_deadline::plays(due, table.record.is_over(), now, force) {
        return Ok(false);
    }
    let started = std::time::Instant::now();
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
    let (game, over) = (table.row.game.name, gm::at_deadline::rates(&table.record));
    match append(state, guard, table, actor, change).await {
        Ok(table) => {
            crate::metrics::turn_resolved(game, started.elapsed());
            if over {
                // The game's rating update, right after the resolution that ended it (a
                // failure is caught up at the next finish or start-up: `store::ratings`).
                if let Err(e) = super::ratings::catch_up(&state.db).await {
                    tracing::error!(game = table.row.id, error = %e, "applying ratings failed");
                }
            }
            Ok(true)
        }
        Err(StoreError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Adjudicates the coming turn on `record`: the bots in their seats send their orders, then
/// the turn is resolved (missing orders get the rules' NMR policy). Returns the log entries.
pub fn play_turn(record: &mut Record, seats: &[SeatRow]) -> Result<Vec<Event>, gm::GmError> {
    let seats: Vec<_> = seats.iter().map(super::absences::holder).collect();
    gm::at_deadline::play_turn(record, &seats)
}

/// Whether any game is due now (the worker's backup is made only before a pass with work).
pub async fn any_due(state: &AppState) -> StoreResult<bool> {
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
pub async fn next_deadline_after(state: &AppState, now: i64) -> StoreResult<Option<i64>> {
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
enum Sweep {
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
    fn after(self, (key, id): (i64, i64)) -> Sweep {
        match self {
            Sweep::Ready(_) => Sweep::Ready(id),
            Sweep::PastDeadline(..) => Sweep::PastDeadline(key, id),
        }
    }
}

type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Waits for batches under way until at most `most` are left; returns how many turns those
/// resolved.
async fn finish(running: &mut JoinSet<StoreResult<usize>>, most: usize) -> StoreResult<usize> {
    let mut processed = 0;
    while running.len() > most
        && let Some(done) = running.join_next().await
    {
        processed += done.map_err(|e| StoreError::Internal(e.to_string()))??;
    }
    Ok(processed)
}

/// Processes every game that is due. A server that was down catches up here: each overdue
/// game gets one turn processed, and its next deadline is counted from now.
pub async fn process_due(state: &AppState) -> StoreResult<usize> {
    // Games are independent: they are claimed a batch at a time (so that server processes
    // sharing a PostgreSQL database divide them instead of each playing every game), locked,
    // read with one query, each one's turn played, and the committer writes a batch's turns
    // many to a transaction (`commit`) instead of one commit each. Two batches are under way
    // at once, so that one is played while the other is written.
    let mut running = JoinSet::new();
    let mut processed = 0;
    // One pass: the ready games, then those past their deadline. A game played has its next
    // deadline ahead, so the second sweep does not meet it again; one due again at once
    // (every seat a bot's) waits for the next pass.
    let mut sweep = Sweep::Ready(0);
    loop {
        // A batch is claimed only when it can be played at once: at most two claims, and their
        // connections, are held.
        processed += finish(&mut running, 1).await?;
        let Some((last, claim)) = Claim::next(state, sweep, super::commit::MAX_BATCH).await? else {
            match sweep {
                Sweep::Ready(_) => {
                    // The ready games' turns written first: the second sweep then reads their
                    // next deadlines, never a ready game's passed one.
                    processed += finish(&mut running, 0).await?;
                    sweep = Sweep::PastDeadline(i64::MIN, 0);
                    continue;
                }
                Sweep::PastDeadline(..) => break,
            }
        };
        sweep = sweep.after(last);
        let state = state.clone();
        running.spawn(async move {
            let processed = process_batch(&state, &claim.ids).await;
            claim.release().await?;
            processed
        });
    }
    processed += finish(&mut running, 0).await?;
    Ok(processed)
}

/// A batch of due games this process has claimed. On PostgreSQL a claim is a session advisory
/// lock on each game's id, taken on a connection held until the batch is played and let go
/// then: another process passes over the games it cannot lock, and a process that dies loses
/// its claims with its connections. On SQLite (one server process, as a rule) there are none;
/// with two, the optimistic lock still plays each turn once.
struct Claim {
    session: Option<sqlx::pool::PoolConnection<sqlx::Any>>,
    ids: Vec<i64>,
}

impl Claim {
    /// The next up to `most` games of `sweep`: the last one looked at, as (sweep key, id)
    /// (`None` when there are no more), and those of them this process claimed, by id.
    async fn next(
        state: &AppState,
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
    async fn release(mut self) -> StoreResult<()> {
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

/// Processes the games of `ids` (ascending) that are due; returns how many turns it resolved.
async fn process_batch(state: &AppState, ids: &[i64]) -> StoreResult<usize> {
    // In ascending order, as every holder of more than one game's lock takes them.
    let mut guards = Vec::with_capacity(ids.len());
    for &id in ids {
        guards.push(lock(state, id).await);
    }
    // A game with a change of this process waiting is played as that change leaves it; the
    // others are read together.
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
    let outcomes = futures_util::future::join_all(guards.into_iter().filter_map(|guard| {
        let table = tables.remove(&guard.id)?;
        Some(async move {
            let id = table.row.id;
            (
                id,
                process_locked(state, guard, table, false, "server").await,
            )
        })
    }))
    .await;
    let mut processed = 0;
    for (id, outcome) in outcomes {
        match outcome {
            Ok(true) => processed += 1,
            Ok(false) => {}
            // One broken game does not stop the others.
            Err(e) => tracing::error!(game = id, error = %e, "processing a turn failed"),
        }
    }
    Ok(processed)
}
