//! The server's mail door, on SQLite and on PostgreSQL: confirmed addresses, order addresses
//! (rotated, renewed when a seat is freed), inbound messages stored raw and authenticated by
//! the secret in the address they were sent to, applied through the same path as the API and
//! answered in the outbox in the same transaction — the echo, or each error with how to fix it;
//! stale turns, duplicates, and malformed or unknown mail.

use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::mailbox::{Handled, MailSettings, receive};
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

on_both!(orders_by_mail, |s: TestServer| async move {
    let mut s = s;
    s.state = s.state.clone().with_mail(settings());
    let (id, gm, seats) = s.seated_game(race(&["red", "blue", "green"])).await;
    confirm(&s, &seats[0], "red@example.net").await;
    confirm(&s, &seats[1], "blue@example.net").await;
    let red = address(&s, id, &seats[0]).await;
    let blue = address(&s, id, &seats[1]).await;
    assert!(red.starts_with("orders+") && red.ends_with("@club.example") && red != blue);
    let before = outbox(&s).await.len();

    // Red's line-up and turn-1 orders in one mail, with a greeting and a signature.
    let subject = "Re: Tour de Test, red: welcome (orders for turn 1)";
    let mail = message(
        &red,
        "m1@example.net",
        subject,
        "Hi GM,\r\n\r\nA 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9 C 8 D 7\r\n\r\n-- \r\nRed\r\n",
    );
    assert_eq!(
        receive(&s.state, &mail, Some(&red)).await.unwrap(),
        Handled::Applied
    );
    let (_, sealed) = s
        .call(
            "GET",
            &format!("/api/games/{id}/orders"),
            Some(&seats[0]),
            None,
        )
        .await;
    assert_eq!(sealed["orders"], "A 6 B 9 C 8 D 7");
    let sent = outbox(&s).await;
    assert_eq!(sent.len(), before + 1);
    let (kind, to, in_reply_to, echo_subject, body) = sent.last().unwrap().clone();
    assert_eq!(kind, "echo");
    // The answer goes to the seat's confirmed address, not to the From header.
    assert_eq!(to, "red@example.net");
    assert_eq!(in_reply_to.as_deref(), Some("m1@example.net"));
    assert_eq!(
        echo_subject,
        "Tour de Test, red: orders as read (orders for turn 1)"
    );
    assert!(body.contains("Line-up sealed: A 4 5 6"), "{body}");
    assert!(
        body.contains("Orders sealed for turn 1, as read:\n  A 6 B 9 C 8 D 7"),
        "{body}"
    );
    // The raw message is stored as it came.
    let raw: Vec<u8> =
        sqlx::query("SELECT raw FROM inbound_mail WHERE message_id = 'm1@example.net'")
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap()
            .get(0);
    assert_eq!(raw, mail);

    // The same message delivered again: ignored.
    assert_eq!(
        receive(&s.state, &mail, Some(&red)).await.unwrap(),
        Handled::Duplicate
    );
    assert_eq!(outbox(&s).await.len(), before + 1);

    // Red amends its orders: sealed again, echoed again.
    let amend = message(&red, "m2@example.net", subject, "A 5 B 9 C 8 D 7\n");
    assert_eq!(
        receive(&s.state, &amend, None).await.unwrap(),
        Handled::Applied
    );
    let (_, sealed) = s
        .call(
            "GET",
            &format!("/api/games/{id}/orders"),
            Some(&seats[0]),
            None,
        )
        .await;
    assert_eq!(sealed["orders"], "A 5 B 9 C 8 D 7");

    // Blue's bad order: answered with the error and how to fix it; nothing sealed.
    let bad = message(
        &blue,
        "m3@example.net",
        subject,
        "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\nA 6 X 9\n",
    );
    assert_eq!(
        receive(&s.state, &bad, Some(&blue)).await.unwrap(),
        Handled::Refused
    );
    let (kind, to, _, subject_line, body) = outbox(&s).await.pop().unwrap();
    assert_eq!(
        (kind.as_str(), to.as_str()),
        ("refusal", "blue@example.net")
    );
    assert!(subject_line.ends_with("orders not applied (orders for turn 1)"));
    assert!(
        body.contains("- \"A 6 X 9\": \"X\" is not a rider"),
        "{body}"
    );
    assert!(body.contains("How to fix it:"), "{body}");
    let (_, sealed) = s
        .call(
            "GET",
            &format!("/api/games/{id}/orders"),
            Some(&seats[1]),
            None,
        )
        .await;
    assert!(sealed["orders"].is_null(), "{sealed}");
    // The rules refuse too (a card not in the line-up): the lifecycle's error, answered.
    let illegal = message(
        &blue,
        "m4@example.net",
        subject,
        "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\nA 12 B 9 C 8 D 7\n",
    );
    assert_eq!(
        receive(&s.state, &illegal, Some(&blue)).await.unwrap(),
        Handled::Refused
    );
    let body = outbox(&s).await.pop().unwrap().4;
    assert!(body.contains("- orders:"), "{body}");

    // The GM resolves turn 1: each seat with a confirmed address gets its own report.
    let (status, _) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(json!({"action": "resolve"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let reports: Vec<Sent> = outbox(&s)
        .await
        .into_iter()
        .filter(|m| m.0 == "report")
        .collect();
    assert_eq!(reports.len(), 2, "green has no address");
    assert_eq!(
        reports[0].3,
        "Tour de Test, red: report of turn 1 (orders for turn 2)"
    );
    assert!(
        reports[0].4.contains("orders for turn 2"),
        "{}",
        reports[0].4
    );

    // A reply to turn 1's mail now: stale, answered, not applied.
    let stale = message(&red, "m5@example.net", subject, "A 9\n");
    assert_eq!(
        receive(&s.state, &stale, Some(&red)).await.unwrap(),
        Handled::Refused
    );
    let (_, _, _, subject_line, body) = outbox(&s).await.pop().unwrap();
    assert!(
        body.contains("these orders are for turn 1, but turn 2 is open"),
        "{body}"
    );
    assert!(subject_line.ends_with("(orders for turn 2)"));

    // Unknown secrets, plain addresses from unconfirmed senders and malformed mail naming no
    // seat are dropped, unanswered.
    let count = outbox(&s).await.len();
    let forged = message(
        "orders+0000@club.example",
        "m6@example.net",
        subject,
        "A 9\n",
    );
    assert!(matches!(
        receive(&s.state, &forged, None).await.unwrap(),
        Handled::Dropped(_)
    ));
    let plain = message("orders@club.example", "m7@example.net", subject, "A 9\n");
    assert!(matches!(
        receive(&s.state, &plain, None).await.unwrap(),
        Handled::Dropped(_)
    ));
    assert!(matches!(
        receive(&s.state, b"", None).await.unwrap(),
        Handled::Dropped(_)
    ));
    assert_eq!(outbox(&s).await.len(), count);
    // Malformed mail to a seat's address is answered to its player (this test pinned a silent
    // drop before unreadable mail to a seat was answered).
    assert_eq!(
        receive(&s.state, b"", Some(&red)).await.unwrap(),
        Handled::Refused
    );
    let (kind, to, _, _, body) = outbox(&s).await.pop().unwrap();
    assert_eq!((kind.as_str(), to.as_str()), ("refusal", "red@example.net"));
    assert!(body.contains("- message: no headers"), "{body}");
    let statuses: Vec<String> = sqlx::query_scalar("SELECT status FROM inbound_mail ORDER BY id")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        statuses,
        [
            "applied",
            "duplicate",
            "applied",
            "refused",
            "refused",
            "refused",
            "dropped",
            "dropped",
            "dropped",
            "refused"
        ]
    );

    // Rotating the address: the old one stops working.
    let (status, rotated) = s
        .call(
            "POST",
            &format!("/api/games/{id}/mail-address"),
            Some(&seats[0]),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(rotated["address"], red.as_str());
    let old = message(&red, "m8@example.net", "orders for turn 2", "A 9\n");
    assert!(matches!(
        receive(&s.state, &old, None).await.unwrap(),
        Handled::Dropped(_)
    ));
    // Freeing a seat gives it a new address as well as a new invitation.
    let blue_before = address(&s, id, &seats[1]).await;
    let (status, _) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(json!({"action": "free", "seat": 1})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let secret: String =
        sqlx::query_scalar("SELECT mail_secret FROM seats WHERE game_id = $1 AND seat = 1")
            .bind(id)
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
    assert!(!blue_before.contains(&secret));
});

on_both!(
    web_orders_are_echoed_and_mail_needs_the_server_on,
    |s: TestServer| async move {
        // Without mail on the server, no address can be given.
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let (status, body) = s.give_email(&seats[0], "a@b.c").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            body["error"],
            "email: mail is off on this server (serve --smtp)"
        );
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        for bad in ["no-at-sign", "a@b@c", "a b@c.d", "<a@b.c>"] {
            let (status, body) = s.give_email(&seats[0], bad).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        }
        confirm(&s, &seats[0], "red@example.net").await;
        // Orders sealed on the web are mailed back as read.
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "a6 b9 c8 d7"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (kind, to, in_reply_to, _, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), to.as_str(), in_reply_to),
            ("echo", "red@example.net", None)
        );
        assert!(body.contains("A 6 B 9 C 8 D 7"), "{body}");
    }
);

on_both!(
    the_game_page_shows_and_renews_the_order_address,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let gm = s.player("gm").await;
        let (_, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(race(&["red", "blue"])),
            )
            .await;
        let id = created["id"].as_i64().unwrap();
        let mut browser = crate::common::Browser::new(&s);
        browser.register("ann").await;
        let (_, login) = s
            .call(
                "POST",
                "/api/login",
                None,
                Some(json!({"name": "ann", "password": "correct horse battery"})),
            )
            .await;
        let token = login["token"].as_str().unwrap().to_string();
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/join"),
                Some(&token),
                Some(json!({"invite": created["invites"][0]["invite"]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let before = address(&s, id, &token).await;
        // On the seat's settings, a link away from the game page (issue 51).
        let page = browser.get(&format!("/games/{id}/seat")).await;
        assert!(
            page.html.contains(&format!("<code>{before}</code>")),
            "{}",
            page.html
        );
        let path = format!("/games/{id}/seat");
        let renew = format!("/games/{id}/mail-address");
        let renewed = browser.submit(&path, &renew, &[]).await;
        assert_eq!(renewed.status, StatusCode::SEE_OTHER, "{}", renewed.html);
        let after = address(&s, id, &token).await;
        assert_ne!(before, after);
        assert!(browser.get(&path).await.html.contains(&after));
        // Without the page's token, nothing changes.
        let forged = browser.post_raw(&renew, &[]).await;
        assert_eq!(forged.status, StatusCode::FORBIDDEN);
        assert_eq!(address(&s, id, &token).await, after);
    }
);

on_both!(the_gm_mails_an_invitation, |s: TestServer| async move {
    let gm = s.player("gm").await;
    let (_, created) = s
        .call(
            "POST",
            "/api/games",
            Some(&gm),
            Some(race(&["red", "blue"])),
        )
        .await;
    let id = created["id"].as_i64().unwrap();
    let invite = json!({"action": "invite", "seat": 1, "email": "friend@example.org"});
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(invite.clone()),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "mail is off: {body}");
    let mut s = s;
    s.state = s.state.clone().with_mail(settings());
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(invite),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (kind, to, _, subject, body) = outbox(&s).await.pop().unwrap();
    assert_eq!(
        (kind.as_str(), to.as_str()),
        ("invitation", "friend@example.org")
    );
    assert_eq!(subject, "Tour de Test: an invitation to play blue");
    let link = format!(
        "https://club.example/games/{id}/join?invite={}",
        created["invites"][1]["invite"].as_str().unwrap()
    );
    assert!(body.contains(&link), "{body}");
    // A GM who reads Japanese invites in Japanese (the address may belong to nobody yet).
    let (status, _) = s
        .call(
            "POST",
            "/api/account/language",
            Some(&gm),
            Some(json!({"lang": "ja"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(json!({"action": "invite", "seat": 0, "email": "tomo@example.jp"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, to, _, subject, body) = outbox(&s).await.pop().unwrap();
    assert_eq!(to, "tomo@example.jp");
    assert_eq!(subject, "Tour de Test：redとしての参加のご招待");
    assert!(
        body.starts_with("gmさんから、postrider で行われるブレイキング・アウェイのゲーム「Tour de Test」に、チーム「red」として参加するご招待です。"),
        "{body}"
    );
    assert!(body.contains("/join?invite="), "{body}");
    s.call(
        "POST",
        "/api/account/language",
        Some(&gm),
        Some(json!({"lang": "en"})),
    )
    .await;
    // Only the GM invites, and only to an open seat with a real address.
    let (status, _) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(json!({"action": "invite", "seat": 0, "email": "not an address"})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // The console offers the form for open seats.
    let mut browser = crate::common::Browser::new(&s);
    let (_, login) = s
        .call(
            "POST",
            "/api/login",
            None,
            Some(json!({"name": "gm", "password": "correct horse battery"})),
        )
        .await;
    browser.cookies.insert(
        server::auth::SESSION_COOKIE.into(),
        login["token"].as_str().unwrap().into(),
    );
    let console = browser.get(&format!("/games/{id}/gm")).await;
    assert!(
        console.html.contains("Mail the invitation"),
        "{}",
        console.html
    );
});

/// The status and note of the inbound rows, in order.
async fn inbound(s: &TestServer) -> Vec<(String, Option<String>)> {
    sqlx::query("SELECT status, note FROM inbound_mail ORDER BY id")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

// Fails with the old global de-duplication before the secret was checked: the second seat's
// delivery was ignored as a duplicate, and a mail to a wrong secret used up the Message-ID.
on_both!(
    message_ids_are_deduplicated_per_seat_after_the_secret,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        confirm(&s, &seats[1], "blue@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let blue = address(&s, id, &seats[1]).await;
        let subject = "Re: Tour de Test (orders for turn 1)";
        let body = "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\nA 6 B 9 C 8 D 7\n";

        // A wrong secret first: dropped, and the Message-ID is not used up.
        let forged = message(
            "orders+00ff@club.example",
            "both@example.net",
            subject,
            body,
        );
        assert!(matches!(
            receive(&s.state, &forged, Some("orders+00ff@club.example"))
                .await
                .unwrap(),
            Handled::Dropped(_)
        ));
        // One mail to both seats' addresses, delivered once per recipient (as Postfix does).
        let mail = message(&format!("{red}, {blue}"), "both@example.net", subject, body);
        for (address, token) in [(&red, &seats[0]), (&blue, &seats[1])] {
            assert_eq!(
                receive(&s.state, &mail, Some(address)).await.unwrap(),
                Handled::Applied,
                "{address}"
            );
            let (_, sealed) = s
                .call("GET", &format!("/api/games/{id}/orders"), Some(token), None)
                .await;
            assert_eq!(sealed["orders"], "A 6 B 9 C 8 D 7");
        }
        // Delivered again to red: a duplicate, logged in its row, not applied twice.
        let echoes = outbox(&s).await.len();
        assert_eq!(
            receive(&s.state, &mail, Some(&red)).await.unwrap(),
            Handled::Duplicate
        );
        assert_eq!(outbox(&s).await.len(), echoes);
        let rows = inbound(&s).await;
        let statuses: Vec<&str> = rows.iter().map(|(status, _)| status.as_str()).collect();
        assert_eq!(statuses, ["dropped", "applied", "applied", "duplicate"]);
        let note = rows[3].1.as_deref().unwrap();
        assert!(
            note.contains("both@example.net") && note.contains("is inbound mail 2 (applied)"),
            "{note}"
        );
    }
);

// Exim's spam headers (as cPanel adds them), a space before a colon and a reply quoting a
// long report: read as the message they are. Fails with the old `is_message`, which took the
// headers for the body (every header with a digit a mistaken order) and then refused the
// "body" as too large, an error `mail-in` turned into exit 75 (the MTA retried for days).
on_both!(
    real_headers_and_a_long_quoted_reply_are_applied,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let quoted: String = (0..2_000)
            .map(|k| {
                format!(
                    "> red   A {} B 9 C 9 D 6   (turn {k} of an earlier report)\r\n",
                    k % 12 + 1
                )
            })
            .collect();
        let raw = format!(
            "Received : from phone.example.net (phone.example.net [192.0.2.7])\r\n\tby mx.club.example with esmtps (Exim 4.97)\r\n\
             X-Spam_score: 2.1\r\nX-Spam_score_int: 21\r\nX-Spam_bar: ++\r\n\
             X-Spam_report: Spam detection software, running on the system \"mx.club.example\",\r\n has 2.1 points\r\n\
             From: Red <someone@example.net>\r\nTo: {red}\r\nSubject: Re: Tour de Test (orders for turn 1)\r\n\
             Message-ID: <exim@example.net>\r\nDate: Sun, 22 Nov 2026 12:00:00 +0000\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\n\
             A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9 C 8 D 7\r\n\r\nOn Sat, 21 Nov 2026, postrider wrote:\r\n{quoted}"
        );
        assert!(raw.len() > 100 * 1024);
        assert_eq!(
            receive(&s.state, raw.as_bytes(), Some(&red)).await.unwrap(),
            Handled::Applied
        );
        let (_, sealed) = s
            .call(
                "GET",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert_eq!(sealed["orders"], "A 6 B 9 C 8 D 7");
    }
);

// A message too large to read, sent to a seat's address: its player is told at the confirmed
// address (not the From), instead of a silent drop.
on_both!(
    an_unreadable_mail_to_a_seat_is_answered,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let huge = message(
            &red,
            "huge@example.net",
            "orders for turn 1",
            &"x".repeat(mail::message::MAX_MESSAGE),
        );
        assert_eq!(
            receive(&s.state, &huge, Some(&red)).await.unwrap(),
            Handled::Refused
        );
        let (kind, to, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!((kind.as_str(), to.as_str()), ("refusal", "red@example.net"));
        assert!(
            subject.ends_with("orders not applied (orders for turn 1)"),
            "{subject}"
        );
        assert!(
            body.contains("larger than the 1048576 bytes an orders mail may have"),
            "{body}"
        );
        // Without an envelope recipient naming a seat, nobody is known to answer: dropped.
        assert!(matches!(
            receive(&s.state, &huge, None).await.unwrap(),
            Handled::Dropped(_)
        ));
    }
);

// Fails with the old door, which dropped such mail in silence: a new mail to the bare order
// address from a confirmed address is answered there with how to send orders (the player's
// seats' addresses); from anyone else, or again within the hour, it is dropped.
on_both!(
    a_mail_to_the_bare_order_address_is_answered_only_to_a_confirmed_address,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let bare = |from: &str, message_id: &str| {
            format!(
                "From: {from}\r\nTo: orders@club.example\r\nSubject: my orders\r\n\
                 Message-ID: <{message_id}>\r\n\r\nA 6 B 9 C 8 D 7\r\n"
            )
            .into_bytes()
        };
        let before = outbox(&s).await.len();
        let stranger = bare("Someone <someone@example.net>", "b1@example.net");
        assert!(matches!(
            receive(&s.state, &stranger, Some("orders@club.example"))
                .await
                .unwrap(),
            Handled::Dropped(_)
        ));
        assert_eq!(
            outbox(&s).await.len(),
            before,
            "no mail to an unconfirmed sender"
        );
        let player = bare("Red <RED@example.net>", "b2@example.net");
        assert_eq!(
            receive(&s.state, &player, Some("orders@club.example"))
                .await
                .unwrap(),
            Handled::Refused
        );
        let (kind, to, in_reply_to, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (
                kind.as_str(),
                to.as_str(),
                in_reply_to.as_deref(),
                subject.as_str()
            ),
            (
                "howto",
                "red@example.net",
                Some("b2@example.net"),
                "How to send orders"
            )
        );
        assert!(
            body.contains(&format!("Tour de Test, red: {red}")),
            "{body}"
        );
        let (_, sealed) = s
            .call(
                "GET",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert!(sealed["orders"].is_null(), "nothing is applied: {sealed}");
        // Again within the hour: not answered twice.
        let again = bare("red@example.net", "b3@example.net");
        assert!(matches!(
            receive(&s.state, &again, Some("orders@club.example"))
                .await
                .unwrap(),
            Handled::Dropped(_)
        ));
        assert_eq!(outbox(&s).await.len(), before + 1);
    }
);

// Issue 36: a player who reads Japanese gets every answer of the mail door in Japanese — the
// confirmation, the welcome, the echo of full-width orders sent in reply to the Japanese
// subject, the refusal, the press receipt and how to send orders — and none in English.
on_both!(
    a_japanese_reader_is_answered_in_japanese,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let gm = s.player("gm").await;
        let (status, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(race(&["red", "blue"])),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let blue = s.player("p-blue").await;
        let (status, body) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&blue),
                Some(json!({"lang": "ja"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        confirm(&s, &blue, "blue@example.net").await;
        let confirmation = outbox(&s)
            .await
            .into_iter()
            .find(|m| m.0 == "confirm")
            .unwrap();
        assert_eq!(confirmation.3, "postrider：メールアドレスの確認");
        assert!(
            confirmation
                .4
                .contains("48時間以内に次のリンクを開いてください：\n\nhttps://"),
            "{}",
            confirmation.4
        );
        for (k, token) in [s.player("p-red").await, blue.clone()].iter().enumerate() {
            let (status, body) = s
                .call(
                    "POST",
                    &format!("/api/games/{id}/join"),
                    Some(token),
                    Some(json!({ "invite": created["invites"][k]["invite"] })),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (kind, to, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), to.as_str(), subject.as_str()),
            (
                "welcome",
                "blue@example.net",
                "Tour de Test、blue：ようこそ（第1ターンの命令）"
            )
        );
        assert!(
            body.starts_with(
                "p-blueさん、Tour de Testへようこそ。このBreaking Awayのゲームで、あなたはチーム「blue」を担当します。\n締め切り：2026年"
            ),
            "{body}"
        );
        assert!(
            body.contains("命令はこのメールに返信して送ってください"),
            "{body}"
        );
        // The first orders' help too: the line-up's limits and an example.
        for line in [
            "レースの前に、各選手のスタート時の手札を1〜15の数で選んでください（郵便ルール3.1）：\n",
            "例：",
            "命令のない選手は手札の最大のカードを出します。",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
        assert!(!body.contains("Before the race"), "{body}");
        // Full-width orders in reply to the Japanese subject: read, and echoed in Japanese.
        let to_blue = address(&s, id, &blue).await;
        let reply = |id: &str, body: &str| {
            message(
                &to_blue,
                id,
                "Re: Tour de Test、blue：ようこそ（第1ターンの命令）",
                body,
            )
        };
        let handled = receive(
            &s.state,
            &reply(
                "ja1@example.net",
                "Ａ　４　５　６　Ｂ　９　９　７　Ｃ　６　８　５　Ｄ　７　５　４\nＡ　６　Ｂ　９　Ｃ　８　Ｄ　７\n",
            ),
            Some(&to_blue),
        )
        .await
        .unwrap();
        assert_eq!(handled, Handled::Applied);
        let (kind, _, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), subject.as_str()),
            (
                "echo",
                "Tour de Test、blue：読み取った命令（第1ターンの命令）"
            )
        );
        for line in [
            "スタート時の手札を封印しました：",
            "第1ターンの命令を、次のとおり読み取って封印しました：\n",
            "\n締め切りまでは、このメールに返信して命令を変更できます。最後に封印した命令が有効です。\n締め切り：2026年",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
        // Orders that do not read: refused, in Japanese (the rules' own error as they give it).
        let handled = receive(
            &s.state,
            &reply("ja2@example.net", "Ａ　１０　Ｅ　６\n"),
            Some(&to_blue),
        )
        .await
        .unwrap();
        assert_eq!(handled, Handled::Refused);
        let (kind, _, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), subject.as_str()),
            (
                "refusal",
                "Tour de Test、blue：命令は未適用（第1ターンの命令）"
            )
        );
        assert!(
            body.starts_with("メールの内容は適用されませんでした。何も封印していません。\n\n- "),
            "{body}"
        );
        assert!(
            body.contains("\n直し方：ウェブのフォームと同じように"),
            "{body}"
        );
        // The line that does not read is quoted as typed, and why in Japanese.
        assert!(body.contains("- 「Ａ　１０　Ｅ　６」："), "{body}");
        assert!(!body.contains("is not a rider"), "{body}");
        // Press alone: its receipt.
        let handled = receive(
            &s.state,
            &reply("ja3@example.net", "Press:\n坂で会いましょう。\n"),
            Some(&to_blue),
        )
        .await
        .unwrap();
        assert_eq!(handled, Handled::Applied);
        let (kind, _, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), subject.as_str()),
            ("press", "Tour de Test、blue：プレス（第1ターンの命令）")
        );
        assert!(
            body.starts_with("メールのプレス：\n\n- 掲載しました：")
                && body.contains("「坂で会いましょう。」")
                && body.contains("「Orders:」の行で終わります。"),
            "{body}"
        );
        // A mail to the bare order address: how to send orders, in Japanese.
        let bare = b"From: blue@example.net\r\nTo: orders@club.example\r\nSubject: orders\r\n\
              Message-ID: <ja4@example.net>\r\n\r\nA 6 B 9 C 8 D 7\r\n";
        assert_eq!(
            receive(&s.state, bare, Some("orders@club.example"))
                .await
                .unwrap(),
            Handled::Refused
        );
        let (kind, _, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!((kind.as_str(), subject.as_str()), ("howto", "命令の送り方"));
        assert!(
            body.contains(&format!(
                "。あなたの席のアドレス：\n\n  Tour de Test、blue：{to_blue}\n"
            )),
            "{body}"
        );
        for (_, to, _, subject, body) in outbox(&s).await {
            if to == "blue@example.net" {
                for english in ["Your mail", "Reply to", "How to fix", "Deadline", "Welcome"] {
                    assert!(
                        !subject.contains(english) && !body.contains(english),
                        "{english}: {subject}\n{body}"
                    );
                }
            }
        }
    }
);

// Fails on PostgreSQL without the NUL replaced (issue 50): a NUL in the From, the Message-ID,
// a line of orders or a press line made the insert fail, so `receive` returned an error (the
// MTA's 75, the SMTP door's 451) after storing the raw mail, and every redelivery stored
// another row and failed again. Now both databases answer each mail once, as SQLite did.
on_both!(
    a_nul_anywhere_in_a_mail_is_answered,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let subject = "Re: Tour de Test (orders for turn 1)";
        let orders = "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9 C 8 D 7\r\n";
        let mail = |from: &str, message_id: &str, body: &str| {
            format!(
            "From: {from}\r\nTo: {red}\r\nSubject: {subject}\r\nMessage-ID: <{message_id}>\r\n\r\n{body}"
        )
        .into_bytes()
        };
        let cases = [
            (
                "From",
                mail("Red <red\0@example.net>", "from@example.net", orders),
                Handled::Applied,
            ),
            (
                "Message-ID",
                mail("red@example.net", "id\0@example.net", orders),
                Handled::Applied,
            ),
            (
                "orders",
                mail(
                    "red@example.net",
                    "orders@example.net",
                    "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9\0 C 8 D 7\r\n",
                ),
                Handled::Refused,
            ),
            (
                "press",
                mail(
                    "red@example.net",
                    "press@example.net",
                    "Press:\r\nA fine\0 day for a race.\r\n",
                ),
                Handled::Applied,
            ),
        ];
        for (n, (place, raw, outcome)) in cases.iter().enumerate() {
            let handled = receive(&s.state, raw, Some(&red)).await;
            assert_eq!(handled.as_ref().ok(), Some(outcome), "{place}: {handled:?}");
            assert_eq!(inbound(&s).await.len(), n + 1, "{place}: one row");
        }
        // Delivered again: known by its Message-ID as read (NUL replaced), not a new mail.
        assert_eq!(
            receive(&s.state, &cases[1].1, Some(&red)).await.unwrap(),
            Handled::Duplicate
        );
        let (_, sealed) = s
            .call(
                "GET",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert_eq!(sealed["orders"], "A 6 B 9 C 8 D 7");
        let sent = outbox(&s).await;
        let (_, _, _, _, body) = sent.iter().find(|m| m.0 == "refusal").unwrap();
        assert!(body.contains("A 6 B 9\u{fffd} C 8 D 7"), "{body}");
        let press: String = sqlx::query_scalar("SELECT body FROM press ORDER BY id DESC LIMIT 1")
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(press, "A fine\u{fffd} day for a race.");
    }
);

// Fails with the old door, which searched the headers after the envelope recipient: a mail
// delivered to the bare order address (`mail-in --recipient orders@…`) was applied to the seat
// whose address its To named. The envelope recipient, when given, is the only one read.
on_both!(
    the_envelope_recipient_alone_names_the_seat,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let red = address(&s, id, &seats[0]).await;
        let raw = message(
            &red,
            "bare@example.net",
            "Re: Tour de Test (orders for turn 1)",
            "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9 C 8 D 7\r\n",
        );
        let handled = receive(&s.state, &raw, Some("orders@club.example"))
            .await
            .unwrap();
        assert!(matches!(handled, Handled::Dropped(_)), "{handled:?}");
        let (_, sealed) = s
            .call(
                "GET",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert!(sealed["orders"].is_null(), "{sealed}");
        // Without an envelope recipient, the headers are searched as before.
        assert_eq!(
            receive(&s.state, &raw, None).await.unwrap(),
            Handled::Applied
        );
    }
);
