//! A long run of a server holding many long games (a measurement, not a test: it prints, and
//! nothing depends on the figures).
//!
//! ```text
//! cargo run --release -p server --example soak -- [--database URL] [--games 10000]
//!     [--clients 16] [--minutes 60] [--list-seconds 2]
//! ```
//!
//! 1. **Seeding.** `games` Breaking Away races with long records are put on the database (a
//!    fresh SQLite file by default, or `--database postgres://…`, an empty database): a race
//!    played to its end by random bots, every seat sealing its orders three times a turn, is
//!    imported as it is (over) or cut two thirds of the way (still running, every seat open,
//!    its deadline falling within `--held-deadline` seconds and every that many seconds after:
//!    the deadline worker plays its turns with the rules' NMR policy).
//! 2. **The anonymous list's cost.** `GET /` and `GET /api/games` without a session, timed
//!    one after the other in the same process and the same minute against this database and
//!    against one holding `--small-games` new games (no turn played; as many as a list
//!    shows, so that both lists have the same length) and one holding four: mean time per
//!    request, and the ratio.
//! 3. **The soak.** The server runs in a child process (this example started again with
//!    `--child`, which serves as `postrider serve` does: the deadline worker, the outbox worker
//!    with mail off, password hashing at the cheap test cost, `X-Forwarded-For` trusted) on the
//!    seeded database. `clients` clients each run a game after another: their GM creates a
//!    four-seat race with one-minute deadlines, four accounts join it, and every turn the
//!    seats seal orders (the random bot's, computed on a copy of the game the client keeps in
//!    step); one turn in eight the last seat stays silent so that the deadline falls. Between orders a
//!    client reads pages (the front page, its game, a random held game's page, history and
//!    picture, the JSON list), logs in again now and then (a new session), and sends a wrong
//!    password from a new address (the throttle's tables). Every minute the child's resident
//!    memory (`VmRSS` of /proc/PID/status: the server alone, without the load generator) is
//!    printed with the work done so far, beside what the child says it holds: the Rust heap in
//!    use (counted by `stats_alloc` around the system allocator; SQLite's own allocations are
//!    not counted) and the allocations made, the
//!    records cache (games and weight) and the lock table.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use clap::Parser;
use game_api::Seat;
use gm::{Event, GameFile, Record, Setup};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use server::{AppState, Config, Db, PasswordCost, SystemClock};

#[derive(Debug, Parser)]
struct Args {
    /// The database (default: a fresh SQLite file in a temporary directory). One that holds
    /// the long races already (an earlier run's) is not seeded again.
    #[arg(long)]
    database: Option<String>,
    /// Long games put on the database before the soak.
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    /// Clients playing and reading during the soak.
    #[arg(long, default_value_t = 16)]
    clients: usize,
    /// How long the soak runs (0: no soak, only the seeding and the list's cost).
    #[arg(long, default_value_t = 60)]
    minutes: u64,
    /// Seconds between memory samples.
    #[arg(long, default_value_t = 60)]
    sample_seconds: u64,
    /// The deadline interval of the held games (seconds).
    #[arg(long, default_value_t = 1800)]
    held_deadline: i64,
    /// Games on the small database of the list's cost.
    #[arg(long, default_value_t = 200)]
    small_games: usize,
    /// Seconds each timing of the list's cost runs (ten rounds of each).
    #[arg(long, default_value_t = 2)]
    list_seconds: u64,
    /// Skip the list's cost.
    #[arg(long)]
    no_list: bool,
    /// Run as the server of the soak on this database (used by the example itself).
    #[arg(long, hide = true)]
    child: Option<String>,
}

const PASSWORD: &str = "correct horse battery";
mod client;
use client::{Http, call, http_client, send};

const SEATS: [&str; 4] = ["Red", "Blue", "Green", "Black"];

async fn get_json(http: &Http, base: &str, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    let (status, bytes) = send(http, base, Method::GET, path, token, None, None).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// A number in `0..n` (0 when `n` is 0), from the client's seeded stream.
fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.random_range(0..n.max(1))
}

/// A race played to its end by random bots, each seat sealing its orders three times a turn.
fn long_race(seed: u64) -> GameFile {
    let setup = Setup::new("breaking-away", &SEATS, seed);
    let mut file = GameFile::new(setup, Some(0), Some("gm:gm".into())).unwrap();
    while !file.record().is_over() {
        for s in 0..SEATS.len() as u8 {
            let events = file.record().bot_events(Seat(s), "random").unwrap();
            if events.is_empty() {
                continue;
            }
            for _ in 0..3 {
                file.push(events.clone(), Some(0), "player").unwrap();
            }
        }
        let turn = file.record().turn();
        file.push(vec![Event::resolved(turn)], Some(0), "server")
            .unwrap();
    }
    file
}

/// The same race cut after the resolution that ends two thirds of its log.
fn cut(file: &GameFile) -> GameFile {
    let log = file.log();
    let end = log
        .iter()
        .enumerate()
        .filter(|(k, e)| matches!(e.event, Event::Resolved { .. }) && *k <= log.len() * 2 / 3)
        .map(|(k, _)| k + 1)
        .next_back()
        .unwrap_or(1);
    GameFile::from_log(log[..end].to_vec()).unwrap()
}

/// The state the seeding and the list's timing use (not the soak's server).
fn state(db: Db) -> AppState {
    let config = Config {
        password_cost: PasswordCost::Cheap,
        tick: Duration::from_secs(3600),
        ..Config::default()
    };
    AppState::new(db, Arc::new(SystemClock), config)
}

async fn gm_account(state: &AppState) -> i64 {
    let credentials = server::actions::Credentials {
        name: "gm".into(),
        password: PASSWORD.into(),
    };
    // Already there when the database is reused.
    let _ = server::actions::register(state, &credentials).await;
    server::games::player_id(state, "gm").await.unwrap()
}

/// Puts `games` long races on the database: even ones over, odd ones two thirds through with
/// their deadlines spread over `held_deadline` seconds.
async fn seed_long(db: &Db, games: usize, held_deadline: i64) -> (usize, usize) {
    let state = state(db.clone());
    let gm = gm_account(&state).await;
    let whole = long_race(1);
    let part = cut(&whole);
    let rule = gm::DeadlineRule::Interval {
        seconds: held_deadline,
    };
    let started = Instant::now();
    for g in 0..games {
        let file = if g % 2 == 0 { &whole } else { &part };
        server::games::import(&state, file, &format!("Held {g}"), gm, &rule)
            .await
            .unwrap();
    }
    println!(
        "seeded {games} long races in {:.1} s: over ones of {} events ({} turns), running ones of {} events ({} turns)",
        started.elapsed().as_secs_f64(),
        whole.log().len(),
        whole.record().resolved(),
        part.log().len(),
        part.record().resolved(),
    );
    (whole.log().len(), part.log().len())
}

/// Puts `games` new races (no turn played) on the database.
async fn seed_small(db: &Db, games: usize) {
    let state = state(db.clone());
    let gm = gm_account(&state).await;
    let rule = gm::DeadlineRule::Interval { seconds: 86_400 };
    for g in 0..games {
        let setup = Setup::new("breaking-away", &SEATS, g as u64);
        server::games::create(&state, &format!("Small {g}"), gm, setup, &rule)
            .await
            .unwrap();
    }
}

/// Serves `db` on a loopback port in this process; its base URL and the server's state.
async fn serve_here(db: Db) -> (String, AppState) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let state = state(db);
    tokio::spawn(server::serve(
        listener,
        state.clone(),
        std::future::pending(),
    ));
    (base, state)
}

/// CPU time this process has used (every thread: client, server and SQLite's), in µs; the
/// kernel counts it in ticks of 10 ms.
fn cpu_micros() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |k: usize| {
        fields
            .get(k)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) * 10_000.0
}

/// Wall and CPU time of a repeated call, summed over rounds.
#[derive(Clone, Copy, Debug, Default)]
struct Timing {
    wall: f64,
    cpu: f64,
    calls: usize,
    /// The size of the last answer (bytes).
    size: usize,
}

impl Timing {
    fn wall_each(&self) -> f64 {
        self.wall / self.calls.max(1) as f64
    }

    fn cpu_each(&self) -> f64 {
        self.cpu / self.calls.max(1) as f64
    }
}

/// `games::list` alone (its two queries; no HTTP, no rendering) for `seconds`.
async fn time_list(state: &AppState, seconds: f64, into: &mut Timing) {
    let (started, cpu) = (Instant::now(), cpu_micros());
    while started.elapsed().as_secs_f64() < seconds {
        server::games::list(state).await.unwrap();
        into.calls += 1;
    }
    into.wall += started.elapsed().as_secs_f64() * 1e6;
    into.cpu += cpu_micros() - cpu;
}

/// Anonymous requests of `path`, one after another, for `seconds`.
async fn time_requests(http: &Http, base: &str, path: &str, seconds: f64, into: &mut Timing) {
    let (started, cpu) = (Instant::now(), cpu_micros());
    while started.elapsed().as_secs_f64() < seconds {
        let (status, body) = send(http, base, Method::GET, path, None, None, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        into.size = body.len();
        into.calls += 1;
    }
    into.wall += started.elapsed().as_secs_f64() * 1e6;
    into.cpu += cpu_micros() - cpu;
}

/// Phase 2: the anonymous list on the long database against small ones (SQLite), timed in
/// turn, ten rounds.
async fn list_cost(long: Db, dir: &std::path::Path, small_games: usize, seconds: u64) {
    let mut bases = Vec::new();
    for (name, games) in [("four", 4), ("small", small_games)] {
        let url = format!(
            "sqlite://{}?mode=rwc",
            dir.join(format!("{name}.db")).display()
        );
        let db = Db::open(&url).await.unwrap();
        seed_small(&db, games).await;
        bases.push((format!("{games} new games"), serve_here(db).await));
    }
    bases.push((
        format!("{} long races", count_held(&long).await),
        serve_here(long).await,
    ));
    let http = http_client(1);
    let paths = ["/", "/api/games"];
    let mut warm = Timing::default();
    for (_, (base, _)) in &bases {
        for path in paths {
            time_requests(&http, base, path, 0.2, &mut warm).await;
        }
    }
    // [database][GET /, GET /api/games, games::list]
    let mut timings = vec![[Timing::default(); 3]; bases.len()];
    let seconds = seconds as f64;
    for _ in 0..10 {
        for (k, (_, (base, state))) in bases.iter().enumerate() {
            for (p, path) in paths.into_iter().enumerate() {
                time_requests(&http, base, path, seconds, &mut timings[k][p]).await;
            }
            time_list(state, seconds / 2.0, &mut timings[k][2]).await;
        }
    }
    println!("the anonymous list (client and server in this process; µs per request, wall / CPU):");
    for (k, (name, _)) in bases.iter().enumerate() {
        let t = &timings[k];
        println!(
            "  {name:>18}: GET / {:>6.0} / {:>6.0} ({} requests, {} bytes)   GET /api/games {:>6.0} / {:>6.0} ({} requests, {} bytes)   games::list alone {:>6.0} / {:>6.0}",
            t[0].wall_each(),
            t[0].cpu_each(),
            t[0].calls,
            t[0].size,
            t[1].wall_each(),
            t[1].cpu_each(),
            t[1].calls,
            t[1].size,
            t[2].wall_each(),
            t[2].cpu_each(),
        );
    }
    let long = bases.len() - 1;
    for (k, (name, _)) in bases.iter().enumerate().take(long) {
        let ratio = |p: usize| {
            (
                timings[long][p].wall_each() / timings[k][p].wall_each(),
                timings[long][p].cpu_each() / timings[k][p].cpu_each(),
            )
        };
        let (r0, r1, r2) = (ratio(0), ratio(1), ratio(2));
        println!(
            "  ratio long ÷ {name} (wall / CPU): GET / {:.2} / {:.2}   GET /api/games {:.2} / {:.2}   games::list {:.2} / {:.2}",
            r0.0, r0.1, r1.0, r1.1, r2.0, r2.1
        );
    }
}

async fn count_held(db: &Db) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE title LIKE 'Held %'")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

/// The child: the soak's server, as `postrider serve` runs it (mail off).
async fn child(url: String) {
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

/// What the clients did, counted.
#[derive(Debug, Default)]
struct Tally {
    requests: AtomicU64,
    orders: AtomicU64,
    refused: AtomicU64,
    turns: AtomicU64,
    games_started: AtomicU64,
    games_finished: AtomicU64,
    abandoned: AtomicU64,
    logins: AtomicU64,
}

fn add(counter: &AtomicU64) {
    counter.fetch_add(1, Ordering::Relaxed);
}

struct Player {
    name: String,
    token: String,
}

async fn login(http: &Http, base: &str, name: &str) -> String {
    let body = json!({"name": name, "password": PASSWORD});
    let (status, answer) = call(http, base, Method::POST, "/api/login", None, body).await;
    assert_eq!(status, StatusCode::OK, "login {name}: {answer}");
    answer["token"].as_str().unwrap().to_string()
}

async fn register(http: &Http, base: &str, name: &str) -> Player {
    let body = json!({"name": name, "password": PASSWORD});
    call(http, base, Method::POST, "/api/players", None, body).await;
    Player {
        name: name.to_string(),
        token: login(http, base, name).await,
    }
}

/// Reads a few pages as players and visitors do.
async fn browse(
    http: &Http,
    base: &str,
    me: &Player,
    game: i64,
    held: i64,
    rng: &mut ChaCha8Rng,
    tally: &Tally,
) {
    let other = 1 + below(rng, held as u64) as i64;
    let paths = [
        "/".to_string(),
        format!("/games/{game}"),
        format!("/games/{other}"),
        format!("/api/games/{other}"),
        format!("/games/{other}/history"),
        "/api/games".to_string(),
    ];
    for k in 0..2 {
        let path = &paths[(below(rng, paths.len() as u64) as usize + k) % paths.len()];
        let token = (k == 1).then_some(me.token.as_str());
        let (status, _) = send(http, base, Method::GET, path, token, None, None).await;
        add(&tally.requests);
        if !status.is_success() {
            eprintln!("GET {path}: {status}");
        }
    }
}

/// One client: games one after another until `stop`.
async fn client(
    c: usize,
    http: Http,
    base: String,
    held: i64,
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
) {
    let gm = Player {
        name: "gm".into(),
        token: login(&http, &base, "gm").await,
    };
    let mut players = Vec::new();
    for k in 0..SEATS.len() {
        players.push(register(&http, &base, &format!("c{c}p{k}")).await);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(c as u64);
    let pause = Duration::from_millis(250);
    let mut g = 0u64;
    'games: while !stop.load(Ordering::Relaxed) {
        g += 1;
        let seed = (c as u64) << 32 | g;
        let new = json!({
            "title": format!("Soak {c}.{g}"), "game": "breaking-away",
            "seats": SEATS, "seed": seed,
            "deadline": {"every": "interval", "seconds": 60},
        });
        let (status, created) = call(
            &http,
            &base,
            Method::POST,
            "/api/games",
            Some(&gm.token),
            new,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        add(&tally.games_started);
        let id = created["id"].as_i64().unwrap();
        for (k, invite) in created["invites"].as_array().unwrap().iter().enumerate() {
            let path = format!("/api/games/{id}/join");
            let body = json!({"invite": invite["invite"]});
            let (status, answer) = call(
                &http,
                &base,
                Method::POST,
                &path,
                Some(&players[k].token),
                body,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
        }
        let mut mirror = Record::new(&Setup::new("breaking-away", &SEATS, seed)).unwrap();
        while !mirror.is_over() {
            if stop.load(Ordering::Relaxed) {
                break 'games;
            }
            let turn = mirror.turn();
            // One turn in eight, the last seat stays silent: the deadline falls.
            let silent = below(&mut rng, 8) == 0;
            for (k, player) in players.iter().enumerate() {
                if silent && k == SEATS.len() - 1 {
                    continue;
                }
                let events = mirror.bot_events(Seat(k as u8), "random").unwrap();
                let mut body = json!({"turn": turn});
                for e in &events {
                    match e {
                        Event::Lineup { text, .. } => body["lineup"] = text.clone().into(),
                        Event::Orders { text, .. } => body["orders"] = text.clone().into(),
                        _ => {}
                    }
                }
                if events.is_empty() {
                    continue;
                }
                let path = format!("/api/games/{id}/orders");
                let (status, answer) =
                    call(&http, &base, Method::POST, &path, Some(&player.token), body).await;
                add(&tally.requests);
                if status != StatusCode::OK {
                    add(&tally.refused);
                    eprintln!("client {c}: game {id} turn {turn}: {status} {answer}");
                    add(&tally.abandoned);
                    continue 'games;
                }
                add(&tally.orders);
                for e in events {
                    mirror.apply(&e).unwrap();
                }
                browse(&http, &base, player, id, held, &mut rng, &tally).await;
                tokio::time::sleep(pause).await;
            }
            // Wait for the turn: at once when every seat sealed, at the deadline otherwise.
            loop {
                if stop.load(Ordering::Relaxed) {
                    break 'games;
                }
                let (status, game) = get_json(
                    &http,
                    &base,
                    &format!("/api/games/{id}"),
                    Some(&players[0].token),
                )
                .await;
                add(&tally.requests);
                assert_eq!(status, StatusCode::OK, "{game}");
                if game["turn"].as_u64() != Some(u64::from(turn)) || game["over"] == true {
                    break;
                }
                let me = &players[below(&mut rng, players.len() as u64) as usize];
                browse(&http, &base, me, id, held, &mut rng, &tally).await;
                tokio::time::sleep(4 * pause).await;
            }
            mirror.apply(&Event::resolved(turn)).unwrap();
            add(&tally.turns);
            // Now and then a player logs in again, and someone guesses a password.
            if below(&mut rng, 10) == 0 {
                let k = below(&mut rng, players.len() as u64) as usize;
                players[k].token = login(&http, &base, &players[k].name.clone()).await;
                add(&tally.logins);
                let address = format!(
                    "10.{}.{}.{}",
                    below(&mut rng, 256),
                    below(&mut rng, 256),
                    below(&mut rng, 256)
                );
                let body =
                    json!({"name": format!("nobody{}", rng.random::<u32>()), "password": "wrong"});
                let (status, _) = send(
                    &http,
                    &base,
                    Method::POST,
                    "/api/login",
                    None,
                    Some(&address),
                    Some(body),
                )
                .await;
                add(&tally.requests);
                assert!(status.is_client_error(), "{status}");
            }
        }
        add(&tally.games_finished);
    }
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

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The running held games' deadlines, spread over the coming `held_deadline` seconds (from a
/// minute on), as if their GMs had started them at different times.
async fn spread_deadlines(db: &Db, held_deadline: i64) {
    let now = server::Clock::now(&SystemClock);
    sqlx::query(
        "UPDATE games SET next_deadline = $1 + (id * 7919) % $2 WHERE over = 0 AND title LIKE 'Held %'",
    )
    .bind(now + 60)
    .bind(held_deadline)
    .execute(&db.pool)
    .await
    .unwrap();
}

/// Phase 3: the child server under the clients for `minutes`, sampled.
async fn soak(args: &Args, url: &str, held: i64) {
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

#[tokio::main]
async fn main() {
    let args = Args::parse();
    if let Some(url) = args.child {
        child(url).await;
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let url = args
        .database
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}?mode=rwc", dir.path().join("soak.db").display()));
    println!("load average {} at the start", load_average());
    let db = Db::open(&url).await.unwrap();
    println!("database: {:?}", db.backend);
    let held = count_held(&db).await;
    if held as usize >= args.games {
        println!("the database holds {held} long races already: not seeded again");
    } else {
        seed_long(&db, args.games, args.held_deadline).await;
    }
    if !args.no_list {
        list_cost(db.clone(), dir.path(), args.small_games, args.list_seconds).await;
    }
    spread_deadlines(&db, args.held_deadline).await;
    db.pool.close().await;
    if args.minutes > 0 {
        soak(&args, &url, args.games as i64).await;
    }
    println!("load average {} at the end", load_average());
}
