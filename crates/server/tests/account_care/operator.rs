//! The operator (the first account) suspends an account and archives an abandoned game.

use super::{PASSWORD, logged_in, login};
use crate::common::{Backend, Browser, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;

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
