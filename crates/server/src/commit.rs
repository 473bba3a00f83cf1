//! Group commit: the changes that requests and the deadline worker make to games, written
//! many to a transaction. A change is prepared in full by its caller (`games::append`: the
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

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use sqlx::AnyConnection;
use tokio::sync::{Mutex, mpsc, oneshot};

use crate::db::{Backend, Db};
use crate::error::{ApiError, ApiResult};
use crate::mailbox::{InboundDone, OutMail};

/// The most changes one transaction carries.
pub const MAX_BATCH: usize = 256;

/// One change to one game, ready to write: nothing in it reads the database.
#[derive(Debug)]
pub struct Write {
    pub game_id: i64,
    /// The version the change was made against (the optimistic lock).
    pub read_version: i64,
    pub version: i64,
    pub all_ready: bool,
    pub over: bool,
    pub next_deadline: Option<i64>,
    pub paused: bool,
    pub archived: Option<bool>,
    pub turn: u16,
    pub started: bool,
    pub ready_seats: i64,
    pub at: i64,
    pub actor: String,
    /// The events' JSON, numbered from `read_version + 1`.
    pub events: Vec<String>,
    pub seats: Vec<SeatWrite>,
    pub mails: Vec<OutMail>,
    pub inbound: Option<InboundDone>,
}

/// A change to a seat's row, with any new secrets already drawn.
#[derive(Clone, Debug)]
pub enum SeatWrite {
    Claim {
        seat: i64,
        player_id: i64,
    },
    Bot {
        seat: i64,
        bot: Option<String>,
    },
    /// A new player gets a new invitation and a new order address.
    Free {
        seat: i64,
        invite: String,
        mail_secret: String,
    },
}

type Job = (Write, oneshot::Sender<ApiResult<()>>);

/// The committer tasks of one server process, started on first use.
#[derive(Debug, Default)]
pub struct Committer {
    queue: OnceLock<mpsc::Sender<Job>>,
    /// Transactions committed so far (a batch tried again change by change counts each).
    transactions: Arc<AtomicU64>,
}

impl Committer {
    /// Writes `write` with whatever other changes are waiting, and answers once it is
    /// committed: `Ok`, a conflict if its game moved on (nothing written), or the error.
    pub async fn commit(&self, db: &Db, write: Write) -> ApiResult<()> {
        let queue = self
            .queue
            .get_or_init(|| start(db, self.transactions.clone()));
        let (answer, answered) = oneshot::channel();
        queue
            .send((write, answer))
            .await
            .map_err(|_| ApiError::Internal("commit: the committer has stopped".into()))?;
        answered.await.map_err(|_| {
            ApiError::Internal("commit: the committer stopped before answering".into())
        })?
    }

    /// How many transactions the committers have committed.
    pub fn transactions(&self) -> u64 {
        self.transactions.load(Ordering::Relaxed)
    }
}

/// Starts the committers: one on SQLite (one writer anyway), half the pool on PostgreSQL so
/// that batches overlap while reads keep connections.
fn start(db: &Db, transactions: Arc<AtomicU64>) -> mpsc::Sender<Job> {
    let (queue, jobs) = mpsc::channel::<Job>(4 * MAX_BATCH);
    let jobs = Arc::new(Mutex::new(jobs));
    let committers = match db.backend {
        Backend::Sqlite => 1,
        Backend::Postgres => (db.pool.options().get_max_connections() as usize / 2).max(1),
    };
    for _ in 0..committers {
        tokio::spawn(run(db.clone(), jobs.clone(), transactions.clone()));
    }
    queue
}

/// One committer: waits for a change, takes every change then waiting, writes them.
async fn run(db: Db, jobs: Arc<Mutex<mpsc::Receiver<Job>>>, transactions: Arc<AtomicU64>) {
    loop {
        let mut batch = Vec::new();
        {
            let mut jobs = jobs.lock().await;
            if jobs.recv_many(&mut batch, MAX_BATCH).await == 0 {
                return;
            }
        }
        // Games in one order, so that two servers' batches lock their rows in the same order.
        batch.sort_by_key(|(write, _)| write.game_id);
        let writes: Vec<&Write> = batch.iter().map(|(w, _)| w).collect();
        // Two changes to one game (from two requests that did not share this process's lock
        // for the game) are written one transaction each, the second then seeing the first.
        let twice = writes.windows(2).any(|w| w[0].game_id == w[1].game_id);
        let together = if twice {
            Err(ApiError::Conflict(
                "commit: one game twice in a batch".into(),
            ))
        } else {
            write_batch(&db, &writes, &transactions).await
        };
        match together {
            Ok(written) => {
                for ((_, answer), written) in batch.into_iter().zip(written) {
                    let _ = answer.send(conflict_unless(written));
                }
            }
            Err(e) if batch.len() == 1 => {
                let (_, answer) = batch.pop().expect("one change");
                let _ = answer.send(Err(e));
            }
            Err(_) => {
                for (write, answer) in batch {
                    let alone = write_batch(&db, &[&write], &transactions).await;
                    let _ = answer.send(alone.and_then(|w| conflict_unless(w[0])));
                }
            }
        }
    }
}

fn conflict_unless(written: bool) -> ApiResult<()> {
    if written {
        Ok(())
    } else {
        Err(ApiError::Conflict(
            "game: it changed while the request was handled; read it again and resend".into(),
        ))
    }
}

/// Writes `writes` in one transaction; for each, whether it was written (false: its game
/// had moved on, and nothing of it was written). A handful of statements whatever the number
/// of changes: one `UPDATE` of the games' rows that returns those still at the version read,
/// then the events and the mail of those as multi-row `INSERT`s (seat changes and inbound
/// marks, which are rare, one statement each).
async fn write_batch(db: &Db, writes: &[&Write], transactions: &AtomicU64) -> ApiResult<Vec<bool>> {
    let mut tx = db.pool.begin().await?;
    let updated = update_games(&mut tx, writes).await?;
    let written: Vec<&Write> = writes
        .iter()
        .copied()
        .filter(|w| updated.contains(&w.game_id))
        .collect();
    let events: Vec<(&Write, i64, &String)> = written
        .iter()
        .flat_map(|w| {
            w.events
                .iter()
                .enumerate()
                .map(move |(k, body)| (*w, w.read_version + 1 + k as i64, body))
        })
        .collect();
    for chunk in events.chunks(MAX_PARAMETERS / 5) {
        let sql = format!(
            "INSERT INTO events (game_id, seq, at, actor, body) VALUES {}",
            placeholders(chunk.len(), 5)
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (w, seq, body) in chunk {
            query = query
                .bind(w.game_id)
                .bind(*seq)
                .bind(w.at)
                .bind(&w.actor)
                .bind(*body);
        }
        query.execute(&mut *tx).await?;
    }
    for w in &written {
        write_seats(&mut tx, w).await?;
        if let Some(done) = &w.inbound {
            crate::mailbox::mark(&mut tx, done).await?;
        }
    }
    let mails: Vec<(&OutMail, i64)> = written
        .iter()
        .flat_map(|w| w.mails.iter().map(|m| (m, w.at)))
        .collect();
    crate::mailbox::queue_many(&mut tx, &mails).await?;
    if writes.iter().any(|w| w.actor == "server") {
        // The turn's events are written but not committed.
        crate::games::failpoint("turn-before-commit").await;
    }
    tx.commit().await?;
    transactions.fetch_add(1, Ordering::Relaxed);
    Ok(writes
        .iter()
        .map(|w| updated.contains(&w.game_id))
        .collect())
}

/// The most parameters one statement is given (SQLite takes 32,766, PostgreSQL 65,535).
pub(crate) const MAX_PARAMETERS: usize = 30_000;

/// `rows` groups of `columns` numbered placeholders: `($1, $2), ($3, $4)`.
pub(crate) fn placeholders(rows: usize, columns: usize) -> String {
    (0..rows)
        .map(|r| {
            let row: Vec<String> = (1..=columns)
                .map(|c| format!("${}", r * columns + c))
                .collect();
            format!("({})", row.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Moves each game of `writes` still at the version its change was made against to its new
/// version, in one statement; returns the ids of those it moved.
async fn update_games(
    conn: &mut AnyConnection,
    writes: &[&Write],
) -> ApiResult<std::collections::HashSet<i64>> {
    const COLUMNS: usize = 11;
    let mut updated = std::collections::HashSet::new();
    for chunk in writes.chunks(MAX_PARAMETERS / COLUMNS) {
        // A VALUES list's columns are called column1, column2, … by both databases.
        let sql = format!(
            "UPDATE games SET version = v.column3, record = '{snapshot}', all_ready = v.column4, \
             over = v.column5, next_deadline = v.column6, paused = v.column7, turn = v.column8, \
             started = v.column9, ready_seats = v.column10, \
             archived = COALESCE(v.column11, games.archived) \
             FROM (VALUES {values}) AS v \
             WHERE games.id = v.column1 AND games.version = v.column2 RETURNING games.id",
            snapshot = crate::games::NO_SNAPSHOT,
            values = placeholders(chunk.len(), COLUMNS),
        );
        let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
        for w in chunk {
            query = query
                .bind(w.game_id)
                .bind(w.read_version)
                .bind(w.version)
                .bind(i64::from(w.all_ready))
                .bind(i64::from(w.over))
                .bind(w.next_deadline)
                .bind(i64::from(w.paused))
                .bind(i64::from(w.turn))
                .bind(i64::from(w.started))
                .bind(w.ready_seats)
                .bind(w.archived.map(i64::from));
        }
        updated.extend(query.fetch_all(&mut *conn).await?);
    }
    Ok(updated)
}

async fn write_seats(conn: &mut AnyConnection, w: &Write) -> ApiResult<()> {
    for seat in &w.seats {
        let query = match seat {
            SeatWrite::Claim { seat, player_id } => sqlx::query(
                "UPDATE seats SET player_id = $1, bot = NULL WHERE game_id = $2 AND seat = $3",
            )
            .bind(Some(*player_id))
            .bind(w.game_id)
            .bind(*seat),
            SeatWrite::Bot { seat, bot } => {
                sqlx::query("UPDATE seats SET bot = $1 WHERE game_id = $2 AND seat = $3")
                    .bind(bot.clone())
                    .bind(w.game_id)
                    .bind(*seat)
            }
            SeatWrite::Free {
                seat,
                invite,
                mail_secret,
            } => sqlx::query(
                "UPDATE seats SET player_id = NULL, invite = $1, mail_secret = $2 WHERE game_id = $3 AND seat = $4",
            )
            .bind(invite.clone())
            .bind(mail_secret.clone())
            .bind(w.game_id)
            .bind(*seat),
        };
        query.execute(&mut *conn).await?;
    }
    Ok(())
}
