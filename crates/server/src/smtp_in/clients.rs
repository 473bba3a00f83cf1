//! The SMTP receiver's clients (an IPv4 address, an IPv6 /64): the sessions each has open and
//! what it has sent in its current window, in this process's memory (a restart forgets them).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use super::Limits;

/// Clients kept before those without a session or a live window are swept out.
const SWEEP_AT: usize = 10_000;
/// Clients kept at most: past it, clients without a session are forgotten (their counts
/// start again), so that the table's memory is bounded whatever the number of addresses.
const MAX_CLIENTS: usize = 100_000;

#[derive(Debug, Default)]
pub(super) struct Clients {
    table: Mutex<Table>,
}

#[derive(Debug, Default)]
struct Table {
    clients: HashMap<IpAddr, Client>,
    /// The size at which the table is swept next (doubling: a sweep costs O(1) a session
    /// on average).
    sweep_at: usize,
}

#[derive(Debug, Default)]
struct Client {
    sessions: usize,
    /// When the current window began (the server's clock, seconds).
    window_start: i64,
    messages: u32,
    bytes: u64,
}

impl Client {
    /// Whether it must be kept: a session open, or counts in a window not yet over.
    fn live(&self, limits: &Limits, now: i64) -> bool {
        self.sessions > 0
            || ((self.messages > 0 || self.bytes > 0) && now < self.window_start + limits.window)
    }

    /// The counts of the window `now` is in.
    fn window(&mut self, limits: &Limits, now: i64) -> &mut Client {
        if now >= self.window_start + limits.window || now < self.window_start {
            self.window_start = now;
            self.messages = 0;
            self.bytes = 0;
        }
        self
    }
}

/// A session counted against its client, given back by [`Clients::leave`].
#[derive(Debug)]
pub(super) struct Entry(IpAddr);

impl Clients {
    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().expect("smtp clients lock")
    }

    /// Counts a new session of `client`, unless it already has `cap` open.
    pub(super) fn enter(&self, client: IpAddr, cap: usize) -> Option<Entry> {
        let mut table = self.table();
        let entry = table.clients.entry(client).or_default();
        if entry.sessions >= cap.max(1) {
            return None;
        }
        entry.sessions += 1;
        Some(Entry(client))
    }

    /// Ends a session; its client is kept while its window holds counts.
    pub(super) fn leave(&self, entry: Entry, limits: &Limits, now: i64) {
        let mut guard = self.table();
        let Table { clients, sweep_at } = &mut *guard;
        if let Some(client) = clients.get_mut(&entry.0) {
            client.sessions -= 1;
            if !client.live(limits, now) {
                clients.remove(&entry.0);
            }
        }
        if clients.len() >= (*sweep_at).max(SWEEP_AT) {
            clients.retain(|_, c| c.live(limits, now));
            if clients.len() >= MAX_CLIENTS {
                clients.retain(|_, c| c.sessions > 0);
            }
            *sweep_at = (2 * clients.len()).clamp(SWEEP_AT, MAX_CLIENTS);
        }
    }

    /// Whether `client` has sent all its window allows.
    pub(super) fn over(&self, client: IpAddr, limits: &Limits, now: i64) -> bool {
        let mut table = self.table();
        let Some(c) = table.clients.get_mut(&client) else {
            return false;
        };
        let c = c.window(limits, now);
        c.messages >= limits.messages_per_window || c.bytes >= limits.bytes_per_window
    }

    /// Counts a message of `bytes` (a refused recipient: 0 bytes) against `client`.
    pub(super) fn count(&self, client: IpAddr, bytes: usize, limits: &Limits, now: i64) {
        let mut table = self.table();
        if let Some(c) = table.clients.get_mut(&client) {
            let c = c.window(limits, now);
            c.messages = c.messages.saturating_add(1);
            c.bytes = c.bytes.saturating_add(bytes as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            window: 100,
            messages_per_window: 2,
            bytes_per_window: 1000,
            ..Limits::default()
        }
    }

    #[test]
    fn a_client_has_its_own_count_of_sessions() {
        let clients = Clients::default();
        let (a, b) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let first = clients.enter(a, 2).unwrap();
        let _second = clients.enter(a, 2).unwrap();
        assert!(clients.enter(a, 2).is_none());
        assert!(clients.enter(b, 2).is_some());
        clients.leave(first, &limits(), 0);
        assert!(clients.enter(a, 2).is_some());
    }

    #[test]
    fn messages_and_bytes_are_counted_per_window_and_outlive_the_session() {
        let (clients, limits) = (Clients::default(), limits());
        let a: IpAddr = "2001:db8::".parse().unwrap();
        let session = clients.enter(a, 8).unwrap();
        clients.count(a, 10, &limits, 0);
        assert!(!clients.over(a, &limits, 0));
        clients.count(a, 0, &limits, 5);
        assert!(clients.over(a, &limits, 5));
        clients.leave(session, &limits, 5);
        let _again = clients.enter(a, 8).unwrap();
        assert!(
            clients.over(a, &limits, 99),
            "a new session keeps the count"
        );
        assert!(!clients.over(a, &limits, 100), "a new window starts afresh");
        clients.count(a, 1000, &limits, 100);
        assert!(clients.over(a, &limits, 100), "bytes count too");
    }
}
