//! The server's time, injected: the system clock in production, a hand-turned one in tests
//! (no test waits for real time to pass).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Unix seconds.
    fn now(&self) -> i64;

    /// How long until the second `at` begins (zero if it has).
    fn until(&self, at: i64) -> Duration {
        Duration::from_secs(at.saturating_sub(self.now()).max(0) as u64)
    }
}

#[derive(Debug)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    }

    fn until(&self, at: i64) -> Duration {
        // To the millisecond: a deadline's turn is played as its second begins.
        std::time::UNIX_EPOCH
            .checked_add(Duration::from_secs(at.max(0) as u64))
            .map_or(Duration::MAX, |at| {
                at.duration_since(std::time::SystemTime::now())
                    .unwrap_or_default()
            })
    }
}

/// A clock that moves only when told to.
#[derive(Debug, Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn at(seconds: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(seconds)))
    }

    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
