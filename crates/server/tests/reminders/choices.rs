//! The per-player choice (every mail, a daily digest, none) on the API and the profile page,
//! one-click unsubscribe by token, and the welcome mail.

use super::{choose, race_with_mail, rows, seal_red, settings};
use crate::common::{Backend, Browser, START, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::reminders::{self};

on_both!(every_digest_or_none, |s: TestServer| async move {
    let mut s = s;
    s.state = s.state.clone().with_mail(settings());
    let (id, gm, seats) = race_with_mail(&s).await;
    s.confirm_email(&seats[2], "green@example.net").await;
    let (status, body) = s
        .call("GET", "/api/account/mail", Some(&seats[1]), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["mail_choice"], "every");
    assert_eq!(body["email"], "blue@example.net");
    let (status, body) = choose(&s, &seats[1], "digest").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["mail_choice"], "digest");
    let (status, _) = choose(&s, &seats[2], "none").await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = choose(&s, &seats[2], "weekly").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().contains("mail_choice"),
        "{body}"
    );
    // A day before the deadline, 12:00 UTC: red (every) is reminded, blue gets the
    // digest, green nothing.
    let written = reminders::write_due(&s.state, START).await.unwrap();
    assert_eq!((written.reminders, written.digests), (1, 1));
    assert_eq!(rows(&s, "reminder").await[0].0, "red@example.net");
    let digests = rows(&s, "digest").await;
    assert_eq!(digests.len(), 1);
    let (to, subject, body, _) = &digests[0];
    assert_eq!(to, "blue@example.net");
    assert_eq!(subject, "postrider: orders due in 1 game");
    assert!(
        body.contains("Tour de Test (Breaking Away), team blue: orders for turn 1"),
        "{body}"
    );
    assert!(body.contains(&format!("https://club.example/games/{id}/orders")));
    assert!(body.contains("or mail them to orders+"));
    // Once a day.
    assert_eq!(
        reminders::write_due(&s.state, START + 3 * 3600)
            .await
            .unwrap()
            .digests,
        0
    );
    // Orders on the web are echoed unless the player wants no mail.
    seal_red(&s, id, &seats[0]).await;
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/orders"),
            Some(&seats[2]),
            Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "a6 b9 c8 d7"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let echoes: Vec<String> = rows(&s, "echo").await.into_iter().map(|r| r.0).collect();
    // Reports go to red only.
    let (status, _) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(json!({"action": "resolve"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let reports: Vec<String> = rows(&s, "report").await.into_iter().map(|r| r.0).collect();
    assert_eq!(reports, ["red@example.net"]);
    assert_eq!(echoes, ["red@example.net"]);
});

on_both!(one_click_unsubscribe, |s: TestServer| async move {
    let mut s = s;
    s.state = s.state.clone().with_mail(settings());
    let (_, _, seats) = race_with_mail(&s).await;
    let token: String =
        sqlx::query_scalar("SELECT unsubscribe_token FROM players WHERE email = 'red@example.net'")
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
    assert_eq!(token.len(), 30);
    // Opened in a browser: a button, nothing changed yet (mail scanners open links).
    let (status, page) = s
        .call("GET", &format!("/unsubscribe/{token}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.as_str().unwrap().contains("<button"));
    let (_, body) = s
        .call("GET", "/api/account/mail", Some(&seats[0]), None)
        .await;
    assert_eq!(body["mail_choice"], "every");
    // The one-click POST (RFC 8058), with no login: the choice is none.
    let (status, _) = s
        .call("POST", &format!("/unsubscribe/{token}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = s
        .call("GET", "/api/account/mail", Some(&seats[0]), None)
        .await;
    assert_eq!(body["mail_choice"], "none");
    assert_eq!(body["email"], "red@example.net");
    let (status, _) = s.call("POST", "/unsubscribe/nosuchtoken", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
});

on_both!(
    mail_settings_on_the_profile_page,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let mut b = Browser::new(&s);
        b.register("walker").await;
        let page = b.get("/profile").await;
        assert!(page.html.contains(r#"id="mail-none""#), "{}", page.html);
        let page = b
            .submit(
                "/profile",
                "/profile/mail",
                &[("email", "walker@example.net"), ("mail_choice", "digest")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
        let confirms = rows(&s, "confirm").await;
        assert_eq!(confirms.len(), 1);
        assert_eq!(confirms[0].0, "walker@example.net");
        let page = b.get("/profile").await;
        assert!(page.html.contains(r#"id="mail-pending""#));
        assert!(page.html.contains(r#"value="digest" checked"#));
        // The same address again writes no second confirmation; a bad one is refused in one line.
        let page = b
            .submit(
                "/profile",
                "/profile/mail",
                &[("email", "walker@example.net"), ("mail_choice", "every")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(rows(&s, "confirm").await.len(), 1);
        let page = b
            .submit(
                "/profile",
                "/profile/mail",
                &[("email", "not an address"), ("mail_choice", "every")],
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(page.html.contains(r#"class="error""#), "{}", page.html);
        // The link mailed confirms the address.
        let link = rows(&s, "confirm").await[0]
            .2
            .lines()
            .find(|l| l.starts_with("https://club.example/confirm-email/"))
            .unwrap()
            .to_string();
        let page = b.get(link.trim_start_matches("https://club.example")).await;
        assert_eq!(page.status, StatusCode::OK);
        let page = b.get("/profile").await;
        assert!(page.html.contains(r#"id="mail-confirmed""#));
    }
);

on_both!(
    the_welcome_gives_the_line_up_limits_and_an_example,
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
        let red = s.player("p-red").await;
        s.confirm_email(&red, "red@example.net").await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/join"),
                Some(&red),
                Some(json!({ "invite": created["invites"][0]["invite"] })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (to, _, body, _) = rows(&s, "welcome").await.pop().unwrap();
        assert_eq!(to, "red@example.net");
        for line in [
            "Before the race, choose each rider's starting cards, numbers from 1 to 15 (postal 3.1):\n",
            "  B: 3 cards, adding up to at most 25\n",
            "  C: 3 cards, adding up to at most 20\n",
            "For example: A 10 10 10  B 8 8 9  C 3 8 9  D 5 5 6\n",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
    }
);
