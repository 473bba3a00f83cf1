//! Accounts and tokens, a whole race with sealed orders and deadlines, the GM's tools, and a
//! seat a bot plays counting as ready.

use crate::common::{Backend, START, TestServer, race};
use axum::http::StatusCode;
use gm::Record;
use serde_json::{Value, json};
use server::games;

async fn orders(s: &TestServer, id: i64, token: &str, body: Value) -> (StatusCode, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/orders"),
        Some(token),
        Some(body),
    )
    .await
}

on_both!(accounts_and_tokens, |s: TestServer| async move {
    let token = s.player("ann").await;
    let (status, body) = s
        .call(
            "POST",
            "/api/players",
            None,
            Some(json!({"name": "ANN", "password": "another fine passphrase"})),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "name: \"ANN\" is taken");
    let (status, body) = s
        .call(
            "POST",
            "/api/login",
            None,
            Some(json!({"name": "ann", "password": "wrong password"})),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body["error"].as_str().unwrap().starts_with("login:"));
    // A script's token works like the session, and logging out revokes only the session.
    let (status, api) = s.call("POST", "/api/tokens", Some(&token), None).await;
    assert_eq!(status, StatusCode::CREATED);
    let api = api["token"].as_str().unwrap().to_string();
    let (status, _) = s.call("POST", "/api/logout", Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = s.call("POST", "/api/tokens", Some(&token), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = s.call("POST", "/api/tokens", Some(&api), None).await;
    assert_eq!(status, StatusCode::CREATED);
    // Passwords are stored as argon2id hashes, never as given.
    let hash: String = sqlx::query_scalar("SELECT password_hash FROM players WHERE name = 'ann'")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert!(hash.starts_with("$argon2id$") && !hash.contains("correct horse battery"));
});

on_both!(a_race_runs_itself, |s: TestServer| async move {
    let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
    let path = format!("/api/games/{id}");

    // Red seals a line-up and orders and gets them back as the engine read them.
    let (status, echo) = orders(
        &s,
        id,
        &seats[0],
        json!({
            "lineup": "a 4 5 6 b 9 9 7 c 6 8 5 d 7 5 4",
            "orders": "a6 b9 c8 d7",
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{echo}");
    assert_eq!(echo["orders"], "A 6 B 9 C 8 D 7");
    assert_eq!(echo["ready"], true);

    // Nothing has fallen due: blue is not ready and the deadline is a day away.
    assert_eq!(games::process_due(&s.state).await.unwrap(), 0);

    // Blue sees neither red's line-up nor its orders, anywhere.
    for route in [
        path.clone(),
        format!("{path}/history"),
        "/api/games".to_string(),
    ] {
        let (_, body) = s.call("GET", &route, Some(&seats[1]), None).await;
        let text = body.to_string();
        assert!(
            !text.contains("A 6 B 9 C 8 D 7") && !text.contains("A 4 5 6"),
            "{route}: {text}"
        );
    }
    let (status, _) = s
        .call("GET", &format!("{path}/orders"), Some(&seats[1]), None)
        .await;
    assert_eq!(status, StatusCode::OK, "blue reads its own (empty) orders");

    // Blue's orders make every seat ready: the turn is processed early.
    let (status, _) = orders(
        &s,
        id,
        &seats[1],
        json!({
            "lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4",
            "orders": "A 5 B 9 C 6 D 7",
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
    let (_, game) = s.call("GET", &path, Some(&seats[1]), None).await;
    assert_eq!(game["turn"], 2);
    // The new deadline is a day after the processing.
    assert_eq!(game["deadline"], START + 86400);
    // Blue sees its own hands and not red's.
    for rider in game["view"]["riders"].as_array().unwrap() {
        assert_eq!(rider["hand"].is_array(), rider["team"] == "blue", "{rider}");
    }

    // Turn 1's report, as text, and the orders are now public history.
    let (status, report) = s
        .call("GET", &format!("{path}/reports/1"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(report.as_str().unwrap().contains("turn 1"), "{report}");
    // The same turn's picture and chart, as the pages show them.
    for format in ["picture", "chart"] {
        let (status, svg) = s
            .call(
                "GET",
                &format!("{path}/reports/1?format={format}"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(svg.as_str().unwrap().starts_with("<svg"), "{format}: {svg}");
    }
    let (_, history) = s.call("GET", &format!("{path}/history"), None, None).await;
    assert!(history.to_string().contains("A 6 B 9 C 8 D 7"));

    // Orders written for turn 1, arriving after it was resolved, are answered 409 with the open
    // turn, and nothing changes (issue 12: orders name their turn).
    let (status, body) = orders(&s, id, &seats[1], json!({"orders": "A 4", "turn": 1})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["turn"], 2, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("turn 2 is open"),
        "{body}"
    );
    let (_, mine) = s
        .call("GET", &format!("{path}/orders"), Some(&seats[1]), None)
        .await;
    assert!(mine["orders"].is_null(), "nothing was sealed: {mine}");

    // Nobody sends orders for turn 2: at the deadline the NMR policy (postal 9.1) plays.
    s.clock.advance(86400);
    assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
    let (_, game) = s.call("GET", &path, Some(&gm), None).await;
    assert_eq!(game["turn"], 3);

    // The record a load gives (this process's, kept since its last write) is the replay of
    // the event log.
    let table = games::load(&s.state, id).await.unwrap();
    let entries: Vec<gm::LogEntry> = games::events(&s.state, id)
        .await
        .unwrap()
        .into_iter()
        .map(|(_, at, actor, event)| gm::LogEntry {
            at: Some(at),
            actor: Some(actor),
            event,
        })
        .collect();
    let log: Vec<gm::Event> = entries.iter().map(|e| e.event.clone()).collect();
    assert_eq!(table.row.version, log.len() as i64);
    assert_eq!(
        gm::GameFile::to_json_parts(&entries, &Record::replay(&log).unwrap()),
        gm::GameFile::to_json_parts(&entries, &table.record)
    );
    // So is the record of a process that has not seen the game (it replays the events).
    let mut fresh = s.state.clone();
    fresh.records = Default::default();
    let cold = games::load(&fresh, id).await.unwrap();
    assert_eq!(
        gm::GameFile::to_json_parts(&entries, &cold.record),
        gm::GameFile::to_json_parts(&entries, &table.record)
    );
});

on_both!(the_gm_console, |s: TestServer| async move {
    let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
    let act = |token: String, action: Value| {
        let s = &s;
        async move {
            s.call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&token),
                Some(action),
            )
            .await
        }
    };
    // Only the GM may act.
    let (status, body) = act(seats[0].clone(), json!({"action": "pause"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");

    // Pause: the deadline passes and nothing happens; resume sets a new one.
    assert_eq!(
        act(gm.clone(), json!({"action": "pause"})).await.0,
        StatusCode::OK
    );
    s.clock.advance(2 * 86400);
    assert_eq!(games::process_due(&s.state).await.unwrap(), 0);
    let (_, game) = act(gm.clone(), json!({"action": "resume"})).await;
    assert_eq!(game["deadline"], s.clock_now() + 86400);
    let (_, game) = act(gm.clone(), json!({"action": "extend", "seconds": 3600})).await;
    assert_eq!(game["deadline"], s.clock_now() + 86400 + 3600);

    // Blue's seat goes to a bot; a preview changes nothing; resolve processes at once.
    let (status, body) = act(
        gm.clone(),
        json!({"action": "bot", "seat": 1, "bot": "heuristic"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = act(
        gm.clone(),
        json!({"action": "bot", "seat": 1, "bot": "genius"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().starts_with("bot:"),
        "{body}"
    );
    let (_, preview) = act(gm.clone(), json!({"action": "preview"})).await;
    assert!(
        preview["report"].as_str().unwrap().contains("turn 1"),
        "{preview}"
    );
    let (_, game) = s
        .call("GET", &format!("/api/games/{id}"), Some(&gm), None)
        .await;
    assert_eq!(game["turn"], 1, "the preview changed nothing");
    let (_, game) = act(gm.clone(), json!({"action": "resolve"})).await;
    assert_eq!(game["turn"], 2);
    let (_, history) = s
        .call("GET", &format!("/api/games/{id}/history"), None, None)
        .await;
    assert!(
        history.to_string().contains("\"by\":\"bot\""),
        "the bot's orders are logged: {history}"
    );

    // Drop a rider, then roll the turn back: the record returns to before the resolution.
    let (status, body) = act(gm.clone(), json!({"action": "drop", "rider": "red A"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = act(gm.clone(), json!({"action": "drop", "rider": "green Z"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // The generic form (issue 32): the game's own verb on a piece.
    let piece = json!({"action": "piece", "verb": "retire", "piece": "blue-B"});
    let (status, body) = act(gm.clone(), piece).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let piece = json!({"action": "piece", "verb": "crash", "piece": "blue-C"});
    let (status, body) = act(gm.clone(), piece).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["error"],
        "crash: Breaking Away has no such action on its pieces"
    );
    let (_, game) = act(gm.clone(), json!({"action": "rollback"})).await;
    assert_eq!(game["turn"], 1);
    assert_eq!(game["view"]["started"], false);
    // The re-opened turn's orders are sealed again: the public history withholds them
    // (issue 12: roll-back re-seals).
    let (_, history) = s
        .call("GET", &format!("/api/games/{id}/history"), None, None)
        .await;
    let sealed: Vec<&serde_json::Value> = history["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["event"])
        .filter(|e| e["kind"] == "orders" || e["kind"] == "lineup")
        .collect();
    assert!(!sealed.is_empty(), "{history}");
    for event in sealed {
        assert_eq!(
            event["sealed"], true,
            "re-opened orders are public: {event}"
        );
    }

    // Free red's seat: the old invitation no longer works, the player no longer plays.
    let (_, game) = act(gm.clone(), json!({"action": "free", "seat": 0})).await;
    assert!(game["seats"][0]["player"].is_null());
    let (status, _) = s
        .call(
            "GET",
            &format!("/api/games/{id}/orders"),
            Some(&seats[0]),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Every action is in the history.
    let (_, history) = s
        .call("GET", &format!("/api/games/{id}/history"), None, None)
        .await;
    let kinds: Vec<&str> = history["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap())
        .collect();
    for kind in [
        "paused",
        "resumed",
        "deadline",
        "seat_bot",
        "resolved",
        "piece",
        "rolled_back",
        "seat_freed",
    ] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
});

on_both!(
    a_seat_a_bot_plays_counts_as_ready,
    |s: TestServer| async move {
        // Issue 15 (7): a turn with a bot in a seat does not wait for its deadline once every
        // person has sealed orders; the bot sends its own when the turn is processed.
        let (id, gm, seats) = s.seated_game(crate::common::race(&["red", "blue"])).await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "bot", "seat": 1, "bot": "heuristic"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            games::process_due(&s.state).await.unwrap(),
            0,
            "red has not sent orders yet"
        );
        let (status, body) = orders(
            &s,
            id,
            &seats[0],
            json!({"lineup": "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6", "orders": "A 10 B 9 C 9 D 6"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            games::process_due(&s.state).await.unwrap(),
            1,
            "every person is ready and the bot plays its seat: the turn is processed before its deadline"
        );
        let (_, game) = s
            .call("GET", &format!("/api/games/{id}"), Some(&gm), None)
            .await;
        assert_eq!(game["turn"], 2);
        assert_eq!(game["seats"][1]["ready"], true, "{game}");
    }
);
