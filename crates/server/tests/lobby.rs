//! Open seats and the lobby (issue 35): a stranger takes an open seat in one request and a
//! closed game refuses; the minimum on-time record refuses a player below it in one line; a
//! seat left mid-game is played by a bot while it waits and its replacement then sends orders;
//! leaving tells the GM and counts as an abandoned seat; the lobby is paged and hides
//! finished, archived and closed games.

use crate::common::*;
use axum::http::StatusCode;
use gm::{Author, Event};
use serde_json::{Value, json};

const LINEUP: &str = "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4";

async fn gm_do(s: &TestServer, id: i64, gm: &str, action: Value) {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(gm),
            Some(action),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn set_lobby(s: &TestServer, id: i64, gm: &str, choice: Value) -> Value {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/lobby"),
            Some(gm),
            Some(choice),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// A Goofspiel game of five cards a hand, for two.
fn five_cards() -> Value {
    json!({
        "title": "Cards",
        "game": "goofspiel",
        "settings": {"cards": "5"},
        "seats": ["north", "south"],
        "deadline": { "every": "interval", "seconds": 86400 },
    })
}

async fn new_game(s: &TestServer, gm: &str, game: Value) -> i64 {
    let (status, created) = s.call("POST", "/api/games", Some(gm), Some(game)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_i64().unwrap()
}

async fn lobby_ids(s: &TestServer, query: &str) -> (Vec<i64>, Value) {
    let (status, body) = s
        .call("GET", &format!("/api/games?open=true{query}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let ids = body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    (ids, body)
}

async fn take(s: &TestServer, id: i64, token: &str, body: Value) -> (StatusCode, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/join"),
        Some(token),
        Some(body),
    )
    .await
}

on_both!(
    an_open_seat_is_taken_by_a_stranger_in_one_request_and_a_closed_game_refuses,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let id = new_game(&s, &gm, race(&["red", "blue"])).await;
        let stranger = s.player("stranger").await;
        // Closed (the default): only an invitation takes a seat.
        let (status, body) = take(&s, id, &stranger, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(
            body["error"],
            "seat: the game has no open seat (ask the GM for an invitation)"
        );
        assert!(lobby_ids(&s, "").await.0.is_empty());

        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/lobby"),
                Some(&stranger),
                Some(json!({"open": true})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "only the GM: {body}");
        let opened = set_lobby(&s, id, &gm, json!({"open": true})).await;
        assert_eq!(opened["open_seats"].as_array().unwrap().len(), 2);
        let (ids, lobby) = lobby_ids(&s, "").await;
        assert_eq!(ids, [id]);
        let listed = &lobby["games"][0];
        assert_eq!(listed["seats_free"], 2, "{lobby}");
        assert_eq!(listed["seats_total"], 2, "{lobby}");
        assert_eq!(listed["gm"], "gm", "{lobby}");
        assert_eq!(listed["game"], "breaking-away", "{lobby}");
        assert_eq!(listed["rules"], "postal-2.2", "{lobby}");
        assert_eq!(listed["deadline_rhythm"], "every 24 h", "{lobby}");

        // One request, no invitation: the first open seat.
        let (status, body) = take(&s, id, &stranger, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["your_seat"], 0, "{body}");
        assert!(body["view"].is_object(), "the seat's view: {body}");
        // One seat a player.
        let (status, body) = take(&s, id, &stranger, json!({"seat": 1})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("seat: you already play red"),
            "{body}"
        );
        // Closed again: the next stranger is refused, and the lobby drops the game.
        set_lobby(&s, id, &gm, json!({"open": false})).await;
        let other = s.player("other").await;
        let (status, body) = take(&s, id, &other, json!({"seat": 1})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(
            body["error"],
            "seat: blue is not open to anyone (ask the GM for an invitation)"
        );
        assert!(lobby_ids(&s, "").await.0.is_empty());
        // Reopened, the last seat is taken and the clock starts.
        set_lobby(&s, id, &gm, json!({"open": true, "seat": 1})).await;
        let (status, body) = take(&s, id, &other, json!({"seat": 1})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(body["deadline"].is_i64(), "the clock runs: {body}");
        let (status, body) = take(&s, id, &s.player("late").await, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    }
);

on_both!(
    the_minimum_on_time_record_refuses_a_player_below_it_with_one_line,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        let orders = format!("/api/games/{id}/orders");
        for (token, body) in [
            (
                &seats[0],
                json!({"lineup": LINEUP, "orders": "A 6 B 9 C 8 D 7"}),
            ),
            (&seats[1], json!({"lineup": LINEUP})),
        ] {
            let (status, body) = s.call("POST", &orders, Some(token), Some(body)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        gm_do(&s, id, &gm, json!({"action": "resolve"})).await;
        // p-blue sent nothing for the one turn seated: 0%.
        let next = new_game(&s, &gm, race(&["a", "b"])).await;
        set_lobby(&s, next, &gm, json!({"open": true})).await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{next}/requirements"),
                Some(&gm),
                Some(json!({"min_on_time": 50})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, lobby) = lobby_ids(&s, "").await;
        assert_eq!(lobby["games"][0]["min_on_time"], 50, "{lobby}");
        let (status, body) = take(&s, next, &seats[1], json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let line = body["error"].as_str().unwrap();
        assert_eq!(
            line,
            "min_on_time: this game asks for an on-time record of at least 50% (yours: 0%, 0 of 1 turns)"
        );
        assert!(!line.contains('\n'));
        // p-red (100%) takes a seat.
        let (status, body) = take(&s, next, &seats[0], json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
);

on_both!(
    leaving_tells_the_gm_and_a_bot_plays_the_seat_until_a_replacement_sends_orders,
    |mut s: TestServer| async move {
        s.state = s.state.clone().with_mail(club_mail());
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        s.confirm_email(&gm, "gm@club.example").await;
        let orders = format!("/api/games/{id}/orders");
        let both = json!({"lineup": LINEUP, "orders": "A 6 B 9 C 8 D 7"});
        for token in &seats {
            let (status, body) = s
                .call("POST", &orders, Some(token), Some(both.clone()))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        gm_do(&s, id, &gm, json!({"action": "resolve"})).await;

        // Blue leaves mid-race: the default keeps the seat with a bot and offers it.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/leave"),
                Some(&seats[1]),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["left"], "blue");
        assert_eq!(body["bot"], server::actions::KEEPER_BOT);
        assert_eq!(body["open"], true);
        let (status, body) = s.call("GET", &orders, Some(&seats[1]), None).await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "the leaver's seat is gone: {body}"
        );
        // The GM is told by mail.
        let (to, subject, text): (String, String, String) = sqlx::query_as(
            "SELECT to_addr, subject, body FROM outbox WHERE kind = 'left' ORDER BY id",
        )
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
        assert_eq!(to, "gm@club.example");
        assert!(subject.contains("p-blue left"), "{subject}");
        assert!(text.contains("p-blue left blue in Tour de Test"), "{text}");
        assert!(text.contains("offered in the lobby"), "{text}");
        // The on-time record shows the abandoned seat.
        let (status, profile) = s.call("GET", "/api/players/p-blue", None, None).await;
        assert_eq!(status, StatusCode::OK, "{profile}");
        assert_eq!(profile["on_time"]["abandoned"], 1, "{profile}");
        assert_eq!(profile["on_time"]["seated"], 1, "{profile}");

        // The lobby offers the seat the bot keeps.
        let (ids, lobby) = lobby_ids(&s, "").await;
        assert_eq!(ids, [id]);
        assert_eq!(lobby["games"][0]["open_seats"][0]["name"], "blue");
        assert_eq!(
            lobby["games"][0]["open_seats"][0]["bot"],
            server::actions::KEEPER_BOT
        );
        // Turn 2: the bot plays blue when the turn is resolved.
        gm_do(&s, id, &gm, json!({"action": "resolve"})).await;
        let log: Vec<Event> = server::store::events(&s.state, id)
            .await
            .unwrap()
            .into_iter()
            .map(|(_, _, _, e)| e)
            .collect();
        let bot_orders = log
            .iter()
            .filter(
                |e| matches!(e, Event::Orders { seat, author: Author::Bot(_), .. } if seat.0 == 1),
            )
            .count();
        assert_eq!(
            bot_orders, 1,
            "the bot sent blue's orders for turn 2: {log:?}"
        );

        // A replacement takes the seat in one request and sends turn 3's orders.
        let newcomer = s.player("newcomer").await;
        let (status, body) = take(&s, id, &newcomer, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["your_seat"], 1, "{body}");
        assert!(
            body["seats"][1]["bot"].is_null(),
            "the bot steps aside: {body}"
        );
        // Rider A plays a card of the hand the seat kept (a card it lacks is refused, changing
        // nothing).
        let mut sealed = None;
        for card in 1..=15 {
            let (status, body) = s
                .call(
                    "POST",
                    &orders,
                    Some(&newcomer),
                    Some(json!({ "orders": format!("A {card}") })),
                )
                .await;
            if status == StatusCode::OK {
                sealed = Some(body);
                break;
            }
        }
        let sealed = sealed.expect("the replacement seals orders for rider A");
        assert_eq!(sealed["turn"], 3, "{sealed}");
        assert!(lobby_ids(&s, "").await.0.is_empty(), "taken: off the lobby");
        // The leaver cannot leave again, nor a finished game be left.
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/leave"),
                Some(&seats[1]),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
);

on_both!(
    a_leaver_seat_goes_as_the_gm_chose,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/lobby"),
                Some(&gm),
                Some(json!({"on_leave": "sideways"})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            body["error"],
            "on_leave: \"sideways\" is not bot_and_open, bot or open"
        );
        let chosen = set_lobby(&s, id, &gm, json!({"on_leave": "bot"})).await;
        assert_eq!(chosen["on_leave"], "bot");
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/leave"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["bot"], server::actions::KEEPER_BOT, "{body}");
        assert_eq!(body["open"], false, "{body}");
        assert!(lobby_ids(&s, "").await.0.is_empty());
        set_lobby(&s, id, &gm, json!({"on_leave": "open"})).await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/leave"),
                Some(&seats[1]),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(body["bot"].is_null(), "{body}");
        assert_eq!(body["open"], true, "{body}");
        assert_eq!(lobby_ids(&s, "").await.0, [id]);
    }
);

on_both!(
    the_lobby_is_paged_and_hides_finished_archived_and_closed_games,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let per_page = server::store::lobby::LOBBY_PAGE as usize;
        let mut open = Vec::new();
        for _ in 0..=per_page {
            let id = new_game(&s, &gm, race(&["red", "blue"])).await;
            set_lobby(&s, id, &gm, json!({"open": true})).await;
            open.push(id);
        }
        // Hidden: a closed game, an archived one, and one played to its end.
        new_game(&s, &gm, race(&["red", "blue"])).await;
        let archived = new_game(&s, &gm, race(&["red", "blue"])).await;
        set_lobby(&s, archived, &gm, json!({"open": true})).await;
        gm_do(&s, archived, &gm, json!({"action": "archive"})).await;
        let finished = new_game(&s, &gm, five_cards()).await;
        s.bot_seats(finished, &gm, 0..2, "random").await;
        set_lobby(&s, finished, &gm, json!({"open": true, "seat": 0})).await;
        assert!(lobby_ids(&s, "").await.0.contains(&finished));
        for _ in 0..5 {
            gm_do(&s, finished, &gm, json!({"action": "resolve"})).await;
        }

        let (first, body) = lobby_ids(&s, "").await;
        assert_eq!(body["total"], per_page + 1, "{body}");
        assert_eq!(first.len(), per_page);
        let (second, _) = lobby_ids(&s, "&page=2").await;
        let mut listed: Vec<i64> = first.into_iter().chain(second).collect();
        listed.sort();
        assert_eq!(listed, open, "newest first, every open game once");
        let (status, body) = s
            .call("GET", "/api/games?open=true&page=0", None, None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"], "page: 0: pages count from 1");
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{finished}/lobby"),
                Some(&gm),
                Some(json!({"open": true})),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "a finished game opens nothing: {body}"
        );
        // The front page shows the lobby with a button to take a seat.
        let (status, page) = s.get_text("/").await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains(r#"id="lobby""#), "{page}");
        assert!(page.contains("Sign in to take a seat"), "{page}");
        assert!(page.contains("/lobby?page=2"), "{page}");
        // The lobby's own page names itself once, in its title's heading.
        let (status, page) = s.get_text("/lobby").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(page.matches(">Looking for players</h").count(), 1, "{page}");
    }
);

on_both!(
    a_games_settings_are_listed_in_the_readers_language,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let id = new_game(&s, &gm, five_cards()).await;
        set_lobby(&s, id, &gm, json!({"open": true})).await;
        let (_, english) = s.get_text("/lobby").await;
        assert!(english.contains(" · cards 5"), "{english}");
        let (status, japanese) = s.get_text("/lobby?lang=ja").await;
        assert_eq!(status, StatusCode::OK, "{japanese}");
        assert!(japanese.contains(" · カード：5"), "{japanese}");
        // The language menu's `?lang=` is never refused as an unknown field of a page's query.
        for path in [
            "/lobby?page=1&lang=ja".to_string(),
            "/ratings/goofspiel?lang=ja".to_string(),
            format!("/games/{id}/history?lang=ja"),
            format!("/games/{id}/press?lang=ja"),
            format!("/api/games/{id}/history?lang=ja"),
            "/api/games?open=true&lang=ja".to_string(),
        ] {
            let (status, page) = s.get_text(&path).await;
            assert_eq!(status, StatusCode::OK, "{path}: {page}");
        }
    }
);
