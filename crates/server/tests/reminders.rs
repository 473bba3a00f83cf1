//! Reminders and digests (issue 13), on SQLite and on PostgreSQL, with the clock in hand: a
//! seat without orders is reminded a day and two hours before the deadline, once per turn,
//! seat and stage even with two servers on one database; the per-player choice (every mail,
//! a daily digest, none) on the API and the profile page; one-click unsubscribe by token.

use crate::common::{Backend, Browser, START, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::mailbox::MailSettings;
use server::reminders::{self, SECOND, Written};
use sqlx::Row;

fn settings() -> MailSettings {
    MailSettings {
        public_url: "https://club.example".into(),
        from: "postrider@club.example".into(),
        orders_address: "orders@club.example".into(),
    }
}

/// Outbox rows of a kind: (to, subject, body, dedup key).
async fn rows(s: &TestServer, kind: &str) -> Vec<(String, String, String, Option<String>)> {
    sqlx::query("SELECT to_addr, subject, body, dedup_key FROM outbox WHERE kind = $1 ORDER BY id")
        .bind(kind)
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect()
}

async fn choose(s: &TestServer, token: &str, choice: &str) -> (StatusCode, serde_json::Value) {
    s.call(
        "POST",
        "/api/account/mail",
        Some(token),
        Some(json!({ "mail_choice": choice })),
    )
    .await
}

/// A race of three seated players; red and blue have confirmed addresses, green none.
/// The clock started when the last seat was taken: the deadline is a day after START.
async fn race_with_mail(s: &TestServer) -> (i64, String, Vec<String>) {
    let (id, gm, seats) = s.seated_game(race(&["red", "blue", "green"])).await;
    s.confirm_email(&seats[0], "red@example.net").await;
    s.confirm_email(&seats[1], "blue@example.net").await;
    (id, gm, seats)
}

async fn seal_red(s: &TestServer, id: i64, token: &str) {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/orders"),
            Some(token),
            Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "a6 b9 c8 d7"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

on_both!(
    reminders_a_day_and_two_hours_before_once_each,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, gm, seats) = race_with_mail(&s).await;
        seal_red(&s, id, &seats[0]).await;
        // More than a day before the deadline: nothing.
        assert_eq!(
            reminders::write_due(&s.state, START - 60).await.unwrap(),
            Written::default()
        );
        // A day before: blue (no orders, an address) is reminded; red has sealed, green has
        // no address.
        let first = reminders::write_due(&s.state, START).await.unwrap();
        assert_eq!(first.reminders, 1);
        let sent = rows(&s, "reminder").await;
        assert_eq!(sent.len(), 1);
        let (to, subject, body, key) = &sent[0];
        assert_eq!(to, "blue@example.net");
        assert!(
            subject.contains("blue: orders due within a day (orders for turn 1)"),
            "{subject}"
        );
        assert!(body.contains(&format!("https://club.example/games/{id}/orders")));
        assert!(
            body.contains("Reply to this mail with your orders"),
            "{body}"
        );
        // Issue 29: the first reminder gives the line-up limits and an example.
        for line in [
            "  A: 3 or 4 cards, adding up to at most 30\n",
            "  D: 3 cards, adding up to at most 16\n",
            "For example: A 10 10 10  B 8 8 9  C 3 8 9  D 5 5 6\n",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
        assert_eq!(key.as_deref(), Some(&*format!("reminder/{id}/1/1/24h")));
        // Again in the same stage: nothing more, however often the worker passes ...
        assert_eq!(
            reminders::write_due(&s.state, START + 3600).await.unwrap(),
            Written::default()
        );
        // ... and even when a server forgot that it looked (the key is unique).
        sqlx::query("UPDATE games SET reminded_turn = NULL")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(
            reminders::write_due(&s.state, START + 3600)
                .await
                .unwrap()
                .reminders,
            0
        );
        // Two hours before, two servers on one database at once: one reminder.
        let other = TestServer::on(&s.url, None, s.clock.clone()).await;
        let other_state = other.state.clone().with_mail(settings());
        let at = START + 86_400 - SECOND;
        let (a, b) = tokio::join!(
            reminders::write_due(&s.state, at),
            reminders::write_due(&other_state, at)
        );
        assert_eq!(a.unwrap().reminders + b.unwrap().reminders, 1);
        let sent = rows(&s, "reminder").await;
        assert_eq!(sent.len(), 2);
        assert!(sent[1].1.contains("orders due within two hours"));
        assert_eq!(
            sent[1].3.as_deref(),
            Some(&*format!("reminder/{id}/1/1/2h"))
        );
        // The next turn is a new turn: reminded again.
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let deadline: i64 = sqlx::query_scalar("SELECT next_deadline FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        let next = reminders::write_due(&s.state, deadline - 3600)
            .await
            .unwrap();
        // Red and blue owe turn 2; only the two-hour stage is left.
        assert_eq!(next.reminders, 2);
        let keys: Vec<Option<String>> = rows(&s, "reminder")
            .await
            .into_iter()
            .map(|r| r.3)
            .collect();
        assert!(keys.contains(&Some(format!("reminder/{id}/2/0/2h"))));
        assert!(keys.contains(&Some(format!("reminder/{id}/2/1/2h"))));
        // No reminders without mail: the game is only marked.
        let off = TestServer::on(&s.url, None, s.clock.clone()).await;
        sqlx::query("UPDATE games SET reminded_turn = NULL")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(
            reminders::write_due(&off.state, deadline - 60)
                .await
                .unwrap(),
            Written::default()
        );
    }
);

on_both!(
    games_with_nobody_to_remind_are_marked_together_and_the_others_reminded,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (reminded, gm, _) = race_with_mail(&s).await;
        // Five more races whose players gave no address: nobody to tell, in the same stage.
        let mut quiet = Vec::new();
        for k in 0..5 {
            let (id, _) = s
                .game_seated_by(&gm, race(&["a", "b"]), &format!("q{k}-"))
                .await;
            quiet.push(id);
        }
        let stages = |s: &TestServer| {
            let pool = s.state.db.pool.clone();
            async move {
                sqlx::query("SELECT id, reminded_turn, reminded_stage FROM games ORDER BY id")
                    .fetch_all(&pool)
                    .await
                    .unwrap()
                    .iter()
                    .map(|r| {
                        (
                            r.get::<i64, _>(0),
                            r.get::<Option<i64>, _>(1),
                            r.get::<Option<i64>, _>(2),
                        )
                    })
                    .collect::<Vec<_>>()
            }
        };
        let first = reminders::write_due(&s.state, START).await.unwrap();
        assert_eq!(
            first.reminders, 2,
            "red and blue of the race with addresses"
        );
        assert_eq!(rows(&s, "reminder").await.len(), 2);
        for (id, turn, stage) in stages(&s).await {
            assert_eq!(
                (turn, stage),
                (Some(1), Some(1)),
                "game {id} marked at the day's stage"
            );
        }
        assert!(quiet.iter().all(|id| *id != reminded));
        // Marked: the next pass in the stage looks at none of them.
        assert_eq!(
            reminders::write_due(&s.state, START + 60).await.unwrap(),
            Written::default()
        );
        // Two hours before: every game marked at the second stage, the race reminded again.
        let at = START + 86_400 - SECOND;
        assert_eq!(
            reminders::write_due(&s.state, at).await.unwrap().reminders,
            2
        );
        for (id, turn, stage) in stages(&s).await {
            assert_eq!((turn, stage), (Some(1), Some(2)), "game {id}");
        }
    }
);

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

/// Sets the account language of the player of `token`.
async fn read_in(s: &TestServer, token: &str, lang: &str) {
    let (status, body) = s
        .call(
            "POST",
            "/api/account/language",
            Some(token),
            Some(json!({ "lang": lang })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

// Issue 36: a player who reads Japanese gets the deadline's reminders, the GM's reminder and
// the digest in Japanese; the English reader's stay as they were.
on_both!(
    reminders_and_digests_are_in_each_readers_language,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, gm, seats) = race_with_mail(&s).await;
        read_in(&s, &seats[1], "ja").await;
        // A day before the deadline: red (English) and blue (Japanese) are reminded.
        assert_eq!(
            reminders::write_due(&s.state, START)
                .await
                .unwrap()
                .reminders,
            2
        );
        let sent = rows(&s, "reminder").await;
        let (_, subject, body, _) = sent.iter().find(|r| r.0 == "red@example.net").unwrap();
        assert!(
            subject.contains("red: orders due within a day (orders for turn 1)"),
            "{subject}"
        );
        assert!(body.starts_with("No orders from you yet for turn 1 of Tour de Test"));
        let (_, subject, body, _) = sent.iter().find(|r| r.0 == "blue@example.net").unwrap();
        assert_eq!(
            subject,
            "Tour de Test、blue：締め切りまで1日未満（第1ターンの命令）"
        );
        assert_eq!(mail::subject_turn(subject), Ok(Some(1)));
        for line in [
            "Tour de Testの第1ターンの命令がまだ届いていません。締め切りまで1日を切りました：\n",
            "（UTC）\n",
            "命令は、ウェブのフォームと同じように1行に書いてこのメールに返信するか、ゲームのページで送ってください：https://club.example/games/",
            "命令が届かなかった場合は命令未着（NMR）となり、あなたのチームはルールで決められた既定の動作をとります。\n",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
        for english in [
            "No orders",
            "Reply to this mail",
            "Without orders",
            "Deadline",
        ] {
            assert!(!body.contains(english), "{english}: {body}");
        }
        // Two hours before: the second stage, in Japanese.
        reminders::write_due(&s.state, START + 86_400 - SECOND)
            .await
            .unwrap();
        let sent = rows(&s, "reminder").await;
        assert!(
            sent.iter()
                .any(|r| r.0 == "blue@example.net" && r.1.contains("締め切りまで2時間未満")),
            "{sent:?}"
        );
        // The GM's reminder, mailed to blue in blue's language.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "remind", "seat": 1})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let sent = rows(&s, "reminder").await;
        let (_, subject, body, _) = sent.last().unwrap();
        assert_eq!(
            subject,
            "Tour de Test、blue：GM からのリマインダー（第1ターンの命令）"
        );
        assert!(
            body.starts_with("Tour de Testの GM、")
                && body.contains("第1ターンの命令がまだ届いていません。締め切りは2026年")
                && body.contains("（UTC）です。"),
            "{body}"
        );
        // The digest, in the account's language.
        let (status, _) = choose(&s, &seats[1], "digest").await;
        assert_eq!(status, StatusCode::OK);
        sqlx::query("UPDATE players SET digest_day = NULL")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(
            reminders::write_due(&s.state, START + 86_400 - 60)
                .await
                .unwrap()
                .digests,
            1
        );
        let (to, subject, body, _) = rows(&s, "digest").await.pop().unwrap();
        assert_eq!(to, "blue@example.net");
        assert_eq!(subject, "postrider：命令待ちのゲーム1件");
        assert!(
            body.starts_with("次のゲームで、あなたの命令を待っています：\n\n")
                && body.contains(
                    "- Tour de Test（ブレイキング・アウェイ）、チーム「blue」：第1ターンの命令、締め切り 2026年"
                )
                && body.contains("またはメールで orders+")
                && body.contains("このまとめは、レポートやリマインダーの代わりに1日1回届きます。"),
            "{body}"
        );
    }
);

/// The game `game` created by `gm`, each seat taken by a new player who confirmed an address
/// (`NAME@example.net`) before joining, so that each is welcomed by mail; returns the game's
/// id. The clock starts when the last seat is taken.
async fn joined_with_mail(s: &TestServer, gm: &str, game: serde_json::Value, prefix: &str) -> i64 {
    let (status, created) = s.call("POST", "/api/games", Some(gm), Some(game)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    for invite in created["invites"].as_array().unwrap() {
        let name = format!("{prefix}{}", invite["name"].as_str().unwrap());
        let token = s.player(&name).await;
        s.confirm_email(&token, &format!("{name}@example.net"))
            .await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/join"),
                Some(&token),
                Some(json!({ "invite": invite["invite"] })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    id
}

async fn deadline_of(s: &TestServer, id: i64) -> i64 {
    sqlx::query_scalar("SELECT next_deadline FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap()
}

// Issue 52: a reminder is mailed only when it says something new. In a 24-hour game the
// welcome and each report name a deadline a day away: "orders due within a day" in the same
// second would repeat them. A welcome that named no deadline yet, the two-hour stage, and a
// 72-hour game's day before still get theirs.
on_both!(
    a_reminder_is_mailed_only_when_it_says_something_new,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let gm = s.player("gm").await;
        let id = joined_with_mail(&s, &gm, race(&["red", "blue"]), "p-").await;
        let deadline = deadline_of(&s, id).await;
        assert_eq!(deadline, START + 86_400);
        // Red joined before the clock started: the welcome named no deadline. Blue's welcome
        // named this one, in this very second.
        let welcomes = rows(&s, "welcome").await;
        assert_eq!(welcomes.len(), 2);
        assert!(!welcomes[0].2.contains("Deadline: "), "{}", welcomes[0].2);
        assert!(welcomes[1].2.contains("Deadline: "), "{}", welcomes[1].2);
        let first = reminders::write_due(&s.state, START).await.unwrap();
        assert_eq!(first.reminders, 1);
        let sent = rows(&s, "reminder").await;
        assert_eq!(sent[0].0, "p-red@example.net");
        assert!(
            sent[0].1.contains("orders due within a day"),
            "{}",
            sent[0].1
        );
        // The turn played an hour later: each report names the next deadline, a day away. No
        // reminder repeats it, in the same second or later that day.
        s.clock.advance(3600);
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let deadline = deadline_of(&s, id).await;
        assert_eq!(deadline, START + 3600 + 86_400);
        assert_eq!(rows(&s, "report").await.len(), 2);
        for at in [START + 3600, START + 7200] {
            assert_eq!(
                reminders::write_due(&s.state, at).await.unwrap(),
                Written::default(),
                "at {at}"
            );
        }
        assert_eq!(rows(&s, "reminder").await.len(), 1);
        // Two hours before the deadline is news: both are reminded.
        let second = reminders::write_due(&s.state, deadline - SECOND)
            .await
            .unwrap();
        assert_eq!(second.reminders, 2);
        let sent = rows(&s, "reminder").await;
        assert!(
            sent[1..]
                .iter()
                .all(|r| r.1.contains("orders due within two hours")),
            "{sent:?}"
        );
        // A 72-hour game: the welcome named a deadline three days away, so the day before, the
        // reminder says something new.
        let mut game = race(&["green", "white"]);
        game["deadline"]["seconds"] = json!(3 * 86_400);
        let slow = joined_with_mail(&s, &gm, game, "q-").await;
        let deadline = deadline_of(&s, slow).await;
        assert_eq!(deadline, START + 3600 + 3 * 86_400);
        assert_eq!(
            reminders::write_due(&s.state, START + 3600)
                .await
                .unwrap()
                .reminders,
            0
        );
        let day_before = reminders::write_due(&s.state, deadline - 86_400)
            .await
            .unwrap();
        assert_eq!(day_before.reminders, 2);
        let keys: Vec<Option<String>> = rows(&s, "reminder")
            .await
            .into_iter()
            .map(|r| r.3)
            .collect();
        assert!(keys.contains(&Some(format!("reminder/{slow}/1/0/24h"))));
        assert!(keys.contains(&Some(format!("reminder/{slow}/1/1/24h"))));
    }
);
