//! Group commit: the changes that requests and the deadline worker make to games, written
//! many to a transaction. A change is prepared in full by its caller (`store::append`: the
//! events as JSON, the game row's new columns, the mail it causes) and handed to a committer
//! task, which takes every change waiting at that moment (up to [`MAX_BATCH`]), writes them
//! in one transaction and answers each caller once it has committed. On a busy server one
//! commit (one `fsync`) then carries many orders or many resolved turns instead of one.
//!
//! Each change keeps its own optimistic lock: its `UPDATE games … WHERE version = read` is
//! its first statement, and a change whose game moved on writes nothing and is answered with
//! a conflict while the rest of the batch commits. If the batch's transaction fails (a
//! database error, or a deadlock between two servers' batches on PostgreSQL), each change of
//! it is tried again alone, so that one change cannot make another fail. A caller is
//! answered only after its change is committed or known not to be: a turn is applied
//! entirely or not at all, and never twice. A change handed over is written even if its
//! caller stops waiting (a client that hung up): it was checked whole, like one whose caller
//! waits.
//!
//! A request gives up its game's lock once its change is handed over, and the next request
//! to the game makes its change on the game as the waiting one leaves it (`store::GameGuard`).
//! Such a change names the outcome of the one it was made on (`Write::after`), and changes
//! reach the committer in the order they were made. It writes a game's changes of one batch
//! as a chain, one move of the game's row from the first's version to the last's; a change
//! whose predecessor was refused is refused too, even when its version happens to match what
//! another process wrote meanwhile.
//!
//! One committer a process, on either database: while it writes a batch the next gathers, so
//! batches grow with the load. Four on PostgreSQL, each game's changes to one of them, wrote
//! fewer orders a second and resolved a deadline storm more slowly: their batches were smaller
//! and their commits contended (docs/performance.md).

use locale::phrase;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use sqlx::{AnyConnection, Row};
use tokio::sync::{mpsc, oneshot, watch};

use super::error::{StoreError, StoreResult};
use super::outbox_rows::{self, OutMail};
use super::prepared::{After, Write};
use super::seat_rows::write_seats;
use super::sql::{MAX_PARAMETERS, padded_chunks, padded_row, placeholders, placeholders_after};
use crate::db::{Backend, Db};

/// The most changes one transaction carries, and the most due games a deadline batch claims
/// (512 resolved a storm of 100,000 due games faster than 256: fewer statements and commits;
/// on PostgreSQL each claimed game holds an advisory lock, at most two batches' a process).
pub const MAX_BATCH: usize = 512;

struct Job {
    id: u64,
    write: Write,
    outcome: watch::Sender<Option<bool>>,
    answer: oneshot::Sender<StoreResult<()>>,
}

impl Job {
    fn answer(self, result: StoreResult<()>) {
        self.outcome.send_replace(Some(result.is_ok()));
        let _ = self.answer.send(result);
    }
}

/// A change handed to the committer: which one it is, with its outcome, and the answer to
/// wait for.
#[derive(Debug)]
pub struct Pending {
    pub change: After,
    answered: oneshot::Receiver<StoreResult<()>>,
}

impl Pending {
    /// Waits until the change is committed: `Ok`, a conflict if its game moved on (nothing
    /// written), or the error.
    pub async fn wait(self) -> StoreResult<()> {
        self.answered.await.map_err(|_| {
            StoreError::Internal("commit: the committer stopped before answering".into())
        })?
    }
}

/// The committer task of one server process, started on first use. Changes are written in
/// the order they were handed over, so that a change made on top of another waiting one is
/// never written before it.
#[derive(Debug, Default)]
pub struct Committer {
    queue: OnceLock<mpsc::Sender<Job>>,
    /// The number of the next change handed over.
    handed_over: AtomicU64,
    /// Transactions committed so far (a batch tried again change by change counts each).
    transactions: Arc<AtomicU64>,
}

impl Committer {
    /// Hands `write` to the committer, which writes it with whatever other changes are
    /// waiting. The caller holds the game's lock, so that its changes are handed over in the
    /// order they were made.
    pub async fn hand_over(&self, db: &Db, write: Write) -> StoreResult<Pending> {
        let queue = self
            .queue
            .get_or_init(|| start(db, self.transactions.clone()));
        let (outcome, outcome_rx) = watch::channel(None);
        let (answer, answered) = oneshot::channel();
        let id = self.handed_over.fetch_add(1, Ordering::Relaxed);
        queue
            .send(Job {
                id,
                write,
                outcome,
                answer,
            })
            .await
            .map_err(|_| StoreError::Internal("commit: the committer has stopped".into()))?;
        Ok(Pending {
            change: After {
                id,
                outcome: outcome_rx,
            },
            answered,
        })
    }

    /// How many transactions the committer has committed.
    pub fn transactions(&self) -> u64 {
        self.transactions.load(Ordering::Relaxed)
    }
}

fn start(db: &Db, transactions: Arc<AtomicU64>) -> mpsc::Sender<Job> {
    let (queue, jobs) = mpsc::channel::<Job>(4 * MAX_BATCH);
    tokio::spawn(run(db.clone(), jobs, transactions));
    queue
}

/// One committer: waits for a change, takes every change then waiting, writes them.
async fn run(db: Db, mut jobs: mpsc::Receiver<Job>, transactions: Arc<AtomicU64>) {
    let mut batch = Vec::new();
    loop {
        if jobs.recv_many(&mut batch, MAX_BATCH).await == 0 {
            return;
        }
        // Games in one order, so that two servers' batches lock their rows in the same order;
        // a game's changes stay in the order they were made (the sort is stable).
        batch.sort_by_key(|job| job.write.game_id);
        let mut chains = chains(batch.drain(..));
        if chains.is_empty() {
            continue;
        }
        let together = {
            let writes: Vec<Vec<&Write>> = chains
                .iter()
                .map(|chain| chain.iter().map(|job| &job.write).collect())
                .collect();
            write_batch(&db, &writes, &transactions).await
        };
        match together {
            Ok(written) => {
                for (chain, written) in chains.into_iter().zip(written) {
                    answer(chain, conflict_unless(written));
                }
            }
            Err(e) if chains.len() == 1 => answer(chains.pop().expect("one chain"), Err(e)),
            Err(_) => {
                // One chain's failure (a database error, a deadlock between two servers'
                // batches) does not fail the others: each is tried again alone.
                for chain in chains {
                    let writes: Vec<&Write> = chain.iter().map(|job| &job.write).collect();
                    let alone = write_batch(&db, &[writes], &transactions).await;
                    answer(chain, alone.map(|w| w[0]).and_then(conflict_unless));
                }
            }
        }
    }
}

/// A batch's changes (sorted by game) as chains: one game's changes, each made on top of the
/// one before, written together as one move of the game's row. A change is refused (a
/// conflict, nothing written) unless what it was made on top of is the game's change just
/// before it in this batch, kept, or a change already written (or nothing: then the version
/// check decides).
fn chains(jobs: impl Iterator<Item = Job>) -> Vec<Vec<Job>> {
    let mut chains: Vec<Vec<Job>> = Vec::new();
    // The previous change in the batch: its game, number and version, and whether it was kept.
    let mut previous: Option<(i64, u64, i64, bool)> = None;
    for job in jobs {
        let w = &job.write;
        let same_game = previous.filter(|p| p.0 == w.game_id);
        let keep = match same_game {
            Some((_, id, version, kept)) => {
                kept && version == w.read_version && w.after.as_ref().is_some_and(|a| a.id == id)
            }
            // The first of its game in this batch: anything it was made on top of was in an
            // earlier batch, and has been answered.
            None => w
                .after
                .as_ref()
                .is_none_or(|a| *a.outcome.borrow() == Some(true)),
        };
        previous = Some((w.game_id, job.id, w.version, keep));
        match (keep, same_game) {
            (false, _) => job.answer(conflict_unless(false)),
            (true, Some(_)) => chains.last_mut().expect("the game's chain").push(job),
            (true, None) => chains.push(vec![job]),
        }
    }
    chains
}

/// Answers every change of `chain` with `result`: the first with it, the others with its
/// like (a change made on one that failed is refused, so that its caller may try again).
fn answer(chain: Vec<Job>, result: StoreResult<()>) {
    let like = |r: &StoreResult<()>| match r {
        Ok(()) => Ok(()),
        Err(_) => conflict_unless(false),
    };
    let mut jobs = chain.into_iter();
    let first = jobs.next();
    for job in jobs {
        job.answer(like(&result));
    }
    if let Some(job) = first {
        job.answer(result);
    }
}

fn conflict_unless(written: bool) -> StoreResult<()> {
    if written {
        Ok(())
    } else {
        Err(StoreError::Conflict(phrase!("error-game-changed")))
    }
}

/// Writes `chains` in one transaction; for each chain, whether it was written (false: its
/// game had moved on, and nothing of it was written). A handful of statements whatever the
/// number of changes: one `UPDATE` of the games' rows that returns those still at the version
/// their chain was made against, then the events and the mail of those as multi-row
/// `INSERT`s (seat changes and inbound marks, which are rare, one statement each). On
/// PostgreSQL a batch of only games and events (every order, most turns) is one statement.
async fn write_batch(
    db: &Db,
    chains: &[Vec<&Write>],
    transactions: &AtomicU64,
) -> StoreResult<Vec<bool>> {
    let updated = match one_statement(db.backend, chains) {
        Some(statement) => {
            if chains.iter().flatten().any(|w| w.actor == "server") {
                // The statement is its own transaction: nothing of the turn is written yet.
                super::failpoint::failpoint("turn-before-commit").await;
            }
            statement
                .fetch_all(&db.pool)
                .await?
                .iter()
                .map(|row| row.get::<i64, _>(0))
                .collect()
        }
        None => write_transaction(db, chains).await?,
    };
    transactions.fetch_add(1, Ordering::Relaxed);
    Ok(chains
        .iter()
        .map(|chain| updated.contains(&chain[0].game_id))
        .collect())
}

/// [`write_batch`] as a transaction of several statements; the ids of the games it moved.
async fn write_transaction(db: &Db, chains: &[Vec<&Write>]) -> StoreResult<HashSet<i64>> {
    let mut tx = db.pool.begin().await?;
    let updated = update_games(&mut tx, chains).await?;
    let written: Vec<&Write> = chains
        .iter()
        .filter(|chain| updated.contains(&chain[0].game_id))
        .flatten()
        .copied()
        .collect();
    let events = events_of(&written);
    for (chunk, rows) in padded_chunks(&events, MAX_PARAMETERS / EVENT_COLUMNS) {
        let sql = format!(
            "INSERT INTO events (game_id, seq, at, actor, kind, body) {}",
            select_events(db.backend, rows, 0)
        );
        bind_events(sqlx::query(sqlx::AssertSqlSafe(sql)), chunk, rows)
            .execute(&mut *tx)
            .await?;
    }
    for w in &written {
        write_seats(&mut tx, w).await?;
        if let Some(done) = &w.inbound {
            outbox_rows::mark(&mut tx, done).await?;
        }
        if let Some((result, places)) = &w.stage_result {
            super::seasons::keep_result(&mut tx, w.game_id, result, places).await?;
        }
    }
    let mails: Vec<(&OutMail, i64)> = written
        .iter()
        .flat_map(|w| w.mails.iter().map(|m| (m, w.at)))
        .collect();
    outbox_rows::queue_many(&mut tx, &mails).await?;
    if written.iter().any(|w| w.actor == "server") {
        // The turn's events are written but not committed.
        super::failpoint::failpoint("turn-before-commit").await;
    }
    tx.commit().await?;
    Ok(updated)
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// On PostgreSQL, a batch of games and events only, small enough for one statement: that
/// statement (one round trip, where a transaction takes four). The `UPDATE` returns the games
/// it moved (a row another process moved first, even while the statement waited for its lock,
/// is checked again and left), and the `INSERT` takes only those games' events from it; the
/// statement is its own transaction, so a chain is written whole or not at all.
fn one_statement(backend: Backend, chains: &[Vec<&Write>]) -> Option<AnyQuery<'static>> {
    let writes = || chains.iter().flatten();
    let plain = writes().all(|w| {
        w.seats.is_empty() && w.inbound.is_none() && w.mails.is_empty() && w.stage_result.is_none()
    });
    let events = events_of(&writes().copied().collect::<Vec<_>>());
    let game_rows = chains.len().next_power_of_two();
    // A change may have no event (the GM archiving a game).
    let event_rows = match events.len() {
        0 => 0,
        n => n.next_power_of_two(),
    };
    let parameters = game_rows * GAME_COLUMNS + event_rows * EVENT_COLUMNS;
    if backend != Backend::Postgres || !plain || parameters > MAX_PARAMETERS {
        return None;
    }
    let sql = match event_rows {
        0 => update_games_sql(backend, game_rows),
        _ => format!(
            "WITH moved AS ({update}), \
             written AS (INSERT INTO events (game_id, seq, at, actor, kind, body) {events} \
             AND column1 IN (SELECT id FROM moved)) \
             SELECT id FROM moved",
            update = update_games_sql(backend, game_rows),
            events = select_events(backend, event_rows, game_rows * GAME_COLUMNS),
        ),
    };
    let query = bind_games(sqlx::query(sqlx::AssertSqlSafe(sql)), chains, game_rows);
    Some(bind_events(query, &events, event_rows))
}

const GAME_COLUMNS: usize = 11;
const EVENT_COLUMNS: usize = 6;

/// Each event of `writes` with its sequence number.
fn events_of<'w>(writes: &[&'w Write]) -> Vec<(&'w Write, i64, &'w (&'static str, String))> {
    writes
        .iter()
        .flat_map(|w| {
            w.events
                .iter()
                .enumerate()
                .map(move |(k, event)| (*w, w.read_version + 1 + k as i64, event))
        })
        .collect()
}

/// The events of `rows` placeholders from `$after + 1` as a `SELECT` (padding rows skipped).
fn select_events(backend: Backend, rows: usize, after: usize) -> String {
    format!(
        "SELECT column1, column2, column3, column4, column5, column6 FROM (VALUES {}) AS e \
         WHERE column1 IS NOT NULL",
        placeholders_after(backend, after, rows, EVENT_COLUMNS)
    )
}

fn bind_events<'q>(
    mut query: AnyQuery<'q>,
    chunk: &[(&Write, i64, &(&'static str, String))],
    rows: usize,
) -> AnyQuery<'q> {
    for k in 0..rows {
        let ((w, seq, (kind, body)), real) = padded_row(chunk, k);
        query = query
            .bind(real.then_some(w.game_id))
            .bind(*seq)
            .bind(w.at)
            .bind(w.actor.clone())
            .bind(*kind)
            .bind(body.clone());
    }
    query
}

/// Moves each chain's game, if still at the version its first change was made against, to
/// the version its last change makes, in one statement; returns the ids of those it moved.
async fn update_games(
    conn: &mut AnyConnection,
    chains: &[Vec<&Write>],
) -> StoreResult<HashSet<i64>> {
    let mut updated = HashSet::new();
    let backend = Backend::of(conn);
    for (chunk, rows) in padded_chunks(chains, MAX_PARAMETERS / GAME_COLUMNS) {
        let query = sqlx::query(sqlx::AssertSqlSafe(update_games_sql(backend, rows)));
        for row in bind_games(query, chunk, rows).fetch_all(&mut *conn).await? {
            updated.insert(row.get::<i64, _>(0));
        }
    }
    Ok(updated)
}

/// The `UPDATE` of `rows` games (placeholders from the first), returning the ids it moved.
fn update_games_sql(backend: Backend, rows: usize) -> String {
    // A VALUES list's columns are called column1, column2, … by both databases.
    format!(
        "UPDATE games SET version = v.column3, record = '{snapshot}', all_ready = v.column4, \
         over = v.column5, next_deadline = v.column6, paused = v.column7, turn = v.column8, \
         started = v.column9, ready_seats = v.column10, \
         archived = COALESCE(v.column11, games.archived) \
         FROM (VALUES {values}) AS v \
         WHERE games.id = v.column1 AND games.version = v.column2 RETURNING games.id AS id",
        snapshot = super::prepared::NO_SNAPSHOT,
        values = placeholders(backend, rows, GAME_COLUMNS),
    )
}

fn bind_games<'q>(mut query: AnyQuery<'q>, chunk: &[Vec<&Write>], rows: usize) -> AnyQuery<'q> {
    for k in 0..rows {
        // A padding row's NULL id matches no game.
        let (chain, real) = padded_row(chunk, k);
        let (first, last) = (chain[0], chain[chain.len() - 1]);
        let archived = chain.iter().rev().find_map(|w| w.archived);
        query = query
            .bind(real.then_some(first.game_id))
            .bind(first.read_version)
            .bind(last.version)
            .bind(i64::from(last.all_ready))
            .bind(i64::from(last.over))
            .bind(last.next_deadline)
            .bind(i64::from(last.paused))
            .bind(i64::from(last.turn))
            .bind(i64::from(last.started))
            .bind(last.ready_seats)
            .bind(archived.map(i64::from));
    }
    query
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prepared::SeatWrite;

    #[test]
    fn on_postgres_a_batch_of_games_and_events_only_is_one_statement() {
        use sqlx::Execute;
        let order = Write {
            game_id: 1,
            events: vec![("orders", "{}".into())],
            ..Write::default()
        };
        let archive = Write {
            game_id: 2,
            ..Write::default()
        };
        let claim = Write {
            game_id: 3,
            events: vec![("orders", "{}".into())],
            seats: vec![SeatWrite::Claim {
                seat: 0,
                player_id: 7,
            }],
            ..Write::default()
        };
        let sql = |chains: &[Vec<&Write>]| {
            one_statement(Backend::Postgres, chains).map(|q| q.sql().as_str().to_string())
        };
        let both = sql(&[vec![&order], vec![&archive]]).expect("one statement");
        assert!(both.starts_with("WITH moved AS (UPDATE games"), "{both}");
        assert!(both.contains("column1 IN (SELECT id FROM moved)"), "{both}");
        let bare = sql(&[vec![&archive]]).expect("one statement");
        assert!(
            bare.starts_with("UPDATE games") && !bare.contains("events"),
            "{bare}"
        );
        assert_eq!(sql(&[vec![&order], vec![&claim]]), None, "a seat change");
        assert!(one_statement(Backend::Sqlite, &[vec![&order]]).is_none());
        let many: Vec<Write> = (0..MAX_PARAMETERS as i64)
            .map(|game_id| Write {
                game_id,
                ..Write::default()
            })
            .collect();
        let chains: Vec<Vec<&Write>> = many.iter().map(|w| vec![w]).collect();
        assert_eq!(sql(&chains), None, "too many parameters for one statement");
    }
}
