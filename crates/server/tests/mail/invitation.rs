//! The GM mails an invitation to a seat.

use super::{outbox, settings};
use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;

on_both!(the_gm_mails_an_invitation, |s: TestServer| async move {
    let gm = s.player("gm").await;
    let (_, created) = s
        .call(
            "POST",
            "/api/games",
            Some(&gm),
            Some(race(&["red", "blue"])),
        )
        .await;
    let id = created["id"].as_i64().unwrap();
    let invite = json!({"action": "invite", "seat": 1, "email": "friend@example.org"});
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(invite.clone()),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "mail is off: {body}");
    let mut s = s;
    s.state = s.state.clone().with_mail(settings());
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(invite),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (kind, to, _, subject, body) = outbox(&s).await.pop().unwrap();
    assert_eq!(
        (kind.as_str(), to.as_str()),
        ("invitation", "friend@example.org")
    );
    assert_eq!(subject, "Tour de Test: an invitation to play blue");
    let link = format!(
        "https://club.example/games/{id}/join?invite={}",
        created["invites"][1]["invite"].as_str().unwrap()
    );
    assert!(body.contains(&link), "{body}");
    // A GM who reads Japanese invites in Japanese (the address may belong to nobody yet).
    let (status, _) = s
        .call(
            "POST",
            "/api/account/language",
            Some(&gm),
            Some(json!({"lang": "ja"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(json!({"action": "invite", "seat": 0, "email": "tomo@example.jp"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, to, _, subject, body) = outbox(&s).await.pop().unwrap();
    assert_eq!(to, "tomo@example.jp");
    assert_eq!(subject, "Tour de Test：redとしての参加のご招待");
    assert!(
        body.starts_with("gmさんから、postrider で行われるブレイキング・アウェイのゲーム「Tour de Test」に、チーム「red」として参加するご招待です。"),
        "{body}"
    );
    assert!(body.contains("/join?invite="), "{body}");
    s.call(
        "POST",
        "/api/account/language",
        Some(&gm),
        Some(json!({"lang": "en"})),
    )
    .await;
    // Only the GM invites, and only to an open seat with a real address.
    let (status, _) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(json!({"action": "invite", "seat": 0, "email": "not an address"})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // The console offers the form for open seats.
    let mut browser = crate::common::Browser::new(&s);
    let (_, login) = s
        .call(
            "POST",
            "/api/login",
            None,
            Some(json!({"name": "gm", "password": "correct horse battery"})),
        )
        .await;
    browser.cookies.insert(
        server::auth::SESSION_COOKIE.into(),
        login["token"].as_str().unwrap().into(),
    );
    let console = browser.get(&format!("/games/{id}/gm")).await;
    assert!(
        console.html.contains("Mail the invitation"),
        "{}",
        console.html
    );
});
