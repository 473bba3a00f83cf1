//! Cookies over https: every cookie a response sets is marked `Secure` when the request came
//! over https, so that a browser never sends the session over plain http, where anyone on the
//! way could read it. Over plain http (a server on a private network) they stay as they are,
//! or no browser would keep them.

use axum::extract::{Request, State};
use axum::http::header::{Entry, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;
use crate::state::Config;

/// Whether the request reached the server over https: the server's public address is https
/// (`Config::public_url`), or the reverse proxy trusted with the client's address
/// (`Config::trust_forwarded_for`) says so in the last `X-Forwarded-Proto` entry (the one it
/// set; earlier ones are the client's to forge).
pub fn over_https(config: &Config, headers: &HeaderMap) -> bool {
    let public = config
        .public_url
        .as_deref()
        .is_some_and(|url| url.trim().to_ascii_lowercase().starts_with("https://"));
    let forwarded = config.trust_forwarded_for
        && headers
            .get_all("x-forwarded-proto")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .next_back()
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
    public || forwarded
}

/// Marks every cookie a response sets `Secure` when the request came over https
/// ([`over_https`]).
pub async fn secure_cookies(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let secure = over_https(&state.config, request.headers());
    let mut response = next.run(request).await;
    if secure && let Entry::Occupied(mut cookies) = response.headers_mut().entry(SET_COOKIE) {
        for value in cookies.iter_mut() {
            let marked = value
                .to_str()
                .ok()
                .filter(|v| {
                    !v.split(';')
                        .any(|a| a.trim().eq_ignore_ascii_case("secure"))
                })
                .and_then(|v| HeaderValue::from_str(&format!("{v}; Secure")).ok());
            if let Some(marked) = marked {
                *value = marked;
            }
        }
    }
    response
}
