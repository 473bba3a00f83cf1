//! The operator's commands on a real `postrider serve`: `healthcheck` asks it for readiness,
//! `backup --verify` copies its SQLite database while it runs and checks the copy, `restore`
//! puts the copy into a new data directory that `check` reproduces, and SIGTERM stops it
//! gracefully with a log line (exit 0), with no ANSI colours in a log that is not a terminal.
//! `--metrics-listen` serves `GET /metrics` on a listener of its own, and without it the
//! server listens on nothing more. `account` hands a reset link and the operator's role.
//! `accounts.rs`: `account` and `ratings rebuild`; `backups.rs`: `mail-in` and backups kept safe.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

use serde_json::json;

#[path = "upkeep_cli/accounts.rs"]
mod accounts;
#[path = "upkeep_cli/backups.rs"]
mod backups;
mod common;

use common::server::{call, free_port, player, request, start, start_with, wait_until_listening};

fn postrider(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[cfg(unix)]
#[test]
fn backup_check_restore_and_a_graceful_stop() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data = data.to_str().unwrap();
    let address = format!("127.0.0.1:{}", free_port());
    let child = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(["serve", "--listen", &address, "--data", data, "--tick", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until_listening(&address, "postrider serve");
    let server = common::server::Server {
        child,
        address: address.clone(),
    };

    let ready = postrider(&["healthcheck", &format!("http://{address}")]);
    assert!(ready.status.success(), "{}", text(&ready.stderr));
    assert!(
        text(&ready.stdout).contains("\"ready\":true"),
        "{}",
        text(&ready.stdout)
    );
    let nobody = postrider(&["healthcheck", &format!("http://127.0.0.1:{}", free_port())]);
    assert_eq!(nobody.status.code(), Some(1), "{}", text(&nobody.stderr));

    // A game played for a few turns by bots, while the server runs.
    let gm = player(&server, "gm");
    let game = json!({"title": "Backed up", "game": "breaking-away", "seats": ["red", "blue"],
        "seed": 5, "deadline": {"every": "interval", "seconds": 86400}});
    let (status, created) = call(&server, "POST", "/api/games", Some(&gm), Some(game));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    for seat in 0..2 {
        let action = json!({"action": "bot", "seat": seat, "bot": "random"});
        let (status, body) = call(
            &server,
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(action),
        );
        assert_eq!(status, 200, "{body}");
    }
    common::server::wait_for_turn(&server, id, 3, None);

    let file = dir.path().join("copy.db");
    let backup = postrider(&[
        "backup",
        "--data",
        data,
        "--to",
        file.to_str().unwrap(),
        "--verify",
    ]);
    assert!(backup.status.success(), "{}", text(&backup.stderr));
    let out = text(&backup.stdout);
    assert!(out.contains("verified: 1 games"), "{out}");
    let again = postrider(&["backup", "--data", data, "--to", file.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stderr).contains("already exists"),
        "{}",
        text(&again.stderr)
    );

    let restored = dir.path().join("restored");
    let restore = postrider(&[
        "restore",
        file.to_str().unwrap(),
        "--data",
        restored.to_str().unwrap(),
    ]);
    assert!(restore.status.success(), "{}", text(&restore.stderr));
    let check = postrider(&["check", "--data", restored.to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert!(
        text(&check.stdout).starts_with("1 games, "),
        "{}",
        text(&check.stdout)
    );
    // The URL from a file (it may carry a password), as POSTRIDER_DATABASE_FILE gives it too.
    let url_file = dir.path().join("database-url");
    std::fs::write(
        &url_file,
        format!("sqlite://{}/postrider.db\n", restored.display()),
    )
    .unwrap();
    let check = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .arg("check")
        .env("POSTRIDER_DATABASE_FILE", &url_file)
        .output()
        .unwrap();
    assert!(
        text(&check.stdout).starts_with("1 games, "),
        "{}",
        text(&check.stderr)
    );
    let missing = postrider(&["check", "--data", dir.path().join("none").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        text(&missing.stderr).contains("does not exist"),
        "{}",
        text(&missing.stderr)
    );

    // SIGTERM: a graceful stop, said in the log, exit 0; the log has no colours.
    let mut server = server;
    let pid = server.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let status = server.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let mut log = String::new();
    server
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert!(log.contains("stopping") && log.contains("SIGTERM"), "{log}");
    assert!(log.contains("postrider has stopped"), "{log}");
    assert!(
        !log.contains('\u{1b}'),
        "ANSI colours in a log that is no terminal: {log:?}"
    );
}

/// One HTTP/1.1 GET to `address`; the status and the body.
fn get(address: &str, path: &str) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response.split_once("\r\n\r\n").unwrap().1.to_string();
    (status, body)
}

/// The TCP sockets process `pid` listens on: its descriptors' socket inodes found in the
/// kernel's tables in the listening state (0A).
#[cfg(target_os = "linux")]
fn listening_sockets(pid: u32) -> usize {
    let inodes: Vec<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
        .filter_map(|link| {
            let link = link.to_string_lossy().into_owned();
            Some(
                link.strip_prefix("socket:[")?
                    .strip_suffix(']')?
                    .to_string(),
            )
        })
        .collect();
    ["/proc/net/tcp", "/proc/net/tcp6"]
        .iter()
        .filter_map(|table| std::fs::read_to_string(table).ok())
        .flat_map(|table| {
            table
                .lines()
                .skip(1)
                .filter_map(|line| {
                    let fields: Vec<&str> = line.split_whitespace().collect();
                    (fields.get(3) == Some(&"0A")).then(|| fields.get(9).map(|s| s.to_string()))?
                })
                .collect::<Vec<_>>()
        })
        .filter(|inode| inodes.contains(inode))
        .count()
}

#[cfg(target_os = "linux")]
#[test]
fn metrics_on_their_own_listener_and_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("pbm.db").display());
    let metrics = format!("127.0.0.1:{}", free_port());
    let server = start_with(&database, None, &["--metrics-listen", &metrics]);
    wait_until_listening(&metrics, "the metrics listener");
    assert_eq!(listening_sockets(server.child.id()), 2);

    // A request to the server, then the scrape.
    let (status, _) = request(&server, "GET", "/healthz", None, None);
    assert_eq!(status, 200);
    let (status, text) = get(&metrics, "/metrics");
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains(
            "postrider_http_requests_total{route=\"/healthz\",method=\"GET\",status=\"2xx\"} 1\n"
        ),
        "{text}"
    );
    for gauge in [
        "postrider_deadlines_next_hour 0\n",
        "postrider_outbox_unsent 0\n",
        "postrider_outbox_oldest_due_seconds 0\n",
    ] {
        assert!(text.contains(gauge), "{gauge}{text}");
    }
    assert_eq!(get(&metrics, "/").0, 404);
    assert_eq!(request(&server, "GET", "/metrics", None, None).0, 404);
    drop(server);

    // Without the flag: the server's own listener alone.
    let plain = start(&database, None);
    assert_eq!(listening_sockets(plain.child.id()), 1);
}

/// Stops a server with SIGTERM and returns its log (standard error, piped).
#[cfg(unix)]
fn stop_and_read_log(child: &mut std::process::Child) -> String {
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    assert!(child.wait().unwrap().success());
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    log
}

/// Issue 52, item 1: every setting of `serve` reads a `POSTRIDER_*` variable (the service's
/// settings file), `--help` names them, and `serve` logs each setting it took and from where,
/// a URL's password masked.
#[cfg(unix)]
#[test]
fn serve_takes_its_settings_from_the_environment_and_says_so() {
    let help = text(&postrider(&["serve", "--help"]).stdout);
    for variable in [
        "POSTRIDER_SMTP",
        "POSTRIDER_MAIL_FROM",
        "POSTRIDER_PUBLIC_URL",
        "POSTRIDER_BACKUP_DIR",
        "POSTRIDER_LISTEN",
        "POSTRIDER_DATA",
    ] {
        assert!(
            help.contains(&format!("[env: {variable}")),
            "{variable}: {help}"
        );
    }
    let help = text(&postrider(&["mail-in", "--help"]).stdout);
    assert!(help.contains("[env: POSTRIDER_DATA"), "{help}");

    // The relay alone from the environment: read, so the other mail settings are asked for
    // (no more a server started with mail silently off).
    let dir = common::temp("settings-env");
    let data = dir.join("data");
    let out = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(["serve", "--data", data.to_str().unwrap()])
        .env("POSTRIDER_SMTP", "smtp://127.0.0.1:25")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("--mail-from"),
        "{}",
        text(&out.stderr)
    );
    assert!(!data.exists(), "refused before anything was made");

    // Mail on, the address and the data directory from the environment, one flag given.
    let address = format!("127.0.0.1:{}", free_port());
    let child = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(["serve", "--tick", "1"])
        .env("POSTRIDER_LISTEN", &address)
        .env("POSTRIDER_DATA", &data)
        .env("POSTRIDER_SMTP", "smtp://club:hunter2@127.0.0.1:1")
        .env("POSTRIDER_MAIL_FROM", "postrider <gm@club.example>")
        .env("POSTRIDER_PUBLIC_URL", "https://pbm.club.example")
        .env("POSTRIDER_BEHIND_PROXY", "yes")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut server = common::server::Server {
        child,
        address: address.clone(),
    };
    wait_until_listening(&address, "postrider serve");
    assert!(
        data.join("postrider.db").is_file(),
        "POSTRIDER_DATA was used"
    );
    // Answering requests: its SIGTERM handler is in place.
    assert_eq!(get(&address, "/healthz").0, 200);
    let log = stop_and_read_log(&mut server.child);
    for line in [
        format!("setting --listen = {address} (environment POSTRIDER_LISTEN)"),
        "setting --smtp = smtp://club:***@127.0.0.1:1 (environment POSTRIDER_SMTP)".to_string(),
        "setting --behind-proxy = yes (environment POSTRIDER_BEHIND_PROXY)".to_string(),
        "setting --tick = 1 (flag)".to_string(),
        "setting --header-timeout = 10 (default)".to_string(),
        "mail is on".to_string(),
    ] {
        assert!(log.contains(&line), "{line:?} not in {log}");
    }
    assert!(!log.contains("hunter2"), "a password in the log: {log}");
}
