//! A lock per game within one process, and the game as this process's waiting changes
//! leave it (`Ahead`): the requests that change a game take turns instead of racing to the
//! optimistic lock.

use std::collections::HashMap;
use std::sync::Arc;

use super::error::StoreResult;
use super::prepared::After;
use super::read::load;
use super::state::Store;
use super::table::Table;

/// A lock per game, so that within one process the requests that change a game take turns
/// (read, check, hand the change to the committer) instead of racing each other to the
/// optimistic lock and retrying. A request holds the lock only until its change is handed
/// over, not until it is committed: the lock keeps the game as its waiting changes leave it
/// ([`Ahead`]), and the next request makes its change on top of that, so that a game's
/// players are not served one commit at a time (issue 16). Between processes the optimistic
/// lock on `version` still decides. A game's lock is kept only while someone holds it or
/// waits for it: the table is swept of the others whenever it has doubled since the last
/// sweep, so that it does not keep one entry for every game the process ever changed.
#[derive(Debug, Default)]
pub struct GameLocks(std::sync::Mutex<LockTable>);

type GameMutex = tokio::sync::Mutex<Ahead>;

#[derive(Debug, Default)]
struct LockTable {
    locks: HashMap<i64, Arc<GameMutex>>,
    /// The table is swept when it reaches this size.
    sweep_at: usize,
}

/// The game as this process's changes to it leave it while the last of them waits for its
/// commit, with that change (its number and outcome) and the number of changes made one on
/// another since the game was last read from the database. Dropped once the outcome is known:
/// the database then says what the game is (another process may have changed it since).
#[derive(Debug, Default)]
pub struct Ahead(pub(super) Option<AheadOf>);

#[derive(Debug)]
pub(super) struct AheadOf {
    pub(super) table: Arc<Table>,
    pub(super) change: After,
    pub(super) depth: usize,
}

impl Ahead {
    /// At most this many changes are made one on another before the game is read from the
    /// database again: columns that change without a new version (the webhook, a seat's
    /// order address), written by another process, are seen at most this many changes late.
    const DEPTH: usize = 16;

    /// The game as the waiting changes leave it, if a change is still waiting.
    pub(super) fn waiting(&mut self) -> Option<&AheadOf> {
        if self
            .0
            .as_ref()
            .is_some_and(|a| a.change.outcome.borrow().is_some())
        {
            self.0 = None;
        }
        self.0.as_ref()
    }
}

impl GameLocks {
    /// Locks kept: held, waited for, or not swept yet.
    pub fn len(&self) -> usize {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .locks
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// This process's turn to change a game (see [`GameLocks`]).
#[derive(Debug)]
pub struct GameGuard {
    pub(super) id: i64,
    pub(super) ahead: tokio::sync::OwnedMutexGuard<Ahead>,
    /// What the table this guard gave was made from: a waiting change (and how many changes
    /// deep), or the database (`None`).
    pub(super) base: Option<(After, usize)>,
}

impl GameGuard {
    /// The game to make a change to: as this process's waiting changes leave it, or else as
    /// the database has it (after those changes, when a chain of them is [`Ahead::DEPTH`]
    /// long).
    pub async fn load(&mut self, state: &Store) -> StoreResult<Table> {
        match self.waiting_table() {
            Some(table) => Ok(table),
            None => self.settled(state).await,
        }
    }

    /// The game as this process's waiting changes leave it, if one is waiting and the chain
    /// is not too long.
    pub(super) fn waiting_table(&mut self) -> Option<Table> {
        self.base = None;
        let ahead = self.ahead.waiting().filter(|a| a.depth < Ahead::DEPTH)?;
        self.base = Some((ahead.change.clone(), ahead.depth));
        Some(Table::clone(&ahead.table))
    }

    /// The game as the database has it once this process's waiting changes to it are
    /// committed (or refused), for a change that writes besides the committer or reads the
    /// log.
    pub async fn settled(&mut self, state: &Store) -> StoreResult<Table> {
        self.settle().await;
        load(state, self.id).await
    }

    /// Waits until this process's waiting changes to the game are committed or refused.
    pub(super) async fn settle(&mut self) {
        self.base = None;
        if let Some(ahead) = self.ahead.waiting() {
            let mut outcome = ahead.change.outcome.clone();
            // A committer that stopped without an answer has answered nothing more to wait for.
            let _ = outcome.wait_for(Option::is_some).await;
            self.ahead.0 = None;
        }
    }
}

impl Drop for GameGuard {
    fn drop(&mut self) {
        self.ahead.waiting();
    }
}

/// Waits for this process's turn to change game `id`.
pub async fn lock(state: &Store, id: i64) -> GameGuard {
    let mutex = {
        let mut table = state
            .game_locks
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if table.locks.len() >= table.sweep_at.max(1024) {
            // Nobody else has a clone of a lock held by the table alone: no guard, no waiter,
            // and none can appear while the table is locked. A lock whose game has a change
            // waiting is kept (its caller may have gone): the next change is made on it.
            table.locks.retain(|_, m| {
                Arc::strong_count(m) > 1 || m.try_lock().is_ok_and(|mut a| a.waiting().is_some())
            });
            table.sweep_at = 2 * table.locks.len();
        }
        table.locks.entry(id).or_default().clone()
    };
    GameGuard {
        id,
        ahead: mutex.lock_owned().await,
        base: None,
    }
}
