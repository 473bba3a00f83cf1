//! What a player sees of their own games: the front page's "Your move" in the reader's time
//! zone, and a GM who plays a seat named on the page and the invitation.

use super::{race_through_forms, seal};
use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;

on_both!(
    a_gm_who_plays_a_seat_is_named_on_the_page_and_the_invitation,
    |s: TestServer| async move {
        let gm = s.player("gm").await;
        let (status, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(crate::common::race(&["red", "blue"])),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let invite = |k: usize| {
            created["invites"][k]["invite"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let join_page = format!("/games/{id}/join?invite={}", invite(1));
        // The invitation is read by a player who is logged in.
        s.player("bob").await;
        let mut bob = Browser::new(&s);
        let login = [
            ("name", "bob"),
            ("password", "correct horse battery"),
            ("next", "/"),
        ];
        assert_eq!(
            bob.submit("/login", "/login", &login).await.status,
            StatusCode::SEE_OTHER
        );
        // Before the GM takes a seat nothing is said.
        let page = Browser::new(&s).get(&format!("/games/{id}")).await;
        assert!(!page.html.contains("id=\"gm-plays\""), "{}", page.html);
        let page = bob.get(&join_page).await;
        assert!(!page.html.contains("id=\"gm-plays\""), "{}", page.html);
        // The GM takes red: every player is told, on the game page and the invitation (issue 12).
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/join"),
                Some(&gm),
                Some(serde_json::json!({ "invite": invite(0) })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        for path in [format!("/games/{id}"), join_page] {
            let page = bob.get(&path).await;
            assert!(
                page.html.contains(
                    "also plays red in this game, and as GM sees before the deadline everything \
                     each player sees of their own seat"
                ) && page
                    .html
                    .contains("Only the draws still to come are hidden from the GM"),
                "{path}: {}",
                page.html
            );
        }
    }
);

on_both!(
    your_move_on_the_front_page_in_the_readers_time_zone,
    |s: TestServer| async move {
        let (id, _gm, mut ann, _bob) = race_through_forms(&s).await;
        // Issue 15, point 4: the player's own games, what is due and by when.
        let front = ann.get("/").await;
        assert!(front.html.contains(r#"<h2 id="your-games">Your move</h2>"#));
        assert!(
            front
                .html
                .contains(&format!(r#"due in 24 h</span> <a href="/games/{id}/orders">Orders for the line-up and turn 1 due "#)),
            "{}",
            front.html
        );
        assert!(
            front
                .html
                .contains(&format!(r#"<a href="/games/{id}/orders">"#))
        );
        let page = ann.get(&format!("/games/{id}")).await;
        assert!(page.html.contains(r#"id="your-move""#), "{}", page.html);
        assert_eq!(page.html.matches("due in 24 h").count(), 1, "{}", page.html);
        // Point 5: orders without D are sealed, and the echo says what D will play.
        let sent = seal(
            &mut ann,
            id,
            &[
                ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
                ("orders", "A 10 B 9 C 9"),
            ],
        )
        .await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let form = ann.get(&format!("/games/{id}/orders")).await;
        assert!(
            form.html.contains(r#"<ul class="notes" id="orders-notes"><li>D: no order — plays its highest card, 6</li></ul>"#),
            "{}",
            form.html
        );
        let sent = seal(
            &mut ann,
            id,
            &[
                ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
                ("orders", "A 10 B 9 C 9 D 6"),
            ],
        )
        .await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let form = ann.get(&format!("/games/{id}/orders")).await;
        assert!(
            !form.html.contains("orders-notes"),
            "complete orders: no note"
        );
        let page = ann.get(&format!("/games/{id}")).await;
        assert!(
            page.html
                .contains("Your orders for the line-up and turn 1 are sealed (amend until "),
            "{}",
            page.html
        );
        let front = ann.get("/").await;
        assert!(
            front.html.contains("are sealed (amend until"),
            "{}",
            front.html
        );
        // A stranger has no "your move".
        let stranger = Browser::new(&s).get("/").await;
        assert!(!stranger.html.contains("Your move"));

        // Point 6: the time zone in the profile; a bad one is refused with the field named.
        let bad = ann
            .submit("/profile", "/profile", &[("time_zone", "Mars/Olympus")])
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(
            bad.html
                .contains("&#34;Mars/Olympus&#34; is not a time zone"),
            "{}",
            bad.html
        );
        let saved = ann
            .submit("/profile", "/profile", &[("time_zone", "America/New_York")])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
        let profile = ann.get("/profile").await;
        assert!(profile.html.contains(r#"value="America/New_York""#));
        assert!(
            profile
                .html
                .contains(r#"<script src="/static/zone.js"></script>"#)
        );
        let page = ann.get(&format!("/games/{id}")).await;
        assert!(page.html.contains(" America/New_York"), "{}", page.html);
        assert!(!page.html.contains(" UTC (in"), "{}", page.html);
        // The script is optional and served from the site (CSP: script-src 'self').
        let script = ann.get("/static/zone.js").await;
        assert_eq!(script.status, StatusCode::OK);
        assert!(script.html.contains("Intl.DateTimeFormat"));
        // Empty: back to UTC.
        let saved = ann
            .submit("/profile", "/profile", &[("time_zone", "")])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER);
        let page = ann.get(&format!("/games/{id}")).await;
        assert!(page.html.contains(" UTC"), "{}", page.html);
    }
);
