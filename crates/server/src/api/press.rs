//! The JSON API's press calls (`openapi.json`): a game's press read a page at a time as the
//! caller may read it, a message posted, the GM's hiding and the GM's private-press setting.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use locale::phrase;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions::{self, Draft, PressLine, PressPage, Recipient};
use crate::auth::{MaybePlayer, Player};
use crate::error::{ApiError, ApiResult, Body};
use crate::state::AppState;

/// `?before=ID&limit=N` of `GET /api/games/{id}/press`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PressQuery {
    pub before: Option<i64>,
    pub limit: Option<u32>,
    /// The reader's language: read by [`crate::reader`], and here only so that a page's
    /// language menu (`?lang=ja`) is not refused as an unknown field.
    #[serde(default, rename = "lang")]
    _lang: Option<String>,
}

/// `GET /api/games/{id}/press`: the latest press the caller may read (a spectator: the public
/// press), oldest first.
pub async fn press(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
    Path(id): Path<i64>,
    query: Result<Query<PressQuery>, QueryRejection>,
) -> ApiResult<Json<PressPage>> {
    let Query(query) =
        query.map_err(|e| ApiError::Bad(phrase!("error-query", body_text = e.body_text())))?;
    Ok(Json(
        actions::press_page(&state, player.as_ref(), id, query.before, query.limit).await?,
    ))
}

/// The body of `POST /api/games/{id}/press`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPressBody {
    text: String,
    /// The seats of private press, by number or by seat name; absent or empty: public.
    #[serde(default)]
    to: Vec<SeatRef>,
    /// The GM's announcement (for a GM who also plays a seat).
    #[serde(default)]
    as_gm: bool,
}

/// A seat in `to`: its number, or its name (a seat's name only, never a player's).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum SeatRef {
    Number(u8),
    Name(String),
}

impl From<SeatRef> for Recipient {
    fn from(seat: SeatRef) -> Recipient {
        match seat {
            SeatRef::Number(n) => Recipient::Seat(n),
            SeatRef::Name(name) => Recipient::SeatName(name),
        }
    }
}

/// `POST /api/games/{id}/press`: posts a message.
pub async fn post_press(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(body): Body<NewPressBody>,
) -> ApiResult<(StatusCode, Json<PressLine>)> {
    let draft = Draft {
        text: body.text,
        to: body.to.into_iter().map(Recipient::from).collect(),
        as_gm: body.as_gm,
        source: None,
    };
    let line = actions::post_press(&state, &player, id, &draft).await?;
    Ok((StatusCode::CREATED, Json(line)))
}

/// `POST /api/games/{id}/press/{press}/hide`: the GM hides a message.
pub async fn hide(
    State(state): State<AppState>,
    player: Player,
    Path((id, press)): Path<(i64, i64)>,
) -> ApiResult<Json<Value>> {
    actions::hide_press(&state, &player, id, press).await?;
    Ok(Json(json!({ "hidden": press })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PressSettings {
    private_allowed: bool,
}

/// `POST /api/games/{id}/press/settings`: the GM allows or forbids private press.
pub async fn settings(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(body): Body<PressSettings>,
) -> ApiResult<Json<Value>> {
    actions::set_private_press(&state, &player, id, body.private_allowed).await?;
    Ok(Json(json!({ "private_allowed": body.private_allowed })))
}

/// The routes of press.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/press", get(press).post(post_press))
        .route("/api/games/{id}/press/{press}/hide", post(hide))
        .route("/api/games/{id}/press/settings", post(settings))
}
