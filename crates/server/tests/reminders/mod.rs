//! Reminders and digests (issue 13), on SQLite and on PostgreSQL, with the clock in hand: a
//! seat without orders is reminded a day and two hours before the deadline, once per turn,
//! seat and stage even with two servers on one database; the per-player choice (every mail,
//! a daily digest, none) on the API and the profile page; one-click unsubscribe by token.

mod choices;
mod languages;
mod timing;

use crate::common::{TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::mailbox::MailSettings;
use sqlx::Row;

fn settings() -> MailSettings {
    MailSettings {
        public_url: "https://club.example".into(),
        from: "postrider@club.example".into(),
        orders_address: "orders@club.example".into(),
    }
}

/// Outbox rows of a kind: (to, subject, body, dedup key).
async fn rows(s: &TestServer, kind: &str) -> Vec<(String, String, String, Option<String>)> {
    sqlx::query("SELECT to_addr, subject, body, dedup_key FROM outbox WHERE kind = $1 ORDER BY id")
        .bind(kind)
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect()
}

async fn choose(s: &TestServer, token: &str, choice: &str) -> (StatusCode, serde_json::Value) {
    s.call(
        "POST",
        "/api/account/mail",
        Some(token),
        Some(json!({ "mail_choice": choice })),
    )
    .await
}

/// A race of three seated players; red and blue have confirmed addresses, green none.
/// The clock started when the last seat was taken: the deadline is a day after START.
async fn race_with_mail(s: &TestServer) -> (i64, String, Vec<String>) {
    let (id, gm, seats) = s.seated_game(race(&["red", "blue", "green"])).await;
    s.confirm_email(&seats[0], "red@example.net").await;
    s.confirm_email(&seats[1], "blue@example.net").await;
    (id, gm, seats)
}

async fn seal_red(s: &TestServer, id: i64, token: &str) {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/orders"),
            Some(token),
            Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "a6 b9 c8 d7"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
