//! Ratings on the server (issue 34), on SQLite and on PostgreSQL: rated games (the third
//! game, Goofspiel, five rounds) played to their end move their players on the ladder, with a
//! seat a bot played and a seat that sent nothing left out and said so; the table the updates
//! leave is the one a rebuild gives, even when games finish out of id order; the GM marks a
//! game rated at creation or from the console until it is over, never a test game; the
//! ladder's page and API.

use crate::common::{Backend, TestServer};
use axum::http::StatusCode;
use serde_json::{Value, json};
use server::store::ratings;

/// A rated five-card Goofspiel game run by `gm`, its seats taken by `players` (name, token)
/// in order; returns its id.
async fn rated_game(s: &TestServer, gm: &str, players: &[(&str, &str)]) -> i64 {
    let seats: Vec<&str> = players.iter().map(|(name, _)| *name).collect();
    let game = json!({
        "title": "Rated cards",
        "game": "goofspiel",
        "settings": {"cards": "5"},
        "seats": seats,
        "deadline": { "every": "interval", "seconds": 86400 },
        "rated": true,
    });
    let (status, created) = s.call("POST", "/api/games", Some(gm), Some(game)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    for ((_, token), invite) in players.iter().zip(created["invites"].as_array().unwrap()) {
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/join"),
                Some(token),
                Some(json!({ "invite": invite["invite"] })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    id
}

/// Plays round `round` (from 0) of game `id`: each of `bidders` (seat number, token) bids,
/// the others send nothing; the GM resolves it.
async fn play_round(s: &TestServer, gm: &str, id: i64, round: u8, bidders: &[(u8, &str)]) {
    for (seat, token) in bidders {
        // Each seat plays its cards in its own order, so that places differ.
        let card = (round + seat) % 5 + 1;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(token),
                Some(json!({ "orders": card.to_string() })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(gm),
            Some(json!({"action": "resolve"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn gm_action(s: &TestServer, gm: &str, id: i64, action: Value) -> (StatusCode, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/gm"),
        Some(gm),
        Some(action),
    )
    .await
}

on_both!(
    rated_games_move_the_ladder_and_a_rebuild_gives_the_same_table,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let names = ["ann", "bob", "cat", "dan"];
        let mut tokens = Vec::new();
        for name in names {
            tokens.push(s.player(name).await);
        }
        let all: Vec<(&str, &str)> = names
            .iter()
            .zip(&tokens)
            .map(|(n, t)| (*n, t.as_str()))
            .collect();

        // Game 1: everyone plays but dan, who sends nothing (silent 5 of 5: left out).
        let one = rated_game(&s, &gm, &all).await;
        // Game 2: cat's seat is handed to a bot after the first round (left out).
        let two = rated_game(&s, &gm, &all).await;
        // Game 3: all four play.
        let three = rated_game(&s, &gm, &all).await;
        let everyone: Vec<(u8, &str)> = (0..4).map(|k| (k, all[k as usize].1)).collect();

        // Game 2 finishes before game 1, in the same second: game 1's update comes late and
        // the catch-up rebuilds instead (still the table a rebuild gives).
        for round in 0..5 {
            let bidders: Vec<(u8, &str)> = if round == 0 {
                everyone.clone()
            } else {
                everyone.iter().copied().filter(|(k, _)| *k != 2).collect()
            };
            if round == 1 {
                let (status, body) = gm_action(
                    &s,
                    &gm,
                    two,
                    json!({"action": "bot", "seat": 2, "bot": "random"}),
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            play_round(&s, &gm, two, round, &bidders).await;
        }
        for round in 0..5 {
            play_round(&s, &gm, one, round, &everyone[..3]).await;
        }
        s.clock.advance(3600);
        for round in 0..5 {
            play_round(&s, &gm, three, round, &everyone).await;
        }

        // The updates are applied: every rated seat's player is on the ladder table.
        let updated = ratings::all(&s.state.db).await.unwrap();
        let counts: Vec<(i64, u32)> = updated.iter().map(|(_, p, r)| (*p, r.games)).collect();
        assert_eq!(counts.len(), 4, "{updated:?}");
        // ann and bob were rated in all three; cat in one and three; dan in two and three.
        let mut games: Vec<u32> = counts.iter().map(|(_, g)| *g).collect();
        games.sort_unstable();
        assert_eq!(games, [2, 2, 3, 3], "{updated:?}");

        // The rebuild gives the very same table, bit for bit.
        let rebuilt = ratings::rebuild(&s.state.db).await.unwrap();
        assert_eq!(rebuilt.games, 3);
        assert_eq!(ratings::all(&s.state.db).await.unwrap(), updated);

        // The game pages say who was left out and why.
        let (status, page) = s.get_text(&format!("/games/{one}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("sent nothing for 5 of 5 turns"), "{page}");
        let (_, page) = s.get_text(&format!("/games/{two}")).await;
        assert!(page.contains("a bot played the seat"), "{page}");
        assert!(page.contains("/ratings/goofspiel"), "{page}");

        // The ladder: ann and bob have three rated games and show; cat and dan are provisional.
        let (status, ladder) = s.call("GET", "/api/ratings/goofspiel", None, None).await;
        assert_eq!(status, StatusCode::OK, "{ladder}");
        let shown: Vec<&str> = ladder["ladder"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["player"].as_str().unwrap())
            .collect();
        let mut sorted = shown.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ["ann", "bob"], "{ladder}");
        assert_eq!(ladder["ladder"][0]["rank"], 1, "{ladder}");
        assert_eq!(ladder["provisional_total"], 2, "{ladder}");
        let (status, page) = s.get_text("/ratings/goofspiel").await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("Provisional") && page.contains("cat"),
            "{page}"
        );
    }
);

on_both!(
    the_gm_marks_a_game_rated_until_it_is_over_never_a_test_game,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let ann = s.player("ann").await;
        let bob = s.player("bob").await;
        let test_game = json!({
            "title": "Seeded",
            "game": "goofspiel",
            "settings": {"cards": "5"},
            "seats": ["ann", "bob"],
            "deadline": { "every": "interval", "seconds": 86400 },
            "seed": 5,
            "rated": true,
        });
        let (status, refused) = s
            .call("POST", "/api/games", Some(&gm), Some(test_game.clone()))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert!(
            refused["error"].as_str().unwrap().starts_with("rated: "),
            "{refused}"
        );

        // A game created unrated is marked rated from the console, by its GM only.
        let mut game = test_game.clone();
        game.as_object_mut().unwrap().remove("seed");
        game["rated"] = json!(false);
        let (status, created) = s.call("POST", "/api/games", Some(&gm), Some(game)).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let (status, body) =
            gm_action(&s, &ann, id, json!({"action": "rated", "rated": true})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, body) =
            gm_action(&s, &gm, id, json!({"action": "rated", "rated": true})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(ratings::of_game(&s.state.db, id).await.unwrap().rated);

        for ((_, token), invite) in [("ann", &ann), ("bob", &bob)]
            .iter()
            .zip(created["invites"].as_array().unwrap())
        {
            let (status, body) = s
                .call(
                    "POST",
                    &format!("/api/games/{id}/join"),
                    Some(token),
                    Some(json!({ "invite": invite["invite"] })),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        for round in 0..5 {
            play_round(&s, &gm, id, round, &[(0, &ann), (1, &bob)]).await;
        }
        let (status, body) =
            gm_action(&s, &gm, id, json!({"action": "rated", "rated": false})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("rated: the game is over"),
            "{body}"
        );
        // Its update was applied: both rated, one game each.
        let table = ratings::all(&s.state.db).await.unwrap();
        assert_eq!(table.len(), 2, "{table:?}");
        assert!(table.iter().all(|(_, _, r)| r.games == 1));

        // A seeded (test) game cannot be marked rated from the console either.
        let mut seeded = test_game;
        seeded["rated"] = json!(false);
        let (_, created) = s.call("POST", "/api/games", Some(&gm), Some(seeded)).await;
        let seeded = created["id"].as_i64().unwrap();
        let (status, body) =
            gm_action(&s, &gm, seeded, json!({"action": "rated", "rated": true})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
);

on_both!(
    the_ladder_refuses_an_unknown_game_and_a_page_below_one,
    |s: TestServer| async move {
        let (status, body) = s.call("GET", "/api/ratings/chess", None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert!(body["error"].as_str().unwrap().contains("chess"), "{body}");
        let (status, body) = s
            .call("GET", "/api/ratings/goofspiel?page=0", None, None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("page: "),
            "{body}"
        );
        let (status, body) = s.call("GET", "/api/ratings/goofspiel", None, None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["ladder"], json!([]), "{body}");
        let (status, page) = s.get_text("/ratings/breaking-away").await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("No rated game"), "{page}");
        let (_, front) = s.get_text("/").await;
        assert!(
            front.contains(r#"href="/ratings/breaking-away""#),
            "{front}"
        );
    }
);

on_both!(
    start_up_rebuilds_when_the_rules_version_changed,
    |s: TestServer| async move {
        let db = &s.state.db;
        // A new database has no stamp: start-up rebuilds (nothing) and stamps it.
        assert!(ratings::at_start(db).await.unwrap().is_some());
        assert_eq!(ratings::at_start(db).await.unwrap(), None, "stamped");
        // A table stamped under other rules is rebuilt.
        sqlx::query("UPDATE ratings_stamp SET rules = 'rating 0'")
            .execute(&db.pool)
            .await
            .unwrap();
        let rebuilt = ratings::at_start(db).await.unwrap();
        assert_eq!(rebuilt.map(|r| r.games), Some(0));
        let stamp: String = sqlx::query_scalar("SELECT rules FROM ratings_stamp")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(stamp, gm::rating::rules_version());
        assert!(stamp.starts_with("rating 1; breaking-away "), "{stamp}");
    }
);
