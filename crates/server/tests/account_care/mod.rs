//! Account care (issue 31), on SQLite and on PostgreSQL: a forgotten password reset by a mailed
//! link or by the operator's link, an account its owner deletes (its seats in finished games
//! under a neutral name, its address and secrets erased), and the operator — the first
//! account — who suspends accounts, archives abandoned games and reads the server's health.

mod deletion;
mod feeds;
mod operator;
mod reset;

use crate::common::{Browser, TestServer};
use axum::http::StatusCode;
use serde_json::json;
use sqlx::Row;

const PASSWORD: &str = "correct horse battery";
const NEW_PASSWORD: &str = "lantern orchard pebble 42";

/// The outbox's rows of a kind: (to, body).
async fn mails(s: &TestServer, kind: &str) -> Vec<(String, String)> {
    sqlx::query("SELECT to_addr, body FROM outbox WHERE kind = $1 ORDER BY id")
        .bind(kind)
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

async fn login(s: &TestServer, name: &str, password: &str) -> (StatusCode, serde_json::Value) {
    s.call(
        "POST",
        "/api/login",
        None,
        Some(json!({ "name": name, "password": password })),
    )
    .await
}

/// A browser logged in through the login form.
async fn logged_in<'a>(s: &'a TestServer, name: &str) -> Browser<'a> {
    let mut browser = Browser::new(s);
    let page = browser
        .submit(
            "/login",
            "/login",
            &[("name", name), ("password", PASSWORD), ("next", "/")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    browser
}

/// Plays the game's deadlines until it is over (every seat's default orders).
async fn play_out(s: &TestServer, id: i64) {
    for _ in 0..300 {
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        if game["over"] == json!(true) {
            return;
        }
        s.clock.advance(86_400);
        server::games::process_due(&s.state).await.unwrap();
    }
    panic!("game {id} did not end");
}
