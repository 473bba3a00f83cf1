//! What every session of one SMTP receiver shares: the server, its limits, the sessions
//! taken and the clients' counts.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use super::clients::Clients;
use super::limits::Limits;
use crate::state::AppState;

/// What every session of one receiver shares.
#[derive(Debug)]
pub(super) struct Receiver {
    pub(super) state: AppState,
    /// The host name it greets with.
    pub(super) name: String,
    pub(super) limits: Limits,
    pub(super) sessions: Arc<Semaphore>,
    pub(super) clients: Clients,
}

impl Receiver {
    /// How long to wait for a line: [`Limits::busy_idle`] while most sessions are taken.
    pub(super) fn idle(&self) -> Duration {
        if self.sessions.available_permits() * 4 < self.limits.sessions {
            self.limits.busy_idle
        } else {
            self.limits.idle
        }
    }
}
