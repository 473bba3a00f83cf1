//! Press numbers (issue 50): a visitor knew public messages by their row ids, whose gaps counted
//! the private press sent between them (and every other game's press). A reader of public press
//! alone — a visitor, the GM — knows them as 1, 2, 3, … within the game, in the API, the page's
//! anchors and its paging; a seat pages by its own numbers; `before` pages for every reader, and
//! the GM hides a message by the number the GM reads.

use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// A three-seat Goofspiel, private press allowed: (game id, GM token, seats' tokens).
async fn game(s: &TestServer, gm: &str, prefix: &str) -> (i64, Vec<String>) {
    let game = json!({
        "title": "Five cards",
        "game": "goofspiel",
        "settings": {"cards": "5"},
        "seats": ["ann", "bob", "cat"],
        "deadline": { "every": "interval", "seconds": 86400 },
        "seed": 5,
    });
    let (id, seats) = s.game_seated_by(gm, game, prefix).await;
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/press/settings"),
            Some(gm),
            Some(json!({"private_allowed": true})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (id, seats)
}

async fn post(s: &TestServer, id: i64, token: &str, body: Value) -> Value {
    let (status, posted) = s
        .call(
            "POST",
            &format!("/api/games/{id}/press"),
            Some(token),
            Some(body),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{posted}");
    posted
}

async fn page(s: &TestServer, id: i64, token: Option<&str>, query: &str) -> Value {
    let (status, body) = s
        .call("GET", &format!("/api/games/{id}/press{query}"), token, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn ids(page: &Value) -> Vec<i64> {
    page["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect()
}

fn texts(page: &Value) -> Vec<String> {
    page["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap_or("(hidden)").to_string())
        .collect()
}

/// Every message `token` reads, a page of `limit` at a time from the newest back.
async fn paged(s: &TestServer, id: i64, token: Option<&str>, limit: u32) -> Vec<String> {
    let mut all = Vec::new();
    let mut query = format!("?limit={limit}");
    for _ in 0..50 {
        let body = page(s, id, token, &query).await;
        let mut older = texts(&body);
        older.append(&mut all);
        all = older;
        match body["older"].as_i64() {
            Some(before) => query = format!("?limit={limit}&before={before}"),
            None => return all,
        }
    }
    panic!("paging did not end");
}

on_both!(
    a_visitor_knows_public_press_by_numbers_that_count_nothing_private,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let (id, seats) = game(&s, &gm, "p-").await;
        let (other, others) = game(&s, &gm, "q-").await;
        let [ann, bob, cat] = [&seats[0], &seats[1], &seats[2]];
        // Public, private, public, private, announcement; another game's press in between.
        assert_eq!(post(&s, id, ann, json!({"text": "one"})).await["id"], 1);
        for n in 0..3 {
            post(
                &s,
                id,
                ann,
                json!({"text": format!("ann to bob {n}"), "to": ["bob"]}),
            )
            .await;
            post(
                &s,
                other,
                &others[0],
                json!({"text": format!("elsewhere {n}")}),
            )
            .await;
        }
        post(&s, id, bob, json!({"text": "two"})).await;
        for n in 0..2 {
            post(
                &s,
                id,
                cat,
                json!({"text": format!("cat to ann {n}"), "to": ["ann"]}),
            )
            .await;
        }
        let announced = post(&s, id, &gm, json!({"text": "three"})).await;
        assert_eq!(
            announced["id"], 3,
            "the GM reads by public numbers: {announced}"
        );

        // A visitor and the GM: 1, 2, 3.
        for reader in [None, Some(gm.as_str())] {
            let body = page(&s, id, reader, "").await;
            assert_eq!(texts(&body), ["one", "two", "three"]);
            assert_eq!(ids(&body), [1, 2, 3], "{body}");
            assert!(body["older"].is_null());
        }
        // The other game's public press is numbered on its own.
        assert_eq!(ids(&page(&s, other, None, "").await), [1, 2, 3]);
        // The page's anchors, and its older press, the same.
        let html = Browser::new(&s).get(&format!("/games/{id}")).await.html;
        let anchors: Vec<&str> = html
            .match_indices(r#"id="press-"#)
            .map(|(at, _)| {
                let rest = &html[at + r#"id="press-"#.len()..];
                &rest[..rest.find('"').unwrap()]
            })
            .filter(|anchor| anchor.bytes().all(|b| b.is_ascii_digit()))
            .collect();
        assert_eq!(anchors, ["1", "2", "3"], "{html}");
        let older = Browser::new(&s)
            .get(&format!("/games/{id}/press?before=3"))
            .await
            .html;
        assert!(older.contains(r#"id="press-1""#) && older.contains(r#"id="press-2""#));
        assert!(!older.contains(r#"id="press-3""#) && !older.contains("three"));

        // Paging one at a time: `older` is the visitor's number, `before` takes it.
        let body = page(&s, id, None, "?limit=1").await;
        assert_eq!((ids(&body), body["older"].as_i64()), (vec![3], Some(3)));
        let body = page(&s, id, None, "?limit=1&before=3").await;
        assert_eq!((ids(&body), body["older"].as_i64()), (vec![2], Some(2)));
        let body = page(&s, id, None, "?limit=1&before=2").await;
        assert_eq!((ids(&body), body["older"].as_i64()), (vec![1], None));
        // Every reader pages through what they read, whole and in order.
        let public = ["one", "two", "three"].map(String::from).to_vec();
        assert_eq!(paged(&s, id, None, 1).await, public);
        assert_eq!(paged(&s, id, Some(&gm), 2).await, public);
        let ann_reads = paged(&s, id, Some(ann), 2).await;
        assert_eq!(
            ann_reads,
            [
                "one",
                "ann to bob 0",
                "ann to bob 1",
                "ann to bob 2",
                "two",
                "cat to ann 0",
                "cat to ann 1",
                "three"
            ]
        );
        assert_eq!(paged(&s, id, Some(cat), 1).await.len(), 5);

        // The GM hides message 2 by the number the GM reads it by.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/press/2/hide"),
                Some(&gm),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            texts(&page(&s, id, None, "").await),
            ["one", "(hidden)", "three"]
        );
        assert_eq!(texts(&page(&s, other, None, "").await)[1], "elsewhere 1");
    }
);

// Public messages posted at the same moment each take a number of their own: on PostgreSQL
// two posts may read the same highest number, and the one that loses tries again.
on_both!(
    public_press_posted_at_once_is_numbered_without_gaps_or_twins,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let (id, seats) = game(&s, &gm, "p-").await;
        let posts = seats.iter().flat_map(|token| {
            let s = &s;
            (0..5).map(move |n| async move {
                let body = json!({"text": format!("at once {n}")});
                s.call(
                    "POST",
                    &format!("/api/games/{id}/press"),
                    Some(token),
                    Some(body),
                )
                .await
            })
        });
        for (status, body) in futures_util::future::join_all(posts).await {
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
        // A visitor's numbers: 1 to 15, each once.
        let body = page(&s, id, None, "").await;
        assert_eq!(ids(&body), (1..=15).collect::<Vec<i64>>(), "{body}");
    }
);
