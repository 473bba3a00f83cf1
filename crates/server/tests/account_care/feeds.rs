//! An account's feeds end when it is suspended or deleted, and a deleted account's press is
//! by a deleted player.

use super::{PASSWORD, logged_in, login, play_out};
use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;
use serde_json::json;

/// A two-seat Goofspiel of five rounds, seated by `p-red` and `p-blue`, private press allowed:
/// (game id, GM token, seats' tokens).
async fn card_game(s: &TestServer, gm: &str) -> (i64, Vec<String>) {
    let game = json!({
        "title": "Five cards",
        "game": "goofspiel",
        "settings": {"cards": "5"},
        "seats": ["red", "blue"],
        "deadline": { "every": "interval", "seconds": 86400 },
        "seed": 5,
    });
    let (id, seats) = s.game_seated_by(gm, game, "p-").await;
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

/// A seat's feed addresses, (calendar, reports), from its player's profile API.
async fn feed_addresses(s: &TestServer, id: i64, token: &str) -> (String, String) {
    let (status, feeds) = s
        .call("GET", &format!("/api/games/{id}/feeds"), Some(token), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{feeds}");
    (
        feeds["calendar"].as_str().unwrap().to_string(),
        feeds["reports"].as_str().unwrap().to_string(),
    )
}

async fn press(s: &TestServer, id: i64, token: &str, body: serde_json::Value) {
    let (status, posted) = s
        .call(
            "POST",
            &format!("/api/games/{id}/press"),
            Some(token),
            Some(body),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{posted}");
}

// Issue 50: a suspended account's feeds still answered, its seat's private press included.
// Suspending ends every feed address of the account at once; lifting the suspension does not
// bring them back (the player asks for new ones).
on_both!(
    a_suspension_ends_the_accounts_feeds,
    |s: TestServer| async move {
        let mut op = Browser::new(&s);
        op.register("op").await;
        let gm = s.player("gm").await;
        let (id, seats) = card_game(&s, &gm).await;
        press(
            &s,
            id,
            &seats[1],
            json!({"text": "Blue whispers", "to": ["red"]}),
        )
        .await;
        s.clock.advance(86_400);
        server::games::process_due(&s.state).await.unwrap();
        let (calendar, reports) = feed_addresses(&s, id, &seats[0]).await;
        let (status, atom) = s.get_text(&reports).await;
        assert_eq!(status, StatusCode::OK);
        assert!(atom.contains("Blue whispers"), "{atom}");
        assert_eq!(s.get_text(&calendar).await.0, StatusCode::OK);
        let (blue_calendar, _) = feed_addresses(&s, id, &seats[1]).await;

        let done = op
            .submit(
                "/operator",
                "/operator",
                &[("action", "suspend"), ("name", "p-red")],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        assert_eq!(s.get_text(&calendar).await.0, StatusCode::NOT_FOUND);
        let (status, text) = s.get_text(&reports).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(!text.contains("Blue whispers"));
        // Another player's feeds go on.
        assert_eq!(s.get_text(&blue_calendar).await.0, StatusCode::OK);

        let lifted = op
            .submit(
                "/operator",
                "/operator",
                &[("action", "lift"), ("name", "p-red")],
            )
            .await;
        assert_eq!(lifted.status, StatusCode::SEE_OTHER);
        assert_eq!(s.get_text(&calendar).await.0, StatusCode::NOT_FOUND);
        assert_eq!(s.get_text(&reports).await.0, StatusCode::NOT_FOUND);
        let (_, body) = login(&s, "p-red", PASSWORD).await;
        let red = body["token"].as_str().unwrap().to_string();
        let (new_calendar, new_reports) = feed_addresses(&s, id, &red).await;
        assert_ne!(new_calendar, calendar);
        assert_eq!(s.get_text(&new_calendar).await.0, StatusCode::OK);
        assert_eq!(s.get_text(&new_reports).await.0, StatusCode::OK);
    }
);

// Issue 50: a deleted account's feeds still answered, its private press included, and its
// press still bore its name, which a new account could then register and appear as the author
// of. Deleting ends its feed addresses; its messages are by "a deleted player" in every door,
// and a new account of the same name is never shown as their author.
on_both!(
    a_deleted_accounts_feeds_end_and_its_press_is_by_a_deleted_player,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let (id, seats) = card_game(&s, &gm).await;
        press(&s, id, &seats[0], json!({"text": "Red speaks"})).await;
        press(
            &s,
            id,
            &seats[0],
            json!({"text": "Red whispers", "to": ["blue"]}),
        )
        .await;
        s.bot_seats(id, &gm, 0..2, "random").await;
        play_out(&s, id).await;
        let (red_calendar, red_reports) = feed_addresses(&s, id, &seats[0]).await;
        let (_, blue_reports) = feed_addresses(&s, id, &seats[1]).await;
        let (status, atom) = s.get_text(&red_reports).await;
        assert_eq!(status, StatusCode::OK);
        assert!(atom.contains("Red whispers"), "{atom}");
        let (_, atom) = s.get_text(&blue_reports).await;
        assert!(atom.contains("red (p-red) to blue, private"), "{atom}");

        let mut red = logged_in(&s, "p-red").await;
        // The profile gives each address whole, at the address the browser came to (no
        // `--public-url` here), for a calendar to subscribe to.
        let profile = red.get_with("/profile", &[("host", "pbm.lan")]).await;
        let whole = format!(r#"data-copy="http://pbm.lan{red_calendar}""#);
        assert!(profile.html.contains(&whole), "{}", profile.html);
        let deleted = red
            .submit("/profile", "/profile/delete", &[("password", PASSWORD)])
            .await;
        assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.html);

        // Its feeds end.
        assert_eq!(s.get_text(&red_calendar).await.0, StatusCode::NOT_FOUND);
        let (status, text) = s.get_text(&red_reports).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(!text.contains("Red whispers"));

        // A new account takes the name: it is never shown as the messages' author.
        let newcomer = s.player("p-red").await;
        for reader in [None, Some(seats[1].as_str()), Some(newcomer.as_str())] {
            let (status, page) = s
                .call("GET", &format!("/api/games/{id}/press"), reader, None)
                .await;
            assert_eq!(status, StatusCode::OK, "{page}");
            let messages = page["messages"].as_array().unwrap();
            assert!(!messages.is_empty(), "{page}");
            for m in messages {
                assert_eq!(m["author"], "a deleted player", "{m}");
                assert!(
                    m["header"]
                        .as_str()
                        .unwrap()
                        .starts_with("red (a deleted player)")
                );
            }
            assert!(!page.to_string().contains("p-red"), "{page}");
        }
        let (_, atom) = s.get_text(&blue_reports).await;
        assert!(
            atom.contains("red (a deleted player) to blue, private"),
            "{atom}"
        );
        assert!(!atom.contains("p-red"), "{atom}");
        let html = Browser::new(&s).get(&format!("/games/{id}")).await.html;
        assert!(html.contains("Red speaks") && html.contains("a deleted player"));
        assert!(!html.contains("p-red"), "{html}");
        // The new account has no part in the game.
        let (status, profile) = s.call("GET", "/api/players/p-red", None, None).await;
        assert_eq!(status, StatusCode::OK, "{profile}");
        assert!(profile["games"].as_array().unwrap().is_empty(), "{profile}");
    }
);
