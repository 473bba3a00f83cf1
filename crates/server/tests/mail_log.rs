//! The mail log on the GM's console (issue 31), on SQLite and on PostgreSQL: a game's mail that
//! did not get through — an answer the relay refused for good, a mail to a seat's order address
//! answered with its errors, mails to an order address dropped — newest first, the newest 20
//! with a count of the older ones, each with its seat and what happened, in the GM's time zone;
//! and never a player's address, an order address or its secret, or the text of a mail in. The
//! operator's `postrider mail-log` reads the same rows with everything in them.

use crate::common::{Backend, Browser, TestServer, race};
use axum::http::StatusCode;
use server::mailbox::{Handled, receive};
use server::outbox::{self, SendError};

/// A relay that refuses every mail for good, quoting the recipient and the Reply-To (the seat's
/// order address) in its answer, as relays do.
struct Refusing;

impl outbox::Relay for Refusing {
    async fn send(&self, message: lettre::Message) -> Result<(), SendError> {
        let to: Vec<String> = message
            .envelope()
            .to()
            .iter()
            .map(ToString::to_string)
            .collect();
        let reply_to = message.headers().get_raw("Reply-To").unwrap_or_default();
        Err(SendError::Permanent(format!(
            "550 5.1.1 <{}>: no such user (reply to {reply_to})",
            to.join(", ")
        )))
    }
}

async fn order_address(s: &TestServer, id: i64, token: &str) -> String {
    let path = format!("/api/games/{id}/mail-address");
    let (status, body) = s.call("GET", &path, Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["address"].as_str().unwrap().to_string()
}

/// A mail to `to`, from `from` (none: no From header).
fn message(to: &str, from: Option<&str>, id: &str, body: &str) -> Vec<u8> {
    let from = from.map(|f| format!("From: {f}\r\n")).unwrap_or_default();
    format!(
        "{from}To: {to}\r\nSubject: orders\r\nMessage-ID: <{id}>\r\n\
         Date: Sun, 22 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}

/// Logs in through the form as `name` (registered by the API with the tests' password).
async fn log_in<'a>(s: &'a TestServer, name: &str) -> Browser<'a> {
    let mut b = Browser::new(s);
    let page = b
        .submit(
            "/login",
            "/login",
            &[
                ("name", name),
                ("password", "correct horse battery"),
                ("next", "/"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    b
}

on_both!(
    the_gms_console_shows_the_mail_that_did_not_get_through_without_addresses_or_orders,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(crate::common::club_mail());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let console = format!("/games/{id}/gm");
        let mut gm = log_in(&s, "gm").await;
        let empty = gm.get(&console).await;
        assert_eq!(empty.status, StatusCode::OK);
        assert!(
            empty
                .html
                .contains("None: no mail to or from this game's seats failed"),
            "{}",
            empty.html
        );
        // The GM reads times in their own zone.
        let saved = gm
            .submit("/profile", "/profile", &[("time_zone", "America/New_York")])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);

        s.confirm_email(&seats[0], "red@example.net").await;
        let red = order_address(&s, id, &seats[0]).await;
        let blue = order_address(&s, id, &seats[1]).await;
        let secrets: Vec<&str> = [&red, &blue]
            .iter()
            .map(|a| a.split(['+', '@']).nth(1).unwrap())
            .collect();

        // 21 unreadable mails to Blue's order address, whose player has no confirmed address
        // to answer: dropped, with the seat (the oldest entries).
        for _ in 0..21 {
            assert!(matches!(
                receive(&s.state, b"", Some(&blue)).await.unwrap(),
                Handled::Dropped(_)
            ));
            s.clock.advance(60);
        }
        // Red's orders with mistakes: answered with the errors (to red@example.net).
        let wrong = message(
            &red,
            Some("Red <someone@example.net>"),
            "m1@example.net",
            "A 77 B 78 C 79 D 76\r\nZEBRA CROSSING\r\n",
        );
        assert_eq!(
            receive(&s.state, &wrong, Some(&red)).await.unwrap(),
            Handled::Refused
        );
        s.clock.advance(60);
        // A mail to Blue's address without a From: nobody to answer, dropped with the seat.
        let anonymous = message(&blue, None, "m2@example.net", "A 11 B 12 C 13 D 14\r\n");
        assert!(matches!(
            receive(&s.state, &anonymous, Some(&blue)).await.unwrap(),
            Handled::Dropped(_)
        ));
        s.clock.advance(60);
        // The relay refuses the answer to Red for good.
        let drained = outbox::drain_once(
            &s.state,
            &std::sync::Arc::new(Refusing),
            "test",
            s.clock_now(),
        )
        .await
        .unwrap();
        assert!(drained.given_up >= 1, "{drained:?}");

        let page = gm.get(&console).await;
        assert_eq!(page.status, StatusCode::OK);
        let html = &page.html;
        let at = html.find(r#"<h2 id="mail-log">"#).expect("the mail log");
        let log = &html[at..html.find("<h2>The game</h2>").unwrap()];
        let entries: Vec<&str> = log.split("<li>").skip(1).collect();
        assert_eq!(entries.len(), 20, "{log}");
        // Newest first: the relay's refusal, the dropped mail without a From, the refused
        // orders, then the unreadable mails.
        assert!(
            entries[0].contains("<strong>red</strong>")
                && entries[0].contains(r#"<span class="badge badge-danger">not delivered</span>"#)
                && entries[0].contains(
                    "The answer to a mail with errors, to red&#39;s player, was not delivered."
                )
                && entries[0].contains("550 5.1.1 [address]: no such user (reply to [address])")
                && entries[0].contains("(after 1 attempt)"),
            "{}",
            entries[0]
        );
        assert!(
            entries[1].contains("<strong>blue</strong>")
                && entries[1].contains(">dropped</span>")
                && entries[1].contains("A mail to blue&#39;s order address was dropped"),
            "{}",
            entries[1]
        );
        assert!(
            entries[2].contains("<strong>red</strong>")
                && entries[2]
                    .contains(r#"<span class="badge badge-warn">answered with errors</span>"#)
                && entries[2]
                    .contains("A mail to red&#39;s order address was answered with its errors"),
            "{}",
            entries[2]
        );
        assert!(
            entries[3..]
                .iter()
                .all(|e| e.contains("<strong>blue</strong>") && e.contains(">dropped</span>"))
        );
        assert!(
            entries
                .iter()
                .all(|e| e.contains("America/New_York") && e.contains("Sun 22 Nov")),
            "{log}"
        );
        assert!(
            log.contains("4 older entries not shown"),
            "24 entries, 20 shown: {log}"
        );
        // Nothing of an address, an order address's secret or a mail's text, anywhere on the
        // page.
        for hidden in [
            "example.net",
            red.as_str(),
            blue.as_str(),
            secrets[0],
            secrets[1],
            "A 77",
            "ZEBRA",
            "A 11 B 12",
            "no confirmed address and no From",
            "no headers",
        ] {
            assert!(!html.contains(hidden), "the console shows {hidden:?}");
        }

        // A GM who reads Japanese reads the log in Japanese; the relay's answer as it was.
        let page = gm.get(&format!("{console}?lang=ja")).await;
        let html = &page.html;
        let at = html.find(r#"<h2 id="mail-log">"#).expect("the mail log");
        let log = &html[at..];
        assert!(
            log.contains("redのプレイヤーへの、誤りのあったメールへの返信が届きませんでした。")
                && log
                    .contains("550 5.1.1 [address]: no such user (reply to [address])（1回試行）")
                && log.contains("blueの命令用アドレスへのメールを破棄しました。")
                && log.contains("redの命令用アドレスへのメールに誤りがあったため"),
            "{log}"
        );
        for english in [
            "was not delivered",
            "order address",
            "attempt",
            "was dropped",
        ] {
            assert!(
                !log.contains(english),
                "{english:?} in the Japanese log: {log}"
            );
        }

        // The operator's log reads the same rows, with everything in them.
        let operator = server::mail_log::entries(&s.state.db, Some(id), 100)
            .await
            .unwrap();
        assert_eq!(operator.len(), 24);
        assert_eq!(operator[0].what, "outbox failed");
        assert_eq!(operator[0].address, "red@example.net");
        assert!(
            operator[0]
                .detail
                .contains(": 550 5.1.1 <red@example.net>: no such user")
                && operator[0].detail.ends_with("(after 1 attempts)"),
            "{:?}",
            operator[0]
        );
        assert!(
            operator[1].detail.contains("nobody to answer"),
            "{:?}",
            operator[1]
        );

        // A player who is not the GM gets no console, and so no mail log.
        let mut player = log_in(&s, "p-red").await;
        let page = player.get(&console).await;
        assert_ne!(page.status, StatusCode::OK);
        assert!(!page.html.contains("mail-log"));
    }
);
