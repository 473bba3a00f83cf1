//! The JSON API's calls for absences (`openapi.json`): a player's windows away (declare, list,
//! cancel or end early), a game's absent seats and allowance, and the GM's setting of it.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions::{self, AbsenceRequest, AbsenceView, GameAbsences};
use crate::auth::Player;
use crate::error::{ApiResult, Body};
use crate::state::AppState;

/// `GET /api/absences`: the caller's windows not yet over.
pub async fn list(
    State(state): State<AppState>,
    player: Player,
) -> ApiResult<Json<Vec<AbsenceView>>> {
    Ok(Json(actions::absences(&state, &player).await?))
}

/// `POST /api/absences`: declares a window away.
pub async fn declare(
    State(state): State<AppState>,
    player: Player,
    Body(request): Body<AbsenceRequest>,
) -> ApiResult<Json<AbsenceView>> {
    Ok(Json(
        actions::declare_absence(&state, &player, &request).await?,
    ))
}

/// `DELETE /api/absences/{id}`: cancels a window not begun, or ends a running one now.
pub async fn withdraw(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let done = actions::withdraw_absence(&state, &player, id).await?;
    Ok(Json(json!({ "id": id, "done": done })))
}

/// `GET /api/games/{id}/absences`: the game's allowance and its seats away now.
pub async fn game(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> ApiResult<Json<GameAbsences>> {
    let table = store::load(&state, id).await?;
    Ok(Json(actions::game_absences(&state, &table, true).await?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Allowance {
    /// Excused turns per seat's player, 0 to `gm::absence::MAX_ALLOWANCE`.
    allowance: i64,
}

/// `POST /api/games/{id}/absences`: the GM sets the allowance.
pub async fn set_allowance(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(a): Body<Allowance>,
) -> ApiResult<Json<GameAbsences>> {
    actions::set_allowance(&state, &player, id, a.allowance).await?;
    let table = store::load(&state, id).await?;
    Ok(Json(actions::game_absences(&state, &table, true).await?))
}

/// The routes of absences.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/absences", get(list).post(declare))
        .route("/api/absences/{id}", axum::routing::delete(withdraw))
        .route("/api/games/{id}/absences", get(game).post(set_allowance))
}
