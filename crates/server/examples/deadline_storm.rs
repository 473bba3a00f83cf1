//! A deadline storm across server processes (a benchmark, not a test: it measures and prints).
//!
//! ```text
//! cargo build --release -p postrider -p server --example deadline_storm
//! target/release/examples/deadline_storm --database postgres://…/DB [--games 100000]
//!     [--servers 2] [--postrider target/release/postrider] [--seeded NAME]
//! ```
//!
//! On a fresh database beside DB (`postrider_storm_PID`, dropped at the end) it creates
//! `games` four-seat races with every seat silent and their deadlines a week away (out of the
//! reminders' reach), starts `servers` `postrider serve` processes on it (`--tick 1`), sets
//! every deadline to the same second, 3 s ahead, and times from that second until each game's
//! first turn is resolved (by the servers' own count, read from
//! their metrics, so that the watching costs the database little). It then checks that each was
//! resolved exactly once: every game at turn 2, one `resolved` entry per game in the log.
//! With `--seeded NAME` the races are made once, in database NAME beside DB (kept), and each
//! run starts from a copy of it (`CREATE DATABASE … TEMPLATE`): seconds instead of minutes.
//! With `--relay smtp://HOST:PORT` every seat has a player with an address, the servers send
//! mail there, and the storm is timed on to the last report mail the relay accepted.
//! The figures are recorded in docs/performance.md.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use server::{AppState, Clock, Config, Db, PasswordCost, SystemClock};

#[derive(Debug, Parser)]
struct Args {
    /// A PostgreSQL database beside which the fresh one is made.
    #[arg(long)]
    database: String,
    #[arg(long, default_value_t = 100_000)]
    games: usize,
    #[arg(long, default_value_t = 2)]
    servers: usize,
    #[arg(long, default_value = "target/release/postrider")]
    postrider: String,
    /// A database beside DATABASE that keeps the seeded races for later runs: made (seeded)
    /// if it does not exist, copied for this run.
    #[arg(long)]
    seeded: Option<String>,
    /// Seat a player with an address in every seat, start the servers with this relay
    /// (`--smtp`), and time the storm to the last report mail accepted (issue 54).
    #[arg(long)]
    relay: Option<String>,
}

/// Creates the fresh database `name` beside `url` (a copy of `template` if given), and
/// returns its URL.
async fn fresh(url: &str, name: &str, template: Option<&str>) -> String {
    let admin = sqlx::AnyPool::connect(url).await.unwrap();
    let copy = template
        .map(|t| format!(" TEMPLATE {t}"))
        .unwrap_or_default();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}{copy}")))
        .execute(&admin)
        .await
        .unwrap();
    admin.close().await;
    beside(url, name)
}

/// The URL of database `name` on the server of `url`.
fn beside(url: &str, name: &str) -> String {
    let (server, _) = url.split('?').next().unwrap().rsplit_once('/').unwrap();
    format!("{server}/{name}")
}

/// Whether database `name` exists beside `url`.
async fn exists(url: &str, name: &str) -> bool {
    let admin = sqlx::AnyPool::connect(url).await.unwrap();
    let found: Option<i32> = sqlx::query_scalar("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(name)
        .fetch_optional(&admin)
        .await
        .unwrap();
    admin.close().await;
    found.is_some()
}

/// Opens the database at `url` and gives the state the seeding runs on.
async fn open(url: &str) -> AppState {
    let db = Db::open(url).await.unwrap();
    let config = Config {
        password_cost: PasswordCost::Cheap,
        ..Config::default()
    };
    AppState::new(db, Arc::new(SystemClock), config)
}

/// Creates the silent races, `games` of them, due a week from now; prints how long it took.
async fn seed(state: &AppState, games: usize, seated: bool) {
    let started = Instant::now();
    server::store::accounts::insert_player(state, "gm", "gm", "x", "x")
        .await
        .unwrap();
    let gm = server::games::player_id(state, "gm").await.unwrap();
    let rule = gm::DeadlineRule::Interval {
        seconds: 7 * 86_400,
    };
    let mut tasks = tokio::task::JoinSet::new();
    for g in 0..games {
        let state = state.clone();
        let rule = rule.clone();
        tasks.spawn(async move {
            let setup = gm::Setup::new(
                "breaking-away",
                &["Red", "Blue", "Green", "Black"],
                g as u64,
            );
            let id = server::games::create(&state, &format!("Storm {g}"), gm, setup, &rule)
                .await
                .unwrap();
            if seated {
                seat_players(&state, g, id).await;
            }
        });
        if tasks.len() >= 16 {
            tasks.join_next().await.unwrap().unwrap();
        }
    }
    while tasks.join_next().await.is_some() {}
    sqlx::query("UPDATE games SET next_deadline = $1")
        .bind(SystemClock.now() + 7 * 86_400)
        .execute(&state.db.pool)
        .await
        .unwrap();
    println!(
        "{games} games created in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// Seats a player with a confirmed address (written directly, as `mail_load` does) in each
/// seat of game `id`, the `g`th.
async fn seat_players(state: &AppState, g: usize, id: i64) {
    let table = server::games::load(state, id).await.unwrap();
    for (k, seat) in table.seats.iter().enumerate() {
        let name = format!("p{g}x{k}");
        let email = format!("{name}@example.net");
        let id_of: i64 = sqlx::query_scalar(
            "INSERT INTO players (name, name_key, password_hash, created_at, email, unsubscribe_token) \
             VALUES ($1, $1, 'x', 0, $2, $1) RETURNING id",
        )
        .bind(&name)
        .bind(&email)
        .fetch_one(&state.db.pool)
        .await
        .unwrap();
        let player = server::auth::Player {
            id: id_of,
            echo_to: Some(email),
            name,
            time_zone: None,
            secret: String::new(),
            operator: false,
            lang: None,
        };
        server::actions::join(state, &player, id, &seat.invite)
            .await
            .unwrap();
    }
}

/// Starts one `postrider serve` on `url` (sending mail to `relay`, if given), and waits until
/// it answers.
fn serve(postrider: &str, url: &str, k: usize, relay: Option<&str>) -> Child {
    let port = 19_300 + k;
    let mail: Vec<String> = relay.map_or_else(Vec::new, |relay| {
        [
            "--smtp",
            relay,
            "--mail-from",
            "postrider <gm@club.example>",
            "--public-url",
            "https://club.example",
        ]
        .map(String::from)
        .into()
    });
    let child = Command::new(postrider)
        .args(["serve", "--database", url, "--listen"])
        .arg(format!("127.0.0.1:{port}"))
        .args(["--tick", "1", "--metrics-listen"])
        .arg(format!("127.0.0.1:{}", port + 100))
        .args(mail)
        .env(
            "RUST_LOG",
            std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port as u16)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "server {k} never listened"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// The servers started: killed if this stops early (a failed check), so none is left behind.
struct Servers(Vec<Child>);

impl Drop for Servers {
    fn drop(&mut self) {
        for server in &mut self.0 {
            let _ = server.kill();
            let _ = server.wait();
        }
    }
}

/// The turns server `k` has resolved, by its own count (`postrider_turns_resolved_total`),
/// read from its metrics. (A `COUNT(*)` over the games ten times a second took a tenth of the
/// cores at 100,000 games. A scrape costs one count of the due games up to 10,000,
/// `store::backlog`: 11–22 ms of the database mid-storm, a tenth of its time at five scrapes a
/// second; so the storm is watched at half the time its rest should take at the rate since
/// the first resolutions, every 2 s mid-storm and ten times a second at the end, when the
/// count is short.)
fn resolved_by(k: usize) -> u64 {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", 19_400 + k as u16)).unwrap();
    stream
        .write_all(b"GET /metrics HTTP/1.1\r\nHost: storm\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    text.lines()
        .filter(|l| l.starts_with(server::metrics::TURNS_RESOLVED))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum::<f64>() as u64
}

async fn count(db: &Db, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&db.pool).await.unwrap()
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let name = format!("postrider_storm_{}", std::process::id());
    sqlx::any::install_default_drivers();
    let template = args.seeded.as_deref();
    if let Some(seeded) = template {
        let db = if exists(&args.database, seeded).await {
            // Seeded by an earlier release, maybe: brought to this one's schema, as an
            // upgrade does.
            Db::open_and_migrate(&beside(&args.database, seeded))
                .await
                .unwrap()
        } else {
            let state = open(&fresh(&args.database, seeded, None).await).await;
            seed(&state, args.games, args.relay.is_some()).await;
            state.store.db
        };
        db.pool.close().await;
    }
    let url = fresh(&args.database, &name, template).await;
    let state = open(&url).await;
    let db = state.db.clone();
    match template {
        None => seed(&state, args.games, args.relay.is_some()).await,
        Some(seeded) => {
            let made = count(&db, "SELECT COUNT(*) FROM games").await;
            assert_eq!(
                made, args.games as i64,
                "{seeded} holds another number of games"
            );
        }
    }
    // The seats' welcomes are not the storm's mail: marked sent the day before, as a club's
    // are when its races fill. (Marked sent in 1970, they were the servers' retention pass's
    // to delete at their start, 400,000 rows in the storm's first seconds.)
    sqlx::query("UPDATE outbox SET sent_at = $1 WHERE sent_at IS NULL")
        .bind(SystemClock.now() - 86_400)
        .execute(&db.pool)
        .await
        .unwrap();
    let mut servers = Servers(
        (0..args.servers)
            .map(|k| serve(&args.postrider, &url, k, args.relay.as_deref()))
            .collect(),
    );
    // Every deadline falls at one second, set a few seconds ahead as a real deadline is: the
    // servers see it at their next tick and wake as its second begins. The storm is timed
    // from then (or from when the deadlines were written, had that taken longer). Each game
    // is marked as looked at by the reminders' last stage, as the servers' own passes two hours
    // before a real deadline leave it (`reminders::write_due`).
    let deadline = SystemClock.now() + 3;
    sqlx::query("UPDATE games SET next_deadline = $1, reminded_turn = turn, reminded_stage = 2")
        .bind(deadline)
        .execute(&db.pool)
        .await
        .unwrap();
    tokio::time::sleep(SystemClock.until(deadline)).await;
    let started = Instant::now();
    let games = args.games as i64;
    // When resolutions were first seen, and how many: the rate is counted from there, not
    // from the servers' first pass (its claim and read) before it.
    let mut first_seen: Option<(f64, u64)> = None;
    loop {
        let done: u64 = (0..args.servers).map(resolved_by).sum();
        if done >= games as u64 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(3600),
            "{done} of {games} after an hour"
        );
        // Half the time the rest should take at the rate so far, between 0.1 and 2 s.
        let now = started.elapsed().as_secs_f64();
        if first_seen.is_none() && done > 0 {
            first_seen = Some((now, done));
        }
        let rest = match first_seen {
            Some((at, seen)) if done > seen => {
                (games as u64 - done) as f64 * (now - at) / (done - seen) as f64
            }
            // No rate yet: the first resolutions were just seen, or none.
            Some(_) => 0.2,
            None => 1.0,
        };
        tokio::time::sleep(Duration::from_secs_f64((rest / 2.0).clamp(0.1, 2.0))).await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    if args.relay.is_some() {
        // Every report mail accepted by the relay: the outbox has no unsent row left. Asked
        // once a second whether one is (the first entry of the index of unsent rows): a count
        // of them took 64 ms of PostgreSQL's time a second with 400,000 waiting, taken from
        // the servers it measures.
        let mails = count(&db, "SELECT COUNT(*) FROM outbox WHERE kind = 'report'").await;
        loop {
            let left = count(
                &db,
                "SELECT COUNT(*) FROM (SELECT 1 FROM outbox \
                 WHERE sent_at IS NULL AND failed_at IS NULL LIMIT 1) AS unsent",
            )
            .await;
            if left == 0 {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(3600),
                "mails still unsent after an hour"
            );
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        let mailed = started.elapsed().as_secs_f64();
        let failed = count(
            &db,
            "SELECT COUNT(*) FROM outbox WHERE failed_at IS NOT NULL",
        )
        .await;
        println!(
            "storm to inbox: {mails} report mails accepted by the relay {mailed:.1} s after the \
             deadline ({:.0} mails/s from the last resolution on); {failed} given up",
            mails as f64 / (mailed - elapsed).max(0.001)
        );
    }
    for server in &mut servers.0 {
        let _ = Command::new("kill")
            .args(["-TERM", &server.id().to_string()])
            .status();
        let _ = server.wait();
    }
    let at_turn_2 = count(&db, "SELECT COUNT(*) FROM games WHERE turn = 2").await;
    let resolved = count(
        &db,
        "SELECT COUNT(*) FROM events WHERE body LIKE '{\"kind\":\"resolved\"%'",
    )
    .await;
    println!(
        "{games} deadlines at once, {} server processes: all resolved in {elapsed:.1} s \
         ({:.0} games/s, timed from the deadline; the first seen after {:.1} s); {at_turn_2} \
         games at turn 2, {resolved} resolutions in the logs",
        args.servers,
        games as f64 / elapsed,
        first_seen.map_or(elapsed, |(at, _)| at)
    );
    db.pool.close().await;
    let admin = sqlx::AnyPool::connect(&args.database).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "DROP DATABASE {name} WITH (FORCE)"
    )))
    .execute(&admin)
    .await
    .unwrap();
    assert_eq!(at_turn_2, games, "every game resolved once");
    assert_eq!(resolved, games, "one resolution a game");
}
