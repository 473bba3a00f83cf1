//! The SMTP receiver's clients (an IPv4 address, an IPv6 /64): the sessions each has open and
//! what it has sent in its current window; and what each order address has been sent in its
//! window. In this process's memory (a restart forgets them).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use super::limits::Limits;

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
    /// What each order address (its secret) was sent. Only the addresses of held seats are
    /// counted (accepted at RCPT), so this is bounded by the seats; it is swept with the
    /// clients.
    recipients: HashMap<String, Window>,
    /// The size at which the table is swept next (doubling: a sweep costs O(1) a session
    /// on average).
    sweep_at: usize,
}

#[derive(Debug, Default)]
struct Client {
    sessions: usize,
    window: Window,
}

/// The counts of one window.
#[derive(Debug, Default)]
struct Window {
    /// When it began (the server's clock, seconds).
    start: i64,
    /// Messages accepted.
    messages: u32,
    /// Bytes of the messages accepted.
    bytes: u64,
    /// Recipients refused at RCPT: counted apart, so that strangers' mail through a relay
    /// does not use up the budget of the players' mail through the same relay.
    refused: u32,
}

impl Window {
    /// Whether it holds counts not yet over.
    fn live(&self, limits: &Limits, now: i64) -> bool {
        (self.messages > 0 || self.bytes > 0 || self.refused > 0)
            && now < self.start + limits.window
            && now >= self.start
    }

    /// The counts of the window `now` is in.
    fn at(&mut self, limits: &Limits, now: i64) -> &mut Window {
        if now >= self.start + limits.window || now < self.start {
            *self = Window {
                start: now,
                ..Window::default()
            };
        }
        self
    }
}

impl Client {
    /// Whether it must be kept: a session open, or counts in a window not yet over.
    fn live(&self, limits: &Limits, now: i64) -> bool {
        self.sessions > 0 || self.window.live(limits, now)
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
        let Table {
            clients,
            recipients,
            sweep_at,
        } = &mut *guard;
        if let Some(client) = clients.get_mut(&entry.0) {
            client.sessions -= 1;
            if !client.live(limits, now) {
                clients.remove(&entry.0);
            }
        }
        if clients.len() + recipients.len() >= (*sweep_at).max(SWEEP_AT) {
            clients.retain(|_, c| c.live(limits, now));
            recipients.retain(|_, w| w.live(limits, now));
            if clients.len() >= MAX_CLIENTS {
                clients.retain(|_, c| c.sessions > 0);
            }
            *sweep_at = (2 * (clients.len() + recipients.len())).clamp(SWEEP_AT, MAX_CLIENTS);
        }
    }

    /// Whether `client` has sent all the mail its window allows (messages or bytes).
    pub(super) fn over(&self, client: IpAddr, limits: &Limits, now: i64) -> bool {
        let mut table = self.table();
        let Some(c) = table.clients.get_mut(&client) else {
            return false;
        };
        let w = c.window.at(limits, now);
        w.messages >= limits.messages_per_window || w.bytes >= limits.bytes_per_window
    }

    /// Counts an accepted message of `bytes` against `client` and the order address `secret`.
    pub(super) fn count(
        &self,
        client: IpAddr,
        secret: &str,
        bytes: usize,
        limits: &Limits,
        now: i64,
    ) {
        let mut table = self.table();
        if let Some(c) = table.clients.get_mut(&client) {
            let w = c.window.at(limits, now);
            w.messages = w.messages.saturating_add(1);
            w.bytes = w.bytes.saturating_add(bytes as u64);
        }
        let w = table
            .recipients
            .entry(secret.to_string())
            .or_default()
            .at(limits, now);
        w.messages = w.messages.saturating_add(1);
        w.bytes = w.bytes.saturating_add(bytes as u64);
    }

    /// Counts a recipient refused at RCPT against `client`: whether it is past the refusals
    /// its window allows.
    pub(super) fn refuse(&self, client: IpAddr, limits: &Limits, now: i64) -> bool {
        let mut table = self.table();
        let Some(c) = table.clients.get_mut(&client) else {
            return false;
        };
        let w = c.window.at(limits, now);
        w.refused = w.refused.saturating_add(1);
        w.refused > limits.refused_per_window
    }

    /// Whether the order address `secret` has been sent all the bytes its window allows.
    pub(super) fn recipient_full(&self, secret: &str, limits: &Limits, now: i64) -> bool {
        let mut table = self.table();
        table
            .recipients
            .get_mut(secret)
            .is_some_and(|w| w.at(limits, now).bytes >= limits.bytes_per_recipient)
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
            refused_per_window: 2,
            bytes_per_recipient: 500,
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
        clients.count(a, "s1", 10, &limits, 0);
        assert!(!clients.over(a, &limits, 0));
        clients.count(a, "s2", 0, &limits, 5);
        assert!(clients.over(a, &limits, 5));
        clients.leave(session, &limits, 5);
        let _again = clients.enter(a, 8).unwrap();
        assert!(
            clients.over(a, &limits, 99),
            "a new session keeps the count"
        );
        assert!(!clients.over(a, &limits, 100), "a new window starts afresh");
        clients.count(a, "s1", 1000, &limits, 100);
        assert!(clients.over(a, &limits, 100), "bytes count too");
    }

    #[test]
    fn refused_recipients_are_counted_apart_from_the_mail() {
        let (clients, limits) = (Clients::default(), limits());
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let _session = clients.enter(a, 8).unwrap();
        assert!(!clients.refuse(a, &limits, 0));
        assert!(!clients.refuse(a, &limits, 0));
        assert!(clients.refuse(a, &limits, 0), "past the refusals allowed");
        assert!(
            !clients.over(a, &limits, 0),
            "the mail's budget is untouched"
        );
        assert!(
            !clients.refuse(a, &limits, 100),
            "a new window starts afresh"
        );
    }

    #[test]
    fn an_order_address_has_its_own_count_of_bytes() {
        let (clients, limits) = (Clients::default(), limits());
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let _sessions = (clients.enter(a, 8), clients.enter(b, 8));
        clients.count(a, "red", 300, &limits, 0);
        assert!(!clients.recipient_full("red", &limits, 0));
        clients.count(b, "red", 300, &limits, 1);
        assert!(clients.recipient_full("red", &limits, 1), "from any client");
        assert!(!clients.recipient_full("blue", &limits, 1));
        assert!(!clients.recipient_full("red", &limits, 100));
    }
}
