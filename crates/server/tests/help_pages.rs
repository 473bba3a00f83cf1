//! The help pages a player learns both games from (issue 57), in both languages: Breaking
//! Away's rules and its orders by mail (`A 12 B 3 C 9 D 7`), Backpacks & Blisters' day (the
//! clock, walking, points, cafés, rides, the Rucksack, 18:00) and its orders; and a
//! Backpacks refusal linking to the rule it cites, as Breaking Away's do.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{Backend, Browser, TestServer};

/// Each help page, a language, and what it must hold.
const SECTIONS: &[(&str, &str, &[&str])] = &[
    (
        "/help/breaking-away",
        "en",
        &[
            r#"id="rule-9-1""#,
            "<h2>Orders by mail</h2>",
            "<pre>A 12 B 3 C 9 D 7</pre>",
            "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
        ],
    ),
    (
        "/help/breaking-away",
        "ja",
        &[
            r#"id="rule-9-1""#,
            "<h2>メールでの命令</h2>",
            "<pre>A 12 B 3 C 9 D 7</pre>",
            r##"<a href="#rule-9-1">郵便ルール9.1</a>"##,
        ],
    ),
    (
        "/help/backpacks",
        "en",
        &[
            "<h2>The day and its clock</h2>",
            "<h2>Walking</h2>",
            "<h2>Points</h2>",
            "<h2>Cafés, lunch and coffee</h2>",
            "<h2>Ferries and buses</h2>",
            "<h2>The Heavy Rucksack</h2>",
            "<h2>Back by 18:00</h2>",
            r#"id="rule-8-3""#,
            r#"<h2 id="orders">"#,
            "<code>walk CARD [chocolate] WAYPOINT…</code>",
        ],
    ),
    (
        "/help/backpacks",
        "ja",
        &[
            "<h2>一日と時計</h2>",
            "<h2>歩く</h2>",
            "<h2>得点</h2>",
            "<h2>カフェ、昼食、コーヒー休憩</h2>",
            "<h2>フェリーとバス</h2>",
            "<h2>重いリュック</h2>",
            "<h2>18:00までに戻る</h2>",
            r#"id="rule-8-3""#,
            r#"<h2 id="orders">"#,
        ],
    ),
];

#[tokio::test]
async fn both_help_pages_hold_their_sections_in_both_languages() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    let mut missing = Vec::new();
    for (path, lang, wanted) in SECTIONS {
        let (status, html) = s.get_text(&format!("{path}?lang={lang}")).await;
        assert_eq!(status, StatusCode::OK, "{path} ({lang}): {html}");
        assert!(
            html.contains(&format!(r#"<html lang="{lang}""#)),
            "{path} ({lang})"
        );
        for text in *wanted {
            if !html.contains(text) {
                missing.push(format!("{path} ({lang}): {text}"));
            }
        }
    }
    assert!(missing.is_empty(), "missing:\n{}", missing.join("\n"));
}

#[tokio::test]
async fn a_backpacks_refusal_links_to_its_rule_on_the_help_page() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    let gm = s.player("gm").await;
    let day = json!({
        "title": "Keswick", "game": "backpacks", "seats": ["aka", "ao"], "seed": 5,
        "deadline": {"every": "interval", "seconds": 86400},
    });
    let (id, _) = s.game_seated_by(&gm, day, "b-").await;
    let path = format!("/games/{id}/orders");
    for (lang, said) in [("en", "not at 10:00 ("), ("ja", "10:00には出ません（")] {
        let mut b = Browser::new(&s);
        b.login("b-aka").await;
        b.submit("/profile", "/profile/language", &[("lang", lang)])
            .await;
        // A ferry at 10:00: ferries leave at twenty past the hour (8.3).
        let refused = b
            .submit(&path, &path, &[("orders", "1: ferry FRI\n2: rest")])
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.html);
        let link = r#"<a href="/help/backpacks#rule-8-3">8.3</a>"#;
        assert!(
            refused.html.contains(&format!("{said}{link}")),
            "{lang}: {}",
            refused.html
        );
        let (status, help) = s.get_text(&format!("/help/backpacks?lang={lang}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(help.contains(r#"id="rule-8-3""#));
    }
}
