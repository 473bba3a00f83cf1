//! Group read, the counterpart of group commit (`commit`): the reads that every request makes
//! (the session behind its token, the game it names) are taken from a queue by a reader task
//! of their kind, and every read waiting at that moment is answered by one query. On a busy server
//! one round trip then carries many requests' reads instead of one each.
//!
//! A read is never answered from a query that began before the read was asked for (a reader
//! takes the reads waiting, then queries), so whatever was committed before a request came,
//! its read sees: a session revoked, a game moved on. Nothing is cached here.
//!
//! One read's failure is its own: when a batch's fetch fails (a game whose log does not
//! replay, a database error) or panics, each of its keys is read again alone, so that a
//! request batched with a broken game is not refused for it, and the reader goes on.
//!
//! On PostgreSQL a reader keeps its pool connection while reads keep coming and gives it back
//! once none came for [`HOLD`]: sqlx pings a connection each time it is given back, a round
//! trip that a busy reader would otherwise make once a batch. On SQLite (one connection, shared
//! with the committer) a reader gives its connection back after every batch.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use futures_util::FutureExt;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection};
use tokio::sync::{Mutex, mpsc, oneshot};

use super::error::{StoreError, StoreResult};
use crate::db::{Backend, Db};

/// The most keys one query reads.
pub const MAX_BATCH: usize = 128;

/// How long a reader on PostgreSQL keeps its connection with no read to make.
pub const HOLD: Duration = Duration::from_millis(100);

/// A kind of read: many keys in one go.
pub trait Fetch: Send + Sync + 'static {
    type Key: Clone + Eq + Hash + Send + Sync + 'static;
    type Value: Clone + Send + 'static;

    /// The values of `keys` (distinct, at most [`MAX_BATCH`]) read on `conn`; a key with
    /// none is left out.
    fn fetch(
        &self,
        conn: &mut AnyConnection,
        keys: &[Self::Key],
    ) -> impl Future<Output = StoreResult<HashMap<Self::Key, Self::Value>>> + Send;
}

struct Job<F: Fetch> {
    key: F::Key,
    answer: oneshot::Sender<StoreResult<Option<F::Value>>>,
}

type Queue<F> = Arc<Mutex<mpsc::Receiver<Job<F>>>>;

/// The reader tasks of one kind of read in one server process, started on first use.
pub struct GroupRead<F: Fetch> {
    fetch: Arc<F>,
    readers: usize,
    queue: OnceLock<mpsc::Sender<Job<F>>>,
}

impl<F: Fetch> std::fmt::Debug for GroupRead<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupRead")
            .field("readers", &self.readers)
            .field("started", &self.queue.get().is_some())
            .finish()
    }
}

impl<F: Fetch> GroupRead<F> {
    /// `readers` tasks (at least one) reading with `fetch`.
    pub fn new(fetch: F, readers: usize) -> GroupRead<F> {
        GroupRead {
            fetch: Arc::new(fetch),
            readers: readers.max(1),
            queue: OnceLock::new(),
        }
    }

    /// The value of `key`, read with whatever other reads are waiting.
    pub async fn get(&self, db: &Db, key: F::Key) -> StoreResult<Option<F::Value>> {
        let queue = self.queue.get_or_init(|| {
            let (queue, jobs) = mpsc::channel(4 * MAX_BATCH);
            let jobs: Queue<F> = Arc::new(Mutex::new(jobs));
            for _ in 0..self.readers {
                tokio::spawn(run(db.clone(), self.fetch.clone(), jobs.clone()));
            }
            queue
        });
        let (answer, answered) = oneshot::channel();
        let stopped = || StoreError::Internal("group read: the readers have stopped".into());
        queue
            .send(Job { key, answer })
            .await
            .map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }

    /// Reads asked for and not yet taken by a reader.
    pub fn waiting(&self) -> usize {
        self.queue
            .get()
            .map_or(0, |q| q.max_capacity() - q.capacity())
    }
}

/// One reader: waits for a read, takes every read then waiting, answers them from one fetch.
async fn run<F: Fetch>(db: Db, fetch: Arc<F>, jobs: Queue<F>) {
    let hold = db.backend == Backend::Postgres;
    let mut held: Option<PoolConnection<Any>> = None;
    let mut batch: Vec<Job<F>> = Vec::new();
    loop {
        {
            let mut jobs = releasing(&mut held, jobs.lock()).await;
            if releasing(&mut held, jobs.recv_many(&mut batch, MAX_BATCH)).await == 0 {
                return;
            }
        }
        let mut conn = match held.take() {
            Some(conn) => conn,
            None => match db.pool.acquire().await {
                Ok(conn) => conn,
                Err(e) => {
                    fail_all(&mut batch, e.into());
                    continue;
                }
            },
        };
        let mut keys: Vec<F::Key> = Vec::with_capacity(batch.len());
        for job in &batch {
            if !keys.contains(&job.key) {
                keys.push(job.key.clone());
            }
        }
        let healthy = match guarded(fetch.as_ref(), &mut conn, &keys).await {
            Ok(found) => {
                for job in batch.drain(..) {
                    let _ = job.answer.send(Ok(found.get(&job.key).cloned()));
                }
                true
            }
            Err(e) if keys.len() == 1 => {
                fail_all(&mut batch, e);
                false
            }
            Err(_) => {
                // Each key alone, so that the failure stays with the key that causes it.
                let mut healthy = true;
                let mut alone = HashMap::with_capacity(keys.len());
                for key in keys {
                    let one = guarded(fetch.as_ref(), &mut conn, std::slice::from_ref(&key)).await;
                    healthy &= one.is_ok();
                    alone.insert(key.clone(), one.map(|mut found| found.remove(&key)));
                }
                for job in batch.drain(..) {
                    let _ = job.answer.send(alone[&job.key].clone());
                }
                healthy
            }
        };
        // A connection that failed a query goes back to the pool, which tests it.
        if hold && healthy {
            held = Some(conn);
        }
    }
}

/// `fetch` of `keys`, a panic in it an error (the reader outlives it).
async fn guarded<F: Fetch>(
    fetch: &F,
    conn: &mut AnyConnection,
    keys: &[F::Key],
) -> StoreResult<HashMap<F::Key, F::Value>> {
    std::panic::AssertUnwindSafe(fetch.fetch(conn, keys))
        .catch_unwind()
        .await
        .unwrap_or_else(|_| Err(StoreError::Internal("group read: a read panicked".into())))
}

/// Answers every read of `batch` with the error `e`.
fn fail_all<F: Fetch>(batch: &mut Vec<Job<F>>, e: StoreError) {
    for job in batch.drain(..) {
        let _ = job.answer.send(Err(e.clone()));
    }
}

/// Waits for `wait`, giving the held connection back to the pool if it takes [`HOLD`].
async fn releasing<T>(held: &mut Option<PoolConnection<Any>>, wait: impl Future<Output = T>) -> T {
    let mut wait = std::pin::pin!(wait);
    if held.is_some() {
        if let Ok(done) = tokio::time::timeout(HOLD, &mut wait).await {
            return done;
        }
        *held = None;
    }
    wait.await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex as StdMutex;
    use tokio::sync::Semaphore;

    /// A read that squares its keys (none for keys over 100, an error for 13, a panic for
    /// 666), records the keys of each fetch, and holds its first fetch until the test lets
    /// it go.
    struct Squares {
        fetches: StdMutex<Vec<Vec<u64>>>,
        gate: Semaphore,
    }

    impl Default for Squares {
        fn default() -> Squares {
            Squares {
                fetches: StdMutex::default(),
                gate: Semaphore::new(0),
            }
        }
    }

    impl Fetch for Squares {
        type Key = u64;
        type Value = u64;

        async fn fetch(
            &self,
            _conn: &mut AnyConnection,
            keys: &[u64],
        ) -> StoreResult<HashMap<u64, u64>> {
            let first = {
                let mut fetches = self.fetches.lock().unwrap();
                fetches.push(keys.to_vec());
                fetches.len() == 1
            };
            if first {
                self.gate.acquire().await.unwrap().forget();
            }
            if keys.contains(&13) {
                return Err(StoreError::Internal("thirteen".into()));
            }
            assert!(!keys.contains(&666), "a bug in a read");
            Ok(keys
                .iter()
                .filter(|&&k| k <= 100)
                .map(|&k| (k, k * k))
                .collect())
        }
    }

    async fn db() -> Db {
        Db::open("sqlite::memory:").await.unwrap()
    }

    /// Starts `get`s of `keys` (the first alone, held in its fetch) and waits until the rest
    /// are queued behind it.
    async fn queued(
        reads: &Arc<GroupRead<Squares>>,
        db: &Db,
        keys: &[u64],
    ) -> Vec<tokio::task::JoinHandle<StoreResult<Option<u64>>>> {
        let mut tasks = Vec::new();
        for (n, &key) in keys.iter().enumerate() {
            let (group, db) = (reads.clone(), db.clone());
            tasks.push(tokio::spawn(async move { group.get(&db, key).await }));
            if n == 0 {
                while reads.fetch.fetches.lock().unwrap().is_empty() {
                    tokio::task::yield_now().await;
                }
            }
        }
        while reads.waiting() < keys.len() - 1 {
            tokio::task::yield_now().await;
        }
        tasks
    }

    #[tokio::test]
    async fn the_reads_waiting_are_answered_by_one_fetch_of_their_distinct_keys() {
        let db = db().await;
        let reads = Arc::new(GroupRead::new(Squares::default(), 1));
        let keys = [1, 2, 3, 2, 500, 3, 4];
        let tasks = queued(&reads, &db, &keys).await;
        reads.fetch.gate.add_permits(1);
        let mut answers = Vec::new();
        for task in tasks {
            answers.push(task.await.unwrap().unwrap());
        }
        assert_eq!(
            answers,
            [Some(1), Some(4), Some(9), Some(4), None, Some(9), Some(16)]
        );
        // The first read alone (it came to an idle reader), then every read that waited
        // behind it in one fetch, each key once.
        assert_eq!(
            *reads.fetch.fetches.lock().unwrap(),
            [vec![1], vec![2, 3, 500, 4]]
        );
    }

    #[tokio::test]
    async fn a_read_that_fails_or_panics_fails_alone_and_the_reader_goes_on() {
        let db = db().await;
        let reads = Arc::new(GroupRead::new(Squares::default(), 1));
        let tasks = queued(&reads, &db, &[7, 8, 13, 666, 8, 9]).await;
        reads.fetch.gate.add_permits(1);
        let mut answers = Vec::new();
        for task in tasks {
            answers.push(task.await.unwrap().map_err(|e| format!("{e:?}")));
        }
        let failed = |why: &str| Err(format!("Internal({why:?})"));
        assert_eq!(
            answers,
            [
                Ok(Some(49)),
                Ok(Some(64)),
                failed("thirteen"),
                failed("group read: a read panicked"),
                Ok(Some(64)),
                Ok(Some(81)),
            ]
        );
        // The batch behind the first failed, then each of its keys was read alone.
        assert_eq!(
            *reads.fetch.fetches.lock().unwrap(),
            [
                vec![7],
                vec![8, 13, 666, 9],
                vec![8],
                vec![13],
                vec![666],
                vec![9]
            ]
        );
        assert_eq!(reads.get(&db, 10).await.unwrap(), Some(100));
    }
}
