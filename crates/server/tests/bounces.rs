//! Bounces (issue 52), on SQLite and on PostgreSQL: every mail to a player leaves with a
//! bounce address of the order domain naming its outbox row, signed (VERP); a relay's bounce
//! (a DSN) delivered there through `mailbox::receive` marks the player's address as bouncing,
//! shown with the relay's words on the GM's console, the player's profile, the API and the
//! operator's mail log; later mail to the address is given up with the reason, until the
//! player confirms the address again. Forged or unsigned bounce addresses, delay warnings and
//! out-of-office replies mark nothing.

use std::sync::{Arc, Mutex};

use crate::common::{Backend, Browser, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::mailbox::{Handled, MailSettings, receive};
use server::outbox::{self, SendError};

/// The club's mail, its order addresses on their own subdomain.
fn settings() -> MailSettings {
    MailSettings {
        public_url: "https://club.example".into(),
        from: "postrider <gm@club.example>".into(),
        orders_address: "orders@orders.club.example".into(),
    }
}

/// A relay that takes every mail and keeps its envelope: (sender, recipient, subject).
#[derive(Clone, Default)]
struct Keeping(Arc<Mutex<Vec<(String, String, String)>>>);

impl outbox::Relay for Keeping {
    async fn send(&self, message: lettre::Message) -> Result<(), SendError> {
        let envelope = message.envelope();
        let subject = message
            .headers()
            .get_raw("Subject")
            .unwrap_or_default()
            .to_string();
        self.0.lock().unwrap().push((
            envelope.from().map(ToString::to_string).unwrap_or_default(),
            envelope.to()[0].to_string(),
            subject,
        ));
        Ok(())
    }
}

impl Keeping {
    fn take(&self) -> Vec<(String, String, String)> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

/// A DSN as Postfix writes it, for `to` at bounce address `bounce`.
fn dsn(bounce: &str, to: &str) -> Vec<u8> {
    format!(
        "Return-Path: <>\r\nFrom: MAILER-DAEMON@mx.club.example (Mail Delivery System)\r\n\
         To: {bounce}\r\nSubject: Undelivered Mail Returned to Sender\r\n\
         Message-Id: <dsn.{to}@mx.club.example>\r\nAuto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\r\n\r\n\
         --B\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you that your message could not\r\n\
         be delivered to one or more recipients.\r\n\r\n\
         --B\r\nContent-Type: message/delivery-status\r\n\r\n\
         Reporting-MTA: dns; mx.club.example\r\n\r\n\
         Final-Recipient: rfc822; {to}\r\nAction: failed\r\nStatus: 5.1.1\r\n\
         Diagnostic-Code: smtp; 550 5.1.1 <{to}>: Recipient address rejected: User\r\n\
         \x20   unknown in virtual mailbox table\r\n\r\n--B--\r\n"
    )
    .into_bytes()
}

async fn resolve(s: &TestServer, id: i64, gm: &str) {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(gm),
            Some(json!({"action": "resolve"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

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

/// The reports a drain sent: (envelope sender, recipient).
async fn drain(s: &TestServer, relay: &Keeping) -> Vec<(String, String, String)> {
    outbox::drain_once(&s.state, &Arc::new(relay.clone()), "test", s.clock_now())
        .await
        .unwrap();
    relay.take()
}

on_both!(
    a_bounced_report_marks_the_address_until_the_player_confirms_it_again,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let relay = Keeping::default();
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        s.confirm_email(&seats[0], "red@players.example").await;
        s.confirm_email(&seats[1], "blue@players.example").await;
        drain(&s, &relay).await;

        resolve(&s, id, &gm).await;
        let sent = drain(&s, &relay).await;
        let red_report = sent
            .iter()
            .find(|(_, to, subject)| to == "red@players.example" && subject.contains("report of"))
            .expect("red's report");
        // The envelope sender is the report's own bounce address on the order subdomain.
        let bounce = red_report.0.clone();
        assert!(
            bounce.starts_with("orders+bounce-") && bounce.ends_with("@orders.club.example"),
            "{bounce}"
        );
        let blue_bounce = &sent
            .iter()
            .find(|(_, to, _)| to == "blue@players.example")
            .unwrap()
            .0;
        assert_ne!(&bounce, blue_bounce, "each mail has its own");

        // Forged bounce addresses mark nothing: a wrong signature, another mail's number
        // with this one's signature, a made-up one.
        let (row, signature) = bounce
            .trim_start_matches("orders+bounce-")
            .split_once('@')
            .unwrap()
            .0
            .split_once('-')
            .unwrap();
        let row: i64 = row.parse().unwrap();
        for forged in [
            format!("orders+bounce-{row}-00000000000000000000@orders.club.example"),
            format!("orders+bounce-{}-{signature}@orders.club.example", row + 1),
            "orders+bounce-999999-0123456789abcdef0123@orders.club.example".to_string(),
        ] {
            let handled = receive(
                &s.state,
                &dsn(&forged, "red@players.example"),
                Some(&forged),
            )
            .await
            .unwrap();
            assert!(
                matches!(handled, Handled::Dropped(_)),
                "{forged}: {handled:?}"
            );
        }
        // An out-of-office reply at the real bounce address marks nothing either.
        let away = format!(
            "From: Red <red@players.example>\r\nTo: {bounce}\r\nSubject: Automatic reply: away\r\n\
             Message-ID: <ooo@players.example>\r\nAuto-Submitted: auto-replied\r\n\r\nAway until Monday; 550 km from home.\r\n"
        );
        assert!(matches!(
            receive(&s.state, away.as_bytes(), Some(&bounce))
                .await
                .unwrap(),
            Handled::Dropped(_)
        ));
        let (_, profile) = s
            .call("GET", "/api/account/mail", Some(&seats[0]), None)
            .await;
        assert_eq!(profile["bouncing"], serde_json::Value::Null, "{profile}");

        // The relay's bounce, at the report's bounce address, the case changed by a relay.
        s.clock.advance(60);
        let handled = receive(
            &s.state,
            &dsn(&bounce.to_ascii_uppercase(), "red@players.example"),
            Some(&bounce.to_ascii_uppercase()),
        )
        .await
        .unwrap();
        assert!(matches!(handled, Handled::Bounced(_)), "{handled:?}");
        let words = "550 5.1.1 <red@players.example>: Recipient address rejected: User unknown in virtual mailbox table";

        // The player's profile and the API say so, with the relay's words.
        let (_, profile) = s
            .call("GET", "/api/account/mail", Some(&seats[0]), None)
            .await;
        assert_eq!(profile["bouncing"]["words"], words, "{profile}");
        let mut red = log_in(&s, "p-red").await;
        let page = red.get("/profile").await;
        assert!(
            page.html.contains(r#"id="mail-bouncing""#)
                && page
                    .html
                    .contains("Recipient address rejected: User unknown"),
            "{}",
            page.html
        );
        // The GM's console: the report to red bounced, the words without the address.
        let mut gm_browser = log_in(&s, "gm").await;
        let console = gm_browser.get(&format!("/games/{id}/gm")).await;
        let html = &console.html;
        let log = &html[html.find(r#"<h2 id="mail-log">"#).expect("the mail log")..];
        assert!(
            log.contains(r#"<span class="badge badge-danger">bounced</span>"#)
                && log.contains("The report of turn 1 to red&#39;s player was not delivered.")
                && log.contains(
                    "The address bounced it: 550 5.1.1 [address]: Recipient address rejected"
                ),
            "{log}"
        );
        assert!(!html.contains("red@players.example"));
        // The operator's mail log: everything.
        let entries = server::mail_log::entries(&s.state.db, Some(id), 50)
            .await
            .unwrap();
        assert!(
            entries.iter().any(|e| e.what == "outbox bounced"
                && e.address == "red@players.example"
                && e.detail.ends_with(words)),
            "{entries:?}"
        );

        // The next report is not mailed to red (given up, the reason in the mail log); blue's is.
        resolve(&s, id, &gm).await;
        let sent = drain(&s, &relay).await;
        assert!(sent.iter().any(|(_, to, _)| to == "blue@players.example"));
        assert!(
            !sent.iter().any(|(_, to, _)| to == "red@players.example"),
            "{sent:?}"
        );
        let entries = server::mail_log::entries(&s.state.db, Some(id), 50)
            .await
            .unwrap();
        assert!(
            entries.iter().any(|e| e.what == "outbox failed"
                && e.address == "red@players.example"
                && e.detail
                    .contains("not sent: the address bounced earlier mail")),
            "{entries:?}"
        );

        // Red saves the address again on the profile: a new confirmation link is mailed to it
        // (the one mail a bouncing address gets), and opening it clears the bounce.
        let saved = red
            .submit(
                "/profile",
                "/profile/mail",
                &[("email", "red@players.example"), ("mail_choice", "every")],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
        let sent = drain(&s, &relay).await;
        assert_eq!(sent.len(), 1, "{sent:?}");
        assert_eq!(sent[0].1, "red@players.example");
        let body: String = sqlx::query_scalar(
            "SELECT body FROM outbox WHERE kind = 'confirm' AND to_addr = $1 ORDER BY id DESC LIMIT 1",
        )
        .bind("red@players.example")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
        let link = body
            .lines()
            .find(|l| l.starts_with("https://club.example/confirm-email/"))
            .unwrap()
            .trim_start_matches("https://club.example")
            .to_string();
        let (status, _) = s.call("GET", &link, None, None).await;
        assert_eq!(status, StatusCode::OK);
        let (_, profile) = s
            .call("GET", "/api/account/mail", Some(&seats[0]), None)
            .await;
        assert_eq!(profile["bouncing"], serde_json::Value::Null, "{profile}");
        assert!(!red.get("/profile").await.html.contains("mail-bouncing"));

        // Mailed again.
        resolve(&s, id, &gm).await;
        let sent = drain(&s, &relay).await;
        assert!(
            sent.iter().any(
                |(_, to, subject)| to == "red@players.example" && subject.contains("report of")
            ),
            "{sent:?}"
        );
    }
);

on_both!(
    a_bounce_of_an_address_since_replaced_marks_only_the_mail,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let relay = Keeping::default();
        let (_, _, seats) = s.seated_game(race(&["red"])).await;
        s.confirm_email(&seats[0], "old@players.example").await;
        let sent = drain(&s, &relay).await;
        let welcome = sent
            .iter()
            .find(|(sender, _, _)| sender.starts_with("orders+bounce-"))
            .expect("a mail with a bounce address")
            .clone();
        s.confirm_email(&seats[0], "new@players.example").await;
        let handled = receive(
            &s.state,
            &dsn(&welcome.0, "old@players.example"),
            Some(&welcome.0),
        )
        .await
        .unwrap();
        assert!(matches!(handled, Handled::Bounced(_)), "{handled:?}");
        let (_, profile) = s
            .call("GET", "/api/account/mail", Some(&seats[0]), None)
            .await;
        assert_eq!(profile["email"], "new@players.example");
        assert_eq!(profile["bouncing"], serde_json::Value::Null, "{profile}");
    }
);
