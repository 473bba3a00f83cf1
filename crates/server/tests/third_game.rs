//! The third game (Goofspiel, `crates/game-goofspiel`, for the tests only) on the server, on
//! SQLite and on PostgreSQL (issue 32): set up with its own setting through the API, orders by
//! the API, by the order page's text form and by mail, bots (random and the mcts search) in
//! seats, the deadlines run it to its end, and its reports and record are served — all without
//! the server naming it.

use crate::common::{Backend, Browser, TestServer, club_mail};
use axum::http::StatusCode;
use serde_json::json;
use server::games;
use server::mailbox::{Handled, receive};

fn message(to: &str, body: &str) -> Vec<u8> {
    format!(
        "From: Ann <ann@example.net>\r\nTo: {to}\r\nSubject: my bid\r\nMessage-ID: <bid-1@example.net>\r\n\
         Date: Sun, 22 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}

on_both!(
    goofspiel_plays_through_every_door,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(club_mail());
        let game = json!({
            "title": "Five cards",
            "game": "goofspiel",
            "settings": {"cards": "5"},
            "seats": ["ann", "bob", "cat", "dan"],
            "deadline": { "every": "interval", "seconds": 86400 },
            "seed": 5,
        });
        let (id, gm, seats) = s.seated_game(game).await;
        let path = format!("/api/games/{id}");
        let (_, body) = s.call("GET", &path, Some(&seats[0]), None).await;
        assert_eq!(body["settings"], json!({"cards": "5"}), "{body}");
        assert_eq!(body["view"]["cards"], 5, "{body}");

        // Ann bids by the API; a card she does not hold is refused naming it.
        let orders = format!("{path}/orders");
        let (status, refused) = s
            .call(
                "POST",
                &orders,
                Some(&seats[0]),
                Some(json!({"orders": "bid 9"})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert!(
            refused["error"]
                .as_str()
                .unwrap()
                .contains("bid: 9 is not a card of this game"),
            "{refused}"
        );
        let (status, echo) = s
            .call(
                "POST",
                &orders,
                Some(&seats[0]),
                Some(json!({"orders": "5"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{echo}");

        // Bob bids by mail, at his seat's own address.
        s.confirm_email(&seats[1], "bob@example.net").await;
        let (_, address) = s
            .call(
                "GET",
                &format!("{path}/mail-address"),
                Some(&seats[1]),
                None,
            )
            .await;
        let to = address["address"].as_str().unwrap().to_string();
        let mail = message(&to, "Hello,\r\n\r\nbid 4\r\n\r\n-- \r\nBob\r\n");
        assert_eq!(
            receive(&s.state, &mail, Some(&to)).await.unwrap(),
            Handled::Applied
        );
        let (_, sealed) = s.call("GET", &orders, Some(&seats[1]), None).await;
        assert_eq!(sealed["orders"], "bid 4", "{sealed}");

        // Cat's order page: the game brings no form of its own, so it is the text form, with the
        // game's help; it seals.
        let mut cat = Browser::new(&s);
        let login = cat
            .submit(
                "/login",
                "/login",
                &[
                    ("name", "p-cat"),
                    ("password", "correct horse battery"),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(login.status, StatusCode::SEE_OTHER, "{}", login.html);
        let page_path = format!("/games/{id}/orders");
        let page = cat.get(&page_path).await;
        assert!(
            page.html.contains(r#"<textarea id="orders" name="orders""#),
            "{}",
            page.html
        );
        assert!(
            page.html.contains("bid 5"),
            "the game's help: {}",
            page.html
        );
        let sent = cat
            .submit(
                &page_path,
                &page_path,
                &[("turn", "1"), ("orders", "bid 1")],
            )
            .await;
        assert!(
            sent.status.is_redirection() || sent.status == StatusCode::OK,
            "{}",
            sent.html
        );
        let (_, sealed) = s.call("GET", &orders, Some(&seats[2]), None).await;
        assert_eq!(sealed["orders"], "bid 1", "{sealed}");

        // Dan sends nothing (NMR: his lowest card); from round 2 the bots play ann and bob.
        s.clock.advance(86400);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let (_, report) = s.get_text(&format!("{path}/reports/1")).await;
        assert!(report.contains("ann"), "{report}");
        s.bot_seats(id, &gm, 0..1, "random").await;
        s.bot_seats(id, &gm, 1..2, "mcts").await;
        for _ in 2..=5 {
            s.clock.advance(86400);
            assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        }
        let (_, body) = s.call("GET", &path, None, None).await;
        assert_eq!(body["over"], true, "{body}");
        let (status, svg) = s
            .get_text(&format!("{path}/reports/5?format=picture"))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(svg.starts_with("<svg"), "{svg}");
        let (status, record) = s.call("GET", &format!("{path}/record"), None, None).await;
        assert_eq!(status, StatusCode::OK, "{record}");
    }
);
