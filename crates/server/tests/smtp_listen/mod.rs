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

mod accepted;
mod crowds;
mod sessions;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use server::mailbox::MailSettings;
use server::smtp_in::Limits;
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
