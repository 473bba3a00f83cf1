//! The JSON API's calls for the caller's seat in a game: the language its mail is written in
//! and its secret order address.

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use locale::phrase;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions;
use crate::auth::Player;
use crate::error::{ApiError, ApiResult, Body};
use crate::state::AppState;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatLanguage {
    lang: Option<String>,
}

/// Sets the language the caller's seat in a game gets its mail in (`{"lang": "ja"}`), or
/// `{"lang": null}` for the account's.
pub async fn set_seat_lang(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(body): Body<SeatLanguage>,
) -> ApiResult<Json<Value>> {
    let lang = actions::set_seat_lang(&state, &player, id, body.lang.as_deref()).await?;
    Ok(Json(json!({ "lang": lang.map(|l| l.code()) })))
}

/// The caller's seat's order address in this game (`GET`), or a new one (`POST`: the old one
/// stops working).
pub async fn mail_address(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let settings = mail_settings(&state)?;
    let table = store::load(&state, id).await?;
    let seat = actions::own_seat(&table, &player)?;
    let secret = table.seats[seat.index()]
        .mail_secret
        .clone()
        .ok_or_else(|| ApiError::Internal(format!("game {id}: seat {} has no secret", seat.0)))?;
    Ok(Json(json!({ "address": settings.order_address(&secret) })))
}

pub async fn rotate_mail_address(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let settings = mail_settings(&state)?;
    let secret = actions::rotate_mail_secret(&state, &player, id).await?;
    Ok(Json(json!({ "address": settings.order_address(&secret) })))
}

fn mail_settings(state: &AppState) -> ApiResult<&crate::sender::MailSettings> {
    state
        .mail
        .as_deref()
        .ok_or_else(|| ApiError::Bad(phrase!("error-mail-off")))
}

/// The routes of seats.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/language", post(set_seat_lang))
        .route(
            "/api/games/{id}/mail-address",
            get(mail_address).post(rotate_mail_address),
        )
}
