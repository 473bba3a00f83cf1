//! Errands: work a request leaves to finish after it has answered (the forgotten-password
//! form answers before it looks for the account, so that its time tells nothing). They are
//! counted, so that a stopping server, or a test, can wait until none is left.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct Errands {
    running: AtomicUsize,
    done: Notify,
}

impl Errands {
    /// Runs `work` on its own task.
    pub fn run(self: &Arc<Self>, work: impl Future<Output = ()> + Send + 'static) {
        self.running.fetch_add(1, Ordering::SeqCst);
        let errands = Arc::clone(self);
        tokio::spawn(async move {
            work.await;
            errands.running.fetch_sub(1, Ordering::SeqCst);
            errands.done.notify_waiters();
        });
    }

    /// Waits until no errand is running.
    pub async fn idle(&self) {
        loop {
            let done = self.done.notified();
            tokio::pin!(done);
            // Registered before the count is read: an errand ending in between still wakes us.
            done.as_mut().enable();
            if self.running.load(Ordering::SeqCst) == 0 {
                return;
            }
            done.await;
        }
    }
}
