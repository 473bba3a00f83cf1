//! Each game's own settings through the API and in the OpenAPI document, which lists every
//! route; a Backpacks day on a weekly deadline.

use crate::common::{Backend, START, TestServer};
use axum::http::StatusCode;
use serde_json::json;
use server::games;

on_both!(
    a_backpacks_day_on_a_weekly_deadline,
    |s: TestServer| async move {
        let (id, _gm, seats) = s
        .seated_game(json!({
            "title": "Keswick", "game": "backpacks", "seats": ["ann", "bob"],
            "deadline": {"every": "weekly", "weekday": "sunday", "time": "20:00", "zone": "Europe/London"},
            "seed": 5,
        }))
        .await;
        let (_, game) = s
            .call("GET", &format!("/api/games/{id}"), Some(&seats[0]), None)
            .await;
        // 2026-11-22 is a Sunday; 20:00 GMT is eight hours after the start.
        assert_eq!(game["deadline"], START + 8 * 3600);
        let walkers = game["view"]["walkers"].as_array().unwrap();
        assert!(
            walkers[0]["hand"].is_array() && walkers[1]["hand"].is_null(),
            "{walkers:?}"
        );
        s.clock.advance(8 * 3600);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(game["turn"], 2);
        assert_eq!(game["deadline"], START + 8 * 3600 + 7 * 86400);
    }
);

on_both!(
    a_game_takes_its_own_settings_through_the_api,
    |s: TestServer| async move {
        // Issue 32: the game's settings object, as the game describes it, is the game's set-up.
        let gm = s.player("gm").await;
        let (status, body) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(json!({"title": "Board", "game": "breaking-away",
                    "settings": {"rules": "board", "options": ["open_hands"]},
                    "seats": ["red", "blue", "green"], "deadline": {"every": "interval", "seconds": 3600}})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(
            body["settings"],
            json!({"rules": "board", "options": ["open_hands"]}),
            "{body}"
        );
    }
);

#[tokio::test]
async fn the_openapi_document_lists_each_games_settings_from_the_game() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    let (_, spec) = s.call("GET", "/api/openapi.json", None, None).await;
    let schemas = &spec["components"]["schemas"];
    let games: Vec<&str> = gm::GAMES.iter().map(|g| g.name).collect();
    assert_eq!(
        schemas["NewGame"]["properties"]["game"]["enum"],
        json!(games)
    );
    for info in gm::GAMES {
        let settings = &schemas[format!("Settings-{}", info.name)]["properties"];
        for setting in info.settings {
            assert!(
                settings.get(setting.name).is_some(),
                "{}: {}",
                info.name,
                setting.name
            );
        }
    }
    assert_eq!(
        schemas["Settings-breaking-away"]["properties"]["rules"]["enum"],
        json!(["postal-2.2", "board"])
    );
}

#[tokio::test]
async fn every_route_is_in_the_openapi_document() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    let (status, spec) = s.call("GET", "/api/openapi.json", None, None).await;
    assert_eq!(status, StatusCode::OK);
    let documented: Vec<String> = spec["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, methods)| {
            methods
                .as_object()
                .unwrap()
                .keys()
                .map(move |m| format!("{} {path}", m.to_uppercase()))
        })
        .collect();
    // Every path the router serves is documented (read from its source, so that a new route
    // cannot go undocumented) ...
    let api = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let mut files: Vec<_> = std::fs::read_dir(api)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let source: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    let paths: Vec<&str> = source
        .split('"')
        .filter(|piece| piece.starts_with("/api/"))
        .collect();
    assert!(paths.len() >= 11, "{paths:?}");
    for path in paths {
        assert!(
            spec["paths"].get(path).is_some(),
            "{path} is not in openapi.json"
        );
    }
    // ... and every documented method answers (not 404 or 405).
    for route in &documented {
        let (method, path) = route.split_once(' ').unwrap();
        let path = path.replace("{id}", "1").replace("{turn}", "1");
        let (status, body) = s.call(method, &path, None, None).await;
        assert!(
            status != StatusCode::METHOD_NOT_ALLOWED
                && body["error"] != "path: no such endpoint (see /api/openapi.json)",
            "{route}: {status} {body}"
        );
    }
}
