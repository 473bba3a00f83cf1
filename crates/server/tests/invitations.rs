//! Invitations end with their game (issue 50): one never used put a stranger in a finished
//! game's seat — their profile showed the winner's place and the public record gained an entry
//! after the end. Once the game is over, or while it is archived, an invitation is refused with
//! one line saying why, by the API and the form, and the GM's console offers none.

use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// A Goofspiel game of five cards a hand, for two.
fn five_cards() -> Value {
    json!({
        "title": "Cards",
        "game": "goofspiel",
        "settings": {"cards": "5"},
        "seats": ["north", "south"],
        "deadline": { "every": "interval", "seconds": 86400 },
    })
}

/// A game whose north seat is taken (and handed to a bot) and whose south seat's invitation is
/// not used: (game id, GM token, south's invitation).
async fn half_seated(s: &TestServer) -> (i64, String, String) {
    let gm = s.player("gm").await;
    let (status, created) = s
        .call("POST", "/api/games", Some(&gm), Some(five_cards()))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    let north = s.player("p-north").await;
    let (status, body) = join(s, id, &north, &created["invites"][0]["invite"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    s.bot_seats(id, &gm, 0..1, "random").await;
    let invite = created["invites"][1]["invite"]
        .as_str()
        .unwrap()
        .to_string();
    (id, gm, invite)
}

async fn join(s: &TestServer, id: i64, token: &str, invite: &Value) -> (StatusCode, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/join"),
        Some(token),
        Some(json!({ "invite": invite })),
    )
    .await
}

async fn gm_action(s: &TestServer, id: i64, gm: &str, action: &str) {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(gm),
            Some(json!({ "action": action })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{action}: {body}");
}

/// Plays the game's deadlines until it is over.
async fn play_out(s: &TestServer, id: i64) {
    for _ in 0..50 {
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        if game["over"] == json!(true) {
            return;
        }
        s.clock.advance(86_400);
        server::games::process_due(&s.state).await.unwrap();
    }
    panic!("game {id} did not end");
}

/// The stranger's tries at the invitation, by the API and by the form: each refused with the
/// one line that contains `why`.
async fn refused(s: &TestServer, id: i64, stranger: &str, invite: &str, why: &str) {
    let (status, body) = join(s, id, stranger, &json!(invite)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.starts_with("invite: ") && error.contains(why),
        "{error}"
    );
    let mut browser = Browser::new(s);
    browser.login("stranger").await;
    let path = format!("/games/{id}/join?invite={invite}");
    let page = browser.get(&path).await;
    assert_eq!(page.status, StatusCode::CONFLICT, "{}", page.html);
    assert!(page.html.contains(why), "{}", page.html);
    assert!(
        !page.html.contains("<strong>south</strong>"),
        "{}",
        page.html
    );
    let csrf = page.csrf();
    let page = browser
        .post_raw(
            &format!("/games/{id}/join"),
            &[("csrf", &csrf), ("invite", invite)],
        )
        .await;
    assert_eq!(page.status, StatusCode::CONFLICT, "{}", page.html);
    assert!(page.html.contains(why), "{}", page.html);
    // The login page no longer says the invitation is waiting.
    let login = Browser::new(s)
        .get(&format!("/login?next=/games/{id}/join%3Finvite%3D{invite}"))
        .await;
    assert!(!login.html.contains(r#"id="invited""#), "{}", login.html);
}

on_both!(
    an_unused_invitation_ends_with_the_game,
    |s: TestServer| async move {
        let (id, gm, invite) = half_seated(&s).await;
        gm_action(&s, id, &gm, "start").await;
        play_out(&s, id).await;
        let stranger = s.player("stranger").await;
        let profile_path = "/api/players/stranger";
        let profile_before = s.call("GET", profile_path, None, None).await.1;
        assert!(profile_before["games"].as_array().unwrap().is_empty());
        let (status, record_before) = s.get_text(&format!("/api/games/{id}/record")).await;
        assert_eq!(status, StatusCode::OK);

        refused(
            &s,
            id,
            &stranger,
            &invite,
            "is over; its invitations have ended",
        )
        .await;

        // Nothing changed: the stranger has no place in the game, its record no new entry.
        assert_eq!(
            s.call("GET", profile_path, None, None).await.1,
            profile_before
        );
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert!(game["seats"][1]["player"].is_null(), "{game}");
        let (_, record_after) = s.get_text(&format!("/api/games/{id}/record")).await;
        assert_eq!(record_after, record_before);
        assert!(!record_after.contains("stranger"));
        // The console offers no invitation links any more.
        let mut browser = Browser::new(&s);
        browser.login("gm").await;
        let console = browser.get(&format!("/games/{id}/gm")).await;
        assert_eq!(console.status, StatusCode::OK);
        assert!(!console.html.contains("join?invite="), "{}", console.html);
    }
);

on_both!(
    an_archived_games_invitations_wait_until_it_is_put_back,
    |s: TestServer| async move {
        let (id, gm, invite) = half_seated(&s).await;
        gm_action(&s, id, &gm, "archive").await;
        let stranger = s.player("stranger").await;
        refused(&s, id, &stranger, &invite, "is archived").await;
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert!(game["seats"][1]["player"].is_null(), "{game}");
        // Put back, the game goes on, and its invitations with it.
        gm_action(&s, id, &gm, "restore").await;
        let (status, body) = join(&s, id, &stranger, &json!(invite)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
);
