//! How `serve` stops: at SIGTERM (a service manager's stop) or Ctrl-C, gracefully, exit 0,
//! whenever it arrives once the signals are caught — at `READY=1` too.

/// Catches SIGTERM (a service manager's stop) and Ctrl-C from the moment it is called; the
/// future it returns resolves at the first of them, saying which: then no new connection is
/// taken, open requests finish, and the workers stop. Called before the listener is bound and
/// systemd is told `READY=1`, so that a stop arriving at that moment, before the future is
/// first polled, is caught (a signal received since the call counts), not the default death.
pub fn stop_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let caught = {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            (Ok(term), Ok(interrupt)) => Some((term, interrupt)),
            (Err(e), _) | (_, Err(e)) => {
                tracing::warn!(error = %e, "SIGTERM cannot be caught: only Ctrl-C stops gracefully");
                None
            }
        }
    };
    async move {
        #[cfg(unix)]
        let signal = match caught {
            Some((mut term, mut interrupt)) => tokio::select! {
                _ = interrupt.recv() => "interrupt",
                _ = term.recv() => "SIGTERM",
            },
            None => {
                let _ = tokio::signal::ctrl_c().await;
                "interrupt"
            }
        };
        #[cfg(not(unix))]
        let signal = {
            let _ = tokio::signal::ctrl_c().await;
            "interrupt"
        };
        tracing::info!(signal, "stopping: finishing the requests under way");
        #[cfg(unix)]
        let _ = sd_notify::notify(&[sd_notify::NotifyState::Stopping]);
    }
}
