//! Each test's set-up: a fresh PostgreSQL database, Postfix's pipe pointed at it, `serve`'s
//! mail arguments, and the GM's race and actions through the API.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

use crate::common::server::{Server, call};
use crate::mailbox::Mailbox;

/// The inbound messages' outcomes as `mail-in` recorded them.
pub fn inbound(database: &str) -> Vec<String> {
    let out = Command::new("psql")
        .args([
            database,
            "-At",
            "-c",
            "SELECT status FROM inbound_mail ORDER BY id",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Puts this test's `postrider` where Postfix's pipe runs it, and names the database it uses.
fn install_pipe(dir: &Path, database: &str) {
    let binary = dir.join("postrider");
    let fresh = dir.join(format!("postrider.{}", std::process::id()));
    std::fs::copy(env!("CARGO_BIN_EXE_postrider"), &fresh).unwrap();
    std::fs::rename(&fresh, &binary).unwrap();
    std::fs::write(dir.join("database"), database).unwrap();
}

fn fresh_database(admin: &str, name: &str) -> String {
    let status = Command::new("psql")
        .args([admin, "-q", "-c", &format!("CREATE DATABASE {name}")])
        .status();
    assert!(
        status.is_ok_and(|s| s.success()),
        "psql could not create {name}"
    );
    format!("{}/{name}", admin.rsplit_once('/').unwrap().0)
}

/// `serve`'s mail arguments for the local Postfix.
pub const MAIL_ARGS: [&str; 8] = [
    "--smtp",
    "smtp://127.0.0.1:25",
    "--mail-from",
    "postrider <gm@pbm.test>",
    "--mail-orders",
    "orders@orders.pbm.test",
    "--public-url",
    "http://{address}",
];

/// A fresh database named `prefix_PID` on the PostgreSQL server of `POSTRIDER_TEST_POSTGRES`,
/// and the players' mailbox; with `pipe`, Postfix's pipe is pointed at the database (one test
/// at a time may hold the pipe).
pub fn mail_setup(prefix: &str, pipe: bool) -> (String, Mailbox) {
    let pipe_dir = PathBuf::from(
        std::env::var("POSTRIDER_TEST_POSTFIX")
            .expect("POSTRIDER_TEST_POSTFIX names the directory scripts/postfix-e2e.sh set up"),
    );
    let admin = std::env::var("POSTRIDER_TEST_POSTGRES")
        .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    let database = fresh_database(&admin, &format!("{prefix}_{}", std::process::id()));
    if pipe {
        install_pipe(&pipe_dir, &database);
    }
    let mailbox = Mailbox {
        dir: pipe_dir.join("maildirs/players"),
        taken: HashSet::new(),
    };
    (database, mailbox)
}

/// The GM's new race of `seats`, a turn a day, as `POST /api/games` answers it (with its id
/// and its seats' invites).
pub fn new_race(server: &Server, gm: &str, title: &str, seats: &[&str]) -> Value {
    let (status, created) = call(
        server,
        "POST",
        "/api/games",
        Some(gm),
        Some(json!({
            "title": title, "game": "breaking-away", "seats": seats,
            "deadline": {"every": "interval", "seconds": 86400},
        })),
    );
    assert_eq!(status, 201, "{created}");
    created
}

/// The GM's `action` on game `id` (`{"action": "resolve"}`, …), which the server takes.
pub fn gm_action(server: &Server, gm: &str, id: i64, action: Value) {
    let (status, body) = call(
        server,
        "POST",
        &format!("/api/games/{id}/gm"),
        Some(gm),
        Some(action),
    );
    assert_eq!(status, 200, "{body}");
}
