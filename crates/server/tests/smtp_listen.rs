//! `serve --smtp-listen` (issues 13, 28 and 50): the built-in SMTP receiver over a real loopback
//! socket, on SQLite and on PostgreSQL. A reply with orders sent to a seat's order address is
//! stored raw, applied through the same code as `postrider mail-in`, and answered in the
//! outbox. Each of the receiver's bounds holds against a hostile client (these tests fail on
//! mailin-embedded 0.8, which it replaced): an endless line is cut and answered 5xx, 2,000
//! idle connections leave the web server answering, only a held seat's order address is
//! accepted at RCPT (nothing stored for any other), a client over its rate gets 4xx, idle
//! sessions and sessions that move nothing (NOOP) are closed, one address holds few sessions,
//! a relay's strangers do not hold up its players' mail, and an order address is sent a
//! bounded number of bytes an hour. Nothing here waits for a time to pass but the receiver's
//! own timeouts (configured short); a guard turns a hang into a failure.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use server::mailbox::MailSettings;
use server::smtp_in::Limits;
use sqlx::Row;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpSocket, TcpStream};

/// A failure instead of a hang, if the receiver never does what is waited for.
const GUARD: Duration = Duration::from_secs(30);

/// A server with mail on, a race with two held seats, and red's order address.
async fn club(backend: Backend) -> (TestServer, i64, Vec<String>, String) {
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
    (s, id, seats, red)
}

/// A receiver with `limits` on a port of its own.
async fn receiver(s: &TestServer, limits: Limits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    server::smtp_in::spawn(s.state.clone(), listener, "club.example", limits);
    address
}

async fn stored(s: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM inbound_mail")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap()
}

/// One SMTP client connection, spoken to line by line.
struct Client {
    reader: BufReader<OwnedReadHalf>,
    writer: OwnedWriteHalf,
}

impl Client {
    /// Connects from `from` (any 127.x.y.z address: each is another client to the receiver).
    async fn connect_from(to: SocketAddr, from: &str) -> Client {
        let socket = TcpSocket::new_v4().unwrap();
        socket
            .bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0))
            .unwrap();
        let stream = tokio::time::timeout(GUARD, socket.connect(to))
            .await
            .expect("connects")
            .unwrap();
        Client::on(stream)
    }

    fn on(stream: TcpStream) -> Client {
        let (reader, writer) = stream.into_split();
        Client {
            reader: BufReader::new(reader),
            writer,
        }
    }

    /// Connects and reads the greeting, which must be 220.
    async fn greeted(to: SocketAddr, from: &str) -> Client {
        let mut client = Client::connect_from(to, from).await;
        let greeting = client.reply().await;
        assert!(greeting.starts_with("220 "), "{greeting}");
        client
    }

    /// The next reply, its lines joined (empty when the connection is closed).
    async fn reply(&mut self) -> String {
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            let read = tokio::time::timeout(GUARD, self.reader.read_line(&mut line))
                .await
                .expect("the receiver answers");
            if read.unwrap_or(0) == 0 {
                return reply;
            }
            reply.push_str(&line);
            if line.as_bytes().get(3) != Some(&b'-') {
                return reply;
            }
        }
    }

    async fn say(&mut self, command: &str) -> String {
        self.writer
            .write_all(format!("{command}\r\n").as_bytes())
            .await
            .unwrap();
        self.reply().await
    }

    /// Says `command` and checks that the reply begins with `code`.
    async fn expect(&mut self, command: &str, code: &str) {
        let reply = self.say(command).await;
        assert!(reply.starts_with(code), "{command}: {reply}");
    }

    /// Sends `body` (lines joined by CRLF, dot-stuffed here) as one message to `to`; the
    /// reply to the final dot.
    async fn send(&mut self, to: &str, body: &str) -> String {
        self.expect("MAIL FROM:<red@example.net>", "250").await;
        self.expect(&format!("RCPT TO:<{to}>"), "250").await;
        self.expect("DATA", "354").await;
        let mut data = String::new();
        for line in body.lines() {
            if line.starts_with('.') {
                data.push('.');
            }
            data.push_str(line);
            data.push_str("\r\n");
        }
        data.push_str(".\r\n");
        self.writer.write_all(data.as_bytes()).await.unwrap();
        self.reply().await
    }

    /// Reads until the receiver closes the connection; what it sent.
    async fn closed(&mut self) -> String {
        let mut rest = String::new();
        tokio::time::timeout(GUARD, self.reader.read_to_string(&mut rest))
            .await
            .expect("the receiver closes the connection")
            .ok();
        rest
    }
}

/// A message from red with a Message-ID and a body.
fn letter(n: usize, body: &str) -> String {
    format!(
        "From: Red <red@example.net>\nTo: orders@club.example\nSubject: Re: Tour de Test\n\
         Message-ID: <m{n}@example.net>\n\n{body}\n"
    )
}

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

/// The resident memory of this process, in bytes (Linux), if it can be read.
fn resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Sends an endless line (up to 1 GiB) on `client`'s connection until the receiver stops
/// reading and closes it; returns the receiver's reply and how many bytes were sent.
async fn endless_line(client: Client) -> (String, u64) {
    let Client {
        mut reader,
        mut writer,
    } = client;
    let sender = tokio::spawn(async move {
        let chunk = vec![b'x'; 64 * 1024];
        let mut sent = 0u64;
        while sent < 1 << 30 && writer.write_all(&chunk).await.is_ok() {
            sent += chunk.len() as u64;
        }
        sent
    });
    let mut reply = String::new();
    tokio::time::timeout(GUARD, reader.read_line(&mut reply))
        .await
        .expect("the receiver answers")
        .unwrap();
    let mut rest = Vec::new();
    let _ = tokio::time::timeout(GUARD, reader.read_to_end(&mut rest))
        .await
        .expect("the receiver closes the connection");
    let sent = tokio::time::timeout(GUARD, sender)
        .await
        .expect("the receiver stops reading")
        .unwrap();
    (reply, sent)
}

/// mailin-embedded read a line with no bound: one line without a newline grew a server from
/// 223 MB to 1.77 GB. Now a command line is cut at 1,000 bytes and a message at its limit,
/// each answered with a 5xx and the session closed.
async fn an_endless_line_is_cut_and_the_session_closed(backend: Backend) {
    let (s, _, _, red) = club(backend).await;
    let address = receiver(&s, Limits::default()).await;
    let before = resident();

    let mut client = Client::greeted(address, "127.0.0.1").await;
    client.expect("EHLO client.example", "250").await;
    let (reply, sent) = endless_line(client).await;
    assert!(reply.starts_with("500 5.5.2"), "{reply}");
    // What the kernel's buffers and the closing session's last read take, no more.
    assert!(
        sent < 64 << 20,
        "{sent} bytes sent before the receiver closed"
    );

    let mut client = Client::greeted(address, "127.0.0.1").await;
    client.expect("EHLO client.example", "250").await;
    client.expect("MAIL FROM:<red@example.net>", "250").await;
    client.expect(&format!("RCPT TO:<{red}>"), "250").await;
    client.expect("DATA", "354").await;
    let (reply, sent) = endless_line(client).await;
    assert!(reply.starts_with("552 5.3.4"), "{reply}");
    assert!(
        sent < 64 << 20,
        "{sent} bytes sent before the receiver closed"
    );
    assert_eq!(
        stored(&s).await,
        0,
        "nothing of the endless message is stored"
    );

    if let (Some(before), Some(after)) = (before, resident()) {
        // Generous: other tests run in this process at the same time.
        assert!(
            after < before + (256 << 20),
            "resident memory grew from {before} to {after} bytes"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_endless_line_is_cut_and_the_session_closed_sqlite() {
    an_endless_line_is_cut_and_the_session_closed(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn an_endless_line_is_cut_and_the_session_closed_postgres() {
    an_endless_line_is_cut_and_the_session_closed(Backend::Postgres).await;
}

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

/// mailin-embedded waited five minutes for an idle client. Now an idle session is closed with
/// 421 after the idle timeout, and sooner (the busy timeout) while most sessions are taken;
/// one from a client over its session count is turned away at once. No database is involved
/// past the start: SQLite only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_sessions_are_closed() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    let quick = receiver(
        &s,
        Limits {
            idle: Duration::from_millis(300),
            ..Limits::default()
        },
    )
    .await;
    let mut client = Client::greeted(quick, "127.0.0.1").await;
    client.expect("EHLO idle.example", "250").await;
    let last = client.closed().await;
    assert!(last.starts_with("421 4.4.2 idle too long"), "{last}");

    // Four sessions, all taken: the busy timeout closes them, though the idle one is long.
    let busy = receiver(
        &s,
        Limits {
            sessions: 4,
            sessions_per_client: 3,
            idle: Duration::from_secs(600),
            busy_idle: Duration::from_millis(300),
            ..Limits::default()
        },
    )
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(Client::greeted(busy, "127.0.0.1").await);
    }
    let mut fourth = Client::connect_from(busy, "127.0.0.1").await;
    let turned = fourth.reply().await;
    assert!(turned.starts_with("421 4.7.0"), "{turned}");
    held.push(Client::greeted(busy, "127.0.0.2").await);
    for client in &mut held {
        let last = client.closed().await;
        assert!(last.starts_with("421 4.4.2 idle too long"), "{last}");
    }
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

/// Sends `commands` in turn, again and again, each `every` apart, until the receiver closes
/// the session: its last reply (under the guard: a session kept open fails here).
async fn until_closed(client: &mut Client, commands: &[&str], every: Duration) -> String {
    tokio::time::timeout(GUARD, async {
        for command in commands.iter().cycle() {
            // Once the receiver has closed, the write may fail: the reply says so.
            let _ = client
                .writer
                .write_all(format!("{command}\r\n").as_bytes())
                .await;
            let reply = client.reply().await;
            if !reply.starts_with('2') {
                return reply;
            }
            tokio::time::sleep(every).await;
        }
        unreachable!("the commands cycle")
    })
    .await
    .expect("the receiver closes a session that moves nothing")
}

/// Issue 50: NOOP (or RSET, VRFY, a second EHLO, a MAIL given up and sent again) restarted
/// the idle timeout, so a session that moved nothing lasted its whole ten minutes. Now the
/// idle timeout runs from the last step forward: such a session is closed as idle though it
/// sends a command ten times as often as the timeout. And a session that does move forward
/// (a message sent a line at a time) ends at its deadline. SQLite only: the database is not
/// what is tried.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_must_move_forward_and_ends_in_time() {
    let (s, _, _, red) = club(Backend::Sqlite).await;
    let idle = Duration::from_millis(1000);
    let quick = receiver(
        &s,
        Limits {
            idle,
            ..Limits::default()
        },
    )
    .await;
    let mut client = Client::greeted(quick, "127.0.0.2").await;
    client.expect("EHLO idle.example", "250").await;
    let last = until_closed(
        &mut client,
        &[
            "NOOP",
            "RSET",
            "VRFY red",
            "EHLO again.example",
            "MAIL FROM:<a@b.example>",
            "RSET",
        ],
        idle / 10,
    )
    .await;
    assert!(last.starts_with("421 4.4.2 idle too long"), "{last}");

    let short = receiver(
        &s,
        Limits {
            session: Duration::from_millis(1000),
            ..Limits::default()
        },
    )
    .await;
    let mut client = Client::greeted(short, "127.0.0.3").await;
    client.expect("EHLO slow.example", "250").await;
    client.expect("MAIL FROM:<red@example.net>", "250").await;
    client.expect(&format!("RCPT TO:<{red}>"), "250").await;
    client.expect("DATA", "354").await;
    // A line every 100 ms until the receiver stops reading, and its last reply meanwhile.
    let Client {
        mut reader,
        mut writer,
    } = client;
    let slow = tokio::spawn(async move {
        for line in 1.. {
            let data = format!("line {line} of a slow message\r\n");
            if writer.write_all(data.as_bytes()).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
    let mut last = String::new();
    tokio::time::timeout(GUARD, reader.read_line(&mut last))
        .await
        .expect("the receiver ends a session at its deadline")
        .unwrap();
    slow.abort();
    assert!(last.starts_with("421 4.4.2 session too long"), "{last}");
    assert_eq!(stored(&s).await, 0);
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
