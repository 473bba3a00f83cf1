//! The site's guards around a session: the login redirect kept on the site, cookie writes
//! only from this site, the security headers, secure cookies over HTTPS, and `extend` bounded
//! to a year.

use super::{PASSWORD, login, login_request, register, send_to};
use std::sync::Arc;

use crate::common::{Backend, Browser, START, TestServer, race};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use server::{AppState, Config};

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
