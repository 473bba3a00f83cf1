//! A player's language (issue 36), on both databases: chosen on the profile's form, shown
//! chosen there, refused with one line when postrider does not speak it. The report mails it
//! governs are tested in `outbox.rs` (`each_report_mail_is_written_in_its_readers_language`).

use crate::common::*;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::json;

on_both!(
    the_profile_form_keeps_the_language_of_the_reports,
    |s: TestServer| async move {
        let mut b = Browser::new(&s);
        b.register("kaori").await;
        let page = b.get("/profile").await;
        assert!(page.html.contains(r#"id="language""#), "{}", page.html);
        assert!(
            page.html
                .contains(r#"<option value="en" selected>English</option>"#),
            "English until chosen: {}",
            page.html
        );
        assert!(page.html.contains(r#"<option value="ja">日本語</option>"#));
        let saved = b
            .submit("/profile", "/profile/language", &[("lang", "ja")])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
        let page = b.get("/profile").await;
        assert!(
            page.html
                .contains(r#"<option value="ja" selected>日本語</option>"#),
            "{}",
            page.html
        );
        let refused = b
            .submit("/profile", "/profile/language", &[("lang", "xx")])
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(
            refused
                .html
                // The account reads Japanese: so does the refusal.
                .contains("「xx」は postrider が対応している言語ではありません（en, ja）"),
            "{}",
            refused.html
        );
        let page = b.get("/profile").await;
        assert!(page.html.contains(r#"<option value="ja" selected>"#));
    }
);

/// The `lang` attribute of a page's `<html>`.
fn html_lang(html: &str) -> &str {
    let at = html.find("<html lang=\"").expect("a page") + "<html lang=\"".len();
    &html[at..at + html[at..].find('"').unwrap()]
}

on_both!(
    a_page_is_written_in_the_accounts_language_then_the_asked_one_then_the_browsers,
    |s: TestServer| async move {
        // A visitor's browser that prefers Japanese.
        let request = Request::get("/")
            .header(header::ACCEPT_LANGUAGE, "ja-JP,ja;q=0.9,en;q=0.8")
            .body(Body::empty())
            .unwrap();
        let (_, response) = s.respond(request).await;
        assert_eq!(html_lang(&response), "ja");
        assert!(response.contains("ログイン"), "{response}");
        // `?lang=` asks, and a cookie keeps it for the next pages.
        let mut b = Browser::new(&s);
        assert_eq!(html_lang(&b.get("/").await.html), "en");
        let asked = b.get("/lobby?lang=ja").await;
        assert_eq!(html_lang(&asked.html), "ja");
        assert_eq!(b.cookies.get("lang").map(String::as_str), Some("ja"));
        assert_eq!(html_lang(&b.get("/").await.html), "ja");
        // The menu links back to the same page in the other language.
        assert!(
            asked.html.contains(r#"<a href="/lobby?lang=en" lang="en""#),
            "{}",
            asked.html
        );
        // A player who chose English on their account reads English whatever is asked.
        b.register("emma").await;
        b.submit("/profile", "/profile/language", &[("lang", "en")])
            .await;
        assert_eq!(html_lang(&b.get("/?lang=ja").await.html), "en");
        // The footer's menu keeps the choice on the account and comes back to the page.
        let page = b.get("/lobby").await;
        let csrf = page.csrf();
        let moved = b
            .post_raw(
                "/profile/language",
                &[("csrf", &csrf), ("lang", "ja"), ("next", "/lobby")],
            )
            .await;
        assert_eq!(moved.status, StatusCode::SEE_OTHER);
        assert_eq!(moved.location.as_deref(), Some("/lobby"));
        assert_eq!(html_lang(&b.get("/lobby").await.html), "ja");
        // `next` is a path of this site only.
        let away = b
            .post_raw(
                "/profile/language",
                &[("csrf", &csrf), ("lang", "ja"), ("next", "//evil.example/")],
            )
            .await;
        assert_eq!(away.location.as_deref(), Some("/profile?saved=1#language"));
    }
);

on_both!(
    a_seats_player_chooses_the_seats_mail_language_on_the_game_page,
    |s: TestServer| async move {
        let (id, _gm, _) = s.seated_game(race(&["aka", "ao"])).await;
        let game = format!("/games/{id}");
        // The form is on the seat's settings, a link away from the game page (issue 51).
        let seat = format!("/games/{id}/seat");
        let mut b = Browser::new(&s);
        b.login("p-aka").await;
        assert!(
            b.get(&game)
                .await
                .html
                .contains(&format!(r#"href="{seat}""#))
        );
        let page = b.get(&seat).await;
        assert!(page.html.contains(r#"action="/games/"#), "{}", page.html);
        assert!(
            page.html
                .contains(r#"<option value="" selected>the account&#39;s language</option>"#),
            "the account's language until chosen: {}",
            page.html
        );
        assert!(page.html.contains(r#"<option value="ja">日本語</option>"#));
        let language = format!("/games/{id}/language");
        let saved = b.submit(&seat, &language, &[("lang", "ja")]).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
        assert_eq!(
            saved.location.as_deref(),
            Some(format!("/games/{id}/seat#seat-language").as_str())
        );
        let page = b.get(&seat).await;
        assert!(
            page.html
                .contains(r#"<option value="ja" selected>日本語</option>"#),
            "{}",
            page.html
        );
        // The page itself stays in the reader's language: the seat's is for its mail.
        assert_eq!(html_lang(&page.html), "en");
        // Back to the account's language.
        b.submit(&seat, &language, &[("lang", "")]).await;
        let page = b.get(&seat).await;
        assert!(page.html.contains(r#"<option value="" selected>"#));
        // A language postrider does not speak is one line.
        let refused = b.submit(&seat, &language, &[("lang", "xx")]).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(
            refused
                .html
                .contains("&quot;xx&quot; is not a language postrider speaks (en, ja)"),
            "{}",
            refused.html
        );
        // A reader without a seat has no form and cannot post one.
        let mut other = Browser::new(&s);
        other.register("watcher").await;
        let page = other.get(&game).await;
        assert!(!page.html.contains(r#"id="seat-language""#));
        let csrf = page.csrf();
        let forbidden = other
            .post_raw(&language, &[("csrf", &csrf), ("lang", "ja")])
            .await;
        assert_eq!(
            forbidden.status,
            StatusCode::FORBIDDEN,
            "{}",
            forbidden.html
        );
    }
);

/// The status, `Content-Language` and body of a request to the API.
async fn response_of(
    s: &TestServer,
    request: Request<Body>,
) -> (StatusCode, Option<String>, String) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let response = server::app(s.state.clone()).oneshot(request).await.unwrap();
    let status = response.status();
    let lang = response
        .headers()
        .get(header::CONTENT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, lang, String::from_utf8(bytes.to_vec()).unwrap())
}

on_both!(
    the_apis_report_is_in_the_asked_language_then_the_browsers_then_english,
    |s: TestServer| async move {
        let (id, gm, _) = s.seated_game(race(&["aka", "ao"])).await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let report = format!("/api/games/{id}/reports/1");
        let get = |path: String, accept: Option<&'static str>| {
            let mut request = Request::get(path);
            if let Some(accept) = accept {
                request = request.header(header::ACCEPT_LANGUAGE, accept);
            }
            request.body(Body::empty()).unwrap()
        };
        let english = response_of(&s, get(report.clone(), None)).await;
        assert_eq!(english.0, StatusCode::OK);
        assert_eq!(english.1.as_deref(), Some("en"));
        let asked = response_of(&s, get(format!("{report}?lang=ja"), None)).await;
        assert_eq!(asked.1.as_deref(), Some("ja"));
        assert_ne!(asked.2, english.2, "the Japanese report differs");
        assert!(
            asked
                .2
                .chars()
                .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)),
            "{}",
            asked.2
        );
        let browser = response_of(&s, get(report.clone(), Some("ja-JP,ja;q=0.9"))).await;
        assert_eq!((browser.1.as_deref(), &browser.2), (Some("ja"), &asked.2));
        // `?lang=` outranks the browser's.
        let both = response_of(&s, get(format!("{report}?lang=en"), Some("ja"))).await;
        assert_eq!(both.2, english.2);
        let json = response_of(&s, get(format!("{report}?format=json&lang=ja"), None)).await;
        let json: serde_json::Value = serde_json::from_str(&json.2).unwrap();
        assert_eq!(
            (json["lang"].as_str(), json["text"].as_str()),
            (Some("ja"), Some(asked.2.as_str()))
        );
        let refused = response_of(&s, get(format!("{report}?lang=xx"), None)).await;
        assert_eq!(refused.0, StatusCode::BAD_REQUEST);
        assert!(
            refused.2.contains("is not a language postrider speaks"),
            "{}",
            refused.2
        );
    }
);

on_both!(
    an_error_is_written_in_the_callers_language_and_named_by_its_code,
    |s: TestServer| async move {
        let login = |accept: Option<&'static str>| {
            let mut request =
                Request::post("/api/login").header(header::CONTENT_TYPE, "application/json");
            if let Some(accept) = accept {
                request = request.header(header::ACCEPT_LANGUAGE, accept);
            }
            request
                .body(Body::from(
                    json!({"name": "nobody", "password": "wrong password here"}).to_string(),
                ))
                .unwrap()
        };
        // Nothing asked: English.
        let (status, body) = s.send(login(None)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["error"], "login: unknown name or wrong password");
        assert_eq!(body["code"], "error-login-refused");
        // A Japanese browser: the same refusal in Japanese, the same code.
        let response = response_of(&s, login(Some("ja-JP,ja;q=0.9"))).await;
        assert_eq!(response.0, StatusCode::UNAUTHORIZED);
        assert_eq!(response.1.as_deref(), Some("ja"));
        let body: serde_json::Value = serde_json::from_str(&response.2).unwrap();
        assert_eq!(body["error"], "login: 名前が不明か、パスワードが違います");
        assert_eq!(body["code"], "error-login-refused");
        // An account that chose Japanese is answered in Japanese whatever its client asks.
        let token = s.player("kenji").await;
        let (status, _) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&token),
                Some(json!({"lang": "ja"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = s.call("GET", "/api/games/999", Some(&token), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["error"], "game: ゲーム 999 はありません");
        // A new game's settings and deadline, refused by the game's rules and the calendar.
        for (game, said) in [
            (
                json!({"title": "x", "game": "backpacks", "settings": {"map": "format = 3"}, "seats": ["a"], "deadline": {"every": "interval", "seconds": 3600}}),
                "地図：1行目：",
            ),
            (
                json!({"title": "x", "game": "breaking-away", "settings": {"rules": "tour"}, "seats": ["a"], "deadline": {"every": "interval", "seconds": 3600}}),
                "rules: 「tour」というルールはありません",
            ),
            (
                json!({"title": "x", "game": "goofspiel", "settings": {"cards": "7"}, "seats": ["a"], "deadline": {"every": "interval", "seconds": 3600}}),
                "cards: 「7」枚では遊べません",
            ),
            (
                json!({"title": "x", "game": "goofspiel", "settings": {"deck": "x"}, "seats": ["a"], "deadline": {"every": "interval", "seconds": 3600}}),
                "deck: Goofspielには設定「deck」がありません",
            ),
            (
                json!({"title": "x", "game": "backpacks", "seats": ["a"], "deadline": {"every": "weekly", "weekday": "caturday", "time": "20:00", "zone": "UTC"}}),
                "deadline.weekday: 「caturday」は曜日ではありません",
            ),
        ] {
            let (status, body) = s.call("POST", "/api/games", Some(&token), Some(game)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(
                body["error"].as_str().unwrap().starts_with(said),
                "{body} does not start with {said:?}"
            );
        }
        // The rules' refusals too: orders for a turn that is not the open one.
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let (status, _) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&seats[0]),
                Some(json!({"lang": "ja"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                Some(json!({"orders": "R1 5", "turn": 4})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            (body["code"].as_str(), body["turn"].as_u64()),
            (Some("error-turn-stale"), Some(1))
        );
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("turn: この命令は第4ターンのものですが、受付中は第1ターンです"),
            "{body}"
        );
        // A form sent back with an error shows it in the page's language.
        let mut b = Browser::new(&s);
        b.get("/login?lang=ja").await;
        let refused = b
            .submit(
                "/login",
                "/login",
                &[
                    ("name", "nobody"),
                    ("password", "wrong password here"),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(html_lang(&refused.html), "ja");
        assert!(
            refused.html.contains("名前が不明か、パスワードが違います"),
            "{}",
            refused.html
        );
    }
);
