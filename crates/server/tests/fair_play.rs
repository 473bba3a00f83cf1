//! Secret, verifiable draws on the server (issue 12): while a game runs, its seed and secret
//! reach nobody but the server — not the history, a view, a report, a picture or a page, not
//! even its GM; every page and report shows the commitment; once the game is over the secret
//! is revealed, the public record is anyone's to download, and `gm::verify` checks it.

mod common;

use axum::http::StatusCode;
use common::*;
use serde_json::{Value, json};
use server::games;

fn day() -> Value {
    json!({
        "title": "A secret day",
        "game": "backpacks",
        "seats": ["ann", "bob", "cat"],
        "deadline": { "every": "interval", "seconds": 86400 },
    })
}

/// The secret and the seed, read from the server's own store.
async fn server_secret(s: &TestServer, id: i64) -> (String, u64) {
    let log = games::events(&s.state, id).await.unwrap();
    let (_, _, _, gm::Event::Created { setup }) = &log[0] else {
        panic!("the log begins with the creation");
    };
    (
        setup.secret.clone().expect("a server game has a secret"),
        setup.seed,
    )
}

/// Everything a player, the GM or the public can read about the game.
async fn everything_readable(
    s: &TestServer,
    id: i64,
    tokens: &[Option<&str>],
) -> Vec<(String, String)> {
    let mut read = Vec::new();
    let routes = [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/history"),
        format!("/api/games/{id}/reports/1"),
        format!("/api/games/{id}/reports/1?format=json"),
        format!("/api/games/{id}/reports/1?format=picture"),
        format!("/api/games/{id}/record"),
        "/api/games".to_string(),
        format!("/games/{id}"),
        format!("/games/{id}/history"),
        format!("/games/{id}/turns/1"),
        format!("/games/{id}/gm"),
        format!("/games/{id}/orders"),
    ];
    for token in tokens {
        for route in &routes {
            let (_, body) = s.call("GET", route, *token, None).await;
            let text = match body {
                Value::String(text) => text,
                other => other.to_string(),
            };
            read.push((route.clone(), text));
        }
    }
    read
}

on_both!(
    the_draws_are_secret_then_revealed_and_verifiable,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(day()).await;
        let (secret, seed) = server_secret(&s, id).await;
        assert!(secret.len() >= 32, "at least 128 bits");
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        let commitment = game["commitment"].as_str().unwrap().to_string();
        assert_eq!(game["draws"], "secret");

        // A round is played, so that there are reports and pictures to read.
        for seat in 0..3 {
            let (status, _) = s
                .call(
                    "POST",
                    &format!("/api/games/{id}/gm"),
                    Some(&gm),
                    Some(json!({"action": "bot", "seat": seat, "bot": "random"})),
                )
                .await;
            assert_eq!(status, StatusCode::OK);
        }
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);

        let readers = [None, Some(gm.as_str()), Some(seats[0].as_str())];
        let seed_text = seed.to_string();
        for (route, text) in everything_readable(&s, id, &readers).await {
            assert!(!text.contains(&secret), "{route} shows the secret");
            assert!(!text.contains(&seed_text), "{route} shows the seed");
        }
        // The commitment is on the game page, in every report and in the history.
        let page = s
            .call("GET", &format!("/games/{id}"), None, None)
            .await
            .1
            .to_string();
        assert!(
            page.contains(&commitment),
            "the game page shows the commitment"
        );
        for route in ["history", "turns/1"] {
            let path = format!("/games/{id}/{route}");
            let (_, page) = s.call("GET", &path, Some(&seats[0]), None).await;
            assert!(
                page.to_string().contains(&commitment[..16]),
                "{path} shows the commitment"
            );
        }
        let (_, report) = s
            .call(
                "GET",
                &format!("/api/games/{id}/reports/1"),
                Some(&seats[1]),
                None,
            )
            .await;
        assert!(report.to_string().contains(&commitment), "{report}");
        let (_, history) = s
            .call("GET", &format!("/api/games/{id}/history"), None, None)
            .await;
        assert_eq!(
            history["events"][0]["event"]["setup"]["commitment"],
            commitment.as_str()
        );
        assert!(history["events"][0]["event"]["setup"].get("seed").is_none());

        // No public record while the day runs.
        let (status, body) = s
            .call("GET", &format!("/api/games/{id}/record"), None, None)
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("record: published when the day is over"),
            "{body}"
        );

        // The bots play the day out.
        let mut rounds = 1;
        while games::process_due(&s.state).await.unwrap() == 1 {
            rounds += 1;
            assert!(rounds <= 30, "a day ends");
        }
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(game["over"], true);

        // Now the secret is in the history, and anyone downloads the record and verifies it.
        let (_, history) = s
            .call("GET", &format!("/api/games/{id}/history"), None, None)
            .await;
        assert_eq!(
            history["events"][0]["event"]["setup"]["secret"],
            secret.as_str()
        );
        assert_eq!(history["events"][0]["event"]["setup"]["seed"], seed);
        let (status, record) = s
            .call("GET", &format!("/api/games/{id}/record"), None, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        let verified = gm::verify::verify(&record.to_string(), Some(&commitment)).unwrap();
        assert_eq!(verified.turns, rounds);
        assert_eq!(verified.reports_checked, rounds);
        assert!(verified.secret && verified.over);
        let page = s
            .call("GET", &format!("/games/{id}"), None, None)
            .await
            .1
            .to_string();
        assert!(
            page.contains(&format!("/games/{id}/record")),
            "the page links the record"
        );

        // The secret is public now: the last round cannot be re-opened.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "rollback"})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
);

on_both!(
    a_seed_chosen_by_the_gm_is_said_so,
    |s: TestServer| async move {
        let (id, _, _) = s.seated_game(race(&["red", "blue"])).await;
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(game["draws"], "seed chosen by the GM");
        let page = s
            .call("GET", &format!("/games/{id}"), None, None)
            .await
            .1
            .to_string();
        assert!(page.contains("a seed the GM chose"), "{page}");
    }
);
