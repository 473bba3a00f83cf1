//! The store's own state, the handle every store function takes.

use std::sync::Arc;

use super::clock::Clock;
use super::commit;
use super::db::Db;
use super::group_read;
use super::locks::GameLocks;
use super::read::Tables;
use super::records::Records;

/// The store's own state: the database, the clock, this process's game locks, the records it
/// has read or written, the committer and the grouped reads of games. Every store function
/// takes it; the server's state holds one.
#[derive(Clone, Debug)]
pub struct Store {
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    /// One writer at a time per game within this process (see `store::lock`).
    pub game_locks: Arc<GameLocks>,
    /// The games this process has read or written (reads do not replay).
    pub records: Arc<Records>,
    /// Writes changes to games, many to a transaction (`commit`).
    pub committer: Arc<commit::Committer>,
    /// Reads games, many to a query (`group_read`).
    pub tables: Arc<group_read::GroupRead<Tables>>,
}

impl Store {
    pub fn new(db: Db, clock: Arc<dyn Clock>) -> Store {
        let records: Arc<Records> = Arc::default();
        Store {
            tables: Arc::new(group_read::GroupRead::new(
                Tables {
                    records: records.clone(),
                },
                1,
            )),
            records,
            db,
            clock,
            game_locks: Arc::default(),
            committer: Arc::default(),
        }
    }
}
