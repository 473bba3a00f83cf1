//! Logins as an attacker guesses them: throttled per account and per address, unknown names
//! throttled and hashed alike (the same work, the same rows written), the login page telling
//! of failed attempts, and hashing off the async threads in a bounded queue.

use super::{PASSWORD, login, login_request, register, send_to, until};
use std::sync::Arc;

use crate::common::{Backend, Browser, START, TestServer, race};
use axum::http::{StatusCode, header};
use serde_json::Value;
use server::{AppState, Config, PasswordCost};

on_both!(login_is_throttled_per_account, |s: TestServer| async move {
    register(&s, "ann").await;
    // Nine wrong passwords, as a person who forgot might type: each a plain 401.
    for _ in 0..9 {
        let (status, _, body) = login(&s, "ann", "wrong password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    }
    // The tenth makes the account wait a minute: even the right password is refused then,
    // without being checked.
    let (status, _, _) = login(&s, "ann", "wrong password").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let checked = s.state.hasher.verifications();
    let (status, headers, body) = login(&s, "ann", PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(headers[header::RETRY_AFTER], "60");
    assert_eq!(
        body["error"],
        "login: too many failed attempts; try again in 60 s"
    );
    assert_eq!(s.state.hasher.verifications(), checked);
    // The name in another case is the same account.
    let (status, _, _) = login(&s, "ANN", PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // Other accounts are not affected.
    register(&s, "bob").await;
    let (status, _, _) = login(&s, "bob", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    // A minute later the right password works, and the owner is told.
    s.clock.advance(59);
    let (_, headers, _) = login(&s, "ann", PASSWORD).await;
    assert_eq!(headers[header::RETRY_AFTER], "1");
    s.clock.advance(1);
    let (status, _, body) = login(&s, "ann", PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["failed_attempts"], 10);
    assert_eq!(
        body["notice"],
        "10 failed login attempts since your last login"
    );
    // Told once.
    let (_, _, body) = login(&s, "ann", PASSWORD).await;
    assert_eq!(body["failed_attempts"], 0);
    assert_eq!(body["notice"], Value::Null);
    // After a wait, each further failure doubles it.
    for _ in 0..10 {
        login(&s, "ann", "wrong password").await;
    }
    s.clock.advance(60);
    login(&s, "ann", "wrong password").await;
    let (_, headers, _) = login(&s, "ann", PASSWORD).await;
    assert_eq!(headers[header::RETRY_AFTER], "120");
});

on_both!(
    unknown_names_are_throttled_alike,
    |s: TestServer| async move {
        // A 429 must not tell an unknown name from a known one.
        for _ in 0..10 {
            let (status, _, _) = login(&s, "nobody", "wrong password").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        let (status, headers, _) = login(&s, "nobody", "wrong password").await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(headers[header::RETRY_AFTER], "60");
    }
);

on_both!(login_is_throttled_per_address, |s: TestServer| async move {
    register(&s, "ann").await;
    // 100 guesses at 100 names from one address...
    for k in 0..100 {
        let request = login_request(&format!("n{k}"), "guess", "198.51.100.9:4000", &[]);
        let (status, _, _) = send_to(&s.state, request).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    // ...and that address waits, whatever the name; another address does not.
    let request = login_request("ann", PASSWORD, "198.51.100.9:4001", &[]);
    let (status, headers, _) = send_to(&s.state, request).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(headers[header::RETRY_AFTER], "60");
    let request = login_request("ann", PASSWORD, "203.0.113.5:4000", &[]);
    assert_eq!(send_to(&s.state, request).await.0, StatusCode::OK);
    // X-Forwarded-For is not trusted unless configured: a client cannot pick its address.
    let forged = [("x-forwarded-for", "203.0.113.77")];
    let request = login_request("ann", PASSWORD, "198.51.100.9:4002", &forged);
    assert_eq!(
        send_to(&s.state, request).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Behind a reverse proxy (configured), the address it appended counts, not the socket's
    // (the proxy's own) nor what the client put in front.
    let proxied = AppState::new(
        s.state.db.clone(),
        Arc::new(s.clock.clone()),
        Config {
            password_cost: PasswordCost::Cheap,
            trust_forwarded_for: true,
            ..Config::default()
        },
    );
    for k in 0..100 {
        let headers = [("x-forwarded-for", "203.0.113.77, 198.51.100.20")];
        let request = login_request(&format!("n{k}"), "guess", "127.0.0.1:9000", &headers);
        send_to(&proxied, request).await;
    }
    let headers = [("x-forwarded-for", "198.51.100.20")];
    let request = login_request("ann", PASSWORD, "127.0.0.1:9000", &headers);
    assert_eq!(
        send_to(&proxied, request).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    let headers = [("x-forwarded-for", "198.51.100.21")];
    let request = login_request("ann", PASSWORD, "127.0.0.1:9000", &headers);
    assert_eq!(send_to(&proxied, request).await.0, StatusCode::OK);
});

on_both!(
    the_login_page_tells_of_failed_attempts,
    |s: TestServer| async move {
        let mut ann = Browser::new(&s);
        ann.register("ann").await;
        let mut thief = Browser::new(&s);
        for _ in 0..3 {
            let page = thief
                .submit(
                    "/login",
                    "/login",
                    &[("name", "ann"), ("password", "guess guess"), ("next", "/")],
                )
                .await;
            assert_eq!(page.status, StatusCode::UNAUTHORIZED);
        }
        let page = ann
            .submit(
                "/login",
                "/login",
                &[("name", "ann"), ("password", PASSWORD), ("next", "/new")],
            )
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        assert!(
            page.html
                .contains("3 failed login attempts since your last login"),
            "{}",
            page.html
        );
        assert!(page.html.contains(r#"<a id="continue" href="/new">"#));
        // Logged in: the session works.
        assert_eq!(ann.get("/new").await.status, StatusCode::OK);
        // A throttled login form is a 429 with Retry-After, and the form again.
        for _ in 0..10 {
            thief
                .submit(
                    "/login",
                    "/login",
                    &[("name", "ann"), ("password", "guess guess"), ("next", "/")],
                )
                .await;
        }
        let page = thief
            .submit(
                "/login",
                "/login",
                &[("name", "ann"), ("password", PASSWORD), ("next", "/")],
            )
            .await;
        assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(
            page.html.contains("oo many failed attempts"),
            "{}",
            page.html
        );
    }
);

on_both!(unknown_names_do_the_same_work, |s: TestServer| async move {
    register(&s, "ann").await;
    // A wrong password for a known name and any password for an unknown one both go through
    // one argon2 verification, the unknown name against a hash of the same cost.
    let before = s.state.hasher.verifications();
    assert_eq!(
        login(&s, "ann", "wrong password").await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(s.state.hasher.verifications(), before + 1);
    assert_eq!(
        login(&s, "nobody", "wrong password").await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(s.state.hasher.verifications(), before + 2);
    // Even a name that no account can have (a NUL would be an error on PostgreSQL).
    assert_eq!(
        login(&s, "nul\0name", "x").await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(s.state.hasher.verifications(), before + 3);
    let hash: String = sqlx::query_scalar("SELECT password_hash FROM players WHERE name = 'ann'")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    let params = |phc: &str| phc.split('$').nth(3).unwrap().to_string();
    assert_eq!(params(s.state.hasher.dummy_hash()), params(&hash));
    assert!(hash.starts_with("$argon2id$"));
});

on_both!(
    hashing_waits_for_a_slot_and_pages_do_not,
    |s: TestServer| async move {
        let (id, _gm, _seats) = s.seated_game(race(&["red", "blue"])).await;
        // Every hashing slot busy (as in a flood of logins)...
        let slots = s.state.config.hash_concurrency;
        let held = s
            .state
            .hasher
            .permits()
            .clone()
            .acquire_many_owned(u32::try_from(slots).unwrap())
            .await
            .unwrap();
        let before = s.state.hasher.verifications();
        let state = s.state.clone();
        let pending = tokio::spawn(async move {
            send_to(&state, login_request("p-red", PASSWORD, "192.0.2.1:1", &[])).await
        });
        // ...a login waits for one (the condition, not a time, is waited for)...
        until(|| s.state.hasher.waiting() == 1).await;
        assert!(!pending.is_finished());
        // ...while game pages are served at once.
        let (status, _) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(status, StatusCode::OK);
        let page = Browser::new(&s).get(&format!("/games/{id}")).await;
        assert_eq!(page.status, StatusCode::OK);
        // A slot frees: the login goes through.
        drop(held);
        let (status, _, body) = pending.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(s.state.hasher.verifications(), before + 1);
        assert_eq!(s.state.hasher.waiting(), 0);
    }
);

#[tokio::test]
async fn a_queue_of_logins_is_bounded() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    let slots = s.state.config.hash_concurrency;
    let held = s
        .state
        .hasher
        .permits()
        .clone()
        .acquire_many_owned(u32::try_from(slots).unwrap())
        .await
        .unwrap();
    let mut pending = Vec::new();
    for k in 0..server::passwords::MAX_WAITING {
        let state = s.state.clone();
        let peer = format!("10.0.{}.{}:1", k / 200, k % 200);
        pending.push(tokio::spawn(async move {
            send_to(&state, login_request(&format!("n{k}"), "x", &peer, &[]))
                .await
                .0
        }));
    }
    until(|| s.state.hasher.waiting() == server::passwords::MAX_WAITING).await;
    let (status, headers, body) =
        send_to(&s.state, login_request("late", "x", "10.9.9.9:1", &[])).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(headers[header::RETRY_AFTER], "1");
    drop(held);
    for p in pending {
        assert_eq!(p.await.unwrap(), StatusCode::UNAUTHORIZED);
    }
}

/// Every row of the tables a login may write: the accounts (with their old failure counter)
/// and the failures by name.
async fn login_rows(s: &TestServer) -> std::collections::BTreeSet<String> {
    use sqlx::Row;
    let mut rows = std::collections::BTreeSet::new();
    for r in sqlx::query("SELECT name, name_key, password_hash, failed_logins FROM players")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
    {
        rows.insert(format!(
            "players {} {} {} {}",
            r.get::<String, _>(0),
            r.get::<String, _>(1),
            r.get::<String, _>(2),
            r.get::<i64, _>(3)
        ));
    }
    for r in sqlx::query("SELECT name_key, failures, last_at FROM login_failures")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
    {
        rows.insert(format!(
            "login_failures {} {} {}",
            r.get::<String, _>(0),
            r.get::<i64, _>(1),
            r.get::<i64, _>(2)
        ));
    }
    rows
}

// Issue 28: a failed login for an existing name wrote the account's failure counter and
// one for an unknown name wrote nothing, so the first took ~19 ms longer (a commit) and
// told which names exist. Both now write one row of `login_failures`, the same statement
// in the same transaction, differing only in the name.
on_both!(
    a_failed_login_writes_the_same_whether_the_name_exists_or_not,
    |s: TestServer| async move {
        register(&s, "ann").await;
        let mut written = Vec::new();
        for name in ["ann", "nobody"] {
            let before = login_rows(&s).await;
            let (status, _, body) = login(&s, name, "wrong password").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
            let after = login_rows(&s).await;
            let removed: Vec<&String> = before.difference(&after).collect();
            assert!(removed.is_empty(), "{name}: {removed:?}");
            let added: Vec<String> = after
                .difference(&before)
                .map(|row| row.replace(name, "NAME"))
                .collect();
            written.push(added);
        }
        assert_eq!(written[0], written[1]);
        assert_eq!(
            written[0],
            [format!("login_failures NAME 1 {START}")],
            "one row each"
        );

        // The owner is told, once; a name registered later does not inherit its failures.
        let (_, _, body) = login(&s, "ann", PASSWORD).await;
        assert_eq!(body["failed_attempts"], 1, "{body}");
        let (_, _, body) = login(&s, "ANN", PASSWORD).await;
        assert_eq!(body["failed_attempts"], 0, "{body}");
        register(&s, "nobody").await;
        let (_, _, body) = login(&s, "nobody", PASSWORD).await;
        assert_eq!(body["failed_attempts"], 0, "{body}");
    }
);
