//! What the receiver takes in: orders to a held seat's address, stored raw, applied and
//! answered; nothing for an unknown seat; a NUL in a mail accepted once.

use super::{Client, club, receiver, stored};

use crate::common::Backend;
use axum::http::StatusCode;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use server::smtp_in::Limits;
use sqlx::Row;

async fn orders_by_smtp(backend: Backend) {
    let (s, id, seats, red) = club(backend).await;
    let address = receiver(&s, Limits::default()).await;
    let client = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
        .port(address.port())
        .build();
    let from: Mailbox = "Red Player <red@example.net>".parse().unwrap();
    let mail = Message::builder()
        .from(from.clone())
        .to(red.parse().unwrap())
        .subject("Re: Tour de Test, red: welcome (orders for turn 1)")
        .message_id(Some("<smtp1@example.net>".into()))
        .body(String::from(
            "Hi GM,\r\n\r\nA 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9 C 8 D 7\r\n\r\n-- \r\nRed\r\n",
        ))
        .unwrap();
    client.send(mail).await.unwrap();

    // Stored raw, applied, and answered: the same as mail-in.
    let row = sqlx::query("SELECT status, recipient, game_id FROM inbound_mail WHERE message_id = 'smtp1@example.net'")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>(0), "applied");
    assert_eq!(
        row.get::<Option<String>, _>(1).as_deref(),
        Some(red.as_str())
    );
    assert_eq!(row.get::<Option<i64>, _>(2), Some(id));
    let (_, sealed) = s
        .call(
            "GET",
            &format!("/api/games/{id}/orders"),
            Some(&seats[0]),
            None,
        )
        .await;
    assert_eq!(sealed["orders"], "A 6 B 9 C 8 D 7");
    let echo: (String, String) =
        sqlx::query_as("SELECT to_addr, in_reply_to FROM outbox WHERE kind = 'echo'")
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
    assert_eq!(
        echo,
        (
            "red@example.net".to_string(),
            "smtp1@example.net".to_string()
        )
    );

    // Not an order address: refused at RCPT (550), nothing stored.
    let stray = Message::builder()
        .from(from)
        .to("postmaster@club.example".parse().unwrap())
        .subject("hello")
        .body(String::from("hello\r\n"))
        .unwrap();
    let refused = client.send(stray).await.unwrap_err();
    assert!(refused.is_permanent(), "{refused}");
    assert_eq!(stored(&s).await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_by_smtp_sqlite() {
    orders_by_smtp(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn orders_by_smtp_postgres() {
    orders_by_smtp(Backend::Postgres).await;
}

/// mailin-embedded accepted any `x+N@anything` at RCPT and stored the message raw: a stranger
/// filled the disk. Only the order address of a held seat is accepted now.
async fn unknown_seats_are_refused_at_rcpt_and_nothing_is_stored(backend: Backend) {
    let (s, id, seats, red) = club(backend).await;
    let address = receiver(&s, Limits::default()).await;
    let mut client = Client::greeted(address, "127.0.0.1").await;
    client.expect("EHLO stranger.example", "250").await;
    client.expect("MAIL FROM:<x@stranger.example>", "250").await;
    for stranger in [
        "orders+0123456789abcdef01234567@club.example",
        "x+1@anything.example",
        "postmaster@club.example",
    ] {
        client
            .expect(&format!("RCPT TO:<{stranger}>"), "550 5.1.1")
            .await;
    }
    // A rotated address is no longer a seat's.
    let (status, _) = s
        .call(
            "POST",
            &format!("/api/games/{id}/mail-address"),
            Some(&seats[0]),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    client
        .expect(&format!("RCPT TO:<{red}>"), "550 5.1.1")
        .await;
    client.expect("DATA", "554").await;
    client.expect("QUIT", "221").await;
    assert_eq!(stored(&s).await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_seats_are_refused_at_rcpt_and_nothing_is_stored_sqlite() {
    unknown_seats_are_refused_at_rcpt_and_nothing_is_stored(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn unknown_seats_are_refused_at_rcpt_and_nothing_is_stored_postgres() {
    unknown_seats_are_refused_at_rcpt_and_nothing_is_stored(Backend::Postgres).await;
}

/// Issue 50: on PostgreSQL a NUL in a mail's Message-ID or body was answered 451 on every
/// delivery (another row stored each time). It is answered 250 on both databases, once.
async fn a_nul_in_a_mail_is_accepted_once(backend: Backend) {
    let (s, _, _, red) = club(backend).await;
    let address = receiver(&s, Limits::default()).await;
    let mut client = Client::greeted(address, "127.0.0.2").await;
    client.expect("EHLO mx.example.net", "250").await;
    let raw = "From: Red <red@example.net>\nTo: orders@club.example\nSubject: Re: Tour de Test\n\
               Message-ID: <nul\0@example.net>\n\nA 6 B 9\0 C 8 D 7\n";
    let reply = client.send(&red, raw).await;
    assert!(reply.starts_with("250"), "{reply}");
    let reply = client.send(&red, raw).await;
    assert!(reply.starts_with("250"), "{reply}");
    let statuses: Vec<String> = sqlx::query_scalar("SELECT status FROM inbound_mail ORDER BY id")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(statuses, ["refused", "duplicate"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nul_in_a_mail_is_accepted_once_sqlite() {
    a_nul_in_a_mail_is_accepted_once(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn a_nul_in_a_mail_is_accepted_once_postgres() {
    a_nul_in_a_mail_is_accepted_once(Backend::Postgres).await;
}
