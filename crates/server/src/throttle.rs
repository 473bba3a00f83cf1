//! Login throttling: failed logins counted per account name and per client address, with an
//! exponential back-off past a budget that a person who mistypes never reaches. Time comes
//! from the injected clock. The counts live in this process's memory (a restart forgets
//! them); what the account's owner is told at the next login is counted in the database.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Mutex;

use axum::http::request::Parts;

/// How many failures a key may have before it is made to wait, and how long it waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Failures allowed in a run before the first wait (the run's last failure starts it).
    pub budget: u32,
    /// The first wait, in seconds; each further failure doubles it.
    pub first_wait: i64,
    /// The longest wait, in seconds.
    pub max_wait: i64,
    /// A run of failures is forgotten after this many quiet seconds (no failure, no wait).
    pub quiet: i64,
}

/// Per account (known or not: unknown names are throttled alike, so a 429 tells nobody
/// whether a name has an account): 10 failures, then 1 minute, 2, 4, … up to an hour.
pub const ACCOUNT: Policy = Policy {
    budget: 10,
    first_wait: 60,
    max_wait: 3600,
    quiet: 15 * 60,
};

/// Per client address (a club behind one address shares it): 100 failures, then the same
/// back-off.
pub const ADDRESS: Policy = Policy {
    budget: 100,
    first_wait: 60,
    max_wait: 3600,
    quiet: 15 * 60,
};

/// Entries kept per table before the forgotten ones are swept out.
const SWEEP_AT: usize = 10_000;
/// Entries kept per table at most: past it, only keys that are waiting are kept.
const MAX_ENTRIES: usize = 100_000;

#[derive(Clone, Copy, Debug, Default)]
struct Run {
    failures: u32,
    last: i64,
    wait_until: i64,
}

impl Run {
    fn forgotten(&self, policy: &Policy, now: i64) -> bool {
        now >= self.last.max(self.wait_until) + policy.quiet
    }

    fn fail(&mut self, policy: &Policy, now: i64) {
        if self.forgotten(policy, now) {
            *self = Run::default();
        }
        self.failures += 1;
        self.last = now;
        if self.failures >= policy.budget {
            let doublings = (self.failures - policy.budget).min(20);
            self.wait_until = now + (policy.first_wait << doublings).min(policy.max_wait);
        }
    }
}

#[derive(Debug)]
struct Runs<K> {
    runs: HashMap<K, Run>,
    /// The size at which forgotten runs are swept out next (doubling, so sweeps cost O(1)
    /// a failure on average).
    sweep_at: usize,
}

#[derive(Debug)]
struct Table<K> {
    policy: Policy,
    runs: Mutex<Runs<K>>,
}

impl<K: std::hash::Hash + Eq> Table<K> {
    fn new(policy: Policy) -> Table<K> {
        Table {
            policy,
            runs: Mutex::new(Runs {
                runs: HashMap::new(),
                sweep_at: SWEEP_AT,
            }),
        }
    }

    fn wait(&self, key: &K, now: i64) -> Option<i64> {
        let runs = self.runs.lock().expect("throttle lock");
        runs.runs
            .get(key)
            .map(|run| run.wait_until - now)
            .filter(|&wait| wait > 0)
    }

    fn fail(&self, key: K, now: i64) {
        let mut guard = self.runs.lock().expect("throttle lock");
        let Runs { runs, sweep_at } = &mut *guard;
        if runs.len() >= *sweep_at && !runs.contains_key(&key) {
            runs.retain(|_, run| !run.forgotten(&self.policy, now));
            if runs.len() >= MAX_ENTRIES {
                runs.retain(|_, run| run.wait_until > now);
            }
            *sweep_at = (2 * runs.len()).clamp(SWEEP_AT, MAX_ENTRIES);
        }
        if runs.len() < MAX_ENTRIES || runs.contains_key(&key) {
            runs.entry(key).or_default().fail(&self.policy, now);
        }
    }

    fn clear(&self, key: &K) {
        self.runs.lock().expect("throttle lock").runs.remove(key);
    }
}

/// The failed logins this process has seen.
#[derive(Debug)]
pub struct Throttle {
    accounts: Table<String>,
    addresses: Table<IpAddr>,
}

impl Default for Throttle {
    fn default() -> Throttle {
        Throttle::new(ACCOUNT, ADDRESS)
    }
}

impl Throttle {
    pub fn new(account: Policy, address: Policy) -> Throttle {
        Throttle {
            accounts: Table::new(account),
            addresses: Table::new(address),
        }
    }

    /// Seconds to wait before this name may be tried again from this address, if it must wait.
    pub fn wait(&self, name_key: Option<&str>, client: Option<IpAddr>, now: i64) -> Option<i64> {
        let account = name_key.and_then(|k| self.accounts.wait(&k.to_string(), now));
        let address = client.and_then(|a| self.addresses.wait(&a, now));
        account.max(address)
    }

    /// Counts a failed login.
    pub fn failed(&self, name_key: Option<&str>, client: Option<IpAddr>, now: i64) {
        if let Some(key) = name_key {
            self.accounts.fail(key.to_string(), now);
        }
        if let Some(address) = client {
            self.addresses.fail(address, now);
        }
    }

    /// A successful login ends the account's run (not the address's: one good account must
    /// not buy an address more guesses at others).
    pub fn succeeded(&self, name_key: &str) {
        self.accounts.clear(&name_key.to_string());
    }
}

/// The address a request comes from: the socket's peer, or, when the server is configured to
/// trust a reverse proxy in front of it (`Config::trust_forwarded_for`), the last address of
/// `X-Forwarded-For` (the one that proxy appended; earlier ones are the client's to forge).
/// IPv6 addresses count by their /64 network, which one subscriber usually holds whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub Option<IpAddr>);

/// The last address of the request's `X-Forwarded-For` headers.
pub(crate) fn forwarded_for(parts: &Parts) -> Option<IpAddr> {
    parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .next_back()
        .and_then(|a| a.trim().parse().ok())
}

/// An address as throttling counts it: IPv4 whole, IPv6 by its /64.
pub(crate) fn network(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_000_000;

    #[test]
    fn a_person_who_mistypes_is_never_made_to_wait() {
        let throttle = Throttle::default();
        // Nine failures in a minute, then a success: no wait, and the run is over.
        for k in 0..9 {
            throttle.failed(Some("ann"), None, T0 + k);
            assert_eq!(throttle.wait(Some("ann"), None, T0 + k), None);
        }
        throttle.succeeded("ann");
        for k in 0..9 {
            throttle.failed(Some("ann"), None, T0 + 100 + k);
        }
        assert_eq!(throttle.wait(Some("ann"), None, T0 + 110), None);
    }

    #[test]
    fn the_tenth_failure_makes_the_account_wait_and_each_next_one_doubles_it() {
        let throttle = Throttle::default();
        for _ in 0..10 {
            throttle.failed(Some("ann"), None, T0);
        }
        assert_eq!(throttle.wait(Some("ann"), None, T0), Some(60));
        assert_eq!(throttle.wait(Some("ann"), None, T0 + 59), Some(1));
        assert_eq!(throttle.wait(Some("ann"), None, T0 + 60), None);
        // Another account is not affected.
        assert_eq!(throttle.wait(Some("bob"), None, T0), None);
        throttle.failed(Some("ann"), None, T0 + 60);
        assert_eq!(throttle.wait(Some("ann"), None, T0 + 60), Some(120));
        throttle.failed(Some("ann"), None, T0 + 180);
        assert_eq!(throttle.wait(Some("ann"), None, T0 + 180), Some(240));
        // The wait stops growing at an hour.
        let mut now = T0 + 420;
        let mut waits = Vec::new();
        for _ in 0..8 {
            throttle.failed(Some("ann"), None, now);
            let wait = throttle.wait(Some("ann"), None, now).unwrap();
            waits.push(wait);
            now += wait;
        }
        assert_eq!(waits, [480, 960, 1920, 3600, 3600, 3600, 3600, 3600]);
        // Fifteen quiet minutes after the last wait, the run is forgotten.
        throttle.failed(Some("ann"), None, now + 15 * 60);
        assert_eq!(throttle.wait(Some("ann"), None, now + 15 * 60), None);
    }

    #[test]
    fn an_address_has_a_larger_budget_shared_by_every_name() {
        let throttle = Throttle::default();
        let client = Some("192.0.2.7".parse().unwrap());
        for k in 0..99 {
            throttle.failed(Some(&format!("name{k}")), client, T0);
        }
        assert_eq!(throttle.wait(Some("new"), client, T0), None);
        throttle.failed(Some("name99"), client, T0);
        assert_eq!(throttle.wait(Some("new"), client, T0), Some(60));
        assert_eq!(throttle.wait(Some("new"), None, T0), None);
        // A success elsewhere does not reset the address.
        throttle.succeeded("new");
        assert_eq!(throttle.wait(None, client, T0 + 1), Some(59));
    }

    #[test]
    fn ipv6_clients_count_by_their_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(network(a), network(b));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(network(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_flood_of_names_stays_bounded() {
        let throttle = Throttle::default();
        for k in 0..(MAX_ENTRIES as i64 + 5_000) {
            throttle.failed(Some(&format!("n{k}")), None, T0 + k / 1000);
        }
        assert!(throttle.accounts.runs.lock().unwrap().runs.len() <= MAX_ENTRIES);
    }
}
