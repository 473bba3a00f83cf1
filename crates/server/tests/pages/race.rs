//! A postal race through the forms: each game's own settings on the new-game form, a whole
//! race, forms without this browser's token refused, no page showing another seat's secrets,
//! and bad input shown back with its error.

use super::{race_through_forms, seal};
use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;

on_both!(
    the_new_game_form_offers_each_games_own_settings,
    |s: TestServer| async move {
        // Issue 32: the form's settings come from the games' descriptions, a fieldset each,
        // and only the chosen game's are read.
        let mut gm = Browser::new(&s);
        gm.register("gm").await;
        let form = gm.get("/new").await;
        for info in gm::GAMES {
            for setting in info.settings {
                let field = format!("name=\"{}:{}\"", info.name, setting.flag);
                let shown = match setting.kind {
                    gm::SettingKind::Choice(choices) => choices.len() > 1,
                    _ => true,
                };
                assert_eq!(form.html.contains(&field), shown, "{field}");
            }
        }
        let created = gm
            .submit(
                "/new",
                "/new",
                &[
                    ("title", "Board"),
                    ("game", "breaking-away"),
                    ("breaking-away:rules", "board"),
                    ("breaking-away:option", "open_hands"),
                    ("backpacks:map", "not read: another game's"),
                    ("seats", "red\nblue\ngreen"),
                    ("deadline", "interval"),
                    ("hours", "24"),
                ],
            )
            .await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.html);
        let id: i64 = created
            .location
            .unwrap()
            .trim_start_matches("/games/")
            .trim_end_matches("/gm")
            .parse()
            .unwrap();
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(
            game["settings"],
            serde_json::json!({"rules": "board", "options": ["open_hands"]}),
            "{game}"
        );
        // A form of an earlier release (loaded before an upgrade) named the fields by their
        // flag alone: still read.
        let created = gm
            .submit(
                "/new",
                "/new",
                &[
                    ("title", "Old form"),
                    ("game", "breaking-away"),
                    ("rules", "board"),
                    ("option", "open_hands"),
                    ("seats", "red\nblue\ngreen"),
                    ("deadline", "interval"),
                    ("hours", "24"),
                ],
            )
            .await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.html);
        let id = id + 1;
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(
            game["settings"],
            serde_json::json!({"rules": "board", "options": ["open_hands"]}),
            "{game}"
        );
    }
);

on_both!(a_whole_race_through_the_pages, |s: TestServer| async move {
    let (id, mut gm, mut ann, mut bob) = race_through_forms(&s).await;
    let sent = seal(
        &mut ann,
        id,
        &[
            ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
            ("orders", "a10 b9 c9 d6"),
        ],
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    let page = ann.get(&sent.location.unwrap()).await;
    assert!(
        page.html.contains("orders <code>A 10 B 9 C 9 D 6</code>"),
        "the orders are echoed as the engine read them: {}",
        page.html
    );
    // Only Red is ready: nothing is due yet.
    assert_eq!(server::games::process_due(&s.state).await.unwrap(), 0);
    let sent = seal(
        &mut bob,
        id,
        &[
            ("lineup", "A 9 9 9 B 8 8 9 C 4 4 4 D 5 5 6"),
            ("orders", "A 9 B 9 C 4 D 6"),
        ],
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    // Every seat is ready: the turn is processed early.
    assert_eq!(server::games::process_due(&s.state).await.unwrap(), 1);

    // Issue 15, point 3: the report of turn 1 on the game page as HTML, the reader's own riders
    // marked (and nobody's for the public), the plain text kept folded for mail.
    let page = ann.get(&format!("/games/{id}")).await;
    assert!(
        page.html
            .contains(r#"<section class="report-html" aria-label="Turn 1">"#),
        "{}",
        page.html
    );
    assert!(
        page.html
            .contains(r#"<tr class="mine"><td><span class="nowrap">Red-A</span></td>"#),
        "{}",
        page.html
    );
    assert!(
        !page
            .html
            .contains(r#"<tr class="mine"><td><span class="nowrap">Blue-A"#)
    );
    assert!(
        page.html
            .contains("<summary>The report as text (as mailed)</summary>")
    );
    let public = Browser::new(&s).get(&format!("/games/{id}")).await;
    assert!(public.html.contains("report-html") && !public.html.contains(r#"<tr class="mine""#));

    // During the race the form offers each rider the cards in its hand.
    let form = ann.get(&format!("/games/{id}/orders")).await;
    assert!(
        form.html
            .contains(r#"<select id="card_A" name="card_A" aria-describedby="hand_A">"#),
        "{}",
        form.html
    );
    assert!(form.html.contains(r#"<option value="10">10</option>"#));
    // Issue 15: before sealing, the form says what a rider without an order plays (issue 29:
    // in few enough words for a phone's menu).
    assert!(
        form.html.contains(r#"<option value="">highest, "#),
        "{}",
        form.html
    );
    let sent = seal(
        &mut ann,
        id,
        &[
            ("card_A", "10"),
            ("card_B", ""),
            ("card_C", "8"),
            ("card_D", "5"),
        ],
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    let page = ann.get(&format!("/games/{id}/orders")).await;
    assert!(
        page.html.contains("orders <code>A 10 C 8 D 5</code>"),
        "{}",
        page.html
    );
    // The menus come back with the sealed cards chosen (read from the sealed orders, not
    // from their text), B on "no order".
    for (rider, card) in [("A", "10"), ("C", "8"), ("D", "5")] {
        let menu = &page.html[page
            .html
            .find(&format!(r#"<select id="card_{rider}""#))
            .unwrap()..];
        let menu = &menu[..menu.find("</select>").unwrap()];
        assert!(
            menu.contains(&format!(r#"<option value="{card}" selected>"#)),
            "{rider}: {menu}"
        );
    }
    let menu = &page.html[page.html.find(r#"<select id="card_B""#).unwrap()..];
    assert!(!menu[..menu.find("</select>").unwrap()].contains("selected"));
    assert!(page.html.contains(" points. Hand:</p>"), "{}", page.html);

    // The GM resolves turn 2 from the console (Blue sent nothing: NMR).
    let done = gm
        .submit(
            &format!("/games/{id}/gm"),
            &format!("/games/{id}/gm"),
            &[("action", "resolve"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
    // Recorded as the GM's doing (issue 15, point 8).
    let history = gm.get(&format!("/games/{id}/history")).await.html;
    assert!(
        history.contains(&format!(
            r#"<td>gm</td><td class="history-what"><a href="/games/{id}/turns/2">Turn 2 resolved</a>"#
        )),
        "{history}"
    );

    // The game page: the track, the chart of the race so far and the report.
    for (browser, seated) in [
        (&mut gm, false),
        (&mut ann, true),
        (&mut Browser::new(&s), false),
    ] {
        let page = browser.get(&format!("/games/{id}")).await;
        assert_eq!(page.status, StatusCode::OK);
        // The due time is said once (issue 51): on a seat's card for its player, on the
        // status line for everyone else.
        let due = if seated {
            "Orders for turn 3 due "
        } else {
            "turn 3, due"
        };
        assert!(page.html.contains(due), "{}", page.html);
        assert_eq!(
            page.html.contains(r#"id="status""#),
            !seated,
            "{}",
            page.html
        );
        assert!(page.html.contains("The track after turn 2"));
        assert!(
            page.html
                .contains(r#"aria-label="distance over the turns""#)
        );
        assert!(page.html.contains("No moves received from: Blue"));
    }
    // The archive replays turn 1 as it was.
    let page = ann.get(&format!("/games/{id}/turns/1")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.html.contains("The track after turn 1"));
    assert!(page.html.contains(r#"rel="next""#));
    assert!(page.html.contains("Red-A"));
    let missing = ann.get(&format!("/games/{id}/turns/9")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    // The history names every step, orders revealed once resolved.
    let page = bob.get(&format!("/games/{id}/history")).await;
    assert!(
        page.html.contains("Red: orders A 10 B 9 C 9 D 6"),
        "{}",
        page.html
    );
    assert!(page.html.contains("Turn 2 resolved"));
    assert!(page.html.contains("Blue taken by bob"));
});

on_both!(
    forms_without_this_browsers_token_are_refused,
    |s: TestServer| async move {
        let (id, _gm, mut ann, mut bob) = race_through_forms(&s).await;
        let path = format!("/games/{id}/orders");
        let fields = [
            ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
            ("orders", "A 10"),
        ];
        // No token.
        let page = ann.post_raw(&path, &fields).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        assert!(
            page.html
                .contains("The form is stale or came from another site")
        );
        // Another browser's token (what a forged form from another site would carry at best).
        let other = bob.get(&path).await.csrf();
        let mut forged = vec![("csrf", other.as_str())];
        forged.extend_from_slice(&fields);
        let page = ann.post_raw(&path, &forged).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        // A browser that lost its form cookie.
        let own = ann.get(&path).await.csrf();
        ann.cookies.remove("postrider_form");
        let mut stale = vec![("csrf", own.as_str())];
        stale.extend_from_slice(&fields);
        assert_eq!(
            ann.post_raw(&path, &stale).await.status,
            StatusCode::FORBIDDEN
        );
        // Nothing was sealed by any of them.
        let page = ann.get(&path).await;
        assert!(page.html.contains("Nothing sealed yet"), "{}", page.html);
        // Logging out needs the token too.
        assert_eq!(
            bob.post_raw("/logout", &[]).await.status,
            StatusCode::FORBIDDEN
        );
        let page = bob.submit("/", "/logout", &[]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert!(!bob.cookies.contains_key("postrider_session"));
    }
);

on_both!(
    no_page_shows_another_seats_secrets,
    |s: TestServer| async move {
        let (id, mut gm, mut ann, mut bob) = race_through_forms(&s).await;
        let red = [
            ("lineup", "A 9 10 11 B 8 8 9 C 3 8 9 D 5 5 6"),
            ("orders", "A 11 B 9 C 9 D 6"),
        ];
        let blue = [
            ("lineup", "A 9 9 9 B 8 8 9 C 4 4 4 D 5 5 6"),
            ("orders", "A 9 B 9 C 4 D 6"),
        ];
        assert_eq!(seal(&mut ann, id, &red).await.status, StatusCode::SEE_OTHER);
        let mut stranger = Browser::new(&s);
        stranger.register("eve").await;
        let pages = [
            format!("/games/{id}"),
            format!("/games/{id}/history"),
            format!("/games/{id}/orders"),
            "/".to_string(),
        ];
        // Before the turn: Red's sealed line-up and orders are nowhere but on Red's own pages
        // (and the GM's console: the GM is the referee).
        for browser in [&mut bob, &mut stranger, &mut Browser::new(&s)] {
            for path in &pages {
                let page = browser.get(path).await;
                assert!(!page.html.contains("9 10 11"), "{path} shows Red's line-up");
                assert!(!page.html.contains("A 11 B 9"), "{path} shows Red's orders");
            }
            let page = browser.get(&format!("/games/{id}/gm")).await;
            assert_ne!(page.status, StatusCode::OK, "only the GM has the console");
        }
        for browser in [&mut stranger, &mut Browser::new(&s)] {
            let page = browser.get(&format!("/games/{id}/orders")).await;
            assert_ne!(page.status, StatusCode::OK, "only seats have an order form");
        }
        let page = gm.get(&format!("/games/{id}/gm")).await;
        assert_eq!(page.status, StatusCode::OK);
        let page = ann.get(&format!("/games/{id}/history")).await;
        assert!(
            page.html.contains("Red: line-up A 9 10 11"),
            "Red reads its own"
        );
        let page = gm.get(&format!("/games/{id}/history")).await;
        assert!(
            page.html.contains("Red: line-up A 9 10 11"),
            "the GM reads everything"
        );

        assert_eq!(
            seal(&mut bob, id, &blue).await.status,
            StatusCode::SEE_OTHER
        );
        assert_eq!(server::games::process_due(&s.state).await.unwrap(), 1);
        // After the turn: the state of the race lists a seat's own hands and only the card
        // counts of the other team's riders; the turn reports show a seat its own replacement
        // cards ("hand now …") only.
        let hand_lines = |html: &str, team: &str| {
            html.lines()
                .filter(|l| l.trim_start().starts_with(team) && l.contains("hand "))
                .count()
        };
        let game = format!("/games/{id}");
        assert!(hand_lines(&bob.get(&game).await.html, "Blue-") > 0);
        assert!(hand_lines(&ann.get(&game).await.html, "Red-") > 0);
        for path in [game.clone(), format!("/games/{id}/turns/1")] {
            let page = bob.get(&path).await;
            assert_eq!(hand_lines(&page.html, "Red-"), 0, "{path}: Blue sees Red's");
            let page = ann.get(&path).await;
            assert_eq!(
                hand_lines(&page.html, "Blue-"),
                0,
                "{path}: Red sees Blue's"
            );
            let page = stranger.get(&path).await;
            let shown = hand_lines(&page.html, "Red-") + hand_lines(&page.html, "Blue-");
            assert_eq!(shown, 0, "{path}: a stranger sees hands");
        }
        // The order form offers a seat its own riders' cards only.
        // (The picture of the track beside it names every rider: it is public.)
        let page = bob.get(&format!("/games/{id}/orders")).await;
        let form = &page.html[page.html.find(r#"id="rider-orders""#).unwrap()..];
        assert!(form.contains("Blue-A") && !form.contains("Red-A"));
    }
);

on_both!(
    bad_input_is_shown_back_with_its_error,
    |s: TestServer| async move {
        let (id, mut gm, mut ann, _bob) = race_through_forms(&s).await;
        // A card that is not in the hand: the form again, the error named, nothing sealed.
        let page = seal(
            &mut ann,
            id,
            &[("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 16")],
        )
        .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(
            page.html
                .contains(r#"role="alert">line-up: rider D: card 16"#),
            "{}",
            page.html
        );
        assert!(page.html.contains("D 5 5 16"), "what was typed is kept");
        assert!(
            ann.get(&format!("/games/{id}/orders"))
                .await
                .html
                .contains("Nothing sealed yet")
        );
        // A bad time zone on the new-game form.
        let page = gm
            .submit(
                "/new",
                "/new",
                &[
                    ("title", "Walk"),
                    ("game", "backpacks"),
                    ("seats", "Ann\nBob"),
                    ("deadline", "weekly"),
                    ("hours", "24"),
                    ("weekday", "sunday"),
                    ("time", "20:00"),
                    ("zone", "Europe/Keswick"),
                    ("seed", ""),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(page.html.contains("zone"), "{}", page.html);
        assert!(
            page.html.contains(r#"value="Walk""#),
            "the form keeps what was typed"
        );
        // A GM action with a bad number.
        let console = format!("/games/{id}/gm");
        let page = gm
            .submit(
                &console,
                &console,
                &[("action", "extend"), ("hours", "soon")],
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(
            page.html.contains("Give a number of hours"),
            "{}",
            page.html
        );
        // Unknown pages and games.
        assert_eq!(gm.get("/games/999").await.status, StatusCode::NOT_FOUND);
        assert_eq!(gm.get("/games/abc").await.status, StatusCode::BAD_REQUEST);
        // A wrong password: the login form again, with the name kept.
        let mut b = Browser::new(&s);
        let page = b
            .submit(
                "/login",
                "/login",
                &[("name", "gm"), ("password", "wrong one"), ("next", "/")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED);
        assert!(
            page.html.contains("nknown name or wrong password"),
            "{}",
            page.html
        );
        assert!(page.html.contains(r#"value="gm""#));
    }
);
