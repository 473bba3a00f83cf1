//! Absences (issue 35): a player away has their seat played at each deadline by the rules' NMR
//! default or the bot they chose, logged so that a replay reproduces the game; those turns
//! count against the game's allowance and, within it, are excused from the on-time record
//! (which matches a plain reading of the log); past the allowance the turn is an NMR; a window
//! for all games covers each of them; once the window ends the player's own orders count; and
//! bad declarations are refused with one line naming the field.

mod deadlines;
mod declaring;

use crate::common::*;
use axum::http::StatusCode;
use gm::Event;
use serde_json::{Value, json};

const DAY: i64 = 86_400;

async fn log(s: &TestServer, id: i64) -> Vec<Event> {
    server::store::events(&s.state, id)
        .await
        .unwrap()
        .into_iter()
        .map(|(_, _, _, e)| e)
        .collect()
}

/// The entries of the log after its `from`th.
async fn log_since(s: &TestServer, id: i64, from: usize) -> Vec<Event> {
    log(s, id).await.split_off(from)
}

async fn call_ok(
    s: &TestServer,
    method: &str,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> Value {
    let (status, answer) = s.call(method, path, Some(token), body).await;
    assert_eq!(status, StatusCode::OK, "{method} {path}: {answer}");
    answer
}

async fn resolve(s: &TestServer, id: i64, gm: &str) {
    call_ok(
        s,
        "POST",
        &format!("/api/games/{id}/gm"),
        gm,
        Some(json!({"action": "resolve"})),
    )
    .await;
}

/// Logs `name` in through the form.
async fn log_in(browser: &mut Browser<'_>, name: &str) {
    let page = browser
        .submit(
            "/login",
            "/login",
            &[
                ("name", name),
                ("password", "correct horse battery"),
                ("next", "/"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
}

/// An instant as the API takes it.
fn rfc3339(seconds: i64) -> String {
    jiff::Timestamp::from_second(seconds).unwrap().to_string()
}

/// (seated, sent, nmr, excused) of `player`'s profile.
async fn on_time(s: &TestServer, player: &str) -> (u64, u64, u64, u64) {
    let (status, p) = s
        .call("GET", &format!("/api/players/{player}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{p}");
    let t = &p["on_time"];
    let n = |k: &str| t[k].as_u64().unwrap_or_else(|| panic!("{k}: {p}"));
    (n("seated"), n("sent"), n("nmr"), n("excused"))
}

/// Each seat's excused turns read plainly from a log with no roll-back: every `away` entry
/// that says excused, counted for its seat.
fn plainly_excused(log: &[Event], seat: u8) -> u64 {
    log.iter()
        .filter(|e| matches!(e, Event::Away { seat: s, excused: true, .. } if s.0 == seat))
        .count() as u64
}
