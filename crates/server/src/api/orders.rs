//! The JSON API's calls for orders: the caller's sealed orders, and sealing or amending them.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use gm::Submission;
use serde_json::Value;

use super::games::sealed_json;
use crate::actions;
use crate::auth::Player;
use crate::error::{ApiResult, Body};
use crate::state::AppState;

/// The caller's own sealed orders, as the engine read them.
pub async fn my_orders(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let table = store::load(&state, id).await?;
    let seat = actions::own_seat(&table, &player)?;
    Ok(Json(sealed_json(&table.record, seat)))
}

/// Seals (or amends) the caller's orders for the coming turn and echoes them as read.
pub async fn submit_orders(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(submission): Body<Submission>,
) -> ApiResult<Json<Value>> {
    let (record, seat) = actions::submit(&state, &player, id, &submission).await?;
    Ok(Json(sealed_json(&record, seat)))
}

/// The routes of orders.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/orders", get(my_orders).post(submit_orders))
}
