//! Orders by mail: applied through the same path as the API and answered in the outbox (the
//! echo, or each error with how to fix it; stale turns, forgeries), web orders echoed, and the
//! order address shown on the game page and renewed.

use super::{Sent, address, confirm, message, outbox, settings};
use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::mailbox::{Handled, receive};
use sqlx::Row;

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
