//! A game's clock starts when its last seat is taken, or when its GM starts it (issue 15,
//! point 7): an unclaimed seat is never marked as having sent nothing before anyone could.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::json;
use server::games;

on_both!(
    the_clock_waits_for_the_last_seat,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let (status, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(race(&["red", "blue", "green"])),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let path = format!("/api/games/{id}");
        let (_, game) = s.call("GET", &path, None, None).await;
        assert_eq!(game["deadline"], json!(null));
        assert_eq!(game["waiting_for_players"], true);
        let page = s
            .call("GET", &format!("/games/{id}"), None, None)
            .await
            .1
            .to_string();
        assert!(
            page.contains("waiting for players (0 of 3 seats taken)"),
            "{page}"
        );

        // Ten days pass with the seats open: nothing falls due, nobody is marked NMR.
        s.clock.advance(10 * 86400);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 0);
        let gm_path = format!("{path}/gm");
        let (status, body) = s
            .call(
                "POST",
                &gm_path,
                Some(&gm),
                Some(json!({"action": "extend", "seconds": 3600})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("the clock has not started"),
            "{body}"
        );

        // Two players take their seats, a bot the third: the clock starts then.
        for invite in &created["invites"].as_array().unwrap()[..2] {
            let token = s
                .player(&format!("p-{}", invite["name"].as_str().unwrap()))
                .await;
            let (status, _) = s
                .call(
                    "POST",
                    &format!("{path}/join"),
                    Some(&token),
                    Some(json!({"invite": invite["invite"]})),
                )
                .await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(
                s.call("GET", &path, None, None).await.1["deadline"],
                json!(null)
            );
        }
        let (status, _) = s
            .call(
                "POST",
                &gm_path,
                Some(&gm),
                Some(json!({"action": "bot", "seat": 2, "bot": "random"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, game) = s.call("GET", &path, None, None).await;
        assert_eq!(game["deadline"], s.clock_now() + 86400);
        assert_eq!(game["waiting_for_players"], false);
        let (status, _) = s
            .call(
                "POST",
                &gm_path,
                Some(&gm),
                Some(json!({"action": "start"})),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "start: the clock is already running"
        );
    }
);

on_both!(
    the_gm_can_start_with_seats_open,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let (_, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(race(&["red", "blue"])),
            )
            .await;
        let id = created["id"].as_i64().unwrap();
        let (status, game) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "start"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(game["deadline"], s.clock_now() + 86400);
        // The open seats send nothing: the turn falls due at the deadline and is played by NMR.
        s.clock.advance(86400);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(game["turn"], 2);
    }
);
