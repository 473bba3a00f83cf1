//! `serve --metrics-listen ADDR`: `GET /metrics` on a listener of its own, the gauges read
//! from the database at each scrape (bounded queries: `store::backlog`), then everything the
//! recorder (`metrics`) holds in Prometheus's text format.

use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics::gauge;
use store::backlog;

use crate::metrics::{
    BACKUP_FAILURES, DEADLINES_NEXT_HOUR, OUTBOX_OLDEST_DUE_SECONDS, OUTBOX_UNSENT, install,
    installed,
};
use crate::state::AppState;

/// How often the recorder's histogram samples are folded into their buckets (between scrapes,
/// so that memory stays bounded whatever the scrape interval).
const UPKEEP: Duration = Duration::from_secs(5);

/// The metrics listener's routes: `GET /metrics`, and 404 for anything else.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(scrape))
        .fallback(|| async { StatusCode::NOT_FOUND })
        .with_state(state)
}

/// One scrape at a time in a process: the gauges set and rendered together (a test process
/// holds several servers, each its own database).
static SCRAPE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// `GET /metrics`: the gauges read from the database, then everything in Prometheus's text
/// format; 503 when the database does not answer (the scrape fails: Prometheus's `up` is 0).
async fn scrape(State(state): State<AppState>) -> Response {
    let Some(handle) = installed() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let _one = SCRAPE.lock().await;
    match backlog::read(&state, state.clock.now(), state.mail.is_some()).await {
        Ok(b) => {
            gauge!(DEADLINES_NEXT_HOUR).set(b.deadlines_next_hour as f64);
            gauge!(OUTBOX_UNSENT).set(b.outbox_unsent as f64);
            gauge!(OUTBOX_OLDEST_DUE_SECONDS).set(b.outbox_oldest_due_seconds as f64);
            gauge!(BACKUP_FAILURES).set(f64::from(state.backups.get().failures));
        }
        Err(e) => {
            tracing::warn!(error = %e, "metrics: the database did not answer");
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                "the database did not answer\n",
            )
                .into_response();
        }
    }
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        handle.render(),
    )
        .into_response()
}

/// Serves [`router`] on `listener` until `shutdown` (installing the recorder if it is not),
/// with the main listener's limits on request heads and a few connections at once; folds the
/// histograms' samples every few seconds meanwhile.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let handle = install();
    let limits = crate::listener::Limits {
        header_read_timeout: state.config.header_read_timeout,
        body_time: state.config.body_time,
        max_connections: 16,
        // Scraped by one Prometheus, on a listener an operator keeps private.
        per_address: None,
    };
    let upkeep = async {
        let mut every = tokio::time::interval(UPKEEP);
        loop {
            every.tick().await;
            handle.run_upkeep();
        }
    };
    tokio::select! {
        () = crate::listener::serve_router(listener, router(state), limits, Default::default(), shutdown) => {}
        _ = upkeep => {}
    }
}
