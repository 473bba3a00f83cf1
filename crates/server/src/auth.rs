//! Accounts, sessions and API tokens. Passwords are hashed with argon2id; sessions (an
//! HttpOnly, SameSite=Lax cookie) and API tokens (`Authorization: Bearer …`) are random
//! secrets stored only as SHA-256 hashes.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::extract::FromRequestParts;
use axum::http::HeaderValue;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::AppState;
use crate::error::{ApiError, ApiResult};

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

/// The value of one cookie of the request.
pub fn cookie(parts: &Parts, name: &str) -> Option<String> {
    parts
        .headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty())
}

/// How expensive password hashing is: the recommended argon2id cost, or a cheap one that
/// tests use (never in production: `serve` always uses `Standard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasswordCost {
    Standard,
    Cheap,
}

fn hasher(cost: PasswordCost) -> Argon2<'static> {
    let params = match cost {
        PasswordCost::Standard => Params::default(),
        PasswordCost::Cheap => Params::new(8, 1, 1, None).expect("valid argon2 parameters"),
    };
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash_password(password: &str, cost: PasswordCost) -> ApiResult<String> {
    hasher(cost)
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| ApiError::Internal(format!("argon2: {e}")))
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A new random secret: 32 bytes from the operating system, hex-encoded.
pub fn new_secret() -> ApiResult<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("getrandom: {e}")))?;
    Ok(hex(&bytes))
}

pub fn secret_hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A checked player name: 1–32 letters, digits, `-`, `_` or `.`.
pub fn check_name(name: &str) -> ApiResult<()> {
    if name.is_empty()
        || name.len() > 32
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(ApiError::Bad(format!(
            "name: {name:?} must be 1-32 letters, digits, '-', '_' or '.'"
        )));
    }
    Ok(())
}

pub fn check_password(password: &str) -> ApiResult<()> {
    if !(8..=256).contains(&password.chars().count()) {
        return Err(ApiError::Bad(
            "password: must be 8 to 256 characters".into(),
        ));
    }
    Ok(())
}

/// Stores a new credential for the player and returns its secret.
pub async fn issue(state: &AppState, player_id: i64, kind: &str) -> ApiResult<String> {
    let secret = new_secret()?;
    let now = state.clock.now();
    let expires = (kind == "session").then_some(now + SESSION_SECONDS);
    sqlx::query(
        "INSERT INTO credentials (token_hash, player_id, kind, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(secret_hash(&secret))
    .bind(player_id)
    .bind(kind)
    .bind(now)
    .bind(expires)
    .execute(&state.db.pool)
    .await?;
    Ok(secret)
}

pub async fn revoke(state: &AppState, secret: &str) -> ApiResult<()> {
    sqlx::query("DELETE FROM credentials WHERE token_hash = $1")
        .bind(secret_hash(secret))
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// The logged-in player making a request.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: i64,
    pub name: String,
    /// The secret the request carried (to log it out).
    pub secret: String,
}

/// The request's secret: a bearer token, else the session cookie.
fn secret_of(parts: &Parts) -> Option<String> {
    if let Some(value) = parts.headers.get(AUTHORIZATION) {
        return value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string());
    }
    cookie(parts, SESSION_COOKIE)
}

/// The player a secret belongs to, if it is known and not expired.
pub async fn player_for(state: &AppState, secret: &str) -> ApiResult<Option<Player>> {
    let row = sqlx::query(
        "SELECT p.id, p.name FROM credentials c JOIN players p ON p.id = c.player_id \
         WHERE c.token_hash = $1 AND (c.expires_at IS NULL OR c.expires_at > $2)",
    )
    .bind(secret_hash(secret))
    .bind(state.clock.now())
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.map(|row| Player {
        id: row.get(0),
        name: row.get(1),
        secret: secret.to_string(),
    }))
}

impl FromRequestParts<AppState> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Player> {
        let Some(secret) = secret_of(parts) else {
            return Err(ApiError::Unauthorized(
                "authorization: log in, or send Authorization: Bearer TOKEN".into(),
            ));
        };
        player_for(state, &secret)
            .await?
            .ok_or_else(|| ApiError::Unauthorized("authorization: unknown or expired token".into()))
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
