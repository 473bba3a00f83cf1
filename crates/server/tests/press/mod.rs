//! Press (issue 35), on both databases: private press reaches its sender and recipients only,
//! through every door (the game page, the API, the history, the report mail, the seat's Atom
//! feed, the public record); a message the GM hides shows as hidden everywhere but to the GM,
//! and the hiding is logged; press by mail is published, orders in the same mail still seal,
//! and the next report carries it; sizes, rates and pages are bounded, and user text is
//! escaped, its links never followed.

mod bounds;
mod by_mail;
mod doors;
mod names;

use crate::common::*;
use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

/// A three-seat Goofspiel (five rounds), mail on, every player with a confirmed address.
async fn game(s: &mut TestServer) -> (i64, String, Vec<String>) {
    s.state = s.state.clone().with_mail(club_mail());
    let (id, gm, seats) = s
        .seated_game(json!({
            "title": "Five cards",
            "game": "goofspiel",
            "settings": {"cards": "5"},
            "seats": ["ann", "bob", "cat"],
            "deadline": { "every": "interval", "seconds": 86400 },
            "seed": 5,
        }))
        .await;
    for (token, name) in seats.iter().zip(["ann", "bob", "cat"]) {
        s.confirm_email(token, &format!("{name}@example.net")).await;
    }
    (id, gm, seats)
}

async fn post(s: &TestServer, id: i64, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    s.call("POST", &format!("/api/games/{id}/press"), token, Some(body))
        .await
}

async fn read(s: &TestServer, id: i64, token: Option<&str>) -> Value {
    let (status, body) = s
        .call("GET", &format!("/api/games/{id}/press"), token, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn gm_do(s: &TestServer, id: i64, gm: &str, action: Value) -> Value {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(gm),
            Some(action),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The latest report mailed to `to`.
async fn report_to(s: &TestServer, to: &str) -> String {
    sqlx::query(
        "SELECT body FROM outbox WHERE kind = 'report' AND to_addr = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(to)
    .fetch_one(&s.state.db.pool)
    .await
    .unwrap()
    .get(0)
}

/// A browser logged in as `name`.
async fn browser<'a>(s: &'a TestServer, name: &str) -> Browser<'a> {
    let mut b = Browser::new(s);
    let login = b
        .submit(
            "/login",
            "/login",
            &[
                ("name", name),
                ("password", "correct horse battery"),
                ("next", "/"),
            ],
        )
        .await;
    assert_eq!(login.status, StatusCode::SEE_OTHER, "{}", login.html);
    b
}

/// The seat's Atom feed, through the address its profile gives.
async fn feed(s: &TestServer, id: i64, token: &str) -> String {
    let (status, feeds) = s
        .call("GET", &format!("/api/games/{id}/feeds"), Some(token), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{feeds}");
    let (status, atom) = s.get_text(feeds["reports"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{atom}");
    atom
}

fn texts(page: &Value) -> Vec<String> {
    page["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap_or("(hidden)").to_string())
        .collect()
}

const SECRET: &str = "Ann to Bob alone: bid low";

async fn gm_do_settings(s: &TestServer, id: i64, gm: &str) {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/press/settings"),
            Some(gm),
            Some(json!({"private_allowed": true})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn message(to: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: Player <someone@example.net>\r\nTo: {to}\r\nSubject: my bid\r\n\
         Message-ID: <{id}>\r\nDate: Sun, 22 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}

async fn outbox_last(s: &TestServer) -> (String, String) {
    let row = sqlx::query("SELECT kind, body FROM outbox ORDER BY id DESC LIMIT 1")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    (row.get(0), row.get(1))
}
