//! The outbox worker against a real SMTP conversation (a small sink in this test, spoken to by
//! lettre's client), on SQLite and on PostgreSQL, driven step by step with the clock in hand:
//! every mail sent once with its fixed Message-ID, Reply-To and List-Unsubscribe; a worker
//! killed between claim and send (the lease runs out, the mail goes once); the relay down, then
//! up; two servers on one database; a permanent refusal given up; one-click unsubscribe.

use std::sync::{Arc, Mutex};

use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::mailbox::MailSettings;
use server::outbox::{self, Drained, LEASE, Smtp, backoff, claim, drain_once};
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

fn relay(port: u16) -> Smtp {
    Smtp::new(&format!("smtp://127.0.0.1:{port}"), None).unwrap()
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

on_both!(
    every_mail_once_with_its_headers,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (id, gm, seats) = game_with_addresses(&s, &sink).await;
        // Orders on the web (echo), then the turn resolved (a report each).
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "a6 b9 c8 d7"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        // Press (issue 35): the turn's report carries it, in the text and the HTML alike.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/press"),
                Some(&seats[1]),
                Some(json!({"text": "Watch the <b>breakaway</b>, red"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(unsent(&s).await, 3);
        let now = s.clock_now();
        let drained = drain_once(&s.state, &relay(sink.port), "w1", now)
            .await
            .unwrap();
        assert_eq!(
            drained,
            Drained {
                sent: 3,
                retried: 0,
                given_up: 0
            }
        );
        // Nothing is sent twice.
        assert_eq!(
            drain_once(&s.state, &relay(sink.port), "w1", now + 3600)
                .await
                .unwrap()
                .sent,
            0
        );
        let ids: Vec<String> = sqlx::query_scalar("SELECT message_id FROM outbox ORDER BY id")
            .fetch_all(&s.state.db.pool)
            .await
            .unwrap();
        // The worker sends several at once: the mails in the order of their rows.
        let received = sink.mails.lock().unwrap().clone();
        assert_eq!(received.len(), 5);
        let mails: Vec<String> = ids
            .iter()
            .map(|id| {
                let wanted = format!("<{id}@club.example>");
                received
                    .iter()
                    .find(|m| header(m, "Message-ID").as_deref() == Some(wanted.as_str()))
                    .unwrap_or_else(|| panic!("no mail {id}"))
                    .clone()
            })
            .collect();
        let tokens: Vec<String> = sqlx::query_scalar(
            "SELECT p.unsubscribe_token FROM outbox o JOIN players p ON p.id = o.player_id ORDER BY o.id",
        )
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap();
        for ((mail, id), token) in mails.iter().zip(&ids).zip(&tokens) {
            assert_eq!(
                header(mail, "Message-ID"),
                Some(format!("<{id}@club.example>"))
            );
            assert_eq!(
                header(mail, "List-Unsubscribe"),
                Some(format!("<https://club.example/unsubscribe/{token}>"))
            );
            assert_eq!(
                header(mail, "List-Unsubscribe-Post").as_deref(),
                Some("List-Unsubscribe=One-Click")
            );
        }
        let (_, address) = s
            .call(
                "GET",
                &format!("/api/games/{id}/mail-address"),
                Some(&seats[0]),
                None,
            )
            .await;
        let echo = &mails[2];
        assert_eq!(header(echo, "To").as_deref(), Some("red@example.net"));
        assert_eq!(
            header(echo, "Reply-To").as_deref(),
            address["address"].as_str()
        );
        assert!(
            header(echo, "Subject")
                .unwrap()
                .contains("orders as read (orders for turn 1)")
        );
        let report = &mails[3];
        assert!(
            header(report, "Subject")
                .unwrap()
                .contains("report of turn 1 (orders for turn 2)")
        );
        // The report: text/plain, and an HTML alternative with the track as PNG inline.
        assert!(
            header(report, "Content-Type")
                .unwrap()
                .starts_with("multipart/alternative")
        );
        {
            use mail_parser::MimeHeaders;
            let parsed = mail_parser::MessageParser::default()
                .parse(report.as_bytes())
                .unwrap();
            let text = parsed.body_text(0).unwrap();
            assert!(
                text.contains("Reply to this mail with your orders for turn 2"),
                "{text}"
            );
            let html = parsed.body_html(0).unwrap();
            assert!(
                html.contains(r#"<img src="cid:picture@postrider""#),
                "{html}"
            );
            assert!(html.contains(r#"class="report-html""#));
            // Issue 29: the text and the HTML open with the same headline, and the rule numbers
            // the report links to the help page point at the server, not at the mail.
            let headline = html
                .split(r#"<p class="headline"><strong>"#)
                .nth(1)
                .and_then(|h| h.split("</strong>").next())
                .expect("the HTML report has a headline");
            assert!(text.contains(headline), "{headline}\n{text}");
            assert!(!html.contains(r#"href="/"#), "{html}");
            assert!(html.contains(&format!(
                r#"<a href="https://club.example/games/{id}/turns/1">"#
            )));
            assert!(html.contains("Reply to this mail with your orders for turn 2"));
            assert!(text.contains("Watch the <b>breakaway</b>, red"), "{text}");
            assert!(
                html.contains("Watch the &lt;b&gt;breakaway&lt;/b&gt;, red"),
                "the press, escaped, in the HTML part: {html}"
            );
            let picture = parsed
                .attachments()
                .find(|p| p.content_id() == Some("picture@postrider"))
                .expect("the picture is a part of its own");
            assert_eq!(picture.content_type().unwrap().subtype(), Some("png"));
            assert_eq!(&picture.contents()[1..4], b"PNG");
        }
        // An echo is plain text.
        assert!(
            header(echo, "Content-Type")
                .unwrap()
                .starts_with("text/plain")
        );

        // One-click unsubscribe: no more reports to that address.
        let (status, _) = s
            .call("POST", &format!("/unsubscribe/{}", tokens[3]), None, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let to: Vec<String> =
            sqlx::query_scalar("SELECT to_addr FROM outbox WHERE sent_at IS NULL")
                .fetch_all(&s.state.db.pool)
                .await
                .unwrap();
        assert_eq!(to.len(), 1, "{to:?}");
        assert_ne!(
            to[0],
            mails[3].lines().find(|l| l.starts_with("To:")).unwrap()[4..].trim()
        );
    }
);

on_both!(
    a_worker_killed_after_its_claim,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (id, _, seats) = game_with_addresses(&s, &sink).await;
        let before = sink.mails.lock().unwrap().len();
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(&seats[1]),
                Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "a5 b9 c6 d7"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let now = s.clock_now();
        // A worker claims the echo and dies before sending it.
        assert_eq!(claim(&s.state, "dead", now).await.unwrap().len(), 1);
        // Another worker leaves it alone while the lease holds ...
        let live = relay(sink.port);
        assert_eq!(
            drain_once(&s.state, &live, "live", now + LEASE - 1)
                .await
                .unwrap()
                .sent,
            0
        );
        // ... and sends it once the lease has run out: once.
        assert_eq!(
            drain_once(&s.state, &live, "live", now + LEASE + 1)
                .await
                .unwrap()
                .sent,
            1
        );
        assert_eq!(
            drain_once(&s.state, &live, "live", now + 2 * LEASE + 2)
                .await
                .unwrap()
                .sent,
            0
        );
        assert_eq!(sink.mails.lock().unwrap().len(), before + 1);
        // The dead worker's late send would find its lease gone: nothing more is sent.
        let late = outbox::send_claimed(&s.state, &live, "dead", &[3], now + 3 * LEASE)
            .await
            .unwrap();
        assert_eq!(late.sent, 0);
        assert_eq!(sink.mails.lock().unwrap().len(), before + 1);
    }
);

on_both!(the_relay_down_then_up, |s: TestServer| async move {
    let mut s = s;
    s.state = s.state.clone().with_mail(settings());
    // A port with nothing listening: the relay is down.
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let (_, _, seats) = s.seated_game(race(&["red", "blue"])).await;
    let (status, _) = s.give_email(&seats[0], "red@example.net").await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let now = s.clock_now();
    let down = drain_once(&s.state, &relay(port), "w", now).await.unwrap();
    assert_eq!(
        down,
        Drained {
            sent: 0,
            retried: 1,
            given_up: 0
        }
    );
    let error: Option<String> = sqlx::query_scalar("SELECT last_error FROM outbox")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert!(error.is_some());
    // Not due again before the back-off.
    let sink = sink_on(port).await;
    assert_eq!(
        drain_once(&s.state, &relay(port), "w", now + backoff(1) - 1)
            .await
            .unwrap()
            .sent,
        0
    );
    // The relay is up, the back-off has passed: sent, once.
    assert_eq!(
        drain_once(&s.state, &relay(port), "w", now + backoff(1))
            .await
            .unwrap()
            .sent,
        1
    );
    assert_eq!(sink.mails.lock().unwrap().len(), 1);
    let attempts: i64 = sqlx::query_scalar("SELECT attempts FROM outbox")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(attempts, 2);
});

on_both!(
    two_servers_on_one_database_send_each_mail_once,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let other = TestServer::on(&s.url, None, s.clock.clone()).await;
        let other_state = other.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (_, _, seats) = s
            .seated_game(race(&["red", "blue", "green", "white"]))
            .await;
        for (k, token) in seats.iter().enumerate() {
            let (status, _) = s
                .call(
                    "POST",
                    "/api/account/email",
                    Some(token),
                    Some(json!({"email": format!("p{k}@example.net")})),
                )
                .await;
            assert_eq!(status, StatusCode::ACCEPTED);
        }
        let now = s.clock_now();
        let (one, two) = (relay(sink.port), relay(sink.port));
        let (a, b) = tokio::join!(
            drain_once(&s.state, &one, "one", now),
            drain_once(&other_state, &two, "two", now),
        );
        assert_eq!(a.unwrap().sent + b.unwrap().sent, 4);
        let mails = sink.mails.lock().unwrap().clone();
        let mut ids: Vec<String> = mails
            .iter()
            .map(|m| header(m, "Message-ID").unwrap())
            .collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 4, "each mail once");
    }
);

on_both!(
    a_permanent_refusal_is_given_up,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (_, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let (status, _) = s.give_email(&seats[0], "bounce@example.net").await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let now = s.clock_now();
        let drained = drain_once(&s.state, &relay(sink.port), "w", now)
            .await
            .unwrap();
        assert_eq!(
            drained,
            Drained {
                sent: 0,
                retried: 0,
                given_up: 1
            }
        );
        assert_eq!(
            drain_once(&s.state, &relay(sink.port), "w", now + 86_400)
                .await
                .unwrap(),
            Drained::default()
        );
        assert!(sink.mails.lock().unwrap().is_empty());
    }
);

// Issue 36: one turn, two readers: the report mail (text and HTML) of the seat whose player
// chose Japanese is in Japanese, the other's in English; an unknown language is refused.
on_both!(
    each_report_mail_is_written_in_its_readers_language,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (id, gm, seats) = game_with_addresses(&s, &sink).await;
        let (status, body) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&seats[1]),
                Some(json!({"lang": "ja"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["lang"], "ja");
        let (status, body) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&seats[1]),
                Some(json!({"lang": "tlh"})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        // The API answers in the account's language (this player chose Japanese).
        assert_eq!(
            body["error"],
            "lang: 「tlh」は postrider が対応している言語ではありません（en, ja）"
        );
        assert_eq!(body["code"], "error-lang");
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let before = sink.mails.lock().unwrap().len();
        drain_once(&s.state, &relay(sink.port), "w1", s.clock_now())
            .await
            .unwrap();
        let mails = sink.mails.lock().unwrap()[before..].to_vec();
        // The report: the mail with an HTML part; its subject in the reader's language.
        let report_to = |to: &str| {
            let parsed = mails
                .iter()
                .filter(|m| header(m, "To").as_deref() == Some(to))
                .map(|m| {
                    mail_parser::MessageParser::default()
                        .parse(m.as_bytes())
                        .unwrap()
                })
                .find(|p| p.body_html(0).is_some())
                .unwrap_or_else(|| panic!("no report to {to}"));
            (
                parsed.subject().unwrap().to_string(),
                parsed.body_text(0).unwrap().replace("\r\n", "\n"),
                parsed.body_html(0).unwrap().into_owned(),
            )
        };
        let (subject, text, html) = report_to("red@example.net");
        assert!(
            subject.ends_with("red: report of turn 1 (orders for turn 2)"),
            "{subject}"
        );
        assert!(
            text.contains("Moves, in the order they were made"),
            "{text}"
        );
        assert!(html.contains("Team standings"), "{html}");
        assert!(
            html.contains(r#"<html lang="en">"#) && html.contains(">The turn on the game page</a>"),
            "{html}"
        );
        let (subject, text, html) = report_to("blue@example.net");
        // The whole mail: its subject (whose turn a reply's orders are read for), the lines
        // around the report, and the HTML part's frame.
        assert!(
            subject.ends_with("blue：第1ターンのレポート（第2ターンの命令）"),
            "{subject}"
        );
        assert_eq!(mail::subject_turn(&format!("Re: {subject}")), Ok(Some(2)));
        assert!(
            text.contains(
                "\n第2ターンの命令は、このメールに返信して送ってください。\n締め切り：2026年"
            ),
            "{text}"
        );
        assert!(!text.contains("Reply to this mail"), "{text}");
        assert!(
            html.contains(r#"<html lang="ja">"#)
                && html.contains(">ゲームのページでこのターンを見る</a>"),
            "{html}"
        );
        assert!(text.contains("移動（移動した順）"), "{text}");
        assert!(text.contains("チームblue用。"), "{text}");
        assert!(!text.contains("Moves, in the order"), "{text}");
        assert!(html.contains("チーム順位"), "{html}");
        // The HTML part still carries what the text says after the report (its digest), in
        // the reader's words; the digest itself is the English public report's, the same for all.
        assert!(html.contains("レポートのハッシュ値（SHA-256）"), "{html}");
        assert!(
            text.contains("第1ターン・レポートのハッシュ値（SHA-256）："),
            "{text}"
        );
        assert!(text.contains("抽選のコミットメント：SHA-256 "), "{text}");
    }
);

on_both!(
    a_seats_own_language_outranks_its_players_account,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (id, gm, seats) = game_with_addresses(&s, &sink).await;
        let set = |token: String, path: String, lang: serde_json::Value| {
            let s = &s;
            async move {
                s.call("POST", &path, Some(&token), Some(json!({ "lang": lang })))
                    .await
            }
        };
        // Red reads English on the site but wants this seat's mail in Japanese; blue the
        // other way round.
        let game_lang = format!("/api/games/{id}/language");
        let (status, body) = set(seats[0].clone(), game_lang.clone(), json!("ja")).await;
        assert_eq!(
            (status, &body["lang"]),
            (StatusCode::OK, &json!("ja")),
            "{body}"
        );
        set(
            seats[1].clone(),
            "/api/account/language".into(),
            json!("ja"),
        )
        .await;
        let (status, _) = set(seats[1].clone(), game_lang.clone(), json!("en")).await;
        assert_eq!(status, StatusCode::OK);
        // Only a seat's player chooses it; an unknown code is refused naming it.
        let (status, body) = set(gm.clone(), game_lang.clone(), json!("ja")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, body) = set(seats[0].clone(), game_lang.clone(), json!("xx")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("lang: "),
            "{body}"
        );
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let before = sink.mails.lock().unwrap().len();
        drain_once(&s.state, &relay(sink.port), "w1", s.clock_now())
            .await
            .unwrap();
        let mails = sink.mails.lock().unwrap()[before..].to_vec();
        // A report is the mail with an HTML part.
        let report_to = |to: &str| {
            mails
                .iter()
                .filter(|m| header(m, "To").as_deref() == Some(to))
                .map(|m| {
                    mail_parser::MessageParser::default()
                        .parse(m.as_bytes())
                        .unwrap()
                })
                .find(|p| {
                    p.body_html(0).is_some() && p.html_body.len() == 1 && p.text_body.len() == 1
                })
                .map(|p| {
                    let html = p.body_html(0).unwrap();
                    // The HTML part follows the seat's language too, not the account's.
                    let lang = html.split_once("<html lang=\"").unwrap().1[..2].to_string();
                    format!("{lang}\n{}", p.body_text(0).unwrap())
                })
                .unwrap_or_else(|| panic!("no report to {to}"))
        };
        let red = report_to("red@example.net");
        assert!(red.starts_with("ja\n"), "{red}");
        assert!(red.contains("移動（移動した順）"), "{red}");
        let blue = report_to("blue@example.net");
        assert!(blue.starts_with("en\n"), "{blue}");
        assert!(
            blue.contains("Moves, in the order they were made"),
            "{blue}"
        );
        // `null` gives the seat back to the account's language.
        let (status, body) = set(seats[0].clone(), game_lang, serde_json::Value::Null).await;
        assert_eq!(
            (status, &body["lang"]),
            (StatusCode::OK, &serde_json::Value::Null)
        );
    }
);
