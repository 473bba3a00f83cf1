//! postrider's GM server: games that run themselves. `app(state)` is the whole HTTP surface
//! (tests call it without a socket); `serve` runs it on a listener together with the deadline
//! worker. The database is SQLite by default and PostgreSQL at scale (`db`); every change to
//! a game is one transaction on its event log (`games`). `serve` is its own accept loop on
//! hyper's HTTP/1 (`listener`): request heads and bodies are timed, and connections are capped
//! in all and per address.

pub mod actions;
pub mod api;
pub mod auth;
pub mod auto_backup;
pub mod backup;
pub mod bounces;
pub mod check;
pub mod clock;
pub mod db;
pub mod errands;
pub mod error;
pub mod feeds;
pub mod health;
pub mod http_post;
pub mod letters;
pub mod listener;
pub mod mail_log;
pub mod mailbox;
pub mod metrics;
pub mod outbox;
pub mod pages;
pub mod picture;
pub mod press_mail;
pub mod press_text;
pub mod public_record;
pub mod push;
pub mod reader;
pub mod reminders;
pub mod season_report;
pub mod secure_cookies;
pub mod smtp_in;
mod smtp_out;
pub mod store;
pub mod text;
pub mod throttle;
pub mod webhook;

/// The store under the names the command line and the tests know it by.
pub mod games {
    pub use crate::actions::import;
    pub use crate::store::*;
}
pub use store::{commit, group_read};

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, HeaderValue, header};
use axum::routing::get;
use tokio::sync::Notify;
use tower_http::set_header::SetResponseHeaderLayer;

pub use auth::PasswordCost;
pub use clock::{Clock, ManualClock, SystemClock};
pub use db::{Backend, Db};
pub use error::ApiError;

/// The largest request body accepted (orders are a line or two).
pub const BODY_LIMIT: usize = 64 * 1024;

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
    /// invitation links of the GM console; `None`: the links are shown as paths. When it is
    /// https, every cookie is `Secure` (`secure_cookies`).
    pub public_url: Option<String>,
    /// Post webhooks to private addresses as well (this machine, its networks): off, a GM's
    /// URL reaches only the internet (`webhook::is_public`).
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

/// The connections `serve` has open now, and the most it has had open at once.
#[derive(Debug, Default)]
pub struct Connections {
    open: AtomicUsize,
    peak: AtomicUsize,
}

impl Connections {
    pub fn open(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }

    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }

    fn opened(&self) {
        let open = self.open.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(open, Ordering::SeqCst);
    }

    fn closed(&self) {
        self.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Everything a request handler needs.
#[derive(Clone, Debug)]
pub struct AppState {
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    pub config: Arc<Config>,
    /// Wakes the deadline worker early (every seat ready, a GM action).
    pub wake: Arc<Notify>,
    /// One writer at a time per game within this process (see `store::lock`).
    pub game_locks: Arc<store::GameLocks>,
    /// The games this process has read or written (reads do not replay).
    pub records: Arc<store::Records>,
    /// Writes changes to games, many to a transaction (`commit`).
    pub committer: Arc<commit::Committer>,
    /// Reads sessions, many to a query (`group_read`).
    pub sessions: Arc<group_read::GroupRead<auth::Sessions>>,
    /// Reads games, many to a query (`group_read`).
    pub tables: Arc<group_read::GroupRead<store::Tables>>,
    /// Password hashing, off the async threads and a few at a time.
    pub hasher: Arc<auth::Hasher>,
    /// Failed logins per account and per address.
    pub throttle: Arc<throttle::Throttle>,
    /// The connections being served (`serve` counts them).
    pub connections: Arc<Connections>,
    /// Makes the mail a change causes, from its events (the store calls it: `store::Letters`).
    pub letters: Arc<dyn store::Letters>,
    /// Mail, when the server sends it (`serve --smtp`); `None`: mail is off.
    pub mail: Option<Arc<letters::MailSettings>>,
    /// Public records being downloaded (a few at a time).
    pub record_downloads: Arc<public_record::Downloads>,
    /// Work left to finish after a request's answer.
    pub errands: Arc<errands::Errands>,
    /// How the deadline worker's own backups have gone (`Config::auto_backup`).
    pub backups: Arc<auto_backup::Status>,
}

impl AppState {
    pub fn new(db: Db, clock: Arc<dyn Clock>, config: Config) -> AppState {
        let records: Arc<store::Records> = Arc::default();
        AppState {
            sessions: Arc::new(group_read::GroupRead::new(
                auth::Sessions {
                    clock: clock.clone(),
                },
                1,
            )),
            tables: Arc::new(group_read::GroupRead::new(
                store::Tables {
                    records: records.clone(),
                },
                1,
            )),
            records,
            db,
            clock,
            hasher: Arc::new(auth::Hasher::new(
                config.password_cost,
                config.hash_concurrency,
            )),
            config: Arc::new(config),
            wake: Arc::new(Notify::new()),
            game_locks: Arc::default(),
            committer: Arc::default(),
            throttle: Arc::default(),
            connections: Arc::default(),
            letters: Arc::new(letters::EventLetters),
            mail: None,
            record_downloads: Arc::default(),
            errands: Arc::default(),
            backups: Arc::default(),
        }
    }

    /// The same state with mail on.
    pub fn with_mail(mut self, settings: letters::MailSettings) -> AppState {
        self.mail = Some(Arc::new(settings));
        self
    }
}

/// The Content-Security-Policy of every response: nothing but this site's own stylesheet,
/// scripts, images and forms; styles inline only for the pictures (an SVG drawn inside a page
/// carries its own `<style>`, which follows the dark theme); the optional scripts may reach
/// this site alone (the browser's time zone, the Backpacks form's turn 2 after turn 1); no
/// framing by any site.
pub const CSP: &str = "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; \
connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The security headers of every response (a handler's own are kept).
fn security_headers(router: Router) -> Router {
    let headers = [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    headers
        .into_iter()
        .fold(router, |router, (name, value): (HeaderName, &str)| {
            router.layer(SetResponseHeaderLayer::if_not_present(
                name,
                HeaderValue::from_static(value),
            ))
        })
}

/// The HTTP surface: the pages and the JSON API.
pub fn app(state: AppState) -> Router {
    let cookies =
        axum::middleware::from_fn_with_state(state.clone(), secure_cookies::secure_cookies);
    security_headers(
        routes(state)
            .layer(axum::middleware::from_fn(reader::scope))
            .layer(cookies),
    )
}

/// Every route, merged in this one place: the pages, the API, and the doors that are neither
/// (the health probes, a seat's feeds).
fn routes(state: AppState) -> Router {
    Router::new()
        .merge(pages::router())
        .merge(api::router())
        .route("/healthz", get(health::alive))
        .route("/readyz", get(health::ready))
        // The public record's download, linked from the game page: the API's own call.
        .route("/games/{id}/record", get(api::games::record))
        .route("/feeds/{secret}/calendar.ics", get(feeds::calendar))
        .route("/feeds/{secret}/reports.atom", get(feeds::reports))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        // Inside the router, so that it sees the pattern each request matched.
        .layer(axum::middleware::from_fn(metrics::track))
        .with_state(state)
}

/// Processes due games until `shutdown` resolves: at every tick, at the next deadline if it
/// falls sooner ([`nap`]), and whenever woken.
pub async fn deadline_worker(state: AppState, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    // When old mail was last cleaned: once an hour is enough for a retention counted in days.
    let mut cleaned_at: Option<i64> = None;
    let mut backed_up_at: Option<i64> = None;
    loop {
        // A deadline after this is waited for: one falling while the pass runs is then played
        // at once, not a tick later.
        let pass_at = state.clock.now();
        if let Some(auto) = &state.config.auto_backup {
            match auto_backup::before_deadlines(&state, auto, &mut backed_up_at).await {
                Ok(None) => {}
                Ok(Some(file)) => {
                    tracing::info!(file = %file.display(), "backed up before the deadlines")
                }
                // The turns are still played: the event log keeps every one of them.
                Err(e) => tracing::error!(error = %e, "backup before the deadlines"),
            }
        }
        match store::process_due(&state).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(turns = n, "processed due turns"),
            Err(e) => tracing::error!(error = %e, "deadline worker"),
        }
        match reminders::write_due(&state, state.clock.now()).await {
            Ok(w) if w == reminders::Written::default() => {}
            Ok(w) => tracing::info!(
                reminders = w.reminders,
                digests = w.digests,
                webhooks = w.webhooks,
                "reminders written"
            ),
            Err(e) => tracing::error!(error = %e, "reminders"),
        }
        let now = state.clock.now();
        if let Some(days) = state.config.keep_mail_days
            && cleaned_at.is_none_or(|at| now - at >= 3600)
        {
            cleaned_at = Some(now);
            match store::retention::clean(&state, now - i64::from(days) * 86_400).await {
                Ok(c) if c == store::retention::Cleaned::default() => {}
                Ok(c) => tracing::info!(
                    raw_mails = c.raw_mails,
                    outbox_rows = c.outbox_rows,
                    days,
                    "old mail cleaned"
                ),
                Err(e) => tracing::error!(error = %e, "cleaning old mail"),
            }
        }
        tokio::select! {
            _ = async { tokio::time::sleep(nap(&state, pass_at).await).await } => {}
            _ = state.wake.notified() => {}
            _ = &mut shutdown => return,
        }
    }
}

/// How long the deadline worker sleeps after a pass that began at `pass_at`: a tick, or less
/// if a game's deadline after `pass_at` falls sooner, so that a turn is played as its
/// deadline's second begins, not up to a tick later (one that fell during the pass: at once).
pub async fn nap(state: &AppState, pass_at: i64) -> Duration {
    let tick = state.config.tick;
    match store::deadlines::next_deadline_after(state, pass_at).await {
        Ok(Some(at)) => tick.min(state.clock.until(at)),
        Ok(None) => tick,
        Err(e) => {
            tracing::error!(error = %e, "reading the next deadline");
            tick
        }
    }
}

/// Serves `app` on `listener` with the deadline worker beside it, until `shutdown`: then no
/// new connection is accepted, open ones finish their request and their errands, and the
/// worker stops.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let worker = tokio::spawn(deadline_worker(state.clone(), {
        let mut rx = stop_rx.clone();
        async move {
            let _ = rx.wait_for(|stop| *stop).await;
        }
    }));
    let limits = listener::Limits {
        header_read_timeout: state.config.header_read_timeout,
        body_time: state.config.body_time,
        max_connections: state.config.max_connections,
        // Behind a reverse proxy every connection is the proxy's: it caps them itself.
        per_address: (!state.config.trust_forwarded_for)
            .then_some(state.config.connections_per_address),
    };
    listener::serve_router(
        listener,
        app(state.clone()),
        limits,
        state.connections.clone(),
        shutdown,
    )
    .await;
    // What the last requests left to do (a reset link's mail) is done before the end.
    state.errands.idle().await;
    let _ = stop_tx.send(true);
    let _ = worker.await;
    Ok(())
}
