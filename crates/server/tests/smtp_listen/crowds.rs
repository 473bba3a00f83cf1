//! Many clients at once: idle connections leave the web server answering, a client over its
//! rate gets 4xx, one address holds few sessions, a relay's strangers do not hold up its
//! players' mail, and an order address is sent a bounded number of bytes an hour.

use super::{Client, GUARD, club, letter, receiver, stored};
use std::time::Duration;

use crate::common::{Backend, TestServer};
use axum::http::StatusCode;
use server::smtp_in::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Raises this process's soft limit of open files to `wanted` (at most the hard limit) with
/// util-linux's `prlimit`, if it is lower and `prlimit` is there: the test holds thousands of
/// sockets.
fn raise_open_files(wanted: u64) {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let Some((soft, hard)) = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| {
            let mut numbers = l.split_whitespace().skip(3);
            let soft: u64 = numbers.next()?.parse().ok()?;
            let hard = numbers.next()?.parse().unwrap_or(u64::MAX);
            Some((soft, hard))
        })
    else {
        return;
    };
    if soft < wanted {
        let _ = std::process::Command::new("prlimit")
            .arg(format!("--pid={}", std::process::id()))
            .arg(format!("--nofile={}:", wanted.min(hard)))
            .status();
    }
}

/// mailin-embedded queued every connection it accepted: 20,000 idle ones exhausted the file
/// descriptors and every web request timed out. Now 2,000 idle connections from 250
/// addresses take the 64 sessions and are turned away past them (421, closed by the
/// receiver), the web server answers meanwhile, and mail goes through once they leave. (The
/// idle timeouts are long here, so that none ends while the connections are made; they are
/// tested in `idle_sessions_are_closed`.)
async fn idle_connections_leave_the_web_server_answering(backend: Backend) {
    raise_open_files(8192);
    let (s, _, _, red) = club(backend).await;
    let limits = Limits {
        idle: Duration::from_secs(600),
        busy_idle: Duration::from_secs(300),
        ..Limits::default()
    };
    let sessions = limits.sessions;
    let smtp = receiver(&s, limits).await;
    let web = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let web_address = web.local_addr().unwrap();
    tokio::spawn(server::serve(
        web,
        s.state.clone(),
        std::future::pending::<()>(),
    ));

    let mut idle = Vec::new();
    for n in 0..2000 {
        idle.push(Client::connect_from(smtp, &format!("127.0.1.{}", n % 250 + 1)).await);
    }
    let mut greeted = 0;
    for client in &mut idle {
        let first = client.reply().await;
        if first.starts_with("220 ") {
            greeted += 1;
        } else {
            assert!(first.starts_with("421 4.3.2"), "{first}");
        }
    }
    assert_eq!(greeted, sessions);

    // The web server answers while all 2,000 are held open on this side.
    let mut stream = tokio::time::timeout(GUARD, TcpStream::connect(web_address))
        .await
        .expect("the web server accepts")
        .unwrap();
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(GUARD, stream.read_to_end(&mut response))
        .await
        .expect("the web server answers")
        .unwrap();
    assert!(
        response.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&response)
    );

    // A sender meanwhile is told to come back; when the idle ones leave, its mail goes through.
    let mut sender = Client::connect_from(smtp, "127.0.0.2").await;
    let busy = sender.reply().await;
    assert!(busy.starts_with("421 4.3.2"), "{busy}");
    drop(idle);
    let mut sender = tokio::time::timeout(GUARD, async {
        loop {
            let mut sender = Client::connect_from(smtp, "127.0.0.2").await;
            if sender.reply().await.starts_with("220 ") {
                return sender;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("a session is free again");
    sender.expect("EHLO mx.example.net", "250").await;
    let reply = sender.send(&red, &letter(1, "hello")).await;
    assert!(reply.starts_with("250"), "{reply}");
    assert_eq!(stored(&s).await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_leave_the_web_server_answering_sqlite() {
    idle_connections_leave_the_web_server_answering(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn idle_connections_leave_the_web_server_answering_postgres() {
    idle_connections_leave_the_web_server_answering(Backend::Postgres).await;
}

/// mailin-embedded had no per-client rate: one client could send without end. Now a client
/// over its messages or bytes per window gets 450 at MAIL and RCPT, other clients are not
/// affected, refused recipients do not count, and the next window starts afresh.
async fn a_client_over_its_rate_is_refused_with_a_4xx(backend: Backend) {
    let (s, _, _, red) = club(backend).await;
    let limits = Limits {
        messages_per_window: 3,
        bytes_per_window: 64 * 1024,
        ..Limits::default()
    };
    let address = receiver(&s, limits).await;

    // Three messages, then 450 (the first one's dot-stuffed line arrives unstuffed).
    let mut client = Client::greeted(address, "127.0.0.1").await;
    client.expect("EHLO mx.example.net", "250").await;
    for n in 0..3 {
        let reply = client.send(&red, &letter(n, "hello\n.dot")).await;
        assert!(reply.starts_with("250"), "{reply}");
    }
    client
        .expect("MAIL FROM:<red@example.net>", "450 4.7.1")
        .await;
    let raw: Vec<u8> = sqlx::query_scalar("SELECT raw FROM inbound_mail ORDER BY id LIMIT 1")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert!(
        String::from_utf8(raw)
            .unwrap()
            .ends_with("\r\nhello\r\n.dot\r\n")
    );

    // Another client: one message over the bytes, then 450.
    let mut other = Client::greeted(address, "127.0.0.2").await;
    other.expect("EHLO mx2.example.net", "250").await;
    let long = "a long line of a long reply quoting a report\n".repeat(1600);
    let reply = other.send(&red, &letter(10, &long)).await;
    assert!(reply.starts_with("250"), "{reply}");
    other
        .expect("MAIL FROM:<red@example.net>", "450 4.7.1")
        .await;

    // Three refused recipients are no messages: a seat's address is still accepted.
    let mut guesser = Client::greeted(address, "127.0.0.3").await;
    guesser.expect("EHLO guess.example", "250").await;
    guesser.expect("MAIL FROM:<g@guess.example>", "250").await;
    for n in 0..3 {
        guesser
            .expect(&format!("RCPT TO:<orders+{n:024}@club.example>"), "550")
            .await;
    }
    guesser.expect(&format!("RCPT TO:<{red}>"), "250").await;
    guesser.expect("RSET", "250").await;
    assert_eq!(stored(&s).await, 4);

    // The next window.
    s.clock.advance(3600);
    let reply = client.send(&red, &letter(20, "hello again")).await;
    assert!(reply.starts_with("250"), "{reply}");
    assert_eq!(stored(&s).await, 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_over_its_rate_is_refused_with_a_4xx_sqlite() {
    a_client_over_its_rate_is_refused_with_a_4xx(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn a_client_over_its_rate_is_refused_with_a_4xx_postgres() {
    a_client_over_its_rate_is_refused_with_a_4xx(Backend::Postgres).await;
}

/// The address of `seat`'s order mail (its player's token).
async fn order_address(s: &TestServer, id: i64, token: &str) -> String {
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

/// Issue 50: 64 sessions from 8 addresses sending NOOP took every session, and a real sender
/// got no greeting for 90 s. Now one address holds at most 4 sessions (the rest are turned
/// away at once): 8 addresses hold half of them, and a ninth address is greeted and
/// delivers while they keep sending NOOP.
async fn noop_sessions_from_eight_addresses_leave_a_ninth_greeted(backend: Backend) {
    let (s, _, _, red) = club(backend).await;
    let limits = Limits::default();
    let per_client = limits.sessions_per_client;
    let address = receiver(&s, limits).await;
    let mut held = Vec::new();
    for n in 0..64 {
        let from = format!("127.0.0.{}", n % 8 + 2);
        let mut client = Client::connect_from(address, &from).await;
        let first = client.reply().await;
        if first.starts_with("220 ") {
            client.expect("EHLO noop.example", "250").await;
            held.push(client);
        } else {
            assert!(first.starts_with("421 4.7.0"), "{from}: {first}");
        }
    }
    assert_eq!(held.len(), 8 * per_client);
    for client in &mut held {
        client.expect("NOOP", "250").await;
    }

    let mut sender = Client::greeted(address, "127.0.0.10").await;
    sender.expect("EHLO mx.example.net", "250").await;
    for client in &mut held {
        client.expect("NOOP", "250").await;
    }
    let reply = sender.send(&red, &letter(1, "hello")).await;
    assert!(reply.starts_with("250"), "{reply}");
    assert_eq!(stored(&s).await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn noop_sessions_from_eight_addresses_leave_a_ninth_greeted_sqlite() {
    noop_sessions_from_eight_addresses_leave_a_ninth_greeted(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn noop_sessions_from_eight_addresses_leave_a_ninth_greeted_postgres() {
    noop_sessions_from_eight_addresses_leave_a_ninth_greeted(Backend::Postgres).await;
}

/// Issue 50: a refused recipient counted as a message, so 60 strangers' mails through a
/// relay held up its players' mail for an hour (450). Refused recipients are counted apart:
/// the relay's next genuine mail is accepted. Past their own budget each further refused
/// recipient ends its session (421), and a seat's address is still accepted in the next.
async fn strangers_through_a_relay_leave_its_players_mail_accepted(backend: Backend) {
    let (s, _, _, red) = club(backend).await;
    let address = receiver(&s, Limits::default()).await;
    for n in 0..60 {
        let mut relay = Client::greeted(address, "127.0.0.5").await;
        relay.expect("EHLO relay.example", "250").await;
        relay.expect("MAIL FROM:<x@stranger.example>", "250").await;
        relay
            .expect(
                &format!("RCPT TO:<orders+{n:024}@club.example>"),
                "550 5.1.1",
            )
            .await;
        relay.expect("QUIT", "221").await;
    }
    let mut relay = Client::greeted(address, "127.0.0.5").await;
    relay.expect("EHLO relay.example", "250").await;
    let reply = relay.send(&red, &letter(1, "hello")).await;
    assert!(reply.starts_with("250"), "{reply}");
    assert_eq!(stored(&s).await, 1);

    let strict = receiver(
        &s,
        Limits {
            refused_per_window: 3,
            ..Limits::default()
        },
    )
    .await;
    let mut guesser = Client::greeted(strict, "127.0.0.6").await;
    guesser.expect("EHLO guess.example", "250").await;
    guesser.expect("MAIL FROM:<g@guess.example>", "250").await;
    for n in 0..4 {
        guesser
            .expect(
                &format!("RCPT TO:<orders+{n:024}@club.example>"),
                "550 5.1.1",
            )
            .await;
    }
    let last = guesser.closed().await;
    assert!(last.starts_with("421 4.7.1"), "{last}");
    let mut again = Client::greeted(strict, "127.0.0.6").await;
    again.expect("EHLO guess.example", "250").await;
    let reply = again.send(&red, &letter(2, "hello")).await;
    assert!(reply.starts_with("250"), "{reply}");
    assert_eq!(stored(&s).await, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_through_a_relay_leave_its_players_mail_accepted_sqlite() {
    strangers_through_a_relay_leave_its_players_mail_accepted(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn strangers_through_a_relay_leave_its_players_mail_accepted_postgres() {
    strangers_through_a_relay_leave_its_players_mail_accepted(Backend::Postgres).await;
}

/// Issue 50: one seat's holder could have 16 MiB an hour stored from each address he sends
/// from. Now an order address is sent at most its bytes an hour, from all clients together:
/// past it RCPT gets 452 (the sender tries again later), another seat's address is not
/// affected, and the next hour starts afresh.
async fn an_order_address_is_sent_at_most_its_bytes_an_hour(backend: Backend) {
    let (s, id, seats, red) = club(backend).await;
    let blue = order_address(&s, id, &seats[1]).await;
    let address = receiver(
        &s,
        Limits {
            bytes_per_recipient: 64 * 1024,
            ..Limits::default()
        },
    )
    .await;
    let mut first = Client::greeted(address, "127.0.0.2").await;
    first.expect("EHLO one.example", "250").await;
    let long = "a long line of a long reply quoting a report\n".repeat(1600);
    let reply = first.send(&red, &letter(1, &long)).await;
    assert!(reply.starts_with("250"), "{reply}");

    let mut second = Client::greeted(address, "127.0.0.3").await;
    second.expect("EHLO two.example", "250").await;
    second.expect("MAIL FROM:<red@example.net>", "250").await;
    second
        .expect(&format!("RCPT TO:<{red}>"), "452 4.2.2")
        .await;
    second.expect(&format!("RCPT TO:<{blue}>"), "250").await;
    second.expect("RSET", "250").await;
    assert_eq!(stored(&s).await, 1);

    s.clock.advance(3600);
    let reply = second.send(&red, &letter(2, "hello again")).await;
    assert!(reply.starts_with("250"), "{reply}");
    assert_eq!(stored(&s).await, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_address_is_sent_at_most_its_bytes_an_hour_sqlite() {
    an_order_address_is_sent_at_most_its_bytes_an_hour(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn an_order_address_is_sent_at_most_its_bytes_an_hour_postgres() {
    an_order_address_is_sent_at_most_its_bytes_an_hour(Backend::Postgres).await;
}
