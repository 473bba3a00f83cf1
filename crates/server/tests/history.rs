//! A game's history costs the same to read however long its log is (issue 28): a seat may seal
//! its orders at most `gm::MAX_SEALINGS` times a turn, and the history (API and page) is read
//! a bounded page at a time, by entry or from where a turn opened, even for a log written
//! before the bound with far more entries.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::{Value, json};
use server::games;

const LINEUP: &str = "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4";

async fn seal(s: &TestServer, id: i64, token: &str, body: Value) -> (StatusCode, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/orders"),
        Some(token),
        Some(body),
    )
    .await
}

/// A race whose two teams sealed their line-ups, red amending its orders up to the bound,
/// and turn 1 resolved; then red seals turn 2. Returns the game and the seats' tokens.
async fn amended_race(s: &TestServer) -> (i64, Vec<String>) {
    let (id, _gm, seats) = s.seated_game(race(&["red", "blue"])).await;
    let (status, body) = seal(s, id, &seats[0], json!({ "lineup": LINEUP })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let amendments = ["A 6 B 9 C 8 D 7", "A 5 B 9 C 8 D 7"];
    for k in 0..gm::MAX_SEALINGS {
        let orders = amendments[usize::from(k) % 2];
        let (status, body) = seal(s, id, &seats[0], json!({ "orders": orders })).await;
        assert_eq!(status, StatusCode::OK, "sealing {}: {body}", k + 1);
    }
    // One more is refused, naming the bound; the orders sealed last stand.
    let (status, body) = seal(s, id, &seats[0], json!({ "orders": "A 4 B 9 C 8 D 7" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["error"],
        format!(
            "orders: sealed {} times for turn 1, the most a team may; the last ones sealed stand",
            gm::MAX_SEALINGS
        )
    );
    // The order form says the same.
    let mut browser = Browser::new(s);
    browser
        .cookies
        .insert(server::auth::SESSION_COOKIE.into(), seats[0].clone());
    let path = format!("/games/{id}/orders");
    let page = browser
        .submit(&path, &path, &[("orders", "A 4 B 9 C 8 D 7")])
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(
        page.html
            .contains(&server::pages::in_words(body["error"].as_str().unwrap())),
        "{}",
        page.html
    );
    let (_, mine) = s
        .call(
            "GET",
            &format!("/api/games/{id}/orders"),
            Some(&seats[0]),
            None,
        )
        .await;
    assert_eq!(mine["orders"], amendments[1], "{mine}");
    // The other team's count is its own.
    let (status, body) = seal(
        s,
        id,
        &seats[1],
        json!({ "lineup": LINEUP, "orders": "A 5 B 9 C 6 D 7" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
    // The next turn opens with a new count.
    let (_, game) = s
        .call("GET", &format!("/api/games/{id}"), Some(&seats[0]), None)
        .await;
    let card = game["view"]["riders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["team"] == "red" && r["hand"][0].is_u64())
        .and_then(|r| Some((r["grade"].as_str()?.to_string(), r["hand"][0].as_u64()?)));
    let (letter, card) = card.expect("red sees a hand");
    let (status, body) = seal(
        s,
        id,
        &seats[0],
        json!({ "orders": format!("{letter} {card}"), "turn": 2 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (id, seats)
}

async fn history(s: &TestServer, id: i64, query: &str, token: Option<&str>) -> (StatusCode, Value) {
    s.call(
        "GET",
        &format!("/api/games/{id}/history{query}"),
        token,
        None,
    )
    .await
}

on_both!(
    amendments_are_bounded_and_the_history_is_paged,
    |s: TestServer| async move {
        let (id, seats) = amended_race(&s).await;
        let (_, whole) = history(&s, id, "?limit=500", None).await;
        let total = whole["total"].as_i64().unwrap();
        assert_eq!(whole["events"].as_array().unwrap().len() as i64, total);
        assert_eq!(whole["next"], Value::Null);

        // Page by page, ten entries at a time, anonymously: every entry once, in order.
        let mut seqs = Vec::new();
        let mut query = "?limit=10".to_string();
        let mut pages = 0;
        loop {
            let (status, page) = history(&s, id, &query, None).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            let events = page["events"].as_array().unwrap();
            assert!(!events.is_empty() && events.len() <= 10, "{page}");
            assert_eq!(page["total"], total);
            seqs.extend(events.iter().map(|e| e["seq"].as_i64().unwrap()));
            pages += 1;
            match page["next"].as_i64() {
                Some(next) => query = format!("?limit=10&from_seq={next}"),
                None => break,
            }
        }
        assert_eq!(seqs, (1..=total).collect::<Vec<_>>());
        assert_eq!(pages, (total + 9) / 10);
        let (_, second) = history(&s, id, "?limit=10&from_seq=11", None).await;
        assert_eq!(second["previous"], 1);
        assert_eq!(second["from_seq"], 11);

        // From where turn 2 opened: just after turn 1's resolution. Turn 1's orders are
        // public now, turn 2's sealed to all but their seat.
        let turns = whole["turns"].as_array().unwrap();
        assert_eq!(turns.len(), 2, "{turns:?}");
        assert_eq!(turns[0], json!({ "turn": 1, "from_seq": 1 }));
        let (_, turn_two) = history(&s, id, "?from_turn=2", None).await;
        let resolved = whole["events"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["event"]["kind"] == "resolved")
            .unwrap();
        let opened = resolved["seq"].as_i64().unwrap() + 1;
        assert_eq!(turns[1]["from_seq"], opened);
        assert_eq!(turn_two["events"][0]["seq"], opened);
        let sealed = |page: &Value| -> Vec<bool> {
            page["events"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["event"]["kind"] == "orders")
                .map(|e| e["event"]["sealed"] == true)
                .collect()
        };
        assert_eq!(sealed(&turn_two), [true]);
        let (_, own) = history(&s, id, "?from_turn=2", Some(&seats[0])).await;
        assert_eq!(sealed(&own), [false]);
        let (_, first) = history(&s, id, "?limit=500", None).await;
        let turn_one = sealed(&first);
        assert_eq!(turn_one.len(), usize::from(gm::MAX_SEALINGS) + 2);
        assert!(turn_one[..turn_one.len() - 1].iter().all(|s| !s));

        // The page: its entries, and links to the neighbouring pages and to each turn.
        let (status, page) = s
            .call(
                "GET",
                &format!("/games/{id}/history?from_seq=11"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let html = page.as_str().unwrap();
        assert!(
            html.contains(&format!(
                r#"<a href="/games/{id}/history?from_seq=1" rel="prev">"#
            )),
            "{html}"
        );
        assert!(html.contains(&format!("Entries 11–{} of {total}", total.min(110))));
        assert!(html.contains(&format!(
            r#"<a href="/games/{id}/history?from_turn=2">2</a>"#
        )));
        let (status, page) = s
            .call("GET", &format!("/games/{id}/history?limit=10"), None, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        let html = page.as_str().unwrap();
        assert!(html.contains(&format!(
            r#"<a href="/games/{id}/history?from_seq=11" rel="next">"#
        )));
        assert_eq!(html.matches("<tr><td>").count(), 10);
    }
);

on_both!(
    a_bad_history_query_is_refused_naming_the_field,
    |s: TestServer| async move {
        let (id, _gm, _seats) = s.seated_game(race(&["red", "blue"])).await;
        for (query, status, error) in [
            (
                "?limit=0",
                StatusCode::BAD_REQUEST,
                "limit: 0 is not between 1 and 500",
            ),
            (
                "?limit=501",
                StatusCode::BAD_REQUEST,
                "limit: 501 is not between 1 and 500",
            ),
            (
                "?from_seq=99",
                StatusCode::NOT_FOUND,
                "from_seq: 99 is not an entry of the log (it holds 1 to 3)",
            ),
            (
                "?from_turn=2",
                StatusCode::NOT_FOUND,
                "from_turn: turn 2 has not opened (the coming turn is 1)",
            ),
            (
                "?from_turn=1&from_seq=1",
                StatusCode::BAD_REQUEST,
                "from_seq, from_turn: give one or the other",
            ),
        ] {
            let (got, body) = history(&s, id, query, None).await;
            assert_eq!(
                (got, body["error"].as_str()),
                (status, Some(error)),
                "{query}"
            );
        }
        let (got, body) = history(&s, id, "?limit=many", None).await;
        assert_eq!(got, StatusCode::BAD_REQUEST);
        assert!(
            body["error"].as_str().unwrap().starts_with("query: "),
            "{body}"
        );
        let (got, page) = s
            .call("GET", &format!("/games/{id}/history?limit=0"), None, None)
            .await;
        assert_eq!(got, StatusCode::BAD_REQUEST);
        assert!(
            page.as_str()
                .unwrap()
                .contains("0 is not between 1 and 500")
        );
    }
);

// A log written before the bound (here, 3,000 amendments put straight into the event log)
// replays, and its history is still read a bounded page at a time.
on_both!(
    a_log_longer_than_the_bound_is_read_a_page_at_a_time,
    |s: TestServer| async move {
        let (id, seats) = amended_race(&s).await;
        let log = games::events(&s.state, id).await.unwrap();
        let (seq, at, actor, amendment) = log
            .iter()
            .rev()
            .find(|(_, _, _, e)| matches!(e, gm::Event::Orders { .. }))
            .cloned()
            .unwrap();
        let extra = 3000;
        let mut tx = s.state.db.pool.begin().await.unwrap();
        for k in 1..=extra {
            sqlx::query(
                "INSERT INTO events (game_id, seq, at, actor, kind, body) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(seq + k)
            .bind(at)
            .bind(&actor)
            .bind(amendment.kind())
            .bind(amendment.to_json())
            .execute(&mut *tx)
            .await
            .unwrap();
        }
        sqlx::query("UPDATE games SET version = version + $1 WHERE id = $2")
            .bind(extra)
            .bind(id)
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let total = seq + extra;
        let (status, page) = history(&s, id, "", None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["total"], total);
        assert_eq!(page["events"].as_array().unwrap().len(), 100);
        assert_eq!(page["next"], 101);
        let (_, last) = history(&s, id, &format!("?from_seq={}&limit=500", total - 9), None).await;
        let events = last["events"].as_array().unwrap();
        assert_eq!(events.len(), 10);
        assert!(
            events.iter().all(|e| e["event"]["sealed"] == true),
            "{last}"
        );
        assert_eq!(last["next"], Value::Null);
        let (_, own) = history(&s, id, &format!("?from_seq={}", total), Some(&seats[0])).await;
        assert_eq!(own["events"][0]["event"]["sealed"], Value::Null);
        assert_eq!(own["turns"].as_array().unwrap().len(), 2);
    }
);

// A finished day whose log was written before the bound (1,200 amendments of one walker's
// first orders, where they stand): its public record is written a page of entries at a time
// (`server::public_record`), is `postrider export`'s file byte for byte, and replays.
on_both!(
    a_long_record_is_written_a_page_at_a_time,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let day = json!({
            "title": "A long day",
            "game": "backpacks",
            "seats": ["ann", "bob"],
            "deadline": { "every": "interval", "seconds": 86400 },
        });
        let (status, created) = s.call("POST", "/api/games", Some(&gm), Some(day)).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        s.bot_seats(id, &gm, 0..2, "random").await;
        let mut rounds = 0;
        while games::process_due(&s.state).await.unwrap() == 1 {
            rounds += 1;
            assert!(rounds <= 30, "a day ends");
        }
        // The log again, with its first orders sealed 1,200 times more where they stand.
        let log = games::events(&s.state, id).await.unwrap();
        let first = log
            .iter()
            .position(|(_, _, _, e)| matches!(e, gm::Event::Orders { .. }))
            .unwrap();
        let mut long = log[..=first].to_vec();
        long.extend(std::iter::repeat_n(log[first].clone(), 1200));
        long.extend(log[first + 1..].iter().cloned());
        let mut tx = s.state.db.pool.begin().await.unwrap();
        sqlx::query("DELETE FROM events WHERE game_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await
            .unwrap();
        for (k, (_, at, actor, event)) in long.iter().enumerate() {
            sqlx::query(
                "INSERT INTO events (game_id, seq, at, actor, kind, body) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(k as i64 + 1)
            .bind(*at)
            .bind(actor)
            .bind(event.kind())
            .bind(event.to_json())
            .execute(&mut *tx)
            .await
            .unwrap();
        }
        sqlx::query("UPDATE games SET version = $1 WHERE id = $2")
            .bind(long.len() as i64)
            .bind(id)
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();

        let (status, record) = s.get_text(&format!("/api/games/{id}/record")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(record, games::export(&s.state, id).await.unwrap());
        let file = gm::GameFile::from_json(&record).unwrap();
        assert_eq!(file.log().len(), long.len());
        // It replays (`verify` would refuse it: the amendments are a bot's, which the bot
        // would not have sent).
        assert!(file.record().is_over());
        assert_eq!(file.record().resolved(), rounds);
    }
);
