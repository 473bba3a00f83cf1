//! The operator's commands on a real `postrider serve`: `healthcheck` asks it for readiness,
//! `backup --verify` copies its SQLite database while it runs and checks the copy, `restore`
//! puts the copy into a new data directory that `check` reproduces, and SIGTERM stops it
//! gracefully with a log line (exit 0), with no ANSI colours in a log that is not a terminal.
//! `--metrics-listen` serves `GET /metrics` on a listener of its own, and without it the
//! server listens on nothing more. `account` hands a reset link and the operator's role.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

use serde_json::json;

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

/// A page as a logged-in browser gets it: the status and the HTML.
fn page_with_session(server: &common::server::Server, path: &str, secret: &str) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nCookie: postrider_session={secret}\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    (status, response)
}

/// `postrider account` on a running server's database (issue 31): the operator's one-time
/// link opens the password form for the player named; an unknown name is one line and exit 2;
/// the operator's role is given and taken away, and the server's page follows at once.
#[cfg(unix)]
#[test]
fn the_operator_hands_a_reset_link_and_grants_the_role() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("club.db").display());
    let server = common::server::start(&database, None);
    let first = player(&server, "first");
    let alice = player(&server, "alice");

    let out = postrider(&[
        "account",
        "reset-password",
        "Alice",
        "--database",
        &database,
        "--public-url",
        "https://club.example/",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let link = text(&out.stdout);
    let path = link
        .trim()
        .strip_prefix("https://club.example")
        .unwrap_or_else(|| panic!("{link}"));
    assert!(path.starts_with("/reset/"), "{link}");
    let (status, form) = common::server::request(&server, "GET", path, None, None);
    assert_eq!(status, 200, "{form}");
    assert!(form.contains("<strong>alice</strong>"), "{form}");

    let unknown = postrider(&[
        "account",
        "reset-password",
        "nobody",
        "--database",
        &database,
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert_eq!(
        text(&unknown.stderr),
        "postrider: name: no account \"nobody\"\n"
    );

    assert_eq!(page_with_session(&server, "/operator", &alice).0, 404);
    let granted = postrider(&[
        "account",
        "grant-operator",
        "alice",
        "--database",
        &database,
    ]);
    assert!(granted.status.success(), "{}", text(&granted.stderr));
    assert_eq!(text(&granted.stdout), "alice is an operator\n");
    let (status, page) = page_with_session(&server, "/operator", &alice);
    assert_eq!(status, 200, "{page}");
    let revoked = postrider(&[
        "account",
        "revoke-operator",
        "alice",
        "--database",
        &database,
    ]);
    assert!(revoked.status.success(), "{}", text(&revoked.stderr));
    assert_eq!(page_with_session(&server, "/operator", &alice).0, 404);
    // Issue 52: the last operator keeps the role: one line, exit 2, nothing changed.
    let last = postrider(&[
        "account",
        "revoke-operator",
        "first",
        "--database",
        &database,
    ]);
    assert_eq!(last.status.code(), Some(2), "{}", text(&last.stderr));
    assert_eq!(
        text(&last.stderr),
        "postrider: revoke-operator: \"first\" is the server's only operator; name another first (postrider account grant-operator NAME)\n"
    );
    assert!(last.stdout.is_empty(), "{}", text(&last.stdout));
    assert_eq!(page_with_session(&server, "/operator", &first).0, 200);
}

/// `ratings rebuild` replays the finished rated games of a server's database: the table it
/// writes is the one the server's own update left (issue 34).
#[test]
fn ratings_rebuild_gives_the_table_the_server_left() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("postrider.db").display()
    );
    let server = start(&database, None);
    let gm = player(&server, "gm");
    let ann = player(&server, "ann");
    let bob = player(&server, "bob");
    let game = json!({"title": "Rated", "game": "goofspiel", "settings": {"cards": "5"},
        "seats": ["ann", "bob"], "rated": true,
        "deadline": {"every": "interval", "seconds": 86400}});
    let (status, created) = call(&server, "POST", "/api/games", Some(&gm), Some(game));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    for (token, invite) in [&ann, &bob]
        .iter()
        .zip(created["invites"].as_array().unwrap())
    {
        let (status, body) = call(
            &server,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(token),
            Some(json!({"invite": invite["invite"]})),
        );
        assert_eq!(status, 200, "{body}");
    }
    for round in 1..=5u64 {
        for (token, card) in [(&ann, round), (&bob, 6 - round)] {
            let (status, body) = call(
                &server,
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(token),
                Some(json!({"orders": card.to_string()})),
            );
            assert_eq!(status, 200, "{body}");
        }
        // Every seat is ready: the server's deadline worker plays the round.
        let started = std::time::Instant::now();
        loop {
            let (_, game) = call(&server, "GET", &format!("/api/games/{id}"), None, None);
            if game["over"] == true || game["turn"].as_u64() > Some(round) {
                break;
            }
            assert!(
                started.elapsed().as_secs() < 30,
                "round {round} not played: {game}"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    let (_, ladder) = call(&server, "GET", "/api/ratings/goofspiel", None, None);
    assert_eq!(ladder["provisional_total"], 2, "{ladder}");
    drop(server);

    let rebuilt = postrider(&["ratings", "rebuild", "--database", &database]);
    assert!(rebuilt.status.success(), "{}", text(&rebuilt.stderr));
    assert_eq!(
        text(&rebuilt.stdout),
        "ratings rebuilt: 1 finished rated games replayed, 2 ratings\n"
    );
    let missing = dir.path().join("none.db");
    let refused = postrider(&[
        "ratings",
        "rebuild",
        "--database",
        &format!("sqlite://{}", missing.display()),
    ]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert_eq!(
        text(&refused.stderr).lines().count(),
        1,
        "{}",
        text(&refused.stderr)
    );
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

/// `postrider mail-in --data DATA` with `message` on standard input: the exit status and the
/// standard error.
fn mail_in(data: &std::path::Path, env_data: bool) -> (Option<i32>, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_postrider"));
    command.arg("mail-in");
    if env_data {
        command.env("POSTRIDER_DATA", data);
    } else {
        command.args(["--data", data.to_str().unwrap()]);
    }
    let mut child = command
        .env_remove("POSTRIDER_DATABASE")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"From: ann@players.example\r\nTo: orders+nobody@orders.club.example\r\nSubject: orders\r\nMessage-ID: <m1@players.example>\r\n\r\nA 12\r\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), text(&out.stderr))
}

/// Issue 52, item 2: `mail-in` never makes a database (a typo in master.cf, a database moved
/// away for a restore): exit 75, so that the MTA keeps the mail, and one line naming the path.
/// A restore into a data directory a server is using is refused until it stops.
#[cfg(unix)]
#[test]
fn mail_in_makes_no_database_and_a_restore_waits_for_the_server() {
    let dir = common::temp("mail-in-nodb");
    let typo = dir.join("postrdier");
    let (status, stderr) = mail_in(&typo, false);
    assert_eq!(status, Some(75), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("{}/postrider.db does not exist", typo.display())),
        "{stderr}"
    );
    assert!(!typo.exists(), "mail-in made {}", typo.display());
    // A data directory without its database (moved away for a restore), named by the variable.
    let data = dir.join("data");
    std::fs::create_dir(&data).unwrap();
    let (status, stderr) = mail_in(&data, true);
    assert_eq!(status, Some(75), "{stderr}");
    assert!(stderr.contains("does not exist"), "{stderr}");
    assert_eq!(std::fs::read_dir(&data).unwrap().count(), 0, "nothing made");

    // A server on it: mail-in works beside it; a restore into it is refused.
    let server = start(
        &format!("sqlite://{}/postrider.db?mode=rwc", data.display()),
        None,
    );
    let (status, stderr) = mail_in(&data, false);
    assert_eq!(status, Some(0), "{stderr}");
    let backup = dir.join("backup.db");
    let out = postrider(&[
        "backup",
        "--data",
        data.to_str().unwrap(),
        "--to",
        backup.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let refused = postrider(&[
        "restore",
        backup.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(
        text(&refused.stderr).contains("is in use"),
        "{}",
        text(&refused.stderr)
    );
    drop(server);
    // Stopped, the directory's database (holding no games) is replaced by the backup.
    let restored = postrider(&[
        "restore",
        backup.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let check = postrider(&["check", "--data", data.to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stderr));
}

/// Issue 52, item 3: a backup is its owner's alone whatever the umask and never written
/// through a link; `restore --dry-run` checks one without writing anything: a good one passes
/// (exit 0), a truncated one is called damaged (exit 1), and restoring it leaves nothing.
#[cfg(unix)]
#[test]
fn backups_are_private_and_restore_dry_run_tells_a_good_one_from_a_damaged_one() {
    use std::os::unix::fs::PermissionsExt;
    let dir = common::temp("dry-run");
    let data = dir.join("data");
    std::fs::create_dir(&data).unwrap();
    let server = start(
        &format!("sqlite://{}/postrider.db?mode=rwc", data.display()),
        None,
    );
    let gm = player(&server, "gm");
    let game = json!({"title": "Kept", "game": "breaking-away", "seats": ["red", "blue"],
        "seed": 5, "deadline": {"every": "interval", "seconds": 86400}});
    let (status, created) = call(&server, "POST", "/api/games", Some(&gm), Some(game));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    for seat in 0..2 {
        let action = json!({"action": "bot", "seat": seat, "bot": "random"});
        call(
            &server,
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(action),
        );
    }
    common::server::wait_for_turn(&server, id, 2, None);

    let backup = dir.join("backup.db");
    let made = Command::new("sh")
        .arg("-c")
        .arg(r#"umask 022 && exec "$0" backup --data "$1" --to "$2""#)
        .arg(env!("CARGO_BIN_EXE_postrider"))
        .arg(&data)
        .arg(&backup)
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made.stderr));
    let mode = std::fs::metadata(&backup).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "a backup made under umask 022 is {mode:o}");
    // A dangling link where the backup should go: refused, nothing made where it points.
    let link = dir.join("link.db");
    std::os::unix::fs::symlink(dir.join("elsewhere.db"), &link).unwrap();
    let refused = postrider(&[
        "backup",
        "--data",
        data.to_str().unwrap(),
        "--to",
        link.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("symbolic link"),
        "{}",
        text(&refused.stderr)
    );
    assert!(!dir.join("elsewhere.db").exists());

    let before = std::fs::read(&backup).unwrap();
    let good = postrider(&["restore", "--dry-run", backup.to_str().unwrap()]);
    assert!(good.status.success(), "{}", text(&good.stderr));
    assert!(
        text(&good.stdout).contains("would restore: 1 games"),
        "{}",
        text(&good.stdout)
    );
    assert_eq!(
        std::fs::read(&backup).unwrap(),
        before,
        "the dry run wrote nothing"
    );

    let truncated = dir.join("truncated.db");
    std::fs::write(&truncated, &before[..before.len() / 2]).unwrap();
    let damaged = postrider(&["restore", "--dry-run", truncated.to_str().unwrap()]);
    assert_eq!(damaged.status.code(), Some(1), "{}", text(&damaged.stderr));
    let said = text(&damaged.stderr);
    assert!(
        said.contains("damaged") && !said.contains("release"),
        "{said}"
    );
    let into = dir.join("restored");
    let failed = postrider(&[
        "restore",
        truncated.to_str().unwrap(),
        "--data",
        into.to_str().unwrap(),
    ]);
    assert_eq!(failed.status.code(), Some(2), "{}", text(&failed.stderr));
    assert!(
        text(&failed.stderr).contains("damaged"),
        "{}",
        text(&failed.stderr)
    );
    assert!(!into.exists(), "a failed restore left {}", into.display());
    drop(server);
}
