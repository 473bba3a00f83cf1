//! Seat names and account names apart: press to a seat never reaches an account named like
//! it, and a mail reads a player's name only where it is no seat's.

use super::{browser, feed, gm_do_settings, message, outbox_last, post, read, report_to, texts};
use crate::common::*;
use axum::http::StatusCode;
use serde_json::json;
use server::games;
use server::mailbox::{Handled, receive};

/// A three-seat Goofspiel whose seat Red is played by an account named `Green`, earlier in seat
/// order than the seat Green (played by `gil`); Blue by `bea`. Private press allowed.
/// (id, GM, [Red's, Green's, Blue's] tokens)
async fn green_on_red(s: &mut TestServer) -> (i64, String, Vec<String>) {
    s.state = s.state.clone().with_mail(club_mail());
    let gm = s.player("gm").await;
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            Some(&gm),
            Some(json!({
                "title": "Colours",
                "game": "goofspiel",
                "settings": {"cards": "5"},
                "seats": ["Red", "Green", "Blue"],
                "deadline": { "every": "interval", "seconds": 86400 },
                "seed": 5,
            })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    let mut tokens = Vec::new();
    for (invite, name) in created["invites"]
        .as_array()
        .unwrap()
        .iter()
        .zip(["Green", "gil", "bea"])
    {
        let token = s.player(name).await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/join"),
                Some(&token),
                Some(json!({ "invite": invite["invite"] })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        s.confirm_email(&token, &format!("{}@example.net", name.to_lowercase()))
            .await;
        tokens.push(token);
    }
    gm_do_settings(s, id, &gm).await;
    (id, gm, tokens)
}

on_both!(
    press_to_a_seat_never_reaches_an_account_named_like_it,
    |s: TestServer| async move {
        let mut s = s;
        let (id, _gm, seats) = green_on_red(&mut s).await;
        let (red, green, blue) = (&seats[0], &seats[1], &seats[2]);

        // The API, by seat name and by seat number.
        let (status, line) = post(
            &s,
            id,
            Some(blue),
            json!({"text": "api by name", "to": ["Green"]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{line}");
        assert_eq!(line["to"], json!(["Green"]), "{line}");
        let (status, line) = post(
            &s,
            id,
            Some(blue),
            json!({"text": "api by number", "to": [1]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{line}");
        assert_eq!(line["to"], json!(["Green"]), "{line}");
        // The account Green, writing "to Green", writes to the seat Green, not to itself.
        let (status, line) = post(
            &s,
            id,
            Some(red),
            json!({"text": "red to green", "to": ["Green"]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{line}");
        assert_eq!(line["header"], "Red (Green) to Green, private", "{line}");
        // One's own seat, by number, is refused.
        let (status, body) = post(&s, id, Some(red), json!({"text": "me", "to": [0]})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"], "to: \"Red\" is your own seat");

        // The game page: its boxes are seats by number, labelled by the seat's name.
        let mut b = browser(&s, "bea").await;
        let page = b.get(&format!("/games/{id}")).await;
        assert!(
            page.html.contains(r#"name="to" value="1"> Green</label>"#),
            "{}",
            page.html
        );
        let csrf = page.csrf();
        let posted = b
            .post_raw(
                &format!("/games/{id}/press"),
                &[
                    ("csrf", csrf.as_str()),
                    ("text", "form to green"),
                    ("to", "1"),
                ],
            )
            .await;
        assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.html);

        // Mail: "Press to Green:" is the seat Green.
        let (_, address) = s
            .call(
                "GET",
                &format!("/api/games/{id}/mail-address"),
                Some(blue),
                None,
            )
            .await;
        let bea = address["address"].as_str().unwrap().to_string();
        let mail = message(
            &bea,
            "green@example.net",
            "Press to Green: mail to green\r\n",
        );
        assert_eq!(
            receive(&s.state, &mail, Some(&bea)).await.unwrap(),
            Handled::Applied
        );

        let to_green = [
            "api by name",
            "api by number",
            "red to green",
            "form to green",
            "mail to green",
        ];
        let seen_by = |token: &str| {
            let token = token.to_string();
            let s = &s;
            async move { texts(&read(s, id, Some(&token)).await) }
        };
        assert_eq!(
            seen_by(green).await,
            to_green,
            "the seat Green reads it all"
        );
        assert_eq!(
            seen_by(red).await,
            ["red to green"],
            "the account Green only its own"
        );
        let blues: Vec<&str> = to_green
            .iter()
            .copied()
            .filter(|t| *t != "red to green")
            .collect();
        assert_eq!(seen_by(blue).await, blues);

        // The page, the report mail and the feed of the account Green hold none of Blue's.
        let html = browser(&s, "Green")
            .await
            .get(&format!("/games/{id}"))
            .await
            .html;
        for text in &blues {
            assert!(!html.contains(text), "{text}: {html}");
        }
        s.clock.advance(86400);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let report = report_to(&s, "green@example.net").await;
        let atom = feed(&s, id, red).await;
        for text in &blues {
            assert!(!report.contains(text), "{text}: {report}");
            assert!(!atom.contains(text), "{text}: {atom}");
        }
        let report = report_to(&s, "gil@example.net").await;
        for text in &to_green {
            assert!(report.contains(text), "{text}: {report}");
        }
    }
);

on_both!(
    a_mail_reads_a_players_name_only_where_it_is_no_seats,
    |s: TestServer| async move {
        let mut s = s;
        let (id, _gm, seats) = green_on_red(&mut s).await;
        let (_, address) = s
            .call(
                "GET",
                &format!("/api/games/{id}/mail-address"),
                Some(&seats[2]),
                None,
            )
            .await;
        let bea = address["address"].as_str().unwrap().to_string();
        // `gil` is no seat's name: his seat, Green. `nobody` is refused, the rest published.
        let mail = message(
            &bea,
            "names@example.net",
            "Press to gil: by player\r\nPress to nobody: lost\r\n",
        );
        assert_eq!(
            receive(&s.state, &mail, Some(&bea)).await.unwrap(),
            Handled::Refused
        );
        assert_eq!(texts(&read(&s, id, Some(&seats[1])).await), ["by player"]);
        assert_eq!(
            texts(&read(&s, id, Some(&seats[0])).await),
            Vec::<String>::new()
        );
        let (_, answer) = outbox_last(&s).await;
        assert!(
            answer.contains("to: no seat or player called \"nobody\" in this game"),
            "{answer}"
        );
    }
);
