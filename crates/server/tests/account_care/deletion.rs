//! An account its owner deletes, on the profile page or through the API: its seats in finished
//! games under a neutral name, its address and secrets erased.

use super::{PASSWORD, logged_in, login, mails, play_out};
use crate::common::{Backend, Browser, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use sqlx::Row;

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
