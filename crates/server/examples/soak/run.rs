//! Phase 3, the soak: the server in a child process under the clients, its resident memory,
//! heap and load sampled every so often.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use server::{AppState, Config, Db, PasswordCost, SystemClock};

use crate::Args;
use crate::client::http_client;
use crate::players::{Player, Tally, client, login};

/// The child: the soak's server, as `postrider serve` runs it (mail off).
pub async fn child(url: String) {
    let db = Db::open(&url).await.unwrap();
    let config = Config {
        password_cost: PasswordCost::Cheap,
        tick: Duration::from_secs(1),
        trust_forwarded_for: true,
        ..Config::default()
    };
    let state = AppState::new(db, Arc::new(SystemClock), config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    println!("listening {}", listener.local_addr().unwrap());
    // Every few seconds, what the server holds: the heap in use (and the allocations made so
    // far), the records cache (games, weight) and the lock table.
    let watched = state.clone();
    tokio::spawn(async move {
        loop {
            let (in_use, allocations) = heap_kib();
            let (games, weight) = watched.records.size();
            println!(
                "heap {in_use} {allocations} {games} {weight} {}",
                watched.game_locks.len()
            );
            tokio::time::sleep(Duration::from_secs(5)).await;
        }
    });
    let (_stop, stopped) = tokio::sync::watch::channel(false);
    let mut stopping = stopped.clone();
    tokio::spawn(server::outbox::worker(
        state.clone(),
        Arc::new(server::outbox::NoRelay),
        Duration::from_secs(1),
        async move {
            let _ = stopping.wait_for(|s| *s).await;
        },
    ));
    server::serve(listener, state, std::future::pending())
        .await
        .unwrap();
}

fn resident_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The system allocator, counting: the heap in use is what was allocated and not freed.
#[global_allocator]
static COUNTED: &stats_alloc::StatsAlloc<std::alloc::System> = &stats_alloc::INSTRUMENTED_SYSTEM;

/// The Rust heap in use (KiB: allocated and not freed, reallocations included in both; SQLite's
/// own allocations are not counted), and the allocations made so far (thousands).
fn heap_kib() -> (u64, u64) {
    let s = COUNTED.stats();
    let in_use = s.bytes_allocated.saturating_sub(s.bytes_deallocated);
    (in_use as u64 / 1024, s.allocations as u64 / 1000)
}

pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Phase 3: the child server under the clients for `minutes`, sampled.
pub async fn soak(args: &Args, url: &str, held: i64) {
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--child", url])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut line = String::new();
    let mut said = std::io::BufReader::new(child.stdout.take().unwrap());
    said.read_line(&mut line).unwrap();
    // The child's latest "heap" line: in use, allocations, cached games and weight, locks.
    let heap = Arc::new(std::sync::Mutex::new(String::new()));
    let latest = heap.clone();
    std::thread::spawn(move || {
        for l in said.lines().map_while(Result::ok) {
            if let Some(h) = l.strip_prefix("heap ") {
                *latest.lock().unwrap() = h.to_string();
            }
        }
    });
    let address = line
        .trim()
        .strip_prefix("listening ")
        .expect("the child says where it listens");
    let base = format!("http://{address}");
    let http = http_client(args.clients);
    let gm = Player {
        name: "gm".into(),
        token: login(&http, &base, "gm").await,
    };
    let (rss, _) = resident_kib(pid);
    println!(
        "soak: server pid {pid} on {address}, {held} held games, {} clients, {} min; resident after start {} MiB (gm {})",
        args.clients,
        args.minutes,
        rss / 1024,
        gm.name
    );
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let tasks: Vec<_> = (0..args.clients)
        .map(|c| {
            tokio::spawn(client(
                c,
                http.clone(),
                base.clone(),
                held,
                stop.clone(),
                tally.clone(),
            ))
        })
        .collect();
    let started = Instant::now();
    println!(
        "{:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>7} {:>8} {:>9} {:>8} {:>7} {:>8} {:>8} {:>7} {:>7}  load",
        "min",
        "rss MiB",
        "peak MiB",
        "heap MiB",
        "allocs k",
        "cached",
        "weight",
        "locks",
        "requests",
        "orders",
        "turns",
        "started",
        "finished",
        "logins",
        "refused"
    );
    let total = Duration::from_secs(args.minutes * 60);
    let every = Duration::from_secs(args.sample_seconds);
    let mut next = Duration::ZERO;
    loop {
        let (rss, hwm) = resident_kib(pid);
        let held: Vec<u64> = heap
            .lock()
            .unwrap()
            .split_whitespace()
            .map(|v| v.parse().unwrap_or(0))
            .collect();
        let held = |k: usize| held.get(k).copied().unwrap_or(0);
        let t = &tally;
        println!(
            "{:>6.1} {:>9.1} {:>9.1} {:>9.1} {:>9} {:>9} {:>7} {:>8} {:>9} {:>8} {:>7} {:>8} {:>8} {:>7} {:>7}  {}",
            started.elapsed().as_secs_f64() / 60.0,
            rss as f64 / 1024.0,
            hwm as f64 / 1024.0,
            held(0) as f64 / 1024.0,
            held(1),
            held(2),
            held(3),
            held(4),
            t.requests.load(Ordering::Relaxed),
            t.orders.load(Ordering::Relaxed),
            t.turns.load(Ordering::Relaxed),
            t.games_started.load(Ordering::Relaxed),
            t.games_finished.load(Ordering::Relaxed),
            t.logins.load(Ordering::Relaxed),
            t.refused.load(Ordering::Relaxed),
            load_average(),
        );
        if next >= total {
            break;
        }
        next += every;
        tokio::time::sleep(next.saturating_sub(started.elapsed())).await;
    }
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    let _ = child.kill();
    let _ = child.wait();
}
