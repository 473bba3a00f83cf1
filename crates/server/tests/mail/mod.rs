//! The server's mail door, on SQLite and on PostgreSQL: confirmed addresses, order addresses
//! (rotated, renewed when a seat is freed), inbound messages stored raw and authenticated by
//! the secret in the address they were sent to, applied through the same path as the API and
//! answered in the outbox in the same transaction — the echo, or each error with how to fix it;
//! stale turns, duplicates, and malformed or unknown mail.

mod inbound;
mod invitation;
mod japanese;
mod orders;

use crate::common::TestServer;
use axum::http::StatusCode;
use server::mailbox::MailSettings;
use sqlx::Row;

fn settings() -> MailSettings {
    MailSettings {
        public_url: "https://club.example".into(),
        from: "postrider@club.example".into(),
        orders_address: "orders@club.example".into(),
    }
}

/// An outbox row: (kind, to, in_reply_to, subject, body).
type Sent = (String, String, Option<String>, String, String);

async fn outbox(s: &TestServer) -> Vec<Sent> {
    sqlx::query("SELECT kind, to_addr, in_reply_to, subject, body FROM outbox ORDER BY id")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)))
        .collect()
}

/// Gives the player an address and confirms it through the mailed link.
async fn confirm(s: &TestServer, token: &str, email: &str) {
    let (status, body) = s.give_email(token, email).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let (kind, to, _, _, body) = outbox(s).await.pop().unwrap();
    assert_eq!((kind.as_str(), to.as_str()), ("confirm", email));
    let link = body
        .lines()
        .find(|l| l.starts_with("https://club.example/confirm-email/"))
        .unwrap();
    let path = link.trim_start_matches("https://club.example");
    let (status, page) = s.call("GET", path, None, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    // A link works once.
    let (status, _) = s.call("GET", path, None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn address(s: &TestServer, id: i64, token: &str) -> String {
    let (status, body) = s
        .call(
            "GET",
            &format!("/api/games/{id}/mail-address"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["address"].as_str().unwrap().to_string()
}

fn message(to: &str, id: &str, subject: &str, body: &str) -> Vec<u8> {
    format!(
        "From: Player <someone@example.net>\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\n\
         Date: Sun, 22 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}
