//! A game's webhook (issue 13), on SQLite and on PostgreSQL: the GM sets it (API and console),
//! "turn resolved" and "deadline soon" go through the outbox as JSON both Discord and Slack
//! take, to a real HTTP receiver (axum on a loopback port in this test); a receiver that fails
//! is tried again, one that answers 404 is given up; webhooks go out without mail.

use std::sync::Arc;

use crate::common::receiver::Receiver;
use crate::common::{self, Backend, Browser, START, TestServer, race};
use axum::http::StatusCode;
use serde_json::{Value, json};
use server::mailbox::MailSettings;
use server::outbox::{Drained, Smtp, backoff, drain_once};
use server::reminders::{self, SECOND};
use server::{AppState, Config};

/// The game's webhook endpoint: every JSON body posted to it kept, answered 200 at first.
async fn receiver() -> Receiver {
    common::receiver::receiver("/hooks/{id}", "/hooks/42", 200).await
}

/// A relay nobody listens on: no mail is expected in these tests.
fn no_relay() -> std::sync::Arc<Smtp> {
    std::sync::Arc::new(Smtp::new("smtp://127.0.0.1:9", None).unwrap())
}

async fn set_hook(s: &TestServer, id: i64, gm: &str, url: Option<&str>) -> (StatusCode, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/gm"),
        Some(gm),
        Some(json!({"action": "webhook", "url": url})),
    )
    .await
}

on_both!(
    turn_resolved_and_deadline_soon,
    |s: TestServer| async move {
        // Mail is off on this server: webhooks go out all the same.
        let hook = receiver().await;
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        let (status, body) = set_hook(&s, id, &gm, Some("ftp://example.org/x")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body["error"].as_str().unwrap().starts_with("webhook: "),
            "{body}"
        );
        // Only the GM sets or reads it.
        let (status, _) = set_hook(&s, id, &seats[0], Some(&hook.url)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = set_hook(&s, id, &gm, Some(&hook.url)).await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = s
            .call("GET", &format!("/api/games/{id}/webhook"), Some(&gm), None)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["webhook"], hook.url.as_str());

        // A day before the deadline: "deadline soon", naming the seats without orders.
        let written = reminders::write_due(&s.state, START).await.unwrap();
        assert_eq!(written.webhooks, 1);
        assert_eq!(written.reminders, 0);
        let drained = drain_once(&s.state, &no_relay(), "w", START).await.unwrap();
        assert_eq!(drained.sent, 1);
        {
            let posts = hook.json();
            let text = posts[0]["content"].as_str().unwrap();
            assert_eq!(posts[0]["text"], posts[0]["content"]);
            assert!(
                text.contains("**Tour de Test**: the deadline of turn 1 is in less than a day"),
                "{text}"
            );
            assert!(text.contains("Still without orders: red, blue."), "{text}");
        }
        // Once per turn and stage, with two servers at it.
        let other = TestServer::on(&s.url, None, s.clock.clone()).await;
        sqlx::query("UPDATE games SET reminded_turn = NULL")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        let (a, b) = tokio::join!(
            reminders::write_due(&s.state, START + 60),
            reminders::write_due(&other.state, START + 60)
        );
        assert_eq!(a.unwrap().webhooks + b.unwrap().webhooks, 0);
        let at = START + 86_400 - SECOND;
        assert_eq!(
            reminders::write_due(&s.state, at).await.unwrap().webhooks,
            1
        );

        // The receiver fails (500): tried again after the back-off, then sent once.
        *hook.answer.lock().unwrap() = 500;
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", at).await.unwrap(),
            Drained {
                sent: 0,
                retried: 1,
                given_up: 0
            }
        );
        *hook.answer.lock().unwrap() = 204;
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", at + backoff(1))
                .await
                .unwrap()
                .sent,
            1
        );
        assert_eq!(hook.json().len(), 3);

        // The turn resolved at its deadline.
        s.clock.advance(86_400);
        assert_eq!(server::games::process_due(&s.state).await.unwrap(), 1);
        let now = s.clock_now();
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", now)
                .await
                .unwrap()
                .sent,
            1
        );
        let last = hook.json().last().cloned().unwrap();
        let text = last["text"].as_str().unwrap();
        assert!(
            text.contains("**Tour de Test**: turn 1 resolved. Orders for turn 2 are due by"),
            "{text}"
        );
        let next: i64 = sqlx::query_scalar("SELECT next_deadline FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        assert!(next > now, "the coming turn's deadline is ahead");
        assert!(
            text.contains(&format!("due by {}.", gm::utc_text(next))),
            "{text}: the coming turn's deadline, not the one just passed"
        );
        assert!(text.contains(&format!("/games/{id}")));

        // A GM who reads Japanese has the club's channel told in Japanese.
        let (status, _) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&gm),
                Some(json!({"lang": "ja"})),
            )
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
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", now)
                .await
                .unwrap()
                .sent,
            1
        );
        let last = hook.json().last().cloned().unwrap();
        let text = last["text"].as_str().unwrap();
        assert!(
            text.starts_with(
                "**Tour de Test**：第2ターンを処理しました。第3ターンの命令の締め切りは"
            ),
            "{text}"
        );

        // A hook deleted on the other side (404) is given up, not retried.
        *hook.answer.lock().unwrap() = 404;
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", now).await.unwrap(),
            Drained {
                sent: 0,
                retried: 0,
                given_up: 1
            }
        );
        // Cleared: no more posts.
        let (status, _) = set_hook(&s, id, &gm, None).await;
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
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", now + 1)
                .await
                .unwrap(),
            Drained::default()
        );
    }
);

on_both!(
    mail_waits_for_a_server_with_mail,
    |s: TestServer| async move {
        // (The whole server is held, with its database's directory.)
        let s = s;
        // A refusal written by mail-in while mail is off is not claimed by a server without mail.
        let mut on = TestServer::on(&s.url, None, s.clock.clone()).await;
        on.state = on.state.clone().with_mail(MailSettings {
            public_url: "https://club.example".into(),
            from: "postrider@club.example".into(),
            orders_address: "orders@club.example".into(),
        });
        let (_, _, seats) = on.seated_game(race(&["red", "blue"])).await;
        let (status, _) = on.give_email(&seats[0], "red@example.net").await;
        assert_eq!(status, StatusCode::ACCEPTED);
        assert_eq!(
            drain_once(&s.state, &no_relay(), "off", START)
                .await
                .unwrap(),
            Drained::default()
        );
        let leased: i64 =
            sqlx::query_scalar("SELECT count(*) FROM outbox WHERE lease_owner IS NOT NULL")
                .fetch_one(&s.state.db.pool)
                .await
                .unwrap();
        assert_eq!(leased, 0);
    }
);

on_both!(
    a_webhook_reaches_only_public_addresses_by_default,
    |s: TestServer| async move {
        let hook = receiver().await;
        let (id, gm, _) = s.seated_game(race(&["red", "blue"])).await;
        // A server as `serve` starts it, without --webhooks-to-private-addresses.
        let mut strict = TestServer::on(&s.url, None, s.clock.clone()).await;
        let config = Config {
            webhooks_to_private: false,
            ..(*strict.state.config).clone()
        };
        strict.state = AppState::new(strict.state.db.clone(), Arc::new(s.clock.clone()), config);
        // An address on this machine, named outright: refused when the GM sets it.
        let (status, body) = set_hook(&strict, id, &gm, Some(&hook.url)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let error = body["error"].as_str().unwrap();
        assert!(
            error.contains("127.0.0.1 is not a public address"),
            "{error}"
        );
        // A name that resolves to this machine: taken, but its posts are given up unsent.
        let by_name = hook.url.replace("127.0.0.1", "localhost");
        let (status, _) = set_hook(&strict, id, &gm, Some(&by_name)).await;
        assert_eq!(status, StatusCode::OK);
        let written = reminders::write_due(&strict.state, START).await.unwrap();
        assert_eq!(written.webhooks, 1);
        let drained = drain_once(&strict.state, &no_relay(), "w", START)
            .await
            .unwrap();
        assert_eq!((drained.sent, drained.given_up), (0, 1));
        assert!(hook.json().is_empty());
        let why: String =
            sqlx::query_scalar("SELECT last_error FROM outbox WHERE kind = 'webhook'")
                .fetch_one(&s.state.db.pool)
                .await
                .unwrap();
        assert!(why.contains("localhost: not a public address"), "{why}");
    }
);

// Issue 50: a link-local address with a zone (`%25lo`, an interface of this machine) was
// taken as a host name, passing the check on addresses; a URL naming such a host is refused,
// on a strict server and even where private addresses are allowed.
on_both!(
    a_webhook_to_an_address_with_a_zone_is_refused,
    |s: TestServer| async move {
        let (id, gm, _) = s.seated_game(race(&["red", "blue"])).await;
        let mut strict = TestServer::on(&s.url, None, s.clock.clone()).await;
        let config = Config {
            webhooks_to_private: false,
            ..(*strict.state.config).clone()
        };
        strict.state = AppState::new(strict.state.db.clone(), Arc::new(s.clock.clone()), config);
        for server in [&strict, &s] {
            for url in [
                "http://[fe80::1%25lo]:8080/hook",
                "http://[fe80::1%lo]/hook",
                "http://fe80::1%25lo:8080/hook",
            ] {
                let (status, body) = set_hook(server, id, &gm, Some(url)).await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {body}");
                let error = body["error"].as_str().unwrap();
                assert!(error.starts_with("webhook: "), "{error}");
                assert!(error.contains("without a zone"), "{error}");
            }
        }
        let (status, body) = s
            .call("GET", &format!("/api/games/{id}/webhook"), Some(&gm), None)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(body["webhook"].is_null(), "{body}");
    }
);

on_both!(the_console_sets_the_webhook, |s: TestServer| async move {
    let mut b = Browser::new(&s);
    b.register("gm").await;
    // The GM's game, made with an API token of the browser's account.
    let gm_token = {
        let (status, body) = s
            .call(
                "POST",
                "/api/login",
                None,
                Some(json!({"name": "gm", "password": "correct horse battery"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        body["token"].as_str().unwrap().to_string()
    };
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            Some(&gm_token),
            Some(race(&["red", "blue"])),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    let console = format!("/games/{id}/gm");
    let page = b.get(&console).await;
    assert!(page.html.contains(r#"name="url""#), "{}", page.html);
    let page = b
        .submit(
            &console,
            &console,
            &[
                ("action", "webhook"),
                ("url", "https://discord.com/api/webhooks/1/abc"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    let page = b.get(&console).await;
    assert!(
        page.html
            .contains(r#"value="https://discord.com/api/webhooks/1/abc""#)
    );
    let page = b
        .submit(
            &console,
            &console,
            &[("action", "webhook"), ("url", "discord")],
        )
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.html.contains(r#"class="error""#), "{}", page.html);
});
