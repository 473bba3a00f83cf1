//! The server-rendered pages, driven as a browser drives them (cookies, HTML forms with their
//! CSRF tokens), on SQLite and on PostgreSQL: a whole game through the forms, forms without
//! a valid token refused, no page showing another seat's secrets, bad input shown back with
//! its error, and logging in on the way to a page.

use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;

/// The invitation links on a GM console page, in seat order.
fn invitations(html: &str) -> Vec<String> {
    html.match_indices(r#"class="invite" href=""#)
        .map(|(at, m)| {
            let rest = &html[at + m.len()..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

/// A two-team postal race created through the new-game form, with both seats taken through
/// the invitation pages: (game id, the GM's, Red's and Blue's browsers).
async fn race_through_forms(s: &TestServer) -> (i64, Browser<'_>, Browser<'_>, Browser<'_>) {
    let mut gm = Browser::new(s);
    gm.register("gm").await;
    let created = gm
        .submit(
            "/new",
            "/new",
            &[
                ("title", "Tour <de> Forms"),
                ("game", "breaking-away"),
                ("breaking-away:rules", "postal-2.2"),
                ("seats", "Red\r\nBlue\r\n"),
                ("deadline", "interval"),
                ("hours", "24"),
                ("weekday", "sunday"),
                ("time", "20:00"),
                ("zone", "Europe/London"),
                ("seed", "11"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.html);
    let console = created.location.unwrap();
    let id: i64 = console
        .trim_start_matches("/games/")
        .trim_end_matches("/gm")
        .parse()
        .unwrap();
    let page = gm.get(&console).await;
    assert!(
        page.html.contains("Tour &lt;de&gt; Forms"),
        "titles are escaped"
    );
    let links = invitations(&page.html);
    assert_eq!(links.len(), 2);
    let mut players = Vec::new();
    for (name, link) in ["ann", "bob"].into_iter().zip(&links) {
        let mut browser = Browser::new(s);
        // Following the link before logging in leads to the login page and back.
        let page = browser.get(link).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let login = page.location.unwrap();
        assert!(login.starts_with("/login?next="));
        // The login page says what the invitation is for (issue 15, point 8).
        let page = browser.get(&login).await;
        assert!(
            page.html
                .contains(r#"<p class="note" id="invited">You are invited to play <strong>"#),
            "{}",
            page.html
        );
        browser.register(name).await;
        let invite = link.split("invite=").nth(1).unwrap();
        let joined = browser
            .submit(link, &format!("/games/{id}/join"), &[("invite", invite)])
            .await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.html);
        assert_eq!(joined.location.unwrap(), format!("/games/{id}/orders"));
        players.push(browser);
    }
    let bob = players.pop().unwrap();
    let ann = players.pop().unwrap();
    (id, gm, ann, bob)
}

async fn seal(b: &mut Browser<'_>, id: i64, fields: &[(&str, &str)]) -> crate::common::Page {
    let path = format!("/games/{id}/orders");
    b.submit(&path, &path, fields).await
}

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
            r#"<td>gm</td><td><a href="/games/{id}/turns/2">Turn 2 resolved</a>"#
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
            "Orders for turn 3 due in"
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

on_both!(the_gm_console_runs_the_game, |s: TestServer| async move {
    let (id, mut gm, mut ann, _bob) = race_through_forms(&s).await;
    let console = format!("/games/{id}/gm");
    let red = [
        ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
        ("orders", "A 10 B 9 C 9 D 6"),
    ];
    assert_eq!(seal(&mut ann, id, &red).await.status, StatusCode::SEE_OTHER);
    // Blue's seat goes to a bot; the preview shows the turn and changes nothing.
    let page = gm
        .submit(
            &console,
            &console,
            &[("action", "bot"), ("seat", "1"), ("bot", "heuristic")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    let page = gm
        .submit(&console, &console, &[("action", "preview")])
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.html
            .contains("Preview of turn 1 (nothing has changed)")
    );
    // The preview is a report as the game page shows one, not a block of mailed text.
    let preview = &page.html[page.html.find(r#"id="preview""#).expect("a preview")..];
    assert!(preview.contains(r#"class="report-html""#), "{}", page.html);
    assert!(!page.html.contains(r#"<pre class="report" id="preview">"#));
    // Pause, resume, move the deadline (to a date and time in the GM's zone, UTC here; by
    // hours as pages of an earlier release send it), resolve, roll back: each said in plain
    // words above the console, each logged in the history.
    let at = jiff::Timestamp::from_second(s.clock_now() + 3 * 3600 + 1800)
        .unwrap()
        .strftime("%Y-%m-%dT%H:%M")
        .to_string();
    for (action, extra, said) in [
        ("pause", None, "The deadline is paused."),
        ("resume", None, "The deadline is now "),
        ("extend", Some(("at", at.as_str())), "(in 3 h 30 min)."),
        ("extend", Some(("hours", "-2")), "The deadline is now "),
        ("resolve", Some(("confirm", "yes")), "Turn 1 played now."),
        (
            "rollback",
            Some(("confirm", "yes")),
            "The last turn is rolled back: turn 1 is open again.",
        ),
    ] {
        let mut fields = vec![("action", action)];
        fields.extend(extra);
        if extra.is_some_and(|(k, _)| k == "confirm") {
            // Without the box ticked, nothing happens and the console says why.
            let page = gm.submit(&console, &console, &[("action", action)]).await;
            assert_eq!(page.status, StatusCode::BAD_REQUEST, "{action}");
            assert!(
                page.html.contains("Tick &#34;I am sure&#34;"),
                "{}",
                page.html
            );
        }
        let page = gm.submit(&console, &console, &fields).await;
        assert_eq!(
            page.status,
            StatusCode::SEE_OTHER,
            "{action}: {}",
            page.html
        );
        assert_eq!(page.location.unwrap(), format!("{console}?done={action}"));
        let page = gm.get(&format!("{console}?done={action}")).await;
        assert!(page.html.contains(said), "{action}: {said}: {}", page.html);
        assert!(!page.html.contains("Done: "), "{}", page.html);
    }
    let history = gm.get(&format!("/games/{id}/history")).await.html;
    for what in [
        "Blue handed to the bot heuristic",
        "Deadline paused",
        "Deadline resumed",
        "Turn 1 resolved",
        "Turn 1 rolled back",
        "(bot heuristic)",
    ] {
        assert!(history.contains(what), "{what}: {history}");
    }
    // After the roll-back Red's orders are sealed again, as they were.
    let page = ann.get(&format!("/games/{id}/orders")).await;
    assert!(
        page.html.contains("orders <code>A 10 B 9 C 9 D 6</code>"),
        "{}",
        page.html
    );
    // Free Red's seat: a new invitation appears for it.
    let page = gm
        .submit(
            &console,
            &console,
            &[("action", "free"), ("seat", "0"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(invitations(&gm.get(&console).await.html).len(), 1);
    // Someone else's console is not theirs.
    let page = ann.get(&console).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
});

on_both!(a_backpacks_day_on_the_pages, |s: TestServer| async move {
    let (id, _gm, _tokens) = s
        .seated_game(serde_json::json!({
            "title": "Keswick", "game": "backpacks", "seats": ["ann", "bob"],
            "deadline": {"every": "weekly", "weekday": "sunday", "time": "20:00", "zone": "Europe/London"},
            "seed": 5,
        }))
        .await;
    let mut ann = Browser::new(&s);
    let page = ann
        .submit(
            "/login",
            "/login",
            &[
                ("name", "p-ann"),
                ("password", "correct horse battery"),
                ("next", "/"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    let path = format!("/games/{id}/orders");
    let form = ann.get(&path).await;
    assert!(form.html.contains(r#"<textarea id="orders" name="orders""#));
    assert!(form.html.contains("Hand: <strong>"), "{}", form.html);
    // The form names the turn its orders are for (issue 12).
    assert!(
        form.html.contains(r#"name="turn" value="1""#),
        "{}",
        form.html
    );
    // Issue 11's defects: money in pounds as the report gives it (the purse counts 50p pieces),
    // the place without JSON quotes.
    assert!(form.html.contains("money £2.00;"), "{}", form.html);
    assert!(!form.html.contains("money 4p"), "{}", form.html);
    // Issue 29: places in words.
    assert!(
        form.html
            .contains(r#"You are <strong id="walker-at">at Keswick</strong>;"#),
        "{}",
        form.html
    );
    // Issue 15, point 1: a menu per turn of the legal moves the engine lists; issue 29:
    // grouped by where they lead, staying first, named places before spaces of paths, "+N"
    // only for points gained (never beside "rest"); the close-up map beside the form; turn 2
    // follows turn 1 with the optional script. The help is served by the site, and the
    // example shown is one the engine accepts.
    assert!(
        form.html
            .contains(r#"<select id="move_1" name="move_1" aria-describedby="move_1_help">"#)
    );
    assert!(
        form.html
            .contains(r#"<select id="move_2" name="move_2" aria-describedby="move_2_help">"#)
    );
    let menu = &form.html[form.html.find(r#"<select id="move_1""#).unwrap()..];
    let menu = &menu[..menu.find("</select>").unwrap()];
    assert!(
        menu.contains(
            "<optgroup label=\"Stay: Keswick\">\n<option value=\"rest\" selected>rest</option>"
        ),
        "{menu}"
    );
    // Issue 51: each place once, named in its choice; every way one tap away.
    assert!(
        menu.contains(r#"<optgroup label="Other places">"#),
        "{menu}"
    );
    assert!(
        menu.contains(">Friar&#39;s Crag · +2: walk with "),
        "{menu}"
    );
    assert!(
        form.html
            .contains(r#"<button type="submit" name="plan" value="every" class="button-secondary">Every way to go ("#),
        "{}",
        form.html
    );
    assert!(
        !menu.contains(" pt)") && !menu.contains(">KES-") && !menu.contains(r#"label="KES-"#),
        "no path codes: {menu}"
    );
    assert!(form.html.contains(r#"id="orders-picture""#));
    assert!(
        form.html
            .contains(r#"<script src="/static/plan.js"></script>"#)
    );
    assert_eq!(ann.get("/static/plan.js").await.status, StatusCode::OK);
    assert!(form.html.contains(r#"href="/help/backpacks""#));
    let help = ann.get("/help/backpacks").await;
    assert_eq!(help.status, StatusCode::OK);
    assert!(help.html.contains("walk CARD [chocolate] WAYPOINT"));
    // Issue 55: the rules' open edges, as decided, told to GMs and players.
    for ruling in [
        "B&amp;B-20",
        "B&amp;B-21",
        "B&amp;B-22",
        "B&amp;B-23",
        "B&amp;B-S3",
    ] {
        assert!(help.html.contains(ruling), "no {ruling} in the help");
    }
    let example = {
        let at = form.html.find("for example <code>").unwrap() + "for example <code>".len();
        let rest = &form.html[at..];
        rest[..rest.find("</code>").unwrap()].to_string()
    };
    assert!(example.starts_with("1: walk "), "{example}");
    let (status, view) = s
        .call("GET", &format!("/api/games/{id}"), Some(&_tokens[0]), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let moves = view["view"]["moves"]
        .as_array()
        .expect("the seat's legal moves");
    let listed: Vec<&str> = moves.iter().map(|m| m["order"].as_str().unwrap()).collect();
    // The menu's first walk, the API's list and the example are the same moves.
    let first_walk = example
        .trim_start_matches("1: ")
        .trim_end_matches("; 2: rest");
    assert!(listed.contains(&first_walk), "{listed:?}");
    assert!(
        form.html
            .contains(&format!(r#"<option value="{first_walk}">"#))
    );
    assert!(view["view"]["walkers"][0]["moves"].is_null());
    let sent = ann
        .submit(&path, &path, &[("orders", example.as_str())])
        .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    // The echo says what the rules fill in: turn 2 without a move rests.
    let page = ann.get(&path).await;
    assert!(
        page.html
            .contains("<li>turn 2: no move — the walker rests</li>"),
        "{}",
        page.html
    );
    // The menus: turn 1's walk, then "show turn 2 from there" lists turn 2 from its end.
    let planned = ann
        .submit(
            &path,
            &path,
            &[
                ("move_1", first_walk),
                ("move_2", "rest"),
                ("weather", "discard"),
                ("vote", ""),
                ("plan", "1"),
            ],
        )
        .await;
    assert_eq!(planned.status, StatusCode::OK, "{}", planned.html);
    // "Every way to go": the full list, one tap away, kept while planning from it.
    let options = |html: &str| {
        let menu = &html[html.find(r#"<select id="move_1""#).unwrap()..];
        menu[..menu.find("</select>").unwrap()]
            .matches("<option ")
            .count()
    };
    let every = ann
        .submit(
            &path,
            &path,
            &[
                ("move_1", first_walk),
                ("move_2", "rest"),
                ("weather", "discard"),
                ("vote", ""),
                ("plan", "every"),
            ],
        )
        .await;
    assert_eq!(every.status, StatusCode::OK, "{}", every.html);
    assert!(
        every
            .html
            .contains(r#"<input type="hidden" name="every" value="1">"#)
            && every.html.contains(r#"name="plan" value="short""#),
        "{}",
        every.html
    );
    assert!(
        options(&every.html) > 2 * options(&planned.html),
        "{} and {}",
        options(&every.html),
        options(&planned.html)
    );
    assert!(
        every
            .html
            .contains(&format!(r#"<option value="{first_walk}" selected>"#))
    );
    // Turn 2 starts where turn 1 ends, told in words (a place's name, or a path).
    let end = first_walk.rsplit(' ').next().unwrap();
    let map = game_backpacks::Map::keswick();
    let end = map
        .location_at(map.space(end).unwrap())
        .map_or("the path from", |l| l.name.as_str())
        .to_string();
    let legend = &planned.html[planned
        .html
        .find("Turn 2 (10:20, ferries run), from ")
        .unwrap()..];
    let legend = &legend[..legend.find("</legend>").unwrap()];
    assert!(legend.contains(&format!("from {end}")), "{end}: {legend}");
    assert!(
        planned
            .html
            .contains(&format!(r#"<option value="{first_walk}" selected>"#))
    );
    let sent = ann
        .submit(
            &path,
            &path,
            &[
                ("move_1", first_walk),
                ("move_2", "rest"),
                ("finish_2", "1"),
                ("weather", "sunny"),
                ("vote", "bob"),
            ],
        )
        .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    let page = ann.get(&path).await;
    // As the player reads them: places by name, each turn from where it starts.
    assert!(
        page.html.contains(&format!(
            "Sealed, as read: orders <code>turn 1 (10:00): walk {} from Keswick to {end} (arrive 10:00, +",
            first_walk.split(' ').nth(1).unwrap()
        )),
        "{}",
        page.html
    );
    assert!(
        page.html.contains(&format!(
            "turn 2 (10:20): rest at {end}; finish the day if the turn ends in Keswick\na weather card drawn: play it if it makes the weather sunny\nvote for bob to carry the Heavy Rucksack</code>"
        )),
        "{}",
        page.html
    );
    // The sealed orders come back selected in the menus.
    assert!(
        page.html
            .contains(&format!(r#"<option value="{first_walk}" selected>"#))
    );
    let sent = ann
        .submit(&path, &path, &[("orders", "1: rest\n2: rest")])
        .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    // The GM's deadline passes: round 1 is played, with the map of where everyone stands.
    s.clock.advance(8 * 24 * 3600);
    assert_eq!(server::games::process_due(&s.state).await.unwrap(), 1);
    let page = ann.get(&format!("/games/{id}")).await;
    assert!(page.html.contains("The map after round 1"), "{}", page.html);
    assert!(
        page.html.contains("<title>target: "),
        "the targets are marked"
    );
    assert!(page.html.contains(">Key</text>"), "the map has a key");
    // A day is not a race (issue 11).
    assert!(page.html.contains("The day so far"), "{}", page.html);
    assert!(!page.html.contains("race"), "{}", page.html);
    assert!(page.html.contains(r#"aria-label="points over the turns""#));
    assert!(page.html.contains("round 2"));
    // Each walker's cards, the card to come, money and chocolate reach that walker only.
    assert!(page.html.contains("ann&#39;s cards: ["), "{}", page.html);
    assert!(!page.html.contains("bob&#39;s cards"));
    let mut bob = Browser::new(&s);
    let login = [
        ("name", "p-bob"),
        ("password", "correct horse battery"),
        ("next", "/"),
    ];
    assert_eq!(
        bob.submit("/login", "/login", &login).await.status,
        StatusCode::SEE_OTHER
    );
    for path in [
        format!("/games/{id}"),
        format!("/games/{id}/turns/1"),
        format!("/games/{id}/orders"),
    ] {
        let page = bob.get(&path).await;
        assert!(
            !page.html.contains("ann&#39;s cards"),
            "{path} shows Ann's cards to Bob"
        );
        let page = Browser::new(&s).get(&path).await;
        assert!(
            !page.html.contains("s cards: ["),
            "{path} shows cards to a stranger"
        );
    }
});

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
                .contains("Orders for the line-up and turn 1 due in 24 h ("),
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
        assert!(page.html.contains("due in 24 h"), "{}", page.html);
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

on_both!(
    the_gm_archives_restores_and_deletes_games,
    |s: TestServer| async move {
        // Issue 15, point 8 (docs/server.md, "Archive and delete").
        let (id, mut gm, mut ann, _bob) = race_through_forms(&s).await;
        let console = format!("/games/{id}/gm");
        let listed = |html: &str, id: i64| html.contains(&format!(r#"<a href="/games/{id}">"#));
        assert!(listed(&ann.get("/").await.html, id));

        // Archiving asks "I am sure", is the GM's alone, and pauses a running game.
        let page = gm
            .submit(&console, &console, &[("action", "archive")])
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(
            page.html
                .contains("Tick &#34;I am sure&#34; to archive the game"),
            "{}",
            page.html
        );
        let csrf = ann.get(&format!("/games/{id}")).await.csrf();
        let page = ann
            .post_raw(
                &console,
                &[
                    ("csrf", csrf.as_str()),
                    ("action", "archive"),
                    ("confirm", "yes"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        let page = gm
            .submit(
                &console,
                &console,
                &[("action", "archive"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
        // Off the front page and the players' "your move"; readable at its address.
        for html in [
            ann.get("/").await.html,
            Browser::new(&s).get("/").await.html,
        ] {
            assert!(!listed(&html, id), "{html}");
        }
        let gm_token = {
            let (status, body) = s
                .call(
                    "POST",
                    "/api/login",
                    None,
                    Some(serde_json::json!({"name": "gm", "password": "correct horse battery"})),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["token"].as_str().unwrap().to_string()
        };
        let (_, list) = s.call("GET", "/api/games", Some(&gm_token), None).await;
        assert!(
            !list.to_string().contains(&format!(r#""id":{id},"#)),
            "{list}"
        );
        let page = ann.get(&format!("/games/{id}")).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.html.contains(r#"id="archived""#), "{}", page.html);
        assert!(page.html.contains("paused"), "{}", page.html);
        let history = gm.get(&format!("/games/{id}/history")).await.html;
        assert!(history.contains("Deadline paused"), "{history}");
        // Put back on the lists (no confirmation: nothing is lost); still paused.
        let page = gm.get(&console).await;
        assert!(page.html.contains(r#"value="restore""#), "{}", page.html);
        let page = gm
            .submit(&console, &console, &[("action", "restore")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
        assert!(listed(&ann.get("/").await.html, id));
        assert!(
            !ann.get(&format!("/games/{id}"))
                .await
                .html
                .contains(r#"id="archived""#)
        );

        // A game whose turns were played with secret draws can be archived, not deleted.
        let mut secret = crate::common::race(&["x", "y"]);
        secret.as_object_mut().unwrap().remove("seed");
        let (status, created) = s
            .call("POST", "/api/games", Some(&gm_token), Some(secret))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let kept = created["id"].as_i64().unwrap();
        let gm_api = format!("/api/games/{kept}/gm");
        // Nothing resolved yet: it could still be deleted.
        let page = gm.get(&format!("/games/{kept}/gm")).await;
        // The invitation links are in read-only fields; a few lines of optional script add a
        // copy button beside each (the page works without it).
        assert!(
            page.html
                .contains(r#"<input type="text" readonly class="invite-link""#),
            "{}",
            page.html
        );
        assert!(
            page.html
                .contains(r#"<script src="/static/copy.js"></script>"#)
        );
        let script = gm.get("/static/copy.js").await;
        assert_eq!(script.status, StatusCode::OK);
        assert!(
            script.html.contains("navigator.clipboard"),
            "{}",
            script.html
        );
        assert!(page.html.contains(r#"value="delete""#), "{}", page.html);
        for action in [
            serde_json::json!({"action": "bot", "seat": 0, "bot": "random"}),
            serde_json::json!({"action": "bot", "seat": 1, "bot": "random"}),
            serde_json::json!({"action": "resolve"}),
        ] {
            let (status, body) = s.call("POST", &gm_api, Some(&gm_token), Some(action)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let page = gm.get(&format!("/games/{kept}/gm")).await;
        assert!(!page.html.contains(r#"value="delete""#), "{}", page.html);
        assert!(page.html.contains("can be archived, not deleted"));
        let (status, body) = s
            .call(
                "POST",
                &gm_api,
                Some(&gm_token),
                Some(serde_json::json!({"action": "delete"})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("delete: turns of this game were played with secret draws"),
            "{body}"
        );
        assert_eq!(
            gm.get(&format!("/games/{kept}")).await.status,
            StatusCode::OK
        );

        // A test game (the GM chose its seed) can be deleted even after a turn: asked for,
        // then gone with its log, its seats and its unsent mail.
        let red = [
            ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
            ("orders", "A 10 B 9 C 9 D 6"),
        ];
        assert_eq!(seal(&mut ann, id, &red).await.status, StatusCode::SEE_OTHER);
        let page = gm
            .submit(
                &console,
                &console,
                &[("action", "resolve"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
        let page = gm.submit(&console, &console, &[("action", "delete")]).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(page.html.contains("to delete the game"), "{}", page.html);
        let page = gm
            .submit(
                &console,
                &console,
                &[("action", "delete"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
        assert_eq!(page.location.as_deref(), Some("/?deleted=1"));
        let front = gm.get("/?deleted=1").await;
        assert!(front.html.contains("The game is deleted."));
        assert!(!listed(&front.html, id));
        assert!(listed(&front.html, kept));
        assert_eq!(
            ann.get(&format!("/games/{id}")).await.status,
            StatusCode::NOT_FOUND
        );
        let (status, _) = s
            .call("GET", &format!("/api/games/{id}"), Some(&gm_token), None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        for table in ["events", "seats"] {
            let left: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "SELECT COUNT(*) FROM {table} WHERE game_id = $1"
            )))
            .bind(id)
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
            assert_eq!(left, 0, "{table}");
        }
    }
);

/// The value of the field `name` in a page's HTML (`None` if there is no such field).
fn field_value(html: &str, name: &str) -> Option<String> {
    let at = html.find(&format!(r#"name="{name}""#))?;
    let tag = &html[at..at + html[at..].find('>')?];
    let rest = &tag[tag.find(r#"value=""#)? + 7..];
    Some(rest[..rest.find('"')?].to_string())
}

/// The card a rider left on "highest" plays, as its menu says (`highest, 10`).
fn highest_in_menu(html: &str, rider: char) -> String {
    let menu = &html[html.find(&format!(r#"<select id="card_{rider}""#)).unwrap()..];
    let at = menu.find(r#"<option value="">highest, "#).unwrap() + 26;
    menu[at..at + menu[at..].find('<').unwrap()].to_string()
}

on_both!(
    a_first_timer_builds_a_line_up_within_the_limits,
    |s: TestServer| async move {
        let (id, _gm, mut ann, _bob) = race_through_forms(&s).await;
        let path = format!("/games/{id}/orders");
        // Issue 29, point 5: the limits of each rider, from the rules code; no line-up filled
        // in that hides them.
        let form = ann.get(&path).await;
        for limits in [
            "<legend>Red-A: 3 or 4 cards, adding up to at most 30</legend>",
            "<legend>Red-B: 3 cards, adding up to at most 25</legend>",
            "<legend>Red-C: 3 cards, adding up to at most 20</legend>",
            "<legend>Red-D: 3 cards, adding up to at most 16</legend>",
        ] {
            assert!(form.html.contains(limits), "{limits}: {}", form.html);
        }
        assert_eq!(field_value(&form.html, "lineup_A_1").as_deref(), Some(""));
        assert_eq!(field_value(&form.html, "lineup").as_deref(), Some(""));
        assert!(form.html.contains(r#"min="1" max="15""#));
        assert!(
            form.html
                .contains(r#"<script src="/static/lineup.js"></script>"#)
        );
        let script = ann.get("/static/lineup.js").await;
        assert_eq!(script.status, StatusCode::OK);
        // "Check the totals": the form again with each rider's total, B's flagged, nothing sealed.
        let boxes = [
            ("lineup_A_1", "10"),
            ("lineup_A_2", "10"),
            ("lineup_A_3", "10"),
            ("lineup_A_4", ""),
            ("lineup_B_1", "9"),
            ("lineup_B_2", "9"),
            ("lineup_B_3", "9"),
            ("lineup_C_1", "3"),
            ("lineup_C_2", "8"),
            ("lineup_C_3", "9"),
            ("lineup_D_1", "5"),
            ("lineup_D_2", "5"),
            ("lineup_D_3", "6"),
            ("card_A", ""),
            ("card_B", ""),
            ("card_C", ""),
            ("card_D", ""),
        ];
        let mut check = boxes.to_vec();
        check.push(("plan", "1"));
        let page = seal(&mut ann, id, &check).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        assert!(
            page.html.contains(
                r#"Total <output id="total_B" aria-live="polite">27</output> of at most 25"#
            ),
            "{}",
            page.html
        );
        assert!(page.html.contains(r#"id="wrong_B""#));
        assert!(!page.html.contains(r#"id="wrong_A""#));
        assert_eq!(field_value(&page.html, "lineup_B_3").as_deref(), Some("9"));
        assert!(ann.get(&path).await.html.contains("Nothing sealed yet"));
        // Sealed as it is: refused, the rule cited and linked to the help page.
        let page = seal(&mut ann, id, &boxes).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(
            page.html.contains(
                r#"line-up: rider B: cards sum to 27, more than the 25 allowed (<a href="/help/breaking-away#rule-3-1-1">postal 3.1.1</a>)"#
            ),
            "{}",
            page.html
        );
        let help = ann.get("/help/breaking-away").await;
        assert_eq!(help.status, StatusCode::OK);
        for anchor in [
            r#"id="rule-3-1-1""#,
            r#"id="rule-8-2-5""#,
            r#"id="rule-9-1""#,
            r#"id="board-set-up""#,
        ] {
            assert!(help.html.contains(anchor), "{anchor}");
        }
        // Within the limits, every turn-1 card left empty: "play the defaults", each rider's
        // highest card, sealed (not refused).
        let mut good = boxes.to_vec();
        good[5] = ("lineup_B_2", "7");
        let sent = seal(&mut ann, id, &good).await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let page = ann.get(&path).await;
        assert!(
            page.html.contains(
                "Sealed, as read: line-up <code>A 10 10 10  B 9 7 9  C 3 8 9  D 5 5 6</code>, orders <code>A 10 B 9 C 9 D 6</code>."
            ),
            "{}",
            page.html
        );
        // The builder comes back with the sealed line-up in its boxes.
        assert_eq!(field_value(&page.html, "lineup_B_2").as_deref(), Some("7"));
        assert_eq!(field_value(&page.html, "card_D").as_deref(), Some("6"));
    }
);

on_both!(
    riders_left_on_their_default_play_their_highest_cards,
    |s: TestServer| async move {
        let (id, _gm, mut ann, mut bob) = race_through_forms(&s).await;
        let lineup = [
            ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
            ("orders", "A 10 B 9 C 9 D 6"),
        ];
        assert_eq!(
            seal(&mut ann, id, &lineup).await.status,
            StatusCode::SEE_OTHER
        );
        assert_eq!(
            seal(&mut bob, id, &lineup).await.status,
            StatusCode::SEE_OTHER
        );
        assert_eq!(server::games::process_due(&s.state).await.unwrap(), 1);
        let path = format!("/games/{id}/orders");
        // The hand beside each rider's menu, the default short enough for a phone.
        let form = ann.get(&path).await;
        assert!(
            form.html
                .contains(r#"<li class="badge">10</li><li class="badge">10</li>"#),
            "{}",
            form.html
        );
        assert!(
            form.html
                .contains(r#"<option value="">highest, 10</option>"#),
            "{}",
            form.html
        );
        assert!(
            form.html
                .contains(r#"<button type="submit" name="highest" value="1""#)
        );
        assert!(
            form.html
                .contains(r#"<a href="/help/breaking-away#rule-9-1">postal 9.1</a>"#)
        );
        // Every rider on its default: accepted as "play the defaults" (issue 29; it was
        // refused with "choose a card for at least one rider").
        let defaults = [
            ("card_A", ""),
            ("card_B", ""),
            ("card_C", ""),
            ("card_D", ""),
        ];
        let highest = |html: &str| {
            format!(
                "orders <code>A {} B {} C {} D {}</code>",
                highest_in_menu(html, 'A'),
                highest_in_menu(html, 'B'),
                highest_in_menu(html, 'C'),
                highest_in_menu(html, 'D')
            )
        };
        let sent = seal(&mut ann, id, &defaults).await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let page = ann.get(&path).await;
        assert!(page.html.contains(&highest(&form.html)), "{}", page.html);
        // "Play my highest cards" overrides what the menus say, in one tap.
        let sent = seal(
            &mut bob,
            id,
            &[
                ("card_A", "10"),
                ("card_B", "8"),
                ("card_C", ""),
                ("card_D", "5"),
                ("highest", "1"),
            ],
        )
        .await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let page = bob.get(&path).await;
        assert!(page.html.contains(&highest(&page.html)), "{}", page.html);
        // The close-up of the track beside the form.
        assert!(page.html.contains(r#"id="orders-picture""#));
    }
);

on_both!(
    the_console_shows_who_is_missing_and_reminds_them,
    |s: TestServer| async move {
        let (id, mut gm, mut ann, _bob) = race_through_forms(&s).await;
        let console = format!("/games/{id}/gm");
        let page = gm.get(&console).await;
        assert!(
            page.html
                .contains("Waiting for: <strong>Red</strong>, <strong>Blue</strong>."),
            "{}",
            page.html
        );
        // The GM's own games on their front page, with who is missing (issue 29, point 7).
        let front = gm.get("/").await;
        assert!(
            front
                .html
                .contains(r#"<h2 id="gm-games">Games you run</h2>"#),
            "{}",
            front.html
        );
        assert!(
            front.html.contains(&format!(
                r#"<a href="/games/{id}/gm">Tour &#60;de&#62; Forms</a>"#
            )),
            "{}",
            front.html
        );
        assert!(
            front.html.contains("waiting for 2</span> Red, Blue"),
            "{}",
            front.html
        );
        let red = [
            ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
            ("orders", "A 10 B 9 C 9 D 6"),
        ];
        assert_eq!(seal(&mut ann, id, &red).await.status, StatusCode::SEE_OTHER);
        // Blue sends nothing for turn 1: after it, Blue's streak shows.
        let done = gm
            .submit(
                &console,
                &console,
                &[("action", "resolve"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        let page = gm.get(&console).await;
        assert!(
            page.html
                .contains(r#"<span class="badge badge-danger">sent nothing 1 turn</span>"#),
            "{}",
            page.html
        );
        // Remind Blue: mail is off, so the console gives the text to send.
        let page = gm
            .submit(&console, &console, &[("action", "remind"), ("seat", "1")])
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        assert!(page.html.contains(r#"id="reminded""#));
        assert!(
            page.html.contains("mail is off on this server"),
            "{}",
            page.html
        );
        assert!(
            page.html.contains("gm (the GM of Tour &#60;de&#62; Forms) reminds you: no orders from you yet for turn 2"),
            "{}",
            page.html
        );
        // The text is the GM's to pass on: it does not ask for a reply to a mail it is not.
        assert!(
            !page.html.contains("Reply to this mail")
                && page.html.contains("Send your orders on the game page"),
            "{}",
            page.html
        );
        // A seat whose orders are in is not reminded.
        let red_orders = [("card_A", "10")];
        assert_eq!(
            seal(&mut ann, id, &red_orders).await.status,
            StatusCode::SEE_OTHER
        );
        let page = gm
            .submit(&console, &console, &[("action", "remind"), ("seat", "0")])
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(
            page.html.contains("Red owes no orders now"),
            "{}",
            page.html
        );
        // Blue goes to a bot: shown as a bot, without an invitation or a reminder button.
        let page = gm
            .submit(
                &console,
                &console,
                &[("action", "bot"), ("seat", "1"), ("bot", "heuristic")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let page = gm.get(&console).await;
        let blue = &page.html[page.html.find(r#"id="seat-1""#).unwrap()..];
        let blue = &blue[..blue.find("</li>").unwrap()];
        assert!(
            blue.contains(r#"<span class="badge">bot</span> bot heuristic"#),
            "{blue}"
        );
        assert!(
            !blue.contains("invitation") && !blue.contains("Remind"),
            "{blue}"
        );
        // A bot's seat holds nothing up (it plays when the turn is resolved): with Red's
        // orders in, nobody is awaited on the console or the GM's front page (the forms branch
        // listed the bot as waiting).
        assert!(
            blue.contains(r#"<span class="badge">its bot plays</span>"#),
            "{blue}"
        );
        assert!(
            page.html.contains("Every seat's orders are in."),
            "{}",
            page.html
        );
        assert!(
            gm.get("/").await.html.contains("every seat's orders in"),
            "the GM's front page"
        );
        // The bot's orders are the bot's in the history, not the GM's who resolved.
        let done = gm
            .submit(
                &console,
                &console,
                &[("action", "resolve"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        let history = gm.get(&format!("/games/{id}/history")).await.html;
        assert!(
            history.contains("<td>bot:heuristic</td><td>Blue: orders"),
            "{history}"
        );
        assert!(
            !history.contains("<td>gm</td><td>Blue: orders"),
            "{history}"
        );
        // A roll-back re-opens turn 2 with Red's orders kept but not confirmed (issue 28): the
        // console says so, and the reminder asks Red to confirm rather than saying nothing came.
        let done = gm
            .submit(
                &console,
                &console,
                &[("action", "rollback"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        let page = gm.get(&console).await;
        let red = &page.html[page.html.find(r#"id="seat-0""#).unwrap()..];
        let red = &red[..red.find("</li>").unwrap()];
        assert!(
            red.contains(r#"<span class="badge badge-warn">orders kept, turn re-opened</span>"#),
            "{red}"
        );
        let page = gm
            .submit(&console, &console, &[("action", "remind"), ("seat", "0")])
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        assert!(
            page.html
                .contains("reminds you: turn 2 was re-opened: your orders are kept"),
            "{}",
            page.html
        );
    }
);

on_both!(
    remind_is_offered_only_for_a_player_who_has_not_sealed,
    |s: TestServer| async move {
        // Red: the GM's own seat; Blue: a player; Green: open (issue 51, section 6).
        let gm = s.player("gm").await;
        let (status, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(crate::common::race(&["Red", "Blue", "Green"])),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let invites = created["invites"].as_array().unwrap().clone();
        let bob = s.player("bob").await;
        for (token, invite) in [(&gm, &invites[0]), (&bob, &invites[1])] {
            let (status, body) = s
                .call(
                    "POST",
                    &format!("/api/games/{id}/join"),
                    Some(token),
                    Some(serde_json::json!({ "invite": invite["invite"] })),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let mut b = Browser::new(&s);
        b.login("gm").await;
        let console = b.get(&format!("/games/{id}/gm")).await.html;
        let card = |seat: u8| {
            let at = console.find(&format!(r#"id="seat-{seat}""#)).unwrap();
            let end = console[at..].find("</li>").unwrap();
            console[at..at + end].to_string()
        };
        assert!(
            !card(0).contains(r#"value="remind""#),
            "the GM's own: {}",
            card(0)
        );
        assert!(
            card(1).contains(r#"value="remind""#),
            "a player's: {}",
            card(1)
        );
        assert!(!card(2).contains(r#"value="remind""#), "open: {}", card(2));
        // Once Blue has sealed, nothing is owed: no button.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(&bob),
                Some(serde_json::json!({
                    "lineup": "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
                    "orders": "A 10 B 9 C 9 D 6",
                })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let console = b.get(&format!("/games/{id}/gm")).await.html;
        let at = console.find(r#"id="seat-1""#).unwrap();
        let end = console[at..].find("</li>").unwrap();
        assert!(!console[at..at + end].contains(r#"value="remind""#));
        // Blue's order page, just sealed: open to amendment while the turn waits; once the
        // turn is played, it says so and leads to what happened (issue 51, section 4).
        let mut blue = Browser::new(&s);
        blue.login("bob").await;
        let orders = format!("/games/{id}/orders?sent=1");
        let page = blue.get(&orders).await.html;
        assert!(
            page.contains("Sealed. You can amend your orders until the deadline."),
            "{page}"
        );
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(serde_json::json!({ "action": "resolve" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let page = blue.get(&orders).await.html;
        assert!(
            page.contains(&format!(
                r#"Sealed, and turn 1 has now been played. <a href="/games/{id}#latest">Read what happened in turn 1</a>."#
            )),
            "{page}"
        );
    }
);
