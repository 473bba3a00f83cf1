//! The GM console: running the game, archiving, restoring and deleting it, and who is
//! missing and may be reminded.

use super::{invitations, race_through_forms, seal};
use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;

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
        "Blue handed to the rule-of-thumb bot",
        "Deadline paused",
        "Deadline resumed",
        "Turn 1 resolved",
        "Turn 1 rolled back",
        "(the rule-of-thumb bot)",
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
        // Without `--public-url` the link is whole all the same: the address the GM's browser
        // reached the console at, which is what a friend's browser will reach too.
        let at_home = gm
            .get_with(
                &format!("/games/{kept}/gm"),
                &[("host", "192.168.1.20:8080")],
            )
            .await;
        let link = format!(r#"value="http://192.168.1.20:8080/games/{kept}/join?invite="#);
        assert!(at_home.html.contains(&link), "{}", at_home.html);
        // The copy button's words are the page's language's (the script reads them there).
        assert!(
            at_home
                .html
                .contains(r#"data-copy-label="Copy" data-copied="Copied""#),
            "{}",
            at_home.html
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
            blue.contains(r#"<span class="badge">bot</span> rule-of-thumb bot"#),
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
            history.contains(r#"<td>rule-of-thumb bot</td><td class="history-what">Blue: orders"#),
            "{history}"
        );
        assert!(
            !history.contains(r#"<td>gm</td><td class="history-what">Blue: orders"#),
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
