//! The server's state: its configuration, the connections it serves, and `AppState`, what
//! every handler and worker is given (the store and the doors' own parts).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::listener::Connections;
use crate::passwords::{Hasher, PasswordCost};
use crate::sender::MailSettings;
use crate::{auto_backup, errands, public_record, throttle};
use store::clock::Clock;
use store::db::Db;
use store::{Store, group_read};

#[derive(Clone, Debug)]
pub struct Config {
    pub password_cost: PasswordCost,
    /// How often the deadline worker looks for due games (it is also woken when a game's
    /// last orders arrive).
    pub tick: Duration,
    /// Password hashes computed at once (each holds a core and ~19 MiB while it runs).
    pub hash_concurrency: usize,
    /// Take the client's address for login throttling from the last `X-Forwarded-For`
    /// entry: only behind a reverse proxy that sets it (else clients would pick their own).
    pub trust_forwarded_for: bool,
    /// A connection that has not sent a whole request head in this time is closed (also
    /// the longest a kept-alive connection waits idle for its next request).
    pub header_read_timeout: Duration,
    /// The most time a request's body may take to arrive after its head (and it must keep
    /// up `listener::BODY_MIN_RATE` after a grace): a client cannot hold a connection open
    /// by sending a body a byte at a time.
    pub body_time: Duration,
    /// Connections served at once; further ones wait in the listen queue.
    pub max_connections: usize,
    /// Connections one address (an IPv4 address, an IPv6 /64) may have open at once; past
    /// it, a connection is answered 429 at once. Not applied with `trust_forwarded_for`.
    pub connections_per_address: usize,
    /// The address players reach the server at (`https://pbm.example.org`), for the full
    /// invitation links of the GM console; `None`: the request's own `Host` (`site`). When it
    /// is https, every cookie is `Secure` (`secure_cookies`).
    pub public_url: Option<String>,
    /// Post webhooks to private addresses as well (this machine, its networks): off, a GM's
    /// URL reaches only the internet (`http_post::is_public`).
    pub webhooks_to_private: bool,
    /// Days a handled inbound message's raw text and a sent (or given-up) outbox row are
    /// kept (`store::retention`); `None` keeps them for ever.
    pub keep_mail_days: Option<u32>,
    /// The worker's own backups before deadlines (`serve --backup-dir`), if any.
    pub auto_backup: Option<auto_backup::AutoBackup>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            password_cost: PasswordCost::Standard,
            tick: Duration::from_secs(10),
            hash_concurrency: std::thread::available_parallelism().map_or(2, usize::from),
            trust_forwarded_for: false,
            header_read_timeout: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
            max_connections: 1024,
            connections_per_address: 32,
            public_url: None,
            webhooks_to_private: false,
            keep_mail_days: Some(90),
            auto_backup: None,
        }
    }
}

/// Everything a request handler needs: the store, and the doors' and the mail side's own
/// parts. It reads as the store (`Deref`), so that `store::load(&state, …)` and `state.db`
/// need no unwrapping.
#[derive(Clone, Debug)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    /// Wakes the deadline worker early (every seat ready, a GM action).
    pub wake: Arc<Notify>,
    /// Reads sessions, many to a query (`group_read`).
    pub sessions: Arc<group_read::GroupRead<store::sessions::Sessions>>,
    /// Password hashing, off the async threads and a few at a time.
    pub hasher: Arc<Hasher>,
    /// Failed logins per account and per address.
    pub throttle: Arc<throttle::Throttle>,
    /// The connections being served (`serve` counts them).
    pub connections: Arc<Connections>,
    /// Mail, when the server sends it (`serve --smtp`); `None`: mail is off.
    pub mail: Option<Arc<MailSettings>>,
    /// Public records being downloaded (a few at a time).
    pub record_downloads: Arc<public_record::Downloads>,
    /// Work left to finish after a request's answer.
    pub errands: Arc<errands::Errands>,
    /// How the deadline worker's own backups have gone (`Config::auto_backup`).
    pub backups: Arc<auto_backup::Status>,
}

impl std::ops::Deref for AppState {
    type Target = Store;

    fn deref(&self) -> &Store {
        &self.store
    }
}

impl std::ops::DerefMut for AppState {
    fn deref_mut(&mut self) -> &mut Store {
        &mut self.store
    }
}

impl AppState {
    pub fn new(db: Db, clock: Arc<dyn Clock>, config: Config) -> AppState {
        AppState {
            sessions: Arc::new(group_read::GroupRead::new(
                store::sessions::Sessions {
                    clock: clock.clone(),
                },
                1,
            )),
            store: Store::new(db, clock),
            hasher: Arc::new(Hasher::new(config.password_cost, config.hash_concurrency)),
            config: Arc::new(config),
            wake: Arc::new(Notify::new()),
            throttle: Arc::default(),
            connections: Arc::default(),
            mail: None,
            record_downloads: Arc::default(),
            errands: Arc::default(),
            backups: Arc::default(),
        }
    }

    /// The same state with mail on.
    pub fn with_mail(mut self, settings: MailSettings) -> AppState {
        self.mail = Some(Arc::new(settings));
        self
    }
}
