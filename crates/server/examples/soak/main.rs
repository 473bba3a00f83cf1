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

use clap::Parser;
use server::Db;

#[path = "../client/mod.rs"]
mod client;
mod list_cost;
mod players;
mod run;
mod seed;

use list_cost::list_cost;
use run::{child, load_average, soak};
use seed::{count_held, seed_long, spread_deadlines};

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

const SEATS: [&str; 4] = ["Red", "Blue", "Green", "Black"];

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
