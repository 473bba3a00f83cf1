//! The login-flood benchmark (a benchmark, not a test: it measures and prints). On loopback
//! only, bounded in time and connections.
//!
//! ```text
//! cargo run --release -p server --example login_flood -- [--clients 64] [--seconds 10]
//!     [--slow 3000] [--header-timeout 10]
//! ```
//!
//! 1. A game page (`GET /games/{id}`) fetched in a loop by one client: p50/p99 alone, then
//!    during a flood of wrong-password logins from `clients` clients. The flood comes from a
//!    different address each time (`X-Forwarded-For`, the server configured behind a proxy)
//!    and names a different account each time, so that throttling never answers for the
//!    hasher: every attempt costs a full argon2 check at the standard cost.
//! 2. `slow` connections that send half a request head: how many the server has closed when
//!    the header read timeout has passed, and how long until all are closed.
//!
//! Figures are in docs/performance.md.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{Method, Request, StatusCode, header};
use clap::Parser;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use server::{AppState, Config, Db, PasswordCost, SystemClock};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Debug, Parser)]
struct Args {
    #[arg(long, default_value_t = 64)]
    clients: usize,
    /// How long each timed phase runs.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Connections that send half a request head.
    #[arg(long, default_value_t = 3000)]
    slow: usize,
    /// The server's header read timeout, in seconds.
    #[arg(long, default_value_t = 10)]
    header_timeout: u64,
    /// The server's connection cap.
    #[arg(long, default_value_t = 1024)]
    max_connections: usize,
}

type Http = Client<HttpConnector, Full<Bytes>>;

async fn send(http: &Http, request: Request<Full<Bytes>>) -> (StatusCode, Value) {
    let response = http.request(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn post(base: &str, path: &str, token: Option<&str>, body: &Value) -> Request<Full<Bytes>> {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(format!("{base}{path}"))
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    request
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap()
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[at].as_secs_f64() * 1e3
}

/// Fetches `path` in a loop until `stop`: the latencies, sorted.
async fn page_loop(http: Http, url: String, stop: Arc<AtomicBool>) -> Vec<Duration> {
    let mut latencies = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let sent = Instant::now();
        let request = Request::get(&url).body(Full::new(Bytes::new())).unwrap();
        let (status, _) = send(&http, request).await;
        assert_eq!(status, StatusCode::OK);
        latencies.push(sent.elapsed());
    }
    latencies.sort_unstable();
    latencies
}

/// The process's resident memory now (`VmRSS`) or at its peak (`VmHWM`), in MiB.
fn rss_mib(field: &str) -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kib| kib / 1024.0)
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("flood.db").display()
    );
    let db = Db::open(&url).await.unwrap();
    let config = Config {
        password_cost: PasswordCost::Standard,
        tick: Duration::from_secs(3600),
        trust_forwarded_for: true,
        header_read_timeout: Duration::from_secs(args.header_timeout),
        max_connections: args.max_connections,
        ..Config::default()
    };
    let hash_slots = config.hash_concurrency;
    let state = AppState::new(db, Arc::new(SystemClock), config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let base = format!("http://{address}");
    tokio::spawn(server::serve(
        listener,
        state.clone(),
        std::future::pending(),
    ));
    let http: Http = Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(args.clients + 1)
        .build(HttpConnector::new());

    // A GM and a game with a picture to draw: the page the players keep opening.
    let credentials = json!({"name": "gm", "password": "correct horse battery"});
    send(&http, post(&base, "/api/players", None, &credentials)).await;
    let (_, login) = send(&http, post(&base, "/api/login", None, &credentials)).await;
    let token = login["token"].as_str().unwrap().to_string();
    let game = json!({
        "title": "Flood", "game": "breaking-away", "seats": ["Red", "Blue", "Green", "Black"],
        "deadline": {"every": "interval", "seconds": 86400},
    });
    let (status, created) = send(&http, post(&base, "/api/games", Some(&token), &game)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let page = format!("{base}/games/{}", created["id"]);
    println!(
        "login flood: {} clients, {} s a phase, {hash_slots} hashing slots, argon2id standard cost",
        args.clients, args.seconds
    );

    // 1a. The page alone.
    let stop = Arc::new(AtomicBool::new(false));
    let alone = tokio::spawn(page_loop(http.clone(), page.clone(), stop.clone()));
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let alone = alone.await.unwrap();
    println!(
        "game page alone:        p50 {:6.1} ms  p99 {:6.1} ms  ({} fetches)",
        percentile(&alone, 0.5),
        percentile(&alone, 0.99),
        alone.len()
    );

    // 1b. The page during the flood.
    let rss_before = rss_mib("VmRSS:");
    let stop = Arc::new(AtomicBool::new(false));
    let attempts = Arc::new(AtomicU64::new(0));
    let mut flood = Vec::new();
    for c in 0..args.clients {
        let (http, base, stop, attempts) =
            (http.clone(), base.clone(), stop.clone(), attempts.clone());
        flood.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut statuses = std::collections::BTreeMap::new();
            let mut k = 0u64;
            while !stop.load(Ordering::Relaxed) {
                k += 1;
                let n = attempts.fetch_add(1, Ordering::Relaxed);
                let body = json!({"name": format!("victim{c}x{k}"), "password": "hunter2hunter2"});
                let mut request = post(&base, "/api/login", None, &body);
                let forged = format!("10.{}.{}.{}", (n >> 16) & 255, (n >> 8) & 255, n & 255);
                request
                    .headers_mut()
                    .insert("x-forwarded-for", forged.parse().unwrap());
                let sent = Instant::now();
                let (status, _) = send(&http, request).await;
                latencies.push(sent.elapsed());
                *statuses.entry(status.as_u16()).or_insert(0u64) += 1;
            }
            (latencies, statuses)
        }));
    }
    let started = Instant::now();
    let during = tokio::spawn(page_loop(http.clone(), page.clone(), stop.clone()));
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let during = during.await.unwrap();
    let mut logins = Vec::new();
    let mut statuses = std::collections::BTreeMap::new();
    for f in flood {
        let (l, s) = f.await.unwrap();
        logins.extend(l);
        for (k, v) in s {
            *statuses.entry(k).or_insert(0) += v;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    logins.sort_unstable();
    println!(
        "game page during flood: p50 {:6.1} ms  p99 {:6.1} ms  ({} fetches)",
        percentile(&during, 0.5),
        percentile(&during, 0.99),
        during.len()
    );
    println!(
        "flood logins:           p50 {:6.1} ms  p99 {:6.1} ms  {:.1} checked/s  statuses {statuses:?}",
        percentile(&logins, 0.5),
        percentile(&logins, 0.99),
        logins.len() as f64 / elapsed
    );
    println!(
        "resident memory (server and clients, one process): {rss_before:.0} MiB before the flood, peak {:.0} MiB",
        rss_mib("VmHWM:")
    );

    // 2. Slow request heads.
    let opened = Instant::now();
    let mut slow = Vec::new();
    for _ in 0..args.slow {
        let Ok(Ok(mut stream)) = tokio::time::timeout(
            Duration::from_secs(5),
            tokio::net::TcpStream::connect(address),
        )
        .await
        else {
            break;
        };
        let _ = stream
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await;
        slow.push(stream);
    }
    let n = slow.len();
    let closers: Vec<_> = slow
        .into_iter()
        .map(|mut stream| {
            tokio::spawn(async move {
                let mut sink = Vec::new();
                let _ =
                    tokio::time::timeout(Duration::from_secs(300), stream.read_to_end(&mut sink))
                        .await;
                opened.elapsed()
            })
        })
        .collect();
    let mut closed = Vec::new();
    for c in closers {
        closed.push(c.await.unwrap());
    }
    closed.sort_unstable();
    let timeout = Duration::from_secs(args.header_timeout);
    let first_round = closed.iter().filter(|d| **d <= timeout * 2).count();
    println!(
        "slow request heads: {n} opened; {first_round} closed within twice the {} s timeout; all closed after {:.1} s (at most {} connections open at once: {})",
        args.header_timeout,
        closed.last().map_or(0.0, Duration::as_secs_f64),
        state.config.max_connections,
        state.connections.peak()
    );
}
