//! Bad input gets a clear 4xx, and titles are escaped on the front page.

use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use serde_json::{Value, json};

on_both!(bad_input_gets_a_clear_4xx, |s: TestServer| async move {
    let (id, _gm, seats) = s.seated_game(race(&["red", "blue"])).await;
    let path = format!("/api/games/{id}/orders");
    let cases: Vec<(Option<Value>, StatusCode, &str)> = vec![
        (
            Some(json!({"orders": "A 99"})),
            StatusCode::BAD_REQUEST,
            "orders:",
        ),
        (
            Some(json!({"lineup": "A 15 15 15 15 B 1 1 1 C 1 1 1 D 1 1 1"})),
            StatusCode::BAD_REQUEST,
            "line-up:",
        ),
        (
            Some(json!({"orders": "A 4", "colour": "red"})),
            StatusCode::BAD_REQUEST,
            "body:",
        ),
        (Some(json!({})), StatusCode::BAD_REQUEST, "orders:"),
        (Some(json!("A 4")), StatusCode::BAD_REQUEST, "body:"),
    ];
    for (body, want, prefix) in cases {
        let (status, answer) = s.call("POST", &path, Some(&seats[0]), body.clone()).await;
        assert_eq!(status, want, "{body:?} -> {answer}");
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.starts_with(prefix), "{body:?} -> {error}");
        assert!(!error.contains('\n'), "one line: {error}");
    }
    // Nothing was sealed by any of them.
    let (_, sealed) = s.call("GET", &path, Some(&seats[0]), None).await;
    assert!(
        sealed["lineup"].is_null() && sealed["orders"].is_null(),
        "{sealed}"
    );

    // Not JSON, too big, no token, a wrong token, someone else's game, no such game.
    let request = axum::http::Request::post(&path)
        .header("authorization", format!("Bearer {}", seats[0]))
        .header("content-type", "text/plain")
        .body(axum::body::Body::from("A 4"))
        .unwrap();
    let (status, body) = s.send(request).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    let huge = json!({"orders": "A 4 ".repeat(40_000)});
    let (status, body) = s.call("POST", &path, Some(&seats[0]), Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(
        s.call("POST", &path, None, Some(json!({"orders": "A 4"})))
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        s.call(
            "POST",
            &path,
            Some("forged"),
            Some(json!({"orders": "A 4"}))
        )
        .await
        .0,
        StatusCode::UNAUTHORIZED
    );
    let stranger = s.player("stranger").await;
    assert_eq!(
        s.call(
            "POST",
            &path,
            Some(&stranger),
            Some(json!({"orders": "A 4"}))
        )
        .await
        .0,
        StatusCode::FORBIDDEN
    );
    let (status, body) = s.call("GET", "/api/games/999", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "game: no game 999");
    let (status, body) = s.call("GET", "/api/nowhere", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = s
        .call("GET", &format!("/api/games/{id}/reports/5"), None, None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

    // Bad games are refused with the field named.
    let gm = s.player("gm2").await;
    for (game, prefix) in [
        (
            json!({"title": "x", "game": "chess", "seats": ["a"], "deadline": {"every": "interval", "seconds": 3600}}),
            "game:",
        ),
        (
            json!({"title": "x", "game": "backpacks", "seats": ["a"], "deadline": {"every": "weekly", "weekday": "caturday", "time": "20:00", "zone": "UTC"}}),
            "deadline.weekday",
        ),
        (
            json!({"title": "", "game": "backpacks", "seats": ["a"], "deadline": {"every": "interval", "seconds": 3600}}),
            "title:",
        ),
        (
            json!({"title": "x", "game": "breaking-away", "rules": "tour", "seats": ["a"], "deadline": {"every": "interval", "seconds": 3600}}),
            "rules:",
        ),
        (
            json!({"title": "x", "game": "breaking-away", "settings": {"rules": "tour"}, "seats": ["a"], "deadline": {"every": "interval", "seconds": 3600}}),
            "rules:",
        ),
        (
            json!({"title": "x", "game": "breaking-away", "settings": {"map": "[x]"}, "seats": ["a", "b"], "deadline": {"every": "interval", "seconds": 3600}}),
            "map: Breaking Away has no setting \"map\" (its settings: rules, options)",
        ),
        (
            json!({"title": "x", "game": "breaking-away", "settings": {"options": "open_hands"}, "seats": ["a", "b"], "deadline": {"every": "interval", "seconds": 3600}}),
            "options: expected a list of names",
        ),
    ] {
        let (status, body) = s.call("POST", "/api/games", Some(&gm), Some(game)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with(prefix),
            "{body}"
        );
    }
});

on_both!(
    the_front_page_lists_games_escaped,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        // Seat names are checked by the rules (letters, digits, '-', '_'); titles are free text.
        let mut game = race(&["red", "blue"]);
        game["title"] = json!("Tour <script>alert(1)</script>");
        let (status, body) = s.call("POST", "/api/games", Some(&gm), Some(game)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, page) = s.call("GET", "/", None, None).await;
        assert_eq!(status, StatusCode::OK);
        let page = page.as_str().unwrap();
        assert!(
            page.contains("Tour &lt;script&gt;alert(1)&lt;/script&gt;"),
            "{page}"
        );
        assert!(page.contains("blue (open)"), "{page}");
        assert!(!page.contains("<script>"));
    }
);
