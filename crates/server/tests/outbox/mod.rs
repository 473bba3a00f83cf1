//! The outbox worker against a real SMTP conversation (a small sink in this test, spoken to by
//! lettre's client), on SQLite and on PostgreSQL, driven step by step with the clock in hand:
//! every mail sent once with its fixed Message-ID, Reply-To and List-Unsubscribe; a worker
//! killed between claim and send (the lease runs out, the mail goes once); the relay down, then
//! up; two servers on one database; a permanent refusal given up; one-click unsubscribe.

mod delivery;
mod failures;
mod languages;

use std::sync::{Arc, Mutex};

use crate::common::{TestServer, race};
use axum::http::StatusCode;
use server::mailbox::MailSettings;
use server::outbox::{Smtp, drain_once};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// An SMTP server that keeps every message it is given; RCPT to an address beginning with
/// `bounce` is refused for good (550).
struct Sink {
    port: u16,
    mails: Arc<Mutex<Vec<String>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Sink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn sink_on(port: u16) -> Sink {
    let listener = TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let mails: Arc<Mutex<Vec<String>>> = Arc::default();
    let kept = mails.clone();
    let task = tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let kept = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    let answer: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                        b"250 sink\r\n"
                    } else if upper.starts_with("RCPT TO:<BOUNCE") {
                        b"550 no such user\r\n"
                    } else if upper.starts_with("DATA") {
                        write.write_all(b"354 go on\r\n").await.unwrap();
                        let mut data = String::new();
                        while let Ok(Some(l)) = lines.next_line().await {
                            if l == "." {
                                break;
                            }
                            data.push_str(&l);
                            data.push('\n');
                        }
                        kept.lock().unwrap().push(data);
                        b"250 queued\r\n"
                    } else if upper.starts_with("QUIT") {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        return;
                    } else {
                        b"250 ok\r\n"
                    };
                    if write.write_all(answer).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    Sink { port, mails, task }
}

fn settings() -> MailSettings {
    MailSettings {
        public_url: "https://club.example".into(),
        from: "postrider <gm@club.example>".into(),
        orders_address: "orders@club.example".into(),
    }
}

fn relay(port: u16) -> std::sync::Arc<Smtp> {
    std::sync::Arc::new(Smtp::new(&format!("smtp://127.0.0.1:{port}"), None).unwrap())
}

async fn unsent(s: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap()
}

/// A header of a sent mail (unfolded).
fn header(mail: &str, name: &str) -> Option<String> {
    let unfolded = mail.replace("\n ", " ").replace("\n\t", " ");
    unfolded
        .lines()
        .take_while(|l| !l.is_empty())
        .find_map(|l| {
            l.split_once(':')
                .filter(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.trim().to_string())
        })
}

/// A game of two seated players with confirmed addresses (the confirmation links are read
/// from the mails the worker sent); returns the game id, GM and seat tokens.
async fn game_with_addresses(s: &TestServer, sink: &Sink) -> (i64, String, Vec<String>) {
    let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
    for (token, email) in seats.iter().zip(["red@example.net", "blue@example.net"]) {
        let (status, _) = s.give_email(token, email).await;
        assert_eq!(status, StatusCode::ACCEPTED);
    }
    let drained = drain_once(&s.state, &relay(sink.port), "w1", s.clock_now())
        .await
        .unwrap();
    assert_eq!(drained.sent, 2);
    let mails = sink.mails.lock().unwrap().clone();
    for mail in &mails {
        // The link is in the (quoted-printable or plain) body: find the token's path.
        let flat = mail.replace("=\n", "");
        let at = flat.find("/confirm-email/").unwrap();
        let path: String = flat[at..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .collect();
        let (status, page) = s.call("GET", &path, None, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {page}");
    }
    (id, gm, seats)
}
