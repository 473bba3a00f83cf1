//! A report that Postfix bounces (issue 52): a player whose confirmed address Postfix cannot
//! deliver to (`@moved.test`: no such domain here, so Postfix's error transport gives the mail
//! up after taking it) is sent the turn's report; Postfix writes a DSN to the report's bounce
//! address on the order subdomain, pipes it to `postrider mail-in`, and the address is marked
//! bouncing: on the GM's console, the player's mail settings and `postrider mail-log`, with
//! Postfix's words; the next report is not sent to it.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::PIPE;
use crate::common;
use crate::common::server::{LIMIT, Server, call, player, start_with};
use crate::setup::{MAIL_ARGS, gm_action, mail_setup, new_race};

/// The outbox rows of `kind` that bounced, as `psql` lists them.
fn bounced(database: &str, kind: &str) -> String {
    let out = Command::new("psql")
        .args([
            database,
            "-At",
            "-c",
            &format!(
                "SELECT count(*) FROM outbox WHERE kind = '{kind}' AND bounced_at IS NOT NULL"
            ),
        ])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// The newest confirmation link mailed to `address`, read from the outbox (the mail itself
/// bounces).
fn confirmation_link(database: &str, address: &str) -> String {
    let out = Command::new("psql")
        .args([
            database,
            "-At",
            "-c",
            &format!(
                "SELECT body FROM outbox WHERE kind = 'confirm' AND to_addr = '{address}' ORDER BY id DESC LIMIT 1"
            ),
        ])
        .output()
        .unwrap();
    let body = String::from_utf8(out.stdout).unwrap();
    body.split_whitespace()
        .find(|w| w.contains("/confirm-email/"))
        .expect("a confirmation link")
        .to_string()
}

/// A page as the player of `token` sees it signed in (the session cookie carries the secret).
fn page(server: &Server, path: &str, token: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nCookie: postrider_session={token}\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(
            started.elapsed() < LIMIT,
            "{what} never happened (see /var/log/postfix.log)"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
#[ignore = "needs Postfix set up by scripts/postfix-e2e.sh (POSTRIDER_TEST_POSTFIX) and PostgreSQL (POSTRIDER_TEST_POSTGRES): .ci/run does both"]
fn a_report_postfix_bounces_shows_on_the_console() {
    let _pipe = PIPE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (database, _) = mail_setup("postrider_bounce", true);
    let server = start_with(&database, None, &MAIL_ARGS);
    let base = format!("http://{}", server.address);
    let pid = std::process::id();

    // Kim takes the red seat, then gives an address that no longer takes mail and confirms it
    // (the confirmation mail bounces too: that marks only that mail, as Kim had no address).
    let gm = player(&server, &format!("bgm-{pid}"));
    let kim = player(&server, &format!("kim-{pid}"));
    let created = new_race(&server, &gm, "Bounce race", &["red"]);
    let id = created["id"].as_i64().unwrap();
    let invite = created["invites"][0]["invite"].clone();
    let (status, body) = call(
        &server,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(&kim),
        Some(json!({"invite": invite})),
    );
    assert_eq!(status, 200, "{body}");
    let address = format!("kim.{pid}@moved.test");
    let (status, body) = call(
        &server,
        "POST",
        "/api/account/email",
        Some(&kim),
        Some(json!({"email": address})),
    );
    assert_eq!(status, 202, "{body}");
    wait_for("the confirmation's bounce", || {
        bounced(&database, "confirm") == "1"
    });
    let link = confirmation_link(&database, &address);
    let (status, _) =
        common::server::request(&server, "GET", link.trim_start_matches(&base), None, None);
    assert_eq!(status, 200);
    let (_, mail) = call(&server, "GET", "/api/account/mail", Some(&kim), None);
    assert_eq!(mail["email"], address.as_str(), "{mail}");
    assert_eq!(mail["bouncing"], Value::Null, "{mail}");

    // The GM resolves turn 1: the report goes to Postfix, which bounces it to the report's
    // bounce address, piped to mail-in.
    gm_action(&server, &gm, id, json!({"action": "resolve"}));
    wait_for("the report's bounce", || {
        bounced(&database, "report") == "1"
    });
    let (_, mail) = call(&server, "GET", "/api/account/mail", Some(&kim), None);
    let words = mail["bouncing"]["words"].as_str().unwrap_or_default();
    assert!(!words.is_empty(), "{mail}");

    // The GM's console shows it, in words, without the address.
    let console = page(&server, &format!("/games/{id}/gm"), &gm);
    assert!(console.starts_with("HTTP/1.1 200"), "{console}");
    assert!(
        console.contains(r#"<span class="badge badge-danger">bounced</span>"#)
            && console.contains("The report of turn 1 to red&#39;s player was not delivered.")
            && console.contains("The address bounced it:"),
        "{console}"
    );
    assert!(!console.contains(&address));
    // The operator's mail log has everything.
    let log = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args([
            "mail-log",
            "--database",
            &database,
            "--game",
            &id.to_string(),
        ])
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&log.stdout);
    assert!(
        log.lines()
            .any(|l| l.contains("outbox bounced") && l.contains(&address) && l.contains(words)),
        "{log}"
    );

    // Turn 2's report is not sent to the bouncing address: given up with the reason.
    gm_action(&server, &gm, id, json!({"action": "resolve"}));
    wait_for("turn 2's report given up", || {
        let log = Command::new(env!("CARGO_BIN_EXE_postrider"))
            .args([
                "mail-log",
                "--database",
                &database,
                "--game",
                &id.to_string(),
            ])
            .output()
            .unwrap();
        String::from_utf8_lossy(&log.stdout).contains("not sent: the address bounced earlier mail")
    });
    assert_eq!(bounced(&database, "report"), "1", "only turn 1's went out");
}
