//! `serve --smtp-listen` (issue 13): the built-in SMTP receiver, spoken to by lettre's client
//! over a real socket, on SQLite and on PostgreSQL. A reply with orders sent to a seat's
//! order address is stored raw, applied through the same code as `postrider mail-in`, and
//! answered in the outbox; an address that is not an order address is refused at RCPT.

mod common;

use axum::http::StatusCode;
use common::{Backend, TestServer, race};
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use server::mailbox::MailSettings;
use sqlx::Row;

async fn orders_by_smtp(backend: Backend) {
    let mut s = TestServer::start(backend)
        .await
        .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    s.state = s.state.clone().with_mail(MailSettings {
        public_url: "https://club.example".into(),
        from: "postrider@club.example".into(),
        orders_address: "orders@club.example".into(),
    });
    let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
    let (status, body) = s
        .call(
            "GET",
            &format!("/api/games/{id}/mail-address"),
            Some(&seats[0]),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let red = body["address"].as_str().unwrap().to_string();

    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    server::smtp_in::spawn(
        s.state.clone(),
        tokio::runtime::Handle::current(),
        listener,
        "club.example",
    )
    .unwrap();
    let client = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
        .port(port)
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
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM inbound_mail")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(stored, 1);
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
