//! Secret, verifiable draws on the server (issue 12): while a game runs, its seed and secret
//! reach nobody but the server — not the history, a view, a report, a picture or a page, not
//! even its GM; every page and report shows the commitment; once the game is over the secret
//! is revealed, the public record is anyone's to download, and `gm::verify` checks it.

use crate::common::*;
use axum::http::StatusCode;
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
        // Written a page of entries at a time (issue 28), it is `postrider export`'s file,
        // byte for byte.
        let (_, text) = s.get_text(&format!("/api/games/{id}/record")).await;
        let exported = games::export(&s.state, id).await.unwrap();
        assert_eq!(text, exported);
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

/// Each walker's hand and "card to come" as a GM's report lists them.
fn cards_lines(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|l| l.contains("'s cards: ["))
        .collect()
}

// Issue 28: the GM's preview resolved the coming round with the game's own draws, so it
// showed every walker's card to come, drawn from the secret, before anyone may see it (a
// GM who also plays could amend and preview again). It now shows stand-ins.
on_both!(
    the_preview_shows_stand_ins_not_the_coming_draws,
    |s: TestServer| async move {
        let (id, gm, _) = s.seated_game(day()).await;
        let gm_action = |action: Value| {
            let (s, gm) = (&s, gm.clone());
            async move {
                s.call(
                    "POST",
                    &format!("/api/games/{id}/gm"),
                    Some(&gm),
                    Some(action),
                )
                .await
            }
        };
        for seat in 0..3 {
            let (status, _) =
                gm_action(json!({"action": "bot", "seat": seat, "bot": "heuristic"})).await;
            assert_eq!(status, StatusCode::OK);
        }
        let (status, preview) = gm_action(json!({"action": "preview"})).await;
        assert_eq!(status, StatusCode::OK, "{preview}");
        let preview = preview["report"].as_str().unwrap().to_string();
        assert!(preview.starts_with("Stand-in draws: "), "{preview}");
        // The same stand-ins for every preview of the round.
        let (_, again) = gm_action(json!({"action": "preview"})).await;
        assert_eq!(again["report"].as_str().unwrap(), preview);

        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let (_, real) = s
            .call(
                "GET",
                &format!("/api/games/{id}/reports/1"),
                Some(&gm),
                None,
            )
            .await;
        let real = real.as_str().unwrap().to_string();
        assert_eq!(cards_lines(&real).len(), 3, "{real}");
        assert_eq!(cards_lines(&preview).len(), 3, "{preview}");
        // Six cards come from the pile in a round (each walker's second card and its next
        // one): stand-ins drawn apart from the secret match them all by chance about once in
        // a million runs.
        assert_ne!(
            cards_lines(&preview),
            cards_lines(&real),
            "{preview}\n{real}"
        );
    }
);

// Issue 28: a roll-back of a turn whose seats were all ready left them ready, so the
// deadline worker resolved the turn again at once. It re-opens the turn, with its orders
// kept, and its seats' readiness: the turn waits for its deadline, or for every seat to
// send again.
on_both!(
    a_rollback_reopens_the_turn_for_its_deadline,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        let send = |seat: usize| {
            let (s, token) = (&s, seats[seat].clone());
            async move {
                let (status, body) = s
                    .call(
                        "POST",
                        &format!("/api/games/{id}/orders"),
                        Some(&token),
                        Some(json!({
                            "lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4",
                            "orders": "A 5 B 9 C 6 D 7",
                        })),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        };
        let turn = || async {
            let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
            game["turn"].as_u64().unwrap()
        };
        send(0).await;
        send(1).await;
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        assert_eq!(turn().await, 2);

        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "rollback"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(turn().await, 1);
        // Before the fix: 1, the turn resolved again at once.
        assert_eq!(games::process_due(&s.state).await.unwrap(), 0);
        let (_, game) = s
            .call("GET", &format!("/api/games/{id}"), Some(&seats[0]), None)
            .await;
        for seat in game["seats"].as_array().unwrap() {
            assert_eq!(seat["ready"], false, "{game}");
        }
        assert_eq!(game["sealed"]["ready"], false, "{game}");
        assert_eq!(
            game["sealed"]["orders"], "A 5 B 9 C 6 D 7",
            "the orders are kept"
        );

        // One seat sends again: still waiting for the other.
        send(0).await;
        assert_eq!(games::process_due(&s.state).await.unwrap(), 0);
        send(1).await;
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        assert_eq!(turn().await, 2);

        // Rolled back again and left alone, the turn is resolved at its deadline with the
        // orders it kept.
        s.call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(json!({"action": "rollback"})),
        )
        .await;
        assert_eq!(games::process_due(&s.state).await.unwrap(), 0);
        s.clock.advance(86400 + 1);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        assert_eq!(turn().await, 2);
    }
);

/// A Backpacks day as a game file: `rounds` rounds resolved, with a secret or a chosen seed.
fn day_file(secret: bool, rounds: u16) -> gm::GameFile {
    let (secret_text, seed) = gm::draws::secret_from_bytes(&[3; 32]);
    let setup = gm::Setup {
        secret: secret.then_some(secret_text),
        ..gm::Setup::new("backpacks", &["ann", "bob"], seed)
    };
    let mut file = gm::GameFile::new(setup, Some(0), Some("gm".into())).unwrap();
    while file.record().resolved() < rounds && !file.record().is_over() {
        let turn = file.record().turn();
        file.push(vec![gm::Event::resolved(turn)], Some(0), "gm")
            .unwrap();
    }
    file
}

fn interval() -> gm::DeadlineRule {
    gm::DeadlineRule::Interval { seconds: 86400 }
}

async fn bad_import(s: &TestServer, file: &gm::GameFile, title: &str) -> String {
    let gm_id = games::player_id(&s.state, "gm").await.unwrap();
    let games_before = s.call("GET", "/api/games", None, None).await.1;
    match games::import(&s.state, file, title, gm_id, &interval()).await {
        Err(server::ApiError::Bad(message)) => {
            let games_after = s.call("GET", "/api/games", None, None).await.1;
            assert_eq!(games_before, games_after, "nothing was imported");
            message.to_string()
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

// Issue 28: an imported running game kept "draws: secret" though whoever holds the file
// knows the secret. A running game's secret is refused (docs/server.md, Security and fair
// play); a finished game, or one whose GM chose the seed, is imported as before.
on_both!(
    a_running_games_secret_is_not_imported,
    |s: TestServer| async move {
        s.player("gm").await;
        let message = bad_import(&s, &day_file(true, 2), "Moved day").await;
        assert!(
            message
                .starts_with("import: the file holds the secret of a day still running (round 3)"),
            "{message}"
        );
        let gm_id = games::player_id(&s.state, "gm").await.unwrap();
        for file in [day_file(false, 2), day_file(true, u16::MAX)] {
            let id = games::import(&s.state, &file, "Moved day", gm_id, &interval())
                .await
                .unwrap();
            let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
            assert_eq!(game["title"], "Moved day");
        }
    }
);

// Issue 28 ("Smaller"): import took any title (control characters, empty, over-long), a
// NUL in an entry reached PostgreSQL as a driver error, and `--gm` matched names only in
// their exact case.
on_both!(
    an_import_is_checked_as_a_new_game_is,
    |s: TestServer| async move {
        s.player("gm").await;
        let file = day_file(false, 1);
        for (title, said) in [
            ("", "title: must be 1 to 80 characters"),
            ("   ", "title: must be 1 to 80 characters"),
            (&"x".repeat(81), "title: must be 1 to 80 characters"),
            (
                "Red\u{1b}[31m day",
                "title: control character '\\u{1b}' at character 4",
            ),
            ("a\0b", "title: control character '\\0' at character 2"),
        ] {
            let message = bad_import(&s, &file, title).await;
            assert!(message.starts_with(said), "{title:?}: {message}");
        }

        let mut nul = day_file(false, 1);
        nul.push(
            vec![gm::Event::SeatClaimed {
                seat: game_api::Seat(0),
                player: "ann\0".into(),
            }],
            Some(0),
            "gm",
        )
        .unwrap();
        let message = bad_import(&s, &nul, "A day").await;
        assert_eq!(
            message,
            "import: log entry 3 holds a NUL character (\\u0000), which no entry may hold"
        );

        let gm_id = games::player_id(&s.state, "gm").await.unwrap();
        assert_eq!(games::player_id(&s.state, "GM").await.unwrap(), gm_id);
        let missing = games::player_id(&s.state, "nobody").await.unwrap_err();
        assert!(missing.to_string().contains("no account called \"nobody\""));
    }
);
