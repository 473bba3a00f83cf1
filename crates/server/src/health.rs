//! Health for a process supervisor or a load balancer: `/healthz` says the process answers;
//! `/readyz` says it can do its job — the database answers, no game waits past its deadline
//! longer than the deadline worker allows, and no mail or webhook waits longer than the outbox
//! worker allows. Each is a bounded query on an index, whatever the server holds. It also tells
//! how the deadline worker's own backups go, without holding a failing one against readiness.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::state::AppState;
use store::backlog;

/// How long past its deadline a game may wait before the server is "behind": a few of the
/// deadline worker's ticks, and never less than a minute (a storm of deadlines takes seconds).
fn overdue_after(state: &AppState) -> i64 {
    (state.config.tick.as_secs() as i64 * 6).max(60)
}

/// How long a due outbox row may wait unclaimed: the worker looks every few seconds and a
/// lease lasts minutes, so ten minutes means it is not running or not keeping up.
const OUTBOX_BEHIND_AFTER: i64 = 600;

/// What `/readyz` found (read back by `postrider healthcheck`).
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Readiness {
    pub ready: bool,
    /// "ok", or the database's error in one line.
    pub database: String,
    /// Games due longer ago than the worker allows (not paused, not over), counted up to
    /// `store::backlog::MAX_COUNTED`.
    pub overdue_games: i64,
    /// Seconds the oldest due outbox row (mail, when mail is on, or a webhook) has waited.
    pub outbox_oldest_due_seconds: i64,
    /// The deadline worker's own backups (`serve --backup-dir`) that failed in a row since the
    /// last one made; 0 when they work or are off. Not held against `ready`: the server still
    /// plays its turns, and no restart mends a full disk; the operator is told here, on
    /// `/operator` and in the metrics.
    pub backup_failures: u32,
    /// The last of those failures' reasons, in one line, while they fail.
    pub backup_error: Option<String>,
}

impl Readiness {
    /// Why the server is not ready, in words, one reason each (none when it is ready).
    pub fn reasons(&self) -> Vec<String> {
        let mut reasons = Vec::new();
        if self.database != "ok" {
            reasons.push(format!("the database does not answer ({})", self.database));
        }
        if self.overdue_games > 0 {
            reasons.push(format!(
                "{} game(s) wait past their deadline (the deadline worker is stopped or behind)",
                self.overdue_games
            ));
        }
        if self.outbox_oldest_due_seconds > OUTBOX_BEHIND_AFTER {
            reasons.push(format!(
                "mail has waited {} s to be sent (the outbox worker is stopped or the relay refuses)",
                self.outbox_oldest_due_seconds
            ));
        }
        reasons
    }
}

/// `GET /healthz`: the process is alive and serving requests.
pub async fn alive() -> Json<serde_json::Value> {
    Json(serde_json::json!({ "alive": true }))
}

/// `GET /readyz`: 200 when ready, 503 with the same body when not.
pub async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Readiness>) {
    let readiness = readiness(&state).await;
    let status = if readiness.ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(readiness))
}

/// Checks the database, the deadline worker and the outbox as of the server's clock.
pub async fn readiness(state: &AppState) -> Readiness {
    let now = state.clock.now();
    let overdue = backlog::games_due_before(state, now - overdue_after(state)).await;
    // With mail off the worker claims webhooks only: mail rows wait by design.
    let oldest = backlog::outbox_oldest_due(state, state.mail.is_some()).await;
    let backups = state.backups.get();
    match (overdue, oldest) {
        (Ok(overdue_games), Ok(oldest)) => {
            let outbox_oldest_due_seconds = oldest.map_or(0, |at| (now - at).max(0));
            Readiness {
                ready: overdue_games == 0 && outbox_oldest_due_seconds <= OUTBOX_BEHIND_AFTER,
                database: "ok".into(),
                overdue_games,
                outbox_oldest_due_seconds,
                backup_failures: backups.failures,
                backup_error: backups.error,
            }
        }
        (Err(e), _) | (_, Err(e)) => Readiness {
            ready: false,
            database: e.to_string().lines().next().unwrap_or_default().to_string(),
            overdue_games: 0,
            outbox_oldest_due_seconds: 0,
            backup_failures: backups.failures,
            backup_error: backups.error,
        },
    }
}
