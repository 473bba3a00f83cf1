//! Accounts, sessions and API tokens. Passwords are hashed with argon2id; sessions (an
//! HttpOnly, SameSite=Lax cookie) and API tokens (`Authorization: Bearer …`) are random
//! secrets stored only as SHA-256 hashes. Hashing runs on tokio's blocking threads, a few at
//! a time (`Hasher`), so that a flood of logins slows logins and nothing else.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, HOST, ORIGIN};
use axum::http::request::Parts;
use axum::http::{HeaderName, HeaderValue};
use locale::phrase;
use sha2::{Digest, Sha256};
use std::net::SocketAddr;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::throttle::{self, ClientAddr};

pub const SESSION_COOKIE: &str = "postrider_session";
/// Sessions last thirty days.
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;
/// The browser's form secret: HTML forms carry a token derived from it (CSRF protection).
pub const FORM_COOKIE: &str = "postrider_form";

/// The `Set-Cookie` value that opens a browser session.
pub fn session_cookie(secret: &str) -> ApiResult<HeaderValue> {
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_SECONDS}"
    ))
    .map_err(|e| ApiError::Internal(e.to_string()))
}

/// The `Set-Cookie` value that ends a browser session.
pub fn session_cookie_cleared() -> HeaderValue {
    HeaderValue::from_static("postrider_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}

/// The `Set-Cookie` value that gives a browser its form secret (for as long as it keeps it).
pub fn form_cookie(secret: &str) -> ApiResult<HeaderValue> {
    HeaderValue::from_str(&format!(
        "{FORM_COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000"
    ))
    .map_err(|e| ApiError::Internal(e.to_string()))
}

/// The token a form must carry when the browser's form secret is `secret`. Another site can
/// make the browser send the cookie but can neither read it nor compute the token.
pub fn csrf_token(form_secret: &str) -> String {
    hex(&Sha256::digest(format!("postrider-csrf:{form_secret}")))
}

pub use store::secrets::new_secret;

pub fn secret_hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A checked player name: 1–32 letters, digits, `-`, `_` or `.` (ASCII: no look-alike
/// letters from other scripts, no control characters).
pub fn check_name(name: &str) -> ApiResult<()> {
    if store::players::name_key(name).is_none() {
        return Err(ApiError::Bad(phrase!(
            "error-name-invalid",
            string = name.chars().take(40).collect::<String>()
        )));
    }
    Ok(())
}

pub use store::players::name_key;

/// Stores a new credential for the player and returns its secret.
pub async fn issue(state: &AppState, player_id: i64, kind: &str) -> ApiResult<String> {
    let secret = new_secret()?;
    let now = state.clock.now();
    let expires = (kind == "session").then_some(now + SESSION_SECONDS);
    store::sessions::insert(state, &secret_hash(&secret), player_id, kind, now, expires).await?;
    Ok(secret)
}

pub async fn revoke(state: &AppState, secret: &str) -> ApiResult<()> {
    store::sessions::delete(state, &secret_hash(secret)).await?;
    Ok(())
}

/// The logged-in player making a request.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: i64,
    pub name: String,
    /// The time zone the player reads deadlines in (profile; `None`: UTC).
    pub time_zone: Option<String>,
    /// The secret the request carried (to log it out).
    pub secret: String,
    /// Where the echo of orders sent on the web goes: the confirmed address, unless the
    /// player wants no mail (`None`).
    pub echo_to: Option<String>,
    /// Whether the player runs the server (docs/operations.md, "The operator").
    pub operator: bool,
    /// The language the player chose on their profile (`None`: not chosen; the browser's).
    pub lang: Option<locale::Lang>,
}

/// Where a request's secret came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Carrier {
    Bearer,
    Cookie,
}

/// The request's secret: a bearer token, else the session cookie.
fn secret_of(parts: &Parts) -> Option<(String, Carrier)> {
    if let Some(value) = parts.headers.get(AUTHORIZATION) {
        return value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| (t.trim().to_string(), Carrier::Bearer));
    }
    crate::reader::cookie(parts, SESSION_COOKIE).map(|c| (c, Carrier::Cookie))
}

/// Refuses a cookie-authenticated write that another site could have made the browser send
/// (CSRF): it must be JSON (`Content-Type: application/json`, which a page on another site
/// cannot send without the CORS preflight this server never grants), and what the browser
/// says of its origin (`Sec-Fetch-Site`, `Origin`), when it says it, must be this site.
/// Bearer tokens are exempt: no browser sends them on its own.
fn check_same_site(parts: &Parts) -> ApiResult<()> {
    let refuse = |why: &str| {
        Err(ApiError::Forbidden(phrase!(
            "error-csrf-cookie-write",
            why = why
        )))
    };
    let header = |name| parts.headers.get(name).and_then(|v| v.to_str().ok());
    let json = header(CONTENT_TYPE).is_some_and(|t| {
        t.split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
    });
    if !json {
        return refuse("not JSON");
    }
    if let Some(site) = header(HeaderName::from_static("sec-fetch-site"))
        && !matches!(site, "same-origin" | "none")
    {
        return refuse(&format!("Sec-Fetch-Site is {site:?}"));
    }
    if let Some(origin) = header(ORIGIN) {
        let origin_host = origin.split_once("://").map(|(_, h)| h);
        if origin_host.is_none() || origin_host != header(HOST) {
            return refuse(&format!("Origin {origin:?} is another site"));
        }
    }
    Ok(())
}

/// The player a secret belongs to, if it is known and not expired. Every request's read of
/// its session goes through the process's group read (`store::sessions::Sessions`): one
/// query answers all those waiting.
pub async fn player_for(state: &AppState, secret: &str) -> ApiResult<Option<Player>> {
    let found = state.sessions.get(&state.db, secret_hash(secret)).await?;
    crate::reader::chosen(found.as_ref().and_then(|s| s.lang));
    Ok(found.map(|s| Player {
        id: s.id,
        name: s.name,
        time_zone: s.time_zone,
        secret: secret.to_string(),
        echo_to: s.echo_to,
        operator: s.operator,
        lang: s.lang,
    }))
}

impl FromRequestParts<AppState> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Player> {
        let Some((secret, carrier)) = secret_of(parts) else {
            return Err(ApiError::Unauthorized(phrase!(
                "error-authorization-missing"
            )));
        };
        if carrier == Carrier::Cookie && !parts.method.is_safe() {
            check_same_site(parts)?;
        }
        player_for(state, &secret)
            .await?
            .ok_or_else(|| ApiError::Unauthorized(phrase!("error-authorization-unknown")))
    }
}

/// The player making a request, if anyone is logged in (public pages and answers).
#[derive(Clone, Debug)]
pub struct MaybePlayer(pub Option<Player>);

impl FromRequestParts<AppState> for MaybePlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<MaybePlayer> {
        match secret_of(parts) {
            None => Ok(MaybePlayer(None)),
            // A bad token is an error, not silently a stranger: scripts learn it at once.
            Some(_) => Player::from_request_parts(parts, state)
                .await
                .map(|p| MaybePlayer(Some(p))),
        }
    }
}

/// The client's address, read as `Config::trust_forwarded_for` says.
impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<ClientAddr, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip());
        let forwarded = state
            .config
            .trust_forwarded_for
            .then(|| throttle::forwarded_for(parts))
            .flatten();
        Ok(ClientAddr(forwarded.or(peer).map(throttle::network)))
    }
}
