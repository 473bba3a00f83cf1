//! Accounts and ratings from the command line on a running server's database: `account`
//! hands a reset link and the operator's role, `ratings rebuild` gives the table the server left.

use std::io::{Read, Write};

use serde_json::json;

use crate::common;
use crate::common::server::{call, player, start};
use crate::{postrider, text};

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
