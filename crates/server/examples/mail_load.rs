//! The mail benchmark (a benchmark, not a test: it measures and prints, and nothing depends on
//! the figures).
//!
//! ```text
//! cargo run --release -p server --example mail_load -- [--database URL] [--seats 1000]
//!     [--relay smtp://HOST:PORT] [--report-sample FILE]
//! ```
//!
//! On one database (a fresh SQLite file by default, or `--database postgres://…` naming an
//! empty database) it seats `seats` players with confirmed addresses in races of four, and
//! measures with one outbox worker sending to an SMTP sink in this process (on a loopback
//! port, answering each command at once), or to the relay `--relay` names (Postfix's
//! `smtp-sink` in `scripts/mail-speed.sh`):
//! 1. mails per second drained from the outbox: the welcome of every seat (text/plain);
//! 2. the time from a deadline to the last report mail: every game's deadline falls at once,
//!    the deadline worker resolves them (`process_due`, one report row per seat), and the
//!    worker sends every report (multipart, with the close-up drawn as PNG for each seat: it
//!    marks the seat's own riders).
//!
//! The figures are recorded in docs/performance.md.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::Parser;
use server::actions::{self, NewGame};
use server::auth::Player;
use server::mailbox::MailSettings;
use server::outbox::{Smtp, claim, send_claimed};
use server::{AppState, Config, Db, ManualClock, PasswordCost};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[derive(Debug, Parser)]
struct Args {
    /// The database (default: a fresh SQLite file in a temporary directory).
    #[arg(long)]
    database: Option<String>,
    /// Seats (players with an address), in races of four.
    #[arg(long, default_value_t = 1000)]
    seats: usize,
    /// Send to this relay instead of the sink in this process.
    #[arg(long)]
    relay: Option<String>,
    /// Write the first report mail, as sent, to this file.
    #[arg(long)]
    report_sample: Option<std::path::PathBuf>,
}

/// An SMTP server that counts the messages it is given.
async fn sink() -> (u16, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let count = Arc::new(AtomicUsize::new(0));
    let counted = count.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let counted = counted.clone();
            // Answers go out at once (no Nagle wait behind the client's delayed ACK).
            let _ = stream.set_nodelay(true);
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 sink ESMTP\r\n").await;
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    let answer: &[u8] = if upper.starts_with("DATA") {
                        let _ = write.write_all(b"354 go on\r\n").await;
                        while let Ok(Some(l)) = lines.next_line().await {
                            if l == "." {
                                break;
                            }
                        }
                        counted.fetch_add(1, Ordering::SeqCst);
                        b"250 queued\r\n"
                    } else if upper.starts_with("QUIT") {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        return;
                    } else {
                        b"250 ok\r\n"
                    };
                    if write.write_all(answer).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    (port, count)
}

/// Drains the outbox as the worker does, until nothing is left: mails sent. Prints the time
/// spent claiming rows and in SMTP exchanges (summed over the sends made side by side).
async fn drain(state: &AppState, relay: &Arc<Timed>, now: i64) -> usize {
    let mut sent = 0;
    let (mut claiming, started) = (0.0, Instant::now());
    loop {
        let t = Instant::now();
        let ids = claim(state, "bench", now).await.unwrap();
        claiming += t.elapsed().as_secs_f64();
        let d = send_claimed(state, relay, "bench", &ids, now)
            .await
            .unwrap();
        if d.sent == 0 {
            let smtp = std::mem::take(&mut *relay.1.lock().unwrap());
            let all = started.elapsed().as_secs_f64();
            println!(
                "  ({all:.2} s: claiming {claiming:.2} s; SMTP exchanges {smtp:.2} s in all, {} at a time)",
                server::outbox::SENDS_AT_ONCE
            );
        }
        assert_eq!(d.given_up + d.retried, 0, "the sink refused a mail");
        if d.sent == 0 {
            return sent;
        }
        sent += d.sent;
    }
}

/// The relay, timed: the seconds spent in the SMTP exchange. The next mail sent is written to
/// the file in the third field, if there is one.
struct Timed(
    Smtp,
    std::sync::Mutex<f64>,
    std::sync::Mutex<Option<std::path::PathBuf>>,
);

impl server::outbox::Relay for Timed {
    async fn send(&self, message: lettre::Message) -> Result<(), server::outbox::SendError> {
        if let Some(path) = self.2.lock().unwrap().take() {
            std::fs::write(&path, message.formatted()).unwrap();
        }
        let t = Instant::now();
        let outcome = self.0.send(message).await;
        *self.1.lock().unwrap() += t.elapsed().as_secs_f64();
        outcome
    }
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
        .unwrap_or_else(|| format!("sqlite://{}?mode=rwc", dir.path().join("mail.db").display()));
    let db = Db::open(&url).await.unwrap();
    let clock = ManualClock::at(1_795_348_800);
    let config = Config {
        password_cost: PasswordCost::Cheap,
        ..Config::default()
    };
    let state = AppState::new(db, Arc::new(clock.clone()), config).with_mail(MailSettings {
        public_url: "https://club.example".into(),
        from: "postrider <gm@club.example>".into(),
        orders_address: "orders@club.example".into(),
    });
    let (port, delivered) = sink().await;
    let relay_url = args
        .relay
        .clone()
        .unwrap_or_else(|| format!("smtp://127.0.0.1:{port}"));
    let relay = Arc::new(Timed(
        Smtp::new(&relay_url, None).unwrap(),
        Default::default(),
        Default::default(),
    ));
    let now = || server::Clock::now(&clock);

    // The players, with confirmed addresses (written directly: the confirmation is tested
    // elsewhere), and the GM.
    let started = Instant::now();
    let games = args.seats.div_ceil(4);
    let mut players = Vec::new();
    for k in 0..=games * 4 {
        let name = format!("p{k}");
        sqlx::query(
            "INSERT INTO players (name, name_key, password_hash, created_at, email, unsubscribe_token) \
             VALUES ($1, $1, 'x', 0, $2, $3)",
        )
        .bind(&name)
        .bind(format!("{name}@example.net"))
        .bind(format!("token{k}"))
        .execute(&state.db.pool)
        .await
        .unwrap();
        let id: i64 = sqlx::query_scalar("SELECT id FROM players WHERE name = $1")
            .bind(&name)
            .fetch_one(&state.db.pool)
            .await
            .unwrap();
        players.push(Player {
            id,
            echo_to: Some(format!("{name}@example.net")),
            name,
            time_zone: None,
            secret: String::new(),
            operator: false,
            lang: None,
        });
    }
    let gm = players.pop().unwrap();
    for g in 0..games {
        let id = actions::create_game(
            &state,
            &gm,
            NewGame {
                title: format!("Race {g}"),
                game: "breaking-away".into(),
                settings: gm::Setup::new("breaking-away", &[], 0)
                    .with("rules", "postal-2.2")
                    .settings,
                rules: None,
                options: Vec::new(),
                seats: vec!["red".into(), "blue".into(), "green".into(), "white".into()],
                deadline: gm::DeadlineRule::Interval { seconds: 86_400 },
                seed: Some(g as u64),
                rated: false,
            },
        )
        .await
        .unwrap();
        let table = server::games::load(&state, id).await.unwrap();
        for (seat, player) in table.seats.iter().zip(&players[g * 4..g * 4 + 4]) {
            actions::join(&state, player, id, &seat.invite)
                .await
                .unwrap();
        }
    }
    let seats = games * 4;
    println!(
        "set-up: {games} games, {seats} seats with addresses, in {:.1} s ({})",
        started.elapsed().as_secs_f64(),
        if url.starts_with("postgres") {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );

    // 1. The welcomes: plain text mails drained.
    let t = Instant::now();
    let sent = drain(&state, &relay, now()).await;
    let welcome = t.elapsed().as_secs_f64();
    assert_eq!(sent, seats);
    println!(
        "welcomes (text/plain): {sent} mails in {welcome:.2} s = {:.0} mails/s",
        sent as f64 / welcome
    );

    // 2. Every deadline falls at once: resolve, then send every report.
    clock.advance(86_400);
    *relay.2.lock().unwrap() = args.report_sample.clone();
    let t = Instant::now();
    let resolved = server::games::process_due(&state).await.unwrap();
    let resolve = t.elapsed().as_secs_f64();
    assert_eq!(resolved, games);
    let cpu = cpu_time::ProcessTime::now();
    let sent = drain(&state, &relay, now()).await;
    let total = t.elapsed().as_secs_f64();
    // What the sends cost the machine, whatever the relay's speed (this process's CPU).
    println!(
        "  (this process's CPU: {:.2} ms a report)",
        cpu.elapsed().as_secs_f64() * 1e3 / sent as f64
    );
    assert_eq!(sent, seats);
    println!(
        "deadline to last report: {total:.2} s for {seats} seats ({resolved} turns resolved in {resolve:.2} s, \
         {sent} reports with HTML and PNG sent in {:.2} s = {:.0} mails/s)",
        total - resolve,
        sent as f64 / (total - resolve)
    );
    if args.relay.is_none() {
        assert_eq!(delivered.load(Ordering::SeqCst), 2 * seats);
    }
}
