//! The JSON API's calls for accounts: registering, logging in and out, tokens for scripts,
//! the account's email address, language and mail choices, and deleting it.

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions::{self, Credentials};
use crate::auth::{self, Player};
use crate::error::{ApiResult, Body};
use crate::state::AppState;
use crate::throttle::ClientAddr;

pub async fn register(
    State(state): State<AppState>,
    Body(c): Body<Credentials>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    actions::register(&state, &c).await?;
    Ok((StatusCode::CREATED, Json(json!({ "name": c.name }))))
}

/// Logs in: a session cookie for browsers and the same secret as a bearer token for scripts,
/// with the number of wrong passwords given for the account since its last login.
pub async fn login(
    State(state): State<AppState>,
    client: ClientAddr,
    Body(c): Body<Credentials>,
) -> ApiResult<Response> {
    let login = actions::login(&state, &c, client).await?;
    let mut response = Json(json!({
        "name": login.name,
        "token": login.secret,
        "failed_attempts": login.failed_attempts,
        "notice": login.notice(crate::reader::lang()),
    }))
    .into_response();
    response
        .headers_mut()
        .insert(SET_COOKIE, auth::session_cookie(&login.secret)?);
    Ok(response)
}

pub async fn logout(State(state): State<AppState>, player: Player) -> ApiResult<Response> {
    auth::revoke(&state, &player.secret).await?;
    let mut response = Json(json!({ "logged_out": player.name })).into_response();
    response
        .headers_mut()
        .insert(SET_COOKIE, auth::session_cookie_cleared());
    Ok(response)
}

/// A long-lived API token for scripts.
pub async fn new_token(
    State(state): State<AppState>,
    player: Player,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let token = auth::issue(&state, player.id, "api").await?;
    Ok((StatusCode::CREATED, Json(json!({ "token": token }))))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Email {
    email: String,
}

/// Gives the caller's account an email address; a confirmation link is mailed to it.
pub async fn set_email(
    State(state): State<AppState>,
    player: Player,
    Body(email): Body<Email>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    actions::set_email(&state, &player, &email.email).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({ "pending": email.email.trim(), "confirm": "open the link mailed to it" })),
    ))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    lang: String,
}

/// Sets the language the caller's mail and reports are written in (`{"lang": "ja"}`).
pub async fn set_lang(
    State(state): State<AppState>,
    player: Player,
    Body(body): Body<Language>,
) -> ApiResult<Json<Value>> {
    let lang = actions::set_lang(&state, &player, &body.lang).await?;
    Ok(Json(json!({ "lang": lang.code() })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Password {
    password: String,
}

/// Deletes the caller's account, the password given again (docs/operations.md, "Deleting an
/// account"); 409 names the running games that still need it.
pub async fn delete_account(
    State(state): State<AppState>,
    player: Player,
    client: crate::throttle::ClientAddr,
    Body(body): Body<Password>,
) -> ApiResult<StatusCode> {
    actions::delete_account(&state, &player, &body.password, client).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailChoiceBody {
    mail_choice: String,
}

/// The caller's mail settings: the confirmed address, one waiting for confirmation, and
/// what is mailed unasked (`every`, `digest` or `none`).
pub async fn mail_profile(
    State(state): State<AppState>,
    player: Player,
) -> ApiResult<Json<actions::MailProfile>> {
    Ok(Json(actions::mail_profile(&state, &player).await?))
}

/// Sets what is mailed unasked: `every`, `digest` or `none`.
pub async fn set_mail_choice(
    State(state): State<AppState>,
    player: Player,
    Body(body): Body<MailChoiceBody>,
) -> ApiResult<Json<actions::MailProfile>> {
    let choice = crate::letters::MailChoice::parse(&body.mail_choice)?;
    actions::set_mail_choice(&state, &player, choice).await?;
    Ok(Json(actions::mail_profile(&state, &player).await?))
}

/// The routes of accounts.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/players", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/tokens", post(new_token))
        .route("/api/account/email", post(set_email))
        .route("/api/account/language", post(set_lang))
        .route("/api/account/delete", post(delete_account))
        .route(
            "/api/account/mail",
            axum::routing::get(mail_profile).post(set_mail_choice),
        )
}
