//! Backpacks in words (issue 51): whole days played by bots through the order pages, and no
//! path code (`KES-CAS.4`) or bare place code (`KES`) in anything a player reads — the order
//! menus, the sealed orders and their notes, the echo mail, the reports in English and
//! Japanese (mail, API text and the turn's page) and their standings, the history's orders.
//! Codes stay in the order text (the typed form and its example), the API's JSON and the log.

use axum::http::StatusCode;
use game_api::Seat;
use serde_json::json;
use sqlx::Row;

use crate::common::{Backend, Browser, TestServer, club_mail};

/// The place codes of the Keswick map.
fn place_codes() -> Vec<String> {
    game_backpacks::Map::keswick()
        .locations
        .iter()
        .map(|l| l.id.clone())
        .collect()
}

/// The codes found in `text`: path codes (`[A-Z]{3}-[A-Z]{3}\.\d`) and place codes standing
/// alone (not inside a longer word of ASCII letters or digits).
fn codes_in(text: &str, places: &[String]) -> Vec<String> {
    let b = text.as_bytes();
    let upper = |k: usize| b.get(k).is_some_and(u8::is_ascii_uppercase);
    let word = |k: Option<usize>| {
        k.and_then(|k| b.get(k))
            .is_some_and(u8::is_ascii_alphanumeric)
    };
    let mut found = Vec::new();
    for k in 0..b.len() {
        if (k..k + 3).all(upper)
            && b.get(k + 3) == Some(&b'-')
            && (k + 4..k + 7).all(upper)
            && b.get(k + 7) == Some(&b'.')
            && b.get(k + 8).is_some_and(u8::is_ascii_digit)
        {
            found.push(text[k..k + 9].to_string());
        }
        if (k..k + 3).all(upper) && !word(k.checked_sub(1)) && !word(Some(k + 3)) {
            let code = &text[k..k + 3];
            if places.iter().any(|p| p == code) {
                found.push(code.to_string());
            }
        }
    }
    found
}

/// `html` less what is order syntax or a picture: the typed-orders form (its example and the
/// text as typed), the menus' values (the orders they send), and the map (its own labels).
fn read_text(html: &str) -> String {
    let mut text = html.to_string();
    for (open, close) in [
        ("<details>", "</details>"),
        ("<svg", "</svg>"),
        ("<script", "</script>"),
        (" value=\"", "\""),
    ] {
        while let Some(at) = text.find(open) {
            let end = text[at + open.len()..]
                .find(close)
                .map_or(text.len(), |e| at + open.len() + e + close.len());
            text.replace_range(at..end, " ");
        }
    }
    text
}

/// The option labels of the menu `move_N` of an order page.
fn menu_labels(html: &str, n: u8) -> Vec<String> {
    let Some(at) = html.find(&format!(r#"<select id="move_{n}""#)) else {
        return Vec::new();
    };
    let menu = &html[at..];
    let menu = &menu[..menu.find("</select>").unwrap()];
    menu.split("<option ")
        .skip(1)
        .map(|o| {
            let label = &o[o.find('>').unwrap() + 1..];
            label[..label.find("</option>").unwrap()].to_string()
        })
        .collect()
}

on_both!(
    whole_backpacks_days_played_by_bots_say_every_place_by_name,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(club_mail());
        let places = place_codes();
        let mut failures: Vec<String> = Vec::new();
        let mut check = |what: String, text: &str| {
            let found = codes_in(text, &places);
            if !found.is_empty() {
                let mut shown = found;
                shown.dedup();
                failures.push(format!("{what}: {}", shown.join(" ")));
            }
        };
        let mut menus = 0;
        let mut rounds = 0;
        let gm = s.player("gm").await;
        for (seed, prefix) in [(5, "a-"), (11, "b-")] {
            let game = json!({
                "title": format!("Keswick {seed}"), "game": "backpacks",
                "seats": ["ann", "bob", "cat"],
                "deadline": {"every": "interval", "seconds": 86400}, "seed": seed,
            });
            let (id, tokens) = s.game_seated_by(&gm, game, prefix).await;
            let names = ["ann", "bob", "cat"];
            // Each player reads in a language of their own: cat in Japanese.
            let mut browsers = Vec::new();
            for (k, name) in names.iter().enumerate() {
                s.confirm_email(&tokens[k], &format!("{prefix}{name}@example.net"))
                    .await;
                let mut b = Browser::new(&s);
                b.login(&format!("{prefix}{name}")).await;
                if *name == "cat" {
                    b.submit("/profile", "/profile/language", &[("lang", "ja")])
                        .await;
                }
                browsers.push(b);
            }
            let path = format!("/games/{id}/orders");
            loop {
                let table = server::store::load(&s.state, id).await.unwrap();
                let record = &table.record;
                if record.is_over() {
                    break;
                }
                let turn = record.turn();
                for (w, b) in browsers.iter_mut().enumerate() {
                    let seat = Seat(w as u8);
                    if !record.takes_orders(seat) {
                        continue;
                    }
                    let page = b.get(&path).await;
                    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
                    for n in [1, 2] {
                        let labels = menu_labels(&page.html, n);
                        menus += usize::from(!labels.is_empty());
                        check(
                            format!("{seed} round {turn} {} menu {n}", names[w]),
                            &labels.join("\n"),
                        );
                    }
                    check(
                        format!("{seed} round {turn} {}'s order page", names[w]),
                        &read_text(&page.html),
                    );
                    if names[w] == "cat" {
                        let gaps = crate::japanese_text::spaced_japanese(&page.html);
                        assert!(gaps.is_empty(), "spaces in Japanese: {gaps:?}");
                    }
                    let orders = record
                        .bot_events(seat, "heuristic")
                        .unwrap()
                        .into_iter()
                        .find_map(|e| match e {
                            gm::Event::Orders { text, .. } => Some(text),
                            _ => None,
                        })
                        .expect("the bot's orders");
                    let sent = b.submit(&path, &path, &[("orders", orders.as_str())]).await;
                    assert_eq!(
                        sent.status,
                        StatusCode::SEE_OTHER,
                        "{orders}: {}",
                        sent.html
                    );
                    // The orders as sealed (or, after the last seal, the next round's page).
                    let page = b.get(&path).await;
                    check(
                        format!("{seed} round {turn} {}'s page after sealing", names[w]),
                        &read_text(&page.html),
                    );
                }
                let resolved = server::store::load(&s.state, id)
                    .await
                    .unwrap()
                    .record
                    .resolved();
                if resolved < turn {
                    s.clock.advance(2 * 86400);
                    server::games::process_due(&s.state).await.unwrap();
                }
                let table = server::store::load(&s.state, id).await.unwrap();
                assert_eq!(table.record.resolved(), turn, "round {turn} played");
                rounds += 1;
                // The history from the round's opening: the orders revealed in words.
                for (w, b) in browsers.iter_mut().enumerate() {
                    let page = b
                        .get(&format!("/games/{id}/history?from_turn={turn}"))
                        .await;
                    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
                    let resolved = match names[w] {
                        "cat" => format!("第{turn}ラウンドを処理"),
                        _ => format!("Round {turn} resolved"),
                    };
                    assert!(page.html.contains(&resolved), "{resolved}: {}", page.html);
                    check(
                        format!("{seed} round {turn} {}'s history", names[w]),
                        &read_text(&page.html),
                    );
                }
                // The round's report: the text (mail and API) in both languages, and its page.
                for (w, token) in tokens.iter().enumerate() {
                    for lang in ["en", "ja"] {
                        let (status, text) = s
                            .respond(
                                axum::http::Request::get(format!(
                                    "/api/games/{id}/reports/{turn}?lang={lang}"
                                ))
                                .header("authorization", format!("Bearer {token}"))
                                .body(axum::body::Body::empty())
                                .unwrap(),
                            )
                            .await;
                        assert_eq!(status, StatusCode::OK, "{text}");
                        check(
                            format!("{seed} round {turn} {}'s report ({lang})", names[w]),
                            &text,
                        );
                    }
                    let page = browsers[w].get(&format!("/games/{id}/turns/{turn}")).await;
                    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
                    // A day is played in rounds, and says so: the past ones, the chart's foot.
                    let rounds = match names[w] {
                        "cat" => ["過去のラウンド", ">ラウンド</text>"],
                        _ => ["Past rounds", ">round</text>"],
                    };
                    for said in rounds {
                        assert!(page.html.contains(said), "{said}: {}", page.html);
                    }
                    check(
                        format!("{seed} round {turn} {}'s report page", names[w]),
                        &read_text(&page.html),
                    );
                }
            }
        }
        // The mail: each echo of sealed orders and each report.
        let mail = sqlx::query(
            "SELECT kind, to_addr, body FROM outbox WHERE kind IN ('echo', 'report') ORDER BY id",
        )
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap();
        let echoes = mail
            .iter()
            .filter(|r| r.get::<String, _>(0) == "echo")
            .count();
        assert!(echoes > 30, "{echoes} echoes");
        assert!(mail.len() > echoes + 30, "{} mails", mail.len());
        for row in &mail {
            let (kind, to, body): (String, String, String) = (row.get(0), row.get(1), row.get(2));
            check(format!("{kind} to {to}"), &body);
        }
        assert!(
            rounds >= 20 && menus >= 100,
            "{rounds} rounds, {menus} menus"
        );
        assert!(
            failures.is_empty(),
            "codes a player reads:\n{}",
            failures.join("\n")
        );
    }
);

#[test]
fn the_scan_finds_path_codes_and_place_codes_standing_alone() {
    let places = place_codes();
    assert_eq!(
        codes_in("walked KES → KES-CAS.4 [2]; at FRI", &places),
        ["KES", "KES-CAS.4", "KES", "CAS", "FRI"]
    );
    assert_eq!(codes_in("Keswickから歩いてFRIへ", &places), ["FRI"]);
    assert!(codes_in("COFFEE BREAK at Castlerigg; THE DAY IS OVER", &places).is_empty());
}
