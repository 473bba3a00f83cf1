//! Press is bounded in size, rate and page, its text escaped and its links never followed;
//! a bounded read keeps the latest messages.

use super::{browser, game, gm_do_settings, post, read, texts};
use crate::common::*;
use axum::http::StatusCode;
use serde_json::{Value, json};

on_both!(
    press_is_bounded_in_size_rate_and_page_and_its_text_is_escaped,
    |s: TestServer| async move {
        let mut s = s;
        let (id, gm, seats) = game(&mut s).await;
        let error = |body: &Value| body["error"].as_str().unwrap().to_string();
        // Size, emptiness, who may post, recipients.
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "x".repeat(2001)})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            error(&body),
            "text: 2001 characters, more than the 2000 a message may have"
        );
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "é".repeat(2000)})).await;
        assert_eq!(
            status,
            StatusCode::CREATED,
            "2,000 characters, not bytes: {body}"
        );
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "  \n "})).await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::BAD_REQUEST,
                "text: empty; write the message".into()
            )
        );
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"txt": "hi"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            error(&body).starts_with("body: txt: unknown field `txt`"),
            "{body}"
        );
        let (status, body) = post(&s, id, None, json!({"text": "hi"})).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let stranger = s.player("stranger").await;
        let (status, body) = post(&s, id, Some(&stranger), json!({"text": "hi"})).await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::FORBIDDEN,
                "press: only the game's players and its GM post press".into()
            )
        );
        let (status, body) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": "hi", "as_gm": true}),
        )
        .await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::FORBIDDEN,
                "as_gm: only the game's GM announces".into()
            )
        );
        gm_do_settings(&s, id, &gm).await;
        let (status, body) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": "hi", "to": ["nobody"]}),
        )
        .await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::BAD_REQUEST,
                "to: no seat called \"nobody\" in this game".into()
            )
        );
        let (status, body) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": "hi", "to": ["ann"]}),
        )
        .await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::BAD_REQUEST,
                "to: \"ann\" is your own seat".into()
            )
        );
        let (status, body) = post(&s, id, Some(&gm), json!({"text": "hi", "to": ["ann"]})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            error(&body).starts_with("to: a GM announcement goes to everyone"),
            "{body}"
        );

        // HTML is escaped and links are text.
        let evil = "<script>alert(1)</script> see <a href=\"https://evil.example\">this</a> https://evil.example/x";
        let (status, body) = post(&s, id, Some(&seats[1]), json!({"text": evil})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (_, html) = s.get_text(&format!("/games/{id}")).await;
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(
            html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"),
            "{html}"
        );
        assert!(
            !html.contains("href=\"https://evil.example") && !html.contains("href=\"https://evil"),
            "{html}"
        );
        assert!(html.contains("https://evil.example/x"), "{html}");

        // The rate: 20 messages an hour per sender (Ann has posted one), then a 429 saying
        // when; an hour after her first, she posts again; Bob was never held up.
        for k in 1..20 {
            s.clock.advance(1);
            let (status, body) = post(
                &s,
                id,
                Some(&seats[0]),
                json!({"text": format!("note {k}")}),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{k}: {body}");
        }
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "one too many"})).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert!(
            error(&body).starts_with("press: 20 messages in the last hour"),
            "{body}"
        );
        let (status, body) = post(&s, id, Some(&seats[1]), json!({"text": "still fine"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        s.clock.advance(3600 - 19);
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "again"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");

        // Pages: 50 by default, at most 100, the older ones by `before`, newest last.
        let all = read(&s, id, None).await;
        assert_eq!(all["messages"].as_array().unwrap().len(), 23);
        assert_eq!(all["older"], Value::Null);
        assert_eq!(texts(&all).last().unwrap(), "again");
        let (status, page) = s
            .call("GET", &format!("/api/games/{id}/press?limit=5"), None, None)
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(
            texts(&page),
            ["note 17", "note 18", "note 19", "still fine", "again"]
        );
        let before = page["older"].as_i64().unwrap();
        let (_, older) = s
            .call(
                "GET",
                &format!("/api/games/{id}/press?limit=5&before={before}"),
                None,
                None,
            )
            .await;
        assert_eq!(
            texts(&older),
            ["note 12", "note 13", "note 14", "note 15", "note 16"]
        );
        for bad in ["limit=101", "limit=0"] {
            let (status, body) = s
                .call("GET", &format!("/api/games/{id}/press?{bad}"), None, None)
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(error(&body).starts_with("limit: "), "{body}");
        }
        let (status, body) = s
            .call(
                "GET",
                &format!("/api/games/{id}/press?limit=many"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(error(&body).starts_with("query: "), "{body}");

        // The page's form: a refusal names the field and keeps the text.
        let mut bob = browser(&s, "p-bob").await;
        let long = "y".repeat(2001);
        let refused = bob
            .submit(
                &format!("/games/{id}"),
                &format!("/games/{id}/press"),
                &[("text", &long)],
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.html);
        assert!(
            refused.html.contains("text: 2001 characters"),
            "{}",
            refused.html
        );
        assert!(refused.html.contains(&long), "{}", refused.html);
        let sent = bob
            .submit(
                &format!("/games/{id}"),
                &format!("/games/{id}/press"),
                // The page's boxes send seat numbers (issue 50): cat is seat 2.
                &[("text", "From the form"), ("to", "2")],
            )
            .await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let cat = read(&s, id, Some(&seats[2])).await;
        assert_eq!(texts(&cat).last().unwrap(), "From the form");
        assert_eq!(
            cat["messages"].as_array().unwrap().last().unwrap()["private"],
            true
        );
    }
);

// Fails with the first reading, which took the oldest messages past the bound: a long game's
// feed and reports keep its latest press, oldest first.
on_both!(
    a_bounded_read_of_press_keeps_the_latest_messages,
    |s: TestServer| async move {
        let mut s = s;
        let (id, _gm, seats) = game(&mut s).await;
        for text in ["first", "second", "third"] {
            let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": text})).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
        let press = server::store::press::of_turns(&s.state, id, 1..=1, 2)
            .await
            .unwrap();
        let bodies: Vec<&str> = press.iter().map(|p| p.body.as_str()).collect();
        assert_eq!(bodies, ["second", "third"]);
    }
);
