//! The examples' HTTP client: requests to a server on loopback, answers as JSON.

use axum::body::Bytes;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

pub type Http = Client<HttpConnector, Full<Bytes>>;

/// A client keeping up to `clients` connections alive, without Nagle's delay.
pub fn http_client(clients: usize) -> Http {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(clients)
        .build(connector)
}

/// A request; the answer's status and body.
pub async fn send(
    http: &Http,
    base: &str,
    method: Method,
    path: &str,
    token: Option<&str>,
    forwarded: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Bytes) {
    let mut request = Request::builder()
        .method(method)
        .uri(format!("{base}{path}"));
    if body.is_some() {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    if let Some(address) = forwarded {
        request = request.header("x-forwarded-for", address);
    }
    let body = body.map_or_else(Bytes::new, |b| Bytes::from(b.to_string()));
    let response = http
        .request(request.body(Full::new(body)).unwrap())
        .await
        .expect("the server answers");
    let status = response.status();
    (
        status,
        response.into_body().collect().await.unwrap().to_bytes(),
    )
}

pub async fn call(
    http: &Http,
    base: &str,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    let (status, bytes) = send(http, base, method, path, token, None, Some(body)).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}
