//! Phase 2, the anonymous list's cost: `GET /` and `GET /api/games` timed against the long
//! database and small ones, served in this process.

use std::time::Instant;

use axum::http::{Method, StatusCode};

use server::{AppState, Db};

use crate::client::{Http, http_client, send};
use crate::seed::{count_held, seed_small, state};

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
pub async fn list_cost(long: Db, dir: &std::path::Path, small_games: usize, seconds: u64) {
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
