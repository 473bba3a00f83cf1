//! Nothing a user has is lost: game files written by release 0.1 (`tests/fixtures/0.1`, made by
//! `scripts/make-0.1-fixtures.sh` with the 0.1 binary) are read by this one, every report they
//! give is the one 0.1 printed (`*.reports.json`, from the 0.1 binary), and the first change
//! writes them in this release's format without losing their history.
//! `reports.rs` says what may differ between 0.1's reports and this release's.

mod common;
#[path = "compat/reports.rs"]
mod reports;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{ok, temp};
use reports::{reports_0_1, same_report};

const FIXTURES: [&str; 4] = [
    "postal-race",
    "board-race",
    "backpacks-day",
    "backpacks-own-map",
];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/0.1/{name}"))
}

fn report(file: &str, key: &str) -> String {
    let (viewer, when) = key.split_once(' ').unwrap();
    let mut args = vec!["report", file];
    match viewer {
        "gm" => {}
        "public" => args.push("--public"),
        seat => args.extend(["--team", seat]),
    }
    let turn;
    if let Some(t) = when.strip_prefix("turn ") {
        turn = t.to_string();
        args.extend(["--turn", &turn]);
    }
    ok(&args)
}

#[test]
fn game_files_of_release_0_1_give_the_same_reports() {
    for name in FIXTURES {
        let file = fixture(&format!("{name}.json"));
        let file = file.to_str().unwrap();
        let expected = reports_0_1(name);
        assert!(expected.len() >= 8, "{name}: the fixture has its reports");
        for (key, text) in &expected {
            same_report(&report(file, key), text, &format!("{name}: {key}"));
        }
        assert!(
            ok(&["replay", file]).contains("the replay matches"),
            "{name}"
        );
    }
}

#[test]
fn a_change_to_a_0_1_file_writes_it_in_this_release_format_and_keeps_its_history() {
    let dir = temp("compat");
    for name in FIXTURES {
        let copy = dir.join(format!("{name}.json"));
        std::fs::copy(fixture(&format!("{name}.json")), &copy).unwrap();
        let copy = copy.to_str().unwrap();
        ok(&["resolve", copy]);
        let text = std::fs::read_to_string(copy).unwrap();
        let file: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(file["format"], "postrider-game", "{name}");
        assert_eq!(file["version"], 3, "{name}");
        // Every turn 0.1 resolved still reads as 0.1 printed it.
        for (key, expected) in reports_0_1(name) {
            if key.contains(" turn ") {
                same_report(&report(copy, &key), &expected, &format!("{name}: {key}"));
            }
        }
        assert!(
            ok(&["replay", copy]).contains("the replay matches"),
            "{name}"
        );
    }
}

/// Sets every game's next deadline in the 0.1 database at `database` to `at` (seconds since
/// 1970), with the 0.1 schema's own column, before any server of this release opens it.
///
/// The fixture's deadlines fell a day after it was made (2026-11-23 20:07 UTC): a server started
/// after that rightly plays them the moment it starts, so a test that wants the games as 0.1
/// left them moves them to a date that does not come, and one that wants them overdue puts them
/// in the past. Either way the test does not depend on the day it runs.
fn set_deadlines(database: &str, at: i64) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut conn = sqlx::AnyConnection::connect(database).await.unwrap();
        let changed =
            sqlx::query("UPDATE games SET next_deadline = $1 WHERE next_deadline IS NOT NULL")
                .bind(at)
                .execute(&mut conn)
                .await
                .unwrap();
        assert_eq!(
            changed.rows_affected(),
            2,
            "the fixture's two games have deadlines"
        );
        conn.close().await.unwrap();
    });
}

/// The migrations applied to a database.
fn migrations(database: &str) -> i64 {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut conn = sqlx::AnyConnection::connect(database).await.unwrap();
        let applied = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        applied
    })
}

/// 2100-01-01 00:00 UTC.
const NEVER: i64 = 4_102_444_800;

/// A copy of the 0.1 server's SQLite database in a new temporary directory: (directory, URL).
fn sqlite_copy_0_1(name: &str) -> (common::Scratch, String) {
    let dir = temp(name);
    std::fs::copy(fixture("server.sqlite"), dir.join("postrider.db")).unwrap();
    let url = format!("sqlite://{}/postrider.db?mode=rwc", dir.display());
    (dir, url)
}

/// What the 0.1 server showed: each game's turn ("1 turn") and its reports ("1 gm 2", …).
fn server_reports_0_1() -> BTreeMap<String, serde_json::Value> {
    serde_json::from_str(&std::fs::read_to_string(fixture("server.reports.json")).unwrap()).unwrap()
}

/// Logs in a 0.1 player (0.1 accepted shorter passwords: its players still log in).
fn login_0_1(server: &common::server::Server, name: &str) -> String {
    let (status, body) = common::server::call(
        server,
        "POST",
        "/api/login",
        None,
        Some(serde_json::json!({"name": name, "password": "a long password"})),
    );
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_string()
}

/// A database made by the 0.1 server (`server.sqlite`, `server.postgres.sql`): the new server,
/// started with `--migrate` (it holds games: see below), migrates and checks it, shows every game at the turn it was, serves the reports 0.1 served
/// (`server.reports.json`, from the 0.1 server), and takes the next orders.
fn check_0_1_database(database: &str) {
    use common::server::{call, request, start_with};
    use serde_json::json;
    set_deadlines(database, NEVER);
    let server = start_with(database, None, &["--migrate"]);
    let expected = server_reports_0_1();
    let (gm, ann) = (login_0_1(&server, "gm"), login_0_1(&server, "ann"));
    for id in [1, 2] {
        let (status, game) = call(&server, "GET", &format!("/api/games/{id}"), Some(&gm), None);
        assert_eq!(status, 200, "{game}");
        assert_eq!(game["turn"], expected[&format!("{id} turn")], "game {id}");
        for (key, text) in &expected {
            let mut words = key.split(' ');
            let (Some(game_id), Some(who), Some(turn)) = (words.next(), words.next(), words.next())
            else {
                continue;
            };
            if game_id != id.to_string() {
                continue;
            }
            let token = match who {
                "gm" => Some(gm.as_str()),
                "ann" => Some(ann.as_str()),
                _ => None,
            };
            let path = format!("/api/games/{id}/reports/{turn}");
            let (status, now) = request(&server, "GET", &path, token, None);
            assert_eq!(status, 200, "{now}");
            same_report(&now, text.as_str().unwrap(), &format!("{database}: {key}"));
        }
    }
    // The race goes on: ann seals orders from her hands and the GM resolves the turn.
    let (_, game) = call(&server, "GET", "/api/games/1", Some(&ann), None);
    let orders: Vec<String> = game["view"]["riders"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["team"] == "red" && r["status"] == "racing")
        .map(|r| format!("{} {}", r["grade"].as_str().unwrap(), r["hand"][0]))
        .collect();
    let (status, body) = call(
        &server,
        "POST",
        "/api/games/1/orders",
        Some(&ann),
        Some(json!({"orders": orders.join(" ")})),
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = call(
        &server,
        "POST",
        "/api/games/1/gm",
        Some(&gm),
        Some(json!({"action": "resolve"})),
    );
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_sqlite_database_of_release_0_1_is_read_and_goes_on() {
    let (_dir, database) = sqlite_copy_0_1("compat-sqlite");
    check_0_1_database(&database);
}

/// A backup made by release 0.1 (its database file, as `backup` made it) is checked by
/// `restore --dry-run` on a copy migrated to this release's schema, and `restore` puts a
/// migrated copy in place, which `check` reproduces; the backup itself is left as it was.
#[test]
fn a_backup_of_release_0_1_restores_as_a_migrated_copy() {
    let dir = temp("compat-restore");
    let backup = dir.join("backup-0.1.db");
    std::fs::copy(fixture("server.sqlite"), &backup).unwrap();
    let before = std::fs::read(&backup).unwrap();
    let dry = ok(&["restore", "--dry-run", backup.to_str().unwrap()]);
    assert!(dry.contains("would restore: 2 games"), "{dry}");
    assert!(dry.contains("made by an earlier release"), "{dry}");
    let data = dir.join("data");
    let restored = ok(&[
        "restore",
        backup.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    assert!(
        restored.contains("migrated to this release's schema"),
        "{restored}"
    );
    let checked = ok(&["check", "--data", data.to_str().unwrap()]);
    assert!(checked.starts_with("2 games, "), "{checked}");
    assert_eq!(
        std::fs::read(&backup).unwrap(),
        before,
        "the backup is untouched"
    );
}

/// A 0.1 game whose deadline passed while no server ran (an upgrade over a weekend) is played
/// by the rules' NMR policy the moment the new server starts with `--migrate` (issue 52): the
/// deadline worker's first pass plays it, not a tick later (the tick here is an hour), and its
/// next deadline counts from then, a whole interval ahead.
#[test]
fn a_0_1_deadline_that_fell_while_the_server_was_down_is_played_on_start() {
    use common::server::{Server, wait_for_turn, wait_until_listening};
    let (dir, database) = sqlite_copy_0_1("compat-overdue");
    set_deadlines(&database, 1);
    let expected = server_reports_0_1();
    let address = format!("127.0.0.1:{}", common::server::free_port());
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(["serve", "--listen", &address, "--data"])
        .arg(dir.as_ref() as &std::path::Path)
        .args(["--migrate", "--tick", "3600"])
        .env_remove("POSTRIDER_FAILPOINT")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = jiff::Timestamp::now().as_second();
    wait_until_listening(&address, "postrider serve --migrate");
    let server = Server { child, address };
    let gm = login_0_1(&server, "gm");
    for id in [1, 2] {
        let before = expected[&format!("{id} turn")].as_u64().unwrap();
        let game = wait_for_turn(&server, id, before + 1, Some(&gm));
        let deadline = game["deadline"].as_i64().unwrap();
        assert!(deadline > started + 3600, "game {id}: {game}");
    }
    drop(server);
}

/// An earlier release's database with games is migrated only by `serve --migrate` (which checks
/// every game after migrating) or `check --migrate` on a copy: plain `serve`, `export` and the
/// MTA's `mail-in` (exit 75, tried again) leave it as it is. Before, any of them migrated it
/// on opening, unchecked.
#[test]
fn a_0_1_database_is_migrated_only_when_the_operator_says_so() {
    let (dir, database) = sqlite_copy_0_1("compat-gate");
    set_deadlines(&database, NEVER);
    let data = dir.to_str().unwrap();
    let before = migrations(&database);
    common::refused(
        &["serve", "--listen", "127.0.0.1:0", "--data", data],
        "holds 2 games: check a copy, then migrate it with `serve --migrate`",
    );
    common::refused(&["export", "--data", data, "--game", "1"], "--migrate");
    common::refused(&["check", "--data", data], "schema");
    let mut mail_in = std::process::Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(["mail-in", "--data", data])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        mail_in.status.code(),
        Some(75),
        "{}",
        String::from_utf8_lossy(&mail_in.stderr)
    );
    mail_in.stderr.retain(|&b| b != b'\r');
    assert!(String::from_utf8_lossy(&mail_in.stderr).contains("--migrate"));
    assert_eq!(migrations(&database), before, "nothing migrated it");
    // The upgrade tried on a copy: migrated, every game replayed.
    let copy = temp("compat-gate-copy");
    std::fs::copy(dir.join("postrider.db"), copy.join("postrider.db")).unwrap();
    let checked = ok(&["check", "--data", copy.to_str().unwrap(), "--migrate"]);
    assert!(checked.starts_with("2 games, "), "{checked}");
}

#[test]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
fn a_postgres_database_of_release_0_1_is_read_and_goes_on() {
    let admin = std::env::var("POSTRIDER_TEST_POSTGRES")
        .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    let name = format!("postrider_compat_{}", std::process::id());
    let psql = |url: &str, args: &[&str]| {
        let status = std::process::Command::new("psql")
            .arg(url)
            .args(["-q", "-v", "ON_ERROR_STOP=1"])
            .args(args)
            .stdout(std::process::Stdio::null())
            .status();
        assert!(status.is_ok_and(|s| s.success()), "psql {args:?}");
    };
    psql(&admin, &["-c", &format!("DROP DATABASE IF EXISTS {name}")]);
    psql(&admin, &["-c", &format!("CREATE DATABASE {name}")]);
    let database = format!("{}/{name}", admin.rsplit_once('/').unwrap().0);
    psql(
        &database,
        &["-f", fixture("server.postgres.sql").to_str().unwrap()],
    );
    check_0_1_database(&database);
}

/// Issue 32: a game file of version 2 (the release before games owned their settings: the
/// set-up's `rules`, `options`, `map` and `deck` beside its seats, drops and retirements as
/// `dropped` and `retired` entries) reads as the same game, and a change writes version 3.
#[test]
fn a_version_2_game_file_reads_as_the_same_game() {
    let dir = temp("compat-v2");
    let now = dir.join("now.json");
    let now = now.to_str().unwrap();
    ok(&[
        "new",
        now,
        "--teams",
        "red,blue,green",
        "--rules",
        "board",
        "--option",
        "open_hands",
        "--seed",
        "4",
    ]);
    for team in ["red", "blue", "green"] {
        ok(&[
            "lineup",
            now,
            "--team",
            team,
            "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
        ]);
    }
    ok(&["resolve", now]);
    ok(&["drop", now, "--rider", "red-D"]);
    ok(&["retire", now, "--rider", "blue-C"]);
    ok(&["resolve", now]);
    // The same file as the release before wrote it.
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(now).unwrap()).unwrap();
    file["version"] = 2.into();
    for entry in file["log"].as_array_mut().unwrap() {
        let event = &mut entry["event"];
        if event["kind"] == "created" {
            let setup = event["setup"].as_object_mut().unwrap();
            let settings = setup.remove("settings").unwrap();
            setup.insert("rules".into(), settings["rules"].clone());
            setup.insert("options".into(), settings["options"].clone());
        } else if event["kind"] == "piece" {
            let kind = if event["verb"] == "drop" {
                "dropped"
            } else {
                "retired"
            };
            *event = serde_json::json!({"kind": kind, "rider": event["piece"]});
        }
    }
    let text = serde_json::to_string_pretty(&file).unwrap();
    assert!(text.contains("\"kind\": \"dropped\"") && text.contains("\"rules\": \"board\""));
    let then = dir.join("then.json");
    std::fs::write(&then, text).unwrap();
    let then = then.to_str().unwrap();
    assert!(ok(&["replay", then]).contains("the replay matches"));
    for turn in ["1", "2"] {
        assert_eq!(
            ok(&["report", then, "--turn", turn]),
            ok(&["report", now, "--turn", turn])
        );
    }
    ok(&["resolve", then]);
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(then).unwrap()).unwrap();
    assert_eq!(written["version"], 3);
}
