//! Account care (issue 31), on SQLite and on PostgreSQL: a forgotten password reset by a mailed
//! link or by the operator's link, an account its owner deletes (its seats in finished games
//! under a neutral name, its address and secrets erased), and the operator — the first
//! account — who suspends accounts, archives abandoned games and reads the server's health.

use crate::common::{Backend, Browser, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::store::account_care;
use sqlx::Row;

const PASSWORD: &str = "correct horse battery";
const NEW_PASSWORD: &str = "lantern orchard pebble 42";

/// The outbox's rows of a kind: (to, body).
async fn mails(s: &TestServer, kind: &str) -> Vec<(String, String)> {
    sqlx::query("SELECT to_addr, body FROM outbox WHERE kind = $1 ORDER BY id")
        .bind(kind)
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

async fn login(s: &TestServer, name: &str, password: &str) -> (StatusCode, serde_json::Value) {
    s.call(
        "POST",
        "/api/login",
        None,
        Some(json!({ "name": name, "password": password })),
    )
    .await
}

/// A browser logged in through the login form.
async fn logged_in<'a>(s: &'a TestServer, name: &str) -> Browser<'a> {
    let mut browser = Browser::new(s);
    let page = browser
        .submit(
            "/login",
            "/login",
            &[("name", name), ("password", PASSWORD), ("next", "/")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    browser
}

on_both!(
    a_forgotten_password_is_reset_by_a_mailed_link_once,
    |s: TestServer| async move {
        let mut s = s;
        let token = s.player("alice").await;
        // Without mail the form says whom to ask.
        let mut browser = Browser::new(&s);
        let page = browser
            .submit("/forgot", "/forgot", &[("who", "alice")])
            .await;
        s.state.errands.idle().await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{}", page.html);
        assert!(page.html.contains("ask its operator"), "{}", page.html);

        s.state = s.state.clone().with_mail(crate::common::club_mail());
        s.confirm_email(&token, "alice@example.net").await;
        let login_page = Browser::new(&s).get("/login").await;
        assert!(login_page.html.contains(r#"href="/forgot""#));

        // By address (any case) or by name; an unknown name gets the same answer and no mail.
        let mut browser = Browser::new(&s);
        for who in ["Alice@Example.NET", "nobody-here"] {
            let page = browser.submit("/forgot", "/forgot", &[("who", who)]).await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.html);
            assert!(
                page.html
                    .contains("If an account with a confirmed address matches")
            );
        }
        // The form answers before it looks: what it does is done once its errand is.
        s.state.errands.idle().await;
        let sent = mails(&s, "reset").await;
        assert_eq!(sent.len(), 1, "{sent:?}");
        assert_eq!(sent[0].0, "alice@example.net");
        // Asked again at once: no second mail (the form sent over and over fills no mailbox).
        browser
            .submit("/forgot", "/forgot", &[("who", "alice")])
            .await;
        s.state.errands.idle().await;
        assert_eq!(mails(&s, "reset").await.len(), 1);

        let link = sent[0]
            .1
            .lines()
            .find(|l| l.starts_with("https://club.example/reset/"))
            .unwrap()
            .trim_start_matches("https://club.example")
            .to_string();
        let mut owner = Browser::new(&s);
        let form = owner.get(&link).await;
        assert_eq!(form.status, StatusCode::OK, "{}", form.html);
        assert!(
            form.html.contains("<strong>alice</strong>"),
            "{}",
            form.html
        );
        // A weak password is refused and the link still works.
        let weak = owner
            .submit(
                &link,
                &link,
                &[("name", "alice"), ("password", "alice12345")],
            )
            .await;
        assert_eq!(weak.status, StatusCode::BAD_REQUEST, "{}", weak.html);
        assert!(
            weak.html.contains("Must not contain the name"),
            "{}",
            weak.html
        );
        let done = owner
            .submit(
                &link,
                &link,
                &[("name", "alice"), ("password", NEW_PASSWORD)],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        // The owner is logged in; the old token and password are gone; the link is spent.
        assert!(owner.get("/profile").await.html.contains("alice"));
        let (status, _) = s.call("GET", "/api/account/mail", Some(&token), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            login(&s, "alice", PASSWORD).await.0,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(login(&s, "alice", NEW_PASSWORD).await.0, StatusCode::OK);
        assert_eq!(
            Browser::new(&s).get(&link).await.status,
            StatusCode::NOT_FOUND
        );

        // A link works for an hour.
        s.clock.advance(server::actions::RESET_LINK_SPACING + 1);
        browser
            .submit("/forgot", "/forgot", &[("who", "alice")])
            .await;
        s.state.errands.idle().await;
        let sent = mails(&s, "reset").await;
        assert_eq!(sent.len(), 2);
        let link = sent[1]
            .1
            .lines()
            .find(|l| l.starts_with("https://club.example/reset/"))
            .unwrap()
            .trim_start_matches("https://club.example")
            .to_string();
        s.clock.advance(3_601);
        assert_eq!(
            Browser::new(&s).get(&link).await.status,
            StatusCode::NOT_FOUND
        );
    }
);

on_both!(
    the_operator_hands_a_link_to_a_player_without_mail,
    |s: TestServer| async move {
        s.player("bob").await;
        // What `postrider account reset-password bob` does, on this database.
        let account = account_care::account(&s.state.db, "BOB")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(account.name, "bob");
        let token = "0123456789abcdef0123456789abcdef";
        account_care::set_reset_link(
            &s.state.db,
            account.id,
            &server::auth::secret_hash(token),
            s.clock_now() + 86_400,
            None,
        )
        .await
        .unwrap();
        let link = format!("/reset/{token}");
        let mut owner = Browser::new(&s);
        let done = owner
            .submit(&link, &link, &[("name", "bob"), ("password", NEW_PASSWORD)])
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        assert_eq!(login(&s, "bob", NEW_PASSWORD).await.0, StatusCode::OK);
    }
);

/// Plays the game's deadlines until it is over (every seat's default orders).
async fn play_out(s: &TestServer, id: i64) {
    for _ in 0..300 {
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        if game["over"] == json!(true) {
            return;
        }
        s.clock.advance(86_400);
        server::games::process_due(&s.state).await.unwrap();
    }
    panic!("game {id} did not end");
}

on_both!(
    an_account_deleted_by_its_owner_leaves_a_former_player_in_finished_games,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(crate::common::club_mail());
        let gm = s.player("gm").await;
        let (id, tokens) = s.game_seated_by(&gm, race(&["red", "blue"]), "p-").await;
        s.confirm_email(&tokens[0], "red@example.net").await;
        let mut red = logged_in(&s, "p-red").await;
        let profile = red.get("/profile").await;
        assert!(profile.html.contains(r#"action="/profile/delete""#));

        // A game still running holds the account: nothing is deleted, the game is named.
        let held = red
            .submit("/profile", "/profile/delete", &[("password", PASSWORD)])
            .await;
        assert_eq!(held.status, StatusCode::CONFLICT, "{}", held.html);
        assert!(held.html.contains("Tour de Test") && held.html.contains(&format!("game {id}")));
        // An archived game may be put back: it holds the account as well.
        for action in ["archive", "restore"] {
            if action == "restore" {
                let held = red
                    .submit("/profile", "/profile/delete", &[("password", PASSWORD)])
                    .await;
                assert_eq!(held.status, StatusCode::CONFLICT, "{}", held.html);
            }
            let (status, body) = s
                .call(
                    "POST",
                    &format!("/api/games/{id}/gm"),
                    Some(&gm),
                    Some(json!({ "action": action })),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{action}: {body}");
        }
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({ "action": "resume" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "resume: {body}");
        // The seats go to bots, which play the race to its end; the seat is still p-red's.
        s.bot_seats(id, &gm, 0..2, "random").await;
        play_out(&s, id).await;
        // The race took longer than a session lasts: the owner logs in again.
        let mut red = logged_in(&s, "p-red").await;
        // A wrong password deletes nothing.
        let wrong = red
            .submit(
                "/profile",
                "/profile/delete",
                &[("password", "not the password")],
            )
            .await;
        assert_eq!(wrong.status, StatusCode::FORBIDDEN, "{}", wrong.html);
        assert_eq!(login(&s, "p-red", PASSWORD).await.0, StatusCode::OK);

        let before = s
            .call("GET", &format!("/api/games/{id}"), None, None)
            .await
            .1;
        let deleted = red
            .submit("/profile", "/profile/delete", &[("password", PASSWORD)])
            .await;
        assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.html);
        assert!(deleted.html.contains("Your account is deleted"));
        assert!(
            !deleted.html.contains("p-red"),
            "the page still names the account"
        );

        // The account opens nothing: no login, no token, no session.
        assert_eq!(
            login(&s, "p-red", PASSWORD).await.0,
            StatusCode::UNAUTHORIZED
        );
        let (status, _) = s
            .call("GET", "/api/account/mail", Some(&tokens[0]), None)
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(!red.get("/profile").await.html.contains("p-red"));
        // Its name, address and secrets are gone from the database.
        let row = sqlx::query(
            "SELECT name, name_key, email, password_hash, unsubscribe_token FROM players WHERE name LIKE 'former player %'",
        )
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
        let former: String = row.get(0);
        assert_eq!(
            row.get::<Option<String>, _>(1).as_deref(),
            Some(former.as_str())
        );
        assert!(row.get::<Option<String>, _>(2).is_none());
        assert_eq!(row.get::<String, _>(3), "!");
        assert!(row.get::<Option<String>, _>(4).is_none());
        assert!(
            mails(&s, "confirm")
                .await
                .iter()
                .all(|(to, _)| to != "red@example.net")
        );
        let credentials: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM credentials c JOIN players p ON p.id = c.player_id WHERE p.name = $1",
        )
        .bind(&former)
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
        assert_eq!(credentials, 0);
        // The finished game keeps the seat under the neutral name; its reports are unchanged.
        let after = s
            .call("GET", &format!("/api/games/{id}"), None, None)
            .await
            .1;
        assert_eq!(before["view"], after["view"]);
        assert_eq!(after["seats"][0]["player"], json!(former));
        let history = Browser::new(&s).get(&format!("/games/{id}/history")).await;
        assert!(!history.html.contains("p-red"), "{}", history.html);
        assert!(history.html.contains(&former), "{}", history.html);
        let (_, record) = s.get_text(&format!("/api/games/{id}/record")).await;
        assert!(!record.contains("p-red") && record.contains(&former));
        // The name is free again.
        s.player("p-red").await;
    }
);

on_both!(
    the_operator_suspends_an_account_and_archives_an_abandoned_game,
    |s: TestServer| async move {
        // The first account is the operator; the page is theirs alone.
        let mut op = Browser::new(&s);
        op.register("op").await;
        // The operator's link is on their profile (the header keeps one row, issue 51).
        let profile = op.get("/profile").await;
        assert!(profile.html.contains(r#"href="/operator""#));
        let page = op.get("/operator").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        for section in ["Health", "Mail that did not get through", "Accounts"] {
            assert!(page.html.contains(section), "{section}: {}", page.html);
        }
        let bob = s.player("bob").await;
        let mut bob_browser = logged_in(&s, "bob").await;
        assert!(
            !bob_browser
                .get("/")
                .await
                .html
                .contains(r#"href="/operator""#)
        );
        assert_eq!(
            bob_browser.get("/operator").await.status,
            StatusCode::NOT_FOUND
        );
        let forged = bob_browser
            .submit(
                "/profile",
                "/operator",
                &[("action", "suspend"), ("name", "op")],
            )
            .await;
        assert_eq!(forged.status, StatusCode::NOT_FOUND);

        // Suspended: the sessions end, the login is refused with the reason.
        let done = op
            .submit(
                "/operator",
                "/operator",
                &[("action", "suspend"), ("name", "BOB")],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        let (status, _) = s.call("GET", "/api/account/mail", Some(&bob), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(!bob_browser.get("/profile").await.html.contains("bob"));
        let (status, body) = login(&s, "bob", PASSWORD).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert!(body.to_string().contains("suspended"), "{body}");
        assert!(
            op.get("/operator?name=b")
                .await
                .html
                .contains("bob · suspended")
        );
        // An operator is not suspended (the server keeps someone who can act).
        let refused = op
            .submit(
                "/operator",
                "/operator",
                &[("action", "suspend"), ("name", "op")],
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.html);
        let lifted = op
            .submit(
                "/operator",
                "/operator",
                &[("action", "lift"), ("name", "bob")],
            )
            .await;
        assert_eq!(lifted.status, StatusCode::SEE_OTHER);
        let (status, body) = login(&s, "bob", PASSWORD).await;
        assert_eq!(status, StatusCode::OK);
        let bob = body["token"].as_str().unwrap().to_string();

        // A game nobody joined for a month is listed, and archived by the operator.
        let (status, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&bob),
                Some(race(&["red", "blue"])),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        assert!(
            !op.get("/operator")
                .await
                .html
                .contains(&format!("/games/{id}\""))
        );
        s.clock.advance(31 * 86_400);
        // A month is longer than a session: the operator logs in again.
        let mut op = logged_in(&s, "op").await;
        let page = op.get("/operator").await;
        assert!(
            page.html.contains(&format!("href=\"/games/{id}\"")),
            "{}",
            page.html
        );
        let id_text = id.to_string();
        let done = op
            .submit(
                "/operator",
                "/operator",
                &[("action", "archive"), ("game", &id_text)],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(game["archived"], json!(true), "{game}");
        assert!(
            !op.get("/operator")
                .await
                .html
                .contains(&format!("href=\"/games/{id}\""))
        );
    }
);

on_both!(
    an_account_is_deleted_through_the_api,
    |s: TestServer| async move {
        // The first account runs the server: it names another operator before it goes.
        let operator = s.player("first").await;
        let (status, body) = s
            .call(
                "POST",
                "/api/account/delete",
                Some(&operator),
                Some(json!({ "password": PASSWORD })),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("operator"),
            "{body}"
        );
        let token = s.player("ann").await;
        let (status, body) = s
            .call(
                "POST",
                "/api/account/delete",
                Some(&token),
                Some(json!({ "password": "wrong password here" })),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("password:"),
            "{body}"
        );
        let (status, body) = s
            .call(
                "POST",
                "/api/account/delete",
                Some(&token),
                Some(json!({ "password": PASSWORD })),
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        let (status, _) = s.call("GET", "/api/account/mail", Some(&token), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(login(&s, "ann", PASSWORD).await.0, StatusCode::UNAUTHORIZED);
    }
);

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
