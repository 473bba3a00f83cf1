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
pub mod bounces;
pub mod change;
pub mod check;
pub mod errands;
pub mod error;
pub mod feeds;
pub mod health;
pub mod http_post;
pub mod letters;
pub mod listener;
pub mod mail_log;
pub mod mail_words;
pub mod mailbox;
pub mod metrics;
pub mod metrics_listen;
pub mod outbox;
pub mod pages;
pub mod passwords;
pub mod picture;
pub mod press_mail;
pub mod press_text;
pub mod public_record;
pub mod push;
pub mod reader;
pub mod reminders;
pub mod season_report;
pub mod secure_cookies;
pub mod sender;
pub mod site;
pub mod smtp_in;
mod smtp_out;
pub mod state;
pub mod text;
pub mod throttle;
pub mod webhook;

/// The store under the names the command line and the tests know it by.
pub mod games {
    pub use crate::actions::import;
    pub use crate::change::{
        append, change, process, process_due, process_locked, resolve_now, roll_back,
    };
    pub use crate::store::*;
}
pub use store::{backup, commit, group_read};

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, HeaderValue, header};
use axum::routing::get;
use tower_http::set_header::SetResponseHeaderLayer;

/// The store crate, under the name the server's modules have always used for it.
pub use ::store;
pub use error::ApiError;
pub use listener::Connections;
pub use passwords::PasswordCost;
pub use state::{AppState, Config};
pub use store::clock::{self, Clock, ManualClock, SystemClock};
pub use store::db::{self, Backend, Db};

pub use error::BODY_LIMIT;

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
            match auto_backup::before_deadlines(&state, &state.backups, auto, &mut backed_up_at)
                .await
            {
                Ok(None) => {}
                Ok(Some(file)) => {
                    tracing::info!(file = %file.display(), "backed up before the deadlines")
                }
                // The turns are still played: the event log keeps every one of them.
                Err(e) => tracing::error!(error = %e, "backup before the deadlines"),
            }
        }
        match change::process_due(&state).await {
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
