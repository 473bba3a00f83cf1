//! Prometheus metrics, opt-in: `serve --metrics-listen ADDR` installs the recorder
//! ([`install`]) and serves `GET /metrics` on that listener alone (`metrics_listen`). Until the
//! recorder is installed every recording here does nothing. Counters and histograms are
//! recorded where things happen (a request, a turn, an inbound mail, a login); the gauges
//! (deadlines coming, the outbox) are read from the database at each scrape, with bounded
//! queries (`store::backlog`). Every label is one of a bounded set — a route's pattern, a
//! method, a status class, a game's kind, an outcome — never a name, address, secret or
//! title. docs/operations.md ("Metrics") lists the names.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use metrics::{counter, describe_counter, describe_gauge, describe_histogram, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub const HTTP_REQUESTS: &str = "postrider_http_requests_total";
pub const HTTP_REQUEST_SECONDS: &str = "postrider_http_request_duration_seconds";
pub const TURNS_RESOLVED: &str = "postrider_turns_resolved_total";
pub const TURN_RESOLUTION_SECONDS: &str = "postrider_turn_resolution_seconds";
pub const DEADLINES_NEXT_HOUR: &str = "postrider_deadlines_next_hour";
pub const OUTBOX_UNSENT: &str = "postrider_outbox_unsent";
pub const OUTBOX_OLDEST_DUE_SECONDS: &str = "postrider_outbox_oldest_due_seconds";
pub const INBOUND_MAIL: &str = "postrider_inbound_mail_total";
pub const LOGINS: &str = "postrider_logins_total";
pub const BACKUPS: &str = "postrider_backups_total";
pub const BACKUP_FAILURES: &str = "postrider_backup_failures";

/// The route label of a request that matched no route (the 404s: any path a client makes up).
pub const UNMATCHED: &str = "unmatched";

/// The histograms' buckets, in seconds: a page in milliseconds, a turn with search bots in
/// seconds.
const BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 60.0,
];

static RECORDER: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the process's recorder, once: later calls (tests start many servers in one
/// process) return the same handle.
pub fn install() -> &'static PrometheusHandle {
    RECORDER.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        if let Err(e) = metrics::set_global_recorder(recorder) {
            tracing::warn!(error = %e, "metrics: another recorder is installed; /metrics stays empty");
        }
        describe();
        handle
    })
}

pub(crate) fn installed() -> Option<&'static PrometheusHandle> {
    RECORDER.get()
}

/// The `# HELP` line of every metric.
fn describe() {
    describe_counter!(
        HTTP_REQUESTS,
        "HTTP requests answered, by route pattern, method and status class"
    );
    describe_histogram!(
        HTTP_REQUEST_SECONDS,
        metrics::Unit::Seconds,
        "time from a request to its response's head, by route pattern"
    );
    describe_counter!(TURNS_RESOLVED, "turns resolved and committed, by game");
    describe_histogram!(
        TURN_RESOLUTION_SECONDS,
        metrics::Unit::Seconds,
        "time to resolve a turn: bots' orders, adjudication and the commit, by game"
    );
    describe_gauge!(
        DEADLINES_NEXT_HOUR,
        "running games whose deadline falls within the next hour (or has passed), at the scrape"
    );
    describe_gauge!(
        OUTBOX_UNSENT,
        "outbox rows waiting to be sent (mail and webhooks; webhooks only with mail off), at the scrape"
    );
    describe_gauge!(
        OUTBOX_OLDEST_DUE_SECONDS,
        metrics::Unit::Seconds,
        "how long the longest-waiting due outbox row has waited, at the scrape"
    );
    describe_counter!(
        INBOUND_MAIL,
        "inbound messages handled by this process (serve --smtp-listen), by outcome"
    );
    describe_counter!(
        BACKUPS,
        "the deadline worker's own backups (serve --backup-dir), by outcome: made, failed"
    );
    describe_gauge!(
        BACKUP_FAILURES,
        "the deadline worker's backups that failed in a row since the last one made, at the scrape"
    );
    describe_counter!(
        LOGINS,
        "login attempts, by outcome: ok, failed (wrong name or password), throttled"
    );
}

/// The middleware of `app`: counts each request and times it, by the pattern of the route it
/// matched. Nothing is done until the recorder is installed.
pub async fn track(request: Request, next: Next) -> Response {
    if installed().is_none() {
        return next.run(request).await;
    }
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| UNMATCHED.to_string(), |p| p.as_str().to_string());
    let method = method_label(request.method());
    let started = Instant::now();
    let response = next.run(request).await;
    let status = status_class(response.status());
    counter!(HTTP_REQUESTS, "route" => route.clone(), "method" => method, "status" => status)
        .increment(1);
    histogram!(HTTP_REQUEST_SECONDS, "route" => route).record(started.elapsed());
    response
}

/// A method as a label: the few the server answers, and every other one as `other` (a client
/// may send any token as a method).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        _ => "other",
    }
}

fn status_class(status: StatusCode) -> &'static str {
    match status.as_u16() {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

/// A turn of a game of kind `game` (`gm::GameInfo::name`) resolved and committed, in `took`.
pub fn turn_resolved(game: &'static str, took: Duration) {
    counter!(TURNS_RESOLVED, "game" => game).increment(1);
    histogram!(TURN_RESOLUTION_SECONDS, "game" => game).record(took);
}

/// An inbound message handled: `applied`, `refused`, `duplicate`, `dropped`, `bounced` (a
/// relay's bounce of a mail sent from here), or `failed`
/// (the database failed: the sender tries again).
pub fn inbound_mail(outcome: &'static str) {
    counter!(INBOUND_MAIL, "outcome" => outcome).increment(1);
}

/// A login attempt: `ok`, `failed` or `throttled`.
pub fn login(outcome: &'static str) {
    counter!(LOGINS, "outcome" => outcome).increment(1);
}

/// One of the deadline worker's backups: `made` or `failed`.
pub fn backup(outcome: &'static str) {
    counter!(BACKUPS, "outcome" => outcome).increment(1);
}
