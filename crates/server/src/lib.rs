//! postrider's GM server: games that run themselves. `app(state)` is the whole HTTP surface
//! (tests call it without a socket); `serve` runs it on a listener together with the deadline
//! worker. The database is SQLite by default and PostgreSQL at scale (`db`); every change to
//! a game is one transaction on its event log (`games`).

pub mod actions;
pub mod api;
pub mod auth;
pub mod clock;
pub mod db;
pub mod error;
pub mod games;
pub mod pages;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tokio::sync::Notify;

pub use auth::PasswordCost;
pub use error::ApiError;
pub use clock::{Clock, ManualClock, SystemClock};
pub use db::{Backend, Db};

/// The largest request body accepted (orders are a line or two).
pub const BODY_LIMIT: usize = 64 * 1024;

#[derive(Clone, Debug)]
pub struct Config {
    pub password_cost: PasswordCost,
    /// How often the deadline worker looks for due games (it is also woken when a game's
    /// last orders arrive).
    pub tick: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            password_cost: PasswordCost::Standard,
            tick: Duration::from_secs(10),
        }
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
    /// One writer at a time per game within this process (see `games::lock`).
    pub game_locks: Arc<games::GameLocks>,
    /// The games this process has read or written (reads do not replay).
    pub records: Arc<games::Records>,
}

impl AppState {
    pub fn new(db: Db, clock: Arc<dyn Clock>, config: Config) -> AppState {
        AppState {
            db,
            clock,
            config: Arc::new(config),
            wake: Arc::new(Notify::new()),
            game_locks: Arc::default(),
            records: Arc::default(),
        }
    }
}

/// The HTTP surface: the pages and the JSON API.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/", get(pages::front))
        .route("/login", get(pages::login_form).post(pages::login))
        .route("/register", get(pages::register_form).post(pages::register))
        .route("/logout", post(pages::logout))
        .route("/new", get(pages::new_game_form).post(pages::new_game))
        .route("/games/{id}", get(pages::game))
        .route("/games/{id}/turns/{turn}", get(pages::turn))
        .route("/games/{id}/history", get(pages::history))
        .route("/games/{id}/join", get(pages::join_form).post(pages::join))
        .route(
            "/games/{id}/orders",
            get(pages::orders_form).post(pages::orders),
        )
        .route(
            "/games/{id}/gm",
            get(pages::console).post(pages::console_action),
        )
        .route("/api/openapi.json", get(api::openapi))
        .route("/api/players", post(api::register))
        .route("/api/login", post(api::login))
        .route("/api/logout", post(api::logout))
        .route("/api/tokens", post(api::new_token))
        .route("/api/games", get(api::list_games).post(api::create_game))
        .route("/api/games/{id}", get(api::get_game))
        .route("/api/games/{id}/join", post(api::join))
        .route(
            "/api/games/{id}/orders",
            get(api::my_orders).post(api::submit_orders),
        )
        .route("/api/games/{id}/reports/{turn}", get(api::report))
        .route("/api/games/{id}/history", get(api::history))
        .route("/api/games/{id}/gm", post(api::gm_action))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

/// Processes due games until `shutdown` resolves: at every tick, and whenever woken.
pub async fn deadline_worker(state: AppState, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    loop {
        match games::process_due(&state).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(turns = n, "processed due turns"),
            Err(e) => tracing::error!(error = %e, "deadline worker"),
        }
        tokio::select! {
            _ = tokio::time::sleep(state.config.tick) => {}
            _ = state.wake.notified() => {}
            _ = &mut shutdown => return,
        }
    }
}

/// Serves `app` on `listener` with the deadline worker beside it, until `shutdown`.
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
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async move {
            shutdown.await;
            let _ = stop_tx.send(true);
        })
        .await?;
    let _ = worker.await;
    Ok(())
}
