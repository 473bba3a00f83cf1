//! Accounts and sessions as an attacker tries them (issue 12), on SQLite and on PostgreSQL:
//! login throttling per account and per address, hashing off the async threads and as long
//! for unknown names, the login redirect kept on the site, names unique whatever their case,
//! password rules, CSRF for cookie-authenticated API writes, security headers, control
//! characters in names and titles, and the bounds of `extend`.

mod guards;
mod names;
mod throttle;

use std::net::SocketAddr;

use crate::common::TestServer;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use server::{AppState, app};
use tower::ServiceExt;

const PASSWORD: &str = "correct horse battery";

/// A login from `peer` (the socket's address as `serve` gives it), with extra headers.
fn login_request(
    name: &str,
    password: &str,
    peer: &str,
    headers: &[(&str, &str)],
) -> Request<Body> {
    let mut request = Request::builder()
        .method("POST")
        .uri("/api/login")
        .header(header::CONTENT_TYPE, "application/json");
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let mut request = request
        .body(Body::from(
            json!({ "name": name, "password": password }).to_string(),
        ))
        .unwrap();
    let peer: SocketAddr = peer.parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(peer));
    request
}

/// Sends a request and returns the whole response's status, headers and JSON body.
async fn send_to(
    state: &AppState,
    request: Request<Body>,
) -> (StatusCode, header::HeaderMap, Value) {
    let response = app(state.clone()).oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (parts.status, parts.headers, body)
}

/// Waits for a condition (not for a time), under a guard that turns a hang into a failure.
async fn until(condition: impl Fn() -> bool) {
    tokio::time::timeout(std::time::Duration::from_secs(30), async {
        while !condition() {
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("the condition is reached");
}

async fn register(s: &TestServer, name: &str) {
    let (status, body) = s
        .call(
            "POST",
            "/api/players",
            None,
            Some(json!({ "name": name, "password": PASSWORD })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

async fn login(
    s: &TestServer,
    name: &str,
    password: &str,
) -> (StatusCode, header::HeaderMap, Value) {
    send_to(
        &s.state,
        login_request(name, password, "192.0.2.1:5000", &[]),
    )
    .await
}
