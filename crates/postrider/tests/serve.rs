//! `postrider serve` as real processes: a server killed with SIGKILL in the middle of
//! processing a turn loses nothing and applies nothing twice; two servers on one PostgreSQL
//! database resolve each turn once and lose no orders. No test here depends on timing: each
//! waits for a condition (a line on stderr, an answer over HTTP), with a generous limit.

use std::io::{BufRead, BufReader};
use std::process::Command;

use serde_json::{Value, json};

mod common;

use common::server::{Server, call, player, start, wait_for_turn};

/// A race with `seats` players seated; returns (game id, seat tokens).
fn seated_race(server: &Server, seats: &[&str]) -> (i64, Vec<String>) {
    let gm = player(server, "gm");
    let game = json!({
        "title": "Crash test", "game": "breaking-away", "seats": seats, "seed": 3,
        "deadline": {"every": "interval", "seconds": 86400},
    });
    let (status, created) = call(server, "POST", "/api/games", Some(&gm), Some(game));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let tokens = created["invites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|invite| {
            let token = player(server, &format!("p-{}", invite["name"].as_str().unwrap()));
            let (status, body) = call(
                server,
                "POST",
                &format!("/api/games/{id}/join"),
                Some(&token),
                Some(json!({"invite": invite["invite"]})),
            );
            assert_eq!(status, 200, "{body}");
            token
        })
        .collect();
    (id, tokens)
}

fn send_orders(server: &Server, id: i64, token: &str, turn: u16) {
    let body = if turn == 1 {
        json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "A 4 B 7 C 5 D 4"})
    } else {
        // Each rider's highest card, whatever it is: read from the seat's own view.
        let (_, game) = call(
            server,
            "GET",
            &format!("/api/games/{id}"),
            Some(token),
            None,
        );
        let seat = game["your_seat"].as_u64().unwrap() as usize;
        let team = game["seats"][seat]["name"].as_str().unwrap().to_string();
        let orders: Vec<String> = game["view"]["riders"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["team"] == team.as_str() && r["status"] == "racing")
            .map(|r| {
                format!(
                    "{} {}",
                    r["grade"].as_str().unwrap(),
                    r["hand"].as_array().unwrap().last().unwrap()
                )
            })
            .collect();
        json!({"orders": orders.join(" ")})
    };
    let (status, echo) = call(
        server,
        "POST",
        &format!("/api/games/{id}/orders"),
        Some(token),
        Some(body),
    );
    assert_eq!(status, 200, "{echo}");
}

fn history(server: &Server, id: i64) -> Vec<Value> {
    let (_, history) = call(
        server,
        "GET",
        &format!("/api/games/{id}/history"),
        None,
        None,
    );
    history["events"].as_array().unwrap().clone()
}

fn count(events: &[Value], kind: &str) -> usize {
    events.iter().filter(|e| e["event"]["kind"] == kind).count()
}

#[test]
fn a_server_killed_mid_turn_loses_nothing_and_applies_nothing_twice() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}?mode=rwc", dir.path().join("pbm.db").display());
    let mut server = start(&database, Some("turn-before-commit"));
    let (id, seats) = seated_race(&server, &["red", "blue"]);
    send_orders(&server, id, &seats[0], 1);
    send_orders(&server, id, &seats[1], 1);

    // Every seat is ready: the worker processes the turn and stops before committing it.
    let stderr = server.child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    assert!(
        lines.any(|l| l.unwrap().contains("failpoint turn-before-commit reached")),
        "the server never reached the failpoint"
    );
    // SIGKILL: no destructor, no rollback, no flush.
    server.child.kill().unwrap();
    server.child.wait().unwrap();

    // After the restart: the orders are all there, the turn was not half applied, and it is
    // processed exactly once.
    let server = start(&database, None);
    let game = wait_for_turn(&server, id, 2, None);
    let after = history(&server, id);
    assert_eq!(count(&after, "orders"), 2, "no orders lost");
    assert_eq!(count(&after, "resolved"), 1, "the turn applied once");
    let seqs: Vec<i64> = after.iter().map(|e| e["seq"].as_i64().unwrap()).collect();
    assert_eq!(
        seqs,
        (1..=seqs.len() as i64).collect::<Vec<_>>(),
        "the log has no gaps"
    );
    assert_eq!(game["view"]["started"], true);
}

#[test]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
fn two_servers_on_one_postgres_resolve_each_turn_once() {
    let admin = std::env::var("POSTRIDER_TEST_POSTGRES")
        .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    let name = format!("postrider_processes_{}", std::process::id());
    let status = Command::new("psql")
        .args([&admin, "-q", "-c", &format!("CREATE DATABASE {name}")])
        .status();
    assert!(
        status.is_ok_and(|s| s.success()),
        "psql could not create {name}"
    );
    let database = format!("{}/{name}", admin.rsplit_once('/').unwrap().0);

    let a = start(&database, None);
    let b = start(&database, None);
    let (id, seats) = seated_race(&a, &["red", "blue", "green", "white"]);
    for turn in 1..=4u16 {
        // Orders arrive through both servers; both workers race for the turn.
        for (k, token) in seats.iter().enumerate() {
            send_orders(if k % 2 == 0 { &a } else { &b }, id, token, turn);
        }
        wait_for_turn(&b, id, u64::from(turn) + 1, None);
    }
    let events = history(&a, id);
    assert_eq!(count(&events, "resolved"), 4, "each turn resolved once");
    assert_eq!(count(&events, "orders"), 16, "every order kept");
    let seqs: Vec<i64> = events.iter().map(|e| e["seq"].as_i64().unwrap()).collect();
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());
}
