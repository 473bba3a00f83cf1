//! The server's load benchmark (a benchmark, not a test: it measures and prints, and nothing
//! depends on the figures).
//!
//! ```text
//! cargo run --release -p server --example load -- [--database URL] [--clients 64]
//!     [--seconds 10] [--games 10000] [--rounds 120]
//! ```
//!
//! On one fresh database (a new SQLite file by default; with `--database postgres://…/DB`, a
//! new database `postrider_load_PID` beside DB, dropped at the end) it measures, in one run:
//! 1. the raw commit rate: `clients` tasks inserting one row per transaction through a pool
//!    set up as the server sets up its own;
//! 2. durable order submissions: the server on a loopback socket, `clients` HTTP clients each
//!    holding a seat (three of the four seats of a game) and sealing orders again and again
//!    (as often as the rules allow in a turn, then in its next game: `rounds` games each);
//!    throughput and p50/p99 latency;
//! 3. a deadline storm: `games` games whose deadlines fall at once, processed by one server's
//!    deadline worker (`process_due`), timed.
//!
//! The figures are recorded in docs/performance.md.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use clap::Parser;
use serde_json::json;
use server::{AppState, Config, Db, ManualClock, PasswordCost, SystemClock};

#[derive(Debug, Parser)]
struct Args {
    /// The database (default: a fresh SQLite file in a temporary directory).
    #[arg(long)]
    database: Option<String>,
    #[arg(long, default_value_t = 64)]
    clients: usize,
    /// How long each of the two timed phases runs.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Games whose deadlines fall at once.
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    /// The games each client plays a seat in, one after another.
    #[arg(long, default_value_t = 120)]
    rounds: usize,
}

/// The times a team may seal its line-up in one turn (issue 28's bound on amendments).
const SEALINGS: usize = 20;

mod client;
use client::{Http, call, http_client};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Phase 1: single-row commits, `clients` at a time, for `seconds`.
async fn raw_commits(db: &Db, clients: usize, seconds: u64) -> f64 {
    sqlx::query("CREATE TABLE IF NOT EXISTS load_commits (n BIGINT NOT NULL)")
        .execute(&db.pool)
        .await
        .unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|k| {
            let pool = db.pool.clone();
            let stop = stop.clone();
            tokio::spawn(async move {
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    sqlx::query("INSERT INTO load_commits (n) VALUES ($1)")
                        .bind(k as i64)
                        .execute(&pool)
                        .await
                        .unwrap();
                    n += 1;
                }
                n
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap();
    }
    total as f64 / started.elapsed().as_secs_f64()
}

/// Phase 2: the server on loopback, `clients` players sealing orders.
async fn order_load(
    db: Db,
    clients: usize,
    seconds: u64,
    rounds: usize,
) -> (f64, Duration, Duration, usize, f64) {
    let config = Config {
        password_cost: PasswordCost::Cheap,
        tick: Duration::from_secs(3600),
        // Every client comes from 127.0.0.1: the per-address cap (32) would answer the 33rd
        // connection 429. The players a server sees come from their own addresses.
        connections_per_address: clients.max(32),
        ..Config::default()
    };
    let state = AppState::new(db, Arc::new(SystemClock), config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(server::serve(
        listener,
        state.clone(),
        std::future::pending(),
    ));
    let http: Http = http_client(clients);

    let login = |name: String| {
        let http = http.clone();
        let base = base.clone();
        async move {
            let c = json!({"name": name, "password": "correct horse battery"});
            call(&http, &base, Method::POST, "/api/players", None, c.clone()).await;
            let (_, body) = call(&http, &base, Method::POST, "/api/login", None, c).await;
            body["token"].as_str().unwrap().to_string()
        }
    };
    let gm = login("gm".into()).await;
    let mut tokens = Vec::with_capacity(clients);
    for c in 0..clients {
        tokens.push(login(format!("p{c}")).await);
    }
    // Three players a game: the fourth seat stays empty, so that no game ever has every
    // seat ready (that would process the turn early and end the line-up phase). A team may
    // seal its line-up `SEALINGS` times a turn (issue 28), so each client has a seat in
    // `rounds` games, played one after another with the same two others.
    let mut seats: Vec<Vec<i64>> = vec![Vec::new(); clients];
    let groups = clients.div_ceil(3);
    for round in 0..rounds {
        for g in 0..groups {
            let game = json!({
                "title": format!("Load {round}/{g}"), "game": "breaking-away",
                "seats": ["Red", "Blue", "Green", "Black"], "seed": round * groups + g,
                "deadline": {"every": "interval", "seconds": 366 * 86400},
            });
            let (status, created) =
                call(&http, &base, Method::POST, "/api/games", Some(&gm), game).await;
            assert_eq!(status, StatusCode::CREATED, "{created}");
            let id = created["id"].as_i64().unwrap();
            let invites = created["invites"].as_array().unwrap();
            for (c, invite) in (3 * g..clients.min(3 * g + 3)).zip(invites) {
                let path = format!("/api/games/{id}/join");
                let body = json!({"invite": invite["invite"]});
                let (status, _) =
                    call(&http, &base, Method::POST, &path, Some(&tokens[c]), body).await;
                assert_eq!(status, StatusCode::OK);
                seats[c].push(id);
            }
        }
    }
    let seats: Vec<(Vec<i64>, String)> = seats.into_iter().zip(tokens).collect();

    let stop = Arc::new(AtomicBool::new(false));
    let transactions = state.committer.transactions();
    let started = Instant::now();
    let tasks: Vec<_> = seats
        .into_iter()
        .map(|(games, token)| {
            let (http, base, stop) = (http.clone(), base.clone(), stop.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut errors = 0;
                let mut k = 0u32;
                while !stop.load(Ordering::Relaxed) {
                    // Out of seats, the figure would be too low: stop rather than mislead.
                    let Some(id) = games.get(k as usize / SEALINGS) else {
                        panic!("a client ran out of seats after {k} orders: give more --rounds");
                    };
                    let path = format!("/api/games/{id}/orders");
                    // Amendments alternate, as a player changing their mind would.
                    let orders = if k.is_multiple_of(2) {
                        "A 10 B 9 C 9 D 6"
                    } else {
                        "A 10 B 8 C 9 D 5"
                    };
                    k += 1;
                    let body =
                        json!({"lineup": "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6", "orders": orders});
                    let sent = Instant::now();
                    let (status, answer) =
                        call(&http, &base, Method::POST, &path, Some(&token), body).await;
                    latencies.push(sent.elapsed());
                    if status != StatusCode::OK {
                        if errors == 0 {
                            eprintln!("refused: {status} {answer}");
                        }
                        errors += 1;
                    }
                }
                (latencies, errors)
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    let mut errors = 0;
    for t in tasks {
        let (l, e) = t.await.unwrap();
        latencies.extend(l);
        errors += e;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let ok = latencies.len() - errors;
    let transactions = state.committer.transactions() - transactions;
    (
        ok as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        errors,
        ok as f64 / transactions.max(1) as f64,
    )
}

/// Phase 3: `games` four-team races whose deadlines fall at once; returns the seconds to
/// create them and to process them.
async fn deadline_storm(db: Db, games: usize) -> (f64, f64) {
    // A year ahead of the real clock: the order phase's server, on the real clock and still
    // running, must never find these games due and play them itself.
    let clock = ManualClock::at(server::Clock::now(&SystemClock) + 365 * 86_400);
    let config = Config {
        password_cost: PasswordCost::Cheap,
        ..Config::default()
    };
    let state = AppState::new(db, Arc::new(clock.clone()), config);
    let gm: i64 = sqlx::query_scalar("SELECT id FROM players WHERE name = 'gm'")
        .fetch_one(&state.db.pool)
        .await
        .unwrap();
    let rule = gm::DeadlineRule::Interval { seconds: 3600 };
    let started = Instant::now();
    for g in 0..games {
        let setup = gm::Setup::new(
            "breaking-away",
            &["Red", "Blue", "Green", "Black"],
            g as u64,
        );
        server::games::create(&state, &format!("Storm {g}"), gm, setup, &rule)
            .await
            .unwrap();
    }
    // A game's clock starts when its last seat is taken; these run with every seat silent,
    // as if their GM had started each one (the `start` action) at the same moment.
    sqlx::query("UPDATE games SET next_deadline = $1 WHERE title LIKE 'Storm %'")
        .bind(server::Clock::now(&clock) + 3600)
        .execute(&state.db.pool)
        .await
        .unwrap();
    let created = started.elapsed().as_secs_f64();
    clock.advance(3601);
    let started = Instant::now();
    let processed = server::games::process_due(&state).await.unwrap();
    let elapsed = started.elapsed().as_secs_f64();
    assert!(processed >= games, "{processed} of {games} processed");
    (created, elapsed)
}

/// The server's allocator, as `postrider serve` has it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = tempfile::tempdir().unwrap();
    let url = args
        .database
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}?mode=rwc", dir.path().join("load.db").display()));
    let fresh = fresh_postgres(&url).await;
    let db = Db::open(fresh.as_ref().map_or(&url, |(_, url)| url))
        .await
        .unwrap();
    println!(
        "database: {:?}; {} clients; {} s per timed phase",
        db.backend, args.clients, args.seconds
    );

    let raw = raw_commits(&db, args.clients, args.seconds).await;
    println!("raw commits:           {raw:>9.0} /s (one-row transactions)");
    let (orders, p50, p99, errors, per_commit) =
        order_load(db.clone(), args.clients, args.seconds, args.rounds).await;
    println!(
        "durable order submits: {orders:>9.0} /s  p50 {:.1} ms  p99 {:.1} ms  ({errors} refused; {per_commit:.1} a commit)",
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3
    );
    println!("orders / raw commits:  {:>9.2}", orders / raw);
    let (created, processed) = deadline_storm(db.clone(), args.games).await;
    println!(
        "deadline storm:        {} games created in {created:.1} s; processed in {processed:.1} s ({:.0} games/s)",
        args.games,
        args.games as f64 / processed
    );
    if let Some((name, _)) = fresh {
        db.pool.close().await;
        let admin = sqlx::AnyPool::connect(&url).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE {name} WITH (FORCE)"
        )))
        .execute(&admin)
        .await
        .unwrap();
    }
}

/// For a PostgreSQL URL: a new, empty database beside the one it names (its name and URL), so
/// that no run measures the games of an earlier one.
async fn fresh_postgres(url: &str) -> Option<(String, String)> {
    if !url.starts_with("postgres") {
        return None;
    }
    sqlx::any::install_default_drivers();
    let name = format!("postrider_load_{}", std::process::id());
    let admin = sqlx::AnyPool::connect(url).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&admin)
        .await
        .unwrap();
    admin.close().await;
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let (server, _) = base.rsplit_once('/').unwrap();
    let url = match query {
        Some(q) => format!("{server}/{name}?{q}"),
        None => format!("{server}/{name}"),
    };
    Some((name, url))
}
