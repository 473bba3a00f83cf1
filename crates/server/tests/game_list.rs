//! The game list reads summary columns, never a game's record (issue 12): it answers the same
//! whatever the games hold, stays equal to what each game's record says after every kind of
//! change, and summarises once a game written by an earlier release.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::json;
use server::games;

/// Each listed game's summary equals the one its record gives.
async fn list_matches_records(s: &TestServer) {
    for listed in games::list(&s.state).await.unwrap() {
        let table = games::load(&s.state, listed.row.id).await.unwrap();
        let from_record = table.summary();
        assert_eq!(listed.turn, from_record.turn, "game {}", listed.row.id);
        assert_eq!(listed.started, from_record.started);
        assert_eq!(listed.row.over, from_record.row.over);
        let ready = |s: &games::Summary| {
            s.seats
                .iter()
                .map(|s| (s.seat, s.ready, s.bot.clone(), s.player_name.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            ready(&listed),
            ready(&from_record),
            "game {}",
            listed.row.id
        );
    }
}

on_both!(
    the_list_follows_every_change_without_reading_records,
    |s: TestServer| async move {
        let (race_id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        list_matches_records(&s).await;
        // A seat seals, a bot takes the other, turns are processed.
        let (status, _) = s
        .call("POST", &format!("/api/games/{race_id}/orders"), Some(&seats[0]),
            Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "A 6 B 9 C 8 D 7"})))
        .await;
        assert_eq!(status, StatusCode::OK);
        list_matches_records(&s).await;
        let gm_path = format!("/api/games/{race_id}/gm");
        let gm_action = |body| s.call("POST", &gm_path, Some(&gm), Some(body));
        assert_eq!(
            gm_action(json!({"action": "bot", "seat": 1, "bot": "random"}))
                .await
                .0,
            StatusCode::OK
        );
        list_matches_records(&s).await;
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        list_matches_records(&s).await;
        assert_eq!(
            gm_action(json!({"action": "rollback"})).await.0,
            StatusCode::OK
        );
        list_matches_records(&s).await;
        assert_eq!(
            gm_action(json!({"action": "free", "seat": 0})).await.0,
            StatusCode::OK
        );
        list_matches_records(&s).await;

        // The list never reads a record: with one game's snapshot unreadable it still answers
        // (before issue 12 it loaded and replayed each of up to 200 games).
        sqlx::query("UPDATE games SET record = 'not a game file' WHERE id = $1")
            .bind(race_id)
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        let (status, list) = s.call("GET", "/api/games", None, None).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        assert_eq!(list["games"][0]["id"], race_id);
        assert_eq!(list["games"][0]["turn"], 1);
    }
);

on_both!(
    a_game_of_an_earlier_release_is_summarised_once,
    |s: TestServer| async move {
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let (status, _) = s
        .call("POST", &format!("/api/games/{id}/orders"), Some(&seats[1]),
            Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "A 6 B 9 C 8 D 7"})))
        .await;
        assert_eq!(status, StatusCode::OK);
        // As a database of release 0.2 before the summary columns (migration 0005) left it.
        sqlx::query("UPDATE games SET turn = NULL, started = NULL, ready_seats = NULL")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        let (_, list) = s.call("GET", "/api/games", None, None).await;
        let seats = &list["games"][0]["seats"];
        assert_eq!(
            (seats[0]["ready"].clone(), seats[1]["ready"].clone()),
            (json!(false), json!(true))
        );
        let filled: Option<i64> = sqlx::query_scalar("SELECT ready_seats FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(filled, Some(0b10));
        list_matches_records(&s).await;
    }
);
