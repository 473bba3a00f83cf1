//! Seasons on the server, on both databases: a three-stage Breaking Away race and a three-day
//! Backpacks week played to the end (bot seats and a seat whose player sends nothing), the
//! standings the API serves pinned against `gm::season::standings` computed from the stages'
//! public records, and the refusals.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::{Value, json};
use server::games;

/// Plays game `id`'s deadlines until it is over (bots play, the NMR seat sends nothing).
async fn play_out(s: &TestServer, id: i64) {
    for _ in 0..300 {
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        if game["over"] == json!(true) {
            return;
        }
        s.clock.advance(86_400);
        games::process_due(&s.state).await.unwrap();
    }
    panic!("game {id} did not end");
}

/// A game of `game` whose seats are players; the first `bots` handed to the random bot, the
/// others left to send nothing. (game id, GM token, players' tokens)
async fn first_stage(s: &TestServer, game: Value, bots: u32) -> (i64, String, Vec<String>) {
    let (id, gm, players) = s.seated_game(game).await;
    s.bot_seats(id, &gm, 0..bots, "random").await;
    let mut tokens = Vec::new();
    for session in std::iter::once(&gm).chain(&players) {
        tokens.push(api_token(s, session).await);
    }
    let gm = tokens.remove(0);
    (id, gm, tokens)
}

/// A lasting API token for the session's player (a season outlasts a session).
async fn api_token(s: &TestServer, session: &str) -> String {
    let (status, body) = s.call("POST", "/api/tokens", Some(session), None).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["token"].as_str().unwrap().to_string()
}

/// The standings `gm::season` gives for the stages' public records (each game file read back
/// and its stage taken from the replay), beside what the API serves.
async fn standings_from_records(s: &TestServer, season: &Value) -> Value {
    let mut results = Vec::new();
    for stage in season["stages"].as_array().unwrap() {
        let id = stage["game_id"].as_i64().unwrap();
        let (status, body) = s
            .call("GET", &format!("/api/games/{id}/record"), None, None)
            .await;
        if status != StatusCode::OK {
            continue;
        }
        let file = gm::GameFile::from_json(&body.to_string()).unwrap();
        results.push(file.record().stage().expect("a finished game is a stage"));
        assert_eq!(stage["result"], *results.last().unwrap(), "the kept result");
    }
    let setup: gm::season::Season = serde_json::from_value(json!({
        "game": season["game"],
        "name": season["name"],
        "scoring": season["scoring"],
        "best_of": season["best_of"],
    }))
    .unwrap();
    let seats: Vec<String> = season["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    serde_json::to_value(gm::season::standings(&setup, &seats, &results).unwrap()).unwrap()
}

async fn season(s: &TestServer, id: i64) -> Value {
    let (status, body) = s
        .call("GET", &format!("/api/seasons/{id}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Adds the next stage with `rest_days`: the new game's id.
async fn add_stage(s: &TestServer, gm: &str, id: i64, rest_days: u16) -> i64 {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/seasons/{id}/stages"),
            Some(gm),
            Some(json!({ "rest_days": rest_days })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["game_id"].as_i64().unwrap()
}

/// Plays a season of three stages from game `first` (the first `bots` seats the random bot's,
/// the rest sending nothing), checking each next stage's seats and clock and the standings
/// after each stage: the season's final JSON.
async fn three_stages(
    s: &TestServer,
    gm: &str,
    players: &[String],
    first: i64,
    bots: usize,
) -> Value {
    let (status, created) = s
        .call(
            "POST",
            "/api/seasons",
            Some(gm),
            Some(json!({ "name": "Tour of Cumbria", "game_id": first, "stages": 3 })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["stages"][0]["game_id"], first);
    assert_eq!(created["over"], false);
    let mut game = first;
    for stage in 1..=3 {
        play_out(s, game).await;
        let now = season(s, id).await;
        assert_eq!(now["standings"]["stages"], stage, "{now}");
        assert_eq!(
            now["standings"],
            standings_from_records(s, &now).await,
            "stage {stage}: the API's standings are gm::season's from the records"
        );
        if stage == 3 {
            return now;
        }
        let before = s.clock_now();
        game = add_stage(s, gm, id, 2).await;
        // A stage is refused while the one before is being played.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/seasons/{id}/stages"),
                Some(gm),
                Some(json!({})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("still being played"),
            "{body}"
        );
        // The same seats: the bots (the same bot) and the same players, the clock running
        // with its first deadline two rest days later than the rule's.
        let (_, next) = s
            .call("GET", &format!("/api/games/{game}"), Some(gm), None)
            .await;
        for (seat, row) in next["seats"].as_array().unwrap().iter().enumerate() {
            if seat < bots {
                assert_eq!(row["bot"], "random", "{next}");
            } else {
                assert_eq!(
                    row["player"],
                    format!("p-{}", row["name"].as_str().unwrap())
                );
            }
        }
        assert_eq!(next["deadline"], before + 86_400 + 2 * 86_400, "{next}");
        let (_, mine) = s
            .call(
                "GET",
                &format!("/api/games/{game}"),
                Some(players.last().unwrap()),
                None,
            )
            .await;
        assert_eq!(mine["your_seat"], players.len() - 1, "{mine}");
    }
    unreachable!()
}

on_both!(
    a_three_stage_race_with_a_bot_and_an_nmr_seat_gives_gm_season_standings,
    |s: TestServer| async move {
        let (first, gm, players) = first_stage(&s, race(&["red", "blue", "green"]), 2).await;
        let done = three_stages(&s, &gm, &players, first, 2).await;
        assert_eq!(done["over"], true, "three planned stages played");
        let keys: Vec<&str> = done["standings"]["classifications"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["key"].as_str().unwrap())
            .collect();
        assert!(keys.contains(&"general"), "{keys:?}");
        assert!(!done["standings"]["jerseys"].as_array().unwrap().is_empty());
        assert!(
            done["winners"].as_array().unwrap().len() >= keys.len(),
            "each classification crowned: {done}"
        );
        // After the second stage a line has a movement; every stage names its winner.
        assert!(
            done["standings"]["classifications"][0]["rows"][0]
                .get("movement")
                .is_some()
        );
        for stage in done["stages"].as_array().unwrap() {
            assert!(!stage["winners"].as_array().unwrap().is_empty(), "{stage}");
        }
        // All planned stages are played: no fourth.
        let id = done["id"].as_i64().unwrap();
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/seasons/{id}/stages"),
                Some(&gm),
                Some(json!({})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
    }
);

on_both!(
    a_three_day_walking_week_with_a_bot_and_an_nmr_seat_gives_gm_season_standings,
    |s: TestServer| async move {
        let week = json!({
            "title": "Keswick, Monday",
            "game": "backpacks",
            "seats": ["ann", "bob", "cat"],
            "deadline": { "every": "interval", "seconds": 86400 },
            "seed": 7,
        });
        let (first, gm, players) = first_stage(&s, week, 2).await;
        let done = three_stages(&s, &gm, &players, first, 2).await;
        assert_eq!(done["over"], true);
        assert_eq!(done["stage_noun"], "day");
        assert!(!done["winners"].as_array().unwrap().is_empty(), "{done}");
    }
);

on_both!(
    a_season_is_refused_bad_input_a_second_season_for_a_game_and_a_player_s_gm_steps,
    |s: TestServer| async move {
        let (first, gm, players) = first_stage(&s, race(&["red", "blue"]), 1).await;
        let new = |extra: Value| {
            let mut body = json!({ "name": "Tour", "game_id": first });
            for (k, v) in extra.as_object().unwrap() {
                body[k] = v.clone();
            }
            body
        };
        for (body, field) in [
            (new(json!({ "best_of": 0 })), "best_of:"),
            (new(json!({ "scoring": { "general": "lots" } })), "scoring"),
            (new(json!({ "scoring": 7 })), "scoring"),
            (new(json!({ "name": " " })), "name:"),
            (new(json!({ "stages": 0 })), "stages:"),
            (new(json!({ "stages": 31 })), "stages:"),
            (json!({ "name": "Tour" }), "game_id:"),
            (new(json!({ "colour": "red" })), "colour"),
        ] {
            let (status, answer) = s
                .call("POST", "/api/seasons", Some(&gm), Some(body.clone()))
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body} → {answer}");
            let error = answer["error"].as_str().unwrap();
            assert!(error.contains(field), "{body} → {error}");
        }
        // A player may not make a season of the GM's game, nor add or finish a stage.
        let (status, answer) = s
            .call(
                "POST",
                "/api/seasons",
                Some(&players[1]),
                Some(new(json!({}))),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        let (status, created) = s
            .call("POST", "/api/seasons", Some(&gm), Some(new(json!({}))))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        for path in ["stages", "finish"] {
            let (status, answer) = s
                .call(
                    "POST",
                    &format!("/api/seasons/{id}/{path}"),
                    Some(&players[1]),
                    Some(json!({})),
                )
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {answer}");
            assert!(
                answer["error"].as_str().unwrap().starts_with("gm:"),
                "{answer}"
            );
        }
        // A game is a stage of one season at most.
        let (status, answer) = s
            .call("POST", "/api/seasons", Some(&gm), Some(new(json!({}))))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().starts_with("game_id:"),
            "{answer}"
        );
        // Nor the next stage before the first is over, nor too many rest days.
        let (status, answer) = s
            .call(
                "POST",
                &format!("/api/seasons/{id}/stages"),
                Some(&gm),
                Some(json!({ "rest_days": 61 })),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(answer["error"].as_str().unwrap().starts_with("rest_days:"));
        // A stage is not deleted (it counts in the standings).
        let (status, answer) = s
            .call(
                "POST",
                &format!("/api/games/{first}/gm"),
                Some(&gm),
                Some(json!({ "action": "delete" })),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        // Finished early while its stage runs: the stage leaves the season, which is over.
        let (status, done) = s
            .call(
                "POST",
                &format!("/api/seasons/{id}/finish"),
                Some(&gm),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{done}");
        assert_eq!(done["over"], true);
        assert_eq!(done["stages"], json!([]));
        assert_eq!(done["winners"], json!([]), "nothing to crown");
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/seasons/{id}/finish"),
                Some(&gm),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        // Unknown seasons are a 404 with a JSON body.
        let (status, answer) = s.call("GET", "/api/seasons/999", None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(answer["error"].as_str().unwrap().starts_with("season:"));
    }
);

on_both!(
    a_season_made_with_its_first_stage_as_a_new_game,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let (status, created) = s
            .call(
                "POST",
                "/api/seasons",
                Some(&gm),
                Some(json!({ "name": "League", "best_of": 2, "first_stage": race(&["red", "blue"]) })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        assert_eq!(created["best_of"], 2);
        let game = created["stages"][0]["game_id"].as_i64().unwrap();
        let (_, table) = s
            .call("GET", &format!("/api/games/{game}"), Some(&gm), None)
            .await;
        assert_eq!(table["you_are_gm"], true);
    }
);

on_both!(
    a_stage_s_last_report_carries_the_standings_its_pictures_the_jerseys_and_the_last_crowns,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(club_mail());
        let (first, gm, players) = first_stage(&s, race(&["red", "blue"]), 1).await;
        s.confirm_email(&players[1], "blue@example.org").await;
        let (status, created) = s
            .call(
                "POST",
                "/api/seasons",
                Some(&gm),
                Some(json!({ "name": "Tour of Cumbria", "game_id": first, "stages": 2 })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let reports = |s: &TestServer| {
            let pool = s.state.db.pool.clone();
            async move {
                sqlx::query_scalar::<_, String>(
                    "SELECT body FROM outbox WHERE kind = 'report' AND to_addr = 'blue@example.org' ORDER BY id",
                )
                .fetch_all(&pool)
                .await
                .unwrap()
            }
        };
        play_out(&s, first).await;
        let mailed = reports(&s).await;
        let (last, earlier) = mailed.split_last().unwrap();
        assert!(
            earlier.iter().all(|r| !r.contains("the standings after")),
            "only the report that ends the stage"
        );
        assert!(
            last.contains("Tour of Cumbria: the standings after stage 1 of 2"),
            "{last}"
        );
        assert!(last.contains("General classification"), "{last}");
        assert!(last.contains("blue-"), "the reader's own lines: {last}");
        assert!(!last.contains("The winners"), "{last}");
        // The stage's pictures wear no jersey; the next stage's wear those after the first.
        let (_, page) = s.get_text(&format!("/games/{first}")).await;
        assert!(
            !page.contains("yellow jersey</title>") && page.contains("the standings after stage 1"),
            "{page}"
        );
        // The same standings on the page in Japanese.
        let (_, page) = s.get_text(&format!("/games/{first}?lang=ja")).await;
        for words in [
            "Tour of Cumbria：第1ステージ（全2ステージ）終了時の順位",
            "個人総合（選手、各ステージの順位の合計）",
            "順位の変動",
        ] {
            assert!(page.contains(words), "no {words}: {page}");
        }
        let second = add_stage(&s, &gm, id, 0).await;
        s.clock.advance(86_400);
        games::process_due(&s.state).await.unwrap();
        let (_, page) = s.get_text(&format!("/games/{second}")).await;
        assert!(page.contains("yellow jersey"), "the wearers marked: {page}");
        assert!(page.contains(&format!(r#"href="/seasons/{id}""#)), "{page}");
        play_out(&s, second).await;
        let last = reports(&s).await.pop().unwrap();
        assert!(last.contains("the standings after stage 2 of 2"), "{last}");
        assert!(
            last.contains("The winners"),
            "the last stage crowns: {last}"
        );
        // The season page: the banner, the jerseys in their colours, movements, the stages
        // linked with their winners.
        let (status, page) = s.get_text(&format!("/seasons/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains(r#"id="winners""#), "{page}");
        assert!(page.contains("background: #f2c500"), "{page}");
        assert!(
            page.contains('▲') || page.contains('▬') || page.contains('▼'),
            "{page}"
        );
        assert!(
            page.contains(&format!(r#"href="/games/{second}""#)),
            "{page}"
        );
        assert!(page.contains("won by "), "{page}");
        assert!(page.contains(r#"class="table-scroll""#), "{page}");
        // Each classification states its count-back (docs/rulings.md S-3).
        assert!(
            page.contains("Ties: fewest places; level: the better place in the last stage"),
            "{page}"
        );
        // In Japanese, the classifications and jerseys the game names in English are named
        // again (and nothing of theirs stays English).
        let (_, page) = s.get_text(&format!("/seasons/{id}?lang=ja")).await;
        for words in [
            "個人総合",
            "同点の扱い：順位の合計が少ないほど上位",
            "ポイント賞",
            "スプリント賞",
            "チーム総合",
            "マイヨ・ジョーヌ",
        ] {
            assert!(page.contains(words), "no {words}: {page}");
        }
        for english in [
            "General classification",
            "Points classification",
            "yellow jersey",
        ] {
            assert!(!page.contains(english), "{english}: {page}");
        }
    }
);
