//! How long a failed login takes for a name that is an account and for one that is not (a
//! measurement, not a test: it prints). The difference is what a guesser could read off the
//! clock to learn which names exist (issue 28).
//!
//! ```text
//! cargo run -p server --example login_timing -- [--database URL] [--rounds 200]
//! ```
//!
//! Without `--database`, a fresh SQLite file in a temporary directory (with its real fsyncs).
//! Passwords are hashed at the cheap cost, so that the database's part is not drowned by
//! argon2's (which is the same for both: an unknown name is checked against a dummy hash).
//! Each attempt names a fresh account or a fresh unknown name, from its own address, so that
//! throttling never answers; the two kinds alternate. Figures are in docs/performance.md.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use server::actions::{self, Credentials};
use server::throttle::ClientAddr;
use server::{AppState, Config, Db, PasswordCost, SystemClock};

#[derive(Debug, Parser)]
struct Args {
    /// A database URL (`postgres://…` for a fresh database); default: SQLite in a temp dir.
    #[arg(long)]
    database: Option<String>,
    /// Failed logins of each kind.
    #[arg(long, default_value_t = 200)]
    rounds: usize,
}

const PASSWORD: &str = "correct horse battery";

fn quantile(times: &mut [Duration], q: f64) -> f64 {
    times.sort();
    let at = ((times.len() - 1) as f64 * q).round() as usize;
    times[at].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = args.database.clone().unwrap_or_else(|| {
        format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("timing.db").display()
        )
    });
    let db = Db::open(&url).await.expect("the database opens");
    let config = Config {
        password_cost: PasswordCost::Cheap,
        ..Config::default()
    };
    let state = AppState::new(db, Arc::new(SystemClock), config);
    for k in 0..args.rounds {
        let credentials = Credentials {
            name: format!("walker{k}"),
            password: PASSWORD.into(),
        };
        actions::register(&state, &credentials)
            .await
            .expect("the account is made");
    }
    let (mut known, mut unknown) = (Vec::new(), Vec::new());
    for k in 0..args.rounds {
        for (prefix, times) in [("walker", &mut known), ("stranger", &mut unknown)] {
            let credentials = Credentials {
                name: format!("{prefix}{k}"),
                password: "wrong password".into(),
            };
            let octets = [10, (k >> 8) as u8, k as u8, u8::from(prefix == "walker")];
            let client = ClientAddr(Some(IpAddr::V4(Ipv4Addr::from(octets))));
            let start = Instant::now();
            let refused = actions::login(&state, &credentials, client).await.is_err();
            times.push(start.elapsed());
            assert!(refused, "a wrong password is refused");
        }
    }
    for (what, times) in [("an account", &mut known), ("no account", &mut unknown)] {
        println!(
            "failed login, name of {what}: p50 {:.2} ms, p90 {:.2} ms ({} tries)",
            quantile(times, 0.5),
            quantile(times, 0.9),
            times.len()
        );
    }
}
