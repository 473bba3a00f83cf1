//! Accounts and sessions as an attacker tries them (issue 12), on SQLite and on PostgreSQL:
//! login throttling per account and per address, hashing off the async threads and as long
//! for unknown names, the login redirect kept on the site, names unique whatever their case,
//! password rules, CSRF for cookie-authenticated API writes, security headers, control
//! characters in names and titles, and the bounds of `extend`.

use std::net::SocketAddr;
use std::sync::Arc;

use crate::common::{Backend, Browser, START, TestServer, race};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use server::{AppState, Config, PasswordCost, app};
use tower::ServiceExt;

const PASSWORD: &str = "correct horse battery";

/// A login from `peer` (the socket's address as `serve` gives it), with extra headers.
fn login_request(
    name: &str,
    password: &str,
    peer: &str,
    headers: &[(&str, &str)],
) -> Request<Body> {
    let mut request = Request::builder()
        .method("POST")
        .uri("/api/login")
        .header(header::CONTENT_TYPE, "application/json");
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let mut request = request
        .body(Body::from(
            json!({ "name": name, "password": password }).to_string(),
        ))
        .unwrap();
    let peer: SocketAddr = peer.parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(peer));
    request
}

/// Sends a request and returns the whole response's status, headers and JSON body.
async fn send_to(
    state: &AppState,
    request: Request<Body>,
) -> (StatusCode, header::HeaderMap, Value) {
    let response = app(state.clone()).oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (parts.status, parts.headers, body)
}

/// Waits for a condition (not for a time), under a guard that turns a hang into a failure.
async fn until(condition: impl Fn() -> bool) {
    tokio::time::timeout(std::time::Duration::from_secs(30), async {
        while !condition() {
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("the condition is reached");
}

async fn register(s: &TestServer, name: &str) {
    let (status, body) = s
        .call(
            "POST",
            "/api/players",
            None,
            Some(json!({ "name": name, "password": PASSWORD })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

async fn login(
    s: &TestServer,
    name: &str,
    password: &str,
) -> (StatusCode, header::HeaderMap, Value) {
    send_to(
        &s.state,
        login_request(name, password, "192.0.2.1:5000", &[]),
    )
    .await
}

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
    for k in 0..server::auth::MAX_WAITING {
        let state = s.state.clone();
        let peer = format!("10.0.{}.{}:1", k / 200, k % 200);
        pending.push(tokio::spawn(async move {
            send_to(&state, login_request(&format!("n{k}"), "x", &peer, &[]))
                .await
                .0
        }));
    }
    until(|| s.state.hasher.waiting() == server::auth::MAX_WAITING).await;
    let (status, headers, body) =
        send_to(&s.state, login_request("late", "x", "10.9.9.9:1", &[])).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(headers[header::RETRY_AFTER], "1");
    drop(held);
    for p in pending {
        assert_eq!(p.await.unwrap(), StatusCode::UNAUTHORIZED);
    }
}

on_both!(
    login_never_redirects_off_the_site,
    |s: TestServer| async move {
        let mut b = Browser::new(&s);
        b.register("ann").await;
        let mut b = Browser::new(&s);
        for next in [
            "/%09/evil.example/",
            "//evil.example",
            "/%5Cevil.example",
            "/%2F/evil.example",
            "%2F%2Fevil.example",
            "https://evil.example/",
        ] {
            // The form never carries the bad target...
            let form = b.get(&format!("/login?next={next}")).await;
            assert!(
                form.html.contains(r#"name="next" value="/">"#),
                "{next}: {}",
                form.html
            );
            // ...and a form posted with it anyway goes home.
            let decoded = next
                .replace("%09", "\t")
                .replace("%5C", "\\")
                .replace("%2F", "/");
            let page = b
                .submit(
                    "/login",
                    "/login",
                    &[("name", "ann"), ("password", PASSWORD), ("next", &decoded)],
                )
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
            assert_eq!(page.location.as_deref(), Some("/"), "{next}");
        }
        let page = b
            .submit(
                "/login",
                "/login",
                &[("name", "ann"), ("password", PASSWORD), ("next", "/new")],
            )
            .await;
        assert_eq!(page.location.as_deref(), Some("/new"));
    }
);

on_both!(
    names_are_unique_whatever_their_case,
    |s: TestServer| async move {
        register(&s, "Ann").await;
        for taken in ["ann", "ANN", "aNn"] {
            let (status, body) = s
                .call(
                    "POST",
                    "/api/players",
                    None,
                    Some(json!({ "name": taken, "password": PASSWORD })),
                )
                .await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            assert_eq!(body["error"], format!("name: {taken:?} is taken"));
        }
        // Look-alikes from other scripts and full-width forms are not names at all.
        for odd in ["Аnn", "Ａnn", "An\u{200b}n", "ann\0"] {
            let (status, body) = s
                .call(
                    "POST",
                    "/api/players",
                    None,
                    Some(json!({ "name": odd, "password": PASSWORD })),
                )
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{odd:?}: {body}");
            assert!(body["error"].as_str().unwrap().starts_with("name: "));
        }
        // Logging in in any case reaches the account, under its own name.
        let (status, _, body) = login(&s, "ANN", PASSWORD).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["name"], "Ann");
    }
);

on_both!(
    passwords_must_be_hard_to_guess,
    |s: TestServer| async move {
        let cases = [
            ("short1!", "password: must be 10 to 256 characters"),
            (
                "ann-is-the-best-player",
                "password: must not contain the name",
            ),
            ("passwordpassword", "password: too easy to guess"),
            ("qwertyuiop", "password: too easy to guess"),
            ("1234567890", "password: too easy to guess"),
            ("postrider2026", "password: too easy to guess"),
        ];
        for (password, error) in cases {
            let (status, body) = s
                .call(
                    "POST",
                    "/api/players",
                    None,
                    Some(json!({ "name": "ann", "password": password })),
                )
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{password}: {body}");
            assert!(
                body["error"].as_str().unwrap().starts_with(error),
                "{password}: {body}"
            );
        }
        register(&s, "ann").await;
        // An account opened before the rules keeps logging in with its old password.
        let old = server::auth::hash_password("12345678", PasswordCost::Cheap).unwrap();
        sqlx::query(
        "INSERT INTO players (name, name_key, password_hash, created_at) VALUES ('old', 'old', $1, $2)",
    )
    .bind(old)
    .bind(START)
    .execute(&s.state.db.pool)
    .await
    .unwrap();
        assert_eq!(login(&s, "old", "12345678").await.0, StatusCode::OK);
    }
);

/// A cookie-authenticated API call, as a browser would send it from some page.
fn cookie_call(path: &str, cookie: &str, headers: &[(&str, &str)], body: &str) -> Request<Body> {
    let mut request = Request::builder()
        .method("POST")
        .uri(path)
        .header(header::HOST, "pbm.example")
        .header(header::COOKIE, format!("postrider_session={cookie}"));
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    request.body(Body::from(body.to_string())).unwrap()
}

on_both!(
    cookie_writes_must_come_from_this_site,
    |s: TestServer| async move {
        register(&s, "ann").await;
        let (_, _, body) = login(&s, "ann", PASSWORD).await;
        let session = body["token"].as_str().unwrap().to_string();
        let json_type = ("content-type", "application/json");
        // What another site can make a browser send: refused, and nothing changes.
        let refused: Vec<Vec<(&str, &str)>> = vec![
            vec![],
            vec![
                ("content-type", "text/plain"),
                ("origin", "https://evil.example"),
            ],
            vec![("content-type", "text/plain")],
            vec![("content-type", "application/x-www-form-urlencoded")],
            vec![json_type, ("origin", "https://evil.example")],
            vec![json_type, ("origin", "null")],
            vec![json_type, ("sec-fetch-site", "cross-site")],
            vec![json_type, ("sec-fetch-site", "same-site")],
        ];
        for path in ["/api/tokens", "/api/logout"] {
            for headers in &refused {
                let (status, _, body) =
                    send_to(&s.state, cookie_call(path, &session, headers, "")).await;
                assert_eq!(status, StatusCode::FORBIDDEN, "{path} {headers:?}: {body}");
                assert!(body["error"].as_str().unwrap().starts_with("csrf: "));
            }
        }
        let (status, _, body) = send_to(
            &s.state,
            cookie_call(
                "/api/games",
                &session,
                &[json_type, ("origin", "https://evil.example")],
                &race(&["red"]).to_string(),
            ),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let tokens: i64 = sqlx::query_scalar("SELECT count(*) FROM credentials WHERE kind = 'api'")
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(tokens, 0);
        // This site's own scripts (JSON, same origin) may.
        for headers in [
            vec![json_type],
            vec![json_type, ("origin", "http://pbm.example")],
            vec![json_type, ("sec-fetch-site", "same-origin")],
        ] {
            let (status, _, body) =
                send_to(&s.state, cookie_call("/api/tokens", &session, &headers, "")).await;
            assert_eq!(status, StatusCode::CREATED, "{headers:?}: {body}");
        }
        // Bearer tokens are exempt: a script needs no content type for a bodiless call.
        let (status, _) = s.call("POST", "/api/tokens", Some(&session), None).await;
        assert_eq!(status, StatusCode::CREATED);
        // Reading with the cookie needs nothing more.
        let request = Request::builder()
            .uri("/api/games")
            .header(header::COOKIE, format!("postrider_session={session}"))
            .body(Body::empty())
            .unwrap();
        assert_eq!(send_to(&s.state, request).await.0, StatusCode::OK);
    }
);

on_both!(
    every_response_carries_the_security_headers,
    |s: TestServer| async move {
        let (id, _gm, _seats) = s.seated_game(race(&["red", "blue"])).await;
        let mut paths = vec![
            "/".to_string(),
            "/login".into(),
            "/register".into(),
            "/new".into(),
            format!("/games/{id}"),
            format!("/games/{id}/history"),
            "/games/999".into(),
            "/api/games".into(),
            format!("/api/games/{id}"),
            "/api/openapi.json".into(),
            "/api/nowhere".into(),
        ];
        paths.push(format!("/api/games/{id}/reports/0"));
        for path in &paths {
            let request = Request::builder().uri(path).body(Body::empty()).unwrap();
            let (_, headers, body) = send_to(&s.state, request).await;
            let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
            assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
            assert!(csp.contains("default-src 'none'"), "{path}: {csp}");
            // Scripts only from the site's own files (the profile page's optional zone script,
            // issue 15), never inline nor evaluated.
            assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
            assert!(!csp.contains("unsafe-eval"), "{path}: {csp}");
            assert_eq!(
                csp.matches("unsafe-inline").count(),
                1,
                "styles only: {path}: {csp}"
            );
            assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
            assert_eq!(headers[header::REFERRER_POLICY], "same-origin", "{path}");
            // The pages hold no script the policy would have to allow: only the site's own
            // optional files (issue 29: every page loads `site.js`, the browser's time zone).
            if let Value::String(html) = body {
                let lower = html.to_lowercase();
                for (at, _) in lower.match_indices("<script") {
                    assert!(
                        lower[at..].starts_with(r#"<script src="/static/"#)
                            && lower[at..].contains("></script>"),
                        "{path}: an inline script"
                    );
                }
                assert!(!lower.contains("javascript:"), "{path}");
                for handler in [
                    " onclick=",
                    " onload=",
                    " onerror=",
                    " onsubmit=",
                    " onchange=",
                ] {
                    assert!(!lower.contains(handler), "{path}: {handler}");
                }
            }
        }
    }
);

on_both!(control_characters_are_refused, |s: TestServer| async move {
    let gm = s.player("gm").await;
    for (field, value) in [
        ("title", json!("Tour\0de France")),
        ("title", json!("Tour\nde France")),
    ] {
        let mut game = race(&["red", "blue"]);
        game[field] = value;
        let (status, body) = s.call("POST", "/api/games", Some(&gm), Some(game)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("title: control character"),
            "{body}"
        );
    }
    let (status, body) = s
        .call(
            "POST",
            "/api/games",
            Some(&gm),
            Some(race(&["red", "bl\0ue"])),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("seats: control character"),
        "{body}"
    );
    let (status, body) = s
        .call(
            "POST",
            "/api/players",
            None,
            Some(json!({ "name": "a\0b", "password": PASSWORD })),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // The form refuses them alike.
    let mut b = Browser::new(&s);
    b.register("ann").await;
    let page = b
        .submit(
            "/new",
            "/new",
            &[
                ("title", "Tour\u{1b}[31m"),
                ("game", "breaking-away"),
                ("breaking-away:rules", "postal-2.2"),
                ("seats", "red\nblue"),
                ("deadline", "interval"),
                ("hours", "24"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST, "{}", page.html);
    assert!(page.html.contains("Control character"), "{}", page.html);
    let page = b
        .submit(
            "/new",
            "/new",
            &[
                ("title", "Tour"),
                ("game", "breaking-away"),
                ("breaking-away:rules", "postal-2.2"),
                ("seats", "red\nbl\0ue"),
                ("deadline", "interval"),
                ("hours", "24"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST, "{}", page.html);
    assert!(page.html.contains("Control character"), "{}", page.html);
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(games, 0);
});

on_both!(extend_is_bounded_to_a_year, |s: TestServer| async move {
    let (id, gm, _) = s.seated_game(race(&["red", "blue"])).await;
    let path = format!("/api/games/{id}/gm");
    let year = server::text::MAX_EXTEND_SECONDS;
    for seconds in [year + 1, -year - 1, i64::MAX, i64::MIN] {
        let (status, body) = s
            .call(
                "POST",
                &path,
                Some(&gm),
                Some(json!({"action": "extend", "seconds": seconds})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("seconds: "),
            "{body}"
        );
    }
    let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(game["deadline"], START + 86400);
    let (status, game) = s
        .call(
            "POST",
            &path,
            Some(&gm),
            Some(json!({"action": "extend", "seconds": year})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["deadline"], START + 86400 + year);
});

/// An existing database (before issue 12's migration) with names that differ only in case.
async fn migrated_with_twins(backend: Backend) -> Option<TestServer> {
    let (url, dir) = crate::common::fresh_url(backend).await?;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let folder = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(folder);
    let migrator = sqlx::migrate::Migrator::new(path).await.unwrap();
    migrator.run_to(1, &pool).await.unwrap();
    for (name, password) in [
        ("Bob", "bob upper pass"),
        ("bob", "bob lower pass"),
        ("carol", "carol pass"),
    ] {
        let hash = server::auth::hash_password(password, PasswordCost::Cheap).unwrap();
        sqlx::query("INSERT INTO players (name, password_hash, created_at) VALUES ($1, $2, $3)")
            .bind(name)
            .bind(hash)
            .bind(START)
            .execute(&pool)
            .await
            .unwrap();
    }
    pool.close().await;
    Some(TestServer::on(&url, dir, server::ManualClock::at(START)).await)
}

async fn case_twins_keep_their_logins(s: TestServer) {
    let keys: Vec<(String, String)> =
        sqlx::query_as("SELECT name, name_key FROM players ORDER BY id")
            .fetch_all(&s.state.db.pool)
            .await
            .unwrap();
    let bob_id: i64 = sqlx::query_scalar("SELECT id FROM players WHERE name = 'bob'")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        keys,
        [
            ("Bob".to_string(), "bob".to_string()),
            ("bob".into(), format!("bob#{bob_id}")),
            ("carol".into(), "carol".into()),
        ]
    );
    // Each twin logs in by its exact name; another case reaches the older one.
    let (status, _, body) = login(&s, "Bob", "bob upper pass").await;
    assert_eq!((status, &body["name"]), (StatusCode::OK, &json!("Bob")));
    let (status, _, body) = login(&s, "bob", "bob lower pass").await;
    assert_eq!((status, &body["name"]), (StatusCode::OK, &json!("bob")));
    let (status, _, body) = login(&s, "BOB", "bob upper pass").await;
    assert_eq!((status, &body["name"]), (StatusCode::OK, &json!("Bob")));
    // No new account takes either name in any case.
    for name in ["BOB", "bOb", "Carol"] {
        let (status, body) = s
            .call(
                "POST",
                "/api/players",
                None,
                Some(json!({ "name": name, "password": PASSWORD })),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{name}: {body}");
    }
}

#[tokio::test]
async fn the_migration_keys_existing_names_sqlite() {
    case_twins_keep_their_logins(migrated_with_twins(Backend::Sqlite).await.unwrap()).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn the_migration_keys_existing_names_postgres() {
    let s = migrated_with_twins(Backend::Postgres)
        .await
        .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    case_twins_keep_their_logins(s).await;
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

/// Whether every cookie a response sets is marked `Secure`, and whether it sets any.
fn cookies_secure(headers: &header::HeaderMap) -> (usize, usize) {
    let cookies: Vec<&str> = headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap())
        .collect();
    let secure = cookies
        .iter()
        .filter(|c| c.split(';').any(|a| a.trim() == "Secure"))
        .count();
    (cookies.len(), secure)
}

// Issue 50: the session cookie was never `Secure`, so a browser sent it over plain http to a
// server whose public address is https. It is `Secure` whenever the public URL is https, and
// behind a trusted proxy that says `X-Forwarded-Proto: https`; a header the server does not
// trust changes nothing.
on_both!(cookies_are_secure_over_https, |s: TestServer| async move {
    register(&s, "ann").await;
    let with =
        |config: Config| AppState::new(s.state.db.clone(), Arc::new(s.clock.clone()), config);
    let base = (*s.state.config).clone();
    let https = with(Config {
        public_url: Some("https://club.example".into()),
        ..base.clone()
    });
    let http = with(Config {
        public_url: Some("http://club.example".into()),
        ..base.clone()
    });
    let proxied = with(Config {
        trust_forwarded_for: true,
        ..base.clone()
    });
    let proto = [("x-forwarded-proto", "https")];
    for (state, headers, secure) in [
        (&https, &[][..], true),
        (&http, &[][..], false),
        (&s.state, &[][..], false),
        (&s.state, &proto[..], false),
        (&proxied, &proto[..], true),
        (&proxied, &[("x-forwarded-proto", "http")][..], false),
        (&proxied, &[][..], false),
    ] {
        let case = format!("{:?} {headers:?}", state.config.public_url);
        // The API's login: the session cookie.
        let request = login_request("ann", PASSWORD, "192.0.2.7:5000", headers);
        let (status, answer, body) = send_to(state, request).await;
        assert_eq!(status, StatusCode::OK, "{case}: {body}");
        let (set, marked) = cookies_secure(&answer);
        assert_eq!(set, 1, "{case}");
        assert_eq!(marked, if secure { 1 } else { 0 }, "{case}: {answer:?}");
        // A page's first visit: the form secret's cookie.
        let mut page = Request::builder().method("GET").uri("/login");
        for (k, v) in headers {
            page = page.header(*k, *v);
        }
        let (status, answer, _) = send_to(state, page.body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{case}");
        let (set, marked) = cookies_secure(&answer);
        assert!(set >= 1, "{case}");
        assert_eq!(marked, if secure { set } else { 0 }, "{case}: {answer:?}");
    }
});
